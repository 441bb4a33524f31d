//! The chat between each co-owner and the syndic (spec 3 §2.9, §3 "Conversation", "Message",
//! §4 "Conversation", §6 sender labels; issue 18): plain tables owned by this module (ADR 0005:
//! messages decide nothing about money and are never replayed).
//!
//! Rules kept here:
//! - a residence has one conversation per co-owner (a user who is not a council member), with
//!   "the syndic": every council member of the residence speaks and reads on the syndic's side;
//!   it is created on its first read or write ([`conversation_du_coproprietaire`],
//!   [`ouvrir_celles_des_coproprietaires`]);
//! - a message's side is its sender's: the conversation's co-owner, or the syndic (anyone else);
//!   marking a conversation read ([`marquer_lu`]) sets `lu_le` on the other side's unread
//!   messages, and "all read" is from the reader's side;
//! - sending a message ([`envoyer`]) records it and notifies the other side's users who have no
//!   open real-time socket on any server ([`chat_presences`](presence_ouverte)), in one
//!   transaction with the real-time signal ([`crate::temps_reel::signaler`]).

use chrono::{DateTime, Duration, Utc};
use serde_json::json;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::db::timestamp;
use crate::notifications::{self, Avis};
use crate::tables::{Etape, TablesDeModule};
use crate::temps_reel::{self, Genre, Signal};
use crate::Database;

/// This module's tables (registered in [`crate::tables_de_modules`]).
pub const TABLES: TablesDeModule = TablesDeModule {
    module: "chat",
    etapes: &[Etape {
        sqlite: include_str!("sqlite.sql"),
        postgres: include_str!("postgres.sql"),
    }],
};

/// How long a server's socket counts as open after its server last refreshed it: three of the
/// refreshes every server makes ([`PRESENCE_RAFRAICHIE_TOUTES_LES`]), so a server that died
/// stops counting within this delay.
pub const PRESENCE_VALABLE: Duration = Duration::seconds(90);
/// How often a server refreshes its sockets' presence.
pub const PRESENCE_RAFRAICHIE_TOUTES_LES: std::time::Duration = std::time::Duration::from_secs(30);

/// The messages a conversation shows at most: its newest (an older history stays in the table).
pub const MESSAGES_AFFICHES_AU_PLUS: i64 = 500;
/// The messages a reconnecting socket catches up at most: the newest it missed.
pub const RATTRAPAGE_AU_PLUS: i64 = 1000;

/// The sender's label (spec 3 §6): the council's president and treasurer by their office, any
/// other council member as the syndic, everyone else as a co-owner.
const ROLE_SQL: &str = "CASE WHEN u.is_syndic = 1 AND u.is_president = 1 THEN 'president' \
     WHEN u.is_syndic = 1 AND u.is_finance = 1 THEN 'tresorier' \
     WHEN u.is_syndic = 1 THEN 'syndic' ELSE 'proprietaire' END";

/// Which side of a conversation someone is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cote {
    /// The conversation's co-owner.
    Coproprietaire,
    /// Any council member of the residence.
    Syndic,
}

/// A conversation and its co-owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversation {
    pub id: i64,
    pub residence_id: i64,
    pub coproprietaire_id: i64,
    /// The co-owner's name.
    pub nom_resident: String,
}

impl Conversation {
    /// The side of `user_id` in this conversation.
    pub fn cote_de(&self, user_id: i64) -> Cote {
        if user_id == self.coproprietaire_id {
            Cote::Coproprietaire
        } else {
            Cote::Syndic
        }
    }
}

/// A message as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub id: i64,
    pub conversation_id: i64,
    pub message: String,
    pub user_id: i64,
    /// The sender's name.
    pub nom: String,
    /// `proprietaire`, `president`, `tresorier` or `syndic` (spec 3 §6).
    pub primary_role: String,
    /// When it was sent (UTC, RFC 3339).
    pub cree_le: String,
    /// When the other side marked it read, or `None`.
    pub lu_le: Option<String>,
}

