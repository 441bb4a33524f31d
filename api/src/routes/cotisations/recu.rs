//! Receipts (spec 1 §7 `GET /cotisations/encaissement/recu`, spec 3 §7 `GET /cotisations/recu`):
//! a PDF rendered in process from the ledger's state, file name in `x-file-name`.

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::ids::ResidenceId;
use daftar_domain::revenus::{EncaissementId, MethodePaiement, MontantDuId};
use daftar_domain::Montant;
use daftar_pdf::{Duplicata, Langue, Recu};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::answers::SignedIn;
use crate::auth::{Coproprietaire, Syndic};
use crate::documents::reponse_telechargement;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::identity;
use crate::startup::AppState;

/// The language of a receipt: the interface's (`fr` by default, `ar` right to left).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LangueRecu {
    #[default]
    Fr,
    Ar,
}

impl From<LangueRecu> for Langue {
    fn from(langue: LangueRecu) -> Self {
        match langue {
            LangueRecu::Fr => Langue::Fr,
            LangueRecu::Ar => Langue::Ar,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecuEncaissementQuery {
    pub encaissement_id: i64,
    /// `fr` (default) or `ar`.
    #[serde(default)]
    #[param(inline)]
    pub langue: LangueRecu,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecuMontantDuQuery {
    pub montant_du_id: i64,
    /// `fr` (default) or `ar`.
    #[serde(default)]
    #[param(inline)]
    pub langue: LangueRecu,
}

/// The payment method as the receipt names it.
fn methode_imprimee(methode: MethodePaiement, langue: Langue) -> &'static str {
    match (langue, methode) {
        (Langue::Fr, MethodePaiement::Espece) => "Espèces",
        (Langue::Fr, MethodePaiement::Cheque) => "Chèque",
        (Langue::Fr, MethodePaiement::Virement) => "Virement",
        (Langue::Fr, MethodePaiement::Versement) => "Versement",
        (Langue::Fr, MethodePaiement::Enligne) => "En ligne",
        (Langue::Ar, MethodePaiement::Espece) => "نقدًا",
        (Langue::Ar, MethodePaiement::Cheque) => "صك",
        (Langue::Ar, MethodePaiement::Virement) => "تحويل بنكي",
        (Langue::Ar, MethodePaiement::Versement) => "إيداع بنكي",
        (Langue::Ar, MethodePaiement::Enligne) => "عبر الإنترنت",
    }
}

/// The receipt of one live encaissement, from the ledger's state.
fn recu_of(
    livre: &GrandLivre,
    encaissement_id: EncaissementId,
    residence: &identity::Residence,
    (emis_le, langue): (NaiveDate, Langue),
) -> Result<Recu, ApiError> {
    let encaissement = livre
        .revenus
        .encaissement(encaissement_id)
        .ok_or(ErrorCode::EncaissementInconnu)?;
    let du = livre
        .revenus
        .montant_du(encaissement.montant_du_id)
        .ok_or(ErrorCode::MontantDuInconnu)?;
    let cotisation = livre
        .revenus
        .cotisation(du.cotisation_id)
        .ok_or(ErrorCode::CotisationInconnue)?;
    let payeur_nom = du
        .payeur
        .and_then(|id| livre.occupancy.occupant(id))
        .map_or_else(String::new, |o| o.nom.clone());
    let propriete_nom = livre
        .proprietes
        .get(du.propriete_id)
        .map_or_else(String::new, |p| p.nom.clone());
    Ok(Recu {
        residence_nom: residence.nom.clone(),
        residence_adresse: residence.adresse.clone(),
        residence_ville: residence.ville.clone(),
        numero_recu: encaissement.numero_recu.clone(),
        date_paiement: encaissement.date_paiement,
        payeur_nom,
        propriete_nom,
        cotisation_titre: cotisation.titre.clone(),
        periode_debut: du.appel.debut,
        periode_fin: du.appel.fin,
        date_echeance: du.appel.echeance,
        montant: encaissement.montant,
        methode: methode_imprimee(encaissement.methode, langue).to_owned(),
        reference: encaissement.reference.clone(),
        restant_du: livre
            .revenus
            .restant_du(encaissement.montant_du_id)
            .unwrap_or(Montant::ZERO),
        emis_le,
        duplicata: encaissement.modification.map(|modification| Duplicata {
            modifie_le: modification.le,
        }),
        langue,
    })
}

/// Renders off the async workers (typst is CPU work) and answers the PDF.
async fn pdf_response(state: &AppState, recu: Recu) -> Result<HttpResponse, ApiError> {
    let renderer = state.pdf.clone();
    let file_name = format!("recu_{}.pdf", recu.numero_recu);
    let bytes = web::block(move || renderer.render_recu(&recu))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(reponse_telechargement(file_name, "application/pdf", bytes))
}

async fn residence_of(
    state: &AppState,
    residence_id: i64,
) -> Result<identity::Residence, ApiError> {
    identity::find_residence(&state.db, residence_id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ErrorCode::NotFound.into())
}

/// The receipt of one encaissement (council members).
#[utoipa::path(
    get,
    path = "/api/cotisations/encaissement/recu",
    operation_id = "getRecuEncaissement",
    tag = "cotisations",
    params(RecuEncaissementQuery),
    responses(
        (status = 200, description = "The receipt (application/pdf; file name in x-file-name)", content_type = "application/pdf", body = Vec<u8>),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`encaissement_inconnu` (cancelled, or not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `encaissement_id` missing or not a number", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn recu_encaissement(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<RecuEncaissementQuery>,
) -> Result<HttpResponse, ApiError> {
    let residence = ResidenceId(current.residence_id);
    let residence_row = residence_of(&state, current.residence_id).await?;
    let today = state.today();
    let recu = state
        .ledger
        .read_since(residence, current.ledger_head, |livre, _| {
            recu_of(
                livre,
                query.encaissement_id,
                &residence_row,
                (today, query.langue.into()),
            )
        })
        .await?;
    pdf_response(&state, recu).await
}

/// The receipt of the caller's own contribution: the latest payment on that montant dû.
#[utoipa::path(
    get,
    path = "/api/cotisations/recu",
    operation_id = "getRecuMontantDu",
    tag = "cotisations",
    params(RecuMontantDuQuery),
    responses(
        (status = 200, description = "The receipt (application/pdf; file name in x-file-name)", content_type = "application/pdf", body = Vec<u8>),
        (status = 404, description = "`montant_du_inconnu` (not a due the caller pays)", body = ErrorBody),
        (status = 422, description = "`aucun_paiement`: nothing paid yet on this due", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn recu_montant_du(
    state: web::Data<AppState>,
    current: Coproprietaire,
    query: ApiQuery<RecuMontantDuQuery>,
) -> Result<HttpResponse, ApiError> {
    let residence = ResidenceId(current.residence_id);
    let residence_row = residence_of(&state, current.residence_id).await?;
    let today = state.today();
    let montant_du_id: MontantDuId = query.montant_du_id;
    let recu = state
        .ledger
        .read_since(residence, current.ledger_head, |livre, _| {
            let du = livre
                .revenus
                .montant_du(montant_du_id)
                .ok_or(ErrorCode::MontantDuInconnu)?;
            // Only the payer of the due (the occupant with the caller's phone number) gets it.
            let caller_pays = du
                .payeur
                .and_then(|id| livre.occupancy.occupant(id))
                .is_some_and(|o| o.tel.as_deref() == Some(current.user.tel.as_str()));
            if !caller_pays {
                return Err(ErrorCode::MontantDuInconnu.into());
            }
            let latest = livre
                .revenus
                .encaissements_de(montant_du_id)
                .map(|(id, _)| id)
                .last()
                .ok_or(ErrorCode::AucunPaiement)?;
            recu_of(livre, latest, &residence_row, (today, query.langue.into()))
        })
        .await?;
    pdf_response(&state, recu).await
}
