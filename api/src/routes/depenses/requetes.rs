//! The requests of the charges and works: the record's form (sent as multipart with its files;
//! its text fields read into [`DepenseRequest`] exactly as a JSON body would be), the payments'
//! and the deletions' JSON bodies. Each converts by `TryFrom` into what the command carries,
//! reporting every wrong field at once.

use chrono::NaiveDate;
use daftar_domain::depenses::{
    Approbateur, Approbation, FicheDepense, MethodePaiementDepense, NatureDepense, TypeApprobateur,
};
use daftar_domain::paiement::Paiement;
use daftar_domain::Montant;
use serde::Deserialize;
use utoipa::ToSchema;

use super::reponses::MethodePaiementDepenseApi;
use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::money::Dt;
use crate::request::{
    self, date_requise, enumeration, optional_line, optional_text, required_id, required_text,
    Minimum, MontantSaisi, Precision,
};

/// Longest title of a record: the domain's.
const TITRE_MAX: usize = 200;
/// Longest payment reference.
const REFERENCE_MAX: usize = 100;

/// The text fields of `POST /charges-courantes/creer`, `/modifier` and their works
/// counterparts, as the multipart body carries them (every value a text; an empty text is a
/// field left empty).
#[derive(Debug, Default, Deserialize)]
pub struct DepenseRequest {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub titre: Option<String>,
    #[serde(default)]
    pub montant: Option<MontantSaisi>,
    #[serde(default)]
    pub date_facture: Option<String>,
    #[serde(default)]
    pub fournisseur: Option<String>,
    #[serde(default)]
    pub categorie: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub is_approved: Option<String>,
    #[serde(default)]
    pub approuve_par: Option<String>,
    #[serde(default)]
    pub ag: Option<String>,
    #[serde(default)]
    pub vote: Option<String>,
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

/// The works' decision: `1` approved, `0` refused, empty undecided; the approver named by
/// `approuve_par` (`assemblee` reads `ag`, `vote` reads `vote`).
fn approbation(errors: &mut FieldErrors, request: &mut DepenseRequest) -> Option<Approbation> {
    let approuve = match optional_text(request.is_approved.take()).as_deref() {
        None => None,
        Some("1") => Some(true),
        Some("0") => Some(false),
        Some(_) => {
            errors.add("is_approved", ErrorCode::ValeurInvalide);
            None
        }
    };
    let par = match optional_text(request.approuve_par.take()).as_deref() {
        None => None,
        Some("assemblee") => {
            id_texte(errors, "ag", request.ag.take(), true).map(|id| Approbateur {
                type_approbateur: TypeApprobateur::Assemblee,
                id,
            })
        }
        Some("vote") => id_texte(errors, "vote", request.vote.take(), true).map(|id| Approbateur {
            type_approbateur: TypeApprobateur::Vote,
            id,
        }),
        Some(_) => {
            errors.add("approuve_par", ErrorCode::ValeurInvalide);
            None
        }
    };
    approuve.map(|approuve| Approbation { approuve, par })
}

/// A record's form as the command carries it: its id (for an edit) and its record.
pub struct SaisieDepense {
    pub id: Option<i64>,
    pub fiche: FicheDepense,
}

impl SaisieDepense {
    /// Reads the form of a record of `nature`; `avec_id` for an edit (`id` required).
    pub fn lire(
        mut request: DepenseRequest,
        nature: NatureDepense,
        avec_id: bool,
        errors: &mut FieldErrors,
    ) -> Option<Self> {
        let id = if avec_id {
            id_texte(errors, "id", request.id.take(), true)
        } else {
            None
        };
        let titre = required_text(errors, "titre", request.titre.take());
        if titre.chars().count() > TITRE_MAX {
            errors.add("titre", ErrorCode::TitreTropLong);
        }
        let montant = montant(errors, request.montant.as_ref());
        let date_facture = date_requise(errors, "date_facture", request.date_facture.take());
        let fournisseur = id_texte(errors, "fournisseur", request.fournisseur.take(), true);
        let categorie = id_texte(errors, "categorie", request.categorie.take(), false);
        let (description, approbation) = match nature {
            NatureDepense::Charge => (None, None),
            NatureDepense::Travaux => (
                optional_text(request.description.take()),
                approbation(errors, &mut request),
            ),
        };
        let fiche = FicheDepense {
            titre,
            montant_total: montant?,
            date_facture: date_facture?,
            fournisseur_id: fournisseur?,
            categorie_id: categorie,
            commentaire: optional_text(request.commentaire.take()),
            description,
            approbation,
        };
        if avec_id && id.is_none() {
            return None;
        }
        Some(SaisieDepense { id, fiche })
    }
}

/// An amount of a charge, works item or payment: required, above zero, up to three decimals.
fn montant(errors: &mut FieldErrors, montant: Option<&MontantSaisi>) -> Option<Montant> {
    request::montant(
        errors,
        "montant",
        montant,
        (Precision::Millimes, Minimum::Positif),
        true,
    )
}

/// `POST /charges-courantes/payer` (and `/travaux/payer`) body. Fields are optional here only
/// so that every missing or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PayerRequest {
    /// The charge's or works item's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    /// DT > 0, up to three decimals, at most `restant_du`.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    /// `yyyy-MM-dd`, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodePaiementDepenseApi, required = true)]
    pub methode_paiement: Option<String>,
    /// Kept for `cheque` and `virement` only; 100 characters at most.
    #[serde(default)]
    pub reference_paiement: Option<String>,
}

