//! Debt recovery's own tables (issue 16; docs/api-recouvrement.md): the residence's SMS credits
//! (purchases and every movement), the reminders sent with their state, the letters issued.
//! Plain tables (ADR 0005): SMS credits and reminders are not money of the books.
//!
//! Rules kept here, each in one transaction that first takes the residence's `sms_soldes` row
//! (the lock that orders two sends of one residence, on both stores):
//! - a message is stored `queued` with its credits debited, or not at all (not enough credits);
//! - the same `Idempotency-Key` of a residence answers the message it first made; without a key,
//!   the same text to the same number within the window answers the message not failed already
//!   made (a double click sends one message);
//! - a failed message gives its credits back once (a unique index on the refund), whatever path
//!   says it failed first (the gateway's answer or a delivery report);
//! - the balance is the sum of the movements (`sms_credits`), kept in `sms_soldes`.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use crate::db::timestamp;
use crate::tables::{Etape, TablesDeModule};
use crate::Database;

/// This module's tables (registered in [`crate::tables_de_modules`]).
pub const TABLES: TablesDeModule = TablesDeModule {
    module: "recouvrement",
    etapes: &[Etape {
        sqlite: include_str!("sqlite.sql"),
        postgres: include_str!("postgres.sql"),
    }],
};

/// A purchase of SMS credits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AchatSms {
    pub id: i64,
    pub units: i64,
    pub date_facture: NaiveDate,
    /// Millimes.
    pub total_ht: i64,
    pub total_ttc: i64,
}

/// A reminder's state (spec 1 §4 "SMS state").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EtatSms {
    Queued,
    Sent,
    Delivered,
    Failed,
}

impl EtatSms {
    pub fn code(self) -> &'static str {
        match self {
            EtatSms::Queued => "queued",
            EtatSms::Sent => "sent",
            EtatSms::Delivered => "delivered",
            EtatSms::Failed => "failed",
        }
    }

    fn lire(code: &str) -> Result<Self, sqlx::Error> {
        match code {
            "queued" => Ok(EtatSms::Queued),
            "sent" => Ok(EtatSms::Sent),
            "delivered" => Ok(EtatSms::Delivered),
            "failed" => Ok(EtatSms::Failed),
            other => Err(sqlx::Error::Decode(
                format!("unknown SMS state {other}").into(),
            )),
        }
    }
}

/// A reminder as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageSms {
    pub id: i64,
    pub residence_id: i64,
    pub occupant_id: i64,
    /// Eight digits.
    pub tel: String,
    pub contenu: String,
    pub langue: String,
    pub segments: i64,
    pub credits: i64,
    pub etat: EtatSms,
    /// `outbox` or `http`.
    pub passerelle: String,
    pub provider_id: Option<String>,
    pub erreur: Option<String>,
    pub sender_nom: String,
    pub cree_le: DateTime<Utc>,
}

/// A reminder to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NouveauMessage {
    pub occupant_id: i64,
    pub tel: String,
    pub contenu: String,
    pub langue: String,
    pub segments: i64,
    pub credits: i64,
    pub passerelle: String,
    pub idempotency_key: Option<String>,
    pub envoye_par: i64,
    pub sender_nom: String,
}

/// What storing a reminder gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Enregistrement {
    /// Stored `queued`, its credits debited: hand it to the gateway.
    Nouveau(MessageSms),
    /// The same submission again (its key, or the same text to the same number within the
    /// window): this message, nothing new stored or debited.
    Existant(MessageSms),
    /// Not enough credits: nothing stored.
    CreditsInsuffisants { solde: i64, requis: i64 },
}

/// A letter issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LettreEmise {
    pub id: i64,
    pub occupant_id: i64,
    pub lettre_type: String,
    pub langue: String,
    /// Millimes.
    pub total: i64,
    /// The amounts it listed, as JSON.
    pub montants: String,
    pub emetteur_nom: String,
    pub emis_le: DateTime<Utc>,
}

const COLONNES_MESSAGE: &str = "id, residence_id, occupant_id, tel, contenu, langue, segments, \
     credits, etat, passerelle, provider_id, erreur, sender_nom, cree_le";

