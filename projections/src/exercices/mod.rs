//! Read model "which fiscal years does this residence have, and in which state?"
//! (GET /api/exercices, spec 3 §7).

use async_trait::async_trait;
use daftar_domain::exercice::{ExerciceEvent, StatutExercice};
use daftar_domain::grand_livre::GrandLivreEvent;
use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::db::Database;
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{ColumnType, NewRows, TableRow, Value};
use crate::text::{enum_column, narrow_column};

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "exercices";

/// One row of the exercices read model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExerciceRow {
    pub annee: i32,
    pub statut: StatutExercice,
    /// When it was opened (the event's `recorded_at`, UTC).
    pub ouvert_le: String,
    /// When it was closed (the event's `recorded_at`, UTC).
    pub cloture_le: Option<String>,
}

pub struct ExercicesView;

#[async_trait]
impl ReadModel for ExercicesView {
    fn name(&self) -> &'static str {
        MODEL
    }

    fn version(&self) -> i64 {
        // 2: the closing pack's documents (issue 15).
        2
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn tables(&self) -> &'static [&'static str] {
        &["exercices_view", "exercices_pack"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut opened: NewRows<(i64, i64), ExerciceViewRow> = NewRows::default();
        let mut documents_pack: NewRows<(i64, i64, String), PackRow> = NewRows::default();
        for event in events {
            let Some((residence_id, GrandLivreEvent::Exercice(decoded))) = event.residence() else {
                continue;
            };
            match decoded {
                ExerciceEvent::ExerciceOuvert { annee } => opened.insert(
                    (residence_id, i64::from(*annee)),
                    ExerciceViewRow {
                        residence_id,
                        annee: i64::from(*annee),
                        statut: "ouvert",
                        ouvert_le: event.recorded_at().to_owned(),
                        cloture_le: None,
                    },
                ),
                ExerciceEvent::ExerciceCloture(cloture) => {
                    let annee = &cloture.annee;
                    for empreinte in cloture.pack.iter().flat_map(|pack| &pack.empreintes) {
                        documents_pack.insert(
                            (residence_id, i64::from(*annee), empreinte.document.clone()),
                            PackRow {
                                residence_id,
                                annee: i64::from(*annee),
                                document: empreinte.document.clone(),
                                sha256: empreinte.sha256.clone(),
                            },
                        );
                    }
                    // The closing's day; closings recorded before it was kept: their
                    // recording time.
                    let le = cloture
                        .le
                        .map(|le| le.to_string())
                        .unwrap_or_else(|| event.recorded_at().to_owned());
                    match opened.get_mut(&(residence_id, i64::from(*annee))) {
                        Some(row) => {
                            row.statut = "cloture";
                            row.cloture_le = Some(le);
                        }
                        None => {
                            sqlx::query(
                                "UPDATE exercices_view SET statut = 'cloture', cloture_le = $1 \
                                 WHERE residence_id = $2 AND annee = $3",
                            )
                            .bind(le)
                            .bind(residence_id)
                            .bind(i64::from(*annee))
                            .execute(&mut *conn)
                            .await?;
                        }
                    }
                }
            }
        }
        opened.write(conn).await?;
        documents_pack.write(conn).await?;
        Ok(())
    }
}

struct ExerciceViewRow {
    residence_id: i64,
    annee: i64,
    statut: &'static str,
    ouvert_le: String,
    cloture_le: Option<String>,
}

impl TableRow for ExerciceViewRow {
    const TABLE: &'static str = "exercices_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("annee", ColumnType::BigInt),
        ("statut", ColumnType::Text),
        ("ouvert_le", ColumnType::Text),
        ("cloture_le", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.annee),
            Value::Text(self.statut),
            Value::Text(self.ouvert_le.as_str()),
            (&self.cloture_le).into(),
        ]
    }
}

/// A document of a year's closing pack: its file name and SHA-256 (its bytes are in the
/// documents' store under that hash).
struct PackRow {
    residence_id: i64,
    annee: i64,
    document: String,
    sha256: String,
}

impl TableRow for PackRow {
    const TABLE: &'static str = "exercices_pack";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("annee", ColumnType::BigInt),
        ("document", ColumnType::Text),
        ("sha256", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.annee),
            Value::Text(self.document.as_str()),
            Value::Text(self.sha256.as_str()),
        ]
    }
}

/// The closing pack of a closed year: (file name, SHA-256) in name order; empty for an open
/// year or a year closed without a pack.
pub async fn pack(
    db: &Database,
    residence_id: i64,
    annee: i32,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT document, sha256 FROM exercices_pack \
         WHERE residence_id = $1 AND annee = $2 ORDER BY document",
    )
    .bind(residence_id)
    .bind(i64::from(annee))
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("document")?, row.try_get("sha256")?)))
        .collect()
}

/// Whether the residence has the fiscal year `annee`.
pub async fn existe(db: &Database, residence_id: i64, annee: i32) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM exercices_view WHERE residence_id = $1 AND annee = $2",
    )
    .bind(residence_id)
    .bind(i64::from(annee))
    .fetch_one(&db.pool)
    .await?;
    Ok(n > 0)
}

/// The fiscal years of a residence, newest first.
pub async fn list(db: &Database, residence_id: i64) -> Result<Vec<ExerciceRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT annee, statut, ouvert_le, cloture_le FROM exercices_view \
         WHERE residence_id = $1 ORDER BY annee DESC",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ExerciceRow {
                annee: narrow_column(row, "annee")?,
                statut: enum_column(row, "statut")?,
                ouvert_le: row.try_get("ouvert_le")?,
                cloture_le: row.try_get("cloture_le")?,
            })
        })
        .collect()
}
