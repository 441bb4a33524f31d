//! The contracts of both sides (docs/api-contrats.md "Revenue and expense contracts: one
//! shape"): their requests, answers and handlers, each handler given the side it serves;
//! [`super::cotes`] gives each side its paths and OpenAPI operations.

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::contrats::{
    ContratsCommand, ContratsEvent, Contrepartie, FicheContrat, MethodePaiementContrat,
    Periodicite, SensContrat,
};
use daftar_domain::document::{NatureDocument, PieceJointe};
use daftar_domain::paiement::Paiement;
use daftar_domain::Montant;
use daftar_projections::contrats::{
    self as vue, ContratRow, PaiementContratRow, PROPRIETAIRE_CONTRAT,
};
use daftar_projections::depenses as registre;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{executer, id_cree};
use crate::answers::SignedInWrite;
use crate::auth::{Finance, Syndic};
use crate::documents::{stocker, verifier_avec_les_champs, FichierRecu, FormulaireMultipart};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::request::{
    self, date, date_requise, enumeration, optional_line, optional_text, required_id,
    required_text, Minimum, MontantSaisi, Precision,
};
use crate::routes::depenses::reponses::Document;
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// Longest title (the domain's).
const TITRE_MAX: usize = 200;
/// Longest payment reference.
const REFERENCE_MAX: usize = 100;

/// The side of a contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SensContratApi {
    Revenu,
    Depense,
}

impl From<SensContrat> for SensContratApi {
    fn from(value: SensContrat) -> Self {
        match value {
            SensContrat::Revenu => Self::Revenu,
            SensContrat::Depense => Self::Depense,
        }
    }
}

/// How often a contract falls due; `bimensuelle` is every two months.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PeriodiciteApi {
    Mensuelle,
    Bimensuelle,
    Trimestrielle,
    Semestrielle,
    Annuelle,
}

impl From<PeriodiciteApi> for Periodicite {
    fn from(value: PeriodiciteApi) -> Self {
        match value {
            PeriodiciteApi::Mensuelle => Self::Mensuelle,
            PeriodiciteApi::Bimensuelle => Self::Bimensuelle,
            PeriodiciteApi::Trimestrielle => Self::Trimestrielle,
            PeriodiciteApi::Semestrielle => Self::Semestrielle,
            PeriodiciteApi::Annuelle => Self::Annuelle,
        }
    }
}

impl From<Periodicite> for PeriodiciteApi {
    fn from(value: Periodicite) -> Self {
        match value {
            Periodicite::Mensuelle => Self::Mensuelle,
            Periodicite::Bimensuelle => Self::Bimensuelle,
            Periodicite::Trimestrielle => Self::Trimestrielle,
            Periodicite::Semestrielle => Self::Semestrielle,
            Periodicite::Annuelle => Self::Annuelle,
        }
    }
}

/// How a contract payment or an exceptional revenue is paid (`enligne`: expense contracts only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiementContratApi {
    Espece,
    Cheque,
    Virement,
    Enligne,
}

impl From<MethodePaiementContratApi> for MethodePaiementContrat {
    fn from(value: MethodePaiementContratApi) -> Self {
        match value {
            MethodePaiementContratApi::Espece => Self::Espece,
            MethodePaiementContratApi::Cheque => Self::Cheque,
            MethodePaiementContratApi::Virement => Self::Virement,
            MethodePaiementContratApi::Enligne => Self::Enligne,
        }
    }
}

impl From<MethodePaiementContrat> for MethodePaiementContratApi {
    fn from(value: MethodePaiementContrat) -> Self {
        match value {
            MethodePaiementContrat::Espece => Self::Espece,
            MethodePaiementContrat::Cheque => Self::Cheque,
            MethodePaiementContrat::Virement => Self::Virement,
            MethodePaiementContrat::Enligne => Self::Enligne,
        }
    }
}

/// `{id, nom}` of a client or supplier.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContratNomRef {
    pub id: i64,
    pub nom: String,
}

/// `{id, titre}` of a category.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CategorieRef {
    pub id: i64,
    pub titre: String,
}

/// A contract payment.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaiementContrat {
    pub id: i64,
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    pub methode_paiement: MethodePaiementContratApi,
    /// Kept for `cheque` and `virement` only.
    pub reference_paiement: Option<String>,
    /// The bank account it entered or left; `null` for cash and for a revenue cheque.
    pub compte_id: Option<i64>,
    /// Its date lies in a closed exercice: it can no longer be changed.
    pub is_closed: bool,
    /// A cheque already in a deposit: it can no longer be changed.
    pub cheque_remis: bool,
}

