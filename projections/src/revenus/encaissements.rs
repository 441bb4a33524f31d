//! How collections change the encaissements read model, a batch at a time (see
//! [`crate::rows`]): a collection is one new row, written with the batch's others at its end;
//! a correction or cancellation changes the row in memory when the batch created it, else the
//! stored row with a statement of its own. The model reads no other model's tables, so it
//! replays beside the cotisations and dues ([`super::apply`]).

use std::collections::BTreeMap;

use async_trait::async_trait;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::revenus::RevenusEvent;
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{update_stored, ColumnType, NewRows, TableRow, Value};
use crate::text::as_text;

use super::ENCAISSEMENTS_MODEL;

pub struct EncaissementsView;

struct EncaissementViewRow {
    residence_id: i64,
    encaissement_id: i64,
    montant_du_id: i64,
    montant: i64,
    date_paiement: String,
    methode: String,
    reference: Option<String>,
    numero_recu: String,
    annule: bool,
    modifie_le: String,
}

impl TableRow for EncaissementViewRow {
    const TABLE: &'static str = "encaissements_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("encaissement_id", ColumnType::BigInt),
        ("montant_du_id", ColumnType::BigInt),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("methode", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("numero_recu", ColumnType::Text),
        ("annule", ColumnType::BigInt),
        ("modifie_le", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.encaissement_id),
            Value::from(self.montant_du_id),
            Value::from(self.montant),
            Value::Text(self.date_paiement.as_str()),
            Value::Text(self.methode.as_str()),
            (&self.reference).into(),
            Value::Text(self.numero_recu.as_str()),
            Value::from(self.annule),
            Value::Text(self.modifie_le.as_str()),
        ]
    }
}

/// The encaissements a batch creates, and the corrections of those stored before it, written at
/// its end.
#[derive(Default)]
struct Batch {
    encaissements: NewRows<(i64, i64), EncaissementViewRow>,
    /// Stored encaissements corrected by the batch: their latest correction.
    corrected: BTreeMap<(i64, i64), Correction>,
    /// Stored encaissements cancelled by the batch: when.
    cancelled: BTreeMap<(i64, i64), String>,
}

/// A correction of a stored encaissement (applied only if it is still live).
struct Correction {
    montant: i64,
    date_paiement: String,
    methode: String,
    reference: Option<String>,
    modifie_le: String,
}

impl Batch {
    fn apply(&mut self, residence_id: i64, decoded: &RevenusEvent, event: &ProjectedEvent) {
        match decoded {
            RevenusEvent::EncaissementEnregistre {
                encaissement_id,
                montant_du_id,
                montant,
                date_paiement,
                methode,
                reference,
                numero_recu,
                // The bank account is the bank model's (the movements of each account).
                compte_id: _,
            } => {
                self.encaissements.insert(
                    (residence_id, *encaissement_id),
                    EncaissementViewRow {
                        residence_id,
                        encaissement_id: *encaissement_id,
                        montant_du_id: *montant_du_id,
                        montant: montant.millimes(),
                        date_paiement: date_paiement.to_string(),
                        methode: as_text(methode),
                        reference: reference.clone(),
                        numero_recu: numero_recu.clone(),
                        annule: false,
                        modifie_le: event.recorded_at().to_owned(),
                    },
                );
            }
            RevenusEvent::EncaissementModifie {
                encaissement_id,
                montant,
                date_paiement,
                methode,
                reference,
                modifie_le: _,
                compte_id: _,
            } => {
                // A cancelled encaissement is never corrected (the domain refuses it).
                match self
                    .encaissements
                    .get_mut(&(residence_id, *encaissement_id))
                {
                    Some(row) if !row.annule => {
                        row.montant = montant.millimes();
                        row.date_paiement = date_paiement.to_string();
                        row.methode = as_text(methode);
                        row.reference.clone_from(reference);
                        row.modifie_le = event.recorded_at().to_owned();
                    }
                    Some(_) => {}
                    None => {
                        self.corrected.insert(
                            (residence_id, *encaissement_id),
                            Correction {
                                montant: montant.millimes(),
                                date_paiement: date_paiement.to_string(),
                                methode: as_text(methode),
                                reference: reference.clone(),
                                modifie_le: event.recorded_at().to_owned(),
                            },
                        );
                    }
                }
            }
            RevenusEvent::EncaissementAnnule { encaissement_id } => {
                match self
                    .encaissements
                    .get_mut(&(residence_id, *encaissement_id))
                {
                    Some(row) if !row.annule => {
                        row.annule = true;
                        row.modifie_le = event.recorded_at().to_owned();
                    }
                    Some(_) => {}
                    None => {
                        self.cancelled.insert(
                            (residence_id, *encaissement_id),
                            event.recorded_at().to_owned(),
                        );
                    }
                }
            }
            // The cotisations model applies them (`super::apply`).
            RevenusEvent::RepartitionModifiee { .. }
            | RevenusEvent::CotisationLancee { .. }
            | RevenusEvent::CotisationModifiee { .. }
            | RevenusEvent::CotisationSupprimee { .. }
            | RevenusEvent::TropPercuEnregistre { .. } => {}
        }
    }
}

