//! The reconciliation of an account for a fiscal year, and the pointing of its movements (spec 2
//! §2 `/syndic/banque/rapprochement`, §3 "Reconciliation", §4 "Reconciliation", §5
//! "Reconciliation pointing"; the answer's shape is docs/api-banque.md's).
//!
//! Every movement of the account dated in the year is a row with its signed amount (money in
//! positive, money out negative); grey `solde` rows carry the balance into the year and show an
//! opening balance dated within it. The totals reconcile the books with the bank: `solde_banque`
//! (the balance rows plus the pointed movements) and `non_pointe` add up to `solde_livres`.

use actix_web::http::header::ContentType;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use chrono::{Datelike, NaiveDate};
use daftar_domain::banque::{BanqueCommand, Mouvement, TableMouvement};
use daftar_domain::exercice::StatutExercice;
use daftar_domain::Montant;
use daftar_projections::banque::{self, MouvementRow};
use daftar_projections::{exercices, position_projetee};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{comptes_du_jour, dt, executer, lu, CompteChoix, READS};
use crate::answer_cache::Version;
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::request::{date, enumeration, required_id};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The kind of a reconciliation row: a movement (the `table` the pointing names) or a grey
/// balance row (`solde`, not pointable).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableLigne {
    /// A collection received by transfer or bank deposit (virement, versement).
    Encaissement,
    /// A withdrawal, deposit, fee or interest.
    Operation,
    /// A transfer, on its source account.
    TransfertSortie,
    /// A transfer, on its destination account.
    TransfertEntree,
    /// A cheque deposit, for its total.
    Remise,
    /// A payment of a charge or works item that left the account.
    PaiementDepense,
    /// A salary paid by cheque or transfer.
    PaiementSalaire,
    /// An employer-charge payment that left the account.
    ChargePatronale,
    /// A contract payment: received by transfer (revenue side) or paid (expense side).
    PaiementContrat,
    /// An exceptional revenue received by transfer.
    RevenuExceptionnel,
    /// The online payment gateway's settlement, for its net (issue 21).
    ReglementPasserelle,
    /// The balance carried into the year, or an opening balance dated within it.
    Solde,
}

/// The movement a pointing names (`table` of `POST /api/banque/pointer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TablePointage {
    Encaissement,
    Operation,
    TransfertSortie,
    TransfertEntree,
    Remise,
    PaiementDepense,
    PaiementSalaire,
    ChargePatronale,
    PaiementContrat,
    RevenuExceptionnel,
    ReglementPasserelle,
}

impl From<TablePointage> for TableMouvement {
    fn from(value: TablePointage) -> Self {
        match value {
            TablePointage::Encaissement => Self::Encaissement,
            TablePointage::Operation => Self::Operation,
            TablePointage::TransfertSortie => Self::TransfertSortie,
            TablePointage::TransfertEntree => Self::TransfertEntree,
            TablePointage::Remise => Self::Remise,
            TablePointage::PaiementDepense => Self::PaiementDepense,
            TablePointage::PaiementSalaire => Self::PaiementSalaire,
            TablePointage::ChargePatronale => Self::ChargePatronale,
            TablePointage::PaiementContrat => Self::PaiementContrat,
            TablePointage::RevenuExceptionnel => Self::RevenuExceptionnel,
            TablePointage::ReglementPasserelle => Self::ReglementPasserelle,
        }
    }
}

impl From<TableMouvement> for TableLigne {
    fn from(value: TableMouvement) -> Self {
        match value {
            TableMouvement::Encaissement => Self::Encaissement,
            TableMouvement::Operation => Self::Operation,
            TableMouvement::TransfertSortie => Self::TransfertSortie,
            TableMouvement::TransfertEntree => Self::TransfertEntree,
            TableMouvement::Remise => Self::Remise,
            TableMouvement::PaiementDepense => Self::PaiementDepense,
            TableMouvement::PaiementSalaire => Self::PaiementSalaire,
            TableMouvement::ChargePatronale => Self::ChargePatronale,
            TableMouvement::PaiementContrat => Self::PaiementContrat,
            TableMouvement::RevenuExceptionnel => Self::RevenuExceptionnel,
            TableMouvement::ReglementPasserelle => Self::ReglementPasserelle,
        }
    }
}