impl PaiementContrat {
    fn new(row: PaiementContratRow, clotures: &ExercicesClotures) -> Self {
        PaiementContrat {
            is_closed: clotures.date(row.date_paiement),
            id: row.id,
            montant: row.montant.into(),
            date_paiement: row.date_paiement,
            methode_paiement: row.methode.into(),
            reference_paiement: row.reference,
            compte_id: row.compte_id,
            cheque_remis: row.cheque_remis,
        }
    }
}

/// One period of a contract's schedule.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Periode {
    /// From 1.
    pub numero: u32,
    pub debut: NaiveDate,
    pub fin: NaiveDate,
    pub montant: Dt,
    /// Started on or before today: due.
    pub echue: bool,
}

/// A contract as listed (docs/api-contrats.md).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Contrat {
    pub id: i64,
    #[serde(rename = "type")]
    pub sens: SensContratApi,
    pub titre: String,
    /// Per period.
    pub montant: Dt,
    /// The same amount, under the name the spec's lists use.
    pub montant_par_periode: Dt,
    pub periodicite_paiement: PeriodiciteApi,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    pub client: Option<ContratNomRef>,
    pub client_nom: Option<String>,
    pub fournisseur: Option<ContratNomRef>,
    pub fournisseur_nom: Option<String>,
    pub categorie: Option<CategorieRef>,
    pub commentaire: Option<String>,
    /// Periods from start to end; `null` when open-ended.
    pub nombre_periodes: Option<i64>,
    /// `montant × nombre_periodes`; `null` when open-ended.
    pub montant_total: Option<Dt>,
    /// What has fallen due by today.
    pub montant_echu: Dt,
    pub montant_paye: Dt,
    /// `max(montant_echu − montant_paye, 0)`.
    pub restant_du: Dt,
    /// The most a payment dated today may be.
    pub restant_a_payer: Dt,
    /// Its start is in a closed exercice (edit and delete disabled).
    pub is_closed: bool,
    /// It has payments: it cannot be deleted (`contrat_avec_paiements`).
    pub has_paiements: bool,
}

fn soustraire(a: Montant, b: Montant) -> Montant {
    Montant::from_millimes(a.millimes().saturating_sub(b.millimes()).max(0))
}

impl Contrat {
    fn new(row: ContratRow, clotures: &ExercicesClotures, aujourd_hui: NaiveDate) -> Self {
        let fiche = row.fiche();
        let echues = fiche.periodes_jusqua(aujourd_hui);
        let echues = if aujourd_hui < fiche.date_debut {
            0
        } else {
            echues.len()
        };
        let montant_echu = fiche.montant_de(echues);
        let nombre_periodes = row.date_fin.map(|_| fiche.echeancier(aujourd_hui).len());
        Contrat {
            id: row.id,
            sens: row.sens.into(),
            titre: row.titre,
            montant: row.montant.into(),
            montant_par_periode: row.montant.into(),
            periodicite_paiement: row.periodicite.into(),
            date_debut: row.date_debut,
            date_fin: row.date_fin,
            client_nom: row.client.as_ref().map(|c| c.nom.clone()),
            client: row.client.map(|c| ContratNomRef {
                id: c.id,
                nom: c.nom,
            }),
            fournisseur_nom: row.fournisseur.as_ref().map(|f| f.nom.clone()),
            fournisseur: row.fournisseur.map(|f| ContratNomRef {
                id: f.id,
                nom: f.nom,
            }),
            categorie: row.categorie.map(|c| CategorieRef {
                id: c.id,
                titre: c.nom,
            }),
            commentaire: row.commentaire,
            nombre_periodes: nombre_periodes.map(|n| i64::try_from(n).unwrap_or(i64::MAX)),
            montant_total: nombre_periodes.map(|n| fiche.montant_de(n).into()),
            montant_echu: montant_echu.into(),
            montant_paye: row.montant_paye.into(),
            restant_du: soustraire(montant_echu, row.montant_paye).into(),
            restant_a_payer: soustraire(fiche.plafond(aujourd_hui), row.montant_paye).into(),
            is_closed: clotures.date(row.date_debut),
            has_paiements: row.nombre_paiements > 0,
        }
    }
}

