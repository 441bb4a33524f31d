//! The demo's announcements: two active and two archived, dated from the demo's today, so both
//! lists and the bell are not empty. Rows of the announcements' own table (ADR 0005), published
//! once by council members (which notifies the other users, as in life): a residence that has
//! any announcement is left as it is.

use chrono::{Days, NaiveDate, TimeZone, Utc};
use daftar_projections::annonces::{self as registre, Liste};
use daftar_projections::Database;

/// (text, published so many days before today, last day so many days after today (negative:
/// before), author: 0 the president, 1 the council member)
const ANNONCES: [(&str, u64, i64, usize); 4] = [
    (
        "Assemblée générale ordinaire : la convocation suivra. Merci de mettre à jour vos coordonnées auprès du syndic.",
        60,
        -40,
        0,
    ),
    (
        "Désinsectisation des parties communes et des caves le samedi matin.",
        35,
        -21,
        1,
    ),
    (
        "Coupure d'eau prévue jeudi de 9 h à 12 h (travaux de la SONEDE sur le réseau de la rue).",
        2,
        3,
        1,
    ),
    (
        "Nettoyage de la façade côté jardin : merci de ne pas stationner devant l'entrée B toute la semaine.",
        1,
        13,
        0,
    ),
];

/// Publishes the demo's announcements once, by `auteurs` (the president, a council member).
pub(super) async fn annonces(
    db: &Database,
    residence_id: i64,
    auteurs: [i64; 2],
    today: NaiveDate,
) -> anyhow::Result<()> {
    let existantes = registre::liste(db, residence_id, Liste::Actives, today)
        .await?
        .len()
        + registre::liste(db, residence_id, Liste::Archivees, today)
            .await?
            .len();
    if existantes > 0 {
        return Ok(());
    }
    for (description, publiee_il_y_a, fin_dans, auteur) in ANNONCES {
        let publiee = today
            .checked_sub_days(Days::new(publiee_il_y_a))
            .and_then(|jour| jour.and_hms_opt(8, 30, 0))
            .ok_or_else(|| anyhow::anyhow!("no publication day for an announcement"))?;
        let date_fin = if fin_dans >= 0 {
            today.checked_add_days(Days::new(fin_dans.unsigned_abs()))
        } else {
            today.checked_sub_days(Days::new(fin_dans.unsigned_abs()))
        }
        .ok_or_else(|| anyhow::anyhow!("no last day for an announcement"))?;
        registre::creer(
            db,
            residence_id,
            auteurs[auteur],
            Utc.from_utc_datetime(&publiee),
            description,
            date_fin,
        )
        .await?;
    }
    Ok(())
}
