//! The clients (spec 1 §2 `/syndic/revenus/clients…`, §3 "Client", §5 "Contract and client"):
//! who pays a revenue contract or an exceptional revenue.

use actix_web::web;
use daftar_domain::contrats::{ContratsCommand, ContratsEvent, FicheClient};
use daftar_domain::depenses::gouvernorat;
use daftar_projections::contrats::{self as modele, ClientRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{executer, id_cree, lu};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::request::{email, optional_line, optional_text, required_id, required_text, tel};
use crate::routes::fournisseurs::fournisseur::Gouvernorat;
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// Longest name (the domain's).
const NOM_MAX: usize = 200;

/// A client (spec 1 §3 "Client").
#[derive(Debug, Serialize, ToSchema)]
pub struct Client {
    pub id: i64,
    pub nom: String,
    /// 8 digits.
    pub tel: Option<String>,
    pub email: Option<String>,
    pub adresse: Option<String>,
    pub ville: Option<String>,
    pub gouvernorat: Option<Gouvernorat>,
    pub activite: Option<String>,
    /// Free text, as typed.
    pub matricule_fiscal: Option<String>,
    pub commentaire: Option<String>,
    /// A contract or an exceptional revenue names it: it cannot be deleted (`client_utilise`).
    pub utilise: bool,
}

impl From<ClientRow> for Client {
    fn from(row: ClientRow) -> Self {
        Client {
            id: row.id,
            nom: row.nom,
            tel: row.tel,
            email: row.email,
            adresse: row.adresse,
            ville: row.ville,
            gouvernorat: row.gouvernorat.map(Gouvernorat::from),
            activite: row.activite,
            matricule_fiscal: row.matricule_fiscal,
            commentaire: row.commentaire,
            utilise: row.utilise,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientsResponse {
    pub success: bool,
    /// Sorted by name (accents ignored).
    pub clients: Vec<Client>,
}

/// The residence's clients, by name.
#[utoipa::path(
    get,
    path = "/api/clients",
    operation_id = "getClients",
    tag = "clients",
    responses(
        (status = 200, description = "The residence's clients", body = ClientsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<ClientsResponse>, ApiError> {
    let rows = modele::clients(&state.db, current.residence_id).await?;
    Ok(web::Json(ClientsResponse {
        success: true,
        clients: rows.into_iter().map(Client::from).collect(),
    }))
}

/// `POST /api/clients/creer` body. Fields are optional here only so that every missing or
/// wrong one is reported under its own name.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ClientRequest {
    /// Required, one line, 200 characters at most (`nom_invalide` when longer).
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub nom: Option<String>,
    /// Empty or 8 digits, spaces ignored (`tel_invalide`).
    #[serde(default)]
    pub tel: Option<String>,
    /// Empty or a valid address (`email_invalide`).
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub adresse: Option<String>,
    #[serde(default)]
    pub ville: Option<String>,
    /// A governorate's id, 1 to 24 (`gouvernorat_inconnu`), or null.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub gouvernorat: Option<Value>,
    #[serde(default)]
    pub activite: Option<String>,
    /// Free text (the form suggests the usual shape, `1234567/A/M/000`).
    #[serde(default)]
    pub matricule_fiscal: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// `POST /api/clients/creer-dialog` body: a client created from the contract form's choice.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ClientDialogRequest {
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub nom: Option<String>,
    #[serde(default)]
    pub tel: Option<String>,
}

/// `POST /api/clients/modifier` body: the client's id and its record as for creation.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierClientRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(flatten)]
    pub client: ClientRequest,
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

/// The fields of a client's form, every wrong one recorded (spec 1 §5 "Contract and client").
fn saisie(errors: &mut FieldErrors, request: ClientRequest) -> FicheClient {
    let nom = required_text(errors, "nom", request.nom);
    if nom.chars().count() > NOM_MAX {
        errors.add("nom", ErrorCode::NomInvalide);
    }
    let tel = tel(
        errors,
        "tel",
        request.tel.map(|t| t.split_whitespace().collect()),
    );
    FicheClient {
        nom,
        tel,
        email: email(errors, "email", request.email),
        adresse: optional_line(errors, "adresse", request.adresse),
        ville: optional_line(errors, "ville", request.ville),
        gouvernorat: gouvernorat_id(errors, request.gouvernorat),
        activite: optional_line(errors, "activite", request.activite),
        matricule_fiscal: optional_line(errors, "matricule_fiscal", request.matricule_fiscal),
        commentaire: optional_text(request.commentaire),
    }
}

fn fiche(request: ClientRequest) -> Result<FicheClient, ApiError> {
    let mut errors = FieldErrors::new();
    let fiche = saisie(&mut errors, request);
    if errors.is_empty() {
        Ok(fiche)
    } else {
        Err(ApiError::validation(errors))
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientResponse {
    pub success: bool,
    pub client: Client,
}

async fn client_lu(
    state: &AppState,
    residence_id: i64,
    client_id: i64,
) -> Result<ClientResponse, ApiError> {
    let row = modele::client(&state.db, residence_id, client_id).await?;
    Ok(ClientResponse {
        success: true,
        client: lu(row, "the client")?.into(),
    })
}

async fn creer(
    state: &AppState,
    current: &Finance,
    request_id: &RequestId,
    fiche: FicheClient,
) -> Result<ClientResponse, ApiError> {
    let committed = executer(
        state,
        current,
        request_id,
        ContratsCommand::CreerClient { fiche },
    )
    .await?;
    let client_id = id_cree(&committed, |event| match event {
        ContratsEvent::ClientCree { client_id, .. } => Some(*client_id),
        _ => None,
    })?;
    client_lu(state, current.residence_id, client_id).await
}

/// Creates a client.
#[utoipa::path(
    post,
    path = "/api/clients/creer",
    operation_id = "createClient",
    tag = "clients",
    request_body = ClientRequest,
    responses(
        (status = 200, description = "The new client", body = ClientResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.nom`: `champ_obligatoire`, `une_seule_ligne`, `nom_invalide`; `errors.tel`: `tel_invalide`; `errors.email`: `email_invalide`; `errors.gouvernorat`: `gouvernorat_inconnu`, `valeur_invalide`; `une_seule_ligne` on `adresse`, `ville`, `activite`, `matricule_fiscal`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ClientRequest>,
) -> Result<web::Json<ClientResponse>, ApiError> {
    let fiche = fiche(body.into_inner())?;
    Ok(web::Json(
        creer(&state, &current, &request_id, fiche).await?,
    ))
}

/// Creates a client from the contract form's dialog (name and phone).
#[utoipa::path(
    post,
    path = "/api/clients/creer-dialog",
    operation_id = "createClientDialog",
    tag = "clients",
    request_body = ClientDialogRequest,
    responses(
        (status = 200, description = "The new client", body = ClientResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.nom`, `errors.tel` as for creation)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create_dialog(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ClientDialogRequest>,
) -> Result<web::Json<ClientResponse>, ApiError> {
    let ClientDialogRequest { nom, tel } = body.into_inner();
    let fiche = fiche(ClientRequest {
        nom,
        tel,
        ..ClientRequest::default()
    })?;
    Ok(web::Json(
        creer(&state, &current, &request_id, fiche).await?,
    ))
}

/// Edits a client: its whole record as sent.
#[utoipa::path(
    post,
    path = "/api/clients/modifier",
    operation_id = "modifierClient",
    tag = "clients",
    request_body = ModifierClientRequest,
    responses(
        (status = 200, description = "The client as it now is", body = ClientResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`client_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (as for creation, plus `errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierClientRequest>,
) -> Result<web::Json<ClientResponse>, ApiError> {
    let ModifierClientRequest { id, client } = body.into_inner();
    let mut errors = FieldErrors::new();
    let client_id = required_id(&mut errors, "id", id);
    let fiche = saisie(&mut errors, client);
    let Some(client_id) = client_id.filter(|_| errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let command = ContratsCommand::ModifierClient { client_id, fiche };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(
        client_lu(&state, current.residence_id, client_id).await?,
    ))
}

/// `POST /api/clients/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerClientRequest {
    pub client_id: i64,
}

/// Deletes a client no contract nor exceptional revenue names.
#[utoipa::path(
    post,
    path = "/api/clients/supprimer",
    operation_id = "supprimerClient",
    tag = "clients",
    request_body = SupprimerClientRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`client_inconnu`", body = ErrorBody),
        (status = 422, description = "`client_utilise` (a contract or an exceptional revenue names it), or `validation_failed` (`errors.client_id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerClientRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = ContratsCommand::SupprimerClient {
        client_id: body.client_id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}
