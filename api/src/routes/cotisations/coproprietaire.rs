//! The co-owner's contributions (spec 3 §2.11 "Contributions", §3 "Contribution due", §7
//! "Co-owner data"): the montants dûs the signed-in user owes.
//!
//! A user owes a montant dû when its payer (the property's payer on its due date) is the
//! residence's occupant with the user's phone number: an occupant's number is its co-owner
//! sign-in (docs/domain.md "Occupants"), and numbers are unique among a residence's occupants.

use actix_web::web;
use chrono::NaiveDate;
use daftar_projections::occupancy;
use daftar_projections::revenus::{self, MontantsDus};
use serde::Serialize;
use utoipa::ToSchema;

use super::{EtatPaiement, TypeCotisation};
use crate::answers::SignedIn;
use crate::auth::Coproprietaire;
use crate::error::{ApiError, ErrorBody};
use crate::money::Dt;
use crate::startup::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct ProprieteNom {
    pub nom: String,
}

/// The cotisation of a contribution and the period its call covers.
#[derive(Debug, Serialize, ToSchema)]
pub struct CotisationPeriode {
    #[serde(rename = "type")]
    pub type_cotisation: TypeCotisation,
    /// Start of the period this call covers (a recurring cotisation's month, quarter…; an
    /// exceptional cotisation's whole period).
    pub date_debut: NaiveDate,
    /// End of the period this call covers.
    pub date_fin: NaiveDate,
}

/// What the details dialog shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct DialogData {
    pub propriete: ProprieteNom,
    pub cotisation: CotisationPeriode,
}

/// A montant dû of the signed-in co-owner (spec 3 §3 "Contribution due").
#[derive(Debug, Serialize, ToSchema)]
pub struct ContributionDue {
    /// The montant dû's id (the receipt is asked with it).
    pub id: i64,
    /// The cotisation's title.
    pub titre: String,
    /// What the call asks of the property.
    pub montant_total: Dt,
    pub restant_du: Dt,
    pub date_echeance: NaiveDate,
    /// `non_paye`, `partiel` or `complet`.
    pub etat_paiement: EtatPaiement,
    #[serde(rename = "dialogData")]
    pub dialog_data: DialogData,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MesCotisationsResponse {
    pub success: bool,
    /// Newest due date first.
    pub cotisations: Vec<ContributionDue>,
}

async fn contributions(
    state: &AppState,
    current: &Coproprietaire,
) -> Result<MesCotisationsResponse, ApiError> {
    let residence = current.residence_id;
    let occupants: Vec<i64> = occupancy::occupants(&state.db, residence)
        .await?
        .into_iter()
        .filter(|occupant| occupant.tel.as_deref() == Some(current.user.tel.as_str()))
        .map(|occupant| occupant.id)
        .collect();
    let mut cotisations = Vec::new();
    for occupant in occupants {
        let dus = revenus::montants_dus(&state.db, residence, MontantsDus::Payeur(occupant), false)
            .await?;
        for du in dus {
            cotisations.push(ContributionDue {
                id: du.montant_du_id,
                montant_total: Dt::from(du.montant),
                restant_du: Dt::from(du.restant_du()),
                date_echeance: du.date_echeance,
                etat_paiement: EtatPaiement::of(du.montant, du.paye),
                dialog_data: DialogData {
                    propriete: ProprieteNom {
                        nom: du.propriete_nom,
                    },
                    cotisation: CotisationPeriode {
                        type_cotisation: du.type_cotisation.into(),
                        date_debut: du.appel_debut,
                        date_fin: du.appel_fin,
                    },
                },
                titre: du.cotisation_titre,
            });
        }
    }
    cotisations.sort_by(|a, b| b.date_echeance.cmp(&a.date_echeance).then(b.id.cmp(&a.id)));
    Ok(MesCotisationsResponse {
        success: true,
        cotisations,
    })
}

/// The montants dûs the signed-in user owes as payer, whatever their state, newest due date
/// first. Any signed-in user of the residence (a council member too) sees their own lines only.
#[utoipa::path(
    get,
    path = "/api/cotisations/coproprietaire",
    operation_id = "getMesCotisations",
    tag = "cotisations",
    responses(
        (status = 200, description = "The caller's contributions", body = MesCotisationsResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn mes_cotisations(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<MesCotisationsResponse>, ApiError> {
    Ok(web::Json(contributions(&state, &current).await?))
}

/// The same as `GET /api/cotisations/coproprietaire`, under the specification's spelling
/// (spec 3 §7 "Co-owner data").
#[utoipa::path(
    get,
    path = "/api/cotisations/coprorprietaire",
    operation_id = "getMesCotisationsSpec",
    tag = "cotisations",
    responses(
        (status = 200, description = "The caller's contributions", body = MesCotisationsResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn mes_cotisations_orthographe_spec(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<MesCotisationsResponse>, ApiError> {
    Ok(web::Json(contributions(&state, &current).await?))
}
