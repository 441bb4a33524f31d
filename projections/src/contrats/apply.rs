//! How the contract, client and exceptional-revenue facts change the read model. These records
//! are few (a residence has a handful of contracts and a payment a month or a year each), so
//! each fact is written at once, one statement per row, in the journal's order: a change is the
//! row deleted and written again. The model reads no other model's tables while applying.

use async_trait::async_trait;
use daftar_domain::contrats::{
    ContratsEvent, Contrepartie, FicheClient, FicheContrat, FicheRevenuExceptionnel,
    PaiementContratFait,
};
use daftar_domain::grand_livre::GrandLivreEvent;
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{insert_all, ColumnType, TableRow, Value};
use crate::text::as_text;

use super::MODEL;

/// The read model of the clients, contracts and exceptional revenues (queries in [`super`]).
pub struct ContratsView;

struct ClientViewRow {
    residence_id: i64,
    client_id: i64,
    fiche: FicheClient,
}

impl TableRow for ClientViewRow {
    const TABLE: &'static str = "clients_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("client_id", ColumnType::BigInt),
        ("nom", ColumnType::Text),
        ("tel", ColumnType::Text),
        ("email", ColumnType::Text),
        ("adresse", ColumnType::Text),
        ("ville", ColumnType::Text),
        ("gouvernorat", ColumnType::BigInt),
        ("activite", ColumnType::Text),
        ("matricule_fiscal", ColumnType::Text),
        ("commentaire", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        let f = &self.fiche;
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.client_id),
            Value::Text(&f.nom),
            (&f.tel).into(),
            (&f.email).into(),
            (&f.adresse).into(),
            (&f.ville).into(),
            f.gouvernorat.into(),
            (&f.activite).into(),
            (&f.matricule_fiscal).into(),
            (&f.commentaire).into(),
        ]
    }
}

struct ContratViewRow {
    residence_id: i64,
    contrat_id: i64,
    sens: String,
    date_debut: String,
    date_fin: Option<String>,
    periodicite: String,
    fiche: FicheContrat,
}

impl ContratViewRow {
    fn new(residence_id: i64, contrat_id: i64, fiche: &FicheContrat) -> Self {
        ContratViewRow {
            residence_id,
            contrat_id,
            sens: as_text(fiche.contrepartie.sens()),
            date_debut: fiche.date_debut.to_string(),
            date_fin: fiche.date_fin.map(|d| d.to_string()),
            periodicite: as_text(fiche.periodicite),
            fiche: fiche.clone(),
        }
    }
}

impl TableRow for ContratViewRow {
    const TABLE: &'static str = "contrats_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("contrat_id", ColumnType::BigInt),
        ("sens", ColumnType::Text),
        ("titre", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_debut", ColumnType::Text),
        ("date_fin", ColumnType::Text),
        ("periodicite", ColumnType::Text),
        ("client_id", ColumnType::BigInt),
        ("fournisseur_id", ColumnType::BigInt),
        ("categorie_id", ColumnType::BigInt),
        ("commentaire", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        let (client_id, fournisseur_id, categorie_id) = match self.fiche.contrepartie {
            Contrepartie::Client { client_id } => (Some(client_id), None, None),
            Contrepartie::Fournisseur {
                fournisseur_id,
                categorie_id,
            } => (None, Some(fournisseur_id), categorie_id),
        };
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.contrat_id),
            Value::Text(&self.sens),
            Value::Text(&self.fiche.titre),
            Value::Int(self.fiche.montant.millimes()),
            Value::Text(&self.date_debut),
            (&self.date_fin).into(),
            Value::Text(&self.periodicite),
            client_id.into(),
            fournisseur_id.into(),
            categorie_id.into(),
            (&self.fiche.commentaire).into(),
        ]
    }
}

struct PaiementViewRow {
    residence_id: i64,
    paiement_id: i64,
    contrat_id: i64,
    montant: i64,
    date_paiement: String,
    methode: String,
    reference: Option<String>,
    compte_id: Option<i64>,
}

impl PaiementViewRow {
    fn new(
        residence_id: i64,
        paiement_id: i64,
        contrat_id: i64,
        paiement: &PaiementContratFait,
    ) -> Self {
        PaiementViewRow {
            residence_id,
            paiement_id,
            contrat_id,
            montant: paiement.montant.millimes(),
            date_paiement: paiement.date_paiement.to_string(),
            methode: as_text(paiement.methode),
            reference: paiement.reference.clone(),
            compte_id: paiement.compte_id,
        }
    }
}

impl TableRow for PaiementViewRow {
    const TABLE: &'static str = "contrats_paiements_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("paiement_id", ColumnType::BigInt),
        ("contrat_id", ColumnType::BigInt),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("methode", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("compte_id", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.paiement_id),
            Value::Int(self.contrat_id),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            Value::Text(&self.methode),
            (&self.reference).into(),
            self.compte_id.into(),
        ]
    }
}

