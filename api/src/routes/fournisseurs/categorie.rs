//! The expense categories (spec 2 §2 `/syndic/depenses/categories`, §3 "Category", §5
//! "Category", §8 "Delete category").

use actix_web::web;
use daftar_domain::depenses::{DepensesCommand, DepensesEvent};
use daftar_projections::fournisseurs::{self as modele, CategorieRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{executer, id_cree, lu, texte_requis};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::request::{optional_text, required_id};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// An expense category (spec 2 §3 "Category").
#[derive(Debug, Serialize, ToSchema)]
pub struct Categorie {
    pub id: i64,
    pub titre: String,
    pub description: Option<String>,
    /// A charge or works item names it: it cannot be deleted (`categorie_utilisee`).
    pub utilisee: bool,
}

impl From<CategorieRow> for Categorie {
    fn from(row: CategorieRow) -> Self {
        Categorie {
            id: row.id,
            titre: row.titre,
            description: row.description,
            utilisee: row.utilisee,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoriesResponse {
    pub success: bool,
    /// Sorted by title (accents ignored).
    pub categories: Vec<Categorie>,
}

/// The residence's expense categories, by title.
#[utoipa::path(
    get,
    path = "/api/categories",
    operation_id = "getCategories",
    tag = "categories",
    responses(
        (status = 200, description = "The residence's categories", body = CategoriesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<CategoriesResponse>, ApiError> {
    let rows = modele::categories(&state.db, current.residence_id).await?;
    Ok(web::Json(CategoriesResponse {
        success: true,
        categories: rows.into_iter().map(Categorie::from).collect(),
    }))
}

/// `POST /api/categories/creer` body. Fields are optional here only so that every missing or
/// wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CategorieRequest {
    /// Required, one line, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub titre: Option<String>,
    /// Optional; several lines allowed.
    #[serde(default)]
    pub description: Option<String>,
}

/// `POST /api/categories/modifier` body: the category's id and its record as for creation.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierCategorieRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub titre: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
}

/// A category's record as typed.
struct SaisieCategorie {
    titre: String,
    description: Option<String>,
}

fn saisie(errors: &mut FieldErrors, request: CategorieRequest) -> SaisieCategorie {
    SaisieCategorie {
        titre: texte_requis(errors, "titre", request.titre, ErrorCode::TitreTropLong),
        description: optional_text(request.description),
    }
}

impl TryFrom<CategorieRequest> for SaisieCategorie {
    type Error = ApiError;

    fn try_from(request: CategorieRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let saisie = saisie(&mut errors, request);
        errors.into_result()?;
        Ok(saisie)
    }
}

/// A valid edit of a category.
struct ModificationCategorie {
    categorie_id: i64,
    saisie: SaisieCategorie,
}

impl TryFrom<ModifierCategorieRequest> for ModificationCategorie {
    type Error = ApiError;

    fn try_from(request: ModifierCategorieRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let categorie_id = required_id(&mut errors, "id", request.id);
        let saisie = saisie(
            &mut errors,
            CategorieRequest {
                titre: request.titre,
                description: request.description,
            },
        );
        match categorie_id {
            Some(categorie_id) if errors.is_empty() => Ok(ModificationCategorie {
                categorie_id,
                saisie,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategorieResponse {
    pub success: bool,
    pub categorie: Categorie,
}

async fn categorie_lue(
    state: &AppState,
    residence_id: i64,
    categorie_id: i64,
) -> Result<CategorieResponse, ApiError> {
    let row = modele::categorie(&state.db, residence_id, categorie_id).await?;
    Ok(CategorieResponse {
        success: true,
        categorie: lu(row, "the category")?.into(),
    })
}

/// Creates a category (also from the dialog of a charge's or works item's form).
#[utoipa::path(
    post,
    path = "/api/categories/creer",
    operation_id = "createCategorie",
    tag = "categories",
    request_body = CategorieRequest,
    responses(
        (status = 200, description = "The new category", body = CategorieResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.titre`: `champ_obligatoire`, `une_seule_ligne`, `titre_trop_long`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<CategorieRequest>,
) -> Result<web::Json<CategorieResponse>, ApiError> {
    let SaisieCategorie { titre, description } = body.into_inner().try_into()?;
    let command = DepensesCommand::CreerCategorie { titre, description };
    let committed = executer(&state, &current, &request_id, command).await?;
    let categorie_id = id_cree(&committed, |event| match event {
        DepensesEvent::CategorieCreee { categorie_id, .. } => Some(*categorie_id),
        _ => None,
    })?;
    Ok(web::Json(
        categorie_lue(&state, current.residence_id, categorie_id).await?,
    ))
}

/// Edits a category's title and description.
#[utoipa::path(
    post,
    path = "/api/categories/modifier",
    operation_id = "modifierCategorie",
    tag = "categories",
    request_body = ModifierCategorieRequest,
    responses(
        (status = 200, description = "The category as it now is", body = CategorieResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`categorie_inconnue`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (as for creation, plus `errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierCategorieRequest>,
) -> Result<web::Json<CategorieResponse>, ApiError> {
    let ModificationCategorie {
        categorie_id,
        saisie: SaisieCategorie { titre, description },
    } = body.into_inner().try_into()?;
    let command = DepensesCommand::ModifierCategorie {
        categorie_id,
        titre,
        description,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(
        categorie_lue(&state, current.residence_id, categorie_id).await?,
    ))
}

/// `POST /api/categories/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerCategorieRequest {
    pub categorie_id: i64,
}

/// Deletes a category no charge, works item or contract names and no budget gives an amount
/// above zero (its zero elements leave the budgets).
#[utoipa::path(
    post,
    path = "/api/categories/supprimer",
    operation_id = "supprimerCategorie",
    tag = "categories",
    request_body = SupprimerCategorieRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`categorie_inconnue`", body = ErrorBody),
        (status = 422, description = "`categorie_utilisee` (a charge, works item or contract names it), `categorie_budgetee` (a budget gives it an amount above zero), or `validation_failed` (`errors.categorie_id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerCategorieRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = DepensesCommand::SupprimerCategorie {
        categorie_id: body.categorie_id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> ModifierCategorieRequest {
        serde_json::from_value(json).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_edit_reports_its_missing_id_and_title_together() {
        let Err(error) =
            ModificationCategorie::try_from(request(serde_json::json!({"titre": " "})))
        else {
            panic!("accepted");
        };
        let errors = error.field_errors().cloned().unwrap_or_default();
        assert_eq!(errors.codes("id"), [ErrorCode::ChampObligatoire]);
        assert_eq!(errors.codes("titre"), [ErrorCode::ChampObligatoire]);
    }

    #[test]
    fn a_title_is_one_line_of_200_characters_at_most() {
        let mut errors = FieldErrors::new();
        saisie(
            &mut errors,
            CategorieRequest {
                titre: Some("É".repeat(201)),
                description: Some("Parties communes\net parking".into()),
            },
        );
        assert_eq!(errors.codes("titre"), [ErrorCode::TitreTropLong]);
        assert!(errors.codes("description").is_empty());
        let mut errors = FieldErrors::new();
        saisie(
            &mut errors,
            CategorieRequest {
                titre: Some("Eau\nÉlectricité".into()),
                description: None,
            },
        );
        assert_eq!(errors.codes("titre"), [ErrorCode::UneSeuleLigne]);
    }
}
