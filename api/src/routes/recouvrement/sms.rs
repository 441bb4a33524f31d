//! Sending reminders and the gateway's delivery reports (docs/api-recouvrement.md "SMS").

use actix_web::{web, HttpRequest};
use daftar_projections::recouvrement::{
    self as registre, Enregistrement, EnregistrementGroupe, MessageSms, NouveauMessage,
};
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use super::{debiteur_de, lire, residence_de, texte_relance, SmsMessage, FENETRE_DOUBLON_MS};
use crate::answers::{SignedInWrite, Success};
use crate::auth::FinanceOuPresident;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::request::{self, Minimum, MontantSaisi, Precision};
use crate::sms::modeles::LangueSms;
use crate::sms::{compter, ErreurPasserelle, Remise};
use crate::soldes::{debiteurs, Debiteur};
use crate::startup::AppState;

/// The header a client sends once per dialog so that a double submit is one message.
pub const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
/// The header that authenticates the gateway's delivery reports.
pub const WEBHOOK_SECRET_HEADER: &str = "X-Daftar-Webhook-Secret";
const CLE_MAX: usize = 200;

/// `POST /api/recouvrement/envoyer-sms` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EnvoyerSmsRequest {
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub occupant_id: Option<i64>,
    /// Eight digits; absent or empty: the occupant's phone.
    #[serde(default)]
    pub tel: Option<String>,
    /// `fr` (default) or `ar`.
    #[serde(default)]
    #[schema(value_type = Option<LangueSms>)]
    pub langue: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnvoyerSmsResponse {
    pub success: bool,
    pub sms_message: SmsMessage,
}

/// What a valid request asks.
struct Envoi {
    occupant_id: i64,
    tel: Option<String>,
    langue: LangueSms,
}

fn langue(errors: &mut FieldErrors, valeur: Option<String>) -> LangueSms {
    match valeur.as_deref().map(str::trim) {
        None | Some("" | "fr") => LangueSms::Fr,
        Some("ar") => LangueSms::Ar,
        Some(_) => {
            errors.add("langue", ErrorCode::ValeurInvalide);
            LangueSms::Fr
        }
    }
}

impl TryFrom<EnvoyerSmsRequest> for Envoi {
    type Error = ApiError;

