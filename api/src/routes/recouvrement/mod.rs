//! `/api/recouvrement/…` and `/api/achats-sms`: the debt recovery (issue 16; spec 1 §2
//! recouvrement screens, §3 "Recouvrement summary", "Occupant recovery detail", "SMS
//! purchases", §4 "SMS state", §5 "Recovery", §7; docs/api-recouvrement.md).
//!
//! The debtors are counted from the residence's ledger exactly as the encaissement screen's
//! balance list counts them ([`crate::soldes`], ADR 0004). What is sent and issued (SMS, letters,
//! SMS credits) is not money of the books: the module's own tables
//! (`daftar_projections::recouvrement`, ADR 0005).
//!
//! Council members read; the treasurer or the president sends SMS and letters (the
//! specification does not say: docs/decisions.md "Debt recovery"); co-owners nothing. The
//! delivery-report webhook takes no session: its shared secret authenticates the gateway.

mod lettre;
mod sms;

use actix_web::http::Method;
use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::ids::ResidenceId;
use daftar_domain::Montant;
use daftar_projections::recouvrement::{self as registre, LettreEmise, MessageSms};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::SignedIn;
use crate::auth::{CurrentUser, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::identity;
use crate::money::Dt;
use crate::routes::{register, resource, ReadModels};
use crate::sms::modeles::{relance, LangueSms};
use crate::sms::{compter, Codage};
use crate::soldes::{debiteur, debiteurs, Debiteur};
use crate::startup::AppState;

pub use lettre::{lettre_pdf, LettreQuery};
pub use sms::{
    envoyer_sms, envoyer_sms_groupe, rapport_livraison, EnvoyerSmsGroupeRequest, EnvoyerSmsRequest,
    RapportLivraisonRequest,
};

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // The ledger and the module's own tables: no read model to wait for.
        ReadModels::NONE,
        [
            resource("/recouvrement/copros-soldes", Method::GET, copros_soldes),
            resource(
                "/recouvrement/occupant-details",
                Method::GET,
                occupant_details,
            ),
            resource("/recouvrement/envoyer-sms", Method::POST, envoyer_sms),
            resource(
                "/recouvrement/envoyer-sms-groupe",
                Method::POST,
                envoyer_sms_groupe,
            ),
            resource(
                "/recouvrement/sms/rapport-livraison",
                Method::POST,
                rapport_livraison,
            ),
            resource("/recouvrement/lettre-pdf", Method::GET, lettre_pdf),
            resource("/achats-sms", Method::GET, achats_sms),
        ],
    );
}

/// The double-submit window: the same text to the same number of a residence within it is the
/// message already made (docs/decisions.md "Debt recovery").
pub const FENETRE_DOUBLON_MS: i64 = 10_000;

