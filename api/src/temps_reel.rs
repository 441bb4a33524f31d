//! The real-time channel's server side (docs/architecture.md "Real time across servers",
//! docs/api-communaute.md "WebSocket"; issue 18): each server keeps its own sockets in a
//! [`Hub`], one list per residence, and fans every [`Signal`] out to those of the residence
//! entitled to it.
//!
//! Where signals come from depends on the store, chosen at start ([`TempsReel::demarrer`]):
//! - PostgreSQL (several servers behind a load balancer): the writer NOTIFYs on
//!   [`temps_reel::CANAL`] in its own transaction; every server LISTENs on a connection of its
//!   own ([`PgListener`], reconnected when lost), loads the rows named and fans them out. A
//!   server hears its own writes that way too: one path for all.
//! - SQLite (one process): the handler hands the signal to the hub once its transaction has
//!   committed ([`TempsReel::apres_commit`]).
//!
//! Signals are handled one at a time, in the order received, by one task: two messages reach
//! every socket in the order they were committed. A socket that does not keep up (its queue of
//! [`FILE_PAR_SOCKET`] frames full) is dropped: its client reconnects and catches up
//! (`?apres=`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use daftar_projections::chat;
use daftar_projections::temps_reel::{self, Genre, Signal};
use daftar_projections::{Database, Dialect};
use serde_json::json;
use sqlx::postgres::PgListener;
use tokio::sync::{mpsc, watch};

use crate::routes::chat::MessageDto;

/// The frames a socket may have waiting before it is dropped as too slow.
pub const FILE_PAR_SOCKET: usize = 256;

/// One frame for a socket: its JSON text, shared by every socket it goes to, and the message id
/// it carries (a socket skips a message it already sent while catching up).
#[derive(Debug, Clone)]
pub struct Trame {
    pub message_id: Option<i64>,
    pub texte: Arc<str>,
}

/// Who a socket belongs to, and so what it receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Destinataire {
    pub residence_id: i64,
    pub user_id: i64,
    /// A council member receives every conversation of the residence; anyone else only their
    /// own (the conversation whose co-owner they are).
    pub is_syndic: bool,
}

impl Destinataire {
    fn lit(&self, coproprietaire_id: i64) -> bool {
        self.is_syndic || self.user_id == coproprietaire_id
    }
}

struct Abonne {
    id: u64,
    qui: Destinataire,
    envoi: mpsc::Sender<Trame>,
}

/// The sockets of this server, by residence.
#[derive(Default)]
pub struct Hub {
    abonnes: Mutex<HashMap<i64, Vec<Abonne>>>,
    prochain: AtomicU64,
}

/// A socket's subscription: its frames arrive on `trames`; dropping it unsubscribes.
pub struct Abonnement {
    hub: Arc<Hub>,
    residence_id: i64,
    id: u64,
    pub trames: mpsc::Receiver<Trame>,
}

impl Drop for Abonnement {
    fn drop(&mut self) {
        self.hub.retirer(self.residence_id, self.id);
    }
}

impl Hub {
    /// Subscribes a socket of `qui`.
    pub fn abonner(self: &Arc<Self>, qui: Destinataire) -> Abonnement {
        let (envoi, trames) = mpsc::channel(FILE_PAR_SOCKET);
        let id = self.prochain.fetch_add(1, Ordering::Relaxed);
        self.verrou()
            .entry(qui.residence_id)
            .or_default()
            .push(Abonne { id, qui, envoi });
        Abonnement {
            hub: self.clone(),
            residence_id: qui.residence_id,
            id,
            trames,
        }
    }

    /// How many sockets this server holds.
    pub fn sockets(&self) -> usize {
        self.verrou().values().map(Vec::len).sum()
    }

