//! `/api/cotisations…`: the dues called from every property (cotisations), what each property
//! owes for each call (montants dûs) and the payments received (encaissements) — spec 1 §2
//! "Revenue screens", §3, §5, §7; spec 3 §2.11 and §7 "Co-owner data". The money rules are the
//! ledger's (docs/domain.md "Revenue").
//!
//! Reads come from the revenue read models ([`daftar_projections::revenus`]); writes are ledger
//! commands. Amounts go out as [`Dt`] (exact DT numbers) and come in as whole dinars
//! ([`form::montant_entier`]).
//!
//! **Due or not yet due.** A montant dû is *exigible* once its due date is reached (today in
//! Tunisia). Every unpaid montant dû is listed, with its `exigible` flag, and may be collected in
//! advance; but a property's `solde`, the encaissement screen's statistics and the history's
//! `total_restants_du` count only exigible ones, so that a property paying on time is never
//! shown as a debtor for the rest of the year. A cotisation's own `solde` is the whole of what
//! remains on all its calls, so that its "paid" badge means that everything was paid.
//! `is_closed` says that the item's date lies in a closed exercice (for a cotisation: one of its
//! due dates).

pub mod coproprietaire;
pub mod encaissements;
pub mod form;
pub mod recu;

use std::collections::{BTreeMap, BTreeSet};

use actix_web::http::Method;
use actix_web::web;

use crate::routes::{register, resource, ReadModels};
use chrono::{Datelike, NaiveDate};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::revenus as domaine;
use daftar_domain::Montant;
use daftar_projections::proprietes;
use daftar_projections::revenus::{self, CotisationRow, MontantDuDetail, MontantsDus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::routes::proprietes::TypePropriete;
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

use daftar_domain::revenus::RevenusEvent;
use daftar_domain::revenus::{DemandeCotisation, RevenusCommand};
use form::{CotisationRequest, FormulaireCotisation, UpdateCotisationRequest};

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[
    daftar_projections::revenus::MODEL,
    daftar_projections::revenus::ENCAISSEMENTS_MODEL,
    daftar_projections::proprietes::MODEL,
    daftar_projections::occupancy::MODEL,
    daftar_projections::exercices::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/cotisations", Method::GET, list),
            resource("/cotisations/creer", Method::POST, create),
            resource("/cotisations/modifier-infos", Method::GET, modifier_infos),
            resource("/cotisations/modifier", Method::PUT, update),
            resource("/cotisations/supprimer", Method::DELETE, delete),
            resource("/cotisations/details", Method::GET, details),
            resource("/cotisations/appartements", Method::GET, appartements),
            resource(
                "/cotisations/proprietes-soldes",
                Method::GET,
                encaissements::proprietes_soldes,
            ),
            resource(
                "/cotisations/encaisser",
                Method::POST,
                encaissements::encaisser,
            ),
            resource(
                "/cotisations/historique-paiements",
                Method::GET,
                encaissements::historique_paiements,
            ),
            resource(
                "/cotisations/encaissement/modifier",
                Method::POST,
                encaissements::modifier_encaissement,
            ),
            resource(
                "/cotisations/encaissement/supprimer",
                Method::POST,
                encaissements::supprimer_encaissement,
            ),
            resource(
                "/cotisations/encaissement/recu",
                Method::GET,
                recu::recu_encaissement,
            ),
            resource("/cotisations/recu", Method::GET, recu::recu_montant_du),
            resource(
                "/cotisations/coprorprietaire",
                Method::GET,
                coproprietaire::mes_cotisations_orthographe_spec,
            ),
            resource(
                "/cotisations/coproprietaire",
                Method::GET,
                coproprietaire::mes_cotisations,
            ),
        ],
    );
}

/// Recurring (one call per period) or exceptional (one call) — spec 1 §3 "Cotisation".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeCotisation {
    Mensuelle,
    /// Every two months.
    Bimensuelle,
    Trimestrielle,
    Semestrielle,
    Annuelle,
    Exceptionnelle,
}

impl From<TypeCotisation> for domaine::TypeCotisation {
    fn from(value: TypeCotisation) -> Self {
        match value {
            TypeCotisation::Mensuelle => Self::Mensuelle,
            TypeCotisation::Bimensuelle => Self::Bimensuelle,
            TypeCotisation::Trimestrielle => Self::Trimestrielle,
            TypeCotisation::Semestrielle => Self::Semestrielle,
            TypeCotisation::Annuelle => Self::Annuelle,
            TypeCotisation::Exceptionnelle => Self::Exceptionnelle,
        }
    }
}

