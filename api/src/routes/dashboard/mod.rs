//! `/api/dashboard` and `/api/coproprietaire/dashboard`: the two dashboards (issue 19; spec 3
//! §2.10, §3 "Dashboard (syndic)", "Dashboard (co-owner)", §6 "Co-owner dashboard by flags",
//! §7 "Dashboards", §9 chart periods).
//!
//! One request each, answered from what already computes each figure, never recomputed per
//! card:
//! - the treasury (cash, banks, their total) is the books' treasury today
//!   ([`comptabilite::tresorerie`], as `GET /api/comptabilite/tresorerie`);
//! - what the co-owners owe, and how many owe, is the debtors walk of the ledger
//!   ([`crate::soldes::debiteurs`], as the debt recovery's list and the balance list);
//! - what remains to pay the suppliers is the expenses model's unpaid charges and works
//!   ([`depenses::impayees`], the same rows as their lists);
//! - the expenses by category are the class-6 accounts of the current exercice's trial balance
//!   ([`tableau::charges_par_compte`]), and the chart's months the class-6 and class-7 lines of
//!   the books in the period ([`tableau::resultat_par_mois`]).
//!
//! The community's lists are read on every request (their tables are not in the journal, so
//! the kept figures' version does not follow them): the active announcements, the breakdowns
//! still in progress (a co-owner's own), the next assembly (a co-owner's once convoked) from the
//! assemblies' warm aggregate, the running votes from the votes' warm aggregate.
//!
//! What is the residence's is computed once per residence and period and kept at the read
//! models' projected position and the day ([`PartsResidence`], in
//! [`AppState::tableaux_de_bord`]): any command moves that position, so no figure outlives a
//! change. Every money figure of one answer is of one position of the residence's stream: the
//! debtors (the ledger's decision state) and the books' and expenses' figures (the read models)
//! are computed together when the read models have projected the stream's head and no command
//! of the residence came in meanwhile, else again ([`calculer_parts`]); a co-owner's own
//! balance and properties are their part of the same computation (the residence's co-owners by
//! phone number). What is the caller's alone is read on every call: a co-owner's visibility
//! flags from the session's user, so a change of rights shows at the next request (spec 3 §6).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::Method;
use actix_web::web;
use chrono::{Datelike, Months, NaiveDate};
use cqrs_es::Aggregate;
use daftar_domain::comptabilite::Compte;
use daftar_domain::depenses::NatureDepense;
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::ids::ResidenceId;
use daftar_domain::Montant;
use daftar_projections::comptabilite::{self, tableau};
use daftar_projections::{annonces, depenses, fournisseurs, pannes, position_projetee};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answer_cache::Version;
use crate::answers::SignedIn;
use crate::auth::{Coproprietaire, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiQuery;
use crate::identity::UserRecord;
use crate::money::Dt;
use crate::request;
use crate::routes::occupants::TypeOccupation;
use crate::routes::proprietes::TypePropriete;
use crate::routes::{register, resource, ReadModels};
use crate::soldes;
use crate::startup::AppState;
use crate::visibilite::{peut_voir, Visibilite};

#[cfg(test)]
mod tests;

/// The read models these routes read (see [`ReadModels`]): the books, the charges and works,
/// and the categories' titles (the suppliers' model).
const READS: ReadModels = ReadModels(&[comptabilite::MODEL, depenses::MODEL, fournisseurs::MODEL]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/dashboard", Method::GET, syndic),
            resource("/coproprietaire/dashboard", Method::GET, coproprietaire),
        ],
    );
}

/// The chart's period (spec 3 §9): the last three months (the default), the last six, or the
/// year to date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, ToSchema)]
pub enum PeriodeDashboard {
    #[default]
    #[serde(rename = "3m")]
    TroisMois,
    #[serde(rename = "6m")]
    SixMois,
    #[serde(rename = "ytd")]
    Ytd,
}

impl PeriodeDashboard {
    fn lire(texte: Option<String>) -> Result<PeriodeDashboard, ApiError> {
        let Some(texte) = request::optional_text(texte) else {
            return Ok(PeriodeDashboard::default());
        };
        match texte.as_str() {
            "3m" => Ok(PeriodeDashboard::TroisMois),
            "6m" => Ok(PeriodeDashboard::SixMois),
            "ytd" => Ok(PeriodeDashboard::Ytd),
            _ => {
                let mut errors = FieldErrors::new();
                errors.add("periode", ErrorCode::PeriodeTableauDeBordInvalide);
                Err(ApiError::validation_with_code(
                    ErrorCode::PeriodeTableauDeBordInvalide,
                    errors,
                ))
            }
        }
    }

