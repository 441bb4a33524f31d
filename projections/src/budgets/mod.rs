//! Read model "what is each fiscal year's budget, and what was spent against it?"
//! (GET /api/budgets, /api/budgets/details, /api/coproprietaire/budgets; spec 2 §2, §3
//! "Budget"; docs/api-exercices.md "Budgets").
//!
//! A budget is created by its year's opening and changed by a category's deletion as well as
//! by its own events: the model applies every event with the domain's own function
//! ([`Budgets::appliquer`]) on the residence's state kept in `budgets_etat_view`, then writes
//! the touched residences' budgets again (a residence has one budget per year, a few elements
//! each). The spend per category is read from the expenses' model when asked.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::NaiveDate;
use daftar_domain::budgets::Budgets;
use daftar_domain::depenses::{CategorieId, DepensesEvent, TypeApprobateur};
use daftar_domain::exercice::ExerciceEvent;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::Montant;
use sqlx::{AnyConnection, Row};

use crate::db::Database;
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{insert_all, ColumnType, TableRow, Value};
use crate::text::{as_text, from_text, montant_column, narrow_column};

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "budgets";

pub struct BudgetsView;

/// Whether an event can change a residence's budgets (the others are not read).
fn touche_budgets(event: &GrandLivreEvent) -> bool {
    match event {
        GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { .. })
        | GrandLivreEvent::Depenses(DepensesEvent::CategorieSupprimee { .. })
        | GrandLivreEvent::Budgets(_) => true,
        GrandLivreEvent::Exercice(ExerciceEvent::ExerciceCloture { .. })
        | GrandLivreEvent::Depenses(_)
        | GrandLivreEvent::Propriete(_)
        | GrandLivreEvent::Occupation(_)
        | GrandLivreEvent::Conseil(_)
        | GrandLivreEvent::Revenus(_)
        | GrandLivreEvent::Banque(_)
        | GrandLivreEvent::Salaires(_)
        | GrandLivreEvent::Contrats(_) => false,
    }
}

#[async_trait]
impl ReadModel for BudgetsView {
    fn name(&self) -> &'static str {
        MODEL
    }

    fn version(&self) -> i64 {
        1
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn replay_weight(&self) -> u32 {
        2
    }

    fn tables(&self) -> &'static [&'static str] {
        &["budgets_view", "budget_elements_view", "budgets_etat_view"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut etats: BTreeMap<i64, Budgets> = BTreeMap::new();
        for event in events {
            let Some((residence_id, decoded)) = event.residence() else {
                continue;
            };
            if !touche_budgets(decoded) {
                continue;
            }
            let etat = match etats.entry(residence_id) {
                Entry::Occupied(entry) => entry.into_mut(),
                Entry::Vacant(entry) => entry.insert(etat_stocke(conn, residence_id).await?),
            };
            etat.appliquer(decoded);
        }
        if etats.is_empty() {
            return Ok(());
        }
        let mut budgets = Vec::new();
        let mut elements = Vec::new();
        let mut lignes_etat = Vec::new();
        for (residence_id, etat) in &etats {
            for table in ["budgets_view", "budget_elements_view", "budgets_etat_view"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE residence_id = $1"))
                    .bind(*residence_id)
                    .execute(&mut *conn)
                    .await?;
            }
            for budget in etat.budgets() {
                let approbation = budget.approbation;
                let par = approbation.and_then(|a| a.par);
                budgets.push(BudgetViewRow {
                    residence_id: *residence_id,
                    annee: i64::from(budget.annee),
                    titre: budget.titre.clone(),
                    is_approved: approbation.map(|a| i64::from(a.approuve)),
                    approbateur_type: par.map(|p| as_text(p.type_approbateur)),
                    approbateur_id: par.map(|p| p.id),
                    commentaire: budget.commentaire.clone(),
                });
                for (rang, element) in budget.elements.iter().enumerate() {
                    elements.push(ElementViewRow {
                        residence_id: *residence_id,
                        element_id: element.id,
                        annee: i64::from(budget.annee),
                        rang: i64::try_from(rang).unwrap_or(i64::MAX),
                        categorie_id: element.categorie_id,
                        montant: element.montant.millimes(),
                    });
                }
            }
            let etat = serde_json::to_string(etat).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
            lignes_etat.push(EtatViewRow {
                residence_id: *residence_id,
                etat,
            });
        }
        insert_all(conn, &budgets).await?;
        insert_all(conn, &elements).await?;
        insert_all(conn, &lignes_etat).await?;
        Ok(())
    }
}

