//! How the expense facts change the expenses read model, a batch at a time (see [`crate::rows`]):
//! a record, payment or file a batch creates is a new row, written with the batch's others at
//! its end; a change to a row the batch created is made in memory, a change to a stored row is
//! a statement of its own, at once. The model reads no other model's tables while applying.
//!
//! The categories and suppliers are another model's (`fournisseurs`); the other modules' facts
//! change nothing here.

use async_trait::async_trait;
use daftar_domain::contrats::ContratsEvent;
use daftar_domain::depenses::{DepensesEvent, FicheDepense, PaiementFait};
use daftar_domain::document::DocumentJoint;
use daftar_domain::exercice::ExerciceEvent;
use daftar_domain::grand_livre::GrandLivreEvent;
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{update_stored, ColumnType, NewRows, TableRow, Value};
use crate::text::as_text;

use super::{MODEL, PROPRIETAIRE_DEPENSE, PROPRIETAIRE_EXERCICE};
use crate::contrats::PROPRIETAIRE_CONTRAT;

/// The expenses read model (queries in [`super`]).
pub struct DepensesView;

type Key = (i64, i64);

/// `update_stored` changes the rows it finds by key whatever they hold.
const TOUTES: &str = "residence_id IS NOT NULL";

struct DepenseViewRow {
    residence_id: i64,
    depense_id: i64,
    nature: String,
    titre: String,
    montant_total: i64,
    date_facture: String,
    fournisseur_id: i64,
    categorie_id: Option<i64>,
    commentaire: Option<String>,
    description: Option<String>,
    is_approved: Option<i64>,
    approbateur_type: Option<String>,
    approbateur_id: Option<i64>,
}

impl DepenseViewRow {
    fn new(
        residence_id: i64,
        depense_id: i64,
        nature: daftar_domain::depenses::NatureDepense,
        fiche: &FicheDepense,
    ) -> Self {
        let approbation = fiche.approbation.as_ref();
        let par = approbation.and_then(|a| a.par.as_ref());
        DepenseViewRow {
            residence_id,
            depense_id,
            nature: as_text(nature),
            titre: fiche.titre.clone(),
            montant_total: fiche.montant_total.millimes(),
            date_facture: fiche.date_facture.to_string(),
            fournisseur_id: fiche.fournisseur_id,
            categorie_id: fiche.categorie_id,
            commentaire: fiche.commentaire.clone(),
            description: fiche.description.clone(),
            is_approved: approbation.map(|a| i64::from(a.approuve)),
            approbateur_type: par.map(|p| as_text(p.type_approbateur)),
            approbateur_id: par.map(|p| p.id),
        }
    }
}

impl TableRow for DepenseViewRow {
    const TABLE: &'static str = "depenses_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("depense_id", ColumnType::BigInt),
        ("nature", ColumnType::Text),
        ("titre", ColumnType::Text),
        ("montant_total", ColumnType::BigInt),
        ("date_facture", ColumnType::Text),
        ("fournisseur_id", ColumnType::BigInt),
        ("categorie_id", ColumnType::BigInt),
        ("commentaire", ColumnType::Text),
        ("description", ColumnType::Text),
        ("is_approved", ColumnType::BigInt),
        ("approbateur_type", ColumnType::Text),
        ("approbateur_id", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.depense_id),
            Value::Text(&self.nature),
            Value::Text(&self.titre),
            Value::Int(self.montant_total),
            Value::Text(&self.date_facture),
            Value::Int(self.fournisseur_id),
            self.categorie_id.into(),
            (&self.commentaire).into(),
            (&self.description).into(),
            self.is_approved.into(),
            (&self.approbateur_type).into(),
            self.approbateur_id.into(),
        ]
    }
}

struct PaiementViewRow {
    residence_id: i64,
    paiement_id: i64,
    depense_id: i64,
    montant: i64,
    date_paiement: String,
    methode: String,
    reference: Option<String>,
    compte_id: Option<i64>,
}

impl PaiementViewRow {
    fn new(residence_id: i64, paiement_id: i64, depense_id: i64, paiement: &PaiementFait) -> Self {
        PaiementViewRow {
            residence_id,
            paiement_id,
            depense_id,
            montant: paiement.montant.millimes(),
            date_paiement: paiement.date_paiement.to_string(),
            methode: as_text(paiement.methode),
            reference: paiement.reference.clone(),
            compte_id: paiement.compte_id,
        }
    }
}

impl TableRow for PaiementViewRow {
    const TABLE: &'static str = "depenses_paiements_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("paiement_id", ColumnType::BigInt),
        ("depense_id", ColumnType::BigInt),
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
            Value::Int(self.depense_id),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            Value::Text(&self.methode),
            (&self.reference).into(),
            self.compte_id.into(),
        ]
    }
}

struct DocumentViewRow {
    residence_id: i64,
    document_id: i64,
    proprietaire: &'static str,
    proprietaire_id: i64,
    nature: String,
    titre: String,
    content_type: String,
    taille: i64,
    sha256: String,
}

