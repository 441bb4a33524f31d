//! Online payment through Konnect (issue 21; docs/api-paiement-en-ligne.md).
//!
//! - `/api/paiement-en-ligne/configuration` (finance): the residence's wallet, API key (stored
//!   encrypted, never answered), fees, methods, settlement account; on or off.
//! - `/api/paiement-en-ligne/paiements` (finance): the online payments and their overpayments.
//! - `/api/paiement-en-ligne/reglements` (finance): the gateway's settlement to the bank
//!   ([`reglements`]).
//! - `/api/coproprietaire/paiement-en-ligne…` (the signed-in owner): whether it is offered, a
//!   payment request for dues he owes, and the return page's status.
//! - `/api/paiement-en-ligne/webhook` (public, GET, as Konnect calls it).
//!
//! A request is not money: it is a row of `daftar_projections::paiements_en_ligne`. The webhook
//! is never trusted alone: the status is fetched from the gateway first, and only a `completed`
//! payment of at least the asked amount records, once (the ledger refuses a reference already
//! recorded; the row is marked paid only if it was not).

mod reglements;

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Duration, Utc};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::revenus::{MethodePaiement, RevenusCommand};
use daftar_domain::{CodeErreur, Montant};
use daftar_projections::paiements_en_ligne::{
    self as registre, Configuration, DuDemande, Paiement, Reservation, Statut,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Coproprietaire, CurrentUser, Finance};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::money::Dt;
use crate::paiement_en_ligne::konnect::Ouverture;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/paiement-en-ligne/configuration")
            .app_data(ReadModels::NONE)
            .route(web::get().to(lire_configuration))
            .route(web::head().to(lire_configuration))
            .route(web::post().to(enregistrer_configuration))
            .default_service(web::to(|| async {
                Err::<HttpResponse, ApiError>(
                    ApiError::new(ErrorCode::MethodNotAllowed)
                        .with_header("allow", "GET, HEAD, POST".to_owned()),
                )
            })),
    );
    register(
        cfg,
        // Its own tables and the ledger's warm state: no read model to wait for.
        ReadModels::NONE,
        [
            resource("/paiement-en-ligne/paiements", Method::GET, paiements),
            resource("/paiement-en-ligne/webhook", Method::GET, webhook),
            resource(
                "/coproprietaire/paiement-en-ligne",
                Method::GET,
                disponibilite,
            ),
            resource(
                "/coproprietaire/paiement-en-ligne/demander",
                Method::POST,
                demander,
            ),
            resource(
                "/coproprietaire/paiement-en-ligne/retour",
                Method::GET,
                retour,
            ),
        ],
    );
    reglements::configure(cfg);
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        lire_configuration,
        enregistrer_configuration,
        paiements,
        webhook,
        disponibilite,
        demander,
        retour,
        reglements::creer
    ),
    components(schemas(
        ConfigurationDto,
        ConfigurationResponse,
        ConfigurationRequest,
        PaiementsResponse,
        PaiementListe,
        DuListe,
        EncaissementRecu,
        DisponibiliteResponse,
        DemanderRequest,
        DemandeDto,
        DemanderResponse,
        RetourResponse,
        RetourDto,
        WebhookResponse,
        StatutDto,
        reglements::ReglementRequest,
        reglements::ReglementResponse
    ))
)]
pub struct Api;

/// Konnect's payment methods a residence may accept.
pub const METHODES: [&str; 4] = ["bank_card", "e-DINAR", "wallet", "flouci"];

/// A domain refusal answered with its code.
fn refus<E: CodeErreur>(error: &E) -> ApiError {
    match ErrorCode::from_code(error.code()) {
        Some(code) => code.into(),
        None => ApiError::internal(anyhow::anyhow!("domain code {} missing", error.code())),
    }
}

// --- Settings ---------------------------------------------------------------------------

/// The residence's settings as answered (the API key never is).
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfigurationDto {
    pub active: bool,
    pub wallet_id: Option<String>,
    /// Whether an API key is stored.
    pub cle_api_definie: bool,
    pub frais_au_coproprietaire: bool,
    /// Among `bank_card`, `e-DINAR`, `wallet`, `flouci`.
    pub methodes: Vec<String>,
    /// The bank account the gateway's settlements land on.
    pub compte_id: Option<i64>,
}

