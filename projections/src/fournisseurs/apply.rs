//! How the category and supplier facts change the read model, a batch at a time (see
//! [`crate::rows`]): a record a batch creates, changes or deletes is written with the batch's
//! others at its end (a change replaces the whole row). The model reads no other model's tables
//! while applying.

use async_trait::async_trait;
use daftar_domain::depenses::{DepensesEvent, FicheFournisseur};
use daftar_domain::grand_livre::GrandLivreEvent;
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{ColumnType, NewRows, TableRow, Value};
use crate::text::as_text;

use super::MODEL;

/// The read model of the expense categories and the suppliers (queries in [`super`]).
pub struct FournisseursView;

/// (residence, record id): the primary key of both tables.
type Key = (i64, i64);

struct CategorieViewRow {
    residence_id: i64,
    categorie_id: i64,
    titre: String,
    description: Option<String>,
}

impl TableRow for CategorieViewRow {
    const TABLE: &'static str = "categories_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("categorie_id", ColumnType::BigInt),
        ("titre", ColumnType::Text),
        ("description", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.categorie_id),
            Value::Text(&self.titre),
            (&self.description).into(),
        ]
    }
}

struct FournisseurViewRow {
    residence_id: i64,
    fournisseur_id: i64,
    nom: String,
    tel: Option<String>,
    type_fournisseur: String,
    email: Option<String>,
    adresse: Option<String>,
    ville: Option<String>,
    gouvernorat: Option<i64>,
    activite: Option<String>,
    identifiant: Option<String>,
    commentaire: Option<String>,
}

impl FournisseurViewRow {
    fn new(residence_id: i64, fournisseur_id: i64, fiche: &FicheFournisseur) -> Self {
        FournisseurViewRow {
            residence_id,
            fournisseur_id,
            nom: fiche.nom.clone(),
            tel: fiche.tel.clone(),
            type_fournisseur: as_text(fiche.type_fournisseur),
            email: fiche.email.clone(),
            adresse: fiche.adresse.clone(),
            ville: fiche.ville.clone(),
            gouvernorat: fiche.gouvernorat,
            activite: fiche.activite.clone(),
            identifiant: fiche.identifiant.clone(),
            commentaire: fiche.commentaire.clone(),
        }
    }
}

impl TableRow for FournisseurViewRow {
    const TABLE: &'static str = "fournisseurs_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("fournisseur_id", ColumnType::BigInt),
        ("nom", ColumnType::Text),
        ("tel", ColumnType::Text),
        ("type_fournisseur", ColumnType::Text),
        ("email", ColumnType::Text),
        ("adresse", ColumnType::Text),
        ("ville", ColumnType::Text),
        ("gouvernorat", ColumnType::BigInt),
        ("activite", ColumnType::Text),
        ("identifiant", ColumnType::Text),
        ("commentaire", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.fournisseur_id),
            Value::Text(&self.nom),
            (&self.tel).into(),
            Value::Text(&self.type_fournisseur),
            (&self.email).into(),
            (&self.adresse).into(),
            (&self.ville).into(),
            self.gouvernorat.into(),
            (&self.activite).into(),
            (&self.identifiant).into(),
            (&self.commentaire).into(),
        ]
    }
}

/// The rows a batch creates, replaces or deletes, written at its end.
#[derive(Default)]
struct Batch {
    categories: NewRows<Key, CategorieViewRow>,
    fournisseurs: NewRows<Key, FournisseurViewRow>,
}

impl Batch {
    fn apply(&mut self, residence_id: i64, event: &GrandLivreEvent) {
        match event {
            GrandLivreEvent::Depenses(event) => self.depenses(residence_id, event),
            GrandLivreEvent::Exercice(_)
            | GrandLivreEvent::Propriete(_)
            | GrandLivreEvent::Occupation(_)
            | GrandLivreEvent::Conseil(_)
            | GrandLivreEvent::Revenus(_)
            | GrandLivreEvent::Banque(_)
            | GrandLivreEvent::Salaires(_)
            | GrandLivreEvent::Budgets(_)
            | GrandLivreEvent::Contrats(_) => {}
        }
    }

    fn depenses(&mut self, residence_id: i64, event: &DepensesEvent) {
        match event {
            DepensesEvent::CategorieCreee {
                categorie_id,
                titre,
                description,
            } => {
                self.categories.insert(
                    (residence_id, *categorie_id),
                    CategorieViewRow {
                        residence_id,
                        categorie_id: *categorie_id,
                        titre: titre.clone(),
                        description: description.clone(),
                    },
                );
            }
            DepensesEvent::CategorieModifiee {
                categorie_id,
                titre,
                description,
            } => {
                let row = CategorieViewRow {
                    residence_id,
                    categorie_id: *categorie_id,
                    titre: titre.clone(),
                    description: description.clone(),
                };
                self.categories.replace((residence_id, *categorie_id), row);
            }
            DepensesEvent::CategorieSupprimee { categorie_id } => {
                self.categories.delete((residence_id, *categorie_id));
            }
            DepensesEvent::FournisseurCree {
                fournisseur_id,
                fiche,
            } => {
                self.fournisseurs.insert(
                    (residence_id, *fournisseur_id),
                    FournisseurViewRow::new(residence_id, *fournisseur_id, fiche),
                );
            }
            DepensesEvent::FournisseurModifie {
                fournisseur_id,
                fiche,
            } => {
                let row = FournisseurViewRow::new(residence_id, *fournisseur_id, fiche);
                let key = (residence_id, *fournisseur_id);
                self.fournisseurs.replace(key, row);
            }
            DepensesEvent::FournisseurSupprime { fournisseur_id } => {
                self.fournisseurs.delete((residence_id, *fournisseur_id));
            }
            // Whether a charge or works item names a category or a supplier is read from the
            // expenses model's rows when asked, never kept here.
            DepensesEvent::DepenseEnregistree { .. }
            | DepensesEvent::DepenseModifiee { .. }
            | DepensesEvent::DepenseSupprimee { .. }
            | DepensesEvent::DocumentsDepenseJoints { .. }
            | DepensesEvent::DocumentDepenseRetire { .. }
            | DepensesEvent::DepensePayee { .. }
            | DepensesEvent::PaiementDepenseModifie { .. }
            | DepensesEvent::PaiementDepenseSupprime { .. } => {}
        }
    }

    async fn write(self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let Batch {
            mut categories,
            mut fournisseurs,
        } = self;
        categories.write(conn).await?;
        fournisseurs.write(conn).await
    }
}

#[async_trait]
impl ReadModel for FournisseursView {
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
        &[CategorieViewRow::TABLE, FournisseurViewRow::TABLE]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut batch = Batch::default();
        for event in events {
            if let Some((residence_id, decoded)) = event.residence() {
                batch.apply(residence_id, decoded);
            }
        }
        batch.write(conn).await?;
        Ok(())
    }
}
