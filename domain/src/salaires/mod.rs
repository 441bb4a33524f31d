//! Payroll (spec 2 §2 "Salaries and employer charges", §3 "Employee", "Salary payment",
//! "Employer-charge payment", §5, §9): the residence's employees (salariés: a concierge, a
//! cleaner), the salaries paid to them month by month, and the employer social charges paid to
//! the CNSS. Rules in docs/domain.md "Payroll"; what each payment posts to the books in
//! [`crate::comptabilite`] (641 salaries, 645 employer charges, against the cash box or the
//! bank account the payment left).
//!
//! An employee is a record, not a money fact: it posts nothing and is not tied to an exercice.
//! Its payments are money facts: dated in an open exercice, leaving the cash box (cash) or the
//! main bank account (every other method), where the reconciliation shows them.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::banque::CompteBancaireId;
use crate::error::CodeErreur;
use crate::exercice::ExerciceError;
use crate::montant::Montant;

mod decide;
mod events;

pub use events::{
    ChargePatronaleFaite, FicheSalarie, PaiementSalaireFait, SaisieChargePatronale,
    SaisiePaiementSalaire, SalairesCommand, SalairesEvent,
};

pub type SalarieId = i64;
pub type PaiementSalaireId = i64;
pub type ChargePatronaleId = i64;

/// Highest monthly salary and salary payment (spec 2 §5, §9: 9 999,999 DT).
pub const SALAIRE_MAX: Montant = Montant::from_millimes(9_999_999);
/// Highest employer-charge payment (spec 2 §9: 99 999,999 DT).
pub const CHARGE_PATRONALE_MAX: Montant = Montant::from_millimes(99_999_999);

/// The first birth date the form accepts (spec 2 §5 "Employee").
pub fn naissance_min() -> NaiveDate {
    NaiveDate::from_ymd_opt(1930, 1, 1).unwrap_or(NaiveDate::MIN)
}

/// The range of an employment's start and end (spec 2 §5 "Employee": contract dates).
pub fn contrat_min() -> NaiveDate {
    NaiveDate::from_ymd_opt(1985, 1, 1).unwrap_or(NaiveDate::MIN)
}

pub fn contrat_max() -> NaiveDate {
    NaiveDate::from_ymd_opt(2035, 12, 31).unwrap_or(NaiveDate::MAX)
}

/// A rate of employer charges in hundredths of a percent (16.57 % is 1657): kept exact, as the
/// form writes it (up to two decimals), never as a float.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TauxCharges(i64);

impl TauxCharges {
    pub const fn from_centiemes(centiemes: i64) -> Self {
        TauxCharges(centiemes)
    }

    pub const fn centiemes(self) -> i64 {
        self.0
    }

    /// Strictly between 0 % and 100 %.
    pub const fn est_valide(self) -> bool {
        self.0 > 0 && self.0 < 10_000
    }

    /// `16.57`, `12.5`, `20`: the percentage as the form writes it, without its sign.
    pub fn en_texte(self) -> String {
        let (entier, decimales) = (self.0 / 100, self.0 % 100);
        match decimales {
            0 => entier.to_string(),
            d if d % 10 == 0 => format!("{entier}.{}", d / 10),
            d => format!("{entier}.{d:02}"),
        }
    }

    /// The charges on `montant` at this rate, rounded to the nearest millime (half up).
    pub fn sur(self, montant: Montant) -> Montant {
        let produit = i128::from(montant.millimes()) * i128::from(self.0);
        let arrondi = (produit + 5_000).div_euclid(10_000);
        Montant::from_millimes(i64::try_from(arrondi).unwrap_or(i64::MAX))
    }
}

/// How a salary is paid (spec 2 §9: salary payments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiementSalaire {
    Espece,
    Cheque,
    Virement,
}

impl MethodePaiementSalaire {
    /// Every method but cash leaves the bank.
    pub fn par_banque(self) -> bool {
        self != MethodePaiementSalaire::Espece
    }
}

/// An employee as the decisions need it: its record and its payments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Salarie {
    pub fiche: FicheSalarie,
    pub paiements: BTreeMap<PaiementSalaireId, PaiementSalaireFait>,
}

/// The payroll of a residence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Salaires {
    pub(crate) salaries: BTreeMap<SalarieId, Salarie>,
    /// The employee each salary payment pays.
    pub(crate) paiements: BTreeMap<PaiementSalaireId, SalarieId>,
    pub(crate) charges_patronales: BTreeMap<ChargePatronaleId, ChargePatronaleFaite>,
    /// The highest id ever issued per kind of record: ids of deleted records are not reused.
    pub(crate) derniers_ids: BTreeMap<String, i64>,
}

