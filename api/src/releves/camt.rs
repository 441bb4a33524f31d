//! ISO 20022 camt.053 statements (BkToCstmrStmt): each `Ntry`'s Amt and CdtDbtInd, BookgDt
//! (else ValDt), the transaction's EndToEndId (else AcctSvcrRef) and its remittance text; the
//! statement's period (FrToDt) and balances (Bal OPBD/PRCD, CLBD).

use chrono::NaiveDate;
use daftar_domain::banque::releves::{LigneReleve, SeparateurDecimal};
use daftar_domain::Montant;
use roxmltree::{Document, Node};

use super::montant::lire_montant;
use super::{texte_ligne, ErreurReleve};

pub(super) struct CamtLu {
    pub lignes: Vec<LigneReleve>,
    pub periode: Option<(NaiveDate, NaiveDate)>,
    pub solde_ouverture: Option<Montant>,
    pub solde_cloture: Option<Montant>,
}

fn enfant<'a, 'i>(node: Node<'a, 'i>, nom: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|n| n.is_element() && n.tag_name().name() == nom)
}

fn chemin<'a, 'i>(node: Node<'a, 'i>, noms: &[&str]) -> Option<Node<'a, 'i>> {
    noms.iter().try_fold(node, |n, nom| enfant(n, nom))
}

fn texte<'a>(node: Option<Node<'a, '_>>) -> Option<&'a str> {
    node.and_then(|n| n.text())
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// `Dt` or `DtTm` under a date element.
fn date(node: Option<Node>) -> Option<NaiveDate> {
    let node = node?;
    let texte = texte(enfant(node, "Dt")).or_else(|| texte(enfant(node, "DtTm")))?;
    NaiveDate::parse_from_str(texte.get(..10)?, "%Y-%m-%d").ok()
}

/// An amount under `node` (`Amt`) signed by `CdtDbtInd` (DBIT: money out).
fn montant_signe(node: Node) -> Result<i64, String> {
    let texte_montant = texte(enfant(node, "Amt")).ok_or("Amt absent")?;
    let montant = lire_montant(texte_montant, SeparateurDecimal::Point)?
        .ok_or("montant absent")?
        .abs();
    match texte(enfant(node, "CdtDbtInd")) {
        Some("DBIT") => Ok(-montant),
        Some("CRDT") => Ok(montant),
        autre => Err(format!("sens illisible: {}", autre.unwrap_or("absent"))),
    }
}

pub(super) fn lire(xml: &str) -> Result<CamtLu, ErreurReleve> {
    let document =
        Document::parse(xml).map_err(|e| ErreurReleve::Illisible(format!("XML illisible: {e}")))?;
    let ligne_de = |node: Node| document.text_pos_at(node.range().start).row;
    let mut lignes = Vec::new();
    let mut solde_ouverture = None;
    let mut solde_cloture = None;
    let mut debut = None;
    let mut fin = None;
    for stmt in document
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "Stmt")
    {
        if let Some(periode) = enfant(stmt, "FrToDt") {
            let jour = |nom: &str| {
                texte(enfant(periode, nom))
                    .and_then(|t| t.get(..10))
                    .and_then(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").ok())
            };
            debut = debut.or(jour("FrDtTm"));
            fin = jour("ToDtTm").or(fin);
        }
        for bal in stmt.children().filter(|n| n.tag_name().name() == "Bal") {
            let code = texte(chemin(bal, &["Tp", "CdOrPrtry", "Cd"]));
            let montant = montant_signe(bal).map_err(|raison| ErreurReleve::LigneInvalide {
                ligne: ligne_de(bal),
                raison,
            })?;
            match code {
                Some("OPBD") | Some("PRCD") => {
                    solde_ouverture = solde_ouverture.or(Some(Montant::from_millimes(montant)))
                }
                Some("CLBD") => solde_cloture = Some(Montant::from_millimes(montant)),
                _ => {}
            }
        }
        for ntry in stmt.children().filter(|n| n.tag_name().name() == "Ntry") {
            let ligne = ligne_de(ntry);
            let invalide = |raison: String| ErreurReleve::LigneInvalide { ligne, raison };
            let montant = montant_signe(ntry).map_err(invalide)?;
            let jour = date(enfant(ntry, "BookgDt"))
                .or_else(|| date(enfant(ntry, "ValDt")))
                .ok_or_else(|| invalide("date absente ou illisible".into()))?;
            let details = chemin(ntry, &["NtryDtls", "TxDtls"]);
            let bout_en_bout = details
                .and_then(|d| texte(chemin(d, &["Refs", "EndToEndId"])))
                .filter(|r| *r != "NOTPROVIDED");
            let cheque = details.and_then(|d| texte(chemin(d, &["Refs", "ChqNb"])));
            let reference = cheque
                .or(bout_en_bout)
                .or_else(|| texte(enfant(ntry, "AcctSvcrRef")))
                .map(texte_ligne);
            let libelle = details
                .and_then(|d| texte(chemin(d, &["RmtInf", "Ustrd"])))
                .or_else(|| texte(enfant(ntry, "AddtlNtryInf")))
                .or_else(|| details.and_then(|d| texte(enfant(d, "AddtlTxInf"))))
                .unwrap_or("—");
            lignes.push(LigneReleve {
                numero: lignes.len() as u32 + 1,
                date: jour,
                libelle: texte_ligne(libelle),
                montant: Montant::from_millimes(montant),
                reference,
            });
        }
    }
    if lignes.is_empty() {
        return Err(ErreurReleve::Illisible(
            "le relevé camt.053 ne contient aucune écriture".into(),
        ));
    }
    let periode = match (debut, fin) {
        (Some(du), Some(au)) if du <= au => Some((du, au)),
        _ => None,
    };
    Ok(CamtLu {
        lignes,
        periode,
        solde_ouverture,
        solde_cloture,
    })
}