async fn etat_stocke(conn: &mut AnyConnection, residence_id: i64) -> Result<Budgets, sqlx::Error> {
    let row = sqlx::query("SELECT etat FROM budgets_etat_view WHERE residence_id = $1")
        .bind(residence_id)
        .fetch_optional(&mut *conn)
        .await?;
    match row {
        Some(row) => serde_json::from_str(&row.try_get::<String, _>("etat")?)
            .map_err(|e| sqlx::Error::Decode(Box::new(e))),
        None => Ok(Budgets::default()),
    }
}

struct BudgetViewRow {
    residence_id: i64,
    annee: i64,
    titre: String,
    is_approved: Option<i64>,
    approbateur_type: Option<String>,
    approbateur_id: Option<i64>,
    commentaire: Option<String>,
}

impl TableRow for BudgetViewRow {
    const TABLE: &'static str = "budgets_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("annee", ColumnType::BigInt),
        ("titre", ColumnType::Text),
        ("is_approved", ColumnType::BigInt),
        ("approbateur_type", ColumnType::Text),
        ("approbateur_id", ColumnType::BigInt),
        ("commentaire", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.annee),
            Value::Text(self.titre.as_str()),
            self.is_approved.into(),
            (&self.approbateur_type).into(),
            self.approbateur_id.into(),
            (&self.commentaire).into(),
        ]
    }
}

struct ElementViewRow {
    residence_id: i64,
    element_id: i64,
    annee: i64,
    rang: i64,
    categorie_id: i64,
    montant: i64,
}

impl TableRow for ElementViewRow {
    const TABLE: &'static str = "budget_elements_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("element_id", ColumnType::BigInt),
        ("annee", ColumnType::BigInt),
        ("rang", ColumnType::BigInt),
        ("categorie_id", ColumnType::BigInt),
        ("montant", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.element_id),
            Value::from(self.annee),
            Value::from(self.rang),
            Value::from(self.categorie_id),
            Value::from(self.montant),
        ]
    }
}

struct EtatViewRow {
    residence_id: i64,
    etat: String,
}

impl TableRow for EtatViewRow {
    const TABLE: &'static str = "budgets_etat_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("etat", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::Text(self.etat.as_str()),
        ]
    }
}

/// A charge counted against a budget element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChargeBudget {
    pub depense_id: i64,
    pub titre: String,
    pub montant: Montant,
    pub date_facture: NaiveDate,
}

/// One element of a budget with what was spent on its category in the year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElementRow {
    pub id: i64,
    pub categorie_id: CategorieId,
    pub categorie_titre: String,
    pub montant: Montant,
    /// Σ of the current charges of the category invoiced (date_facture) in the year.
    pub montant_total_depense: Montant,
    pub charges: Vec<ChargeBudget>,
}

/// A budget as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetRow {
    pub annee: i32,
    pub titre: String,
    pub is_approved: Option<bool>,
    pub approbateur: Option<(TypeApprobateur, i64)>,
    pub commentaire: Option<String>,
    pub elements: Vec<ElementRow>,
}

impl BudgetRow {
    /// Σ of its elements.
    pub fn montant_total(&self) -> Montant {
        Montant::from_millimes(
            self.elements
                .iter()
                .fold(0_i64, |t, e| t.saturating_add(e.montant.millimes())),
        )
    }
}