impl DocumentViewRow {
    fn new(
        residence_id: i64,
        (proprietaire, proprietaire_id): (&'static str, i64),
        document: &DocumentJoint,
    ) -> Self {
        DocumentViewRow {
            residence_id,
            document_id: document.document_id,
            proprietaire,
            proprietaire_id,
            nature: as_text(document.piece.nature),
            titre: document.piece.titre.clone(),
            content_type: document.piece.content_type.clone(),
            taille: document.piece.taille,
            sha256: document.piece.sha256.clone(),
        }
    }
}

impl TableRow for DocumentViewRow {
    const TABLE: &'static str = "documents_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("document_id", ColumnType::BigInt),
        ("proprietaire", ColumnType::Text),
        ("proprietaire_id", ColumnType::BigInt),
        ("nature", ColumnType::Text),
        ("titre", ColumnType::Text),
        ("content_type", ColumnType::Text),
        ("taille", ColumnType::BigInt),
        ("sha256", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.document_id),
            Value::Text(self.proprietaire),
            Value::Int(self.proprietaire_id),
            Value::Text(&self.nature),
            Value::Text(&self.titre),
            Value::Text(&self.content_type),
            Value::Int(self.taille),
            Value::Text(&self.sha256),
        ]
    }
}

/// Replaces every column of the stored row of `R::TABLE` keyed by `row`'s first two values
/// (residence and record id).
async fn replace_stored<R: TableRow>(conn: &mut AnyConnection, row: &R) -> Result<(), sqlx::Error> {
    update_stored(
        conn,
        R::TABLE,
        &R::COLUMNS[..2],
        &R::COLUMNS[2..],
        TOUTES,
        vec![row.values()],
    )
    .await
}

