//! `POST /api/exercices/cloturer` (multipart `id`, `docs[]`): closes a fiscal year for good
//! (spec 2 §4 "Fiscal year", spec 3 §2.12; docs/api-exercices.md).

use actix_web::web;
use daftar_domain::document::NatureDocument;
use daftar_domain::exercice::{DemandeCloture, ExerciceCommand};
use daftar_domain::grand_livre::GrandLivreCommand;
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_projections::exercices;
use serde::Serialize;
use utoipa::ToSchema;

use super::Exercice;
use crate::answers::SignedInWrite;
use crate::auth::Finance;
use crate::cloture_pack;
use crate::documents::{stocker, verifier_avec_les_champs, FichierRecu, FormulaireMultipart};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The multipart body (for the OpenAPI document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ClotureForm {
    /// The fiscal year's id: its calendar year.
    pub id: String,
    /// Documents of the closing (the approved accounts, the assembly's minutes…): PDF (1 MB at
    /// most), PNG or JPEG; optional, several.
    #[schema(rename = "docs[]", value_type = Option<Vec<String>>, format = Binary)]
    pub docs: Option<Vec<String>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClotureResponse {
    pub success: bool,
    pub exercice: Exercice,
}

/// The year named by the form's `id`.
fn annee(formulaire: &FormulaireMultipart, errors: &mut FieldErrors) -> Option<i32> {
    match formulaire.champs.get("id").map(|id| id.trim()) {
        None | Some("") => {
            errors.add("id", ErrorCode::ChampObligatoire);
            None
        }
        Some(id) => match id.parse::<i32>() {
            Ok(annee) if (1..=9999).contains(&annee) => Some(annee),
            _ => {
                errors.add("id", ErrorCode::ValeurInvalide);
                None
            }
        },
    }
}

/// Closes the year: irreversible. The closing pack is rendered from the journal and its
/// proof recorded with the closing; the next year opens if it does not exist.
#[utoipa::path(
    post,
    path = "/api/exercices/cloturer",
    operation_id = "cloturerExercice",
    tag = "exercices",
    request_body(content = ClotureForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The closed year", body = ClotureResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`exercice_inconnu`", body = ErrorBody),
        (status = 409, description = "`exercice_deja_cloture`, `exercice_non_termine`, `exercice_precedent_ouvert`, `livres_desequilibres` or `exercice_modifie_pendant_cloture`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing or not a year; a file refused by its content", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn cloturer(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
) -> Result<web::Json<ClotureResponse>, ApiError> {
    let residence = current.residence_id;
    let mut errors = FieldErrors::new();
    let annee = annee(&formulaire, &mut errors);
    let fichiers: Vec<FichierRecu> = formulaire
        .fichiers
        .into_iter()
        .filter(|fichier| fichier.champ == "docs")
        .collect();
    let fichiers = verifier_avec_les_champs(fichiers, &mut errors).await?;
    let annee = match annee {
        Some(annee) if errors.is_empty() => annee,
        _ => return Err(ApiError::validation(errors)),
    };
    let documents = stocker(&state.documents, residence, &fichiers, |_| {
        NatureDocument::Doc
    })
    .await?;
    let le = state.today();
    // The pack is rendered from the journal as it stands; if the year's entries change before
    // the closing is decided, the ledger refuses it and the pack is rendered once more.
    let mut essais = 0;
    loop {
        essais += 1;
        let pack = cloture_pack::preparer(&state.db, residence, annee, le).await?;
        let command =
            GrandLivreCommand::Exercice(ExerciceCommand::CloturerExercice(DemandeCloture {
                annee,
                le,
                documents: documents.clone(),
                pack: Some(pack.preuve.clone()),
            }));
        match state
            .ledger
            .execute(
                ResidenceId(residence),
                command,
                UserId(current.id),
                &request_id,
            )
            .await
        {
            Ok(_) => {
                cloture_pack::conserver(&state.documents, residence, &pack).await?;
                break;
            }
            Err(error)
                if essais < 3 && error.code() == ErrorCode::ExerciceModifiePendantCloture => {}
            Err(error) => return Err(error),
        }
    }
    let rows = exercices::list(&state.db, residence).await?;
    let row = rows
        .iter()
        .find(|row| row.annee == annee)
        .ok_or(ErrorCode::ExerciceInconnu)?;
    Ok(web::Json(ClotureResponse {
        success: true,
        exercice: super::exercice(&state, residence, row, &rows).await?,
    }))
}
