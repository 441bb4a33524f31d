//! How the category and supplier facts change the read model, a batch at a time (see
//! [`crate::rows`]): a record a batch creates is a new row, written with the batch's others at
//! its end; a change to a row the batch created is made in memory, a change to a stored row is
//! a statement of its own, at once. The model reads no other model's tables while applying.

use async_trait::async_trait;
use daftar_domain::depenses::{DepensesEvent, FicheFournisseur};
use daftar_domain::grand_livre::GrandLivreEvent;
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{update_stored, ColumnType, NewRows, TableRow, Value};
use crate::text::as_text;

use super::MODEL;

/// The read model of the expense categories and the suppliers (queries in [`super`]).
pub struct FournisseursView;

/// (residence, record id): the primary key of both tables.
type Key = (i64, i64);

/// `update_stored` changes the rows it finds by key whatever they hold.
const TOUTES: &str = "residence_id IS NOT NULL";

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

/// Replaces every column but the key of the stored row of `R::TABLE` keyed by `row`'s first
/// two values (residence and record id).
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

/// Deletes the stored row of `R::TABLE` of key `(residence_id, id)`.
async fn delete_stored<R: TableRow>(
    conn: &mut AnyConnection,
    (residence_id, id): Key,
) -> Result<(), sqlx::Error> {
    let (table, id_column) = (R::TABLE, R::COLUMNS[1].0);
    sqlx::query(&format!(
        "DELETE FROM {table} WHERE residence_id = $1 AND {id_column} = $2"
    ))
    .bind(residence_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A row changed: in memory when this batch created it, else the stored row at once.
async fn replace<R: TableRow>(
    conn: &mut AnyConnection,
    rows: &mut NewRows<Key, R>,
    key: Key,
    row: R,
) -> Result<(), sqlx::Error> {
    match rows.get_mut(&key) {
        Some(created) => {
            *created = row;
            Ok(())
        }
        None => replace_stored(conn, &row).await,
    }
}

/// A row deleted: forgotten when this batch created it, else deleted from the store at once.
async fn delete<R: TableRow>(
    conn: &mut AnyConnection,
    rows: &mut NewRows<Key, R>,
    key: Key,
) -> Result<(), sqlx::Error> {
    if rows.remove(&key) {
        return Ok(());
    }
    delete_stored::<R>(conn, key).await
}

/// The rows a batch creates, written at its end.
#[derive(Default)]
struct Batch {
    categories: NewRows<Key, CategorieViewRow>,
    fournisseurs: NewRows<Key, FournisseurViewRow>,
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
            GrandLivreEvent::Exercice(_)
            | GrandLivreEvent::Propriete(_)
            | GrandLivreEvent::Occupation(_)
            | GrandLivreEvent::Conseil(_)
            | GrandLivreEvent::Revenus(_)
            | GrandLivreEvent::Banque(_)
            | GrandLivreEvent::Salaires(_)
            | GrandLivreEvent::Budgets(_) => Ok(()),
            GrandLivreEvent::Contrats(_) => Ok(()),
        }
    }

    async fn depenses(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        event: &DepensesEvent,
    ) -> Result<(), sqlx::Error> {
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
                replace(
                    conn,
                    &mut self.categories,
                    (residence_id, *categorie_id),
                    row,
                )
                .await?;
            }
            DepensesEvent::CategorieSupprimee { categorie_id } => {
                delete(conn, &mut self.categories, (residence_id, *categorie_id)).await?;
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
                replace(conn, &mut self.fournisseurs, key, row).await?;
            }
            DepensesEvent::FournisseurSupprime { fournisseur_id } => {
                delete(
                    conn,
                    &mut self.fournisseurs,
                    (residence_id, *fournisseur_id),
                )
                .await?;
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
        Ok(())
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
                batch.apply(conn, residence_id, decoded).await?;
            }
        }
        batch.write(conn).await?;
        Ok(())
    }
}
