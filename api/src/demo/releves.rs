//! The demo's bank statement: last month's statement of the main account imported, as the bank
//! would give it (each movement of the books the bank booked a day or two later, and the
//! month's fees the books do not know yet), matched like any import: most lines pointed, the
//! fees left without a match for the treasurer to record in one action. Recorded once: an
//! account that has a statement is left as it is.

use chrono::{Datelike, Duration, NaiveDate};
use daftar_domain::banque::releves::{FicheReleve, FormatReleve, LigneReleve, RapprochementLigne};
use daftar_domain::banque::{BanqueCommand, Mouvement, TableMouvement};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::ResidenceId;
use daftar_domain::Montant;
use daftar_projections::{
    banque, read_models, releves, CommandMetadata, Database, Ledger, Projector,
};
use sha2::{Digest, Sha256};

use crate::releves::rapprochement::{rapprocher, Candidat, Correspondance, LigneAMatcher};

/// The chequebook fee the bank took this month, which the books do not have.
const FRAIS: i64 = 9_500;

/// The bank's wording of a movement.
fn libelle_banque(table: TableMouvement, libelle: Option<&str>) -> String {
    let quoi = libelle.unwrap_or("").to_uppercase();
    match table {
        TableMouvement::Encaissement => format!("VIR RECU {quoi}"),
        TableMouvement::Remise => "REMISE CHEQUES".to_owned(),
        TableMouvement::Operation => quoi,
        TableMouvement::TransfertSortie => "VIREMENT EMIS".to_owned(),
        TableMouvement::TransfertEntree => "VIREMENT RECU".to_owned(),
        TableMouvement::PaiementDepense
        | TableMouvement::PaiementSalaire
        | TableMouvement::ChargePatronale
        | TableMouvement::PaiementContrat => format!("PRLV/VIR {quoi}"),
        TableMouvement::RevenuExceptionnel => format!("VIR RECU {quoi}"),
        TableMouvement::ReglementPasserelle => "VIR RECU KONNECT NETWORK".to_owned(),
    }
    .trim()
    .to_owned()
}

/// Imports last month's statement of the main account (before `today`'s month).
pub(super) async fn releves(
    db: &Database,
    residence_id: i64,
    today: NaiveDate,
) -> anyhow::Result<()> {
    let premier_du_mois = today.with_day(1).unwrap_or(today);
    let au = premier_du_mois - Duration::days(1);
    let du = au.with_day(1).unwrap_or(au);
    Projector::new(db.clone(), read_models()).catch_up().await?;
    let Some(compte) = banque::comptes(db, residence_id, au)
        .await?
        .into_iter()
        .find(|c| c.is_main)
    else {
        return Ok(());
    };
    if !releves::releves_du_compte(db, residence_id, compte.id)
        .await?
        .is_empty()
    {
        return Ok(());
    }
    // The bank books what we booked in the month one or two days later (within the month).
    let mouvements: Vec<_> = banque::mouvements_du_compte(db, residence_id, compte.id, (du, au))
        .await?
        .into_iter()
        .filter(|m| m.date_banque.is_none())
        .collect();
    let mut lignes: Vec<LigneReleve> = mouvements
        .iter()
        .enumerate()
        .map(|(i, m)| LigneReleve {
            numero: 0,
            date: (m.date + Duration::days(1 + (i as i64 % 2))).min(au),
            libelle: libelle_banque(m.table, m.libelle.as_deref()),
            montant: m.montant,
            reference: m.reference.clone(),
        })
        .collect();
    lignes.push(LigneReleve {
        numero: 0,
        date: au,
        libelle: "COMMISSION CHEQUIER".to_owned(),
        montant: Montant::from_millimes(-FRAIS),
        reference: None,
    });
    lignes.sort_by_key(|l| l.date);
    for (i, ligne) in lignes.iter_mut().enumerate() {
        ligne.numero = i as u32 + 1;
    }
    let candidats: Vec<Candidat> = mouvements
        .iter()
        .map(|m| Candidat {
            mouvement: Mouvement {
                table: m.table,
                id: m.id,
            },
            date: m.date,
            montant: m.montant.millimes(),
            reference: m.reference.clone(),
        })
        .collect();
    let a_matcher: Vec<LigneAMatcher> = lignes
        .iter()
        .map(|l| LigneAMatcher {
            date: l.date,
            montant: l.montant.millimes(),
            libelle: l.libelle.clone(),
            reference: l.reference.clone(),
        })
        .collect();
    let rapprochements = lignes
        .iter()
        .zip(rapprocher(&a_matcher, &candidats))
        .filter_map(|(ligne, resultat)| match resultat {
            Correspondance::Sure(mouvements) => Some(RapprochementLigne {
                numero: ligne.numero,
                mouvements,
            }),
            Correspondance::Proposee(_) | Correspondance::Aucune => None,
        })
        .collect();
    // The bank's closing balance, as a statement gives it: what the bank had booked by the
    // month's end before this statement (the reconciliation's bank balance) plus every line of
    // the month — the fees included, which the books do not have yet: the statement's page
    // shows that difference until the fees are recorded from their line.
    let deja_pointe = banque::solde_banque_au(db, residence_id, &compte, au).await?;
    let mouvements_du_mois: i64 = lignes.iter().map(|l| l.montant.millimes()).sum();
    let cloture = Montant::from_millimes(deja_pointe.millimes() + mouvements_du_mois);
    let contenu = format!("{residence_id}-{}-{du}-{}", compte.id, lignes.len());
    let fiche = FicheReleve {
        format: FormatReleve::Ofx,
        sha256: hex::encode(Sha256::digest(contenu.as_bytes())),
        nom_fichier: Some(format!("releve-{}.ofx", du.format("%Y-%m"))),
        du,
        au,
        importe_le: today,
        solde_ouverture: None,
        solde_cloture: Some(cloture),
        mapping: None,
        banque: None,
        lignes,
    };
    let ledger: Ledger<GrandLivre> = Ledger::new(db.clone(), ());
    let metadata = CommandMetadata {
        acting_user: "cli:demo".to_owned(),
        request_id: "demo-releves".to_owned(),
    };
    ledger
        .execute(
            &ResidenceId(residence_id).stream_id(),
            GrandLivreCommand::Banque(BanqueCommand::ImporterReleve {
                compte_id: compte.id,
                fiche,
                rapprochements,
            }),
            &metadata,
        )
        .await
        .map_err(|e| anyhow::anyhow!("demo statement: {e}"))?;
    Ok(())
}