fn instant(texte: &str) -> Result<DateTime<Utc>, sqlx::Error> {
    DateTime::parse_from_rfc3339(texte)
        .map(|at| at.with_timezone(&Utc))
        .map_err(|erreur| sqlx::Error::Decode(Box::new(erreur)))
}

fn message(row: &AnyRow) -> Result<MessageSms, sqlx::Error> {
    Ok(MessageSms {
        id: row.try_get("id")?,
        residence_id: row.try_get("residence_id")?,
        occupant_id: row.try_get("occupant_id")?,
        tel: row.try_get("tel")?,
        contenu: row.try_get("contenu")?,
        langue: row.try_get("langue")?,
        segments: row.try_get("segments")?,
        credits: row.try_get("credits")?,
        etat: EtatSms::lire(&row.try_get::<String, _>("etat")?)?,
        passerelle: row.try_get("passerelle")?,
        provider_id: row.try_get("provider_id")?,
        erreur: row.try_get("erreur")?,
        sender_nom: row.try_get("sender_nom")?,
        cree_le: instant(&row.try_get::<String, _>("cree_le")?)?,
    })
}

/// Takes the residence's balance row (creating it at 0) and answers the balance: the lock
/// every change of credits of the residence takes first.
async fn verrouiller_solde(
    tx: &mut Transaction<'static, Any>,
    residence_id: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO sms_soldes (residence_id, solde) VALUES ($1, 0) \
         ON CONFLICT (residence_id) DO NOTHING",
    )
    .bind(residence_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE sms_soldes SET solde = solde WHERE residence_id = $1")
        .bind(residence_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("SELECT solde FROM sms_soldes WHERE residence_id = $1")
        .bind(residence_id)
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)
}

/// Records a movement of credits and moves the balance by it.
async fn mouvement(
    tx: &mut Transaction<'static, Any>,
    residence_id: i64,
    delta: i64,
    (motif, achat_id, message_id): (&str, Option<i64>, Option<i64>),
    le: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sms_credits (residence_id, delta, motif, achat_id, message_id, le) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(residence_id)
    .bind(delta)
    .bind(motif)
    .bind(achat_id)
    .bind(message_id)
    .bind(timestamp(le))
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE sms_soldes SET solde = solde + $1 WHERE residence_id = $2")
        .bind(delta)
        .bind(residence_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The residence's SMS balance: units bought less the credits of the messages not failed.
pub async fn solde(db: &Database, residence_id: i64) -> Result<i64, sqlx::Error> {
    let row = sqlx::query("SELECT solde FROM sms_soldes WHERE residence_id = $1")
        .bind(residence_id)
        .fetch_optional(&db.pool)
        .await?;
    row.map_or(Ok(0), |row| row.try_get(0))
}

/// The sum of the residence's movements (what `sms_soldes` must equal; for tests and audits).
pub async fn somme_des_mouvements(db: &Database, residence_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM sms_credits WHERE residence_id = $1",
    )
    .bind(residence_id)
    .fetch_one(&db.pool)
    .await?
    .try_get::<i64, _>(0)
}

/// Records a purchase of `units` credits and credits the balance.
pub async fn acheter(
    db: &Database,
    residence_id: i64,
    achat: (i64, NaiveDate, i64, i64),
    le: DateTime<Utc>,
) -> Result<AchatSms, sqlx::Error> {
    let (units, date_facture, total_ht, total_ttc) = achat;
    let mut tx = db.pool.begin().await?;
    verrouiller_solde(&mut tx, residence_id).await?;
    let id: i64 = sqlx::query(
        "INSERT INTO sms_achats (residence_id, units, date_facture, total_ht, total_ttc, cree_le) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(residence_id)
    .bind(units)
    .bind(date_facture.to_string())
    .bind(total_ht)
    .bind(total_ttc)
    .bind(timestamp(le))
    .fetch_one(&mut *tx)
    .await?
    .try_get(0)?;
    mouvement(&mut tx, residence_id, units, ("achat", Some(id), None), le).await?;
    tx.commit().await?;
    Ok(AchatSms {
        id,
        units,
        date_facture,
        total_ht,
        total_ttc,
    })
}

/// The residence's purchases, the newest invoice first.
pub async fn achats(db: &Database, residence_id: i64) -> Result<Vec<AchatSms>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, units, date_facture, total_ht, total_ttc FROM sms_achats \
         WHERE residence_id = $1 ORDER BY date_facture DESC, id DESC",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            let date: String = row.try_get("date_facture")?;
            Ok(AchatSms {
                id: row.try_get("id")?,
                units: row.try_get("units")?,
                date_facture: date
                    .parse()
                    .map_err(|erreur| sqlx::Error::Decode(Box::new(erreur)))?,
                total_ht: row.try_get("total_ht")?,
                total_ttc: row.try_get("total_ttc")?,
            })
        })
        .collect()
}