impl From<domaine::TypeCotisation> for TypeCotisation {
    fn from(value: domaine::TypeCotisation) -> Self {
        match value {
            domaine::TypeCotisation::Mensuelle => Self::Mensuelle,
            domaine::TypeCotisation::Bimensuelle => Self::Bimensuelle,
            domaine::TypeCotisation::Trimestrielle => Self::Trimestrielle,
            domaine::TypeCotisation::Semestrielle => Self::Semestrielle,
            domaine::TypeCotisation::Annuelle => Self::Annuelle,
            domaine::TypeCotisation::Exceptionnelle => Self::Exceptionnelle,
        }
    }
}

/// How a call is split between the properties (spec 1 §3 "Cotisation").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Repartition {
    /// One amount for every property (`montant`).
    Egale,
    /// The allocation table (`/cotisation-repartition`).
    Predefinie,
    /// One amount per property given with the cotisation (`personalisation`).
    Personnalisee,
}

impl From<Repartition> for domaine::Repartition {
    fn from(value: Repartition) -> Self {
        match value {
            Repartition::Egale => Self::Egale,
            Repartition::Predefinie => Self::Predefinie,
            Repartition::Personnalisee => Self::Personnalisee,
        }
    }
}

impl From<domaine::Repartition> for Repartition {
    fn from(value: domaine::Repartition) -> Self {
        match value {
            domaine::Repartition::Egale => Self::Egale,
            domaine::Repartition::Predefinie => Self::Predefinie,
            domaine::Repartition::Personnalisee => Self::Personnalisee,
        }
    }
}

/// How a payment was received (spec 1 §3 "Payment methods": collections).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiement {
    Espece,
    Cheque,
    Virement,
    Versement,
    /// Paid online through the gateway (issue 21): answered, never accepted from a form.
    Enligne,
}

impl From<MethodePaiement> for domaine::MethodePaiement {
    fn from(value: MethodePaiement) -> Self {
        match value {
            MethodePaiement::Espece => Self::Espece,
            MethodePaiement::Cheque => Self::Cheque,
            MethodePaiement::Virement => Self::Virement,
            MethodePaiement::Versement => Self::Versement,
            MethodePaiement::Enligne => Self::Enligne,
        }
    }
}

impl From<domaine::MethodePaiement> for MethodePaiement {
    fn from(value: domaine::MethodePaiement) -> Self {
        match value {
            domaine::MethodePaiement::Espece => Self::Espece,
            domaine::MethodePaiement::Cheque => Self::Cheque,
            domaine::MethodePaiement::Virement => Self::Virement,
            domaine::MethodePaiement::Versement => Self::Versement,
            domaine::MethodePaiement::Enligne => Self::Enligne,
        }
    }
}

/// The payment state of a montant dû: nothing, part or all of it paid (spec 1 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EtatPaiement {
    NonPaye,
    Partiel,
    Complet,
}

impl EtatPaiement {
    /// From a due's amount and what was paid on it.
    pub fn of(montant: Montant, paye: Montant) -> Self {
        if paye >= montant {
            EtatPaiement::Complet
        } else if paye.is_positive() {
            EtatPaiement::Partiel
        } else {
            EtatPaiement::NonPaye
        }
    }
}

impl From<domaine::EtatPaiement> for EtatPaiement {
    fn from(value: domaine::EtatPaiement) -> Self {
        match value {
            domaine::EtatPaiement::NonPaye => Self::NonPaye,
            domaine::EtatPaiement::Partiel => Self::Partiel,
            domaine::EtatPaiement::Complet => Self::Complet,
        }
    }
}

/// A montant dû is exigible once its due date is reached (see the module documentation).
pub(crate) use crate::soldes::exigible;

/// A cotisation as the list shows it (spec 1 §3 "Cotisation").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Cotisation {
    pub id: i64,
    pub titre: String,
    #[serde(rename = "type")]
    pub type_cotisation: TypeCotisation,
    pub repartition: Repartition,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    /// The first call's due date; a recurring cotisation's later calls fall due one period
    /// after another.
    pub date_echeance: NaiveDate,
    /// What remains to pay on all its calls, as a negative amount (`-120.5`); 0 when fully
    /// paid.
    pub solde: Dt,
    /// One of its due dates lies in a closed exercice: it can no longer be edited or deleted.
    pub is_closed: bool,
    /// A payment was collected on one of its calls: it can no longer be edited or deleted
    /// (`cotisation_avec_encaissements`).
    pub has_encaissements: bool,
}

