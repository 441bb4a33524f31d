//! The demo's debt recovery: SMS credits bought twice, a few reminders to the residence's
//! debtors in every state (delivered, sent, failed and refunded, queued in the outbox) and one
//! reminder letter issued. Rows of the module's own tables (ADR 0005), added once: a residence
//! that has bought SMS already is left as it is.

use chrono::{Duration, NaiveDate, Utc};
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::ids::ResidenceId;
use daftar_domain::Montant;
use daftar_projections::recouvrement::{self as registre, Enregistrement, NouveauMessage};
use daftar_projections::{Database, Ledger};

use crate::routes::recouvrement::total_ttc;
use crate::sms::compter;
use crate::sms::modeles::{relance, LangueSms};
use crate::soldes::debiteurs;

/// (units, invoice date (y, m, d), total excluding tax in millimes)
const ACHATS: [(i64, (i32, u32, u32), i64); 2] =
    [(200, (2025, 10, 6), 12_000), (500, (2026, 2, 2), 27_500)];

/// Adds the demo's SMS purchases, reminders and letter once, the treasurer (`par`, `nom`)
/// sending them.
pub(super) async fn recouvrement(
    db: &Database,
    residence_id: i64,
    (par, nom): (i64, &str),
    today: NaiveDate,
) -> anyhow::Result<()> {
    if !registre::achats(db, residence_id).await?.is_empty() {
        return Ok(());
    }
    let now = Utc::now();
    for (units, (annee, mois, jour), ht) in ACHATS {
        let date = NaiveDate::from_ymd_opt(annee, mois, jour)
            .ok_or_else(|| anyhow::anyhow!("no {annee}-{mois}-{jour}"))?;
        let ttc = total_ttc(ht).ok_or_else(|| anyhow::anyhow!("VAT overflow"))?;
        registre::acheter(db, residence_id, (units, date, ht, ttc), now).await?;
    }
    let ledger = Ledger::<GrandLivre>::new(db.clone(), ());
    let liste = ledger
        .read(&ResidenceId(residence_id).stream_id(), |livre| {
            debiteurs(livre, today)
        })
        .await
        .map_err(|erreur| anyhow::anyhow!("{erreur}"))?;
    let avec_tel: Vec<_> = liste.iter().filter(|d| d.tel.is_some()).take(4).collect();
    for (rang, debiteur) in avec_tel.iter().enumerate() {
        let langue = if rang == 2 {
            LangueSms::Ar
        } else {
            LangueSms::Fr
        };
        let contenu = relance(
            langue,
            super::RESIDENCE_NOM,
            Montant::from_millimes(debiteur.solde),
            debiteur.plus_ancienne_echeance(),
        )?;
        let segments = compter(&contenu).segments;
        // Spread over the last days, so that the history reads as it would.
        let le = now - Duration::days(i64::try_from(8 - 2 * rang).unwrap_or(0));
        let enregistrement = registre::enregistrer(
            db,
            residence_id,
            &NouveauMessage {
                occupant_id: debiteur.occupant_id,
                tel: debiteur.tel.clone().unwrap_or_default(),
                contenu,
                langue: langue.code().to_owned(),
                segments,
                credits: segments,
                passerelle: "outbox".to_owned(),
                idempotency_key: None,
                envoye_par: par,
                sender_nom: nom.to_owned(),
            },
            le,
            0,
        )
        .await?;
        let Enregistrement::Nouveau(message) = enregistrement else {
            continue;
        };
        let provider_id = format!("demo-{}", message.id);
        match rang {
            0 => {
                registre::marquer_envoye(db, message.id, Some(&provider_id), le).await?;
                registre::rapport_livraison(db, &provider_id, true, le).await?;
            }
            1 => {
                registre::marquer_envoye(db, message.id, Some(&provider_id), le).await?;
            }
            2 => {
                registre::marquer_echec(
                    db,
                    residence_id,
                    message.id,
                    "refusé par le fournisseur : numéro non joignable",
                    le,
                )
                .await?;
            }
            _ => {}
        }
    }
    if let Some(premier) = avec_tel.first() {
        let montants = serde_json::to_string(
            &premier
                .dus
                .iter()
                .map(|du| {
                    serde_json::json!({
                        "cotisation_nom": du.du.cotisation_nom,
                        "propriete_nom": du.propriete_nom,
                        "date_echeance": du.du.date_echeance,
                        "restant_du_millimes": du.du.restant_du,
                    })
                })
                .collect::<Vec<_>>(),
        )?;
        registre::enregistrer_lettre(
            db,
            residence_id,
            premier.occupant_id,
            ("relance", "fr"),
            (premier.solde, &montants),
            (par, nom),
            now - Duration::days(3),
        )
        .await?;
    }
    Ok(())
}