    /// The first day the chart covers on `today`: the first of the month two (five) months
    /// before the current one, or 1 January of the current year (never before it for "ytd").
    pub fn debut(self, today: NaiveDate) -> NaiveDate {
        let premier_du_mois = today.with_day(1).unwrap_or(today);
        match self {
            PeriodeDashboard::TroisMois => premier_du_mois
                .checked_sub_months(Months::new(2))
                .unwrap_or(premier_du_mois),
            PeriodeDashboard::SixMois => premier_du_mois
                .checked_sub_months(Months::new(5))
                .unwrap_or(premier_du_mois),
            PeriodeDashboard::Ytd => {
                NaiveDate::from_ymd_opt(today.year(), 1, 1).unwrap_or(premier_du_mois)
            }
        }
    }

    /// Every month of the period on `today`, oldest first (the current one last).
    pub fn mois(self, today: NaiveDate) -> Vec<NaiveDate> {
        let mut mois = Vec::new();
        let mut premier = self.debut(today);
        while premier <= today {
            mois.push(premier);
            match premier.checked_add_months(Months::new(1)) {
                Some(suivant) => premier = suivant,
                None => break,
            }
        }
        mois
    }
}

/// `?periode=`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DashboardQuery {
    /// The chart's period: `3m` (default), `6m` or `ytd`.
    #[serde(default)]
    pub periode: Option<String>,
}

/// One month of the income and expense chart.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MoisMontant {
    /// `yyyy-MM`.
    #[schema(example = "2026-03")]
    pub mois: String,
    pub montant: Dt,
}

/// The expenses by category: the category's title (or the account's title) → amount.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(transparent)]
pub struct DepensesParCategorie(pub BTreeMap<String, Dt>);

/// One slice of the expense donut: an account of charges of the current exercice.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CategorieDepense {
    /// The account's number (600NNN a category, 600000 without a category, 627 bank fees, 641
    /// salaries, 645 social charges, 672 works).
    #[schema(example = "600003")]
    pub compte: String,
    /// The expense category's id, for a category's account.
    pub categorie_id: Option<i64>,
    /// The category's title, or the account's title in the chart.
    pub libelle: String,
    pub montant: Dt,
}

/// A debtor of the syndic dashboard's balance list.
#[derive(Debug, Serialize, ToSchema)]
pub struct CoproSolde {
    pub occupant_id: i64,
    pub occupant_nom: String,
    /// What he owes today (> 0).
    pub restant_du: Dt,
    /// The same, as the product writes it in French ("1 234,500 DT").
    pub restant_du_fmt: String,
}

/// `charge` (a current charge) or `travaux`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeFacture {
    Charge,
    Travaux,
}

/// An invoice not fully paid.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FactureDashboard {
    pub id: i64,
    pub titre: String,
    #[serde(rename = "type")]
    pub type_facture: TypeFacture,
    pub fournisseur_nom: String,
    pub date_facture: NaiveDate,
    pub restant_du: Dt,
    /// The same, as the product writes it in French.
    pub restant_du_fmt: String,
}

/// An announcement or a vote (spec 3 §3: `annonce` or `vote`): the running votes (ending first
/// first), then the active announcements, newest first, at most five of each. An announcement's
/// `titre` is its text's first line, shortened; `is_voted` is the co-owner's answer to a vote
/// (always false on the syndic's dashboard and for an announcement).
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnonceVote {
    /// `annonce` or `vote`.
    #[serde(rename = "type")]
    pub type_element: String,
    pub id: i64,
    pub titre: String,
    pub description: String,
    pub is_voted: bool,
}

/// A breakdown report of the dashboard (spec 3 §3 "Panne": "Syndic list dashboard item"): those
/// still in progress (not resolved or archived), newest first; a co-owner's own only.
#[derive(Debug, Serialize, ToSchema)]
pub struct PanneDashboard {
    pub id: i64,
    pub description: String,
    pub etat: String,
}

/// The next assembly as the dashboard shows it (spec 3 §3 "Meeting", dashboard version): the
/// earliest not finished and dated today or later (a co-owner's once convoked); `date_debut` and
/// `heure_debut` are the meeting's planned day and time.
#[derive(Debug, Serialize, ToSchema)]
pub struct AssembleeDashboard {
    pub titre: String,
    pub date_debut: NaiveDate,
    pub heure_debut: String,
    pub lieu: String,
}

