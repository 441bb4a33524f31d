//! Dues (cotisations), what each property owes (montants dûs) and the payments received
//! (encaissements) — spec 1 §3–§5 and §9, spec 3 §2.11–§2.12; rules in docs/domain.md.
//!
//! **How a cotisation becomes calls.** An exceptional cotisation is one call. A recurring one is
//! one call per period between `date_debut` and `date_fin`: period *k* starts `k × n` months
//! after `date_debut` (n = 1 mensuelle, 2 bimensuelle, 3 trimestrielle, 6 semestrielle,
//! 12 annuelle), ends the day before the next period or on `date_fin`, and is due `k × n` months
//! after `date_echeance`. Each call creates one montant dû per property, owed by the property's
//! payer on the call's due date. Restants dus, balances, statistics and the co-owner view all
//! read these montants dûs, so the rule applies everywhere at once.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Datelike, Months, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::banque::CompteBancaireId;
use crate::error::CodeErreur;
use crate::exercice::ExerciceError;
use crate::montant::Montant;
use crate::occupation::OccupantId;
use crate::paiement::MoyenPaiement;
use crate::propriete::ProprieteId;

mod decide;
mod events;

pub use events::{
    DemandeCotisation, MontantDuLance, MontantPropriete, RevenusCommand, RevenusEvent,
};

pub type CotisationId = i64;
pub type MontantDuId = i64;
pub type EncaissementId = i64;
pub type TropPercuId = i64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeCotisation {
    Mensuelle,
    /// Every two months (between monthly and quarterly in the product's list).
    Bimensuelle,
    Trimestrielle,
    Semestrielle,
    Annuelle,
    Exceptionnelle,
}

impl TypeCotisation {
    /// Months in one period; `None` for a single exceptional call.
    pub fn mois_par_periode(self) -> Option<u32> {
        match self {
            TypeCotisation::Mensuelle => Some(1),
            TypeCotisation::Bimensuelle => Some(2),
            TypeCotisation::Trimestrielle => Some(3),
            TypeCotisation::Semestrielle => Some(6),
            TypeCotisation::Annuelle => Some(12),
            TypeCotisation::Exceptionnelle => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Repartition {
    /// One amount for every property.
    Egale,
    /// The per-property amounts of the residence's allocation table.
    Predefinie,
    /// One amount per property given with the cotisation.
    Personnalisee,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiement {
    Espece,
    Cheque,
    Virement,
    Versement,
    /// Paid online through the payment gateway (Konnect, issue 21): recorded only by the
    /// gateway's confirmed payment (`EncaisserPaiementEnLigne`), never typed by the treasurer.
    Enligne,
}

/// One call of a cotisation: the period it covers and its due date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appel {
    /// 1, 2, 3… within the cotisation.
    pub numero: u32,
    pub debut: NaiveDate,
    pub fin: NaiveDate,
    pub echeance: NaiveDate,
}

/// Upper bound of calls for one cotisation (ten years of monthly calls): a typo in a year must
/// not create thousands of dues.
pub const APPELS_MAX: usize = 120;

/// The calls of a cotisation (see the module documentation). Empty when `date_fin` precedes
/// `date_debut`.
pub fn appels(
    type_cotisation: TypeCotisation,
    date_debut: NaiveDate,
    date_fin: NaiveDate,
    date_echeance: NaiveDate,
) -> Vec<Appel> {
    if date_fin < date_debut {
        return Vec::new();
    }
    let Some(months) = type_cotisation.mois_par_periode() else {
        return vec![Appel {
            numero: 1,
            debut: date_debut,
            fin: date_fin,
            echeance: date_echeance,
        }];
    };
    let mut calls = Vec::new();
    for index in 0_u32.. {
        let offset = Months::new(index * months);
        let next = Months::new((index + 1) * months);
        let (Some(debut), Some(echeance)) = (
            date_debut.checked_add_months(offset),
            date_echeance.checked_add_months(offset),
        ) else {
            break;
        };
        // One call past the limit is enough for the caller to refuse the cotisation.
        if debut > date_fin || calls.len() > APPELS_MAX {
            break;
        }
        let fin = date_debut
            .checked_add_months(next)
            .and_then(|n| n.pred_opt())
            .map_or(date_fin, |day_before_next| day_before_next.min(date_fin));
        calls.push(Appel {
            numero: index + 1,
            debut,
            fin,
            echeance,
        });
    }
    calls
}

/// What one property owes for one call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MontantDu {
    pub cotisation_id: CotisationId,
    pub appel: Appel,
    pub propriete_id: ProprieteId,
    /// The property's payer on the due date; `None` for a property nobody occupied then.
    pub payeur: Option<OccupantId>,
    pub montant: Montant,
}

/// A cotisation as the ledger keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cotisation {
    pub titre: String,
    pub type_cotisation: TypeCotisation,
    pub repartition: Repartition,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    pub date_echeance: NaiveDate,
    /// Amount per property and per call.
    pub montants: BTreeMap<ProprieteId, Montant>,
}

/// A payment received against one montant dû.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encaissement {
    pub montant_du_id: MontantDuId,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiement,
    /// Kept only when the method is not cash.
    pub reference: Option<String>,
    /// "2026-000123": year of the payment date and its rank in that year, per residence.
    pub numero_recu: String,
    /// A cancelled payment no longer counts; it keeps its id and receipt number.
    pub annule: bool,
    /// The payment's last correction, if it was corrected: its receipt, printed again, is a
    /// duplicata saying so (it keeps its number).
    #[serde(default)]
    pub modification: Option<Modification>,
    /// The bank account of a transfer or bank deposit (see the event).
    #[serde(default)]
    pub compte_id: Option<CompteBancaireId>,
}