    fn try_from(request: EnvoyerSmsRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let occupant_id = request::required_id(&mut errors, "occupant_id", request.occupant_id);
        let tel = request::tel(&mut errors, "tel", request.tel);
        let langue = langue(&mut errors, request.langue);
        match occupant_id {
            Some(occupant_id) if errors.is_empty() => Ok(Envoi {
                occupant_id,
                tel,
                langue,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// The `Idempotency-Key` header, if any (at most 200 visible characters).
fn cle_idempotence(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(valeur) = req.headers().get(IDEMPOTENCY_KEY) else {
        return Ok(None);
    };
    let cle = valeur
        .to_str()
        .ok()
        .map(str::trim)
        .filter(|cle| !cle.is_empty() && cle.chars().count() <= CLE_MAX)
        .ok_or_else(|| ApiError::field("idempotency_key", ErrorCode::ValeurInvalide))?;
    Ok(Some(cle.to_owned()))
}

/// The message a debtor would receive, with its cost.
fn nouveau_message(
    debiteur: &Debiteur,
    (tel, langue): (String, LangueSms),
    residence: &str,
    (envoye_par, sender_nom, passerelle): (i64, &str, &str),
) -> Result<NouveauMessage, ApiError> {
    let contenu = texte_relance(langue, residence, debiteur)?;
    let segments = compter(&contenu).segments;
    Ok(NouveauMessage {
        occupant_id: debiteur.occupant_id,
        tel,
        contenu,
        langue: langue.code().to_owned(),
        segments,
        // One credit per segment.
        credits: segments,
        passerelle: passerelle.to_owned(),
        idempotency_key: None,
        envoye_par,
        sender_nom: sender_nom.to_owned(),
    })
}

/// Hands a stored `queued` message to the gateway and records its answer: `sent`, still
/// `queued` (the outbox), or `failed` with its credits given back. Never retried.
pub(crate) async fn remettre(
    state: &AppState,
    message: MessageSms,
) -> Result<MessageSms, ApiError> {
    let tel = format!("+216{}", message.tel);
    let reponse = state.sms.envoyer(&tel, &message.contenu).await;
    let now = state.settings.clock.now();
    match reponse {
        Ok(Remise::EnAttente) => Ok(message),
        Ok(Remise::Envoye { message_id }) => {
            registre::marquer_envoye(&state.db, message.id, message_id.as_deref(), now)
                .await?
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("SMS {} vanished", message.id)))
        }
        Err(erreur) => {
            match &erreur {
                ErreurPasserelle::Rejete(_) => {
                    tracing::warn!(message_id = message.id, %erreur, "SMS rejected by the provider");
                }
                ErreurPasserelle::Indisponible(_) => {
                    tracing::error!(message_id = message.id, %erreur, "SMS provider unavailable");
                }
            }
            registre::marquer_echec(
                &state.db,
                message.residence_id,
                message.id,
                &erreur.to_string(),
                now,
            )
            .await?;
            registre::un(&state.db, message.id)
                .await?
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("SMS {} vanished", message.id)))
        }
    }
}

/// Sends a reminder to a debtor (spec 1 §5 "Recovery": `tel` optional, 8 digits when given).
///
/// Stored `queued` with its credits debited before the gateway is called, then `sent` or
/// `failed` (credits given back) from its answer; the outbox keeps it `queued`. The same
/// `Idempotency-Key`, or without one the same text to the same number within 10 seconds, answers
/// the message already made and sends nothing.
#[utoipa::path(
    post,
    path = "/api/recouvrement/envoyer-sms",
    operation_id = "envoyerSmsRecouvrement",
    tag = "recouvrement",
    request_body = EnvoyerSmsRequest,
    params(("Idempotency-Key" = Option<String>, Header, nullable = false, description = "One per dialog: the same key answers the same message")),
    responses(
        (status = 200, description = "The message (new, or the one this submission already made)", body = EnvoyerSmsResponse),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 404, description = "`occupant_inconnu`", body = ErrorBody),
        (status = 409, description = "`credits_sms_insuffisants`: nothing stored, nothing sent", body = ErrorBody),
        (status = 422, description = "`aucun_impaye`; `validation_failed`: `tel` not 8 digits (`tel_invalide`) or none known (`tel_obligatoire`), `langue` not fr or ar, `occupant_id` missing", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn envoyer_sms(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    req: HttpRequest,
    request: ApiJson<EnvoyerSmsRequest>,
) -> Result<web::Json<EnvoyerSmsResponse>, ApiError> {
    let envoi = Envoi::try_from(request.into_inner())?;
    let cle = cle_idempotence(&req)?;
    let debiteur = debiteur_de(&state, &current, envoi.occupant_id).await?;
    if debiteur.solde <= 0 {
        return Err(ErrorCode::AucunImpaye.into());
    }
    let tel = envoi
        .tel
        .or_else(|| debiteur.tel.clone())
        .ok_or_else(|| ApiError::field("tel", ErrorCode::TelObligatoire))?;
    let residence = residence_de(&state, current.residence_id).await?;
    let mut nouveau = nouveau_message(
        &debiteur,
        (tel, envoi.langue),
        &residence.nom,
        (current.id, &current.user.nom, state.sms.nom()),
    )?;
    nouveau.idempotency_key = cle;
    let enregistrement = registre::enregistrer(
        &state.db,
        current.residence_id,
        &nouveau,
        state.settings.clock.now(),
        FENETRE_DOUBLON_MS,
    )
    .await?;
    let message = match enregistrement {
        Enregistrement::Existant(message) => message,
        Enregistrement::CreditsInsuffisants { solde, requis } => {
            return Err(credits_insuffisants(solde, requis));
        }
        Enregistrement::Nouveau(message) => remettre(&state, message).await?,
    };
    Ok(web::Json(EnvoyerSmsResponse {
        success: true,
        sms_message: message.into(),
    }))
}

fn credits_insuffisants(solde: i64, requis: i64) -> ApiError {
    tracing::info!(solde, requis, "SMS refused: not enough credits");
    ErrorCode::CreditsSmsInsuffisants.into()
}

/// `POST /api/recouvrement/envoyer-sms-groupe` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EnvoyerSmsGroupeRequest {
    /// Remind only debtors owing at least this (DT, up to three decimals; default 0).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub montant_minimum: Option<MontantSaisi>,
    /// `true`: count the recipients and the credits, send nothing.
    #[serde(default)]
    pub apercu: Option<bool>,
}

/// The preview (`apercu`), or what was sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnvoyerSmsGroupeResponse {
    pub success: bool,
    /// Preview: the debtors with a phone owing at least the minimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destinataires: Option<i64>,
    /// Preview: the SMS balance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credits_sms: Option<i64>,
    /// Sent: messages handed to the gateway (or kept by the outbox).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envoyes: Option<i64>,
    /// Sent: messages that failed (their credits given back).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub echecs: Option<i64>,
    /// Preview: what the messages will cost; sent: what they cost (failures given back).
    pub credits: i64,
}

