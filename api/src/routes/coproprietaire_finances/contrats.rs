//! `GET /coproprietaire/contrats-revenus` (`see.contrats.recettes`),
//! `/coproprietaire/contrats-depenses` (`see.contrats.depenses`) and their `/details?contrat_id`
//! (spec 3 §2.11 "Contracts lists", §3 "contract"); and a contract as a revenue or charge item's
//! details ([`details_contrat`]).

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::contrats::SensContrat;
use daftar_projections::contrats::{self as vue, ContratRow, PROPRIETAIRE_CONTRAT};
use daftar_projections::depenses as registre;
use daftar_projections::text::as_text;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{DetailFinancierResponse, Details, PaiementCopro, Valeur};
use crate::answers::SignedIn;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::money::Dt;
use crate::routes::depenses::reponses::Document;
use crate::startup::AppState;
use crate::visibilite::{droits, Voir};

/// `{nom}` of a contract's client or supplier.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NomCopro {
    pub nom: String,
}

/// A contract as a co-owner reads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContratCopro {
    pub id: i64,
    pub titre: String,
    /// Per period.
    pub montant: Dt,
    /// `mensuelle`, `bimensuelle` (every two months), `trimestrielle`, `semestrielle`,
    /// `annuelle`.
    pub periodicite: String,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    /// A revenue contract's client.
    pub client: Option<NomCopro>,
    /// An expense contract's supplier.
    pub fournisseur: Option<NomCopro>,
}

impl From<ContratRow> for ContratCopro {
    fn from(row: ContratRow) -> Self {
        ContratCopro {
            id: row.id,
            titre: row.titre,
            montant: Dt(row.montant),
            periodicite: as_text(row.periodicite),
            date_debut: row.date_debut,
            date_fin: row.date_fin,
            client: row.client.map(|c| NomCopro { nom: c.nom }),
            fournisseur: row.fournisseur.map(|f| NomCopro { nom: f.nom }),
        }
    }
}

/// A contract with its files and payments.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContratCoproDetail {
    #[serde(flatten)]
    pub contrat: ContratCopro,
    pub docs: Vec<Document>,
    /// Its payments, by date.
    pub encaissements: Vec<PaiementCopro>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContratsCoproResponse {
    pub success: bool,
    /// Newest start first.
    pub contrats: Vec<ContratCopro>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContratCoproResponse {
    pub success: bool,
    pub contrat: ContratCoproDetail,
}

/// `?contrat_id=` of the details.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContratIdQuery {
    pub contrat_id: i64,
}

async fn contrat(
    state: &AppState,
    residence: i64,
    sens: SensContrat,
    id: i64,
) -> Result<ContratRow, ApiError> {
    vue::contrat(&state.db, residence, sens, id)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::ContratInconnu))
}

async fn pieces(
    state: &AppState,
    residence: i64,
    id: i64,
) -> Result<(Vec<Document>, Vec<PaiementCopro>), ApiError> {
    let docs = registre::documents_de(&state.db, residence, (PROPRIETAIRE_CONTRAT, id))
        .await?
        .into_iter()
        .map(Document::from)
        .collect();
    let paiements = vue::paiements(&state.db, residence, Some(id), None)
        .await?
        .into_iter()
        .map(|p| PaiementCopro::new(p.montant, p.date_paiement, p.methode))
        .collect();
    Ok((docs, paiements))
}

/// A contract as the details of a revenue or charge item (`model`).
pub async fn details_contrat(
    state: &AppState,
    residence: i64,
    sens: SensContrat,
    id: i64,
    model: &str,
) -> Result<DetailFinancierResponse, ApiError> {
    let row = contrat(state, residence, sens, id).await?;
    let contrepartie = match sens {
        SensContrat::Revenu => ("client", row.client.as_ref().map(|c| c.nom.clone())),
        SensContrat::Depense => (
            "fournisseur",
            row.fournisseur.as_ref().map(|f| f.nom.clone()),
        ),
    };
    let mut details = Details::default()
        .avec("titre", Valeur::texte(&row.titre))
        .avec(contrepartie.0, Valeur::texte_optionnel(contrepartie.1));
    if sens == SensContrat::Depense {
        details = details.avec(
            "categorie",
            Valeur::texte_optionnel(row.categorie.as_ref().map(|c| c.nom.clone())),
        );
    }
    let details = details
        .avec("montant_par_periode", Valeur::montant(row.montant))
        .avec("periodicite", Valeur::texte(as_text(row.periodicite)))
        .avec("date_debut", Valeur::date(row.date_debut))
        .avec("date_fin", Valeur::date_optionnelle(row.date_fin))
        .avec("montant_paye", Valeur::montant(row.montant_paye));
    let (documents, paiements) = pieces(state, residence, id).await?;
    let mut reponse = DetailFinancierResponse::new(model, id, row.titre, details);
    reponse.documents = documents;
    reponse.paiements = paiements;
    Ok(reponse)
}

