//! Occupants and the occupancy history of properties (spec 2 §3 "Occupation", "Occupant"; issue
//! "Properties, occupancy"). Who pays a property's dues at a date is decided here, so it is part
//! of the residence's ledger, not a side table.
//!
//! **Payer rule.** An occupation flagged payer makes its occupant the payer of the property from
//! its `date_debut` to its `date_fin`. Where payer-flagged occupations overlap, the one that
//! started last is the payer (a tenant paying from March while the owner still owns); when it
//! ends, the earlier one is the payer again. Effective payer periods therefore never overlap,
//! and every date on which the property is occupied must have a payer.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::error::CodeErreur;
use crate::propriete::ProprieteId;

mod decide;
mod events;

pub use events::{OccupationCommand, OccupationEvent};

pub type OccupantId = i64;
pub type OccupationId = i64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sexe {
    Homme,
    Femme,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeOccupation {
    Proprietaire,
    Locataire,
}

/// A person who owns or rents a property.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occupant {
    pub nom: String,
    /// Eight digits (Tunisian number without +216), unique among the residence's occupants.
    pub tel: Option<String>,
    pub email: Option<String>,
    pub sexe: Sexe,
}

/// One period of one occupant in one property.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occupation {
    pub propriete_id: ProprieteId,
    pub occupant_id: OccupantId,
    pub type_occupation: TypeOccupation,
    pub date_debut: NaiveDate,
    /// `None`: still current.
    pub date_fin: Option<NaiveDate>,
    pub is_payer: bool,
}

impl Occupation {
    pub fn couvre(&self, date: NaiveDate) -> bool {
        self.date_debut <= date && self.date_fin.is_none_or(|fin| date <= fin)
    }
}

/// Why an occupancy change is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OccupationError {
    #[error("la date de fin précède la date de début")]
    DatesInvalides,
    #[error("le {date} la propriété serait occupée sans payeur")]
    PayeurManquant { date: NaiveDate },
    #[error("l'occupation du payeur ne peut pas être supprimée")]
    OccupationPayeurNonSupprimable,
    #[error("le nom de l'occupant est obligatoire (1 à 100 caractères)")]
    OccupantNomInvalide,
    #[error("le téléphone doit compter 8 chiffres")]
    TelInvalide,
    #[error("l'adresse e-mail est invalide")]
    EmailInvalide,
    #[error("ce numéro de téléphone est déjà utilisé par un autre occupant")]
    TelDejaUtilise,
    #[error("occupant {0} inconnu")]
    OccupantInconnu(OccupantId),
    #[error("propriété {0} inconnue")]
    ProprieteInconnue(ProprieteId),
    #[error("occupation {0} inconnue")]
    OccupationInconnue(OccupationId),
}

impl CodeErreur for OccupationError {
    fn code(&self) -> &'static str {
        match self {
            OccupationError::DatesInvalides => "dates_occupation_invalides",
            OccupationError::PayeurManquant { .. } => "payeur_manquant",
            OccupationError::OccupationPayeurNonSupprimable => "occupation_payeur_non_supprimable",
            OccupationError::OccupantNomInvalide => "occupant_nom_invalide",
            OccupationError::TelInvalide => "tel_invalide",
            OccupationError::EmailInvalide => "email_invalide",
            OccupationError::TelDejaUtilise => "tel_deja_utilise",
            OccupationError::OccupantInconnu(_) => "occupant_inconnu",
            OccupationError::ProprieteInconnue(_) => "propriete_inconnue",
            OccupationError::OccupationInconnue(_) => "occupation_inconnue",
        }
    }
}

/// The occupants and occupations of one residence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occupancy {
    occupants: BTreeMap<OccupantId, Occupant>,
    occupations: BTreeMap<OccupationId, Occupation>,
}

impl Occupancy {
    pub fn occupant(&self, id: OccupantId) -> Option<&Occupant> {
        self.occupants.get(&id)
    }

    pub fn occupation(&self, id: OccupationId) -> Option<&Occupation> {
        self.occupations.get(&id)
    }

    pub fn occupants(&self) -> impl Iterator<Item = (OccupantId, &Occupant)> {
        self.occupants.iter().map(|(id, o)| (*id, o))
    }

    pub fn occupations(&self) -> impl Iterator<Item = (OccupationId, &Occupation)> {
        self.occupations.iter().map(|(id, o)| (*id, o))
    }

