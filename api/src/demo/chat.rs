//! The demo's chat: three co-owners' conversations with the syndic, one answered and read,
//! one waiting for the syndic (unread on the syndic's side), one waiting for the co-owner
//! (unread on the co-owner's side), so both spaces show the unread marker and "Vu {time}".
//! Rows of the chat's own table (ADR 0005), sent once: a residence that has any message is left
//! as it is.

use chrono::{DateTime, Days, NaiveDate, TimeZone, Utc};
use daftar_projections::chat::{self as registre, Cote};
use daftar_projections::Database;

/// Who writes a demo message: the conversation's co-owner, or a council member (by their index
/// in the demo's council: 0 the president, 1 the treasurer).
#[derive(Clone, Copy)]
enum Qui {
    Coproprietaire,
    Conseil(usize),
}

/// (co-owner's index in `coproprietaires`, written so many days before today, at hour, who,
/// text, then read by the other side)
const MESSAGES: [(usize, u64, u32, Qui, &str, bool); 8] = [
    (
        0,
        6,
        9,
        Qui::Coproprietaire,
        "Bonjour, la minuterie de l'escalier B s'éteint au bout de dix secondes.",
        true,
    ),
    (
        0,
        6,
        11,
        Qui::Conseil(0),
        "Bonjour Madame Haddad, l'électricien passe jeudi matin.",
        true,
    ),
    (
        0,
        3,
        18,
        Qui::Coproprietaire,
        "C'est réglé, merci beaucoup !",
        true,
    ),
    (
        1,
        2,
        10,
        Qui::Coproprietaire,
        "Bonjour, puis-je avoir le détail de l'appel de fonds du 2e trimestre ?",
        false,
    ),
    (
        1,
        0,
        8,
        Qui::Coproprietaire,
        "Je l'ai aussi demandé par téléphone, sans réponse.",
        false,
    ),
    (
        2,
        4,
        15,
        Qui::Coproprietaire,
        "Mon virement de mars apparaît-il bien ?",
        true,
    ),
    (
        2,
        1,
        9,
        Qui::Conseil(1),
        "Oui, il a été encaissé le 12 mars.",
        false,
    ),
    (
        2,
        1,
        9,
        Qui::Conseil(1),
        "Le reçu est disponible dans votre espace.",
        false,
    ),
];

fn a(today: NaiveDate, jours_avant: u64, heure: u32) -> anyhow::Result<DateTime<Utc>> {
    let moment = today
        .checked_sub_days(Days::new(jours_avant))
        .and_then(|jour| jour.and_hms_opt(heure, 0, 0))
        .ok_or_else(|| anyhow::anyhow!("no day for a demo message"))?;
    Ok(Utc.from_utc_datetime(&moment))
}

/// Sends the demo's messages once, between `coproprietaires` and `conseil` (the president, the
/// treasurer).
pub(super) async fn chat(
    db: &Database,
    residence_id: i64,
    coproprietaires: [i64; 3],
    conseil: [i64; 2],
    today: NaiveDate,
) -> anyhow::Result<()> {
    let deja = registre::liste(db, residence_id)
        .await?
        .iter()
        .any(|resume| resume.dernier_message.is_some());
    if deja {
        return Ok(());
    }
    for (qui_copro, jours_avant, heure, qui, texte, lu) in MESSAGES {
        let le = a(today, jours_avant, heure)?;
        let coproprietaire = coproprietaires[qui_copro];
        let conversation =
            registre::conversation_du_coproprietaire(db, residence_id, coproprietaire, le).await?;
        let (auteur, lecteur, cote_lecteur) = match qui {
            Qui::Coproprietaire => (coproprietaire, conseil[0], Cote::Syndic),
            Qui::Conseil(index) => (conseil[index], coproprietaire, Cote::Coproprietaire),
        };
        registre::envoyer(db, &conversation, auteur, le, texte).await?;
        if lu {
            let lu_le = le + chrono::Duration::minutes(20);
            registre::marquer_lu(db, &conversation, lecteur, cote_lecteur, lu_le).await?;
        }
    }
    Ok(())
}
