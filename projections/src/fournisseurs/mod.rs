//! Read model "which expense categories and suppliers does the residence have?" (spec 2 §2
//! "Categories and suppliers", §3 "Category", "Supplier"; the answers of docs/api-depenses.md
//! "Categories" and "Suppliers").
//!
//! Whether a charge or works item names a category or a supplier (its deletion is then refused)
//! is read when asked from the expenses model's `depenses_view` (by `(residence_id,
//! categorie_id)` and `(residence_id, fournisseur_id)`), never kept here: the model reads no
//! other model's tables while applying. The expenses model's queries join `fournisseurs_view`
//! and `categories_view` by `(residence_id, fournisseur_id | categorie_id)` for the names.
//!
//! Lists are sorted by title or name in Rust ([`cle_de_tri`]), not by SQL: SQLite compares
//! bytes and PostgreSQL its collation, and "Électricité" must sit among the E on both stores.

use daftar_domain::depenses::{gouvernorat, CategorieId, FournisseurId, TypeFournisseur};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::Database;
use crate::text::enum_column;

mod apply;

pub use apply::FournisseursView;

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "fournisseurs";

/// An expense category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategorieRow {
    pub id: CategorieId,
    pub titre: String,
    pub description: Option<String>,
    /// A charge or works item names it: it cannot be deleted (`categorie_utilisee`).
    pub utilisee: bool,
}

/// A governorate, by its id (1 to 24) and French name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GouvernoratRow {
    pub id: i64,
    pub nom: String,
}

/// A supplier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FournisseurRow {
    pub id: FournisseurId,
    pub nom: String,
    /// 8 digits.
    pub tel: Option<String>,
    pub type_fournisseur: TypeFournisseur,
    pub email: Option<String>,
    pub adresse: Option<String>,
    pub ville: Option<String>,
    pub gouvernorat: Option<GouvernoratRow>,
    pub activite: Option<String>,
    pub identifiant: Option<String>,
    pub commentaire: Option<String>,
    /// A charge or works item names it: it cannot be deleted (`fournisseur_utilise`).
    pub utilise: bool,
}

/// The key a title or name sorts by: lower case, French accents and ligatures folded
/// ("Électricité" between "Eau" and "Entretien"), so both stores list alike.
pub fn cle_de_tri(texte: &str) -> String {
    let mut cle = String::with_capacity(texte.len());
    for c in texte.chars().flat_map(char::to_lowercase) {
        match c {
            'à' | 'â' | 'ä' | 'á' | 'ã' => cle.push('a'),
            'ç' => cle.push('c'),
            'é' | 'è' | 'ê' | 'ë' => cle.push('e'),
            'î' | 'ï' | 'í' | 'ì' => cle.push('i'),
            'ô' | 'ö' | 'ó' | 'ò' | 'õ' => cle.push('o'),
            'ù' | 'û' | 'ü' | 'ú' => cle.push('u'),
            'ÿ' => cle.push('y'),
            'œ' => cle.push_str("oe"),
            'æ' => cle.push_str("ae"),
            other => cle.push(other),
        }
    }
    cle
}

/// The categories of a residence, by title (then id).
pub async fn categories(
    db: &Database,
    residence_id: i64,
) -> Result<Vec<CategorieRow>, sqlx::Error> {
    let mut rows = categorie_rows(db, residence_id, None).await?;
    rows.sort_by_cached_key(|row| (cle_de_tri(&row.titre), row.id));
    Ok(rows)
}

/// One category of a residence (`None` when the residence has no such category).
pub async fn categorie(
    db: &Database,
    residence_id: i64,
    categorie_id: CategorieId,
) -> Result<Option<CategorieRow>, sqlx::Error> {
    Ok(categorie_rows(db, residence_id, Some(categorie_id))
        .await?
        .into_iter()
        .next())
}