/// Deletes the stored rows of `table` of one residence whose column `column` is `id`.
async fn delete_stored(
    conn: &mut AnyConnection,
    table: &str,
    (column, extra): (&str, &str),
    (residence_id, id): Key,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "DELETE FROM {table} WHERE residence_id = $1 AND {column} = $2{extra}"
    ))
    .bind(residence_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The rows a batch creates, written at its end.
#[derive(Default)]
struct Batch {
    depenses: NewRows<Key, DepenseViewRow>,
    paiements: NewRows<Key, PaiementViewRow>,
    documents: NewRows<Key, DocumentViewRow>,
}

impl Batch {
    async fn apply(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        event: &GrandLivreEvent,
    ) -> Result<(), sqlx::Error> {
        match event {
            GrandLivreEvent::Depenses(event) => self.depenses(conn, residence_id, event).await,
            GrandLivreEvent::Contrats(event) => self.contrats(conn, residence_id, event).await,
            // The files uploaded at a year's closing (`proprietaire = 'exercice'`, its year).
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceCloture(cloture)) => {
                for document in &cloture.documents {
                    self.documents.insert(
                        (residence_id, document.document_id),
                        DocumentViewRow::new(
                            residence_id,
                            (PROPRIETAIRE_EXERCICE, i64::from(cloture.annee)),
                            document,
                        ),
                    );
                }
                Ok(())
            }
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { .. })
            | GrandLivreEvent::Propriete(_)
            | GrandLivreEvent::Occupation(_)
            | GrandLivreEvent::Conseil(_)
            | GrandLivreEvent::Revenus(_)
            | GrandLivreEvent::Banque(_)
            | GrandLivreEvent::Salaires(_)
            | GrandLivreEvent::Budgets(_) => Ok(()),
        }
    }

    async fn depenses(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        event: &DepensesEvent,
    ) -> Result<(), sqlx::Error> {
        match event {
            DepensesEvent::DepenseEnregistree {
                depense_id,
                nature,
                fiche,
            } => {
                self.depenses.insert(
                    (residence_id, *depense_id),
                    DepenseViewRow::new(residence_id, *depense_id, *nature, fiche),
                );
            }
            DepensesEvent::DepenseModifiee {
                depense_id,
                nature,
                fiche,
            } => {
                let row = DepenseViewRow::new(residence_id, *depense_id, *nature, fiche);
                match self.depenses.get_mut(&(residence_id, *depense_id)) {
                    Some(stored) => *stored = row,
                    None => replace_stored(conn, &row).await?,
                }
            }
            DepensesEvent::DepenseSupprimee { depense_id, .. } => {
                // The record goes with its files (the register forgets them) and its payments
                // (a record with payments is not deleted; none is left behind if one were).
                let key = (residence_id, *depense_id);
                if !self.depenses.remove(&key) {
                    delete_stored(conn, DepenseViewRow::TABLE, ("depense_id", ""), key).await?;
                }
                self.paiements
                    .forget_of_residence(residence_id, |row| row.depense_id == *depense_id);
                delete_stored(conn, PaiementViewRow::TABLE, ("depense_id", ""), key).await?;
                self.documents.forget_of_residence(residence_id, |row| {
                    row.proprietaire == PROPRIETAIRE_DEPENSE && row.proprietaire_id == *depense_id
                });
                let proprietaire = format!(" AND proprietaire = '{PROPRIETAIRE_DEPENSE}'");
                delete_stored(
                    conn,
                    DocumentViewRow::TABLE,
                    ("proprietaire_id", &proprietaire),
                    key,
                )
                .await?;
            }
            DepensesEvent::DocumentsDepenseJoints {
                depense_id,
                documents,
            } => {
                for document in documents {
                    self.documents.insert(
                        (residence_id, document.document_id),
                        DocumentViewRow::new(
                            residence_id,
                            (PROPRIETAIRE_DEPENSE, *depense_id),
                            document,
                        ),
                    );
                }
            }
            DepensesEvent::DocumentDepenseRetire { document_id, .. } => {
                let key = (residence_id, *document_id);
                if !self.documents.remove(&key) {
                    delete_stored(conn, DocumentViewRow::TABLE, ("document_id", ""), key).await?;
                }
            }
            DepensesEvent::DepensePayee {
                paiement_id,
                depense_id,
                paiement,
            } => {
                self.paiements.insert(
                    (residence_id, *paiement_id),
                    PaiementViewRow::new(residence_id, *paiement_id, *depense_id, paiement),
                );
            }
            DepensesEvent::PaiementDepenseModifie {
                paiement_id,
                depense_id,
                paiement,
            } => {
                let row = PaiementViewRow::new(residence_id, *paiement_id, *depense_id, paiement);
                match self.paiements.get_mut(&(residence_id, *paiement_id)) {
                    Some(stored) => *stored = row,
                    None => replace_stored(conn, &row).await?,
                }
            }
            DepensesEvent::PaiementDepenseSupprime { paiement_id, .. } => {
                let key = (residence_id, *paiement_id);
                if !self.paiements.remove(&key) {
                    delete_stored(conn, PaiementViewRow::TABLE, ("paiement_id", ""), key).await?;
                }
            }
            // The categories and suppliers: the `fournisseurs` model's.
            DepensesEvent::CategorieCreee { .. }
            | DepensesEvent::CategorieModifiee { .. }
            | DepensesEvent::CategorieSupprimee { .. }
            | DepensesEvent::FournisseurCree { .. }
            | DepensesEvent::FournisseurModifie { .. }
            | DepensesEvent::FournisseurSupprime { .. } => {}
        }
        Ok(())
    }

    /// The register of files holds the contracts' too (`proprietaire = 'contrat'`).
    async fn contrats(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        event: &ContratsEvent,
    ) -> Result<(), sqlx::Error> {
        match event {
            ContratsEvent::DocumentsContratJoints {
                contrat_id,
                documents,
            } => {
                for document in documents {
                    self.documents.insert(
                        (residence_id, document.document_id),
                        DocumentViewRow::new(
                            residence_id,
                            (PROPRIETAIRE_CONTRAT, *contrat_id),
                            document,
                        ),
                    );
                }
            }
            ContratsEvent::DocumentContratRetire { document_id, .. } => {
                let key = (residence_id, *document_id);
                if !self.documents.remove(&key) {
                    delete_stored(conn, DocumentViewRow::TABLE, ("document_id", ""), key).await?;
                }
            }
            ContratsEvent::ContratSupprime { contrat_id } => {
                self.documents.forget_of_residence(residence_id, |row| {
                    row.proprietaire == PROPRIETAIRE_CONTRAT && row.proprietaire_id == *contrat_id
                });
                let proprietaire = format!(" AND proprietaire = '{PROPRIETAIRE_CONTRAT}'");
                delete_stored(
                    conn,
                    DocumentViewRow::TABLE,
                    ("proprietaire_id", &proprietaire),
                    (residence_id, *contrat_id),
                )
                .await?;
            }
            ContratsEvent::ClientCree { .. }
            | ContratsEvent::ClientModifie { .. }
            | ContratsEvent::ClientSupprime { .. }
            | ContratsEvent::ContratEnregistre { .. }
            | ContratsEvent::ContratModifie { .. }
            | ContratsEvent::ContratPaye { .. }
            | ContratsEvent::PaiementContratModifie { .. }
            | ContratsEvent::PaiementContratSupprime { .. }
            | ContratsEvent::RevenuExceptionnelEnregistre { .. }
            | ContratsEvent::RevenuExceptionnelSupprime { .. } => {}
        }
        Ok(())
    }

    async fn write(self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let Batch {
            mut depenses,
            mut paiements,
            mut documents,
        } = self;
        depenses.write(conn).await?;
        paiements.write(conn).await?;
        documents.write(conn).await
    }
}

#[async_trait]
impl ReadModel for DepensesView {
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
        &["depenses_view", "depenses_paiements_view", "documents_view"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut batch = Batch::default();
        for event in events {
            if let Some((residence_id, decoded)) = event.residence() {
                batch.apply(conn, residence_id, decoded).await?;
            }
        }
        batch.write(conn).await?;
        Ok(())
    }
}