struct RevenuViewRow {
    residence_id: i64,
    revenu_id: i64,
    date_paiement: String,
    methode: String,
    compte_id: Option<i64>,
    fiche: FicheRevenuExceptionnel,
}

impl TableRow for RevenuViewRow {
    const TABLE: &'static str = "revenus_exceptionnels_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("revenu_id", ColumnType::BigInt),
        ("titre", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("methode", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("commentaire", ColumnType::Text),
        ("client_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.revenu_id),
            Value::Text(&self.fiche.titre),
            Value::Int(self.fiche.montant.millimes()),
            Value::Text(&self.date_paiement),
            Value::Text(&self.methode),
            (&self.fiche.reference).into(),
            (&self.fiche.commentaire).into(),
            self.fiche.client_id.into(),
            self.compte_id.into(),
        ]
    }
}

/// Deletes the rows of `table` of one residence whose column `column` is `id`.
async fn delete(
    conn: &mut AnyConnection,
    table: &str,
    column: &str,
    (residence_id, id): (i64, i64),
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "DELETE FROM {table} WHERE residence_id = $1 AND {column} = $2"
    ))
    .bind(residence_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes a row in place of the stored one of the same key (its first two columns).
async fn write<R: TableRow>(
    conn: &mut AnyConnection,
    row: R,
    key: (i64, i64),
) -> Result<(), sqlx::Error> {
    delete(conn, R::TABLE, R::COLUMNS[1].0, key).await?;
    insert_all(conn, &[row]).await
}

async fn apply(
    conn: &mut AnyConnection,
    residence_id: i64,
    event: &ContratsEvent,
) -> Result<(), sqlx::Error> {
    match event {
        ContratsEvent::ClientCree { client_id, fiche }
        | ContratsEvent::ClientModifie { client_id, fiche } => {
            let row = ClientViewRow {
                residence_id,
                client_id: *client_id,
                fiche: fiche.clone(),
            };
            write(conn, row, (residence_id, *client_id)).await
        }
        ContratsEvent::ClientSupprime { client_id } => {
            delete(
                conn,
                ClientViewRow::TABLE,
                "client_id",
                (residence_id, *client_id),
            )
            .await
        }
        ContratsEvent::ContratEnregistre { contrat_id, fiche }
        | ContratsEvent::ContratModifie { contrat_id, fiche } => {
            let row = ContratViewRow::new(residence_id, *contrat_id, fiche);
            write(conn, row, (residence_id, *contrat_id)).await
        }
        ContratsEvent::ContratSupprime { contrat_id } => {
            // A contract with payments is not deleted; none is left behind if one were.
            let key = (residence_id, *contrat_id);
            delete(conn, ContratViewRow::TABLE, "contrat_id", key).await?;
            delete(conn, PaiementViewRow::TABLE, "contrat_id", key).await
        }
        ContratsEvent::ContratPaye {
            paiement_id,
            contrat_id,
            paiement,
            ..
        }
        | ContratsEvent::PaiementContratModifie {
            paiement_id,
            contrat_id,
            paiement,
            ..
        } => {
            let row = PaiementViewRow::new(residence_id, *paiement_id, *contrat_id, paiement);
            write(conn, row, (residence_id, *paiement_id)).await
        }
        ContratsEvent::PaiementContratSupprime { paiement_id, .. } => {
            delete(
                conn,
                PaiementViewRow::TABLE,
                "paiement_id",
                (residence_id, *paiement_id),
            )
            .await
        }
        ContratsEvent::RevenuExceptionnelEnregistre {
            revenu_id,
            fiche,
            compte_id,
        } => {
            let row = RevenuViewRow {
                residence_id,
                revenu_id: *revenu_id,
                date_paiement: fiche.date_paiement.to_string(),
                methode: as_text(fiche.methode),
                compte_id: *compte_id,
                fiche: fiche.clone(),
            };
            write(conn, row, (residence_id, *revenu_id)).await
        }
        ContratsEvent::RevenuExceptionnelSupprime { revenu_id } => {
            delete(
                conn,
                RevenuViewRow::TABLE,
                "revenu_id",
                (residence_id, *revenu_id),
            )
            .await
        }
        // The files: rows of the expenses model's register (`documents_view`).
        ContratsEvent::DocumentsContratJoints { .. }
        | ContratsEvent::DocumentContratRetire { .. } => Ok(()),
    }
}

#[async_trait]
impl ReadModel for ContratsView {
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
        &[
            ClientViewRow::TABLE,
            ContratViewRow::TABLE,
            PaiementViewRow::TABLE,
            RevenuViewRow::TABLE,
        ]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            if let Some((residence_id, GrandLivreEvent::Contrats(decoded))) = event.residence() {
                apply(conn, residence_id, decoded).await?;
            }
        }
        Ok(())
    }
}
