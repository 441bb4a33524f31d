//! How the revenue events change the cotisations, their dues and the allocation table, a batch
//! at a time (see [`crate::rows`]): the rows a batch creates are written at its end, a few
//! statements per batch. What a due was paid is read from its live encaissements when asked
//! (the encaissements model, [`super::encaissements`]), so no collection touches a due and the
//! two models replay side by side. Corrections of rows stored before the batch (rare) are
//! statements of their own.

use async_trait::async_trait;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::revenus::{MontantDuLance, RevenusEvent};
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{insert_all, ColumnType, NewRows, TableRow, Value};
use crate::text::as_text;

use super::MODEL;

pub struct RevenusView;

/// (residence, id): the primary key of every revenue table.
type Key = (i64, i64);

struct CotisationViewRow {
    residence_id: i64,
    cotisation_id: i64,
    titre: String,
    type_cotisation: String,
    repartition: String,
    date_debut: String,
    date_fin: String,
    date_echeance: String,
}

impl TableRow for CotisationViewRow {
    const TABLE: &'static str = "cotisations_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("cotisation_id", ColumnType::BigInt),
        ("titre", ColumnType::Text),
        ("type_cotisation", ColumnType::Text),
        ("repartition", ColumnType::Text),
        ("date_debut", ColumnType::Text),
        ("date_fin", ColumnType::Text),
        ("date_echeance", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.cotisation_id),
            Value::Text(self.titre.as_str()),
            Value::Text(self.type_cotisation.as_str()),
            Value::Text(self.repartition.as_str()),
            Value::Text(self.date_debut.as_str()),
            Value::Text(self.date_fin.as_str()),
            Value::Text(self.date_echeance.as_str()),
        ]
    }
}

struct MontantDuViewRow {
    residence_id: i64,
    montant_du_id: i64,
    cotisation_id: i64,
    appel: i64,
    appel_debut: String,
    appel_fin: String,
    date_echeance: String,
    propriete_id: i64,
    payeur_id: Option<i64>,
    montant: i64,
}

impl MontantDuViewRow {
    fn of(residence_id: i64, cotisation_id: i64, du: &MontantDuLance) -> Self {
        MontantDuViewRow {
            residence_id,
            montant_du_id: du.montant_du_id,
            cotisation_id,
            appel: i64::from(du.appel.numero),
            appel_debut: du.appel.debut.to_string(),
            appel_fin: du.appel.fin.to_string(),
            date_echeance: du.appel.echeance.to_string(),
            propriete_id: du.propriete_id,
            payeur_id: du.payeur,
            montant: du.montant.millimes(),
        }
    }
}

impl TableRow for MontantDuViewRow {
    const TABLE: &'static str = "montants_dus_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("montant_du_id", ColumnType::BigInt),
        ("cotisation_id", ColumnType::BigInt),
        ("appel", ColumnType::BigInt),
        ("appel_debut", ColumnType::Text),
        ("appel_fin", ColumnType::Text),
        ("date_echeance", ColumnType::Text),
        ("propriete_id", ColumnType::BigInt),
        ("payeur_id", ColumnType::BigInt),
        ("montant", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.montant_du_id),
            Value::from(self.cotisation_id),
            Value::from(self.appel),
            Value::Text(self.appel_debut.as_str()),
            Value::Text(self.appel_fin.as_str()),
            Value::Text(self.date_echeance.as_str()),
            Value::from(self.propriete_id),
            Value::from(self.payeur_id),
            Value::from(self.montant),
        ]
    }
}

struct RepartitionViewRow {
    residence_id: i64,
    propriete_id: i64,
    montant: i64,
}

impl TableRow for RepartitionViewRow {
    const TABLE: &'static str = "repartition_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("propriete_id", ColumnType::BigInt),
        ("montant", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.propriete_id),
            Value::from(self.montant),
        ]
    }
}

/// What a batch of revenue events changes, written at its end.
#[derive(Default)]
struct Batch {
    cotisations: NewRows<Key, CotisationViewRow>,
    dus: NewRows<Key, MontantDuViewRow>,
}

