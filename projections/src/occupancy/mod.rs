//! Read models "who occupies, and who pays for, each property?" (GET /api/proprietes,
//! /api/proprietes/historique, /api/occupants).
//!
//! The rows mirror the ledger's occupancy facts; who pays at a date is computed with the
//! domain's own rule ([`daftar_domain::occupation::payeuse_a`]), never re-implemented here.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::NaiveDate;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::occupation::OccupationEvent;
use daftar_domain::occupation::{
    payeuse_a, OccupantId, Occupation, OccupationId, Sexe, TypeOccupation,
};
use daftar_domain::propriete::ProprieteId;
use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::db::Database;
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{ColumnType, NewRows, TableRow, Value};
use crate::text::{as_text, date_column, enum_column, optional_date_column};

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "occupancy";

pub struct OccupancyView;

#[async_trait]
impl ReadModel for OccupancyView {
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
        &["occupants_view", "occupations_view"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut batch = Batch::default();
        for event in events {
            if let Some((residence_id, GrandLivreEvent::Occupation(decoded))) = event.residence() {
                batch.apply(conn, residence_id, decoded).await?;
            }
        }
        batch.occupants.write(conn).await?;
        batch.occupations.write(conn).await?;
        Ok(())
    }
}

/// The occupants and occupations a batch creates, replaces or deletes, written at its end (see
/// [`crate::rows`]); a change of some columns of an occupation stored before the batch is a
/// statement of its own.
#[derive(Default)]
struct Batch {
    occupants: NewRows<(i64, i64), OccupantViewRow>,
    occupations: NewRows<(i64, i64), OccupationViewRow>,
}

impl Batch {
    async fn apply(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        decoded: &OccupationEvent,
    ) -> Result<(), sqlx::Error> {
        match decoded {
            OccupationEvent::OccupantCree {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            }
            | OccupationEvent::OccupantModifie {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            } => {
                let key = (residence_id, *occupant_id);
                let row = OccupantViewRow {
                    residence_id,
                    occupant_id: *occupant_id,
                    nom: nom.clone(),
                    tel: tel.clone(),
                    email: email.clone(),
                    sexe: as_text(sexe),
                };
                if matches!(decoded, OccupationEvent::OccupantCree { .. }) {
                    self.occupants.insert(key, row);
                } else {
                    self.occupants.replace(key, row);
                }
            }
            OccupationEvent::OccupationAjoutee {
                occupation_id,
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => self.occupations.insert(
                (residence_id, *occupation_id),
                OccupationViewRow {
                    residence_id,
                    occupation_id: *occupation_id,
                    propriete_id: *propriete_id,
                    occupant_id: *occupant_id,
                    type_occupation: as_text(type_occupation),
                    date_debut: date_debut.to_string(),
                    date_fin: date_fin.map(|d| d.to_string()),
                    is_payer: *is_payer,
                },
            ),
            OccupationEvent::OccupationModifiee {
                occupation_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => match self.occupations.get_mut(&(residence_id, *occupation_id)) {
                Some(row) => {
                    row.type_occupation = as_text(type_occupation);
                    row.date_debut = date_debut.to_string();
                    row.date_fin = date_fin.map(|d| d.to_string());
                    row.is_payer = *is_payer;
                }
                None => {
                    sqlx::query(
                        "UPDATE occupations_view SET type_occupation = $1, date_debut = $2, \
                         date_fin = $3, is_payer = $4 WHERE residence_id = $5 \
                         AND occupation_id = $6",
                    )
                    .bind(as_text(type_occupation))
                    .bind(date_debut.to_string())
                    .bind(date_fin.map(|d| d.to_string()))
                    .bind(i64::from(*is_payer))
                    .bind(residence_id)
                    .bind(occupation_id)
                    .execute(conn)
                    .await?;
                }
            },
            OccupationEvent::OccupationSupprimee { occupation_id } => {
                self.occupations.delete((residence_id, *occupation_id));
            }
        }
        Ok(())
    }
}

struct OccupantViewRow {
    residence_id: i64,
    occupant_id: i64,
    nom: String,
    tel: Option<String>,
    email: Option<String>,
    sexe: String,
}

impl TableRow for OccupantViewRow {
    const TABLE: &'static str = "occupants_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("occupant_id", ColumnType::BigInt),
        ("nom", ColumnType::Text),
        ("tel", ColumnType::Text),
        ("email", ColumnType::Text),
        ("sexe", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.occupant_id),
            Value::Text(self.nom.as_str()),
            (&self.tel).into(),
            (&self.email).into(),
            Value::Text(self.sexe.as_str()),
        ]
    }
}

struct OccupationViewRow {
    residence_id: i64,
    occupation_id: i64,
    propriete_id: i64,
    occupant_id: i64,
    type_occupation: String,
    date_debut: String,
    date_fin: Option<String>,
    is_payer: bool,
}