/// A conversation as the syndic's list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resume {
    pub conversation: Conversation,
    pub dernier_message: Option<Message>,
    /// No message of the co-owner is unread by the syndic.
    pub tout_lu: bool,
}

const CONVERSATION: &str = "SELECT c.id, c.residence_id, c.coproprietaire_id, \
     COALESCE(u.nom, '') AS nom_resident \
     FROM conversations c LEFT JOIN users u ON u.id = c.coproprietaire_id";

fn conversation(row: &AnyRow) -> Result<Conversation, sqlx::Error> {
    Ok(Conversation {
        id: row.try_get("id")?,
        residence_id: row.try_get("residence_id")?,
        coproprietaire_id: row.try_get("coproprietaire_id")?,
        nom_resident: row.try_get("nom_resident")?,
    })
}

fn colonnes_message() -> String {
    format!(
        "m.id, m.conversation_id, m.message, m.user_id, COALESCE(u.nom, '') AS nom, \
         {ROLE_SQL} AS primary_role, m.cree_le, m.lu_le"
    )
}

fn message(row: &AnyRow) -> Result<Message, sqlx::Error> {
    Ok(Message {
        id: row.try_get("id")?,
        conversation_id: row.try_get("conversation_id")?,
        message: row.try_get("message")?,
        user_id: row.try_get("user_id")?,
        nom: row.try_get("nom")?,
        primary_role: row.try_get("primary_role")?,
        cree_le: row.try_get("cree_le")?,
        lu_le: row.try_get("lu_le")?,
    })
}

/// The condition on `m` (a message) of being unread by `cote`: the other side's, not read.
fn non_lu_par(cote: Cote) -> &'static str {
    match cote {
        Cote::Syndic => "m.user_id = c.coproprietaire_id AND m.lu_le IS NULL",
        Cote::Coproprietaire => "m.user_id <> c.coproprietaire_id AND m.lu_le IS NULL",
    }
}

/// The co-owner's conversation with the syndic, created if it does not exist yet.
pub async fn conversation_du_coproprietaire(
    db: &Database,
    residence_id: i64,
    coproprietaire_id: i64,
    le: DateTime<Utc>,
) -> Result<Conversation, sqlx::Error> {
    let sql = format!("{CONVERSATION} WHERE c.residence_id = $1 AND c.coproprietaire_id = $2");
    // Read first: every socket a co-owner opens asks for it, and a read takes no write lock.
    if let Some(row) = sqlx::query(&sql)
        .bind(residence_id)
        .bind(coproprietaire_id)
        .fetch_optional(&db.pool)
        .await?
    {
        return conversation(&row);
    }
    sqlx::query(
        "INSERT INTO conversations (residence_id, coproprietaire_id, cree_le) VALUES ($1, $2, $3) \
         ON CONFLICT (residence_id, coproprietaire_id) DO NOTHING",
    )
    .bind(residence_id)
    .bind(coproprietaire_id)
    .bind(timestamp(le))
    .execute(&db.pool)
    .await?;
    let row = sqlx::query(&sql)
        .bind(residence_id)
        .bind(coproprietaire_id)
        .fetch_one(&db.pool)
        .await?;
    conversation(&row)
}

/// Opens the conversation of every active co-owner of the residence that has none yet, so the
/// syndic may write first to anyone.
pub async fn ouvrir_celles_des_coproprietaires(
    db: &Database,
    residence_id: i64,
    le: DateTime<Utc>,
) -> Result<u64, sqlx::Error> {
    let ouvertes = sqlx::query(
        "INSERT INTO conversations (residence_id, coproprietaire_id, cree_le) \
         SELECT residence_id, id, $1 FROM users \
         WHERE residence_id = $2 AND active = 1 AND is_syndic = 0 \
         ON CONFLICT (residence_id, coproprietaire_id) DO NOTHING",
    )
    .bind(timestamp(le))
    .bind(residence_id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(ouvertes)
}

/// A conversation of the residence, `None` when it has no such conversation (unknown or
/// another residence's).
pub async fn conversation_de_la_residence(
    db: &Database,
    residence_id: i64,
    id: i64,
) -> Result<Option<Conversation>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "{CONVERSATION} WHERE c.residence_id = $1 AND c.id = $2"
    ))
    .bind(residence_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(conversation).transpose()
}

