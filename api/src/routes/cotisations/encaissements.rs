//! The encaissement screens (spec 1 §2 `/syndic/revenus/encaissement…`, §3 "Property with
//! balance", "Payment history", "Encaissement", "Unpaid amount row", §5 "Collection sheet",
//! "Encaissement edit"): the properties with their balances, collecting a montant dû, a
//! property's payment history, correcting and cancelling a payment.

use std::collections::BTreeMap;

use actix_web::http::header::ContentType;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use chrono::NaiveDate;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::revenus::EncaissementId;
use daftar_domain::Montant;
use daftar_projections::proprietes;
use daftar_projections::revenus::{self, MontantDuDetail, MontantsDus};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{exigible, EtatPaiement, MethodePaiement};
use crate::answer_cache::Version;
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::request::{
    self, date_requise, enumeration, optional_line, required_id, Minimum, MontantSaisi, Precision,
};
use crate::routes::Success;
use crate::soldes::{payeur, soldes_du_livre};
use crate::startup::AppState;
use crate::telemetry::RequestId;
use daftar_domain::paiement::Paiement as PaiementDomaine;
use daftar_domain::revenus::RevenusCommand;
use daftar_domain::revenus::RevenusEvent;

const REFERENCE_MAX: usize = 100;

/// An unpaid montant dû of a property, as the collection sheet offers it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MontantDuOuvert {
    pub cotisation_id: i64,
    pub cotisation_nom: String,
    pub montant_du_id: i64,
    pub restant_du: Dt,
    pub date_echeance: NaiveDate,
    /// The due date is reached (only exigible dues count in `solde`).
    pub exigible: bool,
}

/// A property with its balance (spec 1 §3 "Property with balance").
#[derive(Debug, Serialize, ToSchema)]
pub struct ProprieteSolde {
    pub propriete_id: i64,
    pub propriete_nom: String,
    /// Today's payer's name; `null` when the property is vacant.
    pub proprietaire: Option<String>,
    /// Today's payer (an occupant id); `null` when the property is vacant.
    pub proprietaire_id: Option<i64>,
    /// What remains due on its exigible montants dûs, as a negative amount; 0 when up to date.
    pub solde: Dt,
    /// Every unpaid montant dû of the property (exigible or not), oldest due date first.
    pub montants_dus: Vec<MontantDuOuvert>,
}

/// The encaissement screen's three cards, over the exigible montants dûs.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatistiquesEncaissement {
    /// What was called by the montants dûs whose due date is reached.
    pub cotisations_lancees: Dt,
    /// What was collected on them.
    pub total_encaisse: Dt,
    /// What remains due on them (`cotisations_lancees - total_encaisse`).
    pub restant_du: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProprietesSoldesResponse {
    pub success: bool,
    pub data: Vec<ProprieteSolde>,
    pub stats: StatistiquesEncaissement,
    pub message: String,
}