/// The budgets of a residence, newest year first (only `annee`'s when given), each element with
/// the current charges of its category invoiced in the budget's year.
pub async fn budgets(
    db: &Database,
    residence_id: i64,
    annee: Option<i32>,
) -> Result<Vec<BudgetRow>, sqlx::Error> {
    let filtre = if annee.is_some() {
        " AND annee = $2"
    } else {
        ""
    };
    let sql = format!(
        "SELECT annee, titre, is_approved, approbateur_type, approbateur_id, commentaire \
         FROM budgets_view WHERE residence_id = $1{filtre} ORDER BY annee DESC"
    );
    let mut q = sqlx::query(&sql).bind(residence_id);
    if let Some(annee) = annee {
        q = q.bind(i64::from(annee));
    }
    let rows = q.fetch_all(&db.pool).await?;
    let mut budgets = Vec::with_capacity(rows.len());
    for row in &rows {
        let approbateur = match (
            row.try_get::<Option<String>, _>("approbateur_type")?,
            row.try_get::<Option<i64>, _>("approbateur_id")?,
        ) {
            (Some(t), Some(id)) => Some((from_text(&t)?, id)),
            _ => None,
        };
        budgets.push(BudgetRow {
            annee: narrow_column(row, "annee")?,
            titre: row.try_get("titre")?,
            is_approved: row
                .try_get::<Option<i64>, _>("is_approved")?
                .map(|v| v != 0),
            approbateur,
            commentaire: row.try_get("commentaire")?,
            elements: Vec::new(),
        });
    }
    if budgets.is_empty() {
        return Ok(budgets);
    }
    let sql =
        format!(
        "SELECT e.annee, e.element_id, e.categorie_id, COALESCE(c.titre, '') AS categorie_titre, \
                e.montant \
         FROM budget_elements_view e \
         LEFT JOIN categories_view c \
           ON c.residence_id = e.residence_id AND c.categorie_id = e.categorie_id \
         WHERE e.residence_id = $1{} ORDER BY e.annee, e.rang",
        if annee.is_some() { " AND e.annee = $2" } else { "" }
    );
    let mut q = sqlx::query(&sql).bind(residence_id);
    if let Some(annee) = annee {
        q = q.bind(i64::from(annee));
    }
    let element_rows = q.fetch_all(&db.pool).await?;
    // The current charges with a category, by (year, category), oldest invoice first.
    let sql = format!(
        "SELECT depense_id, titre, montant_total, date_facture, categorie_id FROM depenses_view \
         WHERE residence_id = $1 AND nature = 'charge' AND categorie_id IS NOT NULL{} \
         ORDER BY date_facture, depense_id",
        if annee.is_some() {
            " AND date_facture >= $2 AND date_facture <= $3"
        } else {
            ""
        }
    );
    let mut q = sqlx::query(&sql).bind(residence_id);
    if let Some(annee) = annee {
        q = q
            .bind(format!("{annee:04}-01-01"))
            .bind(format!("{annee:04}-12-31"));
    }
    let mut charges: BTreeMap<(i32, CategorieId), Vec<ChargeBudget>> = BTreeMap::new();
    for row in q.fetch_all(&db.pool).await? {
        let date_facture = crate::text::date_column(&row, "date_facture")?;
        let categorie_id: i64 = row.try_get("categorie_id")?;
        charges
            .entry((chrono::Datelike::year(&date_facture), categorie_id))
            .or_default()
            .push(ChargeBudget {
                depense_id: row.try_get("depense_id")?,
                titre: row.try_get("titre")?,
                montant: montant_column(&row, "montant_total")?,
                date_facture,
            });
    }
    let mut par_annee: BTreeMap<i32, Vec<ElementRow>> = BTreeMap::new();
    for row in &element_rows {
        let annee: i32 = narrow_column(row, "annee")?;
        let categorie_id: i64 = row.try_get("categorie_id")?;
        let charges = charges
            .get(&(annee, categorie_id))
            .cloned()
            .unwrap_or_default();
        let depense = charges
            .iter()
            .fold(0_i64, |t, c| t.saturating_add(c.montant.millimes()));
        par_annee.entry(annee).or_default().push(ElementRow {
            id: row.try_get("element_id")?,
            categorie_id,
            categorie_titre: row.try_get("categorie_titre")?,
            montant: montant_column(row, "montant")?,
            montant_total_depense: Montant::from_millimes(depense),
            charges,
        });
    }
    for budget in &mut budgets {
        budget.elements = par_annee.remove(&budget.annee).unwrap_or_default();
    }
    Ok(budgets)
}