/// A correction of a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modification {
    /// The day of the correction (unknown for corrections recorded before it was kept).
    pub le: Option<NaiveDate>,
}

/// The payment state of a montant dû (co-owner side labels of spec 1 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EtatPaiement {
    NonPaye,
    Partiel,
    Complet,
}

/// Why a revenue command is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RevenusError {
    /// The date guard of the fiscal years (closed or missing exercice).
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error("le titre est obligatoire (1 à 200 caractères)")]
    TitreInvalide,
    #[error("la date de fin précède la date de début")]
    PeriodeInvalide,
    #[error("la cotisation produirait plus de {APPELS_MAX} appels")]
    TropDAppels,
    #[error("le montant doit être un nombre entier de dinars strictement positif")]
    MontantInvalide,
    #[error("la répartition prédéfinie ne couvre pas la propriété {0}")]
    RepartitionIncomplete(ProprieteId),
    #[error("la répartition d'une cotisation ne peut pas être modifiée")]
    RepartitionNonModifiable,
    #[error("la cotisation a des encaissements")]
    CotisationAvecEncaissements,
    #[error("cotisation {0} inconnue")]
    CotisationInconnue(CotisationId),
    #[error("montant dû {0} inconnu")]
    MontantDuInconnu(MontantDuId),
    #[error("encaissement {0} inconnu")]
    EncaissementInconnu(EncaissementId),
    #[error("le montant dépasse le restant dû ({restant_du})")]
    MontantMaximumDepasse { restant_du: Montant },
    #[error("la date de paiement est dans le futur")]
    DatePaiementFuture,
    #[error("le montant d'un encaissement complet ne peut pas être modifié")]
    MontantNonModifiable,
    #[error("la résidence n'a aucune propriété")]
    AucunePropriete,
    #[error("propriété {0} inconnue")]
    ProprieteInconnue(ProprieteId),
    /// The payment is a cheque already deposited at the bank: undo the deposit first.
    #[error("ce chèque fait partie d'une remise de chèques")]
    ChequeRemis(EncaissementId),
    /// `enligne` is the gateway's method: a collection typed by the treasurer cannot use it.
    #[error("la méthode en ligne est réservée aux paiements de la passerelle")]
    MethodeReserveeALaPasserelle,
    /// The gateway's payment reference is already recorded (a webhook after the return, or
    /// twice): the payment was recorded once.
    #[error("le paiement en ligne {0} est déjà enregistré")]
    PaiementEnLigneDejaEnregistre(String),
    #[error("la référence du paiement en ligne est obligatoire")]
    ReferencePasserelleInvalide,
}

