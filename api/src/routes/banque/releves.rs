//! `/api/banque/releves…`: bank statements imported for an account and matched with its
//! movements (issue 22; the contract is docs/api-releves.md, the rules docs/decisions.md "Bank
//! statements (issue 22)"). The files are read by [`crate::releves`]; the statement, its new
//! lines and the pointing of its confident matches are one ledger command; the statements and
//! which line each movement was pointed with are the `releves` read model's.
//!
//! Reading and writing are the treasurer's (`finance_required`), like the pointing.

use std::collections::{BTreeMap, BTreeSet};

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use chrono::{Duration, NaiveDate};
use daftar_domain::banque::releves::{
    FicheReleve, FormatDate, FormatReleve, LigneReleve, LigneReleveRef, MappingReleve,
    RapprochementLigne, SeparateurDecimal,
};
use daftar_domain::banque::{BanqueCommand, BanqueEvent, Mouvement, TypeOperation};
use daftar_domain::ids::ResidenceId;
use daftar_domain::Montant;
use daftar_projections::banque::{self, MouvementRow};
use daftar_projections::releves::{self as lecture, ReleveRow};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};

use super::rapprochement::{DescriptionLigne, TableLigne, TablePointage};
use super::{dt, executer, id_cree};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::Finance;
use crate::documents::FormulaireMultipart;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::releves::rapprochement::{
    rapprocher as apparier, Candidat, Correspondance, LigneAMatcher, JOURS_APRES, JOURS_AVANT,
};
use crate::releves::{lire, Apercu, ErreurReleve, Lecture, ReleveLu};
use crate::request::{enumeration, required_id, required_text};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// Largest statement file read.
pub const RELEVE_OCTETS_MAX: usize = 5 * 1024 * 1024;

/// The format of a statement on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FormatReleveApi {
    Csv,
    Xlsx,
    Ofx,
    Camt053,
}

impl From<FormatReleve> for FormatReleveApi {
    fn from(format: FormatReleve) -> Self {
        match format {
            FormatReleve::Csv => Self::Csv,
            FormatReleve::Xlsx => Self::Xlsx,
            FormatReleve::Ofx => Self::Ofx,
            FormatReleve::Camt053 => Self::Camt053,
        }
    }
}

/// A CSV/XLSX column mapping (header names as in the file): either `montant` (signed) or the
/// `debit`/`credit` pair.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MappingApi {
    /// 1-based row holding the headers (rows above are skipped).
    pub ligne_entete: u32,
    pub date: String,
    pub libelle: String,
    pub montant: Option<String>,
    pub debit: Option<String>,
    pub credit: Option<String>,
    pub reference: Option<String>,
    /// `jj/mm/aaaa`, `aaaa-mm-jj`, `jj-mm-aaaa` or `jj.mm.aaaa`.
    #[schema(value_type = String)]
    pub format_date: FormatDate,
    /// `,` or `.`.
    #[schema(value_type = String)]
    pub separateur_decimal: SeparateurDecimal,
}

impl From<MappingReleve> for MappingApi {
    fn from(m: MappingReleve) -> Self {
        MappingApi {
            ligne_entete: m.ligne_entete,
            date: m.date,
            libelle: m.libelle,
            montant: m.montant,
            debit: m.debit,
            credit: m.credit,
            reference: m.reference,
            format_date: m.format_date,
            separateur_decimal: m.separateur_decimal,
        }
    }
}

impl From<MappingApi> for MappingReleve {
    fn from(m: MappingApi) -> Self {
        let texte = |t: Option<String>| t.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
        MappingReleve {
            ligne_entete: m.ligne_entete,
            date: m.date.trim().to_owned(),
            libelle: m.libelle.trim().to_owned(),
            montant: texte(m.montant),
            debit: texte(m.debit),
            credit: texte(m.credit),
            reference: texte(m.reference),
            format_date: m.format_date,
            separateur_decimal: m.separateur_decimal,
        }
    }
}

/// The multipart body of `POST /banque/releves/apercu` and `/importer` (for the OpenAPI
/// document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ReleveFormulaire {
    /// The account's id.
    pub compte: String,
    /// The bank's file: CSV, XLSX, OFX or camt.053, 5 MB at most.
    #[schema(value_type = String, format = Binary)]
    pub fichier: String,
    /// The column mapping as JSON text ([`MappingApi`]); CSV/XLSX only, else the one
    /// remembered for the account's bank.
    pub mapping: Option<String>,
}

