//! The answers of the payroll's routes (docs/api-salaires.md).

use std::borrow::Cow;

use chrono::NaiveDate;
use daftar_domain::salaires::{MethodePaiementSalaire, TauxCharges};
use daftar_projections::salaires::{ChargePatronaleRow, PaiementSalaireRow, SalarieRow};
use serde::ser::{Error as _, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

use crate::exercices_clotures::ExercicesClotures;
use crate::money::Dt;
use crate::routes::depenses::reponses::MethodePaiementDepenseApi;

/// Whether an employee is declared with employer charges (spec 2 §3: the form's
/// `charges_patronales`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChargesPatronalesDeclarees {
    Avec,
    Sans,
}

/// How a salary is paid (spec 2 §9: salary payments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiementSalaireApi {
    Espece,
    Cheque,
    Virement,
}

impl From<MethodePaiementSalaireApi> for MethodePaiementSalaire {
    fn from(value: MethodePaiementSalaireApi) -> Self {
        match value {
            MethodePaiementSalaireApi::Espece => Self::Espece,
            MethodePaiementSalaireApi::Cheque => Self::Cheque,
            MethodePaiementSalaireApi::Virement => Self::Virement,
        }
    }
}

impl From<MethodePaiementSalaire> for MethodePaiementSalaireApi {
    fn from(value: MethodePaiementSalaire) -> Self {
        match value {
            MethodePaiementSalaire::Espece => Self::Espece,
            MethodePaiementSalaire::Cheque => Self::Cheque,
            MethodePaiementSalaire::Virement => Self::Virement,
        }
    }
}

/// A percentage on the wire: a JSON number with up to two decimals (`16.57`), written exactly
/// from the hundredths the ledger keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pourcentage(pub TauxCharges);

impl Serialize for Pourcentage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = RawValue::from_string(self.0.en_texte()).map_err(S::Error::custom)?;
        raw.serialize(serializer)
    }
}

impl utoipa::PartialSchema for Pourcentage {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .description(Some(
                "A percentage with up to two decimals (16.57 is 16.57 %), exact.",
            ))
            .examples([serde_json::json!(16.57)])
            .into()
    }
}

impl ToSchema for Pourcentage {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Pourcentage")
    }
}

/// A month as the screens write it: `YYYY-MM`.
pub fn mois_texte(mois: NaiveDate) -> String {
    mois.format("%Y-%m").to_string()
}

/// An employee (spec 2 §3 "Employee").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Salarie {
    pub id: i64,
    pub nom: String,
    pub poste: String,
    /// 8 digits.
    pub tel: String,
    /// 8 digits, or null.
    pub cin: Option<String>,
    /// Employed today: no `date_fin`, or one not yet past (the server's today).
    pub is_current: bool,
    pub date_naissance: Option<NaiveDate>,
    pub adresse: Option<String>,
    /// `avec`: declared with employer charges (`salaire_brut`, `taux_charges_patronales`).
    pub charges_patronales: ChargesPatronalesDeclarees,
    /// The monthly salary declared (the gross salary with `avec`).
    pub salaire: Dt,
    /// With `avec` only.
    pub salaire_brut: Option<Dt>,
    /// With `avec` only: the global rate in percent (16.57).
    pub taux_charges_patronales: Option<Pourcentage>,
    /// With `avec` only: the rate as the form writes it (`16.57%`).
    pub taux_global_charges_patronales: Option<String>,
    /// With `avec` only: `salaire_brut` × the rate, rounded to the millime.
    pub montant_charges_patronales: Option<Dt>,
    pub numero_cnss: Option<String>,
    pub rib: Option<String>,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    pub commentaire: Option<String>,
    /// It has salary payments: it cannot be deleted (`salarie_avec_paiements`).
    pub has_paiements: bool,
    /// What its salary payments add up to.
    pub total_paye: Dt,
}

