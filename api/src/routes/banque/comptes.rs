//! The bank accounts (spec 2 §2 `/syndic/banque/comptes…`, §3 "Bank account", §4 "Main bank
//! account", §5 "Bank account", §8 "Bank account delete").

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::banque::{self as domaine, BanqueCommand, BanqueEvent, FicheCompte};
use daftar_domain::Montant;
use daftar_projections::banque::{self, CompteRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    comptes_du_jour, drapeau, dt, executer, id_cree, ligne_facultative, lu, texte_requis,
    CompteChoix, TypeCompte,
};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::money::Dt;
use crate::request::{
    self, date, enumeration, optional_text, required_id, Minimum, MontantSaisi, Precision,
};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// A bank account (spec 2 §3 "Bank account").
#[derive(Debug, Serialize, ToSchema)]
pub struct CompteBancaire {
    pub id: i64,
    pub libelle: String,
    pub banque: String,
    #[serde(rename = "type")]
    pub type_compte: TypeCompte,
    pub adresse_agence: Option<String>,
    /// 20 digits.
    pub rib: Option<String>,
    pub swift: Option<String>,
    /// TN and 22 digits.
    pub iban: Option<String>,
    pub commentaire: Option<String>,
    /// The account later bank receipts attach to; exactly one account is main.
    pub is_main: bool,
    /// The balance on `date_solde_initial`, when the books start following the account.
    pub solde_initial: Dt,
    pub date_solde_initial: NaiveDate,
    /// The balance today: the opening balance plus the movements dated until today.
    pub solde: Dt,
    /// Something moved money on it: it cannot be deleted (`compte_avec_operations`).
    pub has_operations: bool,
    /// Whether the RIB's key checks (`null` without a RIB): the form warns when it does not,
    /// the server accepts it.
    pub rib_cle_valide: Option<bool>,
}