/// `GET /api/dashboard` (spec 3 §3 "Dashboard (syndic)").
#[derive(Debug, Serialize, ToSchema)]
pub struct SyndicDashboardResponse {
    pub success: bool,
    pub residence_nom: String,
    /// The period the chart covers.
    pub periode: PeriodeDashboard,
    /// The bank accounts' balances in the books today (512…).
    pub solde_en_banque: Dt,
    /// The cash box in the books today (53).
    pub solde_en_espece: Dt,
    /// `solde_en_banque + solde_en_espece` (`GET /api/comptabilite/tresorerie`'s `total`).
    pub solde_tresorerie: Dt,
    /// What the co-owners owe today: the sum of the debtors list's balances.
    pub total_du_copros: Dt,
    /// How many co-owners owe something today.
    pub copros_count_du: i64,
    /// What remains to pay on the charges and works.
    pub total_restants_factures: Dt,
    /// The exercice (calendar year) the expenses cover: the current one.
    pub exercice: i32,
    /// The exercice's charges (class 6 of its trial balance).
    pub total_depenses: Dt,
    /// The same by category: the category's title (or the account's title) → amount.
    pub depenses_par_categorie: DepensesParCategorie,
    /// The same as a list, largest first, with each account.
    pub categories_depenses: Vec<CategorieDepense>,
    /// The income of each month of the period (class 7), oldest first.
    pub revenus: Vec<MoisMontant>,
    /// The charges of each month of the period (class 6), oldest first.
    pub depenses: Vec<MoisMontant>,
    /// Every co-owner owing something today, most owed first.
    pub copros_soldes: Vec<CoproSolde>,
    /// Every charge or works item with something left to pay, oldest invoice first.
    pub factures: Vec<FactureDashboard>,
    pub annonces_votes: Vec<AnnonceVote>,
    pub pannes: Vec<PanneDashboard>,
    /// The next assembly, in a list of at most one.
    pub assemblees: Vec<AssembleeDashboard>,
}

/// A property of the signed-in co-owner.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProprieteCoproprietaire {
    pub id: i64,
    pub nom: String,
    #[serde(rename = "type")]
    pub type_propriete: TypePropriete,
    /// `proprietaire` or `locataire`.
    pub type_occupation: TypeOccupation,
    /// Whether they pay its dues.
    pub is_payer: bool,
}

/// Which parts of the co-owner dashboard the caller may see (spec 3 §6; council members see
/// all).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct VisibiliteDashboard {
    /// `see.dashboard.tresorerie`: the treasury balance card.
    pub tresorerie: bool,
    /// `see.dashboard.repartition_charges`: the expense donut and its total.
    pub repartition_charges: bool,
    /// `see.dashboard.recettes_depenses`: the income and expense chart.
    pub recettes_depenses: bool,
}

/// `GET /api/coproprietaire/dashboard` (spec 3 §3 "Dashboard (co-owner)"). What a flag hides is
/// `null`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CoproprietaireDashboardResponse {
    pub success: bool,
    pub residence_nom: String,
    pub periode: PeriodeDashboard,
    /// The properties the caller occupies today (as owner or tenant).
    pub proprietes: Vec<ProprieteCoproprietaire>,
    /// The caller's balance today: minus what they owe (as the balance list shows it), 0 when
    /// up to date.
    pub votre_solde: Dt,
    pub assemblees: Vec<AssembleeDashboard>,
    pub annonces_votes: Vec<AnnonceVote>,
    /// The caller's breakdown reports.
    pub pannes: Vec<PanneDashboard>,
    pub visibilite: VisibiliteDashboard,
    /// With `visibilite.tresorerie`.
    pub solde_tresorerie: Option<Dt>,
    /// With `visibilite.repartition_charges`: the exercice the expenses cover.
    pub exercice: Option<i32>,
    /// With `visibilite.repartition_charges`.
    pub total_depenses: Option<Dt>,
    /// With `visibilite.repartition_charges`.
    pub depenses_par_categorie: Option<DepensesParCategorie>,
    /// With `visibilite.repartition_charges`.
    pub categories_depenses: Option<Vec<CategorieDepense>>,
    /// With `visibilite.recettes_depenses`.
    pub revenus: Option<Vec<MoisMontant>>,
    /// With `visibilite.recettes_depenses`.
    pub depenses: Option<Vec<MoisMontant>>,
}

/// The caller's three dashboard rights (spec 3 §6), as the shared visibility module resolves them.
fn visibilite(user: &UserRecord) -> VisibiliteDashboard {
    VisibiliteDashboard {
        tresorerie: peut_voir(user, Visibilite::DashboardTresorerie),
        repartition_charges: peut_voir(user, Visibilite::DashboardRepartitionCharges),
        recettes_depenses: peut_voir(user, Visibilite::DashboardRecettesDepenses),
    }
}

fn somme(a: i64, b: i64) -> Result<i64, ApiError> {
    a.checked_add(b)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("dashboard: amount overflow")))
}