impl Salarie {
    pub fn new(row: SalarieRow, aujourd_hui: NaiveDate) -> Self {
        let taux = row.taux_charges_patronales;
        Salarie {
            id: row.id,
            nom: row.nom,
            poste: row.poste,
            tel: row.tel,
            cin: row.cin,
            is_current: row.date_fin.is_none_or(|fin| fin >= aujourd_hui),
            date_naissance: row.date_naissance,
            adresse: row.adresse,
            charges_patronales: if taux.is_some() {
                ChargesPatronalesDeclarees::Avec
            } else {
                ChargesPatronalesDeclarees::Sans
            },
            salaire: row.salaire.into(),
            salaire_brut: taux.map(|_| row.salaire.into()),
            taux_charges_patronales: taux.map(Pourcentage),
            taux_global_charges_patronales: taux.map(|t| format!("{}%", t.en_texte())),
            montant_charges_patronales: taux.map(|t| t.sur(row.salaire).into()),
            numero_cnss: row.numero_cnss,
            rib: row.rib,
            date_debut: row.date_debut,
            date_fin: row.date_fin,
            commentaire: row.commentaire,
            has_paiements: row.has_paiements,
            total_paye: row.total_paye.into(),
        }
    }
}

/// A salary payment (spec 2 §3 "Salary payment").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaiementSalaire {
    pub id: i64,
    pub salarie_id: i64,
    pub salarie_nom: String,
    /// The month paid, `YYYY-MM`.
    pub mois: String,
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    pub methode_paiement: MethodePaiementSalaireApi,
    pub reference_piece_justificative: Option<String>,
    pub commentaire: Option<String>,
    /// The bank account it left (the main one when it was recorded); null for cash.
    pub compte_id: Option<i64>,
    /// Its date is in a closed exercice: it can no longer be edited or deleted.
    pub is_closed: bool,
}

impl PaiementSalaire {
    pub fn new(row: PaiementSalaireRow, clotures: &ExercicesClotures) -> Self {
        PaiementSalaire {
            id: row.id,
            salarie_id: row.salarie_id,
            salarie_nom: row.salarie_nom,
            mois: mois_texte(row.mois),
            montant: row.montant.into(),
            is_closed: clotures.date(row.date_paiement),
            date_paiement: row.date_paiement,
            methode_paiement: row.methode.into(),
            reference_piece_justificative: row.reference,
            commentaire: row.commentaire,
            compte_id: row.compte_id,
        }
    }
}

/// An employee with its salary payments, newest month first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SalarieDetail {
    #[serde(flatten)]
    pub salarie: Salarie,
    pub paiements: Vec<PaiementSalaire>,
}

/// An employer-charge payment (spec 2 §3 "Employer-charge payment").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChargePatronale {
    pub id: i64,
    pub titre: String,
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    pub methode_paiement: MethodePaiementDepenseApi,
    pub reference_piece_justificative: Option<String>,
    pub commentaire: Option<String>,
    /// The bank account it left (the main one when it was recorded); null for cash.
    pub compte_id: Option<i64>,
    /// Its date is in a closed exercice: it can no longer be edited or deleted.
    pub is_closed: bool,
}

impl ChargePatronale {
    pub fn new(row: ChargePatronaleRow, clotures: &ExercicesClotures) -> Self {
        ChargePatronale {
            id: row.id,
            titre: row.titre,
            montant: row.montant.into(),
            is_closed: clotures.date(row.date_paiement),
            date_paiement: row.date_paiement,
            methode_paiement: row.methode.into(),
            reference_piece_justificative: row.reference,
            commentaire: row.commentaire,
            compte_id: row.compte_id,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SalariesResponse {
    pub success: bool,
    /// Current employees first, then by name (accents and case ignored).
    pub salaries: Vec<Salarie>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SalarieResponse {
    pub success: bool,
    pub salarie: SalarieDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaiementSalaireResponse {
    pub success: bool,
    pub paiement: PaiementSalaire,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChargesPatronalesResponse {
    pub success: bool,
    /// Newest first.
    pub paiements: Vec<ChargePatronale>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChargePatronaleResponse {
    pub success: bool,
    pub charge_patronale_paiement: ChargePatronale,
}