/// The residence's conversations as the syndic lists them: the latest message first, then
/// conversations without messages by name.
pub async fn liste(db: &Database, residence_id: i64) -> Result<Vec<Resume>, sqlx::Error> {
    let conversations = sqlx::query(&format!("{CONVERSATION} WHERE c.residence_id = $1"))
        .bind(residence_id)
        .fetch_all(&db.pool)
        .await?
        .iter()
        .map(conversation)
        .collect::<Result<Vec<_>, _>>()?;
    let derniers = sqlx::query(&format!(
        "SELECT {} FROM messages m LEFT JOIN users u ON u.id = m.user_id \
         WHERE m.id IN (SELECT MAX(id) FROM messages WHERE residence_id = $1 \
                        GROUP BY conversation_id)",
        colonnes_message()
    ))
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(message)
    .collect::<Result<Vec<_>, _>>()?;
    let non_lues: Vec<i64> = sqlx::query(&format!(
        "SELECT DISTINCT m.conversation_id FROM messages m \
         JOIN conversations c ON c.id = m.conversation_id \
         WHERE m.residence_id = $1 AND {}",
        non_lu_par(Cote::Syndic)
    ))
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(|row| row.try_get::<i64, _>(0))
    .collect::<Result<_, _>>()?;
    let mut resumes: Vec<Resume> = conversations
        .into_iter()
        .map(|conversation| Resume {
            dernier_message: derniers
                .iter()
                .find(|m| m.conversation_id == conversation.id)
                .cloned(),
            tout_lu: !non_lues.contains(&conversation.id),
            conversation,
        })
        .collect();
    resumes.sort_by(|a, b| {
        let dernier = |r: &Resume| r.dernier_message.as_ref().map(|m| m.id);
        dernier(b)
            .cmp(&dernier(a))
            .then_with(|| {
                a.conversation
                    .nom_resident
                    .cmp(&b.conversation.nom_resident)
            })
            .then_with(|| a.conversation.id.cmp(&b.conversation.id))
    });
    Ok(resumes)
}

/// The conversation's newest messages (at most [`MESSAGES_AFFICHES_AU_PLUS`]), oldest first.
pub async fn messages(db: &Database, conversation_id: i64) -> Result<Vec<Message>, sqlx::Error> {
    let mut messages = sqlx::query(&format!(
        "SELECT {} FROM messages m LEFT JOIN users u ON u.id = m.user_id \
         WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT $2",
        colonnes_message()
    ))
    .bind(conversation_id)
    .bind(MESSAGES_AFFICHES_AU_PLUS)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(message)
    .collect::<Result<Vec<_>, _>>()?;
    messages.reverse();
    Ok(messages)
}

/// Whether `cote` has read every message of the other side in the conversation.
pub async fn tout_lu(
    db: &Database,
    conversation: &Conversation,
    cote: Cote,
) -> Result<bool, sqlx::Error> {
    let non_lu = sqlx::query(&format!(
        "SELECT m.id FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         WHERE m.conversation_id = $1 AND {} LIMIT 1",
        non_lu_par(cote)
    ))
    .bind(conversation.id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(non_lu.is_none())
}

/// One message of the residence.
pub async fn message_de_la_residence(
    db: &Database,
    residence_id: i64,
    id: i64,
) -> Result<Option<Message>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {} FROM messages m LEFT JOIN users u ON u.id = m.user_id \
         WHERE m.residence_id = $1 AND m.id = $2",
        colonnes_message()
    ))
    .bind(residence_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(message).transpose()
}

