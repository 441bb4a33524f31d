//! The handlers of the charges and works, one set for both natures: each is generic over the
//! [`Nature`] it serves, and [`super::natures`] gives each nature its paths and documents them.

use actix_web::web;
use daftar_domain::depenses::{DepensesCommand, DepensesEvent};
use daftar_domain::document::{NatureDocument, PieceJointe};
use daftar_projections::depenses::{self as vue, PROPRIETAIRE_DEPENSE};

use super::reponses::{PaiementDepense, Pieces};
use super::requetes::{
    DepenseRequest, IdQuery, IdRequest, ModifierPaiementRequest, PaiementSaisi, PayerRequest,
    SaisieDepense,
};
use super::{executer, id_cree, Nature};
use crate::approbateurs::exige_approbateur;
use crate::auth::{Finance, Syndic};
use crate::documents::{stocker, verifier_avec_les_champs, FichierRecu, FormulaireMultipart};
use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The record `id` of the residence, when it is of nature `N` (a works item asked as a charge
/// is unknown).
async fn depense_de<N: Nature>(
    state: &AppState,
    residence_id: i64,
    id: i64,
) -> Result<vue::DepenseRow, ApiError> {
    vue::depense(&state.db, residence_id, id)
        .await?
        .filter(|row| row.nature == N::NATURE)
        .ok_or_else(|| ErrorCode::DepenseInconnue.into())
}

/// The record as listed.
async fn resume<N: Nature>(
    state: &AppState,
    residence_id: i64,
    id: i64,
) -> Result<N::Item, ApiError> {
    let row = depense_de::<N>(state, residence_id, id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    Ok(N::item(row, &clotures))
}

/// The record with its files and payments.
async fn detail<N: Nature>(
    state: &AppState,
    residence_id: i64,
    id: i64,
) -> Result<N::Detail, ApiError> {
    let row = depense_de::<N>(state, residence_id, id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    let documents = vue::documents_de(&state.db, residence_id, (PROPRIETAIRE_DEPENSE, id)).await?;
    let paiements = vue::paiements(&state.db, residence_id, id).await?;
    let pieces = Pieces::new(documents, paiements, &clotures);
    Ok(N::detail(N::item(row, &clotures), pieces))
}

pub async fn list<N: Nature>(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<N::Liste>, ApiError> {
    let residence = current.residence_id;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let items = vue::depenses(&state.db, residence, N::NATURE)
        .await?
        .into_iter()
        .map(|row| N::item(row, &clotures))
        .collect();
    Ok(web::Json(N::liste(items)))
}

pub async fn details<N: Nature>(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<IdQuery>,
) -> Result<web::Json<N::Reponse>, ApiError> {
    let detail = detail::<N>(&state, current.residence_id, query.id).await?;
    Ok(web::Json(N::reponse(detail)))
}

/// The form's fields and files: the record to record and its files, checked and stored. Every
/// wrong field and file is reported at once; nothing is stored unless all are right.
async fn saisie<N: Nature>(
    state: &AppState,
    residence_id: i64,
    formulaire: FormulaireMultipart,
    avec_id: bool,
) -> Result<(SaisieDepense, Vec<PieceJointe>), ApiError> {
    let champs = serde_json::to_string(&formulaire.champs_en_json()).map_err(ApiError::internal)?;
    let request: DepenseRequest = serde_json::from_str(&champs)
        .map_err(|_| ApiError::field("body", ErrorCode::ValeurInvalide))?;
    let mut errors = FieldErrors::new();
    let saisie = SaisieDepense::lire(request, N::NATURE, avec_id, &mut errors);
    let fichiers: Vec<FichierRecu> = formulaire
        .fichiers
        .into_iter()
        .filter(|fichier| nature_document(&fichier.champ).is_some())
        .collect();
    let fichiers = verifier_avec_les_champs(fichiers, &mut errors).await?;
    let saisie = match saisie {
        Some(saisie) if errors.is_empty() => saisie,
        _ => return Err(ApiError::validation(errors)),
    };
    let pieces = stocker(&state.documents, residence_id, &fichiers, |fichier| {
        nature_document(&fichier.champ).unwrap_or(NatureDocument::Facture)
    })
    .await?;
    Ok((saisie, pieces))
}

/// What a form's file field holds: `factures[]` invoices, `devis[]` quotes; other files are
/// not read.
fn nature_document(champ: &str) -> Option<NatureDocument> {
    match champ {
        "factures" => Some(NatureDocument::Facture),
        "devis" => Some(NatureDocument::Devis),
        _ => None,
    }
}

pub async fn create<N: Nature>(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
) -> Result<web::Json<N::Reponse>, ApiError> {
    let residence = current.residence_id;
    let (saisie, documents) = saisie::<N>(&state, residence, formulaire, false).await?;
    exige_approbateur(&state, residence, saisie.fiche.approbation.as_ref()).await?;
    let command = DepensesCommand::EnregistrerDepense {
        nature: N::NATURE,
        fiche: saisie.fiche,
        documents,
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let id = id_cree(&committed, |event| match event {
        DepensesEvent::DepenseEnregistree { depense_id, .. } => Some(*depense_id),
        _ => None,
    })?;
    Ok(web::Json(N::reponse(
        detail::<N>(&state, residence, id).await?,
    )))
}

pub async fn update<N: Nature>(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
) -> Result<web::Json<N::Reponse>, ApiError> {
    let residence = current.residence_id;
    let (saisie, documents) = saisie::<N>(&state, residence, formulaire, true).await?;
    exige_approbateur(&state, residence, saisie.fiche.approbation.as_ref()).await?;
    let id = saisie
        .id
        .ok_or_else(|| ApiError::field("id", ErrorCode::ChampObligatoire))?;
    let command = DepensesCommand::ModifierDepense {
        depense_id: id,
        nature: N::NATURE,
        fiche: saisie.fiche,
        documents,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(N::reponse(
        detail::<N>(&state, residence, id).await?,
    )))
}

pub async fn delete<N: Nature>(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<IdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = DepensesCommand::SupprimerDepense {
        depense_id: body.id,
        nature: N::NATURE,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}

/// The payment and its record as they now are.
async fn paiement_et_depense<N: Nature>(
    state: &AppState,
    residence_id: i64,
    paiement_id: i64,
) -> Result<N::ReponsePaiement, ApiError> {
    let paiement = vue::paiement(&state.db, residence_id, paiement_id)
        .await?
        .ok_or_else(|| -> ApiError { ErrorCode::PaiementInconnu.into() })?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    let item = resume::<N>(state, residence_id, paiement.depense_id).await?;
    Ok(N::reponse_paiement(
        PaiementDepense::new(paiement, &clotures),
        item,
    ))
}

pub async fn pay<N: Nature>(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<PayerRequest>,
) -> Result<web::Json<N::ReponsePaiement>, ApiError> {
    let PaiementSaisi { id, paiement } = body.into_inner().try_into()?;
    let command = DepensesCommand::Payer {
        depense_id: id,
        nature: N::NATURE,
        paiement,
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let paiement_id = id_cree(&committed, |event| match event {
        DepensesEvent::DepensePayee { paiement_id, .. } => Some(*paiement_id),
        _ => None,
    })?;
    Ok(web::Json(
        paiement_et_depense::<N>(&state, current.residence_id, paiement_id).await?,
    ))
}

pub async fn update_payment<N: Nature>(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierPaiementRequest>,
) -> Result<web::Json<N::ReponsePaiement>, ApiError> {
    let PaiementSaisi { id, paiement } = body.into_inner().try_into()?;
    let command = DepensesCommand::ModifierPaiement {
        paiement_id: id,
        nature: N::NATURE,
        paiement,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(
        paiement_et_depense::<N>(&state, current.residence_id, id).await?,
    ))
}

pub async fn delete_payment<N: Nature>(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<IdRequest>,
) -> Result<web::Json<N::ReponseResume>, ApiError> {
    let command = DepensesCommand::SupprimerPaiement {
        paiement_id: body.id,
        nature: N::NATURE,
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let depense_id = id_cree(&committed, |event| match event {
        DepensesEvent::PaiementDepenseSupprime { depense_id, .. } => Some(*depense_id),
        _ => None,
    })?;
    let item = resume::<N>(&state, current.residence_id, depense_id).await?;
    Ok(web::Json(N::reponse_resume(item)))
}