/// The message of the residence answering the same submission, if any.
async fn meme_envoi(
    tx: &mut Transaction<'static, Any>,
    residence_id: i64,
    nouveau: &NouveauMessage,
    depuis_ms: i64,
) -> Result<Option<MessageSms>, sqlx::Error> {
    if let Some(cle) = &nouveau.idempotency_key {
        let row = sqlx::query(&format!(
            "SELECT {COLONNES_MESSAGE} FROM sms_messages \
             WHERE residence_id = $1 AND idempotency_key = $2"
        ))
        .bind(residence_id)
        .bind(cle)
        .fetch_optional(&mut **tx)
        .await?;
        return row.as_ref().map(message).transpose();
    }
    let row = sqlx::query(&format!(
        "SELECT {COLONNES_MESSAGE} FROM sms_messages \
         WHERE residence_id = $1 AND tel = $2 AND contenu = $3 AND cree_le_ms >= $4 \
         AND etat <> 'failed' ORDER BY id DESC LIMIT 1"
    ))
    .bind(residence_id)
    .bind(&nouveau.tel)
    .bind(&nouveau.contenu)
    .bind(depuis_ms)
    .fetch_optional(&mut **tx)
    .await?;
    row.as_ref().map(message).transpose()
}

async fn inserer(
    tx: &mut Transaction<'static, Any>,
    residence_id: i64,
    nouveau: &NouveauMessage,
    le: DateTime<Utc>,
) -> Result<MessageSms, sqlx::Error> {
    let row = sqlx::query(&format!(
        "INSERT INTO sms_messages (residence_id, occupant_id, tel, contenu, langue, segments, \
         credits, etat, passerelle, idempotency_key, envoye_par, sender_nom, cree_le, \
         cree_le_ms, maj_le) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $9, $10, $11, $12, $13, $12) \
         RETURNING {COLONNES_MESSAGE}"
    ))
    .bind(residence_id)
    .bind(nouveau.occupant_id)
    .bind(&nouveau.tel)
    .bind(&nouveau.contenu)
    .bind(&nouveau.langue)
    .bind(nouveau.segments)
    .bind(nouveau.credits)
    .bind(&nouveau.passerelle)
    .bind(&nouveau.idempotency_key)
    .bind(nouveau.envoye_par)
    .bind(&nouveau.sender_nom)
    .bind(timestamp(le))
    .bind(le.timestamp_millis())
    .fetch_one(&mut **tx)
    .await?;
    let cree = message(&row)?;
    mouvement(
        tx,
        residence_id,
        -nouveau.credits,
        ("envoi", None, Some(cree.id)),
        le,
    )
    .await?;
    Ok(cree)
}

/// Stores a reminder `queued` and debits its credits, unless it repeats a submission (see the
/// module's rules; `fenetre_ms` is the double-submit window) or the balance is too low.
pub async fn enregistrer(
    db: &Database,
    residence_id: i64,
    nouveau: &NouveauMessage,
    le: DateTime<Utc>,
    fenetre_ms: i64,
) -> Result<Enregistrement, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let solde = verrouiller_solde(&mut tx, residence_id).await?;
    let depuis = le.timestamp_millis() - fenetre_ms;
    if let Some(existant) = meme_envoi(&mut tx, residence_id, nouveau, depuis).await? {
        tx.rollback().await?;
        return Ok(Enregistrement::Existant(existant));
    }
    if solde < nouveau.credits {
        tx.rollback().await?;
        return Ok(Enregistrement::CreditsInsuffisants {
            solde,
            requis: nouveau.credits,
        });
    }
    let cree = inserer(&mut tx, residence_id, nouveau, le).await?;
    tx.commit().await?;
    Ok(Enregistrement::Nouveau(cree))
}