impl Batch {
    /// The new rows, then the corrections of stored rows, then their cancellations (in that
    /// order: a correction and a cancellation of one encaissement in one batch come in that
    /// order, since a cancelled encaissement cannot be corrected). Only live rows change.
    async fn write(self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let Batch {
            mut encaissements,
            corrected,
            cancelled,
        } = self;
        encaissements.write(conn).await?;
        let corrections: Vec<Vec<Value<'_>>> = corrected
            .iter()
            .map(|((residence_id, encaissement_id), correction)| {
                vec![
                    Value::Int(*residence_id),
                    Value::Int(*encaissement_id),
                    Value::Int(correction.montant),
                    Value::Text(&correction.date_paiement),
                    Value::Text(&correction.methode),
                    (&correction.reference).into(),
                    Value::Text(&correction.modifie_le),
                ]
            })
            .collect();
        update_stored(
            conn,
            "encaissements_view",
            &[
                ("residence_id", ColumnType::BigInt),
                ("encaissement_id", ColumnType::BigInt),
            ],
            &[
                ("montant", ColumnType::BigInt),
                ("date_paiement", ColumnType::Text),
                ("methode", ColumnType::Text),
                ("reference", ColumnType::Text),
                ("modifie_le", ColumnType::Text),
            ],
            "annule = 0",
            corrections,
        )
        .await?;
        let cancellations: Vec<Vec<Value<'_>>> = cancelled
            .iter()
            .map(|((residence_id, encaissement_id), at)| {
                vec![
                    Value::Int(*residence_id),
                    Value::Int(*encaissement_id),
                    Value::Int(1),
                    Value::Text(at),
                ]
            })
            .collect();
        update_stored(
            conn,
            "encaissements_view",
            &[
                ("residence_id", ColumnType::BigInt),
                ("encaissement_id", ColumnType::BigInt),
            ],
            &[
                ("annule", ColumnType::BigInt),
                ("modifie_le", ColumnType::Text),
            ],
            "annule = 0",
            cancellations,
        )
        .await
    }
}

#[async_trait]
impl ReadModel for EncaissementsView {
    fn name(&self) -> &'static str {
        ENCAISSEMENTS_MODEL
    }

    fn version(&self) -> i64 {
        1
    }

    fn schema(&self) -> &'static str {
        include_str!("encaissements.sql")
    }

    fn replay_weight(&self) -> u32 {
        2
    }

    /// The collections by due serve what a due was paid; applying events finds collections
    /// by their key.
    fn indexes_after_replay(&self) -> &'static [&'static str] {
        &["encaissements_view_du"]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["encaissements_view"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut batch = Batch::default();
        for event in events {
            if let Some((residence_id, GrandLivreEvent::Revenus(decoded))) = event.residence() {
                batch.apply(residence_id, decoded, event);
            }
        }
        batch.write(conn).await?;
        Ok(())
    }
}