impl CodeErreur for RevenusError {
    fn code(&self) -> &'static str {
        match self {
            RevenusError::Exercice(inner) => inner.code(),
            RevenusError::TitreInvalide => "titre_invalide",
            RevenusError::PeriodeInvalide => "periode_invalide",
            RevenusError::TropDAppels => "trop_d_appels",
            RevenusError::MontantInvalide => "montant_invalide",
            RevenusError::RepartitionIncomplete(_) => "repartition_incomplete",
            RevenusError::RepartitionNonModifiable => "repartition_non_modifiable",
            RevenusError::CotisationAvecEncaissements => "cotisation_avec_encaissements",
            RevenusError::CotisationInconnue(_) => "cotisation_inconnue",
            RevenusError::MontantDuInconnu(_) => "montant_du_inconnu",
            RevenusError::EncaissementInconnu(_) => "encaissement_inconnu",
            RevenusError::MontantMaximumDepasse { .. } => "montant_maximum_depasse",
            RevenusError::DatePaiementFuture => "date_paiement_future",
            RevenusError::MontantNonModifiable => "montant_non_modifiable",
            RevenusError::AucunePropriete => "aucune_propriete",
            RevenusError::ProprieteInconnue(_) => "propriete_inconnue",
            RevenusError::ChequeRemis(_) => "cheque_remis",
            RevenusError::MethodeReserveeALaPasserelle => "methode_paiement_invalide",
            RevenusError::PaiementEnLigneDejaEnregistre(_) => "paiement_en_ligne_deja_enregistre",
            RevenusError::ReferencePasserelleInvalide => "reference_passerelle_invalide",
        }
    }
}

impl MethodePaiement {
    /// Whether the money lands on a bank account at once (not cash, not a cheque waiting for
    /// its deposit).
    pub fn va_en_banque(self) -> bool {
        matches!(self, MethodePaiement::Virement | MethodePaiement::Versement)
    }
}

impl MoyenPaiement for MethodePaiement {
    /// A reference is kept only for payments that are not cash (spec 1 §5 "Collection
    /// sheet").
    fn porte_reference(self) -> bool {
        self != MethodePaiement::Espece
    }
}

/// What a co-owner paid online above what was still due (the due got paid in cash meanwhile):
/// the co-owner's account is in credit by this amount (450 credit), never lost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TropPercu {
    pub propriete_id: ProprieteId,
    pub montant: Montant,
    /// The gateway's payment reference.
    pub reference: String,
    pub date: NaiveDate,
}

/// The revenue state of a residence: cotisations, montants dûs, encaissements and receipt
/// counters.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revenus {
    pub(crate) repartition: BTreeMap<ProprieteId, Montant>,
    pub(crate) cotisations: BTreeMap<CotisationId, Cotisation>,
    pub(crate) montants_dus: BTreeMap<MontantDuId, MontantDu>,
    pub(crate) encaissements: BTreeMap<EncaissementId, Encaissement>,
    /// Sum of live encaissements per montant dû.
    pub(crate) paye: BTreeMap<MontantDuId, Montant>,
    /// Receipts issued per year of payment date (never decreases: numbers are never reused).
    pub(crate) recus_emis: BTreeMap<i32, u32>,
    /// The highest montant dû id ever issued (ids of deleted dues are not reused).
    pub(crate) dernier_montant_du_emis: MontantDuId,
    /// The highest cotisation id ever issued (ids of deleted cotisations are not reused: the
    /// books' entries and the journal's history of a deleted cotisation never name a later one).
    #[serde(default)]
    pub(crate) derniere_cotisation_emise: CotisationId,
    /// The gateway's payment references already recorded (collections `enligne` and
    /// overpayments): a payment is recorded once, whatever calls the server (issue 21).
    #[serde(default)]
    pub(crate) references_passerelle: BTreeSet<String>,
    /// Overpayments of online payments, by id.
    #[serde(default)]
    pub(crate) trop_percus: BTreeMap<TropPercuId, TropPercu>,
}

impl Revenus {
    pub fn repartition(&self) -> &BTreeMap<ProprieteId, Montant> {
        &self.repartition
    }

    pub fn cotisation(&self, id: CotisationId) -> Option<&Cotisation> {
        self.cotisations.get(&id)
    }

    pub fn cotisations(&self) -> impl Iterator<Item = (CotisationId, &Cotisation)> {
        self.cotisations.iter().map(|(id, c)| (*id, c))
    }

    pub fn montant_du(&self, id: MontantDuId) -> Option<&MontantDu> {
        self.montants_dus.get(&id)
    }

    /// The live encaissements of a montant dû, oldest first.
    pub fn encaissements_de(
        &self,
        montant_du_id: MontantDuId,
    ) -> impl Iterator<Item = (EncaissementId, &Encaissement)> {
        self.encaissements
            .iter()
            .filter(move |(_, e)| !e.annule && e.montant_du_id == montant_du_id)
            .map(|(id, e)| (*id, e))
    }

