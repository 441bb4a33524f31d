//! Read model "which properties does this residence have?" (the base of GET /api/proprietes,
//! completed with payers by the occupancy module).

use async_trait::async_trait;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::propriete::{ProprieteEvent, ProprieteId, TypePropriete};
use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::db::Database;
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::text::{as_text, enum_column};

/// One property as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProprieteRow {
    pub id: ProprieteId,
    pub nom: String,
    #[serde(rename = "type")]
    pub type_propriete: TypePropriete,
    /// Square metres, the stored normalized decimal text (`"95.5"`).
    pub surface: Option<String>,
    pub description: Option<String>,
}

pub struct ProprietesView;

#[async_trait]
impl ReadModel for ProprietesView {
    fn name(&self) -> &'static str {
        "proprietes"
    }

    fn version(&self) -> i64 {
        1
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn tables(&self) -> &'static [&'static str] {
        &["proprietes_view"]
    }

    async fn apply(
        &self,
        conn: &mut AnyConnection,
        event: &ProjectedEvent,
    ) -> Result<(), ProjectionError> {
        let Some((residence_id, GrandLivreEvent::Propriete(decoded))) = event.residence() else {
            return Ok(());
        };
        match decoded {
            ProprieteEvent::ProprieteEnregistree {
                propriete_id,
                nom,
                type_propriete,
                surface,
                description,
            } => {
                let type_text = as_text(type_propriete);
                sqlx::query(
                "INSERT INTO proprietes_view (residence_id, propriete_id, nom, type_propriete, \
                 surface, description) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(residence_id)
            .bind(propriete_id)
            .bind(nom)
            .bind(type_text)
            .bind(surface.map(|s| s.normalize().to_string()))
            .bind(description)
            .execute(conn)
            .await?;
            }
        }
        Ok(())
    }
}

/// The properties of a residence in registration order.
pub async fn list(db: &Database, residence_id: i64) -> Result<Vec<ProprieteRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT propriete_id, nom, type_propriete, surface, description FROM proprietes_view \
         WHERE residence_id = $1 ORDER BY propriete_id",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ProprieteRow {
                id: row.try_get("propriete_id")?,
                nom: row.try_get("nom")?,
                type_propriete: enum_column(row, "type_propriete")?,
                surface: row.try_get("surface")?,
                description: row.try_get("description")?,
            })
        })
        .collect()
}