/// `POST /charges-courantes/modifier-paiement` (and `/travaux/modifier-paiement`) body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierPaiementRequest {
    /// The payment's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    /// The charge the payment pays (informative: the payment names it).
    #[serde(default)]
    pub charge_id: Option<i64>,
    /// The works item the payment pays (informative: the payment names it).
    #[serde(default)]
    pub travaux_id: Option<i64>,
    /// DT > 0, up to three decimals, at most `restant_du` plus the payment's own amount.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodePaiementDepenseApi, required = true)]
    pub methode_paiement: Option<String>,
    #[serde(default)]
    pub reference_paiement: Option<String>,
}

/// A payment's fields, every wrong one recorded.
fn paiement(
    errors: &mut FieldErrors,
    montant_saisi: Option<&MontantSaisi>,
    date_paiement: Option<String>,
    methode: Option<String>,
    reference: Option<String>,
) -> Option<Paiement<MethodePaiementDepense>> {
    let montant = montant(errors, montant_saisi);
    let date_paiement: Option<NaiveDate> = date_requise(errors, "date_paiement", date_paiement);
    let methode: Option<MethodePaiementDepenseApi> = enumeration(
        errors,
        "methode_paiement",
        methode,
        ErrorCode::MethodePaiementDepenseInvalide,
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

/// A valid payment of a record.
pub struct PaiementSaisi {
    /// The record's id (`/payer`) or the payment's (`/modifier-paiement`).
    pub id: i64,
    pub paiement: Paiement<MethodePaiementDepense>,
}

impl TryFrom<PayerRequest> for PaiementSaisi {
    type Error = ApiError;

    fn try_from(request: PayerRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let id = required_id(&mut errors, "id", request.id);
        let paiement = paiement(
            &mut errors,
            request.montant.as_ref(),
            request.date_paiement,
            request.methode_paiement,
            request.reference_paiement,
        );
        match (id, paiement) {
            (Some(id), Some(paiement)) if errors.is_empty() => Ok(PaiementSaisi { id, paiement }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

impl TryFrom<ModifierPaiementRequest> for PaiementSaisi {
    type Error = ApiError;

    fn try_from(request: ModifierPaiementRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let id = required_id(&mut errors, "id", request.id);
        let paiement = paiement(
            &mut errors,
            request.montant.as_ref(),
            request.date_paiement,
            request.methode_paiement,
            request.reference_paiement,
        );
        match (id, paiement) {
            (Some(id), Some(paiement)) if errors.is_empty() => Ok(PaiementSaisi { id, paiement }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// A body naming one record, payment or file by its id (`/supprimer`, `/supprimer-paiement`,
/// `/factures/supprimer`, `/devis/supprimer`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdRequest {
    pub id: i64,
}

/// `?id=` of `/details-files`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    /// The charge's or works item's id.
    pub id: i64,
}

/// The multipart body of `POST /charges-courantes/creer` and `/modifier` (for the OpenAPI
/// document: the server reads its text fields into the same request type as a JSON body).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ChargeFormulaire {
    /// `/modifier` only, required there.
    #[schema(value_type = Option<String>)]
    pub id: Option<String>,
    /// Required, 200 characters at most.
    pub titre: String,
    /// DT > 0, up to three decimals (comma or point; spaces ignored).
    pub montant: String,
    /// `yyyy-MM-dd`, in an open exercice.
    #[schema(format = Date)]
    pub date_facture: String,
    /// The supplier's id.
    pub fournisseur: String,
    /// The category's id; empty: none.
    pub categorie: Option<String>,
    pub commentaire: Option<String>,
    /// Invoices: PDF (1 MB at most), PNG or JPEG; several.
    #[schema(rename = "factures[]", value_type = Option<Vec<String>>, format = Binary)]
    pub factures: Option<Vec<String>>,
    /// Quotes: PDF (1 MB at most), PNG or JPEG; several.
    #[schema(rename = "devis[]", value_type = Option<Vec<String>>, format = Binary)]
    pub devis: Option<Vec<String>>,
}

/// The multipart body of `POST /travaux/creer` and `/modifier`: a charge's fields and the
/// works' description and approval.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct TravauxFormulaire {
    /// `/modifier` only, required there.
    #[schema(value_type = Option<String>)]
    pub id: Option<String>,
    pub titre: String,
    pub montant: String,
    #[schema(format = Date)]
    pub date_facture: String,
    pub fournisseur: String,
    pub categorie: Option<String>,
    pub commentaire: Option<String>,
    pub description: Option<String>,
    /// `1` approved, `0` refused, empty undecided.
    pub is_approved: Option<String>,
    /// `assemblee`, `vote` or empty: which of `ag` and `vote` names the approver (422
    /// `approbateur_inconnu` when the residence has no such meeting or vote).
    pub approuve_par: Option<String>,
    /// The approving assembly's id.
    pub ag: Option<String>,
    /// The approving vote's id.
    pub vote: Option<String>,
    #[schema(rename = "factures[]", value_type = Option<Vec<String>>, format = Binary)]
    pub factures: Option<Vec<String>>,
    #[schema(rename = "devis[]", value_type = Option<Vec<String>>, format = Binary)]
    pub devis: Option<Vec<String>>,
}