/// What a reconciliation row is, in parts: a client words the row from them in its own language
/// (`libelle` says the same in French). Names are as the users typed them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "nature", rename_all = "snake_case")]
pub enum DescriptionLigne {
    /// The balance carried into the year ("Solde reporté au 01/01/2026"), as of `date`, the
    /// year's first day.
    SoldeReporte { date: NaiveDate },
    /// The account's opening balance, dated within the year ("Solde initial au 15/03/2026").
    SoldeInitial { date: NaiveDate },
    /// A cheque deposit ("Remise de 2 chèques").
    Remise { nombre_cheques: i64 },
    /// A transfer to the account named `compte_libelle` ("Transfert vers Épargne").
    TransfertVers { compte_libelle: String },
    /// A transfer from the account named `compte_libelle` ("Transfert depuis Courant").
    TransfertDepuis { compte_libelle: String },
    /// A collection by transfer or bank deposit: the cotisation's title and the property's name
    /// ("Encaissement Charges 2026 — A5").
    Encaissement {
        cotisation: String,
        propriete: String,
    },
    /// A withdrawal, deposit, fee or interest: the libellé the treasurer typed, to show as is.
    Operation { libelle: String },
    /// A payment of a charge or works item: the expense's title and its supplier's name
    /// ("Paiement Électricité — STEG").
    PaiementDepense {
        depense: String,
        fournisseur: String,
    },
    /// A salary paid by cheque or transfer: the employee's name and the month paid, `YYYY-MM`
    /// ("Salaire Ali Ben Salah — 2026-03").
    PaiementSalaire { salarie: String, mois: String },
    /// An employer-charge payment: its title ("Charges patronales : CNSS T1 2026").
    ChargePatronale { titre: String },
    /// A contract payment: the contract's title and its client's or supplier's name
    /// ("Contrat Antenne relais — Ooredoo").
    PaiementContrat { contrat: String, partie: String },
    /// An exceptional revenue: its title ("Revenu exceptionnel Remboursement de l'assurance").
    RevenuExceptionnel { revenu: String },
    /// The online payment gateway's settlement, with the reference the treasurer typed
    /// ("Règlement de la passerelle de paiement en ligne (VIR KONNECT)").
    ReglementPasserelle { reference: Option<String> },
}

impl DescriptionLigne {
    /// The row's French libellé (`libelle`).
    pub(crate) fn en_francais(&self) -> String {
        match self {
            Self::SoldeReporte { date } => format!("Solde reporté au {}", jour(*date)),
            Self::SoldeInitial { date } => format!("Solde initial au {}", jour(*date)),
            Self::Remise { nombre_cheques: 1 } => "Remise de 1 chèque".to_owned(),
            Self::Remise { nombre_cheques } => format!("Remise de {nombre_cheques} chèques"),
            Self::TransfertVers { compte_libelle } => format!("Transfert vers {compte_libelle}"),
            Self::TransfertDepuis { compte_libelle } => {
                format!("Transfert depuis {compte_libelle}")
            }
            Self::Encaissement {
                cotisation,
                propriete,
            } => format!("Encaissement {cotisation} — {propriete}"),
            Self::Operation { libelle } => libelle.clone(),
            Self::PaiementDepense {
                depense,
                fournisseur,
            } => format!("Paiement {depense} — {fournisseur}"),
            Self::PaiementSalaire { salarie, mois } => format!("Salaire {salarie} — {mois}"),
            Self::ChargePatronale { titre } => format!("Charges patronales : {titre}"),
            Self::PaiementContrat { contrat, partie } => format!("Contrat {contrat} — {partie}"),
            Self::RevenuExceptionnel { revenu } => format!("Revenu exceptionnel {revenu}"),
            Self::ReglementPasserelle { reference: None } => {
                "Règlement de la passerelle de paiement en ligne".to_owned()
            }
            Self::ReglementPasserelle {
                reference: Some(reference),
            } => format!("Règlement de la passerelle de paiement en ligne ({reference})"),
        }
    }

