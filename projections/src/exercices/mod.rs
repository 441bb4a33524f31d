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
        1
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn tables(&self) -> &'static [&'static str] {
        &["exercices_view"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut opened: NewRows<(i64, i64), ExerciceViewRow> = NewRows::default();
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