/// The properties of the caller's residence, in registration order, each with today's payer,
/// its balance and its unpaid montants dûs; and the statistics of the exigible montants dûs.
///
/// A montant dû counts in `solde` and `stats` once its due date is reached (today in Tunisia):
/// dues not yet due are listed, and can be collected in advance, but a property paying on time
/// is not a debtor.
///
/// Answered from the residence's ledger as it stands (see `soldes`), not from the read-model
/// tables: this list needs every due of the residence on each call, which the tables answer in
/// tens of milliseconds at five years of history and memory in a fraction of one (ADR 0004).
/// The serialized answer is kept per residence with the stream sequence and the day it was
/// computed for ([`crate::answer_cache`]): until a command moves the stream or the day turns,
/// the list is the same bytes, served without walking the dues again.
#[utoipa::path(
    get,
    path = "/api/cotisations/proprietes-soldes",
    operation_id = "getProprietesSoldes",
    tag = "cotisations",
    responses(
        (status = 200, description = "The properties with their balances", body = ProprietesSoldesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn proprietes_soldes(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<HttpResponse, ApiError> {
    let today = state.today();
    let residence = current.residence_id;
    let (stream, since) = (ResidenceId(residence), current.ledger_head);
    let cached = |sequence| state.soldes.get(residence, Version { sequence, today });
    let hit = state
        .ledger
        .read_since(stream, since, |_, sequence| Ok(cached(sequence)))
        .await?;
    let body = match hit {
        Some(body) => body,
        None => {
            // A change: one request computes the new list while the others wait for it.
            let _turn = state.soldes.turn(residence).await;
            state
                .ledger
                .read_since(stream, since, |livre, sequence| {
                    if let Some(body) = cached(sequence) {
                        return Ok(body);
                    }
                    let body = Bytes::from(
                        serde_json::to_vec(&soldes(livre, today)).map_err(ApiError::internal)?,
                    );
                    let version = Version { sequence, today };
                    state.soldes.put(residence, version, body.clone());
                    Ok(body)
                })
                .await?
        }
    };
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(body))
}

/// The balance list of a residence's ledger on `today` (the walk is shared with the debt
/// recovery: [`crate::soldes`]).
fn soldes(livre: &GrandLivre, today: NaiveDate) -> ProprietesSoldesResponse {
    let mut comptes = soldes_du_livre(livre, today);
    let data = livre
        .proprietes
        .ids()
        .filter_map(|id| livre.proprietes.get(id).map(|propriete| (id, propriete)))
        .map(|(id, propriete)| {
            let payeur = payeur(livre, id, today);
            let montants_dus = comptes
                .ouverts
                .remove(&id)
                .unwrap_or_default()
                .into_iter()
                .map(|du| MontantDuOuvert {
                    cotisation_id: du.cotisation_id,
                    cotisation_nom: du.cotisation_nom,
                    montant_du_id: du.montant_du_id,
                    restant_du: Dt::from_millimes(du.restant_du),
                    date_echeance: du.date_echeance,
                    exigible: du.exigible,
                })
                .collect();
            ProprieteSolde {
                propriete_id: id,
                propriete_nom: propriete.nom.clone(),
                proprietaire: payeur.as_ref().map(|(_, nom)| nom.clone()),
                proprietaire_id: payeur.map(|(id, _)| id),
                solde: Dt::negated(comptes.arrieres.get(&id).copied().unwrap_or(0)),
                montants_dus,
            }
        })
        .collect();
    let (appele, paye) = (comptes.appele, comptes.paye);
    ProprietesSoldesResponse {
        success: true,
        data,
        stats: StatistiquesEncaissement {
            cotisations_lancees: Dt::from_millimes(appele),
            total_encaisse: Dt::from_millimes(paye),
            restant_du: Dt::from_millimes(appele - paye),
        },
        message: "Soldes des propriétés récupérés.".to_owned(),
    }
}

/// Checks a payment's fields (spec 1 §5 "Collection sheet", "Encaissement edit"): a whole
/// amount > 0, a date, a method, an optional reference. Not above the restant dû, not in the
/// future and in an open exercice are the ledger's rules.
fn paiement(
    errors: &mut FieldErrors,
    montant: Option<&MontantSaisi>,
    date_paiement: Option<String>,
    methode: Option<String>,
    reference: Option<String>,
) -> Option<PaiementDomaine<daftar_domain::revenus::MethodePaiement>> {
    let montant = request::montant(
        errors,
        "montant",
        montant,
        (Precision::Dinars, Minimum::Positif),
        true,
    );
    let date_paiement = date_requise(errors, "date_paiement", date_paiement);
    let methode = enumeration(
        errors,
        "methode_paiement",
        methode,
        ErrorCode::MethodePaiementInvalide,
    );
    // `enligne` is the gateway's: a payment typed by the treasurer never uses it.
    let methode = match methode {
        Some(MethodePaiement::Enligne) => {
            errors.add("methode_paiement", ErrorCode::MethodePaiementInvalide);
            None
        }
        other => other,
    };
    let reference = optional_line(errors, "reference_paiement", reference);
    if reference
        .as_deref()
        .is_some_and(|r| r.chars().count() > REFERENCE_MAX)
    {
        errors.add("reference_paiement", ErrorCode::ReferenceTropLongue);
    }
    Some(PaiementDomaine {
        montant: montant?,
        date_paiement: date_paiement?,
        methode: MethodePaiement::into(methode?),
        reference,
    })
}

/// A valid collection: the due it pays, the cotisation the sheet named (checked against the
/// due by the handler), the payment.
struct Encaissement {
    montant_du_id: i64,
    cotisation_id: Option<i64>,
    paiement: PaiementDomaine<daftar_domain::revenus::MethodePaiement>,
}

impl TryFrom<EncaisserRequest> for Encaissement {
    type Error = ApiError;

    fn try_from(request: EncaisserRequest) -> Result<Self, ApiError> {
        let (montant_du_id, paiement) = id_et_paiement(
            ("montant_du_id", request.montant_du_id),
            request.montant.as_ref(),
            request.date_paiement,
            request.methode_paiement,
            request.reference_paiement,
        )?;
        Ok(Encaissement {
            montant_du_id,
            cotisation_id: request.cotisation_id,
            paiement,
        })
    }
}

/// The id a payment form is about and its payment, every wrong field reported at once.
fn id_et_paiement(
    (field, id): (&str, Option<i64>),
    montant: Option<&MontantSaisi>,
    date_paiement: Option<String>,
    methode: Option<String>,
    reference: Option<String>,
) -> Result<
    (
        i64,
        PaiementDomaine<daftar_domain::revenus::MethodePaiement>,
    ),
    ApiError,
> {
    let mut errors = FieldErrors::new();
    let id = required_id(&mut errors, field, id);
    let paiement = paiement(&mut errors, montant, date_paiement, methode, reference);
    match (id, paiement) {
        (Some(id), Some(paiement)) if errors.is_empty() => Ok((id, paiement)),
        _ => Err(ApiError::validation(errors)),
    }
}

/// A valid correction of a collection.
struct CorrectionEncaissement {
    encaissement_id: i64,
    paiement: PaiementDomaine<daftar_domain::revenus::MethodePaiement>,
}

impl TryFrom<ModifierEncaissementRequest> for CorrectionEncaissement {
    type Error = ApiError;

    fn try_from(request: ModifierEncaissementRequest) -> Result<Self, ApiError> {
        let (encaissement_id, paiement) = id_et_paiement(
            ("encaissement_id", request.encaissement_id),
            request.montant.as_ref(),
            request.date_paiement,
            request.methode_paiement,
            request.reference_paiement,
        )?;
        Ok(CorrectionEncaissement {
            encaissement_id,
            paiement,
        })
    }
}

/// `POST /api/cotisations/encaisser` body. Fields are optional here only so that every missing
/// or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EncaisserRequest {
    /// The cotisation's title as the sheet shows it (informative, ignored).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub cotisation_nom: Option<Value>,
    /// Whole dinars > 0, not above the montant dû's restant dû.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub montant: Option<MontantSaisi>,
    /// When given, the cotisation of `montant_du_id`.
    #[serde(default)]
    pub cotisation_id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub montant_du_id: Option<i64>,
    /// `yyyy-MM-dd`, not after today, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodePaiement, required = true)]
    pub methode_paiement: Option<String>,
    /// Optional; kept only when the method is not `espece`.
    #[serde(default)]
    pub reference_paiement: Option<String>,
}

/// A montant dû after a payment on it.
#[derive(Debug, Serialize, ToSchema)]
pub struct MontantDuPaye {
    pub montant_du_id: i64,
    pub cotisation_id: i64,
    pub cotisation_nom: String,
    pub propriete_id: i64,
    /// What the call asked of the property.
    pub montant: Dt,
    pub restant_du: Dt,
    pub etat_paiement: EtatPaiement,
    pub date_echeance: NaiveDate,
}

/// A recorded payment and its receipt number.
#[derive(Debug, Serialize, ToSchema)]
pub struct EncaissementRecu {
    pub id: i64,
    /// The receipt number, `YYYY-NNNNNN` (sequential per residence and year of payment, never
    /// reused).
    #[schema(example = "2026-000042")]
    pub reference_recu: String,
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    pub methode_paiement: MethodePaiement,
    pub reference_paiement: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EncaissementResponse {
    pub success: bool,
    pub montant_du: MontantDuPaye,
    pub encaissement: EncaissementRecu,
}

/// The answer of a collection or a correction, as the ledger decided it.
fn answer(
    livre: &GrandLivre,
    encaissement_id: EncaissementId,
) -> Result<EncaissementResponse, ApiError> {
    let missing = |what: &str| ApiError::internal(anyhow::anyhow!("{what} not in the ledger"));
    let encaissement = livre
        .revenus
        .encaissement(encaissement_id)
        .ok_or_else(|| missing("encaissement"))?;
    let id = encaissement.montant_du_id;
    let du = livre
        .revenus
        .montant_du(id)
        .ok_or_else(|| missing("montant dû"))?;
    let cotisation = livre
        .revenus
        .cotisation(du.cotisation_id)
        .ok_or_else(|| missing("cotisation"))?;
    let restant_du = livre
        .revenus
        .restant_du(id)
        .ok_or_else(|| missing("restant dû"))?;
    let etat = livre.revenus.etat(id).ok_or_else(|| missing("état"))?;
    Ok(EncaissementResponse {
        success: true,
        montant_du: MontantDuPaye {
            montant_du_id: id,
            cotisation_id: du.cotisation_id,
            cotisation_nom: cotisation.titre.clone(),
            propriete_id: du.propriete_id,
            montant: du.montant.into(),
            restant_du: restant_du.into(),
            etat_paiement: etat.into(),
            date_echeance: du.appel.echeance,
        },
        encaissement: EncaissementRecu {
            id: encaissement_id,
            reference_recu: encaissement.numero_recu.clone(),
            montant: encaissement.montant.into(),
            date_paiement: encaissement.date_paiement,
            methode_paiement: encaissement.methode.into(),
            reference_paiement: encaissement.reference.clone(),
        },
    })
}

/// Records a payment against one montant dû of the caller's residence and gives it the next
/// receipt number of its year. Two collections of the same due are decided one after the other
/// on the residence's ledger: the second sees what the first paid.
#[utoipa::path(
    post,
    path = "/api/cotisations/encaisser",
    operation_id = "encaisser",
    tag = "cotisations",
    request_body = EncaisserRequest,
    responses(
        (status = 200, description = "The payment and the montant dû after it", body = EncaissementResponse),
        (status = 403, description = "`finance_required`, or `exercice_cloture`: the payment date lies in a closed exercice", body = ErrorBody),
        (status = 404, description = "`montant_du_inconnu` (not in the residence)", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`: the payment date's year has no exercice", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.montant`, `errors.montant_du_id`, `errors.cotisation_id`, `errors.date_paiement`, `errors.methode_paiement`, `errors.reference_paiement`), `montant_maximum_depasse` (above the restant dû) or `date_paiement_future`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn encaisser(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<EncaisserRequest>,
) -> Result<web::Json<EncaissementResponse>, ApiError> {
    let residence = current.residence_id;
    let Encaissement {
        montant_du_id,
        cotisation_id,
        paiement,
    } = body.into_inner().try_into()?;
    if let Some(cotisation_id) = cotisation_id {
        let du = revenus::montants_dus(
            &state.db,
            residence,
            MontantsDus::MontantDu(montant_du_id),
            false,
        )
        .await?;
        // An unknown due is the ledger's to refuse (`montant_du_inconnu`).
        if du
            .first()
            .is_some_and(|du| du.cotisation_id != cotisation_id)
        {
            return Err(ApiError::field("cotisation_id", ErrorCode::AutreCotisation));
        }
    }
    let command = GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
        montant_du_id,
        paiement,
        aujourd_hui: state.today(),
    });
    let residence = ResidenceId(residence);
    let committed = state
        .ledger
        .execute(residence, command, UserId(current.id), &request_id)
        .await?;
    let encaissement_id = committed
        .events
        .iter()
        .find_map(|envelope| match envelope.payload {
            GrandLivreEvent::Revenus(RevenusEvent::EncaissementEnregistre {
                encaissement_id,
                ..
            }) => Some(encaissement_id),
            _ => None,
        })
        .ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!("EncaisserMontantDu recorded no payment"))
        })?;
    let (answer, payeur_tel) = state
        .ledger
        .read_after(residence, &committed, |livre| {
            Ok((
                answer(livre, encaissement_id)?,
                tel_du_payeur(livre, montant_du_id),
            ))
        })
        .await?;
    if let Some(tel) = payeur_tel {
        notifier_recu(&state, &current, &tel, montant_du_id, &answer).await;
    }
    Ok(web::Json(answer))
}