    /// What a movement is, from its row in the read model. A name the read model lacks (never,
    /// as the ledger keeps an account, a cotisation or a property that has movements) is "?".
    pub(crate) fn of(row: &MouvementRow) -> Self {
        let nom = |nom: &Option<String>| nom.clone().unwrap_or_else(|| "?".to_owned());
        match row.table {
            TableMouvement::Encaissement => Self::Encaissement {
                cotisation: nom(&row.libelle),
                propriete: nom(&row.contrepartie),
            },
            TableMouvement::Operation => Self::Operation {
                libelle: row.libelle.clone().unwrap_or_default(),
            },
            TableMouvement::TransfertSortie => Self::TransfertVers {
                compte_libelle: nom(&row.contrepartie),
            },
            TableMouvement::TransfertEntree => Self::TransfertDepuis {
                compte_libelle: nom(&row.contrepartie),
            },
            TableMouvement::Remise => Self::Remise {
                nombre_cheques: row.nombre_cheques.unwrap_or(0),
            },
            TableMouvement::PaiementDepense => Self::PaiementDepense {
                depense: nom(&row.libelle),
                fournisseur: nom(&row.contrepartie),
            },
            TableMouvement::PaiementSalaire => Self::PaiementSalaire {
                salarie: nom(&row.libelle),
                // The read model keeps the month's first day; the screens write `YYYY-MM`.
                mois: row
                    .contrepartie
                    .as_deref()
                    .and_then(|jour| jour.get(..7))
                    .unwrap_or("?")
                    .to_owned(),
            },
            TableMouvement::ChargePatronale => Self::ChargePatronale {
                titre: nom(&row.libelle),
            },
            TableMouvement::PaiementContrat => Self::PaiementContrat {
                contrat: nom(&row.libelle),
                partie: nom(&row.contrepartie),
            },
            TableMouvement::RevenuExceptionnel => Self::RevenuExceptionnel {
                revenu: nom(&row.libelle),
            },
            TableMouvement::ReglementPasserelle => Self::ReglementPasserelle {
                reference: row.reference.clone(),
            },
        }
    }
}

/// A row of the reconciliation.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LigneRapprochement {
    /// The record's id within its `table` (for `solde` rows, the account's id).
    pub id: i64,
    pub table: TableLigne,
    /// What names the row, in French (`description` holds its parts, for other languages).
    pub libelle: String,
    /// What the row is, in parts a client words itself (the French is `libelle`).
    pub description: DescriptionLigne,
    /// Signed: money in positive, money out negative.
    pub montant: Dt,
    pub date: NaiveDate,
    /// When the bank booked it: pointed rows have one (green), the others not (pink).
    pub date_banque: Option<NaiveDate>,
    pub reference: Option<String>,
    /// Its date lies in a closed exercice: its pointing can no longer change.
    pub is_closed: bool,
    /// A movement (false for the grey `solde` rows).
    pub pointable: bool,
}

/// `dd/mm/yyyy`, as the screens write dates in a text.
fn jour(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

fn ligne(row: &MouvementRow, clotures: &ExercicesClotures) -> LigneRapprochement {
    let description = DescriptionLigne::of(row);
    LigneRapprochement {
        id: row.id,
        table: row.table.into(),
        libelle: description.en_francais(),
        description,
        montant: dt(row.montant),
        date: row.date,
        date_banque: row.date_banque,
        reference: row.reference.clone(),
        is_closed: clotures.date(row.date),
        pointable: true,
    }
}

/// A grey balance row of account `compte_id` on `date`: the opening balance (`initial`) or the
/// balance carried into the year.
fn ligne_de_solde(
    compte_id: i64,
    date: NaiveDate,
    initial: bool,
    montant: Montant,
    is_closed: bool,
) -> LigneRapprochement {
    let description = if initial {
        DescriptionLigne::SoldeInitial { date }
    } else {
        DescriptionLigne::SoldeReporte { date }
    };
    LigneRapprochement {
        id: compte_id,
        table: TableLigne::Solde,
        libelle: description.en_francais(),
        description,
        montant: dt(montant),
        date,
        date_banque: None,
        reference: None,
        is_closed,
        pointable: false,
    }
}

/// A fiscal year as the year selector lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExerciceChoix {
    pub annee: i32,
    pub is_closed: bool,
}

