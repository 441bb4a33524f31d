//! `/api/comptabilite/…`: the books of the caller's residence (issue 12; our addition to spec 2
//! §7, docs/api-banque.md "The books"): the journal, the general ledger and the trial balance
//! of an exercice, and the treasury at a date. Read by the council (`syndic_required` for
//! co-owners). Amounts are DT (`Dt`), exact.
//!
//! An exercice is the calendar year of the entries' dates; `exercice` defaults to the current
//! year (Tunisia). A year without entries — one the residence has no fiscal year for among
//! them — answers empty books, not an error: `exercices` lists the residence's fiscal years for
//! the selector.

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::web;
use chrono::{Datelike, NaiveDate};
use daftar_domain::comptabilite::Compte;
use daftar_domain::exercice::StatutExercice;
use daftar_domain::Montant;
use daftar_projections::comptabilite::{self, intitule};
use daftar_projections::exercices;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::SignedIn;
use crate::auth::Syndic;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiQuery;
use crate::money::Dt;
use crate::request;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;

/// The read models these routes read (see [`ReadModels`]). The bank accounts' libellés come
/// from the bank model's table when it is there (the accounts' numbers otherwise).
const READS: ReadModels = ReadModels(&[comptabilite::MODEL, exercices::MODEL]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/comptabilite/journal", Method::GET, journal),
            resource("/comptabilite/grand-livre", Method::GET, grand_livre),
            resource("/comptabilite/balance", Method::GET, balance),
            resource("/comptabilite/tresorerie", Method::GET, tresorerie),
        ],
    );
}

/// `?exercice=`: a calendar year, the current one by default.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExerciceQuery {
    /// The exercice (calendar year); the current year by default.
    #[serde(default)]
    pub exercice: Option<i32>,
}

/// `?exercice=&compte=`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GrandLivreQuery {
    /// The exercice (calendar year); the current year by default.
    #[serde(default)]
    pub exercice: Option<i32>,
    /// One account of the chart ("450", "512001"); every account by default.
    #[serde(default)]
    pub compte: Option<String>,
}

/// `?date=`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TresorerieQuery {
    /// `yyyy-MM-dd`: the balances at the end of that day; today by default.
    #[serde(default)]
    pub date: Option<String>,
}

/// A fiscal year of the residence, for the selector.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExerciceComptable {
    pub annee: i32,
    pub is_closed: bool,
}

/// The record an entry stands for.
#[derive(Debug, Serialize, ToSchema)]
pub struct SourceEcriture {
    /// `appels` (a cotisation's calls), `encaissement`, `solde_initial` (a bank account's
    /// opening balance), `operation`, `transfert` or `remise` (a cheque deposit).
    #[schema(example = "encaissement")]
    pub nature: String,
    /// The record's id within its nature.
    pub id: i64,
}

/// One line of an entry.
#[derive(Debug, Serialize, ToSchema)]
pub struct LigneEcriture {
    /// The account's number in the chart (ADR 0007): "450", "5112", "512001", "53", "701"…
    #[schema(example = "450")]
    pub compte: String,
    /// The account's title; a bank sub-account's is "Banque — <its bank account's libellé>".
    pub intitule: String,
    pub debit: Dt,
    pub credit: Dt,
}