impl From<CompteRow> for CompteBancaire {
    fn from(row: CompteRow) -> Self {
        CompteBancaire {
            rib_cle_valide: row.rib.as_deref().map(domaine::cle_rib_correcte),
            id: row.id,
            libelle: row.libelle,
            banque: row.banque,
            type_compte: row.type_compte.into(),
            adresse_agence: row.adresse_agence,
            rib: row.rib,
            swift: row.swift,
            iban: row.iban,
            commentaire: row.commentaire,
            is_main: row.is_main,
            solde_initial: dt(row.solde_initial),
            date_solde_initial: row.date_solde_initial,
            solde: dt(row.solde),
            has_operations: row.has_operations,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ComptesResponse {
    pub success: bool,
    /// Whether the residence has a bank account (the screens show the no-bank alert when not).
    pub has_bank: bool,
    /// The main account first, then by libellé.
    pub comptes: Vec<CompteBancaire>,
    pub comptes_bancaires: Vec<CompteChoix>,
}

/// The bank accounts of the caller's residence, each with its balance today.
#[utoipa::path(
    get,
    path = "/api/banque/comptes",
    operation_id = "getComptesBancaires",
    tag = "banque",
    responses(
        (status = 200, description = "The residence's bank accounts", body = ComptesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<ComptesResponse>, ApiError> {
    let rows = comptes_du_jour(&state, current.residence_id).await?;
    Ok(web::Json(ComptesResponse {
        success: true,
        has_bank: !rows.is_empty(),
        comptes_bancaires: rows.iter().map(CompteChoix::from).collect(),
        comptes: rows.into_iter().map(CompteBancaire::from).collect(),
    }))
}

/// `POST /api/banque/comptes/creer` body. Fields are optional here only so that every missing or
/// wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CompteRequest {
    /// Required, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub libelle: Option<String>,
    /// The bank's name: required, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub banque: Option<String>,
    #[serde(default)]
    pub adresse_agence: Option<String>,
    #[serde(default, rename = "type")]
    #[schema(value_type = TypeCompte, required = true)]
    pub type_compte: Option<String>,
    #[serde(default)]
    pub swift: Option<String>,
    /// 20 digits, spaces ignored (`rib_invalide`); a key that does not check is accepted.
    #[serde(default)]
    pub rib: Option<String>,
    /// TN and 22 digits, spaces ignored (`iban_invalide`).
    #[serde(default)]
    pub iban: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
    /// A boolean or 0/1. The first account is main whatever is sent; declaring another
    /// account main moves the flag.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub is_main: Option<Value>,
    /// DT, up to three decimals, not negative; 0 by default (on an edit: unchanged when absent).
    #[serde(default)]
    #[schema(value_type = Option<Dt>)]
    pub solde_initial: Option<MontantSaisi>,
    /// `yyyy-MM-dd`; today by default (on an edit: unchanged when absent). A non-zero opening
    /// balance is a posting on this date: its exercice must be open.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_solde_initial: Option<String>,
}

/// `POST /api/banque/comptes/modifier` body: the account's id and its record as for creation.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierCompteRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub libelle: Option<String>,
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub banque: Option<String>,
    #[serde(default)]
    pub adresse_agence: Option<String>,
    #[serde(default, rename = "type")]
    #[schema(value_type = TypeCompte, required = true)]
    pub type_compte: Option<String>,
    #[serde(default)]
    pub swift: Option<String>,
    #[serde(default)]
    pub rib: Option<String>,
    #[serde(default)]
    pub iban: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
    /// Unticking it on the main account keeps it main.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub is_main: Option<Value>,
    #[serde(default)]
    #[schema(value_type = Option<Dt>)]
    pub solde_initial: Option<MontantSaisi>,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_solde_initial: Option<String>,
}

/// An account's record as typed; the opening balance and its date when given (the handler
/// knows their defaults).
struct SaisieCompte {
    libelle: String,
    banque: String,
    type_compte: domaine::TypeCompte,
    adresse_agence: Option<String>,
    rib: Option<String>,
    swift: Option<String>,
    iban: Option<String>,
    commentaire: Option<String>,
    is_main: bool,
    solde_initial: Option<Montant>,
    date_solde_initial: Option<NaiveDate>,
}

impl SaisieCompte {
    /// The record with its opening balance (the one given, else `solde_initial`) and its date
    /// (the one given, else `date_solde_initial`).
    fn fiche(self, (solde_initial, date_solde_initial): (Montant, NaiveDate)) -> FicheCompte {
        FicheCompte {
            libelle: self.libelle,
            banque: self.banque,
            type_compte: self.type_compte,
            adresse_agence: self.adresse_agence,
            rib: self.rib,
            swift: self.swift,
            iban: self.iban,
            commentaire: self.commentaire,
            is_main: self.is_main,
            solde_initial: self.solde_initial.unwrap_or(solde_initial),
            date_solde_initial: self.date_solde_initial.unwrap_or(date_solde_initial),
        }
    }
}

/// Digits typed with spaces (`0800 1000 …`), kept without them.
fn sans_espaces(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    ligne_facultative(errors, field, value).map(|text| text.split_whitespace().collect())
}

/// The fields of an account's form, every wrong one recorded.
fn saisie(errors: &mut FieldErrors, request: CompteRequest) -> Option<SaisieCompte> {
    let libelle = texte_requis(
        errors,
        "libelle",
        request.libelle,
        ErrorCode::LibelleInvalide,
    );
    let banque = texte_requis(errors, "banque", request.banque, ErrorCode::BanqueInvalide);
    let type_compte: Option<TypeCompte> = enumeration(
        errors,
        "type",
        request.type_compte,
        ErrorCode::TypeCompteInvalide,
    );
    let rib = sans_espaces(errors, "rib", request.rib);
    if rib.as_deref().is_some_and(|rib| !domaine::rib_valide(rib)) {
        errors.add("rib", ErrorCode::RibInvalide);
    }
    let iban = sans_espaces(errors, "iban", request.iban).map(|iban| iban.to_uppercase());
    if iban
        .as_deref()
        .is_some_and(|iban| !domaine::iban_valide(iban))
    {
        errors.add("iban", ErrorCode::IbanInvalide);
    }
    let solde_initial = request::montant(
        errors,
        "solde_initial",
        request.solde_initial.as_ref(),
        (Precision::Millimes, Minimum::Zero),
        false,
    );
    Some(SaisieCompte {
        libelle,
        banque,
        type_compte: type_compte?.into(),
        adresse_agence: ligne_facultative(errors, "adresse_agence", request.adresse_agence),
        rib,
        swift: ligne_facultative(errors, "swift", request.swift).map(|s| s.to_uppercase()),
        iban,
        commentaire: optional_text(request.commentaire),
        is_main: drapeau(errors, "is_main", request.is_main),
        solde_initial,
        date_solde_initial: date(errors, "date_solde_initial", request.date_solde_initial),
    })
}

impl TryFrom<CompteRequest> for SaisieCompte {
    type Error = ApiError;

    fn try_from(request: CompteRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        match saisie(&mut errors, request) {
            Some(saisie) if errors.is_empty() => Ok(saisie),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// A valid edit of an account.
struct ModificationCompte {
    compte_id: i64,
    saisie: SaisieCompte,
}

impl TryFrom<ModifierCompteRequest> for ModificationCompte {
    type Error = ApiError;

    fn try_from(request: ModifierCompteRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let compte_id = required_id(&mut errors, "id", request.id);
        let saisie = saisie(
            &mut errors,
            CompteRequest {
                libelle: request.libelle,
                banque: request.banque,
                adresse_agence: request.adresse_agence,
                type_compte: request.type_compte,
                swift: request.swift,
                rib: request.rib,
                iban: request.iban,
                commentaire: request.commentaire,
                is_main: request.is_main,
                solde_initial: request.solde_initial,
                date_solde_initial: request.date_solde_initial,
            },
        );
        match (compte_id, saisie) {
            (Some(compte_id), Some(saisie)) if errors.is_empty() => {
                Ok(ModificationCompte { compte_id, saisie })
            }
            _ => Err(ApiError::validation(errors)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CompteResponse {
    pub success: bool,
    pub compte: CompteBancaire,
}

async fn compte_lu(
    state: &AppState,
    residence_id: i64,
    compte_id: i64,
) -> Result<CompteBancaire, ApiError> {
    let row = banque::compte(&state.db, residence_id, compte_id, state.today()).await?;
    Ok(lu(row, "the account")?.into())
}

/// Creates a bank account. The first account is the main one whatever was sent; an account
/// declared main takes the flag from the current one.
#[utoipa::path(
    post,
    path = "/api/banque/comptes/creer",
    operation_id = "createCompteBancaire",
    tag = "banque",
    request_body = CompteRequest,
    responses(
        (status = 200, description = "The new account", body = CompteResponse),
        (status = 403, description = "`finance_required`, or `exercice_cloture`: a non-zero opening balance dated in a closed exercice", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`: a non-zero opening balance dated in a year without exercice", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.libelle`, `errors.banque`, `errors.type`: `type_compte_invalide`, `errors.rib`: `rib_invalide`, `errors.iban`: `iban_invalide`, `errors.is_main`, `errors.solde_initial`, `errors.date_solde_initial`, …)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<CompteRequest>,
) -> Result<web::Json<CompteResponse>, ApiError> {
    let saisie = SaisieCompte::try_from(body.into_inner())?;
    let today = state.today();
    let fiche = saisie.fiche((Montant::ZERO, today));
    let committed = executer(
        &state,
        &current,
        &request_id,
        BanqueCommand::CreerCompte { fiche },
    )
    .await?;
    let compte_id = id_cree(&committed, |event| match event {
        BanqueEvent::CompteBancaireCree { compte_id, .. } => Some(*compte_id),
        _ => None,
    })?;
    Ok(web::Json(CompteResponse {
        success: true,
        compte: compte_lu(&state, current.residence_id, compte_id).await?,
    }))
}

/// Edits a bank account. Unticking `is_main` on the main account keeps it main: the flag moves
/// only by declaring another account main. An opening balance not sent stays as it was.
#[utoipa::path(
    post,
    path = "/api/banque/comptes/modifier",
    operation_id = "modifierCompteBancaire",
    tag = "banque",
    request_body = ModifierCompteRequest,
    responses(
        (status = 200, description = "The account as it now is", body = CompteResponse),
        (status = 403, description = "`finance_required`, or `exercice_cloture`: the opening balance (old or new) is dated in a closed exercice", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (as for creation, plus `errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierCompteRequest>,
) -> Result<web::Json<CompteResponse>, ApiError> {
    let ModificationCompte { compte_id, saisie } = body.into_inner().try_into()?;
    let today = state.today();
    // An unknown account is the ledger's to refuse (`compte_inconnu`).
    let actuel = banque::compte(&state.db, current.residence_id, compte_id, today)
        .await?
        .map_or((Montant::ZERO, today), |row| {
            (row.solde_initial, row.date_solde_initial)
        });
    let command = BanqueCommand::ModifierCompte {
        compte_id,
        fiche: saisie.fiche(actuel),
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(CompteResponse {
        success: true,
        compte: compte_lu(&state, current.residence_id, compte_id).await?,
    }))
}

/// `POST /api/banque/comptes/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerCompteRequest {
    pub compte_id: i64,
}

/// Deletes a bank account that is not the main one and on which nothing moved.
#[utoipa::path(
    post,
    path = "/api/banque/comptes/supprimer",
    operation_id = "supprimerCompteBancaire",
    tag = "banque",
    request_body = SupprimerCompteRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required`, or `exercice_cloture`: its non-zero opening balance is dated in a closed exercice", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 422, description = "`compte_principal_non_supprimable`, `compte_avec_operations`, or `validation_failed` (`errors.compte_id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerCompteRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = BanqueCommand::SupprimerCompte {
        compte_id: body.compte_id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> CompteRequest {
        serde_json::from_value(json).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_account_form_reports_every_wrong_field_at_once() {
        let Err(error) = SaisieCompte::try_from(request(serde_json::json!({
            "libelle": " ", "banque": "BIAT", "type": "joint", "rib": "1234",
            "iban": "FR76 1234", "is_main": "oui",
        }))) else {
            panic!("accepted");
        };
        assert_eq!(error.code(), ErrorCode::ValidationFailed);
    }

    #[test]
    fn ribs_and_ibans_are_kept_without_spaces_and_the_flag_reads_0_or_1() {
        let saisie = SaisieCompte::try_from(request(serde_json::json!({
            "libelle": "Compte courant", "banque": "BIAT", "type": "courant",
            "rib": "08 006 0123456789012 34", "iban": "tn59 0800 6012 3456 7890 1234",
            "is_main": 1,
        })))
        .unwrap_or_else(|_| panic!("refused"));
        assert_eq!(saisie.rib.as_deref(), Some("08006012345678901234"));
        assert_eq!(saisie.iban.as_deref(), Some("TN5908006012345678901234"));
        assert!(saisie.is_main);
    }
}