async fn categorie_rows(
    db: &Database,
    residence_id: i64,
    categorie_id: Option<CategorieId>,
) -> Result<Vec<CategorieRow>, sqlx::Error> {
    let sql = "SELECT c.categorie_id, c.titre, c.description, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM depenses_view d \
             WHERE d.residence_id = c.residence_id AND d.categorie_id = c.categorie_id) \
           OR EXISTS (SELECT 1 FROM contrats_view k \
             WHERE k.residence_id = c.residence_id AND k.categorie_id = c.categorie_id) \
           THEN 1 ELSE 0 END AS BIGINT) AS utilisee \
         FROM categories_view c \
         WHERE c.residence_id = $1 AND ($2 = 0 OR c.categorie_id = $2)";
    let rows = sqlx::query(sql)
        .bind(residence_id)
        .bind(categorie_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(CategorieRow {
                id: row.try_get("categorie_id")?,
                titre: row.try_get("titre")?,
                description: row.try_get("description")?,
                utilisee: row.try_get::<i64, _>("utilisee")? != 0,
            })
        })
        .collect()
}

/// The suppliers of a residence, by name (then id).
pub async fn fournisseurs(
    db: &Database,
    residence_id: i64,
) -> Result<Vec<FournisseurRow>, sqlx::Error> {
    let mut rows = fournisseur_rows(db, residence_id, None).await?;
    rows.sort_by_cached_key(|row| (cle_de_tri(&row.nom), row.id));
    Ok(rows)
}

/// One supplier of a residence (`None` when the residence has no such supplier).
pub async fn fournisseur(
    db: &Database,
    residence_id: i64,
    fournisseur_id: FournisseurId,
) -> Result<Option<FournisseurRow>, sqlx::Error> {
    Ok(fournisseur_rows(db, residence_id, Some(fournisseur_id))
        .await?
        .into_iter()
        .next())
}

async fn fournisseur_rows(
    db: &Database,
    residence_id: i64,
    fournisseur_id: Option<FournisseurId>,
) -> Result<Vec<FournisseurRow>, sqlx::Error> {
    let sql = "SELECT f.fournisseur_id, f.nom, f.tel, f.type_fournisseur, f.email, f.adresse, \
         f.ville, f.gouvernorat, f.activite, f.identifiant, f.commentaire, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM depenses_view d \
             WHERE d.residence_id = f.residence_id AND d.fournisseur_id = f.fournisseur_id) \
           OR EXISTS (SELECT 1 FROM contrats_view k \
             WHERE k.residence_id = f.residence_id AND k.fournisseur_id = f.fournisseur_id) \
           THEN 1 ELSE 0 END AS BIGINT) AS utilise \
         FROM fournisseurs_view f \
         WHERE f.residence_id = $1 AND ($2 = 0 OR f.fournisseur_id = $2)";
    let rows = sqlx::query(sql)
        .bind(residence_id)
        .bind(fournisseur_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(fournisseur_row).collect()
}

fn fournisseur_row(row: &AnyRow) -> Result<FournisseurRow, sqlx::Error> {
    let gouvernorat_id: Option<i64> = row.try_get("gouvernorat")?;
    Ok(FournisseurRow {
        id: row.try_get("fournisseur_id")?,
        nom: row.try_get("nom")?,
        tel: row.try_get("tel")?,
        type_fournisseur: enum_column(row, "type_fournisseur")?,
        email: row.try_get("email")?,
        adresse: row.try_get("adresse")?,
        ville: row.try_get("ville")?,
        // The domain keeps only known governorates: an unknown id would be a row of another
        // release's list, shown as none rather than failing the whole list.
        gouvernorat: gouvernorat_id.and_then(|id| {
            gouvernorat(id).map(|nom| GouvernoratRow {
                id,
                nom: nom.to_owned(),
            })
        }),
        activite: row.try_get("activite")?,
        identifiant: row.try_get("identifiant")?,
        commentaire: row.try_get("commentaire")?,
        utilise: row.try_get::<i64, _>("utilise")? != 0,
    })
}

#[cfg(test)]
mod tests {
    use super::cle_de_tri;

    #[test]
    fn titles_sort_with_their_accents_folded() {
        let mut titres = ["Entretien", "Électricité", "Eau", "Ascenseur", "écoles"];
        titres.sort_by_key(|t| cle_de_tri(t));
        assert_eq!(
            titres,
            ["Ascenseur", "Eau", "écoles", "Électricité", "Entretien"]
        );
    }
}