/// An entry of the journal.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ecriture {
    /// 1, 2, 3… within the exercice, in the order the entries were posted, without gaps.
    pub numero: i64,
    pub date: NaiveDate,
    pub libelle: String,
    pub source: SourceEcriture,
    /// For a contra-entry (a correction or cancellation of its record), the number of the
    /// entry it reverses.
    pub extourne_de: Option<i64>,
    /// Σ debit = Σ credit.
    pub lignes: Vec<LigneEcriture>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TotauxJournal {
    pub debit: Dt,
    pub credit: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JournalResponse {
    pub success: bool,
    pub exercice: i32,
    /// The residence's fiscal years, newest first.
    pub exercices: Vec<ExerciceComptable>,
    /// In number order.
    pub ecritures: Vec<Ecriture>,
    pub totaux: TotauxJournal,
}

/// What one entry posts to an account.
#[derive(Debug, Serialize, ToSchema)]
pub struct MouvementGrandLivre {
    pub numero: i64,
    pub date: NaiveDate,
    pub libelle: String,
    pub debit: Dt,
    pub credit: Dt,
    /// The account's balance (debit − credit) after this movement.
    pub solde: Dt,
}

/// One account of the general ledger.
#[derive(Debug, Serialize, ToSchema)]
pub struct CompteGrandLivre {
    pub compte: String,
    pub intitule: String,
    /// The balance (debit − credit) carried in: Σ of the account's lines dated before the
    /// exercice.
    pub solde_ouverture: Dt,
    /// By date, then number.
    pub mouvements: Vec<MouvementGrandLivre>,
    pub total_debit: Dt,
    pub total_credit: Dt,
    /// The balance (debit − credit) at the end of the exercice.
    pub solde: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GrandLivreResponse {
    pub success: bool,
    pub exercice: i32,
    pub exercices: Vec<ExerciceComptable>,
    /// Every account with a balance carried in or a movement in the exercice, in the chart's
    /// order.
    pub comptes: Vec<CompteGrandLivre>,
}

/// One account of the trial balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct CompteBalance {
    pub compte: String,
    pub intitule: String,
    /// Σ debit of the exercice's lines.
    pub debit: Dt,
    /// Σ credit of the exercice's lines.
    pub credit: Dt,
    /// debit − credit when positive, else 0.
    pub solde_debiteur: Dt,
    /// credit − debit when positive, else 0.
    pub solde_crediteur: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TotauxBalance {
    pub debit: Dt,
    pub credit: Dt,
    pub solde_debiteur: Dt,
    pub solde_crediteur: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceResponse {
    pub success: bool,
    pub exercice: i32,
    pub exercices: Vec<ExerciceComptable>,
    /// Every account with a line in the exercice, in the chart's order.
    pub comptes: Vec<CompteBalance>,
    pub totaux: TotauxBalance,
    /// Σ debit = Σ credit (always, by construction: every entry balances).
    pub equilibree: bool,
}

/// A bank account's balance in the books.
#[derive(Debug, Serialize, ToSchema)]
pub struct BanqueTresorerie {
    /// The bank account's id; `null` for 512000, bank receipts recorded before any bank
    /// account existed.
    pub compte_id: Option<i64>,
    /// The bank account's libellé (its sub-account's number while the bank's records are not
    /// readable).
    pub compte_nom: String,
    pub solde: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TresorerieResponse {
    pub success: bool,
    pub date: NaiveDate,
    /// 53, the cash box.
    pub caisse: Dt,
    /// 512NNN, one per bank account, by id.
    pub banques: Vec<BanqueTresorerie>,
    /// 5112, cheques received and not yet deposited (not in `total`).
    pub cheques_a_encaisser: Dt,
    /// Cash plus banks.
    pub total: Dt,
}

fn somme(a: Montant, b: Montant) -> Result<Montant, ApiError> {
    a.checked_add(b).map_err(ApiError::internal)
}

fn difference(a: Montant, b: Montant) -> Result<Montant, ApiError> {
    a.checked_sub(b).map_err(ApiError::internal)
}

/// The residence's fiscal years, newest first.
async fn exercices_de(
    state: &AppState,
    residence_id: i64,
) -> Result<Vec<ExerciceComptable>, ApiError> {
    Ok(exercices::list(&state.db, residence_id)
        .await?
        .into_iter()
        .map(|row| ExerciceComptable {
            annee: row.annee,
            is_closed: row.statut == StatutExercice::Cloture,
        })
        .collect())
}

/// The journal of an exercice: its entries with their lines, in number order.
#[utoipa::path(
    get,
    path = "/api/comptabilite/journal",
    operation_id = "getComptabiliteJournal",
    tag = "comptabilite",
    params(ExerciceQuery),
    responses(
        (status = 200, description = "The exercice's journal (empty for a year without entries)", body = JournalResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `exercice` not a year", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn journal(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<ExerciceQuery>,
) -> Result<web::Json<JournalResponse>, ApiError> {
    let residence = current.residence_id;
    let exercice = query.exercice.unwrap_or_else(|| state.today().year());
    let libelles = comptabilite::NomsSousComptes::lire(&state.db, residence).await?;
    let rows = comptabilite::journal(&state.db, residence, exercice).await?;
    let mut totaux = TotauxJournal {
        debit: Dt::ZERO,
        credit: Dt::ZERO,
    };
    let mut ecritures = Vec::with_capacity(rows.len());
    for row in rows {
        let mut lignes = Vec::with_capacity(row.lignes.len());
        for ligne in row.lignes {
            totaux.debit = Dt(somme(totaux.debit.0, ligne.debit)?);
            totaux.credit = Dt(somme(totaux.credit.0, ligne.credit)?);
            lignes.push(LigneEcriture {
                intitule: intitule(&ligne.compte, &libelles),
                compte: ligne.compte,
                debit: Dt(ligne.debit),
                credit: Dt(ligne.credit),
            });
        }
        ecritures.push(Ecriture {
            numero: row.numero,
            date: row.date,
            libelle: row.libelle,
            source: SourceEcriture {
                nature: row.source_nature,
                id: row.source_id,
            },
            extourne_de: row.extourne_de,
            lignes,
        });
    }
    Ok(web::Json(JournalResponse {
        success: true,
        exercice,
        exercices: exercices_de(&state, residence).await?,
        ecritures,
        totaux,
    }))
}

/// The general ledger of an exercice, per account: the balance carried in, the movements with
/// the running balance, the totals.
#[utoipa::path(
    get,
    path = "/api/comptabilite/grand-livre",
    operation_id = "getComptabiliteGrandLivre",
    tag = "comptabilite",
    params(GrandLivreQuery),
    responses(
        (status = 200, description = "The exercice's general ledger (empty for a year without entries)", body = GrandLivreResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `exercice` not a year; `compte`: `valeur_invalide` (not an account of the chart)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn grand_livre(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<GrandLivreQuery>,
) -> Result<web::Json<GrandLivreResponse>, ApiError> {
    let residence = current.residence_id;
    let query = query.into_inner();
    let exercice = query.exercice.unwrap_or_else(|| state.today().year());
    let compte = request::optional_text(query.compte);
    if let Some(numero) = &compte {
        if Compte::from_numero(numero).is_none() {
            let mut errors = FieldErrors::new();
            errors.add("compte", ErrorCode::ValeurInvalide);
            return Err(ApiError::validation(errors));
        }
    }
    let libelles = comptabilite::NomsSousComptes::lire(&state.db, residence).await?;
    let comptes = comptabilite::grand_livre(&state.db, residence, exercice, compte.as_deref())
        .await?
        .into_iter()
        .map(|compte| CompteGrandLivre {
            intitule: intitule(&compte.compte, &libelles),
            compte: compte.compte,
            solde_ouverture: Dt(compte.solde_ouverture),
            mouvements: compte
                .mouvements
                .into_iter()
                .map(|m| MouvementGrandLivre {
                    numero: m.numero,
                    date: m.date,
                    libelle: m.libelle,
                    debit: Dt(m.debit),
                    credit: Dt(m.credit),
                    solde: Dt(m.solde),
                })
                .collect(),
            total_debit: Dt(compte.total_debit),
            total_credit: Dt(compte.total_credit),
            solde: Dt(compte.solde),
        })
        .collect();
    Ok(web::Json(GrandLivreResponse {
        success: true,
        exercice,
        exercices: exercices_de(&state, residence).await?,
        comptes,
    }))
}

/// The trial balance of an exercice: Σ debit and Σ credit of the exercice's lines per
/// account, with the debit or credit balance, and the totals.
#[utoipa::path(
    get,
    path = "/api/comptabilite/balance",
    operation_id = "getComptabiliteBalance",
    tag = "comptabilite",
    params(ExerciceQuery),
    responses(
        (status = 200, description = "The exercice's trial balance (empty for a year without entries)", body = BalanceResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `exercice` not a year", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn balance(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<ExerciceQuery>,
) -> Result<web::Json<BalanceResponse>, ApiError> {
    let residence = current.residence_id;
    let exercice = query.exercice.unwrap_or_else(|| state.today().year());
    let libelles = comptabilite::NomsSousComptes::lire(&state.db, residence).await?;
    let rows = comptabilite::balance(&state.db, residence, exercice).await?;
    let mut totaux = TotauxBalance {
        debit: Dt::ZERO,
        credit: Dt::ZERO,
        solde_debiteur: Dt::ZERO,
        solde_crediteur: Dt::ZERO,
    };
    let mut comptes = Vec::with_capacity(rows.len());
    for (compte, t) in rows {
        let (solde_debiteur, solde_crediteur) = if t.debit >= t.credit {
            (difference(t.debit, t.credit)?, Montant::ZERO)
        } else {
            (Montant::ZERO, difference(t.credit, t.debit)?)
        };
        totaux.debit = Dt(somme(totaux.debit.0, t.debit)?);
        totaux.credit = Dt(somme(totaux.credit.0, t.credit)?);
        totaux.solde_debiteur = Dt(somme(totaux.solde_debiteur.0, solde_debiteur)?);
        totaux.solde_crediteur = Dt(somme(totaux.solde_crediteur.0, solde_crediteur)?);
        comptes.push(CompteBalance {
            intitule: intitule(&compte, &libelles),
            compte,
            debit: Dt(t.debit),
            credit: Dt(t.credit),
            solde_debiteur: Dt(solde_debiteur),
            solde_crediteur: Dt(solde_crediteur),
        });
    }
    Ok(web::Json(BalanceResponse {
        success: true,
        exercice,
        exercices: exercices_de(&state, residence).await?,
        equilibree: totaux.debit == totaux.credit,
        comptes,
        totaux,
    }))
}

/// The treasury at the end of a day: the cash box, each bank account, the cheques to deposit.
#[utoipa::path(
    get,
    path = "/api/comptabilite/tresorerie",
    operation_id = "getComptabiliteTresorerie",
    tag = "comptabilite",
    params(TresorerieQuery),
    responses(
        (status = 200, description = "The balances of the money accounts at the end of the day", body = TresorerieResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `date`: `date_invalide`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn tresorerie(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<TresorerieQuery>,
) -> Result<web::Json<TresorerieResponse>, ApiError> {
    let residence = current.residence_id;
    let mut errors = FieldErrors::new();
    let date = request::date(&mut errors, "date", query.into_inner().date);
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let date = date.unwrap_or_else(|| state.today());
    let libelles = comptabilite::libelles_bancaires(&state.db, residence).await?;
    let soldes = comptabilite::tresorerie(&state.db, residence, date).await?;
    // Every bank account, with or without movements, and every sub-account with a balance.
    let mut banques: BTreeMap<Option<i64>, Montant> = libelles
        .keys()
        .map(|id| (Some(*id), Montant::ZERO))
        .collect();
    banques.extend(soldes.banques);
    let mut total = soldes.caisse;
    let mut lignes = Vec::with_capacity(banques.len());
    for (compte_id, solde) in banques {
        total = somme(total, solde)?;
        let compte = Compte::Banque(compte_id);
        let compte_nom = match compte_id.and_then(|id| libelles.get(&id)) {
            Some(libelle) => libelle.clone(),
            None if compte_id.is_none() => compte.intitule().to_owned(),
            None => compte.numero(),
        };
        lignes.push(BanqueTresorerie {
            compte_id,
            compte_nom,
            solde: Dt(solde),
        });
    }
    Ok(web::Json(TresorerieResponse {
        success: true,
        date,
        caisse: Dt(soldes.caisse),
        banques: lignes,
        cheques_a_encaisser: Dt(soldes.cheques_a_encaisser),
        total: Dt(total),
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(journal, grand_livre, balance, tresorerie),
    components(schemas(
        ExerciceComptable,
        SourceEcriture,
        LigneEcriture,
        Ecriture,
        TotauxJournal,
        JournalResponse,
        MouvementGrandLivre,
        CompteGrandLivre,
        GrandLivreResponse,
        CompteBalance,
        TotauxBalance,
        BalanceResponse,
        BanqueTresorerie,
        TresorerieResponse
    )),
    tags((name = "comptabilite", description = "The books (our addition to spec 2 §7, issue 12): the journal, general ledger and trial balance of an exercice (a calendar year; the current one by default; a year without entries answers empty books, not an error), and the treasury at a date. Accounts are the French co-ownership chart's (ADR 0007). Council members read them (`syndic_required` for co-owners).")),
)]
pub struct Api;