/// The treasury today: (banks, cash, total) in millimes.
async fn tresorerie(state: &AppState, residence: i64) -> Result<(i64, i64, i64), ApiError> {
    let soldes = comptabilite::tresorerie(&state.db, residence, state.today()).await?;
    let mut banques = 0;
    for solde in soldes.banques.values() {
        banques = somme(banques, solde.millimes())?;
    }
    let caisse = soldes.caisse.millimes();
    Ok((banques, caisse, somme(banques, caisse)?))
}

#[derive(Clone)]
struct Depenses {
    exercice: i32,
    total: Dt,
    par_categorie: DepensesParCategorie,
    categories: Vec<CategorieDepense>,
}

/// The current exercice's charges by account of class 6, named as the books name them.
async fn depenses_de_l_exercice(state: &AppState, residence: i64) -> Result<Depenses, ApiError> {
    let exercice = state.today().year();
    let titres = comptabilite::titres_categories(&state.db, residence).await?;
    let mut total = 0;
    let mut categories = Vec::new();
    for (compte, montant) in tableau::charges_par_compte(&state.db, residence, exercice).await? {
        total = somme(total, montant.millimes())?;
        let (categorie_id, libelle) = match compte {
            Compte::ChargesCourantes(Some(id)) => (
                Some(id),
                titres.get(&id).cloned().unwrap_or_else(|| compte.numero()),
            ),
            _ => (None, compte.intitule().to_owned()),
        };
        categories.push(CategorieDepense {
            compte: compte.numero(),
            categorie_id,
            libelle,
            montant: Dt(montant),
        });
    }
    categories.sort_by(|a, b| b.montant.cmp(&a.montant).then(a.compte.cmp(&b.compte)));
    let mut par_categorie = BTreeMap::new();
    for categorie in &categories {
        let entree = par_categorie
            .entry(categorie.libelle.clone())
            .or_insert(Dt::ZERO);
        *entree = Dt::from_millimes(somme(entree.0.millimes(), categorie.montant.0.millimes())?);
    }
    Ok(Depenses {
        exercice,
        total: Dt::from_millimes(total),
        par_categorie: DepensesParCategorie(par_categorie),
        categories,
    })
}

/// The income and the charges of each month of the period, every month listed.
async fn graphique(
    state: &AppState,
    residence: i64,
    periode: PeriodeDashboard,
) -> Result<(Vec<MoisMontant>, Vec<MoisMontant>), ApiError> {
    let today = state.today();
    let par_mois =
        tableau::resultat_par_mois(&state.db, residence, periode.debut(today), today).await?;
    let mut revenus = Vec::new();
    let mut depenses = Vec::new();
    for premier in periode.mois(today) {
        let chiffres = par_mois
            .get(&(premier.year(), premier.month()))
            .copied()
            .unwrap_or_default();
        let mois = premier.format("%Y-%m").to_string();
        revenus.push(MoisMontant {
            mois: mois.clone(),
            montant: Dt::from_millimes(chiffres.produits),
        });
        depenses.push(MoisMontant {
            mois,
            montant: Dt::from_millimes(chiffres.charges),
        });
    }
    Ok((revenus, depenses))
}

/// A co-owner owing something today, as both dashboards show them.
#[derive(Debug, Clone)]
struct DebiteurDashboard {
    occupant_id: i64,
    occupant_nom: String,
    /// Millimes, above 0.
    solde: i64,
}

/// What both dashboards show of the residence (not of the caller), for one period: computed
/// once and kept at the read models' projected position and the day.
#[derive(Clone)]
pub struct PartsResidence {
    /// (banks, cash, total) today, in millimes.
    tresorerie: (i64, i64, i64),
    /// Every co-owner owing something today, most owed first.
    debiteurs: Vec<DebiteurDashboard>,
    /// What they owe together (millimes).
    total_du: i64,
    factures: Vec<FactureDashboard>,
    /// What remains to pay on them (millimes).
    total_restants: i64,
    depenses: Depenses,
    revenus: Vec<MoisMontant>,
    depenses_mois: Vec<MoisMontant>,
    /// Each co-owner's properties today and the occupants they are, by phone number (a
    /// co-owner's dashboard reads theirs here, of the same position as the debtors).
    coproprietaires: HashMap<String, CoproprietaireParts>,
}

/// A co-owner's part of [`PartsResidence`]: their properties today and the occupants they are.
#[derive(Clone, Default)]
struct CoproprietaireParts {
    proprietes: Vec<ProprieteCoproprietaire>,
    occupants: Vec<i64>,
}

/// Where [`AppState::tableaux_de_bord`] keeps each residence's parts: by (residence, period).
pub type PartsParResidence =
    crate::answer_cache::AnswerCache<(i64, PeriodeDashboard), Arc<PartsResidence>>;