/// What storing a group of reminders gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnregistrementGroupe {
    /// Every new message stored `queued` (a repeat of a message sent within the window is left
    /// out: it is not sent again).
    Stockes(Vec<MessageSms>),
    CreditsInsuffisants {
        solde: i64,
        requis: i64,
    },
}

/// Stores a group of reminders at once: all of them with their credits, or none.
pub async fn enregistrer_groupe(
    db: &Database,
    residence_id: i64,
    nouveaux: &[NouveauMessage],
    le: DateTime<Utc>,
    fenetre_ms: i64,
) -> Result<EnregistrementGroupe, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let solde = verrouiller_solde(&mut tx, residence_id).await?;
    let depuis = le.timestamp_millis() - fenetre_ms;
    let mut a_stocker = Vec::new();
    for nouveau in nouveaux {
        if meme_envoi(&mut tx, residence_id, nouveau, depuis)
            .await?
            .is_none()
        {
            a_stocker.push(nouveau);
        }
    }
    let requis: i64 = a_stocker.iter().map(|nouveau| nouveau.credits).sum();
    if solde < requis {
        tx.rollback().await?;
        return Ok(EnregistrementGroupe::CreditsInsuffisants { solde, requis });
    }
    let mut stockes = Vec::new();
    for nouveau in a_stocker {
        stockes.push(inserer(&mut tx, residence_id, nouveau, le).await?);
    }
    tx.commit().await?;
    Ok(EnregistrementGroupe::Stockes(stockes))
}

/// The gateway handed the message over: `sent` (only from `queued`). Answers the message.
pub async fn marquer_envoye(
    db: &Database,
    id: i64,
    provider_id: Option<&str>,
    le: DateTime<Utc>,
) -> Result<Option<MessageSms>, sqlx::Error> {
    sqlx::query(
        "UPDATE sms_messages SET etat = 'sent', provider_id = $1, maj_le = $2 \
         WHERE id = $3 AND etat = 'queued'",
    )
    .bind(provider_id)
    .bind(timestamp(le))
    .bind(id)
    .execute(&db.pool)
    .await?;
    un(db, id).await
}

/// The message failed (the gateway refused it, or a delivery report says so): `failed` from
/// `queued` or `sent`, its credits given back once. Answers whether this call refunded.
pub async fn marquer_echec(
    db: &Database,
    residence_id: i64,
    id: i64,
    erreur: &str,
    le: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    verrouiller_solde(&mut tx, residence_id).await?;
    let row = sqlx::query(
        "UPDATE sms_messages SET etat = 'failed', erreur = $1, maj_le = $2 \
         WHERE id = $3 AND residence_id = $4 AND etat IN ('queued', 'sent') RETURNING credits",
    )
    .bind(erreur)
    .bind(timestamp(le))
    .bind(id)
    .bind(residence_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        tx.rollback().await?;
        return Ok(false);
    };
    let credits: i64 = row.try_get(0)?;
    let deja: i64 = sqlx::query(
        "SELECT COUNT(*) FROM sms_credits WHERE message_id = $1 AND motif = 'remboursement'",
    )
    .bind(id)
    .fetch_one(&mut *tx)
    .await?
    .try_get(0)?;
    if deja == 0 {
        mouvement(
            &mut tx,
            residence_id,
            credits,
            ("remboursement", None, Some(id)),
            le,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(deja == 0)
}

/// A delivery report of the provider for its message `provider_id`: `delivered` (from `queued`
/// or `sent`) or failed (refunded once). `None` when no message has that id.
pub async fn rapport_livraison(
    db: &Database,
    provider_id: &str,
    livre: bool,
    le: DateTime<Utc>,
) -> Result<Option<MessageSms>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLONNES_MESSAGE} FROM sms_messages WHERE provider_id = $1 ORDER BY id LIMIT 1"
    ))
    .bind(provider_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(trouve) = row.as_ref().map(message).transpose()? else {
        return Ok(None);
    };
    if livre {
        sqlx::query(
            "UPDATE sms_messages SET etat = 'delivered', maj_le = $1 \
             WHERE id = $2 AND etat IN ('queued', 'sent')",
        )
        .bind(timestamp(le))
        .bind(trouve.id)
        .execute(&db.pool)
        .await?;
    } else {
        marquer_echec(
            db,
            trouve.residence_id,
            trouve.id,
            "rapport de livraison : échec",
            le,
        )
        .await?;
    }
    un(db, trouve.id).await
}