/// What reconciles the books with the bank.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct TotauxRapprochement {
    /// The pointed movements of the year.
    pub pointe: Dt,
    /// The movements of the year not pointed yet.
    pub non_pointe: Dt,
    /// The account's balance in the books after every movement of the year: the balance rows,
    /// `pointe` and `non_pointe`.
    pub solde_livres: Dt,
    /// The balance the bank should show as of `date_dernier_pointage`: the balance rows and
    /// `pointe`.
    pub solde_banque: Dt,
    /// The latest bank date of the pointed movements; `null` when none is pointed.
    pub date_dernier_pointage: Option<NaiveDate>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RapprochementResponse {
    pub success: bool,
    pub has_bank: bool,
    /// The accounts for the selector (the main account first).
    pub comptes: Vec<CompteChoix>,
    /// The account reconciled; `null` when the residence has no account.
    pub compte_id: Option<i64>,
    /// The fiscal year reconciled (a calendar year).
    pub exercice: i32,
    /// The residence's fiscal years for the selector, newest first.
    pub exercices: Vec<ExerciceChoix>,
    /// The year is closed: nothing can be pointed in it.
    pub is_closed: bool,
    /// The balance rows and the year's movements, by date.
    pub rapprochements: Vec<LigneRapprochement>,
    pub totaux: TotauxRapprochement,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RapprochementQuery {
    /// The account's id; the main account when absent.
    pub id: Option<i64>,
    /// The fiscal year; the current year when absent.
    pub exercice: Option<i32>,
}

/// Adds amounts (a residence's balances are far below an overflow; one would be a 500).
fn somme(mut montants: impl Iterator<Item = Montant>) -> Result<Montant, ApiError> {
    montants.try_fold(Montant::ZERO, |total, montant| {
        total.checked_add(montant).map_err(ApiError::internal)
    })
}

/// The reconciliation of an account for a fiscal year: its balance rows and movements with their
/// pointing, and the totals.
#[utoipa::path(
    get,
    path = "/api/banque/rapprochement",
    operation_id = "getRapprochement",
    tag = "banque",
    params(RapprochementQuery),
    responses(
        (status = 200, description = "The account's reconciliation for the year", body = RapprochementResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`, `errors.exercice`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn rapprochement(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<RapprochementQuery>,
) -> Result<HttpResponse, ApiError> {
    let residence = current.residence_id;
    let today = state.today();
    let annee = query.exercice.unwrap_or_else(|| today.year());
    // A year of four digits: its dates are written yyyy-MM-dd (a year 18443 is no exercice).
    if !(1000..=9999).contains(&annee) {
        return Err(ApiError::field("exercice", ErrorCode::ValeurInvalide));
    }
    // The answer is a function of the read models' tables and the day: kept until a batch
    // moves them (any residence's: the position is the journal's) or the day turns. ~670 rows
    // a year cost 5–7 ms to read and write out (docs/performance.md "Books (issue 12)").
    let cle = (residence, query.id, annee);
    let position = position_projetee(&state.db, READS.0)
        .await
        .map_err(ApiError::internal)?;
    let version = position.map(|sequence| Version { sequence, today });
    let cached = || version.and_then(|version| state.rapprochements.get(cle, version));
    if let Some(body) = cached() {
        return Ok(json_body(body));
    }
    // After a change, one request computes the new answer while the others wait for it.
    let _turn = state.rapprochements.turn(cle).await;
    if let Some(body) = cached() {
        return Ok(json_body(body));
    }
    let answer = calculer(&state, residence, annee, query.id).await?;
    let body = Bytes::from(serde_json::to_vec(&answer).map_err(ApiError::internal)?);
    if let Some(version) = version {
        state.rapprochements.put(cle, version, body.clone());
    }
    Ok(json_body(body))
}

fn json_body(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(body)
}

/// The reconciliation as read from the tables now.
async fn calculer(
    state: &AppState,
    residence: i64,
    annee: i32,
    compte_demande: Option<i64>,
) -> Result<RapprochementResponse, ApiError> {
    let (Some(debut), Some(fin)) = (
        NaiveDate::from_ymd_opt(annee, 1, 1),
        NaiveDate::from_ymd_opt(annee, 12, 31),
    ) else {
        return Err(ApiError::field("exercice", ErrorCode::ValeurInvalide));
    };
    let comptes = comptes_du_jour(state, residence).await?;
    let exercices: Vec<ExerciceChoix> = exercices::list(&state.db, residence)
        .await?
        .into_iter()
        .map(|row| ExerciceChoix {
            annee: row.annee,
            is_closed: row.statut == StatutExercice::Cloture,
        })
        .collect();
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let compte = match compte_demande {
        Some(id) => Some(
            comptes
                .iter()
                .find(|compte| compte.id == id)
                .ok_or(ErrorCode::CompteInconnu)?,
        ),
        None => comptes.iter().find(|compte| compte.is_main),
    };
    let mut rapprochements = Vec::new();
    let mut totaux = TotauxRapprochement::default();
    if let Some(compte) = compte {
        // The grey rows: the balance carried into the year, then an opening balance dated in it.
        let veille = debut.pred_opt().unwrap_or(debut);
        let report = banque::soldes_au(&state.db, residence, veille)
            .await?
            .get(&compte.id)
            .copied()
            .unwrap_or(Montant::ZERO);
        let mut soldes = Vec::new();
        if compte.date_solde_initial < debut || !report.is_zero() {
            soldes.push(ligne_de_solde(
                compte.id,
                debut,
                false,
                report,
                clotures.annee(annee),
            ));
        }
        if (debut..=fin).contains(&compte.date_solde_initial) {
            soldes.push(ligne_de_solde(
                compte.id,
                compte.date_solde_initial,
                true,
                compte.solde_initial,
                clotures.annee(annee),
            ));
        }
        let mouvements =
            banque::mouvements_du_compte(&state.db, residence, compte.id, (debut, fin)).await?;
        let pointes = mouvements.iter().filter(|m| m.date_banque.is_some());
        let pointe = somme(pointes.clone().map(|m| m.montant))?;
        let non_pointe = somme(
            mouvements
                .iter()
                .filter(|m| m.date_banque.is_none())
                .map(|m| m.montant),
        )?;
        let des_soldes = somme(soldes.iter().map(|ligne| ligne.montant.0))?;
        let solde_banque = des_soldes.checked_add(pointe).map_err(ApiError::internal)?;
        totaux = TotauxRapprochement {
            pointe: dt(pointe),
            non_pointe: dt(non_pointe),
            solde_livres: dt(solde_banque
                .checked_add(non_pointe)
                .map_err(ApiError::internal)?),
            solde_banque: dt(solde_banque),
            date_dernier_pointage: pointes.filter_map(|m| m.date_banque).max(),
        };
        // By date, a balance row before the movements of its day.
        let mut lignes: Vec<(NaiveDate, u8, LigneRapprochement)> = soldes
            .into_iter()
            .map(|ligne| (ligne.date, 0, ligne))
            .collect();
        lignes.extend(
            mouvements
                .iter()
                .map(|row| (row.date, 1, ligne(row, &clotures))),
        );
        lignes.sort_by_key(|(date, rang, _)| (*date, *rang));
        rapprochements = lignes.into_iter().map(|(_, _, ligne)| ligne).collect();
    }
    Ok(RapprochementResponse {
        success: true,
        has_bank: !comptes.is_empty(),
        compte_id: compte.map(|compte| compte.id),
        comptes: comptes.iter().map(CompteChoix::from).collect(),
        exercice: annee,
        exercices,
        is_closed: clotures.annee(annee),
        rapprochements,
        totaux,
    })
}

/// `POST /api/banque/pointer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PointerRequest {
    /// The movement's id within its `table` (a reconciliation row's `id`).
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = TablePointage, required = true)]
    pub table: Option<String>,
    /// `yyyy-MM-dd`: when the bank booked it; `null` unpoints it. Required (absent is
    /// `champ_obligatoire`).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = Date, required = true)]
    pub date_banque: Option<Option<String>>,
}

/// A field that may be `null` and must be present: `Some(None)` for `null`, `None` when absent.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(deserializer).map(Some)
}