    pub fn prochain_occupant_id(&self) -> OccupantId {
        self.occupants.keys().next_back().map_or(1, |last| last + 1)
    }

    pub fn prochaine_occupation_id(&self) -> OccupationId {
        self.occupations
            .keys()
            .next_back()
            .map_or(1, |last| last + 1)
    }

    /// Whether another occupant than `sauf` already has this phone number.
    pub fn tel_pris(&self, tel: &str, sauf: Option<OccupantId>) -> bool {
        self.occupants
            .iter()
            .any(|(id, o)| Some(*id) != sauf && o.tel.as_deref() == Some(tel))
    }

    /// The payer occupation of a property at a date (see the module's payer rule).
    pub fn occupation_payeuse(
        &self,
        propriete_id: ProprieteId,
        date: NaiveDate,
    ) -> Option<(OccupationId, &Occupation)> {
        payeuse_a(
            self.occupations
                .iter()
                .filter(|(_, o)| o.propriete_id == propriete_id)
                .map(|(id, o)| (*id, o)),
            date,
        )
    }

    /// The occupant who owes a property's dues at a date.
    pub fn payeur(&self, propriete_id: ProprieteId, date: NaiveDate) -> Option<OccupantId> {
        self.occupation_payeuse(propriete_id, date)
            .map(|(_, o)| o.occupant_id)
    }

    /// Checks that the property's occupations, with `changement` applied (insert or replace
    /// `Some`, delete `None`), keep the rules: dates in order, a payer every occupied day.
    pub fn verifier(
        &self,
        propriete_id: ProprieteId,
        occupation_id: OccupationId,
        changement: Option<&Occupation>,
    ) -> Result<(), OccupationError> {
        if let Some(new) = changement {
            if new.date_fin.is_some_and(|fin| fin < new.date_debut) {
                return Err(OccupationError::DatesInvalides);
            }
        }
        let mut occupations: Vec<(OccupationId, &Occupation)> = self
            .occupations
            .iter()
            .filter(|(id, o)| o.propriete_id == propriete_id && **id != occupation_id)
            .map(|(id, o)| (*id, o))
            .collect();
        if let Some(new) = changement {
            occupations.push((occupation_id, new));
        }
        // Payer coverage only changes at period boundaries: checking each start date and the
        // day after each end date covers every occupied day.
        let mut instants: Vec<NaiveDate> = Vec::new();
        for (_, o) in &occupations {
            instants.push(o.date_debut);
            if let Some(next) = o.date_fin.and_then(|fin| fin.succ_opt()) {
                instants.push(next);
            }
        }
        instants.sort();
        instants.dedup();
        for date in instants {
            let occupied = occupations.iter().any(|(_, o)| o.couvre(date));
            if occupied && payeuse_a(occupations.iter().copied(), date).is_none() {
                return Err(OccupationError::PayeurManquant { date });
            }
        }
        Ok(())
    }

    pub(crate) fn enregistrer_occupant(&mut self, id: OccupantId, occupant: Occupant) {
        self.occupants.insert(id, occupant);
    }

    pub(crate) fn enregistrer_occupation(&mut self, id: OccupationId, occupation: Occupation) {
        self.occupations.insert(id, occupation);
    }

    pub(crate) fn supprimer_occupation(&mut self, id: OccupationId) {
        self.occupations.remove(&id);
    }
}

/// The payer occupation among a property's `occupations` at `date`: the payer-flagged one
/// covering the date that started last (ties: the later registered). Read models use it too, so
/// the rule exists once.
pub fn payeuse_a<'a>(
    occupations: impl Iterator<Item = (OccupationId, &'a Occupation)>,
    date: NaiveDate,
) -> Option<(OccupationId, &'a Occupation)> {
    occupations
        .filter(|(_, o)| o.is_payer && o.couvre(date))
        .max_by_key(|(id, o)| (o.date_debut, *id))
}

/// A phone number as the forms take it: exactly 8 digits (spec 2 §5 "Occupant dialog").
pub fn tel_valide(tel: &str) -> bool {
    tel.len() == 8 && tel.chars().all(|c| c.is_ascii_digit())
}

/// A plausible e-mail address: one `@`, a non-empty local part, a dotted domain, no spaces.
pub fn email_valide(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.chars().any(char::is_whitespace)
}

#[cfg(test)]
mod tests;