/// One message.
pub async fn un(db: &Database, id: i64) -> Result<Option<MessageSms>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLONNES_MESSAGE} FROM sms_messages WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(message).transpose()
}

/// An occupant's reminders, the newest first.
pub async fn messages_de(
    db: &Database,
    residence_id: i64,
    occupant_id: i64,
) -> Result<Vec<MessageSms>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLONNES_MESSAGE} FROM sms_messages \
         WHERE residence_id = $1 AND occupant_id = $2 ORDER BY cree_le_ms DESC, id DESC"
    ))
    .bind(residence_id)
    .bind(occupant_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(message).collect()
}

/// The messages the outbox keeps (`queued` through the outbox gateway), the oldest first.
pub async fn en_attente(
    db: &Database,
    residence_id: Option<i64>,
) -> Result<Vec<MessageSms>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLONNES_MESSAGE} FROM sms_messages \
         WHERE etat = 'queued' AND passerelle = 'outbox' \
         AND ($1 = 0 OR residence_id = $1) ORDER BY id"
    ))
    .bind(residence_id.unwrap_or(0))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(message).collect()
}

/// Records a letter issued.
#[allow(clippy::too_many_arguments)]
pub async fn enregistrer_lettre(
    db: &Database,
    residence_id: i64,
    occupant_id: i64,
    (lettre_type, langue): (&str, &str),
    (total, montants): (i64, &str),
    (emis_par, emetteur_nom): (i64, &str),
    le: DateTime<Utc>,
) -> Result<LettreEmise, sqlx::Error> {
    let id: i64 = sqlx::query(
        "INSERT INTO lettres_recouvrement (residence_id, occupant_id, lettre_type, langue, total, \
         montants, emis_par, emetteur_nom, emis_le) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(residence_id)
    .bind(occupant_id)
    .bind(lettre_type)
    .bind(langue)
    .bind(total)
    .bind(montants)
    .bind(emis_par)
    .bind(emetteur_nom)
    .bind(timestamp(le))
    .fetch_one(&db.pool)
    .await?
    .try_get(0)?;
    Ok(LettreEmise {
        id,
        occupant_id,
        lettre_type: lettre_type.to_owned(),
        langue: langue.to_owned(),
        total,
        montants: montants.to_owned(),
        emetteur_nom: emetteur_nom.to_owned(),
        emis_le: le,
    })
}

/// An occupant's letters, the newest first.
pub async fn lettres_de(
    db: &Database,
    residence_id: i64,
    occupant_id: i64,
) -> Result<Vec<LettreEmise>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, occupant_id, lettre_type, langue, total, montants, emetteur_nom, emis_le \
         FROM lettres_recouvrement WHERE residence_id = $1 AND occupant_id = $2 \
         ORDER BY emis_le DESC, id DESC",
    )
    .bind(residence_id)
    .bind(occupant_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(LettreEmise {
                id: row.try_get("id")?,
                occupant_id: row.try_get("occupant_id")?,
                lettre_type: row.try_get("lettre_type")?,
                langue: row.try_get("langue")?,
                total: row.try_get("total")?,
                montants: row.try_get("montants")?,
                emetteur_nom: row.try_get("emetteur_nom")?,
                emis_le: instant(&row.try_get::<String, _>("emis_le")?)?,
            })
        })
        .collect()
}