/// The messages after `apres` (by id) of the residence, of one conversation when
/// `conversation_id` is given, oldest first, at most [`RATTRAPAGE_AU_PLUS`] (the newest ones).
pub async fn messages_apres(
    db: &Database,
    residence_id: i64,
    conversation_id: Option<i64>,
    apres: i64,
) -> Result<Vec<Message>, sqlx::Error> {
    let mut messages = sqlx::query(&format!(
        "SELECT {} FROM messages m LEFT JOIN users u ON u.id = m.user_id \
         WHERE m.residence_id = $1 AND m.id > $2 AND ($3 = 0 OR m.conversation_id = $3) \
         ORDER BY m.id DESC LIMIT $4",
        colonnes_message()
    ))
    .bind(residence_id)
    .bind(apres)
    .bind(conversation_id.unwrap_or(0))
    .bind(RATTRAPAGE_AU_PLUS)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(message)
    .collect::<Result<Vec<_>, _>>()?;
    messages.reverse();
    Ok(messages)
}

/// The active users of the other side than `cote` who have no open socket on any server at
/// `le`: whom a message from `cote` notifies.
async fn destinataires_hors_ligne(
    conn: &mut AnyConnection,
    conversation: &Conversation,
    cote: Cote,
    le: DateTime<Utc>,
) -> Result<Vec<i64>, sqlx::Error> {
    let qui = match cote {
        Cote::Coproprietaire => "u.is_syndic = 1 AND u.id <> $3",
        Cote::Syndic => "u.id = $3",
    };
    sqlx::query(&format!(
        "SELECT u.id FROM users u WHERE u.residence_id = $1 AND u.active = 1 AND {qui} \
         AND NOT EXISTS (SELECT 1 FROM chat_presences p \
                         WHERE p.user_id = u.id AND p.vu_le > $2) \
         ORDER BY u.id"
    ))
    .bind(conversation.residence_id)
    .bind(timestamp(le - PRESENCE_VALABLE))
    .bind(conversation.coproprietaire_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|row| row.try_get::<i64, _>(0))
    .collect()
}

/// What a write made: its result and the signal to hand to the server's own hub once committed
/// (already announced to every server on PostgreSQL).
#[derive(Debug, Clone)]
pub struct Ecrit<T> {
    pub resultat: T,
    pub signaux: Vec<Signal>,
}