/// A contract with its files, payments and schedule.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContratDetail {
    #[serde(flatten)]
    pub contrat: Contrat,
    pub docs: Vec<Document>,
    /// By date.
    pub paiements: Vec<PaiementContrat>,
    /// Every period of a contract with an end; for an open-ended one, those started by today.
    pub echeancier: Vec<Periode>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContratsResponse {
    pub success: bool,
    pub contrats: Vec<Contrat>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContratResponse {
    pub success: bool,
    pub contrat: ContratDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContratResumeResponse {
    pub success: bool,
    pub contrat: Contrat,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContratPaiementResponse {
    pub success: bool,
    /// The contract's side.
    #[serde(rename = "type")]
    pub sens: SensContratApi,
    pub paiement: PaiementContrat,
    pub contrat: Contrat,
}

/// The contract `id` of the residence on that side.
async fn contrat_de(
    state: &AppState,
    residence_id: i64,
    sens: SensContrat,
    id: i64,
) -> Result<ContratRow, ApiError> {
    vue::contrat(&state.db, residence_id, sens, id)
        .await?
        .ok_or_else(|| ErrorCode::ContratInconnu.into())
}

async fn resume(
    state: &AppState,
    residence_id: i64,
    sens: SensContrat,
    id: i64,
) -> Result<Contrat, ApiError> {
    let row = contrat_de(state, residence_id, sens, id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    Ok(Contrat::new(row, &clotures, state.today()))
}

async fn detail(
    state: &AppState,
    residence_id: i64,
    sens: SensContrat,
    id: i64,
) -> Result<ContratDetail, ApiError> {
    let row = contrat_de(state, residence_id, sens, id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    let aujourd_hui = state.today();
    let fiche = row.fiche();
    let echeancier = fiche
        .echeancier(aujourd_hui)
        .into_iter()
        .map(|p| Periode {
            numero: p.numero,
            debut: p.debut,
            fin: p.fin,
            montant: row.montant.into(),
            echue: p.debut <= aujourd_hui,
        })
        .collect();
    let docs = registre::documents_de(&state.db, residence_id, (PROPRIETAIRE_CONTRAT, id))
        .await?
        .into_iter()
        .map(Document::from)
        .collect();
    let paiements = vue::paiements(&state.db, residence_id, Some(id), None)
        .await?
        .into_iter()
        .map(|p| PaiementContrat::new(p, &clotures))
        .collect();
    Ok(ContratDetail {
        contrat: Contrat::new(row, &clotures, aujourd_hui),
        docs,
        paiements,
        echeancier,
    })
}

pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
    sens: SensContrat,
) -> Result<web::Json<ContratsResponse>, ApiError> {
    let residence = current.residence_id;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let aujourd_hui = state.today();
    let contrats = vue::contrats(&state.db, residence, sens)
        .await?
        .into_iter()
        .map(|row| Contrat::new(row, &clotures, aujourd_hui))
        .collect();
    Ok(web::Json(ContratsResponse {
        success: true,
        contrats,
    }))
}

/// `?id=` of `/details-files`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContratIdQuery {
    /// The contract's id.
    pub id: i64,
}

pub async fn details(
    state: web::Data<AppState>,
    current: Syndic,
    sens: SensContrat,
    query: ApiQuery<ContratIdQuery>,
) -> Result<web::Json<ContratResponse>, ApiError> {
    Ok(web::Json(ContratResponse {
        success: true,
        contrat: detail(&state, current.residence_id, sens, query.id).await?,
    }))
}

/// The text fields of the contract forms, as the multipart body carries them.
#[derive(Debug, Default, Deserialize)]
struct ContratRequest {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    titre: Option<String>,
    #[serde(default)]
    montant: Option<MontantSaisi>,
    #[serde(default, rename = "dateDebut", alias = "date_debut")]
    date_debut: Option<String>,
    #[serde(default, rename = "dateFin", alias = "date_fin")]
    date_fin: Option<String>,
    #[serde(default)]
    periodicite_paiement: Option<String>,
    #[serde(default)]
    client: Option<String>,
    #[serde(default)]
    fournisseur: Option<String>,
    #[serde(default)]
    categorie: Option<String>,
    #[serde(default)]
    commentaire: Option<String>,
}

/// An id written as a text (a multipart field): `None` when empty (`champ_obligatoire` if
/// `requis`), `valeur_invalide` when not a whole number above zero.
fn id_texte(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    requis: bool,
) -> Option<i64> {
    let Some(text) = optional_text(value) else {
        if requis {
            errors.add(field, ErrorCode::ChampObligatoire);
        }
        return None;
    };
    match text.parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            errors.add(field, ErrorCode::ValeurInvalide);
            None
        }
    }
}

fn montant(errors: &mut FieldErrors, saisi: Option<&MontantSaisi>) -> Option<Montant> {
    request::montant(
        errors,
        "montant",
        saisi,
        (Precision::Millimes, Minimum::Positif),
        true,
    )
}

/// A contract's form: its id (for an edit) and its terms, every wrong field recorded.
fn lire_contrat(
    request: ContratRequest,
    sens: SensContrat,
    avec_id: bool,
    errors: &mut FieldErrors,
) -> Option<(Option<i64>, FicheContrat)> {
    let id = if avec_id {
        id_texte(errors, "id", request.id, true)
    } else {
        None
    };
    let titre = required_text(errors, "titre", request.titre);
    if titre.chars().count() > TITRE_MAX {
        errors.add("titre", ErrorCode::TitreTropLong);
    }
    let montant = montant(errors, request.montant.as_ref());
    let fin_presente = request
        .date_fin
        .as_deref()
        .is_some_and(|t| !t.trim().is_empty());
    let date_debut = date_requise(errors, "dateDebut", request.date_debut);
    let date_fin = date(errors, "dateFin", request.date_fin);
    if let (Some(debut), Some(fin)) = (date_debut, date_fin) {
        if fin < debut {
            errors.add("dateFin", ErrorCode::FinAvantDebut);
        }
    }
    let periodicite: Option<PeriodiciteApi> = enumeration(
        errors,
        "periodicite_paiement",
        request.periodicite_paiement,
        ErrorCode::PeriodiciteInvalide,
    );
    let contrepartie = match sens {
        SensContrat::Revenu => id_texte(errors, "client", request.client, true)
            .map(|client_id| Contrepartie::Client { client_id }),
        SensContrat::Depense => {
            let fournisseur = id_texte(errors, "fournisseur", request.fournisseur, true);
            let categorie = id_texte(errors, "categorie", request.categorie, false);
            fournisseur.map(|fournisseur_id| Contrepartie::Fournisseur {
                fournisseur_id,
                categorie_id: categorie,
            })
        }
    };
    if fin_presente && date_fin.is_none() {
        return None;
    }
    let fiche = FicheContrat {
        titre,
        montant: montant?,
        date_debut: date_debut?,
        date_fin,
        periodicite: periodicite?.into(),
        contrepartie: contrepartie?,
        commentaire: optional_text(request.commentaire),
    };
    if avec_id && id.is_none() {
        return None;
    }
    Some((id, fiche))
}

/// The form's fields and files (`docs[]`): the contract and its files, checked and stored.
/// Every wrong field and file is reported at once; nothing is stored unless all are right.
async fn saisie(
    state: &AppState,
    residence_id: i64,
    formulaire: FormulaireMultipart,
    sens: SensContrat,
    avec_id: bool,
) -> Result<(Option<i64>, FicheContrat, Vec<PieceJointe>), ApiError> {
    let champs = serde_json::to_string(&formulaire.champs_en_json()).map_err(ApiError::internal)?;
    let request: ContratRequest = serde_json::from_str(&champs)
        .map_err(|_| ApiError::field("body", ErrorCode::ValeurInvalide))?;
    let mut errors = FieldErrors::new();
    let lu = lire_contrat(request, sens, avec_id, &mut errors);
    let fichiers: Vec<FichierRecu> = formulaire
        .fichiers
        .into_iter()
        .filter(|fichier| fichier.champ == "docs")
        .collect();
    let fichiers = verifier_avec_les_champs(fichiers, &mut errors).await?;
    let (id, fiche) = match lu {
        Some(lu) if errors.is_empty() => lu,
        _ => return Err(ApiError::validation(errors)),
    };
    let pieces = stocker(&state.documents, residence_id, &fichiers, |_| {
        NatureDocument::Doc
    })
    .await?;
    Ok((id, fiche, pieces))
}

pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
    sens: SensContrat,
) -> Result<web::Json<ContratResponse>, ApiError> {
    let residence = current.residence_id;
    let (_, fiche, documents) = saisie(&state, residence, formulaire, sens, false).await?;
    let command = ContratsCommand::EnregistrerContrat { fiche, documents };
    let committed = executer(&state, &current, &request_id, command).await?;
    let id = id_cree(&committed, |event| match event {
        ContratsEvent::ContratEnregistre { contrat_id, .. } => Some(*contrat_id),
        _ => None,
    })?;
    Ok(web::Json(ContratResponse {
        success: true,
        contrat: detail(&state, residence, sens, id).await?,
    }))
}

pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
    sens: SensContrat,
) -> Result<web::Json<ContratResponse>, ApiError> {
    let residence = current.residence_id;
    let (id, fiche, documents) = saisie(&state, residence, formulaire, sens, true).await?;
    let id = id.ok_or_else(|| ApiError::field("id", ErrorCode::ChampObligatoire))?;
    // The side is the route's: an id of the other side's contract is unknown here.
    contrat_de(&state, residence, sens, id).await?;
    let command = ContratsCommand::ModifierContrat {
        contrat_id: id,
        fiche,
        documents,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(ContratResponse {
        success: true,
        contrat: detail(&state, residence, sens, id).await?,
    }))
}

/// A body naming one contract, payment or file by its id.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ContratIdRequest {
    pub id: i64,
}

pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ContratIdRequest>,
    sens: SensContrat,
) -> Result<web::Json<Success>, ApiError> {
    let command = ContratsCommand::SupprimerContrat {
        contrat_id: body.id,
        sens,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}

/// `POST /contrats-revenus/payer` (and `/contrats-depenses/payer`) body. Fields are optional
/// here only so that every missing or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PayerContratRequest {
    /// The contract's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    /// DT > 0, up to three decimals, at most what remains of the contract's total.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    /// `yyyy-MM-dd`, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    /// `espece`, `cheque`, `virement` (`enligne` on the expense side only).
    #[serde(default)]
    #[schema(value_type = MethodePaiementContratApi, required = true)]
    pub methode_paiement: Option<String>,
    /// Kept for `cheque` and `virement` only; 100 characters at most.
    #[serde(default)]
    pub reference_paiement: Option<String>,
}

