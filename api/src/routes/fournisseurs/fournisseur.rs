//! The suppliers (spec 2 §2 `/syndic/depenses/fournisseurs…`, §3 "Supplier", "Governorate", §5
//! "Supplier", §9 "Supplier types"), and Tunisia's governorates their form chooses from.

use actix_web::web;
use daftar_domain::depenses::{
    self as domaine, gouvernorat, DepensesCommand, DepensesEvent, FicheFournisseur, GOUVERNORATS,
};
use daftar_projections::fournisseurs::{self as modele, FournisseurRow, GouvernoratRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{executer, id_cree, lu, texte_requis};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::request::{email, enumeration, optional_line, optional_text, required_id, tel};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// A supplier is a person or a company (spec 2 §9 "Supplier types").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeFournisseur {
    Particulier,
    Entreprise,
}

impl From<TypeFournisseur> for domaine::TypeFournisseur {
    fn from(value: TypeFournisseur) -> Self {
        match value {
            TypeFournisseur::Particulier => Self::Particulier,
            TypeFournisseur::Entreprise => Self::Entreprise,
        }
    }
}

impl From<domaine::TypeFournisseur> for TypeFournisseur {
    fn from(value: domaine::TypeFournisseur) -> Self {
        match value {
            domaine::TypeFournisseur::Particulier => Self::Particulier,
            domaine::TypeFournisseur::Entreprise => Self::Entreprise,
        }
    }
}

/// One of Tunisia's 24 governorates: ids 1–24 in the alphabetical order of their French names.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Gouvernorat {
    pub id: i64,
    pub nom: String,
}

impl From<GouvernoratRow> for Gouvernorat {
    fn from(row: GouvernoratRow) -> Self {
        Gouvernorat {
            id: row.id,
            nom: row.nom,
        }
    }
}

/// A supplier (spec 2 §3 "Supplier").
#[derive(Debug, Serialize, ToSchema)]
pub struct Fournisseur {
    pub id: i64,
    pub nom: String,
    /// 8 digits (the client groups them 2-3-3).
    pub tel: Option<String>,
    #[serde(rename = "type")]
    pub type_fournisseur: TypeFournisseur,
    pub email: Option<String>,
    pub adresse: Option<String>,
    pub ville: Option<String>,
    pub gouvernorat: Option<Gouvernorat>,
    pub activite: Option<String>,
    /// The supplier's tax or trade identifier, as typed.
    pub identifiant: Option<String>,
    pub commentaire: Option<String>,
    /// A charge or works item names it: it cannot be deleted (`fournisseur_utilise`).
    pub utilise: bool,
}