/// A debtor of the summary (spec 1 §3 "Recouvrement summary").
#[derive(Debug, Serialize, ToSchema)]
pub struct OccupantSolde {
    pub occupant_id: i64,
    pub occupant_nom: String,
    /// What he owes today (> 0): the exigible unpaid dues of the properties he pays.
    pub solde: Dt,
    /// Those properties' names.
    pub proprietes: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CoprosSoldesResponse {
    pub success: bool,
    /// The sum of `occupants[].solde`.
    pub solde_total: Dt,
    /// `occupants`' length.
    pub nombre_coproprietaires: i64,
    /// Every occupant owing more than 0 today, most owed first.
    pub occupants: Vec<OccupantSolde>,
}

/// Reads the caller's residence's ledger as it stands, with today's date.
pub(crate) async fn lire<T>(
    state: &AppState,
    current: &CurrentUser,
    lecture: impl FnOnce(&daftar_domain::grand_livre::GrandLivre, NaiveDate) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let today = state.today();
    state
        .ledger
        .read_since(
            ResidenceId(current.residence_id),
            current.ledger_head,
            |livre, _| lecture(livre, today),
        )
        .await
}

/// One occupant's debts, or 404 `occupant_inconnu`.
pub(crate) async fn debiteur_de(
    state: &AppState,
    current: &CurrentUser,
    occupant_id: i64,
) -> Result<Debiteur, ApiError> {
    lire(state, current, move |livre, today| {
        debiteur(livre, occupant_id, today).ok_or_else(|| ErrorCode::OccupantInconnu.into())
    })
    .await
}

pub(crate) async fn residence_de(
    state: &AppState,
    residence_id: i64,
) -> Result<identity::Residence, ApiError> {
    identity::find_residence(&state.db, residence_id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ErrorCode::NotFound.into())
}

/// The reminder's text for a debtor of the residence named `residence`.
pub(crate) fn texte_relance(
    langue: LangueSms,
    residence: &str,
    debiteur: &Debiteur,
) -> Result<String, ApiError> {
    relance(
        langue,
        residence,
        Montant::from_millimes(debiteur.solde),
        debiteur.plus_ancienne_echeance(),
    )
    .map_err(ApiError::internal)
}

/// The debtors of the residence today (spec 1 §2 `/syndic/recouvrement/sms-lettres`).
#[utoipa::path(
    get,
    path = "/api/recouvrement/copros-soldes",
    operation_id = "getRecouvrementCoprosSoldes",
    tag = "recouvrement",
    responses(
        (status = 200, description = "The debtors, most owed first", body = CoprosSoldesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn copros_soldes(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<CoprosSoldesResponse>, ApiError> {
    let liste = lire(&state, &current, |livre, today| Ok(debiteurs(livre, today))).await?;
    let solde_total = liste.iter().map(|debiteur| debiteur.solde).sum();
    Ok(web::Json(CoprosSoldesResponse {
        success: true,
        solde_total: Dt::from_millimes(solde_total),
        nombre_coproprietaires: i64::try_from(liste.len()).unwrap_or(i64::MAX),
        occupants: liste
            .into_iter()
            .map(|debiteur| OccupantSolde {
                occupant_id: debiteur.occupant_id,
                occupant_nom: debiteur.occupant_nom,
                solde: Dt::from_millimes(debiteur.solde),
                proprietes: debiteur
                    .proprietes
                    .into_iter()
                    .map(|(_, nom)| nom)
                    .collect(),
            })
            .collect(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OccupantDetailsQuery {
    pub occupant_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OccupantRecouvrement {
    pub id: i64,
    pub nom: String,
    /// Eight digits (shown with +216), or `null` when unknown.
    pub tel: Option<String>,
}

/// An exigible unpaid montant dû (spec 1 §3 "Occupant recovery detail").
#[derive(Debug, Serialize, ToSchema)]
pub struct MontantDuRecouvrement {
    pub cotisation_nom: String,
    pub restant_du: Dt,
    pub propriete_nom: String,
    pub date_echeance: NaiveDate,
}

/// A reminder sent, with its state (spec 1 §4 "SMS state").
#[derive(Debug, Serialize, ToSchema)]
pub struct SmsMessage {
    pub id: i64,
    pub contenu: String,
    /// Eight digits.
    pub tel: String,
    /// When it was stored (RFC 3339, UTC).
    pub sent_at: String,
    /// `queued` (shown in progress), `sent`, `delivered` (both shown sent) or `failed`.
    #[schema(example = "sent")]
    pub etat: String,
    /// Who sent it.
    pub sender_nom: String,
    pub segments: i64,
    /// What it cost (its segments; given back when it failed).
    pub credits: i64,
}

impl From<MessageSms> for SmsMessage {
    fn from(message: MessageSms) -> Self {
        SmsMessage {
            id: message.id,
            contenu: message.contenu,
            tel: message.tel,
            sent_at: message.cree_le.to_rfc3339(),
            etat: message.etat.code().to_owned(),
            sender_nom: message.sender_nom,
            segments: message.segments,
            credits: message.credits,
        }
    }
}

/// A letter issued.
#[derive(Debug, Serialize, ToSchema)]
pub struct LettreRecouvrement {
    pub id: i64,
    /// `relance` or `dernierRappel`.
    pub lettre_type: String,
    /// RFC 3339, UTC.
    pub issued_at: String,
    pub issuer_nom: String,
    /// The total of the amounts it listed.
    pub total: Dt,
}

impl From<LettreEmise> for LettreRecouvrement {
    fn from(lettre: LettreEmise) -> Self {
        LettreRecouvrement {
            id: lettre.id,
            lettre_type: lettre.lettre_type,
            issued_at: lettre.emis_le.to_rfc3339(),
            issuer_nom: lettre.emetteur_nom,
            total: Dt::from_millimes(lettre.total),
        }
    }
}

/// The SMS templates' encoding and cost, for the dialog's preview.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApercuSms {
    pub codage: Codage,
    pub segments: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OccupantDetailsResponse {
    pub success: bool,
    pub occupant: OccupantRecouvrement,
    /// The French reminder filled for this occupant.
    pub sms_template: String,
    /// The Arabic one.
    pub sms_template_ar: String,
    /// What each template costs.
    pub sms_template_segments: ApercuSms,
    pub sms_template_ar_segments: ApercuSms,
    /// What he owes, oldest due date first (their sum is his balance in the summary).
    pub montants_du: Vec<MontantDuRecouvrement>,
    /// The reminders sent to him, newest first.
    pub sms_messages: Vec<SmsMessage>,
    /// The letters issued to him, newest first.
    pub lettres: Vec<LettreRecouvrement>,
    /// The residence's SMS balance.
    pub credits_sms: i64,
}

/// A debtor's detail (spec 1 §2 `/syndic/recouvrement/sms-lettres/details/{occupantId}`).
#[utoipa::path(
    get,
    path = "/api/recouvrement/occupant-details",
    operation_id = "getRecouvrementOccupantDetails",
    tag = "recouvrement",
    params(OccupantDetailsQuery),
    responses(
        (status = 200, description = "The occupant, his unpaid amounts, SMS and letters", body = OccupantDetailsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`occupant_inconnu`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn occupant_details(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<OccupantDetailsQuery>,
) -> Result<web::Json<OccupantDetailsResponse>, ApiError> {
    let occupant_id = query.into_inner().occupant_id;
    let debiteur = debiteur_de(&state, &current, occupant_id).await?;
    let residence = residence_de(&state, current.residence_id).await?;
    let sms_template = texte_relance(LangueSms::Fr, &residence.nom, &debiteur)?;
    let sms_template_ar = texte_relance(LangueSms::Ar, &residence.nom, &debiteur)?;
    let apercu = |texte: &str| {
        let comptage = compter(texte);
        ApercuSms {
            codage: comptage.codage,
            segments: comptage.segments,
        }
    };
    let messages = registre::messages_de(&state.db, current.residence_id, occupant_id).await?;
    let lettres = registre::lettres_de(&state.db, current.residence_id, occupant_id).await?;
    let credits_sms = registre::solde(&state.db, current.residence_id).await?;
    Ok(web::Json(OccupantDetailsResponse {
        success: true,
        occupant: OccupantRecouvrement {
            id: debiteur.occupant_id,
            nom: debiteur.occupant_nom.clone(),
            tel: debiteur.tel.clone(),
        },
        sms_template_segments: apercu(&sms_template),
        sms_template_ar_segments: apercu(&sms_template_ar),
        sms_template,
        sms_template_ar,
        montants_du: debiteur
            .dus
            .into_iter()
            .map(|du| MontantDuRecouvrement {
                cotisation_nom: du.du.cotisation_nom,
                restant_du: Dt::from_millimes(du.du.restant_du),
                propriete_nom: du.propriete_nom,
                date_echeance: du.du.date_echeance,
            })
            .collect(),
        sms_messages: messages.into_iter().map(SmsMessage::from).collect(),
        lettres: lettres.into_iter().map(LettreRecouvrement::from).collect(),
        credits_sms,
    }))
}

/// A purchase of SMS credits (spec 1 §3 "SMS purchases").
#[derive(Debug, Serialize, ToSchema)]
pub struct AchatSms {
    pub id: i64,
    pub units: i64,
    pub date_facture: NaiveDate,
    /// Excluding tax.
    pub total_ht: Dt,
    /// Including Tunisian VAT (19 %).
    pub total_ttc: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AchatsSmsResponse {
    pub success: bool,
    /// Units bought less the credits of the messages sent (failed ones given back).
    pub solde: i64,
    /// Newest invoice first.
    pub achats_sms: Vec<AchatSms>,
}

/// The residence's SMS purchases and balance (spec 1 §2 `/syndic/recouvrement/achats-sms`).
#[utoipa::path(
    get,
    path = "/api/achats-sms",
    operation_id = "getAchatsSms",
    tag = "recouvrement",
    responses(
        (status = 200, description = "The balance and the purchases", body = AchatsSmsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn achats_sms(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<AchatsSmsResponse>, ApiError> {
    let solde = registre::solde(&state.db, current.residence_id).await?;
    let achats = registre::achats(&state.db, current.residence_id).await?;
    Ok(web::Json(AchatsSmsResponse {
        success: true,
        solde,
        achats_sms: achats
            .into_iter()
            .map(|achat| AchatSms {
                id: achat.id,
                units: achat.units,
                date_facture: achat.date_facture,
                total_ht: Dt::from_millimes(achat.total_ht),
                total_ttc: Dt::from_millimes(achat.total_ttc),
            })
            .collect(),
    }))
}

/// Tunisian VAT on SMS packs: 19 %.
pub const TVA_POURCENT: i64 = 19;

/// The total including VAT of `total_ht` millimes: `total_ht × 1.19`, rounded to the nearest
/// millime, half up (an exact integer computation: `(ht × 119 + 50) / 100`).
pub fn total_ttc(total_ht: i64) -> Option<i64> {
    total_ht
        .checked_mul(100 + TVA_POURCENT)?
        .checked_add(50)
        .map(|centiemes| centiemes.div_euclid(100))
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        copros_soldes,
        occupant_details,
        sms::envoyer_sms,
        sms::envoyer_sms_groupe,
        sms::rapport_livraison,
        lettre::lettre_pdf,
        achats_sms
    ),
    components(schemas(
        CoprosSoldesResponse,
        OccupantSolde,
        OccupantDetailsResponse,
        OccupantRecouvrement,
        MontantDuRecouvrement,
        SmsMessage,
        LettreRecouvrement,
        ApercuSms,
        Codage,
        AchatsSmsResponse,
        AchatSms,
        LangueSms,
        EnvoyerSmsRequest,
        sms::EnvoyerSmsResponse,
        EnvoyerSmsGroupeRequest,
        sms::EnvoyerSmsGroupeResponse,
        RapportLivraisonRequest
    )),
    tags((name = "recouvrement", description = "Debt recovery: debtors, SMS reminders, letters, SMS credits"))
)]
pub struct Api;

#[cfg(test)]
mod tests {
    use super::total_ttc;

    #[test]
    fn the_total_with_vat_is_rounded_to_the_nearest_millime_half_up() {
        assert_eq!(total_ttc(100_000), Some(119_000));
        // 12.345 DT × 1.19 = 14.69055 → 14.691
        assert_eq!(total_ttc(12_345), Some(14_691));
        // 0.050 × 1.19 = 0.0595 → 0.060 (half up)
        assert_eq!(total_ttc(50), Some(60));
        assert_eq!(total_ttc(1), Some(1));
        assert_eq!(total_ttc(i64::MAX), None);
    }
}