/// `POST /contrats-revenus/modifier-paiement` (and `/contrats-depenses/…`) body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierPaiementContratRequest {
    /// The payment's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    /// The contract the payment pays (informative: the payment names it).
    #[serde(default)]
    pub contrat_id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodePaiementContratApi, required = true)]
    pub methode_paiement: Option<String>,
    #[serde(default)]
    pub reference_paiement: Option<String>,
}

/// A payment's fields, every wrong one recorded.
pub(crate) fn lire_paiement(
    errors: &mut FieldErrors,
    (montant_saisi, date_paiement): (Option<&MontantSaisi>, Option<String>),
    methode: Option<String>,
    reference: Option<String>,
) -> Option<Paiement<MethodePaiementContrat>> {
    let montant = montant(errors, montant_saisi);
    let date_paiement = date_requise(errors, "date_paiement", date_paiement);
    let methode: Option<MethodePaiementContratApi> = enumeration(
        errors,
        "methode_paiement",
        methode,
        ErrorCode::MethodePaiementInvalide,
    );
    let reference = optional_line(errors, "reference_paiement", reference);
    if reference
        .as_deref()
        .is_some_and(|r| r.chars().count() > REFERENCE_MAX)
    {
        errors.add("reference_paiement", ErrorCode::ReferenceTropLongue);
    }
    Some(Paiement {
        montant: montant?,
        date_paiement: date_paiement?,
        methode: methode?.into(),
        reference,
    })
}

fn paiement_saisi(
    id: Option<i64>,
    lire: impl FnOnce(&mut FieldErrors) -> Option<Paiement<MethodePaiementContrat>>,
) -> Result<(i64, Paiement<MethodePaiementContrat>), ApiError> {
    let mut errors = FieldErrors::new();
    let id = required_id(&mut errors, "id", id);
    let paiement = lire(&mut errors);
    match (id, paiement) {
        (Some(id), Some(paiement)) if errors.is_empty() => Ok((id, paiement)),
        _ => Err(ApiError::validation(errors)),
    }
}

