//! Read model "which fiscal years does this residence have, and in which state?"
//! (GET /api/exercices, spec 3 §7).

use async_trait::async_trait;
use daftar_domain::exercice::{ExerciceEvent, StatutExercice};
use daftar_domain::grand_livre::GrandLivreEvent;
use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::db::Database;
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::text::{enum_column, narrow_column};

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
        "exercices"
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

    async fn apply(
        &self,
        conn: &mut AnyConnection,
        event: &ProjectedEvent,
    ) -> Result<(), ProjectionError> {
        let Some((residence_id, GrandLivreEvent::Exercice(decoded))) = event.residence() else {
            return Ok(());
        };
        match decoded {
            ExerciceEvent::ExerciceOuvert { annee } => {
                sqlx::query(
                    "INSERT INTO exercices_view (residence_id, annee, statut, ouvert_le) \
                     VALUES ($1, $2, 'ouvert', $3)",
                )
                .bind(residence_id)
                .bind(i64::from(*annee))
                .bind(event.recorded_at())
                .execute(&mut *conn)
                .await?;
            }
            ExerciceEvent::ExerciceCloture { annee } => {
                sqlx::query(
                    "UPDATE exercices_view SET statut = 'cloture', cloture_le = $1 \
                     WHERE residence_id = $2 AND annee = $3",
                )
                .bind(event.recorded_at())
                .bind(residence_id)
                .bind(i64::from(*annee))
                .execute(&mut *conn)
                .await?;
            }
        }
        Ok(())
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