impl Cotisation {
    fn from_row(
        row: &CotisationRow,
        clotures: &ExercicesClotures,
        annees: Option<&BTreeSet<i32>>,
    ) -> Self {
        let is_closed = match annees {
            Some(annees) => annees.iter().any(|annee| clotures.annee(*annee)),
            None => clotures.date(row.date_echeance),
        };
        Self {
            id: row.id,
            titre: row.titre.clone(),
            type_cotisation: row.type_cotisation.into(),
            repartition: row.repartition.into(),
            date_debut: row.date_debut,
            date_fin: row.date_fin,
            date_echeance: row.date_echeance,
            solde: Dt::negated(row.restant_du.millimes()),
            is_closed,
            has_encaissements: row.paye.is_positive(),
        }
    }

    /// The cotisation a launch or an edit just recorded: nothing is paid on its new dues, and
    /// the ledger checked that every due date lies in an open exercice.
    fn from_event(
        event: &GrandLivreEvent,
        repartition: Repartition,
    ) -> Option<Result<Self, ApiError>> {
        let (cotisation_id, titre, type_cotisation, dates, montants_dus) = match event {
            GrandLivreEvent::Revenus(RevenusEvent::CotisationLancee {
                cotisation_id,
                titre,
                type_cotisation,
                date_debut,
                date_fin,
                date_echeance,
                montants_dus,
                ..
            })
            | GrandLivreEvent::Revenus(RevenusEvent::CotisationModifiee {
                cotisation_id,
                titre,
                type_cotisation,
                date_debut,
                date_fin,
                date_echeance,
                montants_dus,
                ..
            }) => (
                cotisation_id,
                titre,
                type_cotisation,
                (date_debut, date_fin, date_echeance),
                montants_dus,
            ),
            _ => return None,
        };
        let total = montants_dus
            .iter()
            .try_fold(Montant::ZERO, |total, du| total.checked_add(du.montant));
        Some(match total {
            Ok(total) => Ok(Self {
                id: *cotisation_id,
                titre: titre.clone(),
                type_cotisation: (*type_cotisation).into(),
                repartition,
                date_debut: *dates.0,
                date_fin: *dates.1,
                date_echeance: *dates.2,
                solde: Dt::negated(total.millimes()),
                is_closed: false,
                has_encaissements: false,
            }),
            Err(error) => Err(ApiError::internal(anyhow::anyhow!(
                "cotisation {cotisation_id} total: {error}"
            ))),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CotisationsResponse {
    pub success: bool,
    pub data: Vec<Cotisation>,
}

/// The cotisations of the caller's residence, newest due date first, each with what remains to
/// pay on it.
#[utoipa::path(
    get,
    path = "/api/cotisations",
    operation_id = "getCotisations",
    tag = "cotisations",
    responses(
        (status = 200, description = "The residence's cotisations", body = CotisationsResponse),
        (status = 403, description = "`syndic_required`, `user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<CotisationsResponse>, ApiError> {
    let residence = current.residence_id;
    let rows = revenus::cotisations(&state.db, residence).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let annees = revenus::annees_des_echeances(&state.db, residence).await?;
    let data = rows
        .iter()
        .map(|row| Cotisation::from_row(row, &clotures, annees.get(&row.id)))
        .collect();
    Ok(web::Json(CotisationsResponse {
        success: true,
        data,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CotisationResponse {
    pub success: bool,
    pub cotisation: Cotisation,
}

fn cotisation_written(
    committed: &daftar_projections::Committed<GrandLivre>,
    repartition: Repartition,
) -> Result<Cotisation, ApiError> {
    committed
        .events
        .iter()
        .find_map(|envelope| Cotisation::from_event(&envelope.payload, repartition))
        .unwrap_or_else(|| {
            Err(ApiError::internal(anyhow::anyhow!(
                "the cotisation command recorded no cotisation"
            )))
        })
}

/// Launches a cotisation: one call per period (one for an exceptional cotisation), each
/// creating a montant dû per property with a non-zero amount, owed by the property's payer on
/// the call's due date. Every due date must lie in an open exercice.
#[utoipa::path(
    post,
    path = "/api/cotisations/creer",
    operation_id = "createCotisation",
    tag = "cotisations",
    request_body = CotisationRequest,
    responses(
        (status = 200, description = "The launched cotisation", body = CotisationResponse),
        (status = 403, description = "`finance_required`, or `exercice_cloture`: a due date lies in a closed exercice", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`: a due date's year has no exercice", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.titre`, `errors.type`, `errors.repartition`, `errors.date_debut`, `errors.date_fin`, `errors.date_echeance`, `errors.montant`, `errors.personalisation…`), `repartition_incomplete` (a property has no line in the allocation table), `trop_d_appels`, `aucune_propriete`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<CotisationRequest>,
) -> Result<web::Json<CotisationResponse>, ApiError> {
    let residence = current.residence_id;
    let proprietes = property_ids(&state, residence).await?;
    let demande = DemandeCotisation::try_from(FormulaireCotisation {
        saisie: body.into_inner().into(),
        proprietes: &proprietes,
        today: state.today(),
    })?;
    let repartition = demande.repartition.into();
    let committed = state
        .ledger
        .execute(
            ResidenceId(residence),
            RevenusCommand::LancerCotisation(demande).into(),
            UserId(current.id),
            &request_id,
        )
        .await?;
    Ok(web::Json(CotisationResponse {
        success: true,
        cotisation: cotisation_written(&committed, repartition)?,
    }))
}

async fn property_ids(state: &AppState, residence: i64) -> Result<Vec<i64>, ApiError> {
    Ok(proprietes::list(&state.db, residence)
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect())
}

/// Corrects a cotisation that has no encaissement and no due date in a closed exercice. Its
/// dues are replaced by new ones (new ids); its split cannot change.
#[utoipa::path(
    put,
    path = "/api/cotisations/modifier",
    operation_id = "updateCotisation",
    tag = "cotisations",
    request_body = UpdateCotisationRequest,
    responses(
        (status = 200, description = "The corrected cotisation", body = CotisationResponse),
        (status = 403, description = "`finance_required`, or `exercice_cloture`: a due date (old or new) lies in a closed exercice", body = ErrorBody),
        (status = 404, description = "`cotisation_inconnue` (not in the residence)", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (as for creation, plus `errors.id`), `cotisation_avec_encaissements`, `repartition_non_modifiable`, `repartition_incomplete`, `trop_d_appels`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<UpdateCotisationRequest>,
) -> Result<web::Json<CotisationResponse>, ApiError> {
    let residence = current.residence_id;
    let proprietes = property_ids(&state, residence).await?;
    let (cotisation_id, demande) = form::with_id(body.into_inner(), &proprietes, state.today())?;
    let repartition = demande.repartition.into();
    let committed = state
        .ledger
        .execute(
            ResidenceId(residence),
            RevenusCommand::ModifierCotisation {
                cotisation_id,
                demande,
            }
            .into(),
            UserId(current.id),
            &request_id,
        )
        .await?;
    Ok(web::Json(CotisationResponse {
        success: true,
        cotisation: cotisation_written(&committed, repartition)?,
    }))
}

/// `DELETE /api/cotisations/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerCotisationRequest {
    /// The cotisation's id.
    pub id: i64,
}

/// Deletes a cotisation that has no encaissement and no due date in a closed exercice, with its
/// montants dûs.
#[utoipa::path(
    delete,
    path = "/api/cotisations/supprimer",
    operation_id = "deleteCotisation",
    tag = "cotisations",
    request_body = SupprimerCotisationRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required`, or `exercice_cloture`: a due date lies in a closed exercice", body = ErrorBody),
        (status = 404, description = "`cotisation_inconnue` (not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`) or `cotisation_avec_encaissements`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerCotisationRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = GrandLivreCommand::Revenus(RevenusCommand::SupprimerCotisation {
        cotisation_id: body.id,
    });
    state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            command,
            UserId(current.id),
            &request_id,
        )
        .await?;
    Ok(web::Json(Success::new()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[into_params(parameter_in = Query)]
pub struct CotisationQuery {
    /// The cotisation's id.
    pub id: i64,
}

async fn cotisation_row(
    state: &AppState,
    residence: i64,
    cotisation_id: i64,
) -> Result<CotisationRow, ApiError> {
    revenus::cotisation(&state.db, residence, cotisation_id)
        .await?
        .ok_or_else(|| ErrorCode::CotisationInconnue.into())
}

/// A property's amount in a custom split, as the edit form loads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PersonalisationMontant {
    pub propriete_id: i64,
    /// The property's name.
    pub appartement: String,
    /// DT per call (whole dinars); 0 when the property is exempt or was registered after the
    /// cotisation.
    pub montant: Dt,
}

/// What the edit form of a cotisation loads.
#[derive(Debug, Serialize, ToSchema)]
pub struct CotisationModifierInfos {
    pub id: i64,
    pub titre: String,
    #[serde(rename = "type")]
    pub type_cotisation: TypeCotisation,
    /// Locked: an edit cannot change it.
    pub repartition: Repartition,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    pub date_echeance: NaiveDate,
    /// DT per property and per call for `egale`; `null` otherwise.
    pub montant: Option<Dt>,
    /// Every property with its amount for `personnalisee`; empty otherwise.
    pub personalisation: Vec<PersonalisationMontant>,
    pub solde: Dt,
    /// A due date lies in a closed exercice: the edit would be refused (`exercice_cloture`).
    pub is_closed: bool,
    /// Something was collected on it: the edit would be refused
    /// (`cotisation_avec_encaissements`).
    pub has_encaissements: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CotisationModifierInfosResponse {
    pub success: bool,
    pub data: CotisationModifierInfos,
}

/// The data of a cotisation's edit form.
#[utoipa::path(
    get,
    path = "/api/cotisations/modifier-infos",
    operation_id = "getCotisationModifierInfos",
    tag = "cotisations",
    params(CotisationQuery),
    responses(
        (status = 200, description = "The cotisation as its form edits it", body = CotisationModifierInfosResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`cotisation_inconnue` (not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing or not a number", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn modifier_infos(
    state: web::Data<AppState>,
    current: Finance,
    query: ApiQuery<CotisationQuery>,
) -> Result<web::Json<CotisationModifierInfosResponse>, ApiError> {
    let residence = current.residence_id;
    let row = cotisation_row(&state, residence, query.id).await?;
    let dus =
        revenus::montants_dus(&state.db, residence, MontantsDus::Cotisation(row.id), false).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let annees: BTreeSet<i32> = dus.iter().map(|du| du.date_echeance.year()).collect();
    let cotisation = Cotisation::from_row(&row, &clotures, Some(&annees));
    // Every call asks the same amount of a property: its first call's.
    let mut par_propriete: BTreeMap<i64, Montant> = BTreeMap::new();
    for du in &dus {
        par_propriete.entry(du.propriete_id).or_insert(du.montant);
    }
    let montant = match cotisation.repartition {
        Repartition::Egale => par_propriete.values().next().copied().map(Dt::from),
        _ => None,
    };
    let personalisation = match cotisation.repartition {
        Repartition::Personnalisee => proprietes::list(&state.db, residence)
            .await?
            .into_iter()
            .map(|p| PersonalisationMontant {
                propriete_id: p.id,
                montant: Dt::from(par_propriete.get(&p.id).copied().unwrap_or(Montant::ZERO)),
                appartement: p.nom,
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(web::Json(CotisationModifierInfosResponse {
        success: true,
        data: CotisationModifierInfos {
            id: cotisation.id,
            titre: cotisation.titre,
            type_cotisation: cotisation.type_cotisation,
            repartition: cotisation.repartition,
            date_debut: cotisation.date_debut,
            date_fin: cotisation.date_fin,
            date_echeance: cotisation.date_echeance,
            montant,
            personalisation,
            solde: cotisation.solde,
            is_closed: cotisation.is_closed,
            has_encaissements: dus.iter().any(|du| du.paye.is_positive()),
        },
    }))
}

/// What remains due on one call for one property.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RestantDu {
    pub montant_du_id: i64,
    pub propriete_id: i64,
    pub propriete_nom: String,
    /// The payer who owes it (the property's payer on its due date); `null` when the property
    /// had none.
    pub occupant_nom: Option<String>,
    pub restant_du: Dt,
    pub date_echeance: NaiveDate,
    /// The due date is reached.
    pub exigible: bool,
}

impl RestantDu {
    fn from_detail(du: &MontantDuDetail, today: NaiveDate) -> Self {
        Self {
            montant_du_id: du.montant_du_id,
            propriete_id: du.propriete_id,
            propriete_nom: du.propriete_nom.clone(),
            occupant_nom: du.payeur_nom.clone(),
            restant_du: Dt::from(du.restant_du()),
            date_echeance: du.date_echeance,
            exigible: exigible(du.date_echeance, today),
        }
    }
}

/// A cotisation with what remains due on it, per property and call.
#[derive(Debug, Serialize, ToSchema)]
pub struct CotisationDetails {
    #[serde(flatten)]
    pub cotisation: Cotisation,
    /// Unpaid montants dûs, oldest due date first.
    pub restants_dus: Vec<RestantDu>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CotisationDetailsResponse {
    pub success: bool,
    pub cotisation: CotisationDetails,
}

/// A cotisation of the caller's residence with its unpaid montants dûs.
#[utoipa::path(
    get,
    path = "/api/cotisations/details",
    operation_id = "getCotisationDetails",
    tag = "cotisations",
    params(CotisationQuery),
    responses(
        (status = 200, description = "The cotisation and what remains due on it", body = CotisationDetailsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`cotisation_inconnue` (not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing or not a number", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<CotisationQuery>,
) -> Result<web::Json<CotisationDetailsResponse>, ApiError> {
    let residence = current.residence_id;
    let today = state.today();
    let row = cotisation_row(&state, residence, query.id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let annees = revenus::annees_des_echeances(&state.db, residence).await?;
    let cotisation = Cotisation::from_row(&row, &clotures, annees.get(&row.id));
    let restants_dus =
        revenus::montants_dus(&state.db, residence, MontantsDus::Cotisation(row.id), true)
            .await?
            .iter()
            .map(|du| RestantDu::from_detail(du, today))
            .collect();
    Ok(web::Json(CotisationDetailsResponse {
        success: true,
        cotisation: CotisationDetails {
            cotisation,
            restants_dus,
        },
    }))
}

/// A property as the custom split form lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Appartement {
    pub id: i64,
    pub nom: String,
    #[serde(rename = "type")]
    pub type_propriete: TypePropriete,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppartementsResponse {
    pub success: bool,
    pub data: Vec<Appartement>,
}

/// Every property of the caller's residence (all kinds: a custom split gives each an amount),
/// in registration order.
#[utoipa::path(
    get,
    path = "/api/cotisations/appartements",
    operation_id = "getCotisationAppartements",
    tag = "cotisations",
    responses(
        (status = 200, description = "The residence's properties", body = AppartementsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn appartements(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<AppartementsResponse>, ApiError> {
    let data = proprietes::list(&state.db, current.residence_id)
        .await?
        .into_iter()
        .map(|row| Appartement {
            type_propriete: row.type_propriete.into(),
            id: row.id,
            nom: row.nom,
        })
        .collect();
    Ok(web::Json(AppartementsResponse {
        success: true,
        data,
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, recu::recu_encaissement, recu::recu_montant_du, create, modifier_infos, update, delete, details, appartements, encaissements::proprietes_soldes, encaissements::encaisser, encaissements::historique_paiements, encaissements::modifier_encaissement, encaissements::supprimer_encaissement, coproprietaire::mes_cotisations, coproprietaire::mes_cotisations_orthographe_spec),
    components(schemas(TypeCotisation, Repartition, MethodePaiement, EtatPaiement, Cotisation, CotisationsResponse, CotisationResponse, form::CotisationRequest, form::UpdateCotisationRequest, form::PersonalisationLine, SupprimerCotisationRequest, PersonalisationMontant, CotisationModifierInfos, CotisationModifierInfosResponse, RestantDu, CotisationDetails, CotisationDetailsResponse, Appartement, AppartementsResponse, encaissements::MontantDuOuvert, encaissements::ProprieteSolde, encaissements::StatistiquesEncaissement, encaissements::ProprietesSoldesResponse, encaissements::EncaisserRequest, encaissements::MontantDuPaye, encaissements::EncaissementRecu, encaissements::EncaissementResponse, encaissements::EtatEncaissement, encaissements::EncaissementLigne, encaissements::MontantNonPaye, encaissements::HistoriquePaiementsResponse, encaissements::ModifierEncaissementRequest, encaissements::SupprimerEncaissementRequest, coproprietaire::ProprieteNom, coproprietaire::CotisationPeriode, coproprietaire::DialogData, coproprietaire::ContributionDue, coproprietaire::MesCotisationsResponse)),
    tags((name = "cotisations", description = "Cotisations, montants dûs, encaissements and the allocation table")),
)]
pub struct Api;
