//! `GET /coproprietaire/revenus` and `/coproprietaire/revenus-details` (`see.recettes`): what
//! the residence receives — its cotisations, revenue contracts, exceptional revenues and bank
//! interest (spec 3 §2.11 "Revenues list").

use actix_web::web;
use daftar_domain::banque::TypeOperation;
use daftar_domain::contrats::SensContrat;
use daftar_domain::Montant;
use daftar_projections::{banque, contrats, revenus};
use serde::Serialize;
use utoipa::ToSchema;

use super::contrats::details_contrat;
use super::{
    etat_payment, trier, DetailFinancierResponse, Details, ElementFinancier, ModelQuery,
    PaiementCopro, Valeur,
};
use crate::answers::SignedIn;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::money::Dt;
use crate::startup::AppState;
use crate::visibilite::{droits, Voir};

pub const COTISATIONS: &str = "cotisations";
pub const CONTRATS_REVENUS: &str = "contrats-revenus";
pub const REVENUS_EXCEPTIONNELS: &str = "revenus-exceptionnels";
pub const INTERETS: &str = "interets";

/// `GET /coproprietaire/revenus`.
#[derive(Debug, Serialize, ToSchema)]
pub struct RevenusCoproResponse {
    pub success: bool,
    /// Newest first.
    pub revenus: Vec<ElementFinancier>,
}

fn somme(a: Montant, b: Montant) -> Montant {
    Montant::from_millimes(a.millimes().saturating_add(b.millimes()))
}

/// Every revenue item of the residence.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/revenus",
    operation_id = "getCoproprietaireRevenus",
    tag = "coproprietaire-finances",
    responses(
        (status = 200, description = "The residence's revenue items, newest first: `model` cotisations (`montant`: what it calls in all), contrats-revenus (what it has paid so far), revenus-exceptionnels, interets", body = RevenusCoproResponse),
        (status = 403, description = "`visibilite_refusee` (`see.recettes` is off)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Voir<droits::Recettes>,
) -> Result<web::Json<RevenusCoproResponse>, ApiError> {
    let residence = current.residence_id;
    let mut items = Vec::new();
    for row in revenus::cotisations(&state.db, residence).await? {
        items.push(ElementFinancier {
            titre: row.titre,
            montant: Dt(somme(row.restant_du, row.paye)),
            model: COTISATIONS.into(),
            model_id: row.id,
            date: row.date_debut,
        });
    }
    for row in contrats::contrats(&state.db, residence, SensContrat::Revenu).await? {
        items.push(ElementFinancier {
            titre: row.titre,
            montant: Dt(row.montant_paye),
            model: CONTRATS_REVENUS.into(),
            model_id: row.id,
            date: row.date_debut,
        });
    }
    for row in contrats::revenus(&state.db, residence, None).await? {
        items.push(ElementFinancier {
            titre: row.titre,
            montant: Dt(row.montant),
            model: REVENUS_EXCEPTIONNELS.into(),
            model_id: row.id,
            date: row.date_paiement,
        });
    }
    for row in banque::operations(&state.db, residence, TypeOperation::Interets).await? {
        items.push(ElementFinancier {
            titre: row.libelle,
            montant: Dt(row.montant),
            model: INTERETS.into(),
            model_id: row.id,
            date: row.date,
        });
    }
    trier(&mut items);
    Ok(web::Json(RevenusCoproResponse {
        success: true,
        revenus: items,
    }))
}

/// One revenue item's details and payments.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/revenus-details",
    operation_id = "getCoproprietaireRevenuDetails",
    tag = "coproprietaire-finances",
    params(ModelQuery),
    responses(
        (status = 200, description = "The item's details, payments and files", body = DetailFinancierResponse),
        (status = 403, description = "`visibilite_refusee` (`see.recettes` is off)", body = ErrorBody),
        (status = 404, description = "`cotisation_inconnue`, `contrat_inconnu`, `revenu_inconnu` or `operation_inconnue` (also for an item of another residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.model`: `champ_obligatoire`, `valeur_invalide`; `errors.model_id`: `champ_obligatoire`, `valeur_invalide`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Voir<droits::Recettes>,
    query: ApiQuery<ModelQuery>,
) -> Result<web::Json<DetailFinancierResponse>, ApiError> {
    let (model, id) = query.lire(&[
        COTISATIONS,
        CONTRATS_REVENUS,
        REVENUS_EXCEPTIONNELS,
        INTERETS,
    ])?;
    let residence = current.residence_id;
    let reponse = match model {
        COTISATIONS => cotisation(&state, residence, id).await?,
        CONTRATS_REVENUS => {
            details_contrat(&state, residence, SensContrat::Revenu, id, CONTRATS_REVENUS).await?
        }
        REVENUS_EXCEPTIONNELS => {
            let row = contrats::revenus(&state.db, residence, Some(id))
                .await?
                .into_iter()
                .next()
                .ok_or_else(|| ApiError::new(ErrorCode::RevenuInconnu))?;
            let details = Details::default()
                .avec("titre", Valeur::texte(&row.titre))
                .avec(
                    "client",
                    Valeur::texte_optionnel(row.client.map(|client| client.nom)),
                )
                .avec("montant", Valeur::montant(row.montant))
                .avec("date_paiement", Valeur::date(row.date_paiement));
            let mut reponse = DetailFinancierResponse::new(model, id, row.titre, details);
            reponse.paiements = vec![PaiementCopro::new(
                row.montant,
                row.date_paiement,
                row.methode,
            )];
            reponse
        }
        _ => {
            let row = banque::operation(&state.db, residence, id)
                .await?
                .filter(|row| row.type_operation == TypeOperation::Interets)
                .ok_or_else(|| ApiError::new(ErrorCode::OperationInconnue))?;
            let details = Details::default()
                .avec("libelle", Valeur::texte(&row.libelle))
                .avec("montant", Valeur::montant(row.montant))
                .avec("date", Valeur::date(row.date));
            let mut reponse = DetailFinancierResponse::new(model, id, row.libelle, details);
            reponse.paiements = vec![PaiementCopro::new(row.montant, row.date, "virement")];
            reponse
        }
    };
    Ok(web::Json(reponse))
}

async fn cotisation(
    state: &AppState,
    residence: i64,
    id: i64,
) -> Result<DetailFinancierResponse, ApiError> {
    let row = revenus::cotisation(&state.db, residence, id)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::CotisationInconnue))?;
    let total = somme(row.restant_du, row.paye);
    let details = Details::default()
        .avec("titre", Valeur::texte(&row.titre))
        .avec(
            "type",
            Valeur::texte(daftar_projections::text::as_text(row.type_cotisation)),
        )
        .avec("date_debut", Valeur::date(row.date_debut))
        .avec("date_fin", Valeur::date(row.date_fin))
        .avec("date_echeance", Valeur::date(row.date_echeance))
        .avec("montant_total", Valeur::montant(total))
        .avec("montant_encaisse", Valeur::montant(row.paye))
        .avec("restant_du", Valeur::montant(row.restant_du))
        .avec("etat_payment", etat_payment(total, row.paye));
    let mut reponse = DetailFinancierResponse::new(COTISATIONS, id, row.titre, details);
    reponse.paiements = revenus::encaissements_de_cotisation(&state.db, residence, id)
        .await?
        .into_iter()
        .map(|e| PaiementCopro::new(e.montant, e.date_paiement, e.methode))
        .collect();
    Ok(reponse)
}