/// The residence's parts for `periode`, as kept, or computed once by one request while the
/// others asking at the same time wait for it.
async fn parts_residence(
    state: &AppState,
    residence: i64,
    periode: PeriodeDashboard,
) -> Result<Arc<PartsResidence>, ApiError> {
    let today = state.today();
    // Read before the tables and the ledger, so that what is computed reflects at least it.
    let position = position_projetee(&state.db, READS.0)
        .await
        .map_err(ApiError::internal)?;
    let version = position.map(|sequence| Version { sequence, today });
    let cle = (residence, periode);
    let cache = &state.tableaux_de_bord;
    let cached = || version.and_then(|version| cache.get(cle, version));
    if let Some(parts) = cached() {
        return Ok(parts);
    }
    let _turn = cache.turn(cle).await;
    if let Some(parts) = cached() {
        return Ok(parts);
    }
    let (parts, position) = calculer_parts(state, residence, periode, today).await?;
    let parts = Arc::new(parts);
    if let Some(sequence) = position {
        cache.put(cle, Version { sequence, today }, parts.clone());
    }
    Ok(parts)
}

/// How many times [`calculer_parts`] starts again when another server's command came in under
/// it, and how long it waits for the read models to project the residence stream's head.
const ESSAIS_COHERENTS: u32 = 3;
const ATTENTE_PROJECTION: Duration = Duration::from_secs(2);

/// The residence's parts, every figure of one position of its stream, and the read models'
/// projected position they are right for (to keep them under); `None` when they could not be
/// made of one position (the read models far behind, or another server's commands coming in
/// faster than the parts are read: then they answer this request only).
///
/// The debtors come from the ledger's decision state, the other figures from the read models,
/// and the ledger is ahead of the read models while a command is being projected. So the
/// figures are read while holding the residence's stream ([`Ledger::read_holding`]: this
/// server decides no command of the residence meanwhile): the projector is awaited until the
/// read models show the stream's head, the read models' figures are read, and the head is read
/// again (unchanged: no other server appended either).
///
/// [`Ledger::read_holding`]: daftar_projections::Ledger::read_holding
async fn calculer_parts(
    state: &AppState,
    residence: i64,
    periode: PeriodeDashboard,
    today: NaiveDate,
) -> Result<(PartsResidence, Option<i64>), ApiError> {
    let stream = ResidenceId(residence).stream_id();
    let mut essai = 0;
    loop {
        essai += 1;
        let (parts, position) = state
            .ledger
            .ledger
            .read_holding(
                &stream,
                async |livre: &GrandLivre,
                       lu: i64|
                       -> Result<(PartsResidence, Option<i64>), ApiError> {
                    let debiteurs = soldes::debiteurs(livre, today);
                    let coproprietaires = coproprietaires_par_tel(livre, today);
                    let (tete_avant, position_de_la_tete) = tete(state, residence).await?;
                    let mut projetee = None;
                    if tete_avant == lu
                        && state
                            .ledger
                            .projector
                            .wait_for(position_de_la_tete, ATTENTE_PROJECTION)
                            .await
                    {
                        projetee = position_projetee(&state.db, READS.0)
                            .await
                            .map_err(ApiError::internal)?
                            .filter(|projetee| *projetee >= position_de_la_tete);
                    }
                    let parts =
                        calculer_figures(state, residence, periode, debiteurs, coproprietaires)
                            .await?;
                    let coherente = projetee.is_some() && tete(state, residence).await?.0 == lu;
                    Ok((parts, projetee.filter(|_| coherente)))
                },
            )
            .await
            .map_err(crate::ledger::ledger_error)??;
        if position.is_some() || essai >= ESSAIS_COHERENTS {
            if position.is_none() {
                tracing::warn!(
                    residence,
                    "dashboard figures answered without being of one position of the stream"
                );
            }
            return Ok((parts, position));
        }
    }
}

/// The residence stream's last sequence and that event's global position.
async fn tete(state: &AppState, residence: i64) -> Result<(i64, i64), ApiError> {
    state
        .ledger
        .ledger
        .journal()
        .head_with_position(GrandLivre::TYPE, &ResidenceId(residence).stream_id())
        .await
        .map_err(ApiError::internal)
}

/// Each co-owner's part (their properties today, the occupants they are), by phone number.
fn coproprietaires_par_tel(
    livre: &GrandLivre,
    today: NaiveDate,
) -> HashMap<String, CoproprietaireParts> {
    let mut par_tel = HashMap::new();
    for (_, occupant) in livre.occupancy.occupants() {
        let Some(tel) = occupant.tel.as_deref() else {
            continue;
        };
        if par_tel.contains_key(tel) {
            continue;
        }
        let (proprietes, occupants) = proprietes_du_coproprietaire(livre, tel, today);
        par_tel.insert(
            tel.to_owned(),
            CoproprietaireParts {
                proprietes,
                occupants,
            },
        );
    }
    par_tel
}

