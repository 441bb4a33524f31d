//! `GET /coproprietaire/travaux` and `/coproprietaire/travaux-details?travaux_id`
//! (`see.travaux`): the residence's works (spec 3 §2.11 "Works list"); and a charge's or works
//! item's details ([`details_depense`]).

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::depenses::NatureDepense;
use daftar_domain::document::NatureDocument;
use daftar_projections::depenses::{self as vue, PROPRIETAIRE_DEPENSE};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{etat_payment, DetailFinancierResponse, Details, PaiementCopro, Valeur};
use crate::answers::SignedIn;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::money::Dt;
use crate::routes::depenses::reponses::Document;
use crate::startup::AppState;
use crate::visibilite::{droits, Voir};

pub const TRAVAUX: &str = "travaux";

/// Works as a co-owner lists them (spec 3 §3 "works item").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TravauxCopro {
    pub id: i64,
    pub titre: String,
    pub montant_total: Dt,
    /// 1 approved, 0 refused, `null` undecided.
    pub is_approved: Option<i64>,
    pub date_facture: NaiveDate,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TravauxCoproResponse {
    pub success: bool,
    /// Newest invoice first.
    pub travaux: Vec<TravauxCopro>,
}

/// `?travaux_id=`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TravauxIdQuery {
    pub travaux_id: i64,
}

/// A charge (`nature` Charge) or works item with its payments, invoices and quotes, as the
/// details of `model`.
pub async fn details_depense(
    state: &AppState,
    residence: i64,
    nature: NatureDepense,
    id: i64,
    model: &str,
) -> Result<DetailFinancierResponse, ApiError> {
    let row = vue::depense(&state.db, residence, id)
        .await?
        .filter(|row| row.nature == nature)
        .ok_or_else(|| ApiError::new(ErrorCode::DepenseInconnue))?;
    let mut details = Details::default()
        .avec("titre", Valeur::texte(&row.titre))
        .avec("fournisseur", Valeur::texte(&row.fournisseur.nom))
        .avec(
            "categorie",
            Valeur::texte_optionnel(row.categorie.as_ref().map(|c| c.nom.clone())),
        );
    if nature == NatureDepense::Travaux {
        details = details
            .avec(
                "description",
                Valeur::texte_optionnel(row.description.clone()),
            )
            .avec(
                "approbation",
                row.approbation
                    .map_or(Valeur::Vide, |a| Valeur::Entier(i64::from(a.approuve))),
            );
    }
    let details = details
        .avec("date_facture", Valeur::date(row.date_facture))
        .avec("montant_total", Valeur::montant(row.montant_total))
        .avec("montant_paye", Valeur::montant(row.montant_paye))
        .avec("restant_du", Valeur::montant(row.restant_du()))
        .avec(
            "etat_payment",
            etat_payment(row.montant_total, row.montant_paye),
        );
    let mut reponse = DetailFinancierResponse::new(model, id, row.titre.clone(), details);
    for document in vue::documents_de(&state.db, residence, (PROPRIETAIRE_DEPENSE, id)).await? {
        match document.nature {
            NatureDocument::Facture => reponse.factures.push(document.into()),
            NatureDocument::Devis => reponse.devis.push(document.into()),
            NatureDocument::Doc => reponse.documents.push(Document::from(document)),
        }
    }
    reponse.paiements = vue::paiements(&state.db, residence, id)
        .await?
        .into_iter()
        .map(|p| PaiementCopro::new(p.montant, p.date_paiement, p.methode))
        .collect();
    Ok(reponse)
}

/// The residence's works.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/travaux",
    operation_id = "getCoproprietaireTravaux",
    tag = "coproprietaire-finances",
    responses(
        (status = 200, description = "The works, newest invoice first", body = TravauxCoproResponse),
        (status = 403, description = "`visibilite_refusee` (`see.travaux` is off)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Voir<droits::Travaux>,
) -> Result<web::Json<TravauxCoproResponse>, ApiError> {
    let travaux = vue::depenses(&state.db, current.residence_id, NatureDepense::Travaux)
        .await?
        .into_iter()
        .map(|row| TravauxCopro {
            id: row.id,
            titre: row.titre,
            montant_total: Dt(row.montant_total),
            is_approved: row.approbation.map(|a| i64::from(a.approuve)),
            date_facture: row.date_facture,
        })
        .collect();
    Ok(web::Json(TravauxCoproResponse {
        success: true,
        travaux,
    }))
}

/// One works item's details, payments, invoices and quotes.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/travaux-details",
    operation_id = "getCoproprietaireTravauxDetails",
    tag = "coproprietaire-finances",
    params(TravauxIdQuery),
    responses(
        (status = 200, description = "The works item (`model`: travaux)", body = DetailFinancierResponse),
        (status = 403, description = "`visibilite_refusee` (`see.travaux` is off)", body = ErrorBody),
        (status = 404, description = "`depense_inconnue` (also a charge's id, or another residence's)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.travaux_id`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Voir<droits::Travaux>,
    query: ApiQuery<TravauxIdQuery>,
) -> Result<web::Json<DetailFinancierResponse>, ApiError> {
    Ok(web::Json(
        details_depense(
            &state,
            current.residence_id,
            NatureDepense::Travaux,
            query.travaux_id,
            TRAVAUX,
        )
        .await?,
    ))
}