/// A statement line as previewed.
#[derive(Debug, Serialize, ToSchema)]
pub struct LigneApercu {
    pub numero: u32,
    pub date: NaiveDate,
    pub libelle: String,
    /// Signed: money into the account positive.
    pub montant: Dt,
    pub reference: Option<String>,
    /// An earlier statement of the account brought this line: it will be skipped.
    pub deja_importee: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApercuResponse {
    pub success: bool,
    pub format: FormatReleveApi,
    pub sha256: String,
    /// This very file was imported for the account.
    pub deja_importe: bool,
    /// CSV/XLSX without a mapping given or remembered: `lignes` is empty, `colonnes` and
    /// `apercu_brut` feed the mapping form.
    pub mapping_requis: bool,
    /// The mapping used (given or remembered).
    pub mapping: Option<MappingApi>,
    /// CSV/XLSX: the header row's cells.
    pub colonnes: Vec<String>,
    /// CSV/XLSX: the first 8 rows from the header row, as text.
    pub apercu_brut: Vec<Vec<String>>,
    pub du: Option<NaiveDate>,
    pub au: Option<NaiveDate>,
    pub solde_ouverture: Option<Dt>,
    pub solde_cloture: Option<Dt>,
    pub lignes: Vec<LigneApercu>,
    pub total_credits: Dt,
    /// Positive: the sum of the money out.
    pub total_debits: Dt,
}

/// A movement of the books as a statement line shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MouvementReleve {
    pub table: TableLigne,
    pub id: i64,
    pub date: NaiveDate,
    pub libelle: String,
    /// Signed: money in positive.
    pub montant: Dt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatutLigne {
    /// Pointed with movements of the books (`mouvements`).
    Pointee,
    /// Candidates are proposed (`propositions`).
    Proposee,
    /// Nothing in the books: the line can become an operation (`suggestion`).
    SansCorrespondance,
}

/// What a line without a match likely is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeSuggestion {
    Frais,
    Interets,
    Retrait,
    Depot,
    /// Money in from a co-owner: a collection to record.
    Encaissement,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Suggestion {
    #[serde(rename = "type")]
    pub type_suggestion: TypeSuggestion,
    pub libelle: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LigneDetail {
    pub numero: u32,
    pub date: NaiveDate,
    pub libelle: String,
    pub montant: Dt,
    pub reference: Option<String>,
    pub statut: StatutLigne,
    /// The movements pointed with this line.
    pub mouvements: Vec<MouvementReleve>,
    /// Candidate sets, each making the line's amount, best first.
    pub propositions: Vec<Vec<MouvementReleve>>,
    pub suggestion: Option<Suggestion>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CompteReleve {
    pub id: i64,
    pub nom: String,
}

/// The statement's closing balance against the account's bank balance after pointing.
#[derive(Debug, Serialize, ToSchema)]
pub struct ControleReleve {
    /// The statement's closing balance (`null` when the file gives none: CSV, XLSX).
    pub solde_releve: Option<Dt>,
    /// The account's bank balance at `au`: the balance carried into the year (and an opening
    /// balance dated in it), plus the movements pointed by then (the reconciliation's
    /// `solde_banque`).
    pub solde_banque: Dt,
    /// `solde_releve − solde_banque`; `null` without a closing balance.
    pub ecart: Option<Dt>,
    /// The two agree; `null` without a closing balance.
    pub equilibre: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Releve {
    pub id: i64,
    pub compte: CompteReleve,
    pub format: FormatReleveApi,
    pub du: NaiveDate,
    pub au: NaiveDate,
    pub importe_le: NaiveDate,
    pub nom_fichier: Option<String>,
    pub sha256: String,
    pub solde_ouverture: Option<Dt>,
    pub solde_cloture: Option<Dt>,
    pub controle: ControleReleve,
    /// A line lies in a closed fiscal year: its pointing cannot change.
    pub is_closed: bool,
    pub lignes: Vec<LigneDetail>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReleveResponse {
    pub success: bool,
    pub releve: Releve,
    /// This very file had been imported for the account: nothing was recorded.
    pub deja_importe: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReleveActionResponse {
    pub success: bool,
    pub releve: Releve,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReleveResume {
    pub id: i64,
    pub compte: i64,
    pub format: FormatReleveApi,
    pub du: NaiveDate,
    pub au: NaiveDate,
    pub importe_le: NaiveDate,
    pub nom_fichier: Option<String>,
    pub lignes: usize,
    pub pointees: usize,
    pub proposees: usize,
    pub sans_correspondance: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RelevesResponse {
    pub success: bool,
    pub releves: Vec<ReleveResume>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RelevesQuery {
    /// The account's id.
    pub compte: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReleveQuery {
    /// The statement's id.
    pub id: Option<i64>,
}

/// A movement named by a request.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MouvementRef {
    #[schema(value_type = TablePointage)]
    pub table: Option<String>,
    pub id: Option<i64>,
}

/// `POST /banque/releves/rapprocher` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RapprocherRequest {
    #[schema(value_type = i64)]
    pub releve: Option<i64>,
    #[schema(value_type = u32)]
    pub ligne: Option<u32>,
    #[serde(default)]
    pub mouvements: Vec<MouvementRef>,
}

/// `POST /banque/releves/defaire` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LigneRequest {
    #[schema(value_type = i64)]
    pub releve: Option<i64>,
    #[schema(value_type = u32)]
    pub ligne: Option<u32>,
}

/// `POST /banque/releves/creer-operation` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreerOperationRequest {
    #[schema(value_type = i64)]
    pub releve: Option<i64>,
    #[schema(value_type = u32)]
    pub ligne: Option<u32>,
    /// `frais` or `retrait` for money out, `interets` or `depot` for money in.
    #[serde(rename = "type")]
    #[schema(value_type = super::TypeOperation)]
    pub type_operation: Option<String>,
    /// Required, 200 characters at most.
    #[schema(value_type = String)]
    pub libelle: Option<String>,
}

/// The statement form: the account, the file, the mapping, all checked.
struct Formulaire {
    compte: daftar_projections::banque::CompteRow,
    nom_fichier: Option<String>,
    octets: Vec<u8>,
    mapping: Option<MappingReleve>,
}

async fn lire_formulaire(
    state: &AppState,
    residence: i64,
    formulaire: FormulaireMultipart,
) -> Result<Formulaire, ApiError> {
    let mut errors = FieldErrors::new();
    let compte = match formulaire.champs.get("compte").map(|t| t.trim()) {
        None | Some("") => {
            errors.add("compte", ErrorCode::ChampObligatoire);
            None
        }
        Some(texte) => match texte.parse::<i64>() {
            Ok(id) if id > 0 => Some(id),
            _ => {
                errors.add("compte", ErrorCode::ValeurInvalide);
                None
            }
        },
    };
    let fichier = formulaire.fichiers_du_champ("fichier").next().cloned();
    match &fichier {
        None => errors.add("fichier", ErrorCode::ChampObligatoire),
        Some(f) if f.octets.len() > RELEVE_OCTETS_MAX => {
            errors.add("fichier", ErrorCode::FichierTropVolumineux)
        }
        Some(_) => {}
    }
    let mapping = match formulaire.champs.get("mapping").map(|t| t.trim()) {
        None | Some("") | Some("null") => None,
        Some(texte) => match serde_json::from_str::<MappingApi>(texte) {
            Ok(mapping) => {
                let mapping = MappingReleve::from(mapping);
                let paire = mapping.debit.is_some() && mapping.credit.is_some();
                let une_colonne = mapping.montant.is_some()
                    && mapping.debit.is_none()
                    && mapping.credit.is_none();
                if mapping.ligne_entete == 0
                    || mapping.date.is_empty()
                    || mapping.libelle.is_empty()
                    || !(paire || une_colonne)
                {
                    errors.add("mapping", ErrorCode::ValeurInvalide);
                }
                Some(mapping)
            }
            Err(_) => {
                errors.add("mapping", ErrorCode::ValeurInvalide);
                None
            }
        },
    };
    let (Some(compte_id), Some(fichier)) = (compte, fichier) else {
        return Err(ApiError::validation(errors));
    };
    errors.into_result()?;
    let compte = banque::compte(&state.db, residence, compte_id, state.today())
        .await?
        .ok_or(ErrorCode::CompteInconnu)?;
    let nom_fichier = fichier
        .nom_fichier
        .rsplit(['/', '\\'])
        .next()
        .map(|n| {
            n.chars()
                .filter(|c| !c.is_control())
                .take(200)
                .collect::<String>()
        })
        .filter(|n| !n.trim().is_empty());
    Ok(Formulaire {
        compte,
        nom_fichier,
        octets: fichier.octets,
        mapping,
    })
}

/// A reading error as the API answers it.
fn erreur_lecture(erreur: ErreurReleve) -> ApiError {
    match erreur {
        ErreurReleve::FormatInconnu => ApiError::field("fichier", ErrorCode::ReleveFormatInconnu),
        ErreurReleve::Illisible(raison) => {
            let mut errors = FieldErrors::new();
            errors.add_detailed("fichier", ErrorCode::ReleveIllisible, raison);
            ApiError::validation(errors)
        }
        ErreurReleve::LigneInvalide { ligne, raison } => {
            let mut errors = FieldErrors::new();
            errors.add_detailed(
                "fichier",
                ErrorCode::ReleveLigneInvalide,
                format!("Ligne {ligne} : {raison}"),
            );
            ApiError::validation(errors).with_ligne(ligne, raison)
        }
        ErreurReleve::ColonneInconnue(champ) => {
            let mut errors = FieldErrors::new();
            errors.add_detailed(
                "mapping",
                ErrorCode::ColonneInconnue,
                format!("Colonne introuvable pour « {champ} »."),
            );
            ApiError::validation(errors)
        }
    }
}

/// What a form's file reads as: the mapping used (given, else remembered for the bank).
struct Lu {
    format: FormatReleve,
    sha256: String,
    mapping: Option<MappingReleve>,
    apercu: Apercu,
    releve: Option<ReleveLu>,
}

async fn lire_fichier(
    state: &AppState,
    residence: i64,
    formulaire: &Formulaire,
) -> Result<Lu, ApiError> {
    let mapping = match &formulaire.mapping {
        Some(mapping) => Some(mapping.clone()),
        None => lecture::mapping(&state.db, residence, &formulaire.compte.banque).await?,
    };
    let octets = formulaire.octets.clone();
    let mapping_lu = mapping.clone();
    // Reading a 5 MB workbook is CPU work: off the async workers.
    let lecture = web::block(move || lire(&octets, mapping_lu.as_ref()))
        .await?
        .map_err(erreur_lecture)?;
    let sha256 = hex::encode(Sha256::digest(&formulaire.octets));
    Ok(match lecture {
        Lecture::MappingRequis { format, apercu } => Lu {
            format,
            sha256,
            mapping: None,
            apercu,
            releve: None,
        },
        Lecture::Lu { releve, apercu } => Lu {
            format: releve.format,
            sha256,
            mapping: matches!(releve.format, FormatReleve::Csv | FormatReleve::Xlsx)
                .then_some(mapping)
                .flatten(),
            apercu,
            releve: Some(releve),
        },
    })
}

/// The statement of the account recorded with this file, if any.
async fn releve_du_fichier(
    state: &AppState,
    residence: i64,
    compte_id: i64,
    sha256: &str,
) -> Result<Option<i64>, ApiError> {
    Ok(lecture::releves_du_compte(&state.db, residence, compte_id)
        .await?
        .into_iter()
        .find(|r| r.sha256 == sha256)
        .map(|r| r.id))
}

fn totaux(lignes: &[LigneReleve]) -> (Dt, Dt) {
    let (credits, debits) = lignes.iter().fold((0_i64, 0_i64), |(c, d), l| {
        let m = l.montant.millimes();
        if m >= 0 {
            (c.saturating_add(m), d)
        } else {
            (c, d.saturating_sub(m))
        }
    });
    (Dt::from_millimes(credits), Dt::from_millimes(debits))
}

/// Previews a statement file for an account: nothing is recorded.
#[utoipa::path(
    post,
    path = "/api/banque/releves/apercu",
    operation_id = "apercuReleve",
    tag = "banque",
    request_body(content = ReleveFormulaire, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The statement as read", body = ApercuResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `errors.compte`; `errors.fichier`: `champ_obligatoire`, `fichier_trop_volumineux`, `releve_format_inconnu`, `releve_illisible`, `releve_ligne_invalide` (with top-level `ligne` and `raison`); `errors.mapping`: `valeur_invalide`, `colonne_inconnue`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn apercu(
    state: web::Data<AppState>,
    current: Finance,
    formulaire: FormulaireMultipart,
) -> Result<web::Json<ApercuResponse>, ApiError> {
    let residence = current.residence_id;
    let formulaire = lire_formulaire(&state, residence, formulaire).await?;
    let lu = lire_fichier(&state, residence, &formulaire).await?;
    let compte_id = formulaire.compte.id;
    let deja_importe = releve_du_fichier(&state, residence, compte_id, &lu.sha256)
        .await?
        .is_some();
    let Some(releve) = lu.releve else {
        return Ok(web::Json(ApercuResponse {
            success: true,
            format: lu.format.into(),
            sha256: lu.sha256,
            deja_importe,
            mapping_requis: true,
            mapping: None,
            colonnes: lu.apercu.colonnes,
            apercu_brut: lu.apercu.apercu_brut,
            du: None,
            au: None,
            solde_ouverture: None,
            solde_cloture: None,
            lignes: Vec::new(),
            total_credits: Dt::ZERO,
            total_debits: Dt::ZERO,
        }));
    };
    let lignes = releve.lignes.clone();
    let deja = state
        .ledger
        .read(ResidenceId(residence), move |livre| {
            Ok(livre.banque.lignes_deja_importees(compte_id, &lignes))
        })
        .await?;
    let (total_credits, total_debits) = totaux(&releve.lignes);
    Ok(web::Json(ApercuResponse {
        success: true,
        format: lu.format.into(),
        sha256: lu.sha256,
        deja_importe,
        mapping_requis: false,
        mapping: lu.mapping.map(MappingApi::from),
        colonnes: lu.apercu.colonnes,
        apercu_brut: lu.apercu.apercu_brut,
        du: Some(releve.du),
        au: Some(releve.au),
        solde_ouverture: releve.solde_ouverture.map(dt),
        solde_cloture: releve.solde_cloture.map(dt),
        lignes: releve
            .lignes
            .into_iter()
            .zip(deja)
            .map(|(l, deja_importee)| LigneApercu {
                numero: l.numero,
                date: l.date,
                libelle: l.libelle,
                montant: dt(l.montant),
                reference: l.reference,
                deja_importee,
            })
            .collect(),
        total_credits,
        total_debits,
    }))
}

/// The account's movements not pointed yet that a statement's lines may match, as candidates.
async fn candidats(
    state: &AppState,
    residence: i64,
    compte_id: i64,
    (du, au): (NaiveDate, NaiveDate),
) -> Result<Vec<(Candidat, MouvementRow)>, ApiError> {
    let rows = banque::mouvements_du_compte(
        &state.db,
        residence,
        compte_id,
        (
            du - Duration::days(JOURS_AVANT),
            au + Duration::days(JOURS_APRES),
        ),
    )
    .await?;
    Ok(rows
        .into_iter()
        .filter(|row| row.date_banque.is_none())
        .map(|row| {
            (
                Candidat {
                    mouvement: Mouvement {
                        table: row.table,
                        id: row.id,
                    },
                    date: row.date,
                    montant: row.montant.millimes(),
                    reference: row.reference.clone(),
                },
                row,
            )
        })
        .collect())
}

fn a_matcher(ligne: &LigneReleve) -> LigneAMatcher {
    LigneAMatcher {
        date: ligne.date,
        montant: ligne.montant.millimes(),
        libelle: ligne.libelle.clone(),
        reference: ligne.reference.clone(),
    }
}

/// Records a statement, matches its new lines and points the confident matches.
#[utoipa::path(
    post,
    path = "/api/banque/releves/importer",
    operation_id = "importerReleve",
    tag = "banque",
    request_body(content = ReleveFormulaire, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Recorded, its confident matches pointed", body = ReleveResponse),
        (status = 200, description = "This file was already imported for the account: nothing recorded (`deja_importe: true`)", body = ReleveResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture` (a line dated in a closed year: nothing recorded)", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "as the preview; `errors.mapping`: `champ_obligatoire` for a CSV/XLSX without a mapping given or remembered", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn importer(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
) -> Result<HttpResponse, ApiError> {
    let residence = current.residence_id;
    let formulaire = lire_formulaire(&state, residence, formulaire).await?;
    let lu = lire_fichier(&state, residence, &formulaire).await?;
    let compte_id = formulaire.compte.id;
    if let Some(id) = releve_du_fichier(&state, residence, compte_id, &lu.sha256).await? {
        let releve = detail(&state, residence, id).await?;
        return Ok(HttpResponse::Ok().json(ReleveResponse {
            success: true,
            releve,
            deja_importe: true,
        }));
    }
    let Some(releve) = lu.releve else {
        return Err(ApiError::field("mapping", ErrorCode::ChampObligatoire));
    };
    // The new lines are matched now; the domain skips the same lines again when it records.
    let lignes = releve.lignes.clone();
    let deja = state
        .ledger
        .read(ResidenceId(residence), move |livre| {
            Ok(livre.banque.lignes_deja_importees(compte_id, &lignes))
        })
        .await?;
    let nouvelles: Vec<&LigneReleve> = releve
        .lignes
        .iter()
        .zip(&deja)
        .filter(|(_, deja)| !**deja)
        .map(|(l, _)| l)
        .collect();
    let mut rapprochements = Vec::new();
    if !nouvelles.is_empty() {
        let candidats: Vec<Candidat> =
            candidats(&state, residence, compte_id, (releve.du, releve.au))
                .await?
                .into_iter()
                .map(|(c, _)| c)
                .collect();
        let lignes: Vec<LigneAMatcher> = nouvelles.iter().map(|l| a_matcher(l)).collect();
        for (ligne, resultat) in nouvelles.iter().zip(apparier(&lignes, &candidats)) {
            if let Correspondance::Sure(mouvements) = resultat {
                rapprochements.push(RapprochementLigne {
                    numero: ligne.numero,
                    mouvements,
                });
            }
        }
    }
    let command = BanqueCommand::ImporterReleve {
        compte_id,
        fiche: FicheReleve {
            format: releve.format,
            sha256: lu.sha256,
            nom_fichier: formulaire.nom_fichier,
            du: releve.du,
            au: releve.au,
            importe_le: state.today(),
            solde_ouverture: releve.solde_ouverture,
            solde_cloture: releve.solde_cloture,
            mapping: lu.mapping,
            banque: None,
            lignes: releve.lignes,
        },
        rapprochements,
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let id = id_cree(&committed, |event| match event {
        BanqueEvent::ReleveImporte { releve_id, .. } => Some(*releve_id),
        _ => None,
    })?;
    let releve = detail(&state, residence, id).await?;
    Ok(
        HttpResponse::build(StatusCode::CREATED).json(ReleveResponse {
            success: true,
            releve,
            deja_importe: false,
        }),
    )
}

/// The account's statements, newest first, with their lines' statuses.
#[utoipa::path(
    get,
    path = "/api/banque/releves",
    operation_id = "getReleves",
    tag = "banque",
    params(RelevesQuery),
    responses(
        (status = 200, description = "The account's statements", body = RelevesResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.compte`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Finance,
    query: ApiQuery<RelevesQuery>,
) -> Result<web::Json<RelevesResponse>, ApiError> {
    let residence = current.residence_id;
    let compte_id = query
        .compte
        .ok_or_else(|| ApiError::field("compte", ErrorCode::ChampObligatoire))?;
    banque::compte(&state.db, residence, compte_id, state.today())
        .await?
        .ok_or(ErrorCode::CompteInconnu)?;
    let mut releves = Vec::new();
    for row in lecture::releves_du_compte(&state.db, residence, compte_id).await? {
        let releve = detail(&state, residence, row.id).await?;
        let compter =
            |statut: StatutLigne| releve.lignes.iter().filter(|l| l.statut == statut).count();
        releves.push(ReleveResume {
            id: row.id,
            compte: compte_id,
            format: row.format.into(),
            du: row.du,
            au: row.au,
            importe_le: row.importe_le,
            nom_fichier: row.nom_fichier,
            lignes: releve.lignes.len(),
            pointees: compter(StatutLigne::Pointee),
            proposees: compter(StatutLigne::Proposee),
            sans_correspondance: compter(StatutLigne::SansCorrespondance),
        });
    }
    Ok(web::Json(RelevesResponse {
        success: true,
        releves,
    }))
}

/// A statement with its lines' statuses, the movements pointed with them, the proposals and
/// the balance check.
#[utoipa::path(
    get,
    path = "/api/banque/releves/details",
    operation_id = "getReleve",
    tag = "banque",
    params(ReleveQuery),
    responses(
        (status = 200, description = "The statement", body = Releve),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`releve_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Finance,
    query: ApiQuery<ReleveQuery>,
) -> Result<web::Json<Releve>, ApiError> {
    let id = query
        .id
        .ok_or_else(|| ApiError::field("id", ErrorCode::ChampObligatoire))?;
    Ok(web::Json(detail(&state, current.residence_id, id).await?))
}

fn mouvement_releve(row: &MouvementRow) -> MouvementReleve {
    MouvementReleve {
        table: row.table.into(),
        id: row.id,
        date: row.date,
        libelle: DescriptionLigne::of(row).en_francais(),
        montant: dt(row.montant),
    }
}

/// What a line with nothing in the books likely is, from its sign and words.
fn suggestion(ligne: &LigneReleve) -> Option<Suggestion> {
    let texte = ligne.libelle.to_uppercase();
    let contient = |mots: &[&str]| mots.iter().any(|mot| texte.contains(mot));
    let type_suggestion = if ligne.montant.millimes() < 0 {
        if contient(&["RETRAIT", "DAB", "GAB", "ESPECES", "ESPÈCES"]) {
            TypeSuggestion::Retrait
        } else {
            // Money out the books do not know is most often the bank's fees.
            TypeSuggestion::Frais
        }
    } else if contient(&["INTERET", "INTÉRÊT", "INTÉRET", "REMUNERATION"]) {
        TypeSuggestion::Interets
    } else if contient(&["VERSEMENT", "VERS ESP", "DEPOT", "DÉPÔT"]) {
        TypeSuggestion::Depot
    } else {
        TypeSuggestion::Encaissement
    };
    Some(Suggestion {
        type_suggestion,
        libelle: ligne.libelle.clone(),
    })
}

/// A statement as the details answer it.
pub(crate) async fn detail(state: &AppState, residence: i64, id: i64) -> Result<Releve, ApiError> {
    let row: ReleveRow = lecture::releve(&state.db, residence, id)
        .await?
        .ok_or(ErrorCode::ReleveInconnu)?;
    let compte = banque::compte(&state.db, residence, row.compte_id, row.au)
        .await?
        .ok_or(ErrorCode::CompteInconnu)?;
    let lignes = lecture::lignes(&state.db, residence, id).await?;
    let liens = lecture::liens(&state.db, residence, id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    // Every movement of the account around the statement (pointed or not), by movement.
    let autour = banque::mouvements_du_compte(
        &state.db,
        residence,
        row.compte_id,
        (row.du - Duration::days(60), row.au + Duration::days(30)),
    )
    .await?;
    let mut rows: BTreeMap<Mouvement, MouvementRow> = autour
        .into_iter()
        .map(|r| {
            (
                Mouvement {
                    table: r.table,
                    id: r.id,
                },
                r,
            )
        })
        .collect();
    for mouvement in liens.values().flatten() {
        if !rows.contains_key(mouvement) {
            if let Some(r) = banque::mouvement(&state.db, residence, *mouvement).await? {
                rows.insert(*mouvement, r);
            }
        }
    }
    // A line is pointed while the movements pointed with it stay pointed.
    let pointees: BTreeMap<u32, Vec<&MouvementRow>> = liens
        .iter()
        .filter_map(|(numero, mouvements)| {
            let lus: Vec<&MouvementRow> = mouvements
                .iter()
                .filter_map(|m| rows.get(m))
                .filter(|r| r.compte_id == row.compte_id && r.date_banque.is_some())
                .collect();
            (!lus.is_empty()).then_some((*numero, lus))
        })
        .collect();
    let a_rapprocher: Vec<&LigneReleve> = lignes
        .iter()
        .filter(|l| !pointees.contains_key(&l.numero))
        .collect();
    let candidats: Vec<Candidat> = rows
        .values()
        .filter(|r| {
            r.date_banque.is_none()
                && r.date >= row.du - Duration::days(JOURS_AVANT)
                && r.date <= row.au + Duration::days(JOURS_APRES)
        })
        .map(|r| Candidat {
            mouvement: Mouvement {
                table: r.table,
                id: r.id,
            },
            date: r.date,
            montant: r.montant.millimes(),
            reference: r.reference.clone(),
        })
        .collect();
    let matches: Vec<LigneAMatcher> = a_rapprocher.iter().map(|l| a_matcher(l)).collect();
    let resultats: BTreeMap<u32, Correspondance> = a_rapprocher
        .iter()
        .map(|l| l.numero)
        .zip(apparier(&matches, &candidats))
        .collect();
    let mut details = Vec::with_capacity(lignes.len());
    for ligne in &lignes {
        let montant = dt(ligne.montant);
        let (statut, mouvements, propositions) = match pointees.get(&ligne.numero) {
            Some(lus) => (
                StatutLigne::Pointee,
                lus.iter().map(|r| mouvement_releve(r)).collect(),
                Vec::new(),
            ),
            None => match resultats.get(&ligne.numero) {
                Some(Correspondance::Sure(ensemble)) => (
                    StatutLigne::Proposee,
                    Vec::new(),
                    vec![ensemble
                        .iter()
                        .filter_map(|m| rows.get(m))
                        .map(mouvement_releve)
                        .collect()],
                ),
                Some(Correspondance::Proposee(ensembles)) => (
                    StatutLigne::Proposee,
                    Vec::new(),
                    ensembles
                        .iter()
                        .map(|e| {
                            e.iter()
                                .filter_map(|m| rows.get(m))
                                .map(mouvement_releve)
                                .collect()
                        })
                        .collect(),
                ),
                Some(Correspondance::Aucune) | None => {
                    (StatutLigne::SansCorrespondance, Vec::new(), Vec::new())
                }
            },
        };
        details.push(LigneDetail {
            numero: ligne.numero,
            date: ligne.date,
            libelle: ligne.libelle.clone(),
            montant,
            reference: ligne.reference.clone(),
            suggestion: (statut == StatutLigne::SansCorrespondance)
                .then(|| suggestion(ligne))
                .flatten(),
            statut,
            mouvements,
            propositions,
        });
    }
    let solde_banque = banque::solde_banque_au(&state.db, residence, &compte, row.au).await?;
    let ecart = row.solde_cloture.map(|solde| {
        Montant::from_millimes(solde.millimes().saturating_sub(solde_banque.millimes()))
    });
    Ok(Releve {
        id: row.id,
        compte: CompteReleve {
            id: compte.id,
            nom: compte.libelle.clone(),
        },
        format: row.format.into(),
        du: row.du,
        au: row.au,
        importe_le: row.importe_le,
        nom_fichier: row.nom_fichier,
        sha256: row.sha256,
        solde_ouverture: row.solde_ouverture.map(dt),
        solde_cloture: row.solde_cloture.map(dt),
        controle: ControleReleve {
            solde_releve: row.solde_cloture.map(dt),
            solde_banque: dt(solde_banque),
            ecart: ecart.map(dt),
            equilibre: ecart.map(|e| e.is_zero()),
        },
        is_closed: lignes.iter().any(|l| clotures.date(l.date)),
        lignes: details,
    })
}

/// A statement line named by a request, checked to be of the residence.
async fn ligne_demandee(
    state: &AppState,
    residence: i64,
    errors: &mut FieldErrors,
    releve: Option<i64>,
    ligne: Option<u32>,
) -> Result<Option<LigneReleveRef>, ApiError> {
    let releve = required_id(errors, "releve", releve);
    if ligne.is_none() {
        errors.add("ligne", ErrorCode::ChampObligatoire);
    }
    let (Some(releve_id), Some(numero)) = (releve, ligne) else {
        return Ok(None);
    };
    lecture::releve(&state.db, residence, releve_id)
        .await?
        .ok_or(ErrorCode::ReleveInconnu)?;
    Ok(Some(LigneReleveRef { releve_id, numero }))
}

/// Points movements with a statement line, on the line's date.
#[utoipa::path(
    post,
    path = "/api/banque/releves/rapprocher",
    operation_id = "rapprocherLigneReleve",
    tag = "banque",
    request_body = RapprocherRequest,
    responses(
        (status = 200, description = "Pointed; the statement as it now is", body = ReleveActionResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`releve_inconnu`, `ligne_releve_inconnue`, `mouvement_inconnu` (also a movement of another account)", body = ErrorBody),
        (status = 409, description = "`deja_pointe`, `ligne_deja_rapprochee`, `aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`montants_differents`, `aucun_mouvement`; `validation_failed` (`errors.releve`, `errors.ligne`, `errors.mouvements`: `table_invalide`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn rapprocher(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<RapprocherRequest>,
) -> Result<web::Json<ReleveActionResponse>, ApiError> {
    let residence = current.residence_id;
    let request = body.into_inner();
    let mut errors = FieldErrors::new();
    let mut mouvements = BTreeSet::new();
    for reference in request.mouvements {
        let table: Option<TablePointage> = enumeration(
            &mut errors,
            "mouvements",
            reference.table,
            ErrorCode::TableInvalide,
        );
        let id = required_id(&mut errors, "mouvements", reference.id);
        if let (Some(table), Some(id)) = (table, id) {
            mouvements.insert(Mouvement {
                table: table.into(),
                id,
            });
        }
    }
    let ligne = ligne_demandee(
        &state,
        residence,
        &mut errors,
        request.releve,
        request.ligne,
    )
    .await?;
    errors.into_result()?;
    let Some(ligne) = ligne else {
        return Err(ApiError::validation(FieldErrors::new()));
    };
    let command = BanqueCommand::RapprocherLigne {
        ligne,
        mouvements: mouvements.into_iter().collect(),
    };
    executer_sur_ligne(&state, &current, &request_id, ligne, command).await
}

/// Unpoints what was pointed with a statement line.
#[utoipa::path(
    post,
    path = "/api/banque/releves/defaire",
    operation_id = "defaireLigneReleve",
    tag = "banque",
    request_body = LigneRequest,
    responses(
        (status = 200, description = "Unpointed; the statement as it now is", body = ReleveActionResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`releve_inconnu`, `ligne_releve_inconnue`", body = ErrorBody),
        (status = 409, description = "`ligne_non_rapprochee`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.releve`, `errors.ligne`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn defaire(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<LigneRequest>,
) -> Result<web::Json<ReleveActionResponse>, ApiError> {
    let residence = current.residence_id;
    let request = body.into_inner();
    let mut errors = FieldErrors::new();
    let ligne = ligne_demandee(
        &state,
        residence,
        &mut errors,
        request.releve,
        request.ligne,
    )
    .await?;
    errors.into_result()?;
    let Some(ligne) = ligne else {
        return Err(ApiError::validation(FieldErrors::new()));
    };
    let command = BanqueCommand::DefaireLigne { ligne };
    executer_sur_ligne(&state, &current, &request_id, ligne, command).await
}

/// Records the bank operation a line without a match shows and points it with the line.
#[utoipa::path(
    post,
    path = "/api/banque/releves/creer-operation",
    operation_id = "creerOperationLigneReleve",
    tag = "banque",
    request_body = CreerOperationRequest,
    responses(
        (status = 200, description = "Recorded and pointed; the statement as it now is", body = ReleveActionResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`releve_inconnu`, `ligne_releve_inconnue`", body = ErrorBody),
        (status = 409, description = "`ligne_deja_rapprochee`, `aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`type_incompatible`; `validation_failed` (`errors.releve`, `errors.ligne`, `errors.type`: `type_operation_invalide`, `errors.libelle`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn creer_operation(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<CreerOperationRequest>,
) -> Result<web::Json<ReleveActionResponse>, ApiError> {
    let residence = current.residence_id;
    let request = body.into_inner();
    let mut errors = FieldErrors::new();
    let type_operation: Option<TypeOperation> = enumeration(
        &mut errors,
        "type",
        request.type_operation,
        ErrorCode::TypeOperationInvalide,
    );
    if type_operation.is_none() && errors.codes("type").is_empty() {
        errors.add("type", ErrorCode::ChampObligatoire);
    }
    let libelle = required_text(&mut errors, "libelle", request.libelle);
    if libelle.chars().count() > 200 {
        errors.add("libelle", ErrorCode::LibelleInvalide);
    }
    let ligne = ligne_demandee(
        &state,
        residence,
        &mut errors,
        request.releve,
        request.ligne,
    )
    .await?;
    errors.into_result()?;
    let (Some(ligne), Some(type_operation)) = (ligne, type_operation) else {
        return Err(ApiError::validation(FieldErrors::new()));
    };
    let command = BanqueCommand::CreerOperationLigne {
        ligne,
        type_operation,
        libelle,
    };
    executer_sur_ligne(&state, &current, &request_id, ligne, command).await
}

/// Records a command on a statement's line and answers the statement as it now is (what the
/// line actions' screens show again).
async fn executer_sur_ligne(
    state: &AppState,
    current: &Finance,
    request_id: &RequestId,
    ligne: LigneReleveRef,
    command: BanqueCommand,
) -> Result<web::Json<ReleveActionResponse>, ApiError> {
    executer(state, current, request_id, command).await?;
    Ok(web::Json(ReleveActionResponse {
        success: true,
        releve: detail(state, current.residence_id, ligne.releve_id).await?,
    }))
}