/// A valid pointing: the movement and its bank date (`None` unpoints it).
struct Pointage {
    mouvement: Mouvement,
    date_banque: Option<NaiveDate>,
}

impl TryFrom<PointerRequest> for Pointage {
    type Error = ApiError;

    fn try_from(request: PointerRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let id = required_id(&mut errors, "id", request.id);
        let table: Option<TablePointage> = enumeration(
            &mut errors,
            "table",
            request.table,
            ErrorCode::TableInvalide,
        );
        let date_banque = match request.date_banque {
            None => {
                errors.add("date_banque", ErrorCode::ChampObligatoire);
                None
            }
            // An empty text unpoints, as `null` does.
            Some(texte) => Some(date(&mut errors, "date_banque", texte)),
        };
        match (id, table, date_banque) {
            (Some(id), Some(table), Some(date_banque)) if errors.is_empty() => Ok(Pointage {
                mouvement: Mouvement {
                    table: table.into(),
                    id,
                },
                date_banque,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointageResponse {
    pub success: bool,
    /// The movement's row as it now is.
    pub operation: LigneRapprochement,
    pub table: TableLigne,
}

/// Points a movement (sets the date the bank booked it) or, with `date_banque: null`, unpoints
/// it. Its date must lie in an open exercice.
#[utoipa::path(
    post,
    path = "/api/banque/pointer",
    operation_id = "pointerMouvement",
    tag = "banque",
    request_body = PointerRequest,
    responses(
        (status = 200, description = "The movement's row as it now is", body = PointageResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`mouvement_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`, `errors.table`: `table_invalide`, `errors.date_banque`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn pointer(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<PointerRequest>,
) -> Result<web::Json<PointageResponse>, ApiError> {
    let Pointage {
        mouvement,
        date_banque,
    } = body.into_inner().try_into()?;
    let command = BanqueCommand::Pointer {
        mouvement,
        date_banque,
    };
    executer(&state, &current, &request_id, command).await?;
    let residence = current.residence_id;
    let row = banque::mouvement(&state.db, residence, mouvement).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let operation = ligne(&lu(row, "the movement")?, &clotures);
    Ok(web::Json(PointageResponse {
        success: true,
        table: operation.table,
        operation,
    }))
}
