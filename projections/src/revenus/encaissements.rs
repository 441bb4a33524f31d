//! How collections change the encaissements read model, a batch at a time (see
//! [`crate::rows`]): a collection is one new row, written with the batch's others at its end;
//! a correction or cancellation changes the row in memory when the batch created it, else the
//! stored row with a statement of its own. The model reads no other model's tables, so it
//! replays beside the cotisations and dues ([`super::apply`]).

use async_trait::async_trait;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::revenus::RevenusEvent;
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{ColumnType, NewRows, TableRow, Value};
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

/// The encaissements a batch creates, written at its end.
#[derive(Default)]
struct Batch {
    encaissements: NewRows<(i64, i64), EncaissementViewRow>,
}

impl Batch {
    async fn apply(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        decoded: &RevenusEvent,
        event: &ProjectedEvent,
    ) -> Result<(), sqlx::Error> {
        match decoded {
            RevenusEvent::EncaissementEnregistre {
                encaissement_id,
                montant_du_id,
                montant,
                date_paiement,
                methode,
                reference,
                numero_recu,
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
                        sqlx::query(
                            "UPDATE encaissements_view SET montant = $1, date_paiement = $2, \
                             methode = $3, reference = $4, modifie_le = $5 \
                             WHERE residence_id = $6 AND encaissement_id = $7 AND annule = 0",
                        )
                        .bind(montant.millimes())
                        .bind(date_paiement.to_string())
                        .bind(as_text(methode))
                        .bind(reference)
                        .bind(event.recorded_at())
                        .bind(residence_id)
                        .bind(encaissement_id)
                        .execute(&mut *conn)
                        .await?;
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
                        sqlx::query(
                            "UPDATE encaissements_view SET annule = 1, modifie_le = $1 \
                             WHERE residence_id = $2 AND encaissement_id = $3 AND annule = 0",
                        )
                        .bind(event.recorded_at())
                        .bind(residence_id)
                        .bind(encaissement_id)
                        .execute(&mut *conn)
                        .await?;
                    }
                }
            }
            // The cotisations model applies them (`super::apply`).
            RevenusEvent::RepartitionModifiee { .. }
            | RevenusEvent::CotisationLancee { .. }
            | RevenusEvent::CotisationModifiee { .. }
            | RevenusEvent::CotisationSupprimee { .. } => {}
        }
        Ok(())
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
                batch.apply(conn, residence_id, decoded, event).await?;
            }
        }
        batch.encaissements.write(conn).await?;
        Ok(())
    }
}