    /// The live collections that landed on a bank account, with the account.
    pub fn encaissements_sur_compte(
        &self,
    ) -> impl Iterator<Item = (EncaissementId, CompteBancaireId)> + '_ {
        self.encaissements
            .iter()
            .filter(|(_, e)| !e.annule)
            .filter_map(|(id, e)| e.compte_id.map(|compte| (*id, compte)))
    }

    /// A live (not cancelled) encaissement.
    pub fn encaissement(&self, id: EncaissementId) -> Option<&Encaissement> {
        self.encaissements.get(&id).filter(|e| !e.annule)
    }

    /// Every montant dû of the residence by id, with what has been paid on it. One ordered
    /// walk of both maps (they share their keys' order), not a lookup per due: the balance list
    /// runs this over every due of the residence on each call.
    pub fn montants_dus_payes(&self) -> impl Iterator<Item = (MontantDuId, &MontantDu, Montant)> {
        let mut payes = self.paye.iter().peekable();
        self.montants_dus.iter().map(move |(id, du)| {
            while payes.next_if(|(paye_id, _)| *paye_id < id).is_some() {}
            let paye = payes
                .next_if(|(paye_id, _)| *paye_id == id)
                .map_or(Montant::ZERO, |(_, paye)| *paye);
            (*id, du, paye)
        })
    }

    pub fn montants_dus_de(
        &self,
        cotisation_id: CotisationId,
    ) -> impl Iterator<Item = (MontantDuId, &MontantDu)> {
        self.montants_dus
            .iter()
            .filter(move |(_, d)| d.cotisation_id == cotisation_id)
            .map(|(id, d)| (*id, d))
    }

    /// What has been paid on a montant dû (live encaissements only).
    pub fn paye(&self, montant_du_id: MontantDuId) -> Montant {
        self.paye
            .get(&montant_du_id)
            .copied()
            .unwrap_or(Montant::ZERO)
    }

    /// What remains to pay on a montant dû.
    pub fn restant_du(&self, montant_du_id: MontantDuId) -> Option<Montant> {
        let du = self.montants_dus.get(&montant_du_id)?;
        du.montant.checked_sub(self.paye(montant_du_id)).ok()
    }

    pub fn etat(&self, montant_du_id: MontantDuId) -> Option<EtatPaiement> {
        let restant = self.restant_du(montant_du_id)?;
        let paye = self.paye(montant_du_id);
        Some(if restant.millimes() <= 0 {
            EtatPaiement::Complet
        } else if paye.is_positive() {
            EtatPaiement::Partiel
        } else {
            EtatPaiement::NonPaye
        })
    }

    /// Whether the gateway's payment `reference` is already recorded.
    pub fn reference_passerelle_enregistree(&self, reference: &str) -> bool {
        self.references_passerelle.contains(reference)
    }

    /// The overpayments of online payments, by id.
    pub fn trop_percus(&self) -> impl Iterator<Item = (TropPercuId, &TropPercu)> {
        self.trop_percus.iter().map(|(id, t)| (*id, t))
    }

    pub fn prochain_trop_percu_id(&self) -> TropPercuId {
        self.trop_percus
            .keys()
            .next_back()
            .map_or(1, |last| last + 1)
    }

    /// Whether any live encaissement pays a due of this cotisation.
    pub fn a_des_encaissements(&self, cotisation_id: CotisationId) -> bool {
        self.montants_dus_de(cotisation_id)
            .any(|(id, _)| self.paye(id).is_positive())
    }

    /// Cotisation ids are never reused, even after a cotisation is deleted.
    pub fn prochaine_cotisation_id(&self) -> CotisationId {
        self.derniere_cotisation_emise + 1
    }

    /// Montant dû ids are never reused, even after a cotisation is deleted or recomputed.
    pub fn prochain_montant_du_id(&self) -> MontantDuId {
        self.dernier_montant_du_emis + 1
    }

    /// Cancelled encaissements stay in the ledger's state, so ids are never reused.
    pub fn prochain_encaissement_id(&self) -> EncaissementId {
        self.encaissements
            .keys()
            .next_back()
            .map_or(1, |last| last + 1)
    }

    /// The next receipt number of the year of `date`: sequential per residence and year,
    /// never reused (a cancelled payment keeps its number).
    pub fn prochain_numero_recu(&self, date: NaiveDate) -> String {
        let annee = date.year();
        let rang = self.recus_emis.get(&annee).copied().unwrap_or(0) + 1;
        format!("{annee}-{rang:06}")
    }
}

#[cfg(test)]
mod tests;
