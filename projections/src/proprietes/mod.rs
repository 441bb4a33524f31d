//! Read model "which properties does this residence have?" (the base of GET /api/proprietes,
//! completed with payers by the occupancy module).

use async_trait::async_trait;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::propriete::{ProprieteEvent, ProprieteId, TypePropriete};
use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::db::Database;
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{insert_all, ColumnType, TableRow, Value};
use crate::text::{as_text, enum_column};

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "proprietes";

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
        MODEL
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

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut created: Vec<ProprieteViewRow> = Vec::new();
        for event in events {
            let Some((residence_id, GrandLivreEvent::Propriete(decoded))) = event.residence()
            else {
                continue;
            };
            match decoded {
                ProprieteEvent::ProprieteEnregistree {
                    propriete_id,
                    nom,
                    type_propriete,
                    surface,
                    description,
                } => created.push(ProprieteViewRow {
                    residence_id,
                    propriete_id: *propriete_id,
                    nom: nom.clone(),
                    type_propriete: as_text(type_propriete),
                    surface: surface.map(|s| s.normalize().to_string()),
                    description: description.clone(),
                }),
            }
        }
        insert_all(conn, &created).await?;
        Ok(())
    }
}

struct ProprieteViewRow {
    residence_id: i64,
    propriete_id: i64,
    nom: String,
    type_propriete: String,
    surface: Option<String>,
    description: Option<String>,
}

impl TableRow for ProprieteViewRow {
    const TABLE: &'static str = "proprietes_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("propriete_id", ColumnType::BigInt),
        ("nom", ColumnType::Text),
        ("type_propriete", ColumnType::Text),
        ("surface", ColumnType::Text),
        ("description", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.propriete_id),
            Value::Text(self.nom.as_str()),
            Value::Text(self.type_propriete.as_str()),
            (&self.surface).into(),
            (&self.description).into(),
        ]
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
