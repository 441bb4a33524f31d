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
use crate::text::{as_text, date_column, enum_column, optional_date_column};

pub struct OccupancyView;

#[async_trait]
impl ReadModel for OccupancyView {
    fn name(&self) -> &'static str {
        "occupancy"
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

    async fn apply(
        &self,
        conn: &mut AnyConnection,
        event: &ProjectedEvent,
    ) -> Result<(), ProjectionError> {
        let Some((residence_id, GrandLivreEvent::Occupation(decoded))) = event.residence() else {
            return Ok(());
        };
        match decoded {
            OccupationEvent::OccupantCree {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            } => {
                sqlx::query(
                    "INSERT INTO occupants_view (residence_id, occupant_id, nom, tel, email, sexe) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(residence_id)
                .bind(occupant_id)
                .bind(nom)
                .bind(tel)
                .bind(email)
                .bind(as_text(sexe))
                .execute(conn)
                .await?;
            }
            OccupationEvent::OccupantModifie {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            } => {
                sqlx::query(
                    "UPDATE occupants_view SET nom = $1, tel = $2, email = $3, sexe = $4 \
                     WHERE residence_id = $5 AND occupant_id = $6",
                )
                .bind(nom)
                .bind(tel)
                .bind(email)
                .bind(as_text(sexe))
                .bind(residence_id)
                .bind(occupant_id)
                .execute(conn)
                .await?;
            }
            OccupationEvent::OccupationAjoutee {
                occupation_id,
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                sqlx::query(
                    "INSERT INTO occupations_view (residence_id, occupation_id, propriete_id, \
                     occupant_id, type_occupation, date_debut, date_fin, is_payer) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(residence_id)
                .bind(occupation_id)
                .bind(propriete_id)
                .bind(occupant_id)
                .bind(as_text(type_occupation))
                .bind(date_debut.to_string())
                .bind(date_fin.map(|d| d.to_string()))
                .bind(i64::from(*is_payer))
                .execute(conn)
                .await?;
            }
            OccupationEvent::OccupationModifiee {
                occupation_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                sqlx::query(
                    "UPDATE occupations_view SET type_occupation = $1, date_debut = $2, \
                     date_fin = $3, is_payer = $4 WHERE residence_id = $5 AND occupation_id = $6",
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
            OccupationEvent::OccupationSupprimee { occupation_id } => {
                sqlx::query(
                    "DELETE FROM occupations_view WHERE residence_id = $1 AND occupation_id = $2",
                )
                .bind(residence_id)
                .bind(occupation_id)
                .execute(conn)
                .await?;
            }
        }
        Ok(())
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
