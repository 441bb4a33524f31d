//! `GET /coproprietaire/charges` and `/coproprietaire/charges-details` (`see.charges`): what the
//! residence spends besides its works — current charges, expense contracts, employer charges,
//! salaries and bank fees (spec 3 §2.11 "Charges list").

use actix_web::web;
use daftar_domain::banque::TypeOperation;
use daftar_domain::contrats::SensContrat;
use daftar_domain::depenses::NatureDepense;
use daftar_projections::{banque, contrats, depenses, salaires};
use serde::Serialize;
use utoipa::ToSchema;

use super::contrats::details_contrat;
use super::travaux::details_depense;
use super::{
    trier, DetailFinancierResponse, Details, ElementFinancier, ModelQuery, PaiementCopro, Valeur,
};
use crate::answers::SignedIn;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::money::Dt;
use crate::startup::AppState;
use crate::visibilite::{droits, Voir};

pub const CHARGES_COURANTES: &str = "charges-courantes";
pub const CONTRATS_DEPENSES: &str = "contrats-depenses";
pub const CHARGES_PATRONALES: &str = "charges-patronales";
pub const SALAIRES: &str = "salaires";
pub const BANQUE_OPERATION: &str = "banque-operation";

/// `GET /coproprietaire/charges`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChargesCoproResponse {
    pub success: bool,
    /// Newest first.
    pub charges: Vec<ElementFinancier>,
}

/// Every charge item of the residence.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/charges",
    operation_id = "getCoproprietaireCharges",
    tag = "coproprietaire-finances",
    responses(
        (status = 200, description = "The residence's charge items, newest first: `model` charges-courantes (`montant`: the invoice's total), contrats-depenses (what was paid so far), charges-patronales, salaires (one line per employee paid: what was paid so far, dated by the latest payment), banque-operation (bank fees)", body = ChargesCoproResponse),
        (status = 403, description = "`visibilite_refusee` (`see.charges` is off)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Voir<droits::Charges>,
) -> Result<web::Json<ChargesCoproResponse>, ApiError> {
    let residence = current.residence_id;
    let mut items = Vec::new();
    for row in depenses::depenses(&state.db, residence, NatureDepense::Charge).await? {
        items.push(ElementFinancier {
            titre: row.titre,
            montant: Dt(row.montant_total),
            model: CHARGES_COURANTES.into(),
            model_id: row.id,
            date: row.date_facture,
        });
    }
    for row in contrats::contrats(&state.db, residence, SensContrat::Depense).await? {
        items.push(ElementFinancier {
            titre: row.titre,
            montant: Dt(row.montant_paye),
            model: CONTRATS_DEPENSES.into(),
            model_id: row.id,
            date: row.date_debut,
        });
    }
    for row in salaires::charges_patronales(&state.db, residence).await? {
        items.push(ElementFinancier {
            titre: row.titre,
            montant: Dt(row.montant),
            model: CHARGES_PATRONALES.into(),
            model_id: row.id,
            date: row.date_paiement,
        });
    }
    for salarie in salaires::salaries(&state.db, residence).await? {
        if !salarie.has_paiements {
            continue;
        }
        let paiements = salaires::paiements_du_salarie(&state.db, residence, salarie.id).await?;
        let Some(dernier) = paiements.iter().map(|p| p.date_paiement).max() else {
            continue;
        };
        items.push(ElementFinancier {
            titre: titre_salaire(&salarie.nom, &salarie.poste),
            montant: Dt(salarie.total_paye),
            model: SALAIRES.into(),
            model_id: salarie.id,
            date: dernier,
        });
    }
    for row in banque::operations(&state.db, residence, TypeOperation::Frais).await? {
        items.push(ElementFinancier {
            titre: row.libelle,
            montant: Dt(row.montant),
            model: BANQUE_OPERATION.into(),
            model_id: row.id,
            date: row.date,
        });
    }
    trier(&mut items);
    Ok(web::Json(ChargesCoproResponse {
        success: true,
        charges: items,
    }))
}

/// "Salaires — Gardien (Hédi Trabelsi)": an employee's salaries as one charge item.
fn titre_salaire(nom: &str, poste: &str) -> String {
    format!("Salaires — {poste} ({nom})")
}

/// One charge item's details and payments.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/charges-details",
    operation_id = "getCoproprietaireChargeDetails",
    tag = "coproprietaire-finances",
    params(ModelQuery),
    responses(
        (status = 200, description = "The item's details, payments (a salary's with `mois`; none for a bank fee) and files", body = DetailFinancierResponse),
        (status = 403, description = "`visibilite_refusee` (`see.charges` is off)", body = ErrorBody),
        (status = 404, description = "`depense_inconnue`, `contrat_inconnu`, `paiement_inconnu`, `salarie_inconnu` or `operation_inconnue` (also for an item of another residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.model`: `champ_obligatoire`, `valeur_invalide`; `errors.model_id`: `champ_obligatoire`, `valeur_invalide`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Voir<droits::Charges>,
    query: ApiQuery<ModelQuery>,
) -> Result<web::Json<DetailFinancierResponse>, ApiError> {
    let (model, id) = query.lire(&[
        CHARGES_COURANTES,
        CONTRATS_DEPENSES,
        CHARGES_PATRONALES,
        SALAIRES,
        BANQUE_OPERATION,
    ])?;
    let residence = current.residence_id;
    let reponse = match model {
        CHARGES_COURANTES => {
            details_depense(&state, residence, NatureDepense::Charge, id, model).await?
        }
        CONTRATS_DEPENSES => {
            details_contrat(&state, residence, SensContrat::Depense, id, model).await?
        }
        CHARGES_PATRONALES => {
            let row = salaires::charge_patronale(&state.db, residence, id)
                .await?
                .ok_or_else(|| ApiError::new(ErrorCode::PaiementInconnu))?;
            let details = Details::default()
                .avec("titre", Valeur::texte(&row.titre))
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
        SALAIRES => {
            let salarie = salaires::salarie(&state.db, residence, id)
                .await?
                .ok_or_else(|| ApiError::new(ErrorCode::SalarieInconnu))?;
            let details = Details::default()
                .avec("nom", Valeur::texte(&salarie.nom))
                .avec("poste", Valeur::texte(&salarie.poste))
                .avec("date_debut", Valeur::date(salarie.date_debut))
                .avec("date_fin", Valeur::date_optionnelle(salarie.date_fin))
                .avec("montant_paye", Valeur::montant(salarie.total_paye));
            let titre = titre_salaire(&salarie.nom, &salarie.poste);
            let mut reponse = DetailFinancierResponse::new(model, id, titre, details);
            let mut paiements = salaires::paiements_du_salarie(&state.db, residence, id).await?;
            paiements.sort_by_key(|p| (p.date_paiement, p.id));
            reponse.paiements = paiements
                .into_iter()
                .map(|p| PaiementCopro {
                    mois: Some(p.mois.format("%Y-%m").to_string()),
                    ..PaiementCopro::new(p.montant, p.date_paiement, p.methode)
                })
                .collect();
            reponse
        }
        _ => {
            let row = banque::operation(&state.db, residence, id)
                .await?
                .filter(|row| row.type_operation == TypeOperation::Frais)
                .ok_or_else(|| ApiError::new(ErrorCode::OperationInconnue))?;
            let details = Details::default()
                .avec("libelle", Valeur::texte(&row.libelle))
                .avec("montant", Valeur::montant(row.montant))
                .avec("date", Valeur::date(row.date));
            DetailFinancierResponse::new(model, id, row.libelle, details)
        }
    };
    Ok(web::Json(reponse))
}