impl Batch {
    async fn apply(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        decoded: &RevenusEvent,
    ) -> Result<(), sqlx::Error> {
        match decoded {
            RevenusEvent::RepartitionModifiee { repartitions } => {
                sqlx::query("DELETE FROM repartition_view WHERE residence_id = $1")
                    .bind(residence_id)
                    .execute(&mut *conn)
                    .await?;
                let rows: Vec<RepartitionViewRow> = repartitions
                    .iter()
                    .map(|line| RepartitionViewRow {
                        residence_id,
                        propriete_id: line.propriete_id,
                        montant: line.montant.millimes(),
                    })
                    .collect();
                insert_all(conn, &rows).await?;
            }
            RevenusEvent::CotisationLancee {
                cotisation_id,
                titre,
                type_cotisation,
                repartition,
                date_debut,
                date_fin,
                date_echeance,
                montants_dus,
                ..
            } => {
                self.cotisations.insert(
                    (residence_id, *cotisation_id),
                    CotisationViewRow {
                        residence_id,
                        cotisation_id: *cotisation_id,
                        titre: titre.clone(),
                        type_cotisation: as_text(type_cotisation),
                        repartition: as_text(repartition),
                        date_debut: date_debut.to_string(),
                        date_fin: date_fin.to_string(),
                        date_echeance: date_echeance.to_string(),
                    },
                );
                for du in montants_dus {
                    self.dus.insert(
                        (residence_id, du.montant_du_id),
                        MontantDuViewRow::of(residence_id, *cotisation_id, du),
                    );
                }
            }
            RevenusEvent::CotisationModifiee {
                cotisation_id,
                titre,
                type_cotisation,
                date_debut,
                date_fin,
                date_echeance,
                montants_dus,
                ..
            } => {
                match self.cotisations.get_mut(&(residence_id, *cotisation_id)) {
                    Some(row) => {
                        row.titre.clone_from(titre);
                        row.type_cotisation = as_text(type_cotisation);
                        row.date_debut = date_debut.to_string();
                        row.date_fin = date_fin.to_string();
                        row.date_echeance = date_echeance.to_string();
                    }
                    None => {
                        sqlx::query(
                            "UPDATE cotisations_view SET titre = $1, type_cotisation = $2, \
                             date_debut = $3, date_fin = $4, date_echeance = $5 \
                             WHERE residence_id = $6 AND cotisation_id = $7",
                        )
                        .bind(titre)
                        .bind(as_text(type_cotisation))
                        .bind(date_debut.to_string())
                        .bind(date_fin.to_string())
                        .bind(date_echeance.to_string())
                        .bind(residence_id)
                        .bind(cotisation_id)
                        .execute(&mut *conn)
                        .await?;
                    }
                }
                // Its dues are replaced (a cotisation with encaissements cannot be corrected).
                self.remove_dues(conn, residence_id, *cotisation_id).await?;
                for du in montants_dus {
                    self.dus.insert(
                        (residence_id, du.montant_du_id),
                        MontantDuViewRow::of(residence_id, *cotisation_id, du),
                    );
                }
            }
            RevenusEvent::CotisationSupprimee { cotisation_id } => {
                self.remove_dues(conn, residence_id, *cotisation_id).await?;
                if !self.cotisations.remove(&(residence_id, *cotisation_id)) {
                    sqlx::query(
                        "DELETE FROM cotisations_view WHERE residence_id = $1 \
                         AND cotisation_id = $2",
                    )
                    .bind(residence_id)
                    .bind(cotisation_id)
                    .execute(&mut *conn)
                    .await?;
                }
            }
            // The encaissements model applies them (`super::encaissements`).
            RevenusEvent::EncaissementEnregistre { .. }
            | RevenusEvent::EncaissementModifie { .. }
            | RevenusEvent::EncaissementAnnule { .. }
            // Overpayments are listed with the online payments (`paiements_en_ligne`).
            | RevenusEvent::TropPercuEnregistre { .. } => {}
        }
        Ok(())
    }

    /// Removes the dues of a cotisation, created by this batch or stored. The dues of a
    /// cotisation this batch created were never stored: no statement for them.
    async fn remove_dues(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        cotisation_id: i64,
    ) -> Result<(), sqlx::Error> {
        self.dus
            .forget_of_residence(residence_id, |du| du.cotisation_id == cotisation_id);
        if self
            .cotisations
            .get_mut(&(residence_id, cotisation_id))
            .is_some()
        {
            return Ok(());
        }
        sqlx::query("DELETE FROM montants_dus_view WHERE residence_id = $1 AND cotisation_id = $2")
            .bind(residence_id)
            .bind(cotisation_id)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    async fn write(&mut self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        self.cotisations.write(conn).await?;
        self.dus.write(conn).await
    }
}

#[async_trait]
impl ReadModel for RevenusView {
    fn name(&self) -> &'static str {
        MODEL
    }

    fn version(&self) -> i64 {
        // 2: what a due was paid is read from its encaissements, no longer stored on the due;
        // 3: the encaissements are a model of their own (`super::encaissements`).
        3
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn replay_weight(&self) -> u32 {
        3
    }

    /// The dues by property and by payer serve the statements and the balances; applying
    /// events finds dues by their key. A cotisation's dues are found by their cotisation only
    /// when it is corrected or deleted (rare: within the residence's dues, by the key's prefix,
    /// during a rebuild), and by the screens.
    fn indexes_after_replay(&self) -> &'static [&'static str] {
        &[
            "montants_dus_view_propriete",
            "montants_dus_view_payeur",
            "montants_dus_view_cotisation",
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["cotisations_view", "montants_dus_view", "repartition_view"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut batch = Batch::default();
        for event in events {
            if let Some((residence_id, GrandLivreEvent::Revenus(decoded))) = event.residence() {
                batch.apply(conn, residence_id, decoded).await?;
            }
        }
        batch.write(conn).await?;
        Ok(())
    }
}