/// The payment and its contract as they now are.
async fn paiement_et_contrat(
    state: &AppState,
    residence_id: i64,
    sens: SensContrat,
    paiement_id: i64,
) -> Result<ContratPaiementResponse, ApiError> {
    let paiement = vue::paiements(&state.db, residence_id, None, Some(paiement_id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| -> ApiError { ErrorCode::PaiementInconnu.into() })?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    let contrat = resume(state, residence_id, sens, paiement.contrat_id).await?;
    Ok(ContratPaiementResponse {
        success: true,
        sens: sens.into(),
        paiement: PaiementContrat::new(paiement, &clotures),
        contrat,
    })
}

pub async fn pay(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<PayerContratRequest>,
    sens: SensContrat,
) -> Result<web::Json<ContratPaiementResponse>, ApiError> {
    let request = body.into_inner();
    let (id, paiement) = paiement_saisi(request.id, |errors| {
        lire_paiement(
            errors,
            (request.montant.as_ref(), request.date_paiement),
            request.methode_paiement,
            request.reference_paiement,
        )
    })?;
    let command = ContratsCommand::Payer {
        contrat_id: id,
        sens,
        paiement,
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let paiement_id = id_cree(&committed, |event| match event {
        ContratsEvent::ContratPaye { paiement_id, .. } => Some(*paiement_id),
        _ => None,
    })?;
    Ok(web::Json(
        paiement_et_contrat(&state, current.residence_id, sens, paiement_id).await?,
    ))
}

pub async fn update_payment(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierPaiementContratRequest>,
    sens: SensContrat,
) -> Result<web::Json<ContratPaiementResponse>, ApiError> {
    let request = body.into_inner();
    let (id, paiement) = paiement_saisi(request.id, |errors| {
        lire_paiement(
            errors,
            (request.montant.as_ref(), request.date_paiement),
            request.methode_paiement,
            request.reference_paiement,
        )
    })?;
    let command = ContratsCommand::ModifierPaiement {
        paiement_id: id,
        sens,
        paiement,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(
        paiement_et_contrat(&state, current.residence_id, sens, id).await?,
    ))
}

pub async fn delete_payment(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ContratIdRequest>,
    sens: SensContrat,
) -> Result<web::Json<ContratResumeResponse>, ApiError> {
    let command = ContratsCommand::SupprimerPaiement {
        paiement_id: body.id,
        sens,
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let contrat_id = id_cree(&committed, |event| match event {
        ContratsEvent::PaiementContratSupprime { contrat_id, .. } => Some(*contrat_id),
        _ => None,
    })?;
    Ok(web::Json(ContratResumeResponse {
        success: true,
        contrat: resume(&state, current.residence_id, sens, contrat_id).await?,
    }))
}

/// Removes one file of a contract of either side (its bytes stay in the store: the books'
/// history names them).
#[utoipa::path(
    post,
    path = "/api/contrats-documents/supprimer",
    operation_id = "supprimerDocumentContrat",
    tag = "contrats-revenus",
    request_body = ContratIdRequest,
    responses(
        (status = 200, description = "Removed", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture` (the contract's start)", body = ErrorBody),
        (status = 404, description = "`document_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`: missing or not an id)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn retirer_document(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ContratIdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = ContratsCommand::RetirerDocument {
        document_id: body.id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}

/// The multipart body of `POST /contrats-revenus/creer` and `/modifier` (for the OpenAPI
/// document: the server reads its text fields as a JSON body would be).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ContratRevenuFormulaire {
    /// `/modifier` only, required there.
    #[schema(value_type = Option<String>)]
    pub id: Option<String>,
    /// Required, 200 characters at most.
    pub titre: String,
    /// Per period: DT > 0, up to three decimals (comma or point; spaces ignored).
    pub montant: String,
    /// `yyyy-MM-dd` (also accepted as `date_debut`), in an open exercice.
    #[schema(rename = "dateDebut", format = Date)]
    pub date_debut: String,
    /// `yyyy-MM-dd` (also `date_fin`), not before the start; empty: open-ended.
    #[schema(rename = "dateFin", format = Date)]
    pub date_fin: Option<String>,
    pub periodicite_paiement: PeriodiciteApi,
    /// The client's id.
    pub client: String,
    pub commentaire: Option<String>,
    /// PDF (1 MB at most), PNG or JPEG; several.
    #[schema(rename = "docs[]", value_type = Option<Vec<String>>, format = Binary)]
    pub docs: Option<Vec<String>>,
}

/// The multipart body of `POST /contrats-depenses/creer` and `/modifier`.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ContratDepenseFormulaire {
    #[schema(value_type = Option<String>)]
    pub id: Option<String>,
    pub titre: String,
    pub montant: String,
    #[schema(rename = "dateDebut", format = Date)]
    pub date_debut: String,
    #[schema(rename = "dateFin", format = Date)]
    pub date_fin: Option<String>,
    pub periodicite_paiement: PeriodiciteApi,
    /// The supplier's id.
    pub fournisseur: String,
    /// The category's id; empty: none.
    pub categorie: Option<String>,
    pub commentaire: Option<String>,
    #[schema(rename = "docs[]", value_type = Option<Vec<String>>, format = Binary)]
    pub docs: Option<Vec<String>>,
}