/// The parts from the debtors and co-owners read in the ledger and the read models' figures.
async fn calculer_figures(
    state: &AppState,
    residence: i64,
    periode: PeriodeDashboard,
    debiteurs: Vec<soldes::Debiteur>,
    coproprietaires: HashMap<String, CoproprietaireParts>,
) -> Result<PartsResidence, ApiError> {
    let mut total_du = 0;
    let debiteurs = debiteurs
        .into_iter()
        .map(|debiteur| {
            total_du = somme(total_du, debiteur.solde)?;
            Ok(DebiteurDashboard {
                occupant_id: debiteur.occupant_id,
                occupant_nom: debiteur.occupant_nom,
                solde: debiteur.solde,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let tresorerie = tresorerie(state, residence).await?;
    let mut total_restants = 0;
    let factures = depenses::impayees(&state.db, residence)
        .await?
        .into_iter()
        .map(|row| {
            let restant_du = row.restant_du();
            total_restants = somme(total_restants, restant_du.millimes())?;
            Ok(FactureDashboard {
                id: row.id,
                titre: row.titre,
                type_facture: match row.nature {
                    NatureDepense::Charge => TypeFacture::Charge,
                    NatureDepense::Travaux => TypeFacture::Travaux,
                },
                fournisseur_nom: row.fournisseur.nom,
                date_facture: row.date_facture,
                restant_du: Dt(restant_du),
                restant_du_fmt: restant_du.format_fr(),
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let depenses = depenses_de_l_exercice(state, residence).await?;
    let (revenus, depenses_mois) = graphique(state, residence, periode).await?;
    Ok(PartsResidence {
        tresorerie,
        debiteurs,
        total_du,
        factures,
        total_restants,
        depenses,
        revenus,
        depenses_mois,
        coproprietaires,
    })
}

/// The dashboards' lists of the community, read per request.
struct Communaute {
    annonces_votes: Vec<AnnonceVote>,
    pannes: Vec<PanneDashboard>,
    assemblees: Vec<AssembleeDashboard>,
}

/// How many items each of the dashboards' lists shows at most.
const ELEMENTS_PAR_LISTE: usize = 5;

/// The title of an announcement on the dashboard: its text's first line, shortened (an
/// announcement has no title of its own).
fn titre_d_annonce(description: &str) -> String {
    let ligne = description.lines().next().unwrap_or("").trim();
    if ligne.chars().count() <= 80 {
        return ligne.to_owned();
    }
    let mut court: String = ligne.chars().take(79).collect();
    court.push('…');
    court
}

/// The running votes, those ending first first, at most [`ELEMENTS_PAR_LISTE`]; `is_voted`
/// when one of `occupants_du_lecteur` (the co-owner reading) has answered.
async fn votes_en_cours(
    state: &AppState,
    residence: i64,
    occupants_du_lecteur: &[i64],
    today: NaiveDate,
) -> Result<Vec<AnnonceVote>, ApiError> {
    state
        .ledger
        .read_votes(ResidenceId(residence), |votes| {
            let mut en_cours: Vec<_> = votes
                .tous()
                .filter(|vote| crate::routes::votes::en_cours(vote, today))
                .collect();
            en_cours.sort_by_key(|vote| (vote.date_fin, vote.id));
            Ok(en_cours
                .into_iter()
                .take(ELEMENTS_PAR_LISTE)
                .map(|vote| AnnonceVote {
                    type_element: "vote".to_owned(),
                    id: vote.id,
                    titre: vote.titre.clone(),
                    description: vote.description.clone(),
                    is_voted: occupants_du_lecteur
                        .iter()
                        .any(|occupant| vote.bulletins.contains_key(occupant)),
                })
                .collect())
        })
        .await
}

/// The running votes (`occupants_du_lecteur`: the co-owner's occupants, whose answers set
/// `is_voted`), the active announcements (newest first), the breakdowns still in progress (for a co-owner,
/// their own), and the next assembly not finished, dated today or later (for a co-owner, once
/// convoked: they see meetings from then on).
async fn communaute(
    state: &AppState,
    residence: i64,
    auteur: Option<i64>,
    occupants_du_lecteur: &[i64],
) -> Result<Communaute, ApiError> {
    let today = state.today();
    let mut annonces_votes = votes_en_cours(state, residence, occupants_du_lecteur, today).await?;
    annonces_votes.extend(
        annonces::liste(&state.db, residence, annonces::Liste::Actives, today)
            .await?
            .into_iter()
            .take(ELEMENTS_PAR_LISTE)
            .map(|annonce| AnnonceVote {
                type_element: "annonce".to_owned(),
                id: annonce.id,
                titre: titre_d_annonce(&annonce.description),
                description: annonce.description,
                is_voted: false,
            }),
    );
    let pannes = pannes::liste(&state.db, residence, false)
        .await?
        .into_iter()
        .filter(|panne| {
            !matches!(
                panne.statut,
                pannes::Statut::Resolu | pannes::Statut::Archive
            ) && auteur.is_none_or(|auteur| panne.auteur.id == auteur)
        })
        .take(ELEMENTS_PAR_LISTE)
        .map(|panne| PanneDashboard {
            id: panne.id,
            description: panne.description,
            etat: panne.statut.nom().to_owned(),
        })
        .collect();
    let pour_un_coproprietaire = auteur.is_some();
    let assemblees = state
        .ledger
        .read_assemblees(ResidenceId(residence), |assemblees| {
            Ok(assemblees
                .toutes()
                .filter(|assemblee| {
                    !assemblee.terminee
                        && assemblee.date >= today
                        && (!pour_un_coproprietaire || assemblee.est_convoquee())
                })
                .min_by_key(|assemblee| (assemblee.date, assemblee.heure.as_str().to_owned()))
                .map(|assemblee| AssembleeDashboard {
                    titre: assemblee.titre.clone(),
                    date_debut: assemblee.date,
                    heure_debut: assemblee.heure.as_str().to_owned(),
                    lieu: assemblee.lieu.clone(),
                })
                .into_iter()
                .collect())
        })
        .await?;
    Ok(Communaute {
        annonces_votes,
        pannes,
        assemblees,
    })
}

/// The residence at a glance for the council: treasury, what the co-owners owe, what remains
/// to pay the suppliers, the year's expenses by category, the income and expenses of the
/// period's months, and the lists.
#[utoipa::path(
    get,
    path = "/api/dashboard",
    operation_id = "getSyndicDashboard",
    tag = "dashboard",
    params(DashboardQuery),
    responses(
        (status = 200, description = "The syndic dashboard", body = SyndicDashboardResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`periode_tableau_de_bord_invalide`: `periode` is not `3m`, `6m` or `ytd`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn syndic(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<DashboardQuery>,
) -> Result<web::Json<SyndicDashboardResponse>, ApiError> {
    let periode = PeriodeDashboard::lire(query.into_inner().periode)?;
    let parts = parts_residence(&state, current.residence_id, periode).await?;
    let copros_soldes = parts
        .debiteurs
        .iter()
        .map(|debiteur| {
            let restant_du = Montant::from_millimes(debiteur.solde);
            CoproSolde {
                occupant_id: debiteur.occupant_id,
                occupant_nom: debiteur.occupant_nom.clone(),
                restant_du: Dt(restant_du),
                restant_du_fmt: restant_du.format_fr(),
            }
        })
        .collect::<Vec<_>>();
    let (solde_en_banque, solde_en_espece, solde_tresorerie) = parts.tresorerie;
    let depenses = parts.depenses.clone();
    let communaute = communaute(&state, current.residence_id, None, &[]).await?;
    Ok(web::Json(SyndicDashboardResponse {
        success: true,
        residence_nom: current.user.residence_nom.clone(),
        periode,
        solde_en_banque: Dt::from_millimes(solde_en_banque),
        solde_en_espece: Dt::from_millimes(solde_en_espece),
        solde_tresorerie: Dt::from_millimes(solde_tresorerie),
        total_du_copros: Dt::from_millimes(parts.total_du),
        copros_count_du: i64::try_from(copros_soldes.len()).unwrap_or(i64::MAX),
        total_restants_factures: Dt::from_millimes(parts.total_restants),
        exercice: depenses.exercice,
        total_depenses: depenses.total,
        depenses_par_categorie: depenses.par_categorie,
        categories_depenses: depenses.categories,
        revenus: parts.revenus.clone(),
        depenses: parts.depenses_mois.clone(),
        copros_soldes,
        factures: parts.factures.clone(),
        annonces_votes: communaute.annonces_votes,
        pannes: communaute.pannes,
        assemblees: communaute.assemblees,
    }))
}

/// The caller's properties today and the occupants they are, from the ledger: the occupants
/// with the caller's phone number (docs/domain.md "Occupants").
fn proprietes_du_coproprietaire(
    livre: &GrandLivre,
    tel: &str,
    today: NaiveDate,
) -> (Vec<ProprieteCoproprietaire>, Vec<i64>) {
    let occupants: Vec<i64> = livre
        .occupancy
        .occupants()
        .filter(|(_, occupant)| occupant.tel.as_deref() == Some(tel))
        .map(|(id, _)| id)
        .collect();
    let mut proprietes = Vec::new();
    for (_, occupation) in livre.occupancy.occupations() {
        if !occupants.contains(&occupation.occupant_id) || !occupation.couvre(today) {
            continue;
        }
        let Some(propriete) = livre.proprietes.get(occupation.propriete_id) else {
            continue;
        };
        proprietes.push(ProprieteCoproprietaire {
            id: occupation.propriete_id,
            nom: propriete.nom.clone(),
            type_propriete: propriete.type_propriete.into(),
            type_occupation: occupation.type_occupation.into(),
            is_payer: occupation.is_payer,
        });
    }
    proprietes.sort_by_key(|propriete| propriete.id);
    proprietes.dedup_by_key(|propriete| propriete.id);
    (proprietes, occupants)
}

/// The co-owner's dashboard: their properties and balance, and what their visibility flags let
/// them see of the residence's treasury, expenses and monthly income and expenses.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/dashboard",
    operation_id = "getCoproprietaireDashboard",
    tag = "dashboard",
    params(DashboardQuery),
    responses(
        (status = 200, description = "The co-owner dashboard (what a flag hides is `null`)", body = CoproprietaireDashboardResponse),
        (status = 422, description = "`periode_tableau_de_bord_invalide`: `periode` is not `3m`, `6m` or `ytd`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn coproprietaire(
    state: web::Data<AppState>,
    current: Coproprietaire,
    query: ApiQuery<DashboardQuery>,
) -> Result<web::Json<CoproprietaireDashboardResponse>, ApiError> {
    let periode = PeriodeDashboard::lire(query.into_inner().periode)?;
    let visibilite = visibilite(&current.user);
    let parts = parts_residence(&state, current.residence_id, periode).await?;
    let CoproprietaireParts {
        proprietes,
        occupants,
    } = parts
        .coproprietaires
        .get(&current.user.tel)
        .cloned()
        .unwrap_or_default();
    let communaute = communaute(
        &state,
        current.residence_id,
        Some(current.user.id),
        &occupants,
    )
    .await?;
    let mut doit = 0;
    for debiteur in parts.debiteurs.iter() {
        if occupants.contains(&debiteur.occupant_id) {
            doit = somme(doit, debiteur.solde)?;
        }
    }
    let solde_tresorerie = visibilite
        .tresorerie
        .then(|| Dt::from_millimes(parts.tresorerie.2));
    let depenses = visibilite
        .repartition_charges
        .then(|| parts.depenses.clone());
    let (revenus, depenses_mois) = if visibilite.recettes_depenses {
        (
            Some(parts.revenus.clone()),
            Some(parts.depenses_mois.clone()),
        )
    } else {
        (None, None)
    };
    let (exercice, total_depenses, depenses_par_categorie, categories_depenses) = match depenses {
        Some(d) => (
            Some(d.exercice),
            Some(d.total),
            Some(d.par_categorie),
            Some(d.categories),
        ),
        None => (None, None, None, None),
    };
    Ok(web::Json(CoproprietaireDashboardResponse {
        success: true,
        residence_nom: current.user.residence_nom.clone(),
        periode,
        proprietes,
        votre_solde: Dt::negated(doit),
        assemblees: communaute.assemblees,
        annonces_votes: communaute.annonces_votes,
        pannes: communaute.pannes,
        visibilite,
        solde_tresorerie,
        exercice,
        total_depenses,
        depenses_par_categorie,
        categories_depenses,
        revenus,
        depenses: depenses_mois,
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(syndic, coproprietaire),
    components(schemas(
        PeriodeDashboard,
        DepensesParCategorie,
        MoisMontant,
        CategorieDepense,
        CoproSolde,
        TypeFacture,
        FactureDashboard,
        AnnonceVote,
        PanneDashboard,
        AssembleeDashboard,
        SyndicDashboardResponse,
        ProprieteCoproprietaire,
        VisibiliteDashboard,
        CoproprietaireDashboardResponse
    )),
    tags((name = "dashboard", description = "The syndic and co-owner dashboards (spec 3 §2.10, §3, §6, §7, §9; issue 19): one request each, every figure read from what computes it elsewhere (the books' treasury and trial balance, the debtors walk of the ledger, the unpaid charges and works). `periode` (`3m` default, `6m`, `ytd`) chooses the chart's months. Announcements, votes, breakdowns and assemblies answer empty lists until their modules land.")),
)]
pub struct Api;