/// Sends `texte` (already checked) from `par` in the conversation: records it, notifies the
/// other side's users without an open socket (icon `message`, a link to the conversation in
/// their space), and signals it, in one transaction.
pub async fn envoyer(
    db: &Database,
    conversation: &Conversation,
    par: i64,
    le: DateTime<Utc>,
    texte: &str,
) -> Result<Ecrit<Message>, sqlx::Error> {
    let cote = conversation.cote_de(par);
    let mut tx = db.pool.begin().await?;
    let id: i64 = sqlx::query(
        "INSERT INTO messages (residence_id, conversation_id, user_id, message, cree_le) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(conversation.residence_id)
    .bind(conversation.id)
    .bind(par)
    .bind(texte)
    .bind(timestamp(le))
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    let avis = Avis {
        icon: "message",
        title_key: "message_recu",
        params: json!({ "id": conversation.id }),
    };
    let lien = match cote {
        Cote::Coproprietaire => format!("/syndic/chat?conversation={}", conversation.id),
        Cote::Syndic => "/coproprietaire/chat".to_owned(),
    };
    let destinataires = destinataires_hors_ligne(&mut tx, conversation, cote, le).await?;
    for destinataire in &destinataires {
        notifications::notifier_utilisateur(
            &mut tx,
            conversation.residence_id,
            *destinataire,
            le,
            &avis,
            &lien,
        )
        .await?;
    }
    let mut signaux = vec![Signal {
        residence_id: conversation.residence_id,
        kind: Genre::Message,
        ids: vec![id],
        read_at: None,
    }];
    if !destinataires.is_empty() {
        signaux.push(Signal {
            residence_id: conversation.residence_id,
            kind: Genre::Notification,
            ids: destinataires,
            read_at: None,
        });
    }
    for signal in &signaux {
        temps_reel::signaler(&mut tx, db.dialect, signal).await?;
    }
    let row = sqlx::query(&format!(
        "SELECT {} FROM messages m LEFT JOIN users u ON u.id = m.user_id WHERE m.id = $1",
        colonnes_message()
    ))
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let envoye = message(&row)?;
    tx.commit().await?;
    Ok(Ecrit {
        resultat: envoye,
        signaux,
    })
}

/// Marks read, for `lecteur` (on the side `cote`), every unread message of the other side in
/// the conversation; answers the time written when there was any (else nothing changes and
/// nothing is signalled).
pub async fn marquer_lu(
    db: &Database,
    conversation: &Conversation,
    lecteur: i64,
    cote: Cote,
    le: DateTime<Utc>,
) -> Result<Ecrit<Option<String>>, sqlx::Error> {
    let lu_le = timestamp(le);
    let autre_cote = match cote {
        Cote::Syndic => "user_id = $3",
        Cote::Coproprietaire => "user_id <> $3",
    };
    let mut tx = db.pool.begin().await?;
    let marques = sqlx::query(&format!(
        "UPDATE messages SET lu_le = $1 \
         WHERE conversation_id = $2 AND lu_le IS NULL AND {autre_cote}"
    ))
    .bind(&lu_le)
    .bind(conversation.id)
    .bind(conversation.coproprietaire_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if marques == 0 {
        tx.rollback().await?;
        return Ok(Ecrit {
            resultat: None,
            signaux: Vec::new(),
        });
    }
    let signal = Signal {
        residence_id: conversation.residence_id,
        kind: Genre::Lu,
        ids: vec![conversation.id, lecteur],
        read_at: Some(lu_le.clone()),
    };
    temps_reel::signaler(&mut tx, db.dialect, &signal).await?;
    tx.commit().await?;
    Ok(Ecrit {
        resultat: Some(lu_le),
        signaux: vec![signal],
    })
}

/// Records an open socket of `user_id` on server `serveur`; answers its id.
pub async fn presence_ouverte(
    db: &Database,
    serveur: &str,
    residence_id: i64,
    user_id: i64,
    le: DateTime<Utc>,
) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO chat_presences (serveur, residence_id, user_id, vu_le) \
         VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(serveur)
    .bind(residence_id)
    .bind(user_id)
    .bind(timestamp(le))
    .fetch_one(&db.pool)
    .await?
    .try_get("id")
}

/// Forgets a socket that closed.
pub async fn presence_fermee(db: &Database, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM chat_presences WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Refreshes every open socket of server `serveur` (one statement per server), and forgets the
/// sockets no server refreshed in time (a server that stopped without closing them).
pub async fn presences_rafraichies(
    db: &Database,
    serveur: &str,
    le: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE chat_presences SET vu_le = $1 WHERE serveur = $2")
        .bind(timestamp(le))
        .bind(serveur)
        .execute(&db.pool)
        .await?;
    sqlx::query("DELETE FROM chat_presences WHERE vu_le <= $1")
        .bind(timestamp(le - PRESENCE_VALABLE))
        .execute(&db.pool)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conversation_de(coproprietaire_id: i64) -> Conversation {
        Conversation {
            id: 1,
            residence_id: 1,
            coproprietaire_id,
            nom_resident: "Leïla".into(),
        }
    }

    #[test]
    fn the_co_owner_of_a_conversation_is_on_the_co_owners_side() {
        // Given Leïla's conversation
        let conversation = conversation_de(7);
        // When Leïla writes in it
        // Then her message is on the co-owner's side
        assert_eq!(conversation.cote_de(7), Cote::Coproprietaire);
    }

    #[test]
    fn anyone_else_in_a_conversation_speaks_for_the_syndic() {
        // Given Leïla's conversation
        let conversation = conversation_de(7);
        // When a council member writes in it
        // Then the message is on the syndic's side
        assert_eq!(conversation.cote_de(8), Cote::Syndic);
    }
}
