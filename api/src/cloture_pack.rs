//! The closing pack of a fiscal year (issue 15; `daftar_rapports`): rendered from the
//! residence's journal replayed in memory, proved by the SHA-256 of each document and of the
//! journal's last event it was rendered from (recorded in the closing event), and stored with
//! the year. `daftar audit replay` renders it again from the same events and compares, byte
//! for byte ([`verifier`]).
//!
//! One path renders every report, for a closing, an audit and a download alike: the events of
//! the stream → [`daftar_rapports::rejouer`] → the documents.

use chrono::{Datelike, NaiveDate};
use daftar_domain::comptabilite::Livres;
use daftar_domain::exercice::{Cloture, Empreinte, ExerciceEvent, PackCloture, TeteJournal};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreEvent};
use daftar_domain::ids::ResidenceId;
use daftar_projections::journal::Journal;
use daftar_projections::Database;
use daftar_rapports::{BudgetExercice, Contexte, Document, ElementBudget, Etat};
use sha2::{Digest, Sha256};

use crate::documents::{DocumentStore, ErreurStockage};
use crate::error::{ApiError, ErrorCode};
use crate::identity;
use crate::startup::AppState;

/// The residence's state and books rebuilt from its journal, and the journal's last event they
/// include.
pub struct Rejeu {
    pub livre: GrandLivre,
    pub livres: Livres,
    pub tete: TeteJournal,
}

/// The residence's journal, decoded, with each event's sequence and hash.
async fn evenements(
    db: &Database,
    residence_id: i64,
) -> anyhow::Result<Vec<(i64, String, GrandLivreEvent)>> {
    let journal = Journal::new(db.clone());
    let stored = journal
        .load_stream("grand_livre", &ResidenceId(residence_id).stream_id(), 0)
        .await?;
    stored
        .iter()
        .map(|event| {
            let decoded = daftar_projections::ledger::decode::<GrandLivre>(event)
                .map_err(|error| anyhow::anyhow!("event {}: {error}", event.sequence))?;
            Ok((event.sequence, event.hash.clone(), decoded))
        })
        .collect()
}

/// Replays events up to sequence `jusqu_a` included (all of them without it).
fn rejouer(events: Vec<(i64, String, GrandLivreEvent)>, jusqu_a: Option<i64>) -> Rejeu {
    let mut tete = TeteJournal {
        sequence: 0,
        hash: "0".repeat(64),
    };
    let retenus = events
        .into_iter()
        .take_while(|(sequence, _, _)| jusqu_a.is_none_or(|fin| *sequence <= fin))
        .map(|(sequence, hash, event)| {
            tete = TeteJournal { sequence, hash };
            event
        })
        .collect::<Vec<_>>();
    let (livre, livres) = daftar_rapports::rejouer(retenus);
    Rejeu {
        livre,
        livres,
        tete,
    }
}

/// The residence's name as the documents print it.
async fn nom_residence(db: &Database, residence_id: i64) -> Result<String, ApiError> {
    Ok(identity::find_residence(db, residence_id)
        .await
        .map_err(ApiError::internal)?
        .map(|residence| residence.nom)
        .unwrap_or_default())
}

/// What the documents say about themselves, with the year's budget (the statements' budget
/// columns) as the replayed state holds it.
fn contexte(residence: String, annee: i32, etat: Etat, livre: &GrandLivre) -> Contexte {
    let budget = livre.budgets.budget(annee).map(|budget| BudgetExercice {
        titre: budget.titre.clone(),
        elements: budget
            .elements
            .iter()
            .map(|element| ElementBudget {
                categorie_id: Some(element.categorie_id),
                montant: element.montant,
            })
            .collect(),
    });
    Contexte {
        residence,
        annee,
        etat,
        budget,
    }
}

fn sha256(octets: &[u8]) -> String {
    hex::encode(Sha256::digest(octets))
}

/// Renders off the async workers (typst and the xlsx writer take tens of milliseconds).
async fn rendre<T: Send + 'static>(
    travail: impl FnOnce() -> Result<T, daftar_rapports::RapportError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(travail)
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

/// A pack rendered for a closing: its proof and its documents.
pub struct PackPrepare {
    pub preuve: PackCloture,
    pub documents: Vec<Document>,
}