impl TableRow for OccupationViewRow {
    const TABLE: &'static str = "occupations_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("occupation_id", ColumnType::BigInt),
        ("propriete_id", ColumnType::BigInt),
        ("occupant_id", ColumnType::BigInt),
        ("type_occupation", ColumnType::Text),
        ("date_debut", ColumnType::Text),
        ("date_fin", ColumnType::Text),
        ("is_payer", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.occupation_id),
            Value::from(self.propriete_id),
            Value::from(self.occupant_id),
            Value::Text(self.type_occupation.as_str()),
            Value::Text(self.date_debut.as_str()),
            (&self.date_fin).into(),
            Value::from(self.is_payer),
        ]
    }
}

/// An occupant as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OccupantRow {
    pub id: OccupantId,
    pub nom: String,
    pub tel: Option<String>,
    pub email: Option<String>,
    pub sexe: Sexe,
}

/// One line of a property's occupancy history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OccupationRow {
    pub occupation_id: OccupationId,
    pub propriete_id: ProprieteId,
    pub occupant: OccupantRow,
    pub type_occupation: TypeOccupation,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    /// Designated payer for its period.
    pub is_payer: bool,
    /// Covers `today`.
    pub is_current: bool,
    /// Pays the property's dues `today`.
    pub is_current_payer: bool,
}

fn occupant_from(row: &sqlx::any::AnyRow, prefix: &str) -> Result<OccupantRow, sqlx::Error> {
    Ok(OccupantRow {
        id: row.try_get(format!("{prefix}occupant_id").as_str())?,
        nom: row.try_get(format!("{prefix}nom").as_str())?,
        tel: row.try_get(format!("{prefix}tel").as_str())?,
        email: row.try_get(format!("{prefix}email").as_str())?,
        sexe: enum_column(row, &format!("{prefix}sexe"))?,
    })
}

/// The occupants of a residence, by name.
pub async fn occupants(db: &Database, residence_id: i64) -> Result<Vec<OccupantRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT occupant_id, nom, tel, email, sexe FROM occupants_view WHERE residence_id = $1 \
         ORDER BY nom, occupant_id",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(|row| occupant_from(row, "")).collect()
}

/// The occupancy history of the residence's properties (all, or one), newest first, with who
/// is current and who pays on `today`.
pub async fn historique(
    db: &Database,
    residence_id: i64,
    propriete_id: Option<i64>,
    today: NaiveDate,
) -> Result<Vec<OccupationRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT o.occupation_id, o.propriete_id, o.type_occupation, o.date_debut, o.date_fin, \
         o.is_payer, p.occupant_id, p.nom, p.tel, p.email, p.sexe \
         FROM occupations_view o JOIN occupants_view p \
           ON p.residence_id = o.residence_id AND p.occupant_id = o.occupant_id \
         WHERE o.residence_id = $1 AND ($2 = 0 OR o.propriete_id = $2) \
         ORDER BY o.propriete_id, o.date_debut DESC, o.occupation_id DESC",
    )
    .bind(residence_id)
    .bind(propriete_id.unwrap_or(0))
    .fetch_all(&db.pool)
    .await?;
    let mut lines = Vec::with_capacity(rows.len());
    for row in &rows {
        let occupation = Occupation {
            propriete_id: row.try_get("propriete_id")?,
            occupant_id: row.try_get("occupant_id")?,
            type_occupation: enum_column(row, "type_occupation")?,
            date_debut: date_column(row, "date_debut")?,
            date_fin: optional_date_column(row, "date_fin")?,
            is_payer: row.try_get::<i64, _>("is_payer")? != 0,
        };
        lines.push((
            row.try_get::<i64, _>("occupation_id")?,
            occupation,
            occupant_from(row, "")?,
        ));
    }
    let mut payer_today: BTreeMap<i64, i64> = BTreeMap::new();
    let mut by_property: BTreeMap<i64, Vec<(i64, &Occupation)>> = BTreeMap::new();
    for (id, occupation, _) in &lines {
        by_property
            .entry(occupation.propriete_id)
            .or_default()
            .push((*id, occupation));
    }
    for (propriete, occupations) in &by_property {
        if let Some((id, _)) = payeuse_a(occupations.iter().copied(), today) {
            payer_today.insert(*propriete, id);
        }
    }
    Ok(lines
        .iter()
        .map(|(id, occupation, occupant)| OccupationRow {
            occupation_id: *id,
            propriete_id: occupation.propriete_id,
            occupant: occupant.clone(),
            type_occupation: occupation.type_occupation,
            date_debut: occupation.date_debut,
            date_fin: occupation.date_fin,
            is_payer: occupation.is_payer,
            is_current: occupation.couvre(today),
            is_current_payer: payer_today.get(&occupation.propriete_id) == Some(id),
        })
        .collect())
}
