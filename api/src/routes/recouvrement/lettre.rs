//! Reminder letters (issue 16; spec 1 §5 "Recovery", §9 letter types; docs/api-recouvrement.md
//! "Letters"): a typst PDF on the residence's letterhead, recorded when issued.

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use daftar_domain::Montant;
use daftar_projections::recouvrement as registre;
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

use super::{debiteur_de, lire, residence_de};
use crate::answers::SignedIn;
use crate::auth::FinanceOuPresident;
use crate::documents::reponse_telechargement;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiQuery;
use crate::startup::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LettreQuery {
    pub occupant_id: i64,
    /// `relance` (default) or `dernierRappel`.
    #[serde(default)]
    pub lettre_type: Option<String>,
    /// `fr` (default) or `ar` (right to left).
    #[serde(default)]
    pub lang: Option<String>,
}

/// A line of the letter's table.
#[derive(Debug, Serialize)]
struct LigneLettre {
    cotisation: String,
    propriete: String,
    echeance: String,
    montant: String,
}

/// `/data.json` of `templates/lettre_recouvrement.typ`.
#[derive(Debug, Serialize)]
struct DonneesLettre {
    langue: &'static str,
    dernier_rappel: bool,
    residence_nom: String,
    residence_adresse: Option<String>,
    residence_ville: String,
    lieu_date: String,
    destinataire_nom: String,
    proprietes: String,
    lignes: Vec<LigneLettre>,
    total: String,
    rib: Option<String>,
    signataire: String,
}

/// An amount as the letter prints it: "1 234,500 DT"; in Arabic the groups joined by a no-break
/// space (kept together in a right-to-left line) and "د.ت".
fn montant(montant: Montant, ar: bool) -> String {
    if ar {
        format!("{} د.ت", montant.format_fr_nombre().replace(' ', "\u{A0}"))
    } else {
        format!("{} DT", montant.format_fr_nombre())
    }
}

/// A typed text isolated in an Arabic letter so that its own direction holds.
fn saisie(texte: &str, ar: bool) -> String {
    if ar {
        format!("\u{2068}{texte}\u{2069}")
    } else {
        texte.to_owned()
    }
}

fn date(jour: NaiveDate) -> String {
    jour.format("%d/%m/%Y").to_string()
}

/// A reminder letter to a debtor: unpaid amounts with their due dates and total, payment means,
/// the syndic's signature; `dernierRappel` is a formal notice naming the next step (legal action,
/// loi n° 2005-90). Recorded as issued (who, when, type, the amounts), listed in the occupant's
/// details.
#[utoipa::path(
    get,
    path = "/api/recouvrement/lettre-pdf",
    operation_id = "getLettreRecouvrementPdf",
    tag = "recouvrement",
    params(LettreQuery),
    responses(
        (status = 200, description = "The letter (application/pdf; file name in x-file-name)", content_type = "application/pdf", body = Vec<u8>),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 404, description = "`occupant_inconnu`", body = ErrorBody),
        (status = 422, description = "`aucun_impaye`; `validation_failed`: `lettre_type` or `lang` not one of theirs (`valeur_invalide`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn lettre_pdf(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    query: ApiQuery<LettreQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let mut errors = FieldErrors::new();
    let dernier_rappel = match query.lettre_type.as_deref().map(str::trim) {
        None | Some("" | "relance") => false,
        Some("dernierRappel") => true,
        Some(_) => {
            errors.add("lettre_type", ErrorCode::ValeurInvalide);
            false
        }
    };
    let ar = match query.lang.as_deref().map(str::trim) {
        None | Some("" | "fr") => false,
        Some("ar") => true,
        Some(_) => {
            errors.add("lang", ErrorCode::ValeurInvalide);
            false
        }
    };
    errors.into_result()?;
    let debiteur = debiteur_de(&state, &current, query.occupant_id).await?;
    if debiteur.solde <= 0 {
        return Err(ErrorCode::AucunImpaye.into());
    }
    let residence = residence_de(&state, current.residence_id).await?;
    let rib = lire(&state, &current, |livre, _| {
        let banque = &livre.banque;
        Ok(banque
            .compte_principal()
            .and_then(|id| banque.compte(id))
            .and_then(|compte| {
                compte
                    .fiche
                    .rib
                    .clone()
                    .map(|rib| format!("{} — RIB {rib}", compte.fiche.banque))
            }))
    })
    .await?;
    let today = state.today();
    let lettre_type = if dernier_rappel {
        "dernierRappel"
    } else {
        "relance"
    };
    let ville = residence.ville.trim();
    let donnees = DonneesLettre {
        langue: if ar { "ar" } else { "fr" },
        dernier_rappel,
        residence_nom: saisie(&residence.nom, ar),
        residence_adresse: Some(residence.adresse.trim())
            .filter(|adresse| !adresse.is_empty())
            .map(|adresse| saisie(adresse, ar)),
        residence_ville: saisie(ville, ar),
        lieu_date: if ar {
            format!("{}، في {}", saisie(ville, ar), date(today))
        } else {
            format!("{ville}, le {}", date(today))
        },
        destinataire_nom: saisie(&debiteur.occupant_nom, ar),
        proprietes: debiteur
            .proprietes
            .iter()
            .map(|(_, nom)| saisie(nom, ar))
            .collect::<Vec<_>>()
            .join(", "),
        lignes: debiteur
            .dus
            .iter()
            .map(|du| LigneLettre {
                cotisation: saisie(&du.du.cotisation_nom, ar),
                propriete: saisie(&du.propriete_nom, ar),
                echeance: date(du.du.date_echeance),
                montant: montant(Montant::from_millimes(du.du.restant_du), ar),
            })
            .collect(),
        total: montant(Montant::from_millimes(debiteur.solde), ar),
        rib: rib.map(|rib| saisie(&rib, ar)),
        signataire: saisie(&current.user.nom, ar),
    };
    let modele = state.lettre.clone();
    let ident = format!(
        "lettre_{}_{}_{lettre_type}_{}",
        current.residence_id,
        debiteur.occupant_id,
        date(today)
    );
    let rendu = web::block(move || modele.rendre(&donnees, &ident))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let montants = serde_json::to_string(
        &debiteur
            .dus
            .iter()
            .map(|du| {
                serde_json::json!({
                    "cotisation_nom": du.du.cotisation_nom,
                    "propriete_nom": du.propriete_nom,
                    "date_echeance": du.du.date_echeance,
                    "restant_du_millimes": du.du.restant_du,
                })
            })
            .collect::<Vec<_>>(),
    )
    .map_err(ApiError::internal)?;
    registre::enregistrer_lettre(
        &state.db,
        current.residence_id,
        debiteur.occupant_id,
        (lettre_type, if ar { "ar" } else { "fr" }),
        (debiteur.solde, &montants),
        (current.id, &current.user.nom),
        state.settings.clock.now(),
    )
    .await?;
    let nom_fichier = format!(
        "{lettre_type}_{}_{}.pdf",
        debiteur.occupant_nom.replace(['/', '\\', ' '], "_"),
        today
    );
    Ok(reponse_telechargement(
        nom_fichier,
        "application/pdf",
        rendu.pdf,
    ))
}