async fn liste(
    state: &AppState,
    residence: i64,
    sens: SensContrat,
) -> Result<ContratsCoproResponse, ApiError> {
    Ok(ContratsCoproResponse {
        success: true,
        contrats: vue::contrats(&state.db, residence, sens)
            .await?
            .into_iter()
            .map(ContratCopro::from)
            .collect(),
    })
}

async fn detail(
    state: &AppState,
    residence: i64,
    sens: SensContrat,
    id: i64,
) -> Result<ContratCoproResponse, ApiError> {
    let row = contrat(state, residence, sens, id).await?;
    let (docs, encaissements) = pieces(state, residence, id).await?;
    Ok(ContratCoproResponse {
        success: true,
        contrat: ContratCoproDetail {
            contrat: row.into(),
            docs,
            encaissements,
        },
    })
}

/// The residence's revenue contracts.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/contrats-revenus",
    operation_id = "getCoproprietaireContratsRevenus",
    tag = "coproprietaire-finances",
    responses(
        (status = 200, description = "The revenue contracts, newest start first", body = ContratsCoproResponse),
        (status = 403, description = "`visibilite_refusee` (`see.contrats.recettes` is off)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn revenus(
    state: web::Data<AppState>,
    current: Voir<droits::ContratsRecettes>,
) -> Result<web::Json<ContratsCoproResponse>, ApiError> {
    Ok(web::Json(
        liste(&state, current.residence_id, SensContrat::Revenu).await?,
    ))
}

/// One revenue contract with its files and payments.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/contrats-revenus/details",
    operation_id = "getCoproprietaireContratRevenuDetails",
    tag = "coproprietaire-finances",
    params(ContratIdQuery),
    responses(
        (status = 200, description = "The contract", body = ContratCoproResponse),
        (status = 403, description = "`visibilite_refusee` (`see.contrats.recettes` is off)", body = ErrorBody),
        (status = 404, description = "`contrat_inconnu` (also an expense contract's id, or another residence's)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.contrat_id`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn revenus_details(
    state: web::Data<AppState>,
    current: Voir<droits::ContratsRecettes>,
    query: ApiQuery<ContratIdQuery>,
) -> Result<web::Json<ContratCoproResponse>, ApiError> {
    Ok(web::Json(
        detail(
            &state,
            current.residence_id,
            SensContrat::Revenu,
            query.contrat_id,
        )
        .await?,
    ))
}

/// The residence's expense contracts.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/contrats-depenses",
    operation_id = "getCoproprietaireContratsDepenses",
    tag = "coproprietaire-finances",
    responses(
        (status = 200, description = "The expense contracts, newest start first", body = ContratsCoproResponse),
        (status = 403, description = "`visibilite_refusee` (`see.contrats.depenses` is off)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn depenses(
    state: web::Data<AppState>,
    current: Voir<droits::ContratsDepenses>,
) -> Result<web::Json<ContratsCoproResponse>, ApiError> {
    Ok(web::Json(
        liste(&state, current.residence_id, SensContrat::Depense).await?,
    ))
}

/// One expense contract with its files and payments.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/contrats-depenses/details",
    operation_id = "getCoproprietaireContratDepenseDetails",
    tag = "coproprietaire-finances",
    params(ContratIdQuery),
    responses(
        (status = 200, description = "The contract", body = ContratCoproResponse),
        (status = 403, description = "`visibilite_refusee` (`see.contrats.depenses` is off)", body = ErrorBody),
        (status = 404, description = "`contrat_inconnu` (also a revenue contract's id, or another residence's)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.contrat_id`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn depenses_details(
    state: web::Data<AppState>,
    current: Voir<droits::ContratsDepenses>,
    query: ApiQuery<ContratIdQuery>,
) -> Result<web::Json<ContratCoproResponse>, ApiError> {
    Ok(web::Json(
        detail(
            &state,
            current.residence_id,
            SensContrat::Depense,
            query.contrat_id,
        )
        .await?,
    ))
}