/// Renders the pack of `annee`, closed on `le`, from the journal as it stands.
pub async fn preparer(
    db: &Database,
    residence_id: i64,
    annee: i32,
    le: NaiveDate,
) -> Result<PackPrepare, ApiError> {
    let residence = nom_residence(db, residence_id).await?;
    let rejeu = rejouer(
        evenements(db, residence_id)
            .await
            .map_err(ApiError::internal)?,
        None,
    );
    let ecritures = rejeu.livre.soldes.ecritures(annee);
    let ctx = contexte(residence.clone(), annee, Etat::Cloture { le }, &rejeu.livre);
    let Rejeu {
        livre,
        livres,
        tete,
    } = rejeu;
    let documents = rendre(move || daftar_rapports::dossier_cloture(&livre, &livres, &ctx)).await?;
    let empreintes = documents
        .iter()
        .map(|document| Empreinte {
            document: document.nom.clone(),
            sha256: sha256(&document.octets),
        })
        .collect();
    Ok(PackPrepare {
        preuve: PackCloture {
            residence,
            empreintes,
            tete_journal: tete,
            ecritures,
        },
        documents,
    })
}

/// Keeps the pack's documents with the year (the documents' store, by their hashes).
pub async fn conserver(
    store: &DocumentStore,
    residence_id: i64,
    pack: &PackPrepare,
) -> Result<(), ApiError> {
    for document in &pack.documents {
        store
            .put_octets(
                residence_id,
                &sha256(&document.octets),
                document.octets.clone(),
            )
            .await?;
    }
    Ok(())
}

/// What an open year's report is rendered as: provisional, as the books stand at the end of
/// the year or today, whichever comes first.
fn provisoire(annee: i32, today: NaiveDate) -> Etat {
    let fin = NaiveDate::from_ymd_opt(annee, 12, 31).unwrap_or(today);
    Etat::Provisoire {
        au: if today.year() > annee { fin } else { today },
    }
}

/// A document of the year for a download: a closed year's as stored at its closing (byte for
/// byte what its hash says); an open year's rendered now, provisional.
pub enum Telechargement {
    TresoreriePdf,
    TresorerieXlsx,
    Details,
}

impl Telechargement {
    pub fn nom(&self, annee: i32) -> String {
        match self {
            Telechargement::TresoreriePdf => format!("tresorerie_{annee}.pdf"),
            Telechargement::TresorerieXlsx => format!("tresorerie_{annee}.xlsx"),
            Telechargement::Details => format!("DetailsFinanciers_{annee}.zip"),
        }
    }

    pub fn content_type(&self) -> &'static str {
        match self {
            Telechargement::TresoreriePdf => "application/pdf",
            Telechargement::TresorerieXlsx => {
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
            Telechargement::Details => "application/zip",
        }
    }
}

/// The bytes of one document of year `annee` (which the caller checked exists).
pub async fn document(
    state: &AppState,
    residence_id: i64,
    annee: i32,
    quoi: Telechargement,
) -> Result<Vec<u8>, ApiError> {
    let nom = quoi.nom(annee);
    let stocke = daftar_projections::exercices::pack(&state.db, residence_id, annee)
        .await?
        .into_iter()
        .find(|(document, _)| *document == nom);
    if let Some((_, sha256)) = stocke {
        match state.documents.get(residence_id, &sha256).await {
            Ok(octets) => return Ok(octets.to_vec()),
            // A pack recorded without its files stored (the demo's, a store moved): rendered
            // again from the journal as at its closing, which gives the same bytes.
            Err(ErreurStockage::Introuvable) => {
                let (_, documents) = pack_rendu(&state.db, residence_id, annee)
                    .await
                    .map_err(ApiError::internal)?
                    .ok_or(ErrorCode::ExerciceInconnu)?;
                return documents
                    .into_iter()
                    .find(|document| document.nom == nom)
                    .map(|document| document.octets)
                    .ok_or_else(|| ErrorCode::ExerciceInconnu.into());
            }
            Err(error) => return Err(ApiError::internal(error)),
        }
    }
    let residence = nom_residence(&state.db, residence_id).await?;
    let rejeu = rejouer(
        evenements(&state.db, residence_id)
            .await
            .map_err(ApiError::internal)?,
        None,
    );
    let ctx = contexte(
        residence,
        annee,
        provisoire(annee, state.today()),
        &rejeu.livre,
    );
    let Rejeu { livre, livres, .. } = rejeu;
    rendre(move || match quoi {
        Telechargement::TresoreriePdf => {
            daftar_rapports::tableau_tresorerie_pdf(&livre, &livres, &ctx)
        }
        Telechargement::TresorerieXlsx => {
            daftar_rapports::tableau_tresorerie_xlsx(&livre, &livres, &ctx)
        }
        Telechargement::Details => {
            let details = daftar_rapports::details(&livre, &livres, &ctx)?;
            let date = match ctx.etat {
                Etat::Provisoire { au } => au,
                Etat::Cloture { le } => le,
            };
            daftar_rapports::zip_details(&details, date)
        }
    })
    .await
}