/// Reminds every debtor with a phone owing at least `montant_minimum` (French reminder), or
/// previews it. Refused whole (409 `credits_sms_insuffisants`) when the balance does not cover
/// every message; a message of the same text to the same number within 10 seconds is not sent
/// again.
#[utoipa::path(
    post,
    path = "/api/recouvrement/envoyer-sms-groupe",
    operation_id = "envoyerSmsGroupeRecouvrement",
    tag = "recouvrement",
    request_body = EnvoyerSmsGroupeRequest,
    responses(
        (status = 200, description = "The preview, or the counts sent", body = EnvoyerSmsGroupeResponse),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 409, description = "`credits_sms_insuffisants`: nothing stored, nothing sent", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `montant_minimum` not an amount", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn envoyer_sms_groupe(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    request: ApiJson<EnvoyerSmsGroupeRequest>,
) -> Result<web::Json<EnvoyerSmsGroupeResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let minimum = request::montant(
        &mut errors,
        "montant_minimum",
        request.montant_minimum.as_ref(),
        (Precision::Millimes, Minimum::Zero),
        false,
    );
    errors.into_result()?;
    let minimum = minimum.map_or(0, |montant| montant.millimes());
    let liste = lire(&state, &current, |livre, today| Ok(debiteurs(livre, today))).await?;
    let residence = residence_de(&state, current.residence_id).await?;
    let nouveaux = liste
        .iter()
        .filter(|debiteur| debiteur.solde >= minimum)
        .filter_map(|debiteur| debiteur.tel.clone().map(|tel| (debiteur, tel)))
        .map(|(debiteur, tel)| {
            nouveau_message(
                debiteur,
                (tel, LangueSms::Fr),
                &residence.nom,
                (current.id, &current.user.nom, state.sms.nom()),
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    let credits: i64 = nouveaux.iter().map(|nouveau| nouveau.credits).sum();
    if request.apercu.unwrap_or(false) {
        return Ok(web::Json(EnvoyerSmsGroupeResponse {
            success: true,
            destinataires: Some(i64::try_from(nouveaux.len()).unwrap_or(i64::MAX)),
            credits_sms: Some(registre::solde(&state.db, current.residence_id).await?),
            envoyes: None,
            echecs: None,
            credits,
        }));
    }
    let stockes = match registre::enregistrer_groupe(
        &state.db,
        current.residence_id,
        &nouveaux,
        state.settings.clock.now(),
        FENETRE_DOUBLON_MS,
    )
    .await?
    {
        EnregistrementGroupe::CreditsInsuffisants { solde, requis } => {
            return Err(credits_insuffisants(solde, requis));
        }
        EnregistrementGroupe::Stockes(stockes) => stockes,
    };
    let (mut envoyes, mut echecs, mut depenses) = (0_i64, 0_i64, 0_i64);
    for message in stockes {
        let message = remettre(&state, message).await?;
        if message.etat == registre::EtatSms::Failed {
            echecs += 1;
        } else {
            envoyes += 1;
            depenses += message.credits;
        }
    }
    Ok(web::Json(EnvoyerSmsGroupeResponse {
        success: true,
        destinataires: None,
        credits_sms: None,
        envoyes: Some(envoyes),
        echecs: Some(echecs),
        credits: depenses,
    }))
}

/// A delivery report of the gateway.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RapportLivraisonRequest {
    /// The provider's id of the message (answered when it was sent).
    pub message_id: String,
    /// `delivered` or `failed`.
    pub etat: String,
}

fn secret_valide(state: &AppState, req: &HttpRequest) -> bool {
    let Some(attendu) = state.settings.sms.webhook_secret.as_deref() else {
        return false;
    };
    let recu = req
        .headers()
        .get(WEBHOOK_SECRET_HEADER)
        .map(|valeur| valeur.as_bytes())
        .unwrap_or_default();
    !attendu.is_empty() && bool::from(attendu.as_bytes().ct_eq(recu))
}

/// The gateway's delivery report (no session: `X-Daftar-Webhook-Secret` must equal
/// `DAFTAR_SMS_WEBHOOK_SECRET`). `delivered` moves a queued or sent message to delivered;
/// `failed` to failed, its credits given back once. A report for an unknown message or a message
/// already final changes nothing and is answered `success` (the provider need not retry).
#[utoipa::path(
    post,
    path = "/api/recouvrement/sms/rapport-livraison",
    operation_id = "rapportLivraisonSms",
    tag = "recouvrement",
    request_body = RapportLivraisonRequest,
    params(("X-Daftar-Webhook-Secret" = String, Header, description = "The shared secret of the gateway")),
    responses(
        (status = 200, description = "Recorded", body = Success),
        (status = 401, description = "`webhook_non_autorise`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `etat` not delivered or failed", body = ErrorBody),
    )
)]
pub async fn rapport_livraison(
    state: web::Data<AppState>,
    req: HttpRequest,
    request: ApiJson<RapportLivraisonRequest>,
) -> Result<web::Json<Success>, ApiError> {
    if !secret_valide(&state, &req) {
        return Err(ErrorCode::WebhookNonAutorise.into());
    }
    let request = request.into_inner();
    let livre = match request.etat.as_str() {
        "delivered" => true,
        "failed" => false,
        _ => return Err(ApiError::field("etat", ErrorCode::ValeurInvalide)),
    };
    let trouve = registre::rapport_livraison(
        &state.db,
        &request.message_id,
        livre,
        state.settings.clock.now(),
    )
    .await?;
    if trouve.is_none() {
        tracing::warn!(provider_id = %request.message_id, "delivery report for an unknown SMS");
    }
    Ok(web::Json(Success::new()))
}