impl Salaires {
    pub fn salarie(&self, id: SalarieId) -> Option<&Salarie> {
        self.salaries.get(&id)
    }

    pub fn salaries(&self) -> impl Iterator<Item = (SalarieId, &Salarie)> {
        self.salaries.iter().map(|(id, s)| (*id, s))
    }

    /// A salary payment and the employee it pays.
    pub fn paiement(&self, id: PaiementSalaireId) -> Option<(SalarieId, &PaiementSalaireFait)> {
        let salarie_id = *self.paiements.get(&id)?;
        let paiement = self.salaries.get(&salarie_id)?.paiements.get(&id)?;
        Some((salarie_id, paiement))
    }

    pub fn charge_patronale(&self, id: ChargePatronaleId) -> Option<&ChargePatronaleFaite> {
        self.charges_patronales.get(&id)
    }

    pub fn charges_patronales(
        &self,
    ) -> impl Iterator<Item = (ChargePatronaleId, &ChargePatronaleFaite)> {
        self.charges_patronales.iter().map(|(id, c)| (*id, c))
    }

    /// The payments that left a bank account: salaries and employer charges (the account's
    /// deletion is refused while any does).
    pub fn paiements_sur_compte(&self) -> impl Iterator<Item = CompteBancaireId> + '_ {
        self.salaries
            .values()
            .flat_map(|s| s.paiements.values())
            .filter_map(|p| p.compte_id)
            .chain(self.charges_patronales.values().filter_map(|c| c.compte_id))
    }

    fn prochain_id(&self, kind: &str) -> i64 {
        self.derniers_ids.get(kind).copied().unwrap_or(0) + 1
    }

    fn noter_id(&mut self, kind: &str, id: i64) {
        let last = self.derniers_ids.entry(kind.to_owned()).or_insert(0);
        *last = (*last).max(id);
    }
}

/// Why a payroll command is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SalairesError {
    /// The date guard of the fiscal years (closed or missing exercice).
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error("le nom est obligatoire (1 à 200 caractères)")]
    NomInvalide,
    #[error("le poste est obligatoire (1 à 200 caractères)")]
    PosteInvalide,
    #[error("le titre est obligatoire (1 à 200 caractères)")]
    TitreInvalide,
    #[error("le téléphone doit compter 8 chiffres")]
    TelInvalide,
    #[error("le CIN doit compter 8 chiffres")]
    CinInvalide,
    #[error("le montant doit être strictement positif")]
    MontantInvalide,
    #[error("le montant dépasse le maximum")]
    MontantTropEleve,
    #[error("le taux des charges patronales doit être compris entre 0 et 100 %")]
    TauxInvalide,
    #[error("une date est hors de la plage acceptée")]
    DateHorsPlage,
    #[error("la date de fin ne peut pas précéder la date de début")]
    FinAvantDebut,
    #[error("la date de paiement ne peut pas être dans le futur")]
    DatePaiementFuture,
    #[error("salarié {0} inconnu")]
    SalarieInconnu(SalarieId),
    #[error("le salarié a des paiements et ne peut pas être supprimé")]
    SalarieAvecPaiements,
    #[error("paiement {0} inconnu")]
    PaiementInconnu(i64),
}

impl CodeErreur for SalairesError {
    fn code(&self) -> &'static str {
        match self {
            SalairesError::Exercice(inner) => inner.code(),
            SalairesError::NomInvalide => "nom_invalide",
            SalairesError::PosteInvalide => "poste_invalide",
            SalairesError::TitreInvalide => "titre_invalide",
            SalairesError::TelInvalide => "tel_invalide",
            SalairesError::CinInvalide => "cin_invalide",
            SalairesError::MontantInvalide => "montant_positif",
            SalairesError::MontantTropEleve => "montant_trop_eleve",
            SalairesError::TauxInvalide => "taux_invalide",
            SalairesError::DateHorsPlage => "date_hors_plage",
            SalairesError::FinAvantDebut => "fin_avant_debut",
            SalairesError::DatePaiementFuture => "date_paiement_future",
            SalairesError::SalarieInconnu(_) => "salarie_inconnu",
            SalairesError::SalarieAvecPaiements => "salarie_avec_paiements",
            SalairesError::PaiementInconnu(_) => "paiement_inconnu",
        }
    }
}

#[cfg(test)]
mod tests;
