//! OFX statements, 1.x (SGML: `<TAG>value` without closing tags) and 2.x (XML): each
//! `STMTTRN`'s DTPOSTED, TRNAMT, NAME, MEMO, CHECKNUM/REFNUM/FITID; the period of
//! BANKTRANLIST (DTSTART, DTEND) and the closing balance of LEDGERBAL.

use chrono::NaiveDate;
use daftar_domain::banque::releves::{LigneReleve, SeparateurDecimal};
use daftar_domain::Montant;

use super::montant::lire_montant;
use super::{texte_ligne, ErreurReleve};

pub(super) struct OfxLu {
    pub lignes: Vec<LigneReleve>,
    pub periode: Option<(NaiveDate, NaiveDate)>,
    pub solde_cloture: Option<Montant>,
}

/// The value of the first `<TAG>` in `bloc`: the text after it up to the next tag or line end.
fn valeur<'a>(bloc: &'a str, majuscules: &str, tag: &str) -> Option<&'a str> {
    let ouvrant = format!("<{tag}>");
    let debut = majuscules.find(&ouvrant)? + ouvrant.len();
    let reste = &bloc[debut..];
    let fin = reste.find(['<', '\n', '\r']).unwrap_or(reste.len());
    Some(reste[..fin].trim()).filter(|v| !v.is_empty())
}

/// An OFX date: `YYYYMMDD`, maybe followed by a time and a zone.
fn date_ofx(texte: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(texte.get(..8)?, "%Y%m%d").ok()
}

/// An OFX amount: a dot decimal, or a comma one when the bank writes no dot.
fn montant_ofx(texte: &str) -> Result<Option<i64>, String> {
    let separateur = if texte.contains(',') && !texte.contains('.') {
        SeparateurDecimal::Virgule
    } else {
        SeparateurDecimal::Point
    };
    lire_montant(texte, separateur)
}

fn numero_de_ligne(texte: &str, position: usize) -> u32 {
    texte[..position].matches('\n').count() as u32 + 1
}

pub(super) fn lire(texte: &str) -> Result<OfxLu, ErreurReleve> {
    // Tags are case-insensitive; an uppercase copy keeps the byte positions of ASCII tags (a
    // non-ASCII character changing length under uppercase would shift them: such a file is
    // read as its ASCII uppercase only).
    let majuscules = texte.to_ascii_uppercase();
    let mut lignes = Vec::new();
    let mut position = 0;
    while let Some(trouve) = majuscules[position..].find("<STMTTRN>") {
        let debut = position + trouve;
        let fin = majuscules[debut..]
            .find("</STMTTRN>")
            .map(|f| debut + f)
            .or_else(|| {
                majuscules[debut + 9..]
                    .find("<STMTTRN>")
                    .map(|f| debut + 9 + f)
            })
            .or_else(|| {
                majuscules[debut..]
                    .find("</BANKTRANLIST>")
                    .map(|f| debut + f)
            })
            .unwrap_or(texte.len());
        let bloc = &texte[debut..fin];
        let bloc_maj = &majuscules[debut..fin];
        let ligne = numero_de_ligne(texte, debut);
        let invalide = |raison: String| ErreurReleve::LigneInvalide { ligne, raison };
        let date =
            valeur(bloc, bloc_maj, "DTPOSTED").ok_or_else(|| invalide("DTPOSTED absent".into()))?;
        let date = date_ofx(date).ok_or_else(|| invalide(format!("date illisible: {date}")))?;
        let montant =
            valeur(bloc, bloc_maj, "TRNAMT").ok_or_else(|| invalide("TRNAMT absent".into()))?;
        let montant = montant_ofx(montant)
            .map_err(invalide)?
            .ok_or_else(|| invalide("montant absent".into()))?;
        let nom = valeur(bloc, bloc_maj, "NAME");
        let memo = valeur(bloc, bloc_maj, "MEMO");
        let libelle = match (nom, memo) {
            (Some(n), Some(m)) if n != m => format!("{n} {m}"),
            (Some(n), _) => n.to_owned(),
            (None, Some(m)) => m.to_owned(),
            (None, None) => "—".to_owned(),
        };
        let reference = ["CHECKNUM", "REFNUM", "FITID"]
            .iter()
            .find_map(|tag| valeur(bloc, bloc_maj, tag))
            .map(texte_ligne);
        lignes.push(LigneReleve {
            numero: lignes.len() as u32 + 1,
            date,
            libelle: texte_ligne(&decoder_entites(&libelle)),
            montant: Montant::from_millimes(montant),
            reference,
        });
        position = fin.max(debut + 1);
    }
    if lignes.is_empty() {
        return Err(ErreurReleve::Illisible(
            "le relevé OFX ne contient aucune opération".into(),
        ));
    }
    let periode = match (
        valeur(texte, &majuscules, "DTSTART").and_then(date_ofx),
        valeur(texte, &majuscules, "DTEND").and_then(date_ofx),
    ) {
        (Some(du), Some(au)) if du <= au => Some((du, au)),
        _ => None,
    };
    let solde_cloture = match majuscules.find("<LEDGERBAL>") {
        Some(debut) => {
            let bloc = &texte[debut..];
            match valeur(bloc, &majuscules[debut..], "BALAMT") {
                Some(solde) => montant_ofx(solde)
                    .map_err(|raison| ErreurReleve::LigneInvalide {
                        ligne: numero_de_ligne(texte, debut),
                        raison,
                    })?
                    .map(Montant::from_millimes),
                None => None,
            }
        }
        None => None,
    };
    Ok(OfxLu {
        lignes,
        periode,
        solde_cloture,
    })
}

/// The XML entities an OFX 2 text may hold.
fn decoder_entites(texte: &str) -> String {
    texte
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}