/// The phone number of the due's payer, by which the ledger's occupant is a user.
fn tel_du_payeur(livre: &GrandLivre, montant_du_id: i64) -> Option<String> {
    let payeur = livre.revenus.montant_du(montant_du_id)?.payeur?;
    livre.occupancy.occupant(payeur)?.tel.clone()
}

/// Tells the due's payer that its receipt is there (issue 18: "a receipt available"), with a link
/// to their contributions where it downloads; not the one who recorded it (a treasurer paying
/// their own due). The payment is recorded whatever happens here: a failure is logged.
async fn notifier_recu(
    state: &AppState,
    current: &Finance,
    tel: &str,
    montant_du_id: i64,
    answer: &EncaissementResponse,
) {
    let avis = daftar_projections::notifications::Avis {
        icon: "recu",
        title_key: "recu_disponible",
        params: serde_json::json!({
            "id": montant_du_id,
            "recu": answer.encaissement.reference_recu,
        }),
    };
    let envoi = async {
        let Ok(tel) = crate::identity::Tel::parse(tel) else {
            return Ok(());
        };
        let Some(payeur) = crate::identity::find_user_by_tel(&state.db, &tel).await? else {
            return Ok(());
        };
        if payeur.id == current.id {
            return Ok(());
        }
        let mut conn = state.db.pool.acquire().await?;
        daftar_projections::notifications::notifier_utilisateur(
            &mut conn,
            current.residence_id,
            payeur.id,
            state.settings.clock.now(),
            &avis,
            "/coproprietaire/cotisations",
        )
        .await?;
        Ok::<(), anyhow::Error>(())
    };
    if let Err(error) = envoi.await {
        tracing::error!(%error, montant_du_id, "the receipt's notification was not recorded");
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[into_params(parameter_in = Query)]
pub struct HistoriquePaiementsQuery {
    /// The property's id.
    pub appartement_id: i64,
}

/// The payment state of a payment: its montant dû's (spec 1 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EtatEncaissement {
    /// Its montant dû is fully paid: the amount can no longer be edited.
    Complet,
    /// Something remains due on its montant dû.
    Partiel,
}

/// A payment of a property's history (spec 1 §3 "Encaissement").
#[derive(Debug, Serialize, ToSchema)]
pub struct EncaissementLigne {
    pub id: i64,
    pub montant_du_id: i64,
    pub cotisation_id: i64,
    /// Who owed the montant dû it pays.
    pub occupant_nom: Option<String>,
    pub cotisation_nom: String,
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    pub methode_paiement: MethodePaiement,
    pub reference_paiement: Option<String>,
    /// Its montant dû's due date.
    pub date_echeance: NaiveDate,
    pub etat_paiement: EtatEncaissement,
    /// What remains due on its montant dû.
    pub restant_du: Dt,
    pub reference_recu: String,
    /// When it was recorded or last corrected (UTC, RFC 3339).
    pub derniere_modification: String,
    /// Its payment date lies in a closed exercice: it can no longer be edited or cancelled.
    pub is_closed: bool,
}

/// An unpaid montant dû of a property (spec 1 §3 "Unpaid amount row").
#[derive(Debug, Serialize, ToSchema)]
pub struct MontantNonPaye {
    pub montant_du_id: i64,
    pub cotisation_id: i64,
    /// Who owes it.
    pub occupant_nom: Option<String>,
    pub cotisation_nom: String,
    pub restant_du: Dt,
    pub date_echeance: NaiveDate,
    /// The due date is reached.
    pub exigible: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HistoriquePaiementsResponse {
    pub success: bool,
    /// Live payments, newest first.
    pub encaissements: Vec<EncaissementLigne>,
    /// Unpaid montants dûs, oldest due date first.
    pub montants_non_payes: Vec<MontantNonPaye>,
    /// What remains due on the exigible ones (the remaining-due card).
    pub total_restants_du: Dt,
    pub propriete_nom: String,
}

fn ligne(
    row: revenus::EncaissementRow,
    du: &MontantDuDetail,
    clotures: &ExercicesClotures,
) -> EncaissementLigne {
    EncaissementLigne {
        id: row.id,
        montant_du_id: row.montant_du_id,
        cotisation_id: du.cotisation_id,
        occupant_nom: du.payeur_nom.clone(),
        cotisation_nom: du.cotisation_titre.clone(),
        montant: Dt::from(row.montant),
        date_paiement: row.date_paiement,
        methode_paiement: row.methode.into(),
        reference_paiement: row.reference,
        date_echeance: du.date_echeance,
        etat_paiement: if du.restant_du().is_positive() {
            EtatEncaissement::Partiel
        } else {
            EtatEncaissement::Complet
        },
        restant_du: Dt::from(du.restant_du()),
        reference_recu: row.numero_recu,
        derniere_modification: row.modifie_le,
        is_closed: clotures.date(row.date_paiement),
    }
}

/// The payments of one property of the caller's residence and its unpaid montants dûs.
#[utoipa::path(
    get,
    path = "/api/cotisations/historique-paiements",
    operation_id = "getHistoriquePaiements",
    tag = "cotisations",
    params(HistoriquePaiementsQuery),
    responses(
        (status = 200, description = "The property's payments and unpaid dues", body = HistoriquePaiementsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`propriete_inconnue` (not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `appartement_id` missing or not a number", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn historique_paiements(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<HistoriquePaiementsQuery>,
) -> Result<web::Json<HistoriquePaiementsResponse>, ApiError> {
    let residence = current.residence_id;
    let today = state.today();
    let propriete = proprietes::list(&state.db, residence)
        .await?
        .into_iter()
        .find(|row| row.id == query.appartement_id)
        .ok_or(ErrorCode::ProprieteInconnue)?;
    let dus = revenus::montants_dus(
        &state.db,
        residence,
        MontantsDus::Propriete(propriete.id),
        false,
    )
    .await?;
    let by_id: BTreeMap<i64, &MontantDuDetail> =
        dus.iter().map(|du| (du.montant_du_id, du)).collect();
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let encaissements = revenus::encaissements_de_propriete(&state.db, residence, propriete.id)
        .await?
        .into_iter()
        .map(|row| {
            let du = by_id.get(&row.montant_du_id).ok_or_else(|| {
                ApiError::internal(anyhow::anyhow!(
                    "encaissement {} pays montant dû {} missing from montants_dus_view",
                    row.id,
                    row.montant_du_id
                ))
            })?;
            Ok(ligne(row, du, &clotures))
        })
        .collect::<Result<_, ApiError>>()?;
    let mut total = Montant::ZERO;
    let mut montants_non_payes = Vec::new();
    for du in dus.iter().filter(|du| du.restant_du().is_positive()) {
        let exigible = exigible(du.date_echeance, today);
        if exigible {
            total = total
                .checked_add(du.restant_du())
                .map_err(ApiError::internal)?;
        }
        montants_non_payes.push(MontantNonPaye {
            montant_du_id: du.montant_du_id,
            cotisation_id: du.cotisation_id,
            occupant_nom: du.payeur_nom.clone(),
            cotisation_nom: du.cotisation_titre.clone(),
            restant_du: Dt::from(du.restant_du()),
            date_echeance: du.date_echeance,
            exigible,
        });
    }
    Ok(web::Json(HistoriquePaiementsResponse {
        success: true,
        encaissements,
        montants_non_payes,
        total_restants_du: Dt::from(total),
        propriete_nom: propriete.nom,
    }))
}

/// `POST /api/cotisations/encaissement/modifier` body. Fields are optional here only so that
/// every missing or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierEncaissementRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub encaissement_id: Option<i64>,
    /// Whole dinars > 0; can change only while its montant dû is not fully paid.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub montant: Option<MontantSaisi>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodePaiement, required = true)]
    pub methode_paiement: Option<String>,
    #[serde(default)]
    pub reference_paiement: Option<String>,
}

/// Corrects a payment (recorded as `EncaissementModifie`; it keeps its receipt number). Its
/// amount can change only while its montant dû is not fully paid, and never above what remains
/// due plus itself; the old and the new dates must lie in open exercices.
#[utoipa::path(
    post,
    path = "/api/cotisations/encaissement/modifier",
    operation_id = "modifierEncaissement",
    tag = "cotisations",
    request_body = ModifierEncaissementRequest,
    responses(
        (status = 200, description = "The corrected payment and its montant dû", body = EncaissementResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`encaissement_inconnu` (not in the residence, or cancelled)", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.encaissement_id`, `errors.montant`, `errors.date_paiement`, `errors.methode_paiement`, `errors.reference_paiement`), `montant_non_modifiable`, `montant_maximum_depasse` or `date_paiement_future`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn modifier_encaissement(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierEncaissementRequest>,
) -> Result<web::Json<EncaissementResponse>, ApiError> {
    let CorrectionEncaissement {
        encaissement_id,
        paiement,
    } = body.into_inner().try_into()?;
    let command = GrandLivreCommand::Revenus(RevenusCommand::ModifierEncaissement {
        encaissement_id,
        paiement,
        aujourd_hui: state.today(),
    });
    let residence = ResidenceId(current.residence_id);
    let committed = state
        .ledger
        .execute(residence, command, UserId(current.id), &request_id)
        .await?;
    let answer = state
        .ledger
        .read_after(residence, &committed, |livre| {
            answer(livre, encaissement_id)
        })
        .await?;
    Ok(web::Json(answer))
}

/// `POST /api/cotisations/encaissement/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerEncaissementRequest {
    pub encaissement_id: i64,
}

/// Cancels a payment (recorded as `EncaissementAnnule`): its montant dû owes the amount again;
/// its receipt number is never given to another payment.
#[utoipa::path(
    post,
    path = "/api/cotisations/encaissement/supprimer",
    operation_id = "supprimerEncaissement",
    tag = "cotisations",
    request_body = SupprimerEncaissementRequest,
    responses(
        (status = 200, description = "Cancelled", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture` (its date lies in a closed exercice)", body = ErrorBody),
        (status = 404, description = "`encaissement_inconnu` (not in the residence, or already cancelled)", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.encaissement_id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn supprimer_encaissement(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerEncaissementRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = GrandLivreCommand::Revenus(RevenusCommand::AnnulerEncaissement {
        encaissement_id: body.encaissement_id,
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

#[cfg(test)]
mod tests {
    use super::*;
    use daftar_domain::Montant;

    #[test]
    fn a_payment_needs_a_whole_amount_a_date_and_a_method() {
        let mut errors = FieldErrors::new();
        let ok = paiement(
            &mut errors,
            Some(&MontantSaisi::from_json(r#""120""#)),
            Some("2026-03-01".into()),
            Some("cheque".into()),
            Some("  CH-1 ".into()),
        )
        .unwrap();
        assert!(errors.is_empty());
        assert_eq!(
            (ok.montant, ok.reference.as_deref()),
            (Montant::dinars(120), Some("CH-1"))
        );

        let mut errors = FieldErrors::new();
        assert!(paiement(
            &mut errors,
            Some(&MontantSaisi::from_json("12.5")),
            Some("01/03/2026".into()),
            Some("carte".into()),
            Some("x".repeat(101)),
        )
        .is_none());
        let fields: Vec<_> = errors.fields().collect();
        assert_eq!(
            fields,
            [
                "date_paiement",
                "methode_paiement",
                "montant",
                "reference_paiement"
            ]
        );
        let mut errors = FieldErrors::new();
        assert!(paiement(
            &mut errors,
            Some(&MontantSaisi::from_json("0")),
            None,
            None,
            None
        )
        .is_none());
        assert_eq!(errors.codes("montant"), [ErrorCode::MontantPositif]);
        assert_eq!(errors.codes("date_paiement"), [ErrorCode::ChampObligatoire]);
    }
}