impl From<FournisseurRow> for Fournisseur {
    fn from(row: FournisseurRow) -> Self {
        Fournisseur {
            id: row.id,
            nom: row.nom,
            tel: row.tel,
            type_fournisseur: row.type_fournisseur.into(),
            email: row.email,
            adresse: row.adresse,
            ville: row.ville,
            gouvernorat: row.gouvernorat.map(Gouvernorat::from),
            activite: row.activite,
            identifiant: row.identifiant,
            commentaire: row.commentaire,
            utilise: row.utilise,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FournisseursResponse {
    pub success: bool,
    /// Sorted by name (accents ignored).
    pub fournisseurs: Vec<Fournisseur>,
}

/// The residence's suppliers, by name.
#[utoipa::path(
    get,
    path = "/api/fournisseurs",
    operation_id = "getFournisseurs",
    tag = "fournisseurs",
    responses(
        (status = 200, description = "The residence's suppliers", body = FournisseursResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<FournisseursResponse>, ApiError> {
    let rows = modele::fournisseurs(&state.db, current.residence_id).await?;
    Ok(web::Json(FournisseursResponse {
        success: true,
        fournisseurs: rows.into_iter().map(Fournisseur::from).collect(),
    }))
}

/// `POST /api/fournisseurs/creer` body. Fields are optional here only so that every missing or
/// wrong one is reported under its own name.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FournisseurRequest {
    /// Required, one line, 200 characters at most (`nom_invalide` when longer).
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub nom: Option<String>,
    /// Empty or 8 digits, spaces ignored (`tel_invalide`).
    #[serde(default)]
    pub tel: Option<String>,
    /// `particulier` when absent or empty (`type_fournisseur_invalide` for another value).
    #[serde(default, rename = "type")]
    #[schema(value_type = Option<TypeFournisseur>)]
    pub type_fournisseur: Option<String>,
    /// Empty or a valid address (`email_invalide`).
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub adresse: Option<String>,
    #[serde(default)]
    pub ville: Option<String>,
    /// A governorate's id, 1 to 24 (`gouvernorat_inconnu`), or null (a numeric string is read
    /// as its number, an empty one as null).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub gouvernorat: Option<Value>,
    #[serde(default)]
    pub activite: Option<String>,
    #[serde(default)]
    pub identifiant: Option<String>,
    /// Several lines allowed.
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// `POST /api/fournisseurs/creer-dialog` body: the supplier created from a choice of another
/// form (the charge's, the works item's), with its name, phone and type only.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FournisseurDialogRequest {
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub nom: Option<String>,
    #[serde(default)]
    pub tel: Option<String>,
    #[serde(default, rename = "type")]
    #[schema(value_type = Option<TypeFournisseur>)]
    pub type_fournisseur: Option<String>,
}

/// `POST /api/fournisseurs/modifier` body: the supplier's id and its record as for creation.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierFournisseurRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub nom: Option<String>,
    #[serde(default)]
    pub tel: Option<String>,
    #[serde(default, rename = "type")]
    #[schema(value_type = Option<TypeFournisseur>)]
    pub type_fournisseur: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub adresse: Option<String>,
    #[serde(default)]
    pub ville: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub gouvernorat: Option<Value>,
    #[serde(default)]
    pub activite: Option<String>,
    #[serde(default)]
    pub identifiant: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

impl From<FournisseurDialogRequest> for FournisseurRequest {
    fn from(request: FournisseurDialogRequest) -> Self {
        FournisseurRequest {
            nom: request.nom,
            tel: request.tel,
            type_fournisseur: request.type_fournisseur,
            ..FournisseurRequest::default()
        }
    }
}

/// A supplier's type: `particulier` when absent or empty (spec 2 §5 "Supplier").
fn type_fournisseur(errors: &mut FieldErrors, value: Option<String>) -> Option<TypeFournisseur> {
    if optional_text(value.clone()).is_none() {
        return Some(TypeFournisseur::Particulier);
    }
    enumeration(errors, "type", value, ErrorCode::TypeFournisseurInvalide)
}

/// A governorate's id (1 to 24), sent as a number or a numeric string; null or empty is none.
fn gouvernorat_id(errors: &mut FieldErrors, value: Option<Value>) -> Option<i64> {
    let id = match value {
        None | Some(Value::Null) => return None,
        Some(Value::String(text)) if text.trim().is_empty() => return None,
        Some(Value::String(text)) => text.trim().parse::<i64>().ok(),
        Some(Value::Number(number)) => number.as_i64(),
        Some(_) => None,
    };
    match id {
        Some(id) if gouvernorat(id).is_some() => Some(id),
        Some(_) => {
            errors.add("gouvernorat", ErrorCode::GouvernoratInconnu);
            None
        }
        None => {
            errors.add("gouvernorat", ErrorCode::ValeurInvalide);
            None
        }
    }
}

/// The fields of a supplier's form, every wrong one recorded (spec 2 §5 "Supplier").
fn saisie(errors: &mut FieldErrors, request: FournisseurRequest) -> Option<FicheFournisseur> {
    let nom = texte_requis(errors, "nom", request.nom, ErrorCode::NomInvalide);
    // Typed grouped (`71 341 311`), kept as its 8 digits.
    let tel = tel(
        errors,
        "tel",
        request.tel.map(|t| t.split_whitespace().collect()),
    );
    let type_fournisseur = type_fournisseur(errors, request.type_fournisseur);
    let adresse = optional_line(errors, "adresse", request.adresse);
    let ville = optional_line(errors, "ville", request.ville);
    let activite = optional_line(errors, "activite", request.activite);
    let identifiant = optional_line(errors, "identifiant", request.identifiant);
    let email = email(errors, "email", request.email);
    let gouvernorat = gouvernorat_id(errors, request.gouvernorat);
    Some(FicheFournisseur {
        nom,
        tel,
        type_fournisseur: type_fournisseur?.into(),
        email,
        adresse,
        ville,
        gouvernorat,
        activite,
        identifiant,
        commentaire: optional_text(request.commentaire),
    })
}

/// A valid supplier's record.
struct SaisieFournisseur(FicheFournisseur);

impl TryFrom<FournisseurRequest> for SaisieFournisseur {
    type Error = ApiError;

    fn try_from(request: FournisseurRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        match saisie(&mut errors, request) {
            Some(fiche) if errors.is_empty() => Ok(SaisieFournisseur(fiche)),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// A valid edit of a supplier.
struct ModificationFournisseur {
    fournisseur_id: i64,
    fiche: FicheFournisseur,
}

impl TryFrom<ModifierFournisseurRequest> for ModificationFournisseur {
    type Error = ApiError;

    fn try_from(request: ModifierFournisseurRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let fournisseur_id = required_id(&mut errors, "id", request.id);
        let fiche = saisie(
            &mut errors,
            FournisseurRequest {
                nom: request.nom,
                tel: request.tel,
                type_fournisseur: request.type_fournisseur,
                email: request.email,
                adresse: request.adresse,
                ville: request.ville,
                gouvernorat: request.gouvernorat,
                activite: request.activite,
                identifiant: request.identifiant,
                commentaire: request.commentaire,
            },
        );
        match (fournisseur_id, fiche) {
            (Some(fournisseur_id), Some(fiche)) if errors.is_empty() => {
                Ok(ModificationFournisseur {
                    fournisseur_id,
                    fiche,
                })
            }
            _ => Err(ApiError::validation(errors)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FournisseurResponse {
    pub success: bool,
    pub fournisseur: Fournisseur,
}

async fn fournisseur_lu(
    state: &AppState,
    residence_id: i64,
    fournisseur_id: i64,
) -> Result<FournisseurResponse, ApiError> {
    let row = modele::fournisseur(&state.db, residence_id, fournisseur_id).await?;
    Ok(FournisseurResponse {
        success: true,
        fournisseur: lu(row, "the supplier")?.into(),
    })
}

/// Creates the supplier; answers it as the read model holds it.
async fn creer(
    state: &AppState,
    current: &Finance,
    request_id: &RequestId,
    SaisieFournisseur(fiche): SaisieFournisseur,
) -> Result<FournisseurResponse, ApiError> {
    let command = DepensesCommand::CreerFournisseur { fiche };
    let committed = executer(state, current, request_id, command).await?;
    let fournisseur_id = id_cree(&committed, |event| match event {
        DepensesEvent::FournisseurCree { fournisseur_id, .. } => Some(*fournisseur_id),
        _ => None,
    })?;
    fournisseur_lu(state, current.residence_id, fournisseur_id).await
}

/// Creates a supplier.
#[utoipa::path(
    post,
    path = "/api/fournisseurs/creer",
    operation_id = "createFournisseur",
    tag = "fournisseurs",
    request_body = FournisseurRequest,
    responses(
        (status = 200, description = "The new supplier", body = FournisseurResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.nom`: `champ_obligatoire`, `une_seule_ligne`, `nom_invalide`; `errors.tel`: `tel_invalide`; `errors.type`: `type_fournisseur_invalide`; `errors.email`: `email_invalide`; `errors.gouvernorat`: `gouvernorat_inconnu`, `valeur_invalide`; `une_seule_ligne` on `adresse`, `ville`, `activite`, `identifiant`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<FournisseurRequest>,
) -> Result<web::Json<FournisseurResponse>, ApiError> {
    let saisie = SaisieFournisseur::try_from(body.into_inner())?;
    Ok(web::Json(
        creer(&state, &current, &request_id, saisie).await?,
    ))
}

/// Creates a supplier from the dialog of another form's supplier choice (name, phone, type).
#[utoipa::path(
    post,
    path = "/api/fournisseurs/creer-dialog",
    operation_id = "createFournisseurDialog",
    tag = "fournisseurs",
    request_body = FournisseurDialogRequest,
    responses(
        (status = 200, description = "The new supplier", body = FournisseurResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.nom`, `errors.tel`, `errors.type` as for creation)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create_dialog(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<FournisseurDialogRequest>,
) -> Result<web::Json<FournisseurResponse>, ApiError> {
    let saisie = SaisieFournisseur::try_from(FournisseurRequest::from(body.into_inner()))?;
    Ok(web::Json(
        creer(&state, &current, &request_id, saisie).await?,
    ))
}

/// Edits a supplier: its whole record as sent.
#[utoipa::path(
    post,
    path = "/api/fournisseurs/modifier",
    operation_id = "modifierFournisseur",
    tag = "fournisseurs",
    request_body = ModifierFournisseurRequest,
    responses(
        (status = 200, description = "The supplier as it now is", body = FournisseurResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`fournisseur_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (as for creation, plus `errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierFournisseurRequest>,
) -> Result<web::Json<FournisseurResponse>, ApiError> {
    let ModificationFournisseur {
        fournisseur_id,
        fiche,
    } = body.into_inner().try_into()?;
    let command = DepensesCommand::ModifierFournisseur {
        fournisseur_id,
        fiche,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(
        fournisseur_lu(&state, current.residence_id, fournisseur_id).await?,
    ))
}

/// `POST /api/fournisseurs/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerFournisseurRequest {
    pub fournisseur_id: i64,
}

/// Deletes a supplier no charge or works item names.
#[utoipa::path(
    post,
    path = "/api/fournisseurs/supprimer",
    operation_id = "supprimerFournisseur",
    tag = "fournisseurs",
    request_body = SupprimerFournisseurRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`fournisseur_inconnu`", body = ErrorBody),
        (status = 422, description = "`fournisseur_utilise` (a charge or works item names it), or `validation_failed` (`errors.fournisseur_id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerFournisseurRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = DepensesCommand::SupprimerFournisseur {
        fournisseur_id: body.fournisseur_id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GouvernoratsResponse {
    pub success: bool,
    /// The 24, ids 1–24 in the alphabetical order of their French names.
    pub gouvernorats: Vec<Gouvernorat>,
}

/// Tunisia's 24 governorates, the choices of a supplier's `gouvernorat` (a fixed list).
#[utoipa::path(
    get,
    path = "/api/fournisseurs/gouvernorats",
    operation_id = "getGouvernorats",
    tag = "fournisseurs",
    responses(
        (status = 200, description = "The governorates", body = GouvernoratsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn gouvernorats(_current: Syndic) -> web::Json<GouvernoratsResponse> {
    web::Json(GouvernoratsResponse {
        success: true,
        gouvernorats: (1..)
            .zip(GOUVERNORATS)
            .map(|(id, nom)| Gouvernorat {
                id,
                nom: nom.to_owned(),
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> FournisseurRequest {
        serde_json::from_value(json).unwrap_or_else(|e| panic!("{e}"))
    }

    fn codes(json: serde_json::Value) -> FieldErrors {
        let mut errors = FieldErrors::new();
        saisie(&mut errors, request(json));
        errors
    }

    #[test]
    fn a_supplier_is_a_person_unless_told_otherwise_and_its_phone_keeps_its_digits() {
        let SaisieFournisseur(fiche) = SaisieFournisseur::try_from(request(serde_json::json!({
            "nom": " Plomberie Ben Salah ", "tel": "98 123 456", "type": "",
            "gouvernorat": "23", "email": "", "commentaire": "Urgences\nle week-end",
        })))
        .unwrap_or_else(|_| panic!("refused"));
        assert_eq!(fiche.nom, "Plomberie Ben Salah");
        assert_eq!(fiche.tel.as_deref(), Some("98123456"));
        assert_eq!(
            fiche.type_fournisseur,
            domaine::TypeFournisseur::Particulier
        );
        assert_eq!(fiche.gouvernorat, Some(23));
        assert_eq!(fiche.email, None);
        assert_eq!(fiche.commentaire.as_deref(), Some("Urgences\nle week-end"));
    }

    #[test]
    fn every_wrong_field_of_a_supplier_is_reported_with_its_code() {
        let errors = codes(serde_json::json!({
            "nom": "STEG\nTunis", "tel": "7134131", "type": "societe", "email": "steg@",
            "gouvernorat": 25, "ville": "Tunis\tcentre",
        }));
        assert_eq!(errors.codes("nom"), [ErrorCode::UneSeuleLigne]);
        assert_eq!(errors.codes("tel"), [ErrorCode::TelInvalide]);
        assert_eq!(errors.codes("type"), [ErrorCode::TypeFournisseurInvalide]);
        assert_eq!(errors.codes("email"), [ErrorCode::EmailInvalide]);
        assert_eq!(errors.codes("gouvernorat"), [ErrorCode::GouvernoratInconnu]);
        assert_eq!(errors.codes("ville"), [ErrorCode::UneSeuleLigne]);
        let errors = codes(serde_json::json!({"nom": "x".repeat(201), "gouvernorat": 0}));
        assert_eq!(errors.codes("nom"), [ErrorCode::NomInvalide]);
        assert_eq!(errors.codes("gouvernorat"), [ErrorCode::GouvernoratInconnu]);
        let errors = codes(serde_json::json!({"gouvernorat": true}));
        assert_eq!(errors.codes("nom"), [ErrorCode::ChampObligatoire]);
        assert_eq!(errors.codes("gouvernorat"), [ErrorCode::ValeurInvalide]);
    }
}