/// What an audit of a closed year found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ecart {
    /// The year has no closing with a pack to compare with.
    AucunPack,
    /// The journal's event the pack was rendered from no longer has the recorded hash.
    TeteJournal {
        sequence: i64,
        attendu: String,
        trouve: String,
    },
    /// A document rendered again differs from the recorded one.
    Document {
        nom: String,
        attendu: String,
        trouve: String,
    },
    /// A recorded document was not rendered again, or the other way round.
    DocumentManquant { nom: String },
}

impl std::fmt::Display for Ecart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ecart::AucunPack => write!(f, "no closing pack recorded for this year"),
            Ecart::TeteJournal {
                sequence,
                attendu,
                trouve,
            } => write!(
                f,
                "journal event {sequence}: recorded hash {attendu}, found {trouve}"
            ),
            Ecart::Document {
                nom,
                attendu,
                trouve,
            } => write!(f, "{nom}: recorded SHA-256 {attendu}, rendered {trouve}"),
            Ecart::DocumentManquant { nom } => write!(f, "{nom}: in one pack only"),
        }
    }
}

/// The closing of year `annee` as recorded, and its pack rendered again from the journal up to
/// the event it was rendered from (`None` when the year has no closing with a pack).
async fn pack_rendu(
    db: &Database,
    residence_id: i64,
    annee: i32,
) -> anyhow::Result<Option<((NaiveDate, PackCloture, String), Vec<Document>)>> {
    let events = evenements(db, residence_id).await?;
    let cloture = events.iter().find_map(|(_, _, event)| match event {
        GrandLivreEvent::Exercice(ExerciceEvent::ExerciceCloture(cloture))
            if cloture.annee == annee =>
        {
            Some(cloture.clone())
        }
        _ => None,
    });
    let Some(Cloture {
        le: Some(le),
        pack: Some(pack),
        ..
    }) = cloture
    else {
        return Ok(None);
    };
    let hash_trouve = events
        .iter()
        .find(|(sequence, _, _)| *sequence == pack.tete_journal.sequence)
        .map(|(_, hash, _)| hash.clone())
        .unwrap_or_default();
    let rejeu = rejouer(events, Some(pack.tete_journal.sequence));
    let ctx = contexte(
        pack.residence.clone(),
        annee,
        Etat::Cloture { le },
        &rejeu.livre,
    );
    let documents = tokio::task::spawn_blocking(move || {
        daftar_rapports::dossier_cloture(&rejeu.livre, &rejeu.livres, &ctx)
    })
    .await??;
    Ok(Some(((le, pack, hash_trouve), documents)))
}

/// Rebuilds the books of closed year `annee` from the journal up to the event its pack was
/// rendered from, renders the pack again and compares it with the recorded hashes. Answers
/// what differs (nothing when the year is provably untouched) and the documents compared.
pub async fn verifier(
    db: &Database,
    residence_id: i64,
    annee: i32,
) -> anyhow::Result<(Vec<Ecart>, usize)> {
    let Some(((_, pack, trouve), documents)) = pack_rendu(db, residence_id, annee).await? else {
        return Ok((vec![Ecart::AucunPack], 0));
    };
    let mut ecarts = Vec::new();
    if trouve != pack.tete_journal.hash {
        ecarts.push(Ecart::TeteJournal {
            sequence: pack.tete_journal.sequence,
            attendu: pack.tete_journal.hash.clone(),
            trouve,
        });
    }
    for empreinte in &pack.empreintes {
        match documents.iter().find(|d| d.nom == empreinte.document) {
            None => ecarts.push(Ecart::DocumentManquant {
                nom: empreinte.document.clone(),
            }),
            Some(document) => {
                let rendu = sha256(&document.octets);
                if rendu != empreinte.sha256 {
                    ecarts.push(Ecart::Document {
                        nom: empreinte.document.clone(),
                        attendu: empreinte.sha256.clone(),
                        trouve: rendu,
                    });
                }
            }
        }
    }
    for document in &documents {
        if !pack.empreintes.iter().any(|e| e.document == document.nom) {
            ecarts.push(Ecart::DocumentManquant {
                nom: document.nom.clone(),
            });
        }
    }
    Ok((ecarts, pack.empreintes.len()))
}