impl ConfigurationDto {
    fn of(configuration: Option<Configuration>) -> Self {
        match configuration {
            Some(c) => ConfigurationDto {
                active: c.active,
                wallet_id: c.wallet_id,
                cle_api_definie: c.cle_api_chiffree.is_some(),
                frais_au_coproprietaire: c.frais_au_coproprietaire,
                methodes: c.methodes,
                compte_id: c.compte_id,
            },
            None => ConfigurationDto {
                active: false,
                wallet_id: None,
                cle_api_definie: false,
                frais_au_coproprietaire: false,
                methodes: METHODES.iter().map(|m| (*m).to_owned()).collect(),
                compte_id: None,
            },
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConfigurationResponse {
    pub success: bool,
    pub configuration: ConfigurationDto,
}

/// The settings form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfigurationRequest {
    #[serde(default)]
    pub active: Option<bool>,
    /// Required when active.
    #[serde(default)]
    pub wallet_id: Option<String>,
    /// Absent or empty: the stored key is kept. Required when active and none is stored.
    #[serde(default)]
    pub cle_api: Option<String>,
    #[serde(default)]
    pub frais_au_coproprietaire: Option<bool>,
    /// A non-empty subset of `bank_card`, `e-DINAR`, `wallet`, `flouci`.
    #[serde(default)]
    pub methodes: Option<Vec<String>>,
    /// A bank account of the residence, or null.
    #[serde(default)]
    pub compte_id: Option<i64>,
}

/// The residence's online payment settings (the API key is never answered: `cle_api_definie`).
#[utoipa::path(
    get,
    path = "/api/paiement-en-ligne/configuration",
    operation_id = "getPaiementEnLigneConfiguration",
    tag = "paiement-en-ligne",
    responses(
        (status = 200, description = "The settings", body = ConfigurationResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn lire_configuration(
    state: web::Data<AppState>,
    current: Finance,
) -> Result<web::Json<ConfigurationResponse>, ApiError> {
    let configuration = registre::configuration(&state.db, current.residence_id).await?;
    Ok(web::Json(ConfigurationResponse {
        success: true,
        configuration: ConfigurationDto::of(configuration),
    }))
}

/// Saves the settings; a new API key is encrypted with the server key and never answered.
#[utoipa::path(
    post,
    path = "/api/paiement-en-ligne/configuration",
    operation_id = "enregistrerPaiementEnLigneConfiguration",
    tag = "paiement-en-ligne",
    request_body = ConfigurationRequest,
    responses(
        (status = 200, description = "The settings saved", body = ConfigurationResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.wallet_id` `wallet_id_requis`, `errors.cle_api` `cle_api_requise`, `errors.methodes` `methodes_paiement_en_ligne_invalides`, `errors.compte_id` `compte_bancaire_invalide`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn enregistrer_configuration(
    state: web::Data<AppState>,
    current: Finance,
    body: ApiJson<ConfigurationRequest>,
) -> Result<web::Json<ConfigurationResponse>, ApiError> {
    let body = body.into_inner();
    let residence = current.residence_id;
    let actuelle = registre::configuration(&state.db, residence).await?;
    let mut errors = FieldErrors::new();
    let active = body.active.unwrap_or(false);
    let wallet_id = body
        .wallet_id
        .map(|w| w.trim().to_owned())
        .filter(|w| !w.is_empty());
    if wallet_id.as_ref().is_some_and(|w| w.chars().count() > 100) {
        errors.add("wallet_id", ErrorCode::WalletIdRequis);
    }
    if active && wallet_id.is_none() {
        errors.add("wallet_id", ErrorCode::WalletIdRequis);
    }
    let nouvelle_cle = body
        .cle_api
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty());
    if nouvelle_cle
        .as_ref()
        .is_some_and(|c| c.chars().count() > 500)
    {
        errors.add("cle_api", ErrorCode::CleApiRequise);
    }
    let cle_stockee = actuelle.as_ref().and_then(|c| c.cle_api_chiffree.clone());
    if active && nouvelle_cle.is_none() && cle_stockee.is_none() {
        errors.add("cle_api", ErrorCode::CleApiRequise);
    }
    let mut methodes: Vec<String> = Vec::new();
    match body.methodes {
        Some(liste) if !liste.is_empty() => {
            for methode in liste {
                if !METHODES.contains(&methode.as_str()) {
                    errors.add("methodes", ErrorCode::MethodesPaiementEnLigneInvalides);
                    break;
                }
                if !methodes.contains(&methode) {
                    methodes.push(methode);
                }
            }
        }
        _ => errors.add("methodes", ErrorCode::MethodesPaiementEnLigneInvalides),
    }
    if let Some(compte_id) = body.compte_id {
        let connu = state
            .ledger
            .read(ResidenceId(residence), |livre| {
                Ok(livre.banque.compte(compte_id).is_some())
            })
            .await?;
        if !connu {
            errors.add("compte_id", ErrorCode::CompteBancaireInvalide);
        }
    }
    errors.into_result()?;
    let cle_api_chiffree = match nouvelle_cle {
        Some(cle) => Some(
            state
                .paiement_en_ligne
                .cle()
                .await
                .map_err(ApiError::internal)?
                .chiffrer(&cle)
                .map_err(ApiError::internal)?,
        ),
        None => cle_stockee,
    };
    let configuration = Configuration {
        active,
        wallet_id,
        cle_api_chiffree,
        frais_au_coproprietaire: body.frais_au_coproprietaire.unwrap_or(false),
        methodes,
        compte_id: body.compte_id,
    };
    registre::enregistrer_configuration(
        &state.db,
        residence,
        &configuration,
        current.user.id,
        state.settings.clock.now(),
    )
    .await?;
    Ok(web::Json(ConfigurationResponse {
        success: true,
        configuration: ConfigurationDto::of(Some(configuration)),
    }))
}

/// The settings of a residence that offers online payment, with its API key in clear.
struct Offre {
    configuration: Configuration,
    wallet_id: String,
    api_key: String,
}

async fn offre(state: &AppState, residence: i64) -> Result<Option<Offre>, ApiError> {
    let Some(configuration) = registre::configuration(&state.db, residence).await? else {
        return Ok(None);
    };
    if !configuration.active {
        return Ok(None);
    }
    let (Some(wallet_id), Some(chiffree)) = (
        configuration.wallet_id.clone(),
        configuration.cle_api_chiffree.clone(),
    ) else {
        return Ok(None);
    };
    let cle = state
        .paiement_en_ligne
        .cle()
        .await
        .map_err(ApiError::internal)?;
    let Some(api_key) = cle.dechiffrer(&chiffree) else {
        tracing::warn!(
            residence,
            "the stored Konnect API key does not decrypt with the server key: online payment off"
        );
        return Ok(None);
    };
    Ok(Some(Offre {
        configuration,
        wallet_id,
        api_key,
    }))
}

/// The API key of the residence that owns a request, whether online payment is still on or
/// not (a payment made before it was switched off still records).
async fn cle_de(state: &AppState, residence: i64) -> Result<Option<String>, ApiError> {
    let Some(configuration) = registre::configuration(&state.db, residence).await? else {
        return Ok(None);
    };
    let Some(chiffree) = configuration.cle_api_chiffree else {
        return Ok(None);
    };
    let cle = state
        .paiement_en_ligne
        .cle()
        .await
        .map_err(ApiError::internal)?;
    Ok(cle.dechiffrer(&chiffree))
}

// --- The co-owner -----------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
pub struct DisponibiliteResponse {
    pub success: bool,
    /// Online payment is on, with a wallet and a key: the screens offer "Payer en ligne".
    pub disponible: bool,
    pub frais_au_coproprietaire: bool,
    pub methodes: Vec<String>,
}

/// Whether the signed-in owner can pay online.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/paiement-en-ligne",
    operation_id = "getPaiementEnLigneDisponible",
    tag = "paiement-en-ligne",
    responses(
        (status = 200, description = "Whether online payment is offered", body = DisponibiliteResponse),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn disponibilite(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<DisponibiliteResponse>, ApiError> {
    let configuration = registre::configuration(&state.db, current.residence_id).await?;
    let reponse = match configuration {
        Some(c) if c.active && c.wallet_id.is_some() && c.cle_api_chiffree.is_some() => {
            DisponibiliteResponse {
                success: true,
                disponible: true,
                frais_au_coproprietaire: c.frais_au_coproprietaire,
                methodes: c.methodes,
            }
        }
        _ => DisponibiliteResponse {
            success: true,
            disponible: false,
            frais_au_coproprietaire: false,
            methodes: Vec::new(),
        },
    };
    Ok(web::Json(reponse))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DemanderRequest {
    /// One due, or every due owed now (the client sends their ids).
    #[serde(default)]
    pub montant_du_ids: Option<Vec<i64>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DemandeDto {
    pub id: i64,
    /// The gateway's page: the client goes there (`window.location.assign`).
    pub pay_url: String,
    pub montant: Dt,
    /// UTC, RFC 3339.
    pub expire_le: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DemanderResponse {
    pub success: bool,
    pub paiement: DemandeDto,
}

/// Whether the occupant paying a due has the user's phone number (docs/domain.md "Occupants":
/// an occupant's number is its co-owner sign-in).
pub(crate) fn du_du_proprietaire(livre: &GrandLivre, montant_du_id: i64, tel: &str) -> bool {
    livre
        .revenus
        .montant_du(montant_du_id)
        .and_then(|du| du.payeur)
        .and_then(|payeur| livre.occupancy.occupant(payeur))
        .is_some_and(|occupant| occupant.tel.as_deref() == Some(tel))
}

/// Splits a name into first and last names for the gateway's form.
fn prenom_nom(nom: &str) -> (String, String) {
    let nom = nom.trim();
    match nom.split_once(' ') {
        Some((prenom, reste)) => (prenom.to_owned(), reste.trim().to_owned()),
        None => (nom.to_owned(), nom.to_owned()),
    }
}

/// A payment request for dues the signed-in owner owes: their exact amount still due, for a
/// few minutes. The gateway is asked to open it; if it does not answer, nothing stays reserved.
#[utoipa::path(
    post,
    path = "/api/coproprietaire/paiement-en-ligne/demander",
    operation_id = "demanderPaiementEnLigne",
    tag = "paiement-en-ligne",
    request_body = DemanderRequest,
    responses(
        (status = 201, description = "The request, and the gateway's page", body = DemanderResponse),
        (status = 403, description = "`paiement_en_ligne_indisponible` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`montant_du_inconnu`: unknown or another owner's due", body = ErrorBody),
        (status = 409, description = "`paiement_en_ligne_en_cours` or `aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`montant_du_deja_paye`, or `validation_failed` (`errors.montant_du_ids`)", body = ErrorBody),
        (status = 503, description = "`passerelle_indisponible`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn demander(
    state: web::Data<AppState>,
    current: Coproprietaire,
    body: ApiJson<DemanderRequest>,
) -> Result<HttpResponse, ApiError> {
    let residence = current.residence_id;
    let mut ids: Vec<i64> = Vec::new();
    for id in body.into_inner().montant_du_ids.unwrap_or_default() {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if ids.is_empty() || ids.len() > 200 {
        return Err(ApiError::field(
            "montant_du_ids",
            ErrorCode::ChampObligatoire,
        ));
    }
    let Some(offre) = offre(&state, residence).await? else {
        return Err(ErrorCode::PaiementEnLigneIndisponible.into());
    };
    let today = state.today();
    let tel = current.user.tel.clone();
    let (dus, propriete_id, description) = state
        .ledger
        .read_since(ResidenceId(residence), current.ledger_head, |livre, _| {
            livre.exercices.exige_ouvert(today).map_err(|e| refus(&e))?;
            let mut dus = Vec::new();
            let mut titres: Vec<String> = Vec::new();
            for id in &ids {
                if !du_du_proprietaire(livre, *id, &tel) {
                    return Err(ErrorCode::MontantDuInconnu.into());
                }
                let restant = livre.revenus.restant_du(*id).unwrap_or(Montant::ZERO);
                if !restant.is_positive() {
                    return Err(ErrorCode::MontantDuDejaPaye.into());
                }
                if let Some(titre) = livre
                    .revenus
                    .montant_du(*id)
                    .and_then(|du| livre.revenus.cotisation(du.cotisation_id))
                    .map(|c| c.titre.clone())
                {
                    if !titres.contains(&titre) {
                        titres.push(titre);
                    }
                }
                dus.push(DuDemande {
                    montant_du_id: *id,
                    montant: restant.millimes(),
                });
            }
            let propriete_id = livre
                .revenus
                .montant_du(ids[0])
                .map_or(0, |du| du.propriete_id);
            let description: String =
                format!("{} — {}", current.user.residence_nom, titres.join(", "))
                    .chars()
                    .take(250)
                    .collect();
            Ok((dus, propriete_id, description))
        })
        .await?;
    let maintenant = state.settings.clock.now();
    let duree = state.paiement_en_ligne.reglages.duree_minutes;
    let expire_le = maintenant + Duration::minutes(i64::from(duree));
    let id = match registre::reserver(
        &state.db,
        residence,
        current.user.id,
        propriete_id,
        &dus,
        maintenant,
        expire_le,
    )
    .await?
    {
        Reservation::Reservee(id) => id,
        Reservation::EnCours => return Err(ErrorCode::PaiementEnLigneEnCours.into()),
    };
    let montant: i64 = dus.iter().map(|d| d.montant).sum();
    let public = state.settings.mail.public_url.trim_end_matches('/');
    let (prenom, nom) = prenom_nom(&current.user.nom);
    let order_id = id.to_string();
    let webhook = format!("{public}/api/paiement-en-ligne/webhook");
    let retour_url = format!("{public}/coproprietaire/paiement-en-ligne/retour");
    let ouverture = Ouverture {
        api_key: &offre.api_key,
        wallet_id: &offre.wallet_id,
        montant,
        description: &description,
        methodes: &offre.configuration.methodes,
        duree_minutes: duree,
        frais_au_payeur: offre.configuration.frais_au_coproprietaire,
        prenom: &prenom,
        nom: &nom,
        tel: &current.user.tel,
        email: current.user.email.as_deref(),
        order_id: &order_id,
        webhook: &webhook,
        retour: &retour_url,
    };
    let ouvert = match state.paiement_en_ligne.konnect.ouvrir(&ouverture).await {
        Ok(ouvert) => ouvert,
        Err(erreur) => {
            tracing::warn!(residence, paiement = id, cause = %erreur.0, "Konnect did not open the payment");
            // Nothing stays reserved: the dues are free again at once.
            registre::terminer(&state.db, id, Statut::Echouee).await?;
            return Err(ErrorCode::PasserelleIndisponible.into());
        }
    };
    registre::ouvrir(&state.db, id, &ouvert.payment_ref, &ouvert.pay_url).await?;
    Ok(HttpResponse::Created().json(DemanderResponse {
        success: true,
        paiement: DemandeDto {
            id,
            pay_url: ouvert.pay_url,
            montant: Dt::from_millimes(montant),
            expire_le: rfc3339(expire_le),
        },
    }))
}

fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The stored UTC text as RFC 3339.
fn rfc3339_texte(stocke: &str) -> String {
    DateTime::parse_from_rfc3339(stocke)
        .map(|d| rfc3339(d.with_timezone(&Utc)))
        .unwrap_or_else(|_| stocke.to_owned())
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatutDto {
    EnAttente,
    Payee,
    Echouee,
    Expiree,
}

impl From<Statut> for StatutDto {
    fn from(statut: Statut) -> Self {
        match statut {
            Statut::EnAttente => StatutDto::EnAttente,
            Statut::Payee => StatutDto::Payee,
            Statut::Echouee => StatutDto::Echouee,
            Statut::Expiree => StatutDto::Expiree,
        }
    }
}

/// A collection an online payment recorded.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = EncaissementEnLigne)]
pub struct EncaissementRecu {
    pub id: i64,
    pub numero_recu: String,
    pub montant_du_id: i64,
}

fn encaissements_de(paiement: &Paiement) -> Vec<EncaissementRecu> {
    paiement
        .encaissements
        .as_deref()
        .and_then(|texte| serde_json::from_str(texte).ok())
        .unwrap_or_default()
}

/// What the request's reference recorded in the ledger: its collections and its overpayment.
pub(crate) fn enregistre(livre: &GrandLivre, reference: &str) -> (Vec<EncaissementRecu>, Montant) {
    let mut encaissements = Vec::new();
    let ids: Vec<i64> = livre
        .revenus
        .montants_dus_payes()
        .map(|(id, _, _)| id)
        .collect();
    for montant_du_id in ids {
        for (id, encaissement) in livre.revenus.encaissements_de(montant_du_id) {
            if encaissement.methode == MethodePaiement::Enligne
                && encaissement.reference.as_deref() == Some(reference)
            {
                encaissements.push(EncaissementRecu {
                    id,
                    numero_recu: encaissement.numero_recu.clone(),
                    montant_du_id,
                });
            }
        }
    }
    encaissements.sort_by_key(|e| e.id);
    let trop_percu = livre
        .revenus
        .trop_percus()
        .filter(|(_, t)| t.reference == reference)
        .fold(Montant::ZERO, |total, (_, t)| {
            total.checked_add(t.montant).unwrap_or(total)
        });
    (encaissements, trop_percu)
}

/// Asks the gateway for the payment's status and records it if completed (once); marks the
/// request failed or expired when the gateway says so. Answers the request as it now is.
async fn synchroniser(
    state: &AppState,
    paiement: Paiement,
    request_id: &RequestId,
) -> Result<Paiement, ApiError> {
    let Some(reference) = paiement.reference.clone() else {
        return Ok(paiement);
    };
    if paiement.statut_enregistre() == Statut::Payee {
        return Ok(paiement);
    }
    let residence = paiement.residence_id;
    let Some(api_key) = cle_de(state, residence).await? else {
        return Err(ErrorCode::PaiementEnLigneIndisponible.into());
    };
    let etat = match state
        .paiement_en_ligne
        .konnect
        .etat(&api_key, &reference)
        .await
    {
        Ok(etat) => etat,
        Err(erreur) => {
            tracing::warn!(residence, reference = %reference, cause = %erreur.0, "Konnect status unavailable");
            return Err(ErrorCode::PasserelleIndisponible.into());
        }
    };
    match etat.status.as_str() {
        // Only a completed payment of at least what was asked records (fees may be added).
        "completed" if etat.amount >= paiement.montant => {
            let command = GrandLivreCommand::Revenus(RevenusCommand::EncaisserPaiementEnLigne {
                reference: reference.clone(),
                montant_du_ids: paiement.dus.iter().map(|d| d.montant_du_id).collect(),
                montant: Montant::from_millimes(paiement.montant),
                propriete_id: paiement.propriete_id,
                date: state.today(),
            });
            match state
                .ledger
                .execute(
                    ResidenceId(residence),
                    command,
                    UserId(paiement.user_id),
                    request_id,
                )
                .await
            {
                Ok(_) => {}
                // The webhook and the return raced: the other one recorded it.
                Err(erreur) if erreur.code() == ErrorCode::PaiementEnLigneDejaEnregistre => {}
                Err(erreur) => return Err(erreur),
            }
            let (encaissements, trop_percu) = state
                .ledger
                .read(ResidenceId(residence), |livre| {
                    Ok(enregistre(livre, &reference))
                })
                .await?;
            let texte = serde_json::to_string(&encaissements).map_err(ApiError::internal)?;
            registre::marquer_payee(
                &state.db,
                paiement.id,
                etat.amount,
                state.settings.clock.now(),
                &texte,
                trop_percu.millimes(),
            )
            .await?;
        }
        "completed" => {
            tracing::warn!(
                residence,
                reference = %reference,
                paid = etat.amount,
                asked = paiement.montant,
                "Konnect says completed for less than asked: not recorded"
            );
        }
        "pending" => {}
        "expired" => {
            registre::terminer(&state.db, paiement.id, Statut::Expiree).await?;
        }
        _ => {
            registre::terminer(&state.db, paiement.id, Statut::Echouee).await?;
        }
    }
    Ok(registre::par_reference(&state.db, &reference)
        .await?
        .unwrap_or(paiement))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReferenceQuery {
    /// The gateway's payment reference.
    pub payment_ref: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RetourDto {
    pub id: i64,
    pub statut: StatutDto,
    pub montant: Dt,
    pub encaissements: Vec<EncaissementRecu>,
    /// What no due took (a due paid meanwhile): credited to the owner's account; 0 when none.
    pub trop_percu: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RetourResponse {
    pub success: bool,
    pub paiement: RetourDto,
}

/// The return page's call: the status is fetched from the gateway, a completed payment is
/// recorded (once), and the request is answered as it now is.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/paiement-en-ligne/retour",
    operation_id = "getPaiementEnLigneRetour",
    tag = "paiement-en-ligne",
    params(ReferenceQuery),
    responses(
        (status = 200, description = "The payment as it now is", body = RetourResponse),
        (status = 404, description = "`paiement_en_ligne_inconnu`: unknown reference or another owner's", body = ErrorBody),
        (status = 503, description = "`passerelle_indisponible`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn retour(
    state: web::Data<AppState>,
    current: Coproprietaire,
    request_id: RequestId,
    query: web::Query<ReferenceQuery>,
) -> Result<web::Json<RetourResponse>, ApiError> {
    let current: &CurrentUser = &current;
    let reference = query.into_inner().payment_ref.unwrap_or_default();
    let paiement = registre::par_reference(&state.db, reference.trim())
        .await?
        .filter(|p| p.residence_id == current.residence_id && p.user_id == current.user.id)
        .ok_or(ErrorCode::PaiementEnLigneInconnu)?;
    let paiement = synchroniser(&state, paiement, &request_id).await?;
    let now = state.settings.clock.now();
    Ok(web::Json(RetourResponse {
        success: true,
        paiement: RetourDto {
            id: paiement.id,
            statut: paiement.statut(now).into(),
            montant: Dt::from_millimes(paiement.montant),
            encaissements: encaissements_de(&paiement),
            trop_percu: Dt::from_millimes(paiement.trop_percu),
        },
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookResponse {
    pub success: bool,
    pub recu: bool,
}

/// Konnect's notification (`GET ?payment_ref=`, no session): never trusted alone — the status
/// is fetched from the gateway before anything is recorded.
#[utoipa::path(
    get,
    path = "/api/paiement-en-ligne/webhook",
    operation_id = "paiementEnLigneWebhook",
    tag = "paiement-en-ligne",
    params(ReferenceQuery),
    responses(
        (status = 200, description = "Received", body = WebhookResponse),
        (status = 404, description = "`paiement_en_ligne_inconnu`", body = ErrorBody),
        (status = 503, description = "`passerelle_indisponible`: Konnect calls again", body = ErrorBody),
    )
)]
pub async fn webhook(
    state: web::Data<AppState>,
    request_id: RequestId,
    query: web::Query<ReferenceQuery>,
) -> Result<web::Json<WebhookResponse>, ApiError> {
    let reference = query.into_inner().payment_ref.unwrap_or_default();
    let paiement = registre::par_reference(&state.db, reference.trim())
        .await?
        .ok_or(ErrorCode::PaiementEnLigneInconnu)?;
    synchroniser(&state, paiement, &request_id).await?;
    Ok(web::Json(WebhookResponse {
        success: true,
        recu: true,
    }))
}

// --- The treasurer's list ----------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
pub struct DuListe {
    pub montant_du_id: i64,
    pub cotisation_titre: String,
    pub propriete: String,
    pub montant: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaiementListe {
    pub id: i64,
    pub reference_passerelle: Option<String>,
    /// The owner who paid (his name).
    pub proprietaire: String,
    pub montant: Dt,
    /// What the gateway took above the amount (fees paid by the co-owner), once paid.
    pub frais: Option<Dt>,
    pub statut: StatutDto,
    /// UTC, RFC 3339.
    pub cree_le: String,
    pub paye_le: Option<String>,
    pub montant_dus: Vec<DuListe>,
    pub encaissements: Vec<EncaissementRecu>,
    /// What no due took (credited to the owner); 0 when none.
    pub trop_percu: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaiementsResponse {
    pub success: bool,
    /// Newest first.
    pub paiements: Vec<PaiementListe>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatutQuery {
    /// `en_attente`, `payee`, `echouee` or `expiree`; absent: all.
    pub statut: Option<String>,
}

/// The residence's online payments, with their overpayments (finance).
#[utoipa::path(
    get,
    path = "/api/paiement-en-ligne/paiements",
    operation_id = "getPaiementsEnLigne",
    tag = "paiement-en-ligne",
    params(StatutQuery),
    responses(
        (status = 200, description = "The online payments, newest first", body = PaiementsResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.statut`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn paiements(
    state: web::Data<AppState>,
    current: Finance,
    query: web::Query<StatutQuery>,
) -> Result<web::Json<PaiementsResponse>, ApiError> {
    let filtre = match query.into_inner().statut.filter(|s| !s.trim().is_empty()) {
        None => None,
        Some(texte) => Some(
            Statut::parse(texte.trim())
                .ok_or_else(|| ApiError::field("statut", ErrorCode::ValeurInvalide))?,
        ),
    };
    let residence = current.residence_id;
    let now = state.settings.clock.now();
    let liste = registre::liste(&state.db, residence).await?;
    let noms = noms_utilisateurs(&state, residence).await?;
    let paiements = state
        .ledger
        .read_since(ResidenceId(residence), current.ledger_head, |livre, _| {
            Ok(liste
                .into_iter()
                .filter(|p| filtre.is_none_or(|f| p.statut(now) == f))
                .map(|p| {
                    let montant_dus = p
                        .dus
                        .iter()
                        .map(|d| {
                            let du = livre.revenus.montant_du(d.montant_du_id);
                            DuListe {
                                montant_du_id: d.montant_du_id,
                                cotisation_titre: du
                                    .and_then(|du| livre.revenus.cotisation(du.cotisation_id))
                                    .map(|c| c.titre.clone())
                                    .unwrap_or_default(),
                                propriete: du
                                    .and_then(|du| livre.proprietes.get(du.propriete_id))
                                    .map(|p| p.nom.clone())
                                    .unwrap_or_default(),
                                montant: Dt::from_millimes(d.montant),
                            }
                        })
                        .collect();
                    PaiementListe {
                        id: p.id,
                        reference_passerelle: p.reference.clone(),
                        proprietaire: noms
                            .iter()
                            .find(|(id, _)| *id == p.user_id)
                            .map(|(_, nom)| nom.clone())
                            .unwrap_or_default(),
                        montant: Dt::from_millimes(p.montant),
                        frais: p
                            .montant_paye
                            .map(|paye| Dt::from_millimes((paye - p.montant).max(0))),
                        statut: p.statut(now).into(),
                        cree_le: rfc3339_texte(&p.cree_le),
                        paye_le: p.paye_le.as_deref().map(rfc3339_texte),
                        montant_dus,
                        encaissements: encaissements_de(&p),
                        trop_percu: Dt::from_millimes(p.trop_percu),
                    }
                })
                .collect::<Vec<_>>())
        })
        .await?;
    Ok(web::Json(PaiementsResponse {
        success: true,
        paiements,
    }))
}

async fn noms_utilisateurs(
    state: &AppState,
    residence: i64,
) -> Result<Vec<(i64, String)>, ApiError> {
    use sqlx::Row;
    let rows = sqlx::query("SELECT id, nom FROM users WHERE residence_id = $1")
        .bind(residence)
        .fetch_all(&state.db.pool)
        .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("id")?, row.try_get("nom")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(ApiError::from)
}
