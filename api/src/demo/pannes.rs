//! The demo's breakdown reports: five reports of co-owners in every status, with the council's
//! comments, so the lists, the archive and a details page are not empty. Rows of the reports'
//! own tables (ADR 0005), written once through the module's own functions (which notify, as in
//! life): a residence that has any report is left as it is. No photos: the demo needs no store.

use chrono::{DateTime, Days, NaiveDate, TimeZone, Utc};
use daftar_projections::pannes::{self as registre, Statut};
use daftar_projections::Database;

/// (text, reported so many days before today, by (index in `auteurs`), status set by the
/// council, the council's comment)
const PANNES: [(&str, u64, usize, Statut, Option<&str>); 5] = [
    (
        "L'ascenseur s'arrête entre le 2e et le 3e étage.",
        3,
        0,
        Statut::Reparation,
        Some("Le technicien d'Otis passe jeudi matin ; merci d'utiliser l'escalier d'ici là."),
    ),
    (
        "Fuite d'eau au plafond du parking, place 12.",
        6,
        1,
        Statut::Analyse,
        Some("Le plombier cherche l'origine : probablement la colonne de l'appartement B3."),
    ),
    (
        "L'éclairage de la cage d'escalier du bloc B ne s'allume plus.",
        1,
        2,
        Statut::Ouvert,
        None,
    ),
    (
        "La porte du hall ne se ferme plus à clé.",
        20,
        0,
        Statut::Resolu,
        Some("Serrure changée le 12 : les nouvelles clés sont chez le gardien."),
    ),
    (
        "Interphone en panne au bloc A.",
        90,
        1,
        Statut::Archive,
        Some("Interphone remplacé, facture classée dans les charges."),
    ),
];

fn instant(today: NaiveDate, jours_avant: u64, heure: u32) -> anyhow::Result<DateTime<Utc>> {
    let moment = today
        .checked_sub_days(Days::new(jours_avant))
        .and_then(|jour| jour.and_hms_opt(heure, 15, 0))
        .ok_or_else(|| anyhow::anyhow!("no day for a demo report"))?;
    Ok(Utc.from_utc_datetime(&moment))
}

/// Records the demo's reports once: by `auteurs` (co-owners), their status set and commented by
/// `conseil` (a council member).
pub(super) async fn pannes(
    db: &Database,
    residence_id: i64,
    auteurs: [i64; 3],
    conseil: i64,
    today: NaiveDate,
) -> anyhow::Result<()> {
    if !registre::liste(db, residence_id, true).await?.is_empty() {
        return Ok(());
    }
    for (description, jours_avant, auteur, statut, commentaire) in PANNES {
        let signalee = instant(today, jours_avant, 7)?;
        let panne = registre::creer(
            db,
            residence_id,
            auteurs[auteur],
            signalee,
            description,
            &[],
        )
        .await?;
        let traitee = instant(today, jours_avant.saturating_sub(1), 10)?;
        if let Some(texte) = commentaire {
            registre::commenter(
                db,
                residence_id,
                panne.id,
                conseil,
                true,
                traitee,
                texte,
                &[],
            )
            .await?
            .map_err(|refus| anyhow::anyhow!("demo comment refused: {refus:?}"))?;
        }
        if statut != Statut::Ouvert {
            registre::changer_statut(db, residence_id, panne.id, conseil, traitee, statut)
                .await?
                .map_err(|refus| anyhow::anyhow!("demo status refused: {refus:?}"))?;
        }
    }
    Ok(())
}