    fn verrou(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Vec<Abonne>>> {
        // A panic while holding the lock leaves the lists consistent (every change is one
        // push or retain): keep serving.
        self.abonnes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn retirer(&self, residence_id: i64, id: u64) {
        let mut abonnes = self.verrou();
        if let Some(liste) = abonnes.get_mut(&residence_id) {
            liste.retain(|abonne| abonne.id != id);
            if liste.is_empty() {
                abonnes.remove(&residence_id);
            }
        }
    }

    /// Sends `trame` to the sockets of the residence that `pour` admits; drops those whose
    /// queue is full or whose socket is gone.
    fn envoyer(&self, residence_id: i64, trame: &Trame, pour: impl Fn(&Destinataire) -> bool) {
        let mut abonnes = self.verrou();
        let Some(liste) = abonnes.get_mut(&residence_id) else {
            return;
        };
        liste.retain(|abonne| {
            if !pour(&abonne.qui) {
                return true;
            }
            abonne.envoi.try_send(trame.clone()).is_ok()
        });
    }

    fn a_des_sockets(&self, residence_id: i64) -> bool {
        self.verrou().contains_key(&residence_id)
    }

    /// Loads what `signal` names and sends it to the entitled sockets of its residence.
    async fn distribuer(&self, db: &Database, signal: Signal) -> Result<(), sqlx::Error> {
        if !self.a_des_sockets(signal.residence_id) {
            return Ok(());
        }
        match signal.kind {
            Genre::Message => {
                for id in signal.ids {
                    let Some(message) =
                        chat::message_de_la_residence(db, signal.residence_id, id).await?
                    else {
                        continue;
                    };
                    let Some(conversation) = chat::conversation_de_la_residence(
                        db,
                        signal.residence_id,
                        message.conversation_id,
                    )
                    .await?
                    else {
                        continue;
                    };
                    let trame = trame_message(message);
                    self.envoyer(signal.residence_id, &trame, |qui| {
                        qui.lit(conversation.coproprietaire_id)
                    });
                }
            }
            Genre::Lu => {
                let (Some(&conversation_id), Some(&lecteur_id)) =
                    (signal.ids.first(), signal.ids.get(1))
                else {
                    return Ok(());
                };
                let Some(conversation) =
                    chat::conversation_de_la_residence(db, signal.residence_id, conversation_id)
                        .await?
                else {
                    return Ok(());
                };
                let trame = Trame {
                    message_id: None,
                    texte: json!({
                        "type": "lu",
                        "conversation_id": conversation_id,
                        "lecteur_id": lecteur_id,
                        "read_at": signal.read_at,
                    })
                    .to_string()
                    .into(),
                };
                self.envoyer(signal.residence_id, &trame, |qui| {
                    qui.lit(conversation.coproprietaire_id)
                });
            }
            Genre::Notification => {
                let trame = Trame {
                    message_id: None,
                    texte: json!({ "type": "notification" }).to_string().into(),
                };
                self.envoyer(signal.residence_id, &trame, |qui| {
                    signal.ids.contains(&qui.user_id)
                });
            }
        }
        Ok(())
    }
}

/// The frame of a message (the contract's `{"type":"message",…}`).
pub fn trame_message(message: chat::Message) -> Trame {
    let message_id = message.id;
    let conversation_id = message.conversation_id;
    let texte = json!({
        "type": "message",
        "conversation_id": conversation_id,
        "message": MessageDto::from(message),
    })
    .to_string();
    Trame {
        message_id: Some(message_id),
        texte: texte.into(),
    }
}

/// The real-time channel of this server: its hub, and where its signals come from.
pub struct TempsReel {
    pub hub: Arc<Hub>,
    /// This server's name among those sharing the database (its sockets' presence rows).
    pub serveur: String,
    dialect: Dialect,
    signaux: mpsc::UnboundedSender<Signal>,
    /// True once the server hears the other servers (always on SQLite).
    pret: watch::Receiver<bool>,
}

impl TempsReel {
    /// Starts the channel over `db`: the task that fans signals out, the refresh of this
    /// server's sockets' presence, and on PostgreSQL the listener of `database_url`.
    pub fn demarrer(db: Database, database_url: &str) -> Arc<Self> {
        let hub = Arc::new(Hub::default());
        let serveur = uuid::Uuid::new_v4().simple().to_string();
        let (signaux, mut recus) = mpsc::unbounded_channel::<Signal>();
        let (pret_tx, pret) = watch::channel(db.dialect == Dialect::Sqlite);
        {
            let hub = hub.clone();
            let db = db.clone();
            tokio::spawn(async move {
                while let Some(signal) = recus.recv().await {
                    if let Err(error) = hub.distribuer(&db, signal).await {
                        tracing::warn!(%error, "real-time signal not fanned out");
                    }
                }
            });
        }
        {
            let db = db.clone();
            let serveur = serveur.clone();
            tokio::spawn(async move {
                let mut tic = tokio::time::interval(chat::PRESENCE_RAFRAICHIE_TOUTES_LES);
                loop {
                    tic.tick().await;
                    if let Err(error) =
                        chat::presences_rafraichies(&db, &serveur, chrono::Utc::now()).await
                    {
                        tracing::warn!(%error, "sockets' presence not refreshed");
                    }
                }
            });
        }
        if db.dialect == Dialect::Postgres {
            tokio::spawn(ecouter(database_url.to_owned(), signaux.clone(), pret_tx));
        }
        Arc::new(Self {
            hub,
            serveur,
            dialect: db.dialect,
            signaux,
            pret,
        })
    }

    /// Hands what a committed write signalled to this server's hub (SQLite); on PostgreSQL the
    /// listener hears it from the database, so nothing is done here.
    pub fn apres_commit(&self, signaux: Vec<Signal>) {
        if self.dialect != Dialect::Sqlite {
            return;
        }
        for signal in signaux {
            // The receiving task lives as long as the server.
            let _ = self.signaux.send(signal);
        }
    }

    /// Waits (at most `delai`) until this server hears the other servers' signals; false if it
    /// still does not.
    pub async fn attendre_ecoute(&self, delai: Duration) -> bool {
        if self.dialect == Dialect::Sqlite {
            return true;
        }
        let mut pret = self.pret.clone();
        tokio::time::timeout(delai, pret.wait_for(|pret| *pret))
            .await
            .is_ok_and(|attendu| attendu.is_ok())
    }
}

/// Listens on [`temps_reel::CANAL`] on a connection of its own, for ever: reconnects (after a
/// second) when the connection fails. Signals committed while it was lost are not heard; the
/// sockets' clients catch up when they reconnect.
async fn ecouter(url: String, signaux: mpsc::UnboundedSender<Signal>, pret: watch::Sender<bool>) {
    loop {
        match PgListener::connect(&url).await {
            Ok(mut listener) => match listener.listen(temps_reel::CANAL).await {
                Ok(()) => {
                    let _ = pret.send(true);
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(notification)) => {
                                match serde_json::from_str::<Signal>(notification.payload()) {
                                    Ok(signal) => {
                                        if signaux.send(signal).is_err() {
                                            return;
                                        }
                                    }
                                    Err(error) => {
                                        tracing::warn!(%error, "unreadable real-time signal")
                                    }
                                }
                            }
                            // The connection was lost; the listener reconnects on the next call.
                            Ok(None) => tracing::warn!("real-time listener reconnecting"),
                            Err(error) => {
                                tracing::warn!(%error, "real-time listener failed");
                                break;
                            }
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "LISTEN failed"),
            },
            Err(error) => tracing::warn!(%error, "real-time listener cannot connect"),
        }
        let _ = pret.send(false);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
