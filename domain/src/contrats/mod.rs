//! Contracts, clients and exceptional revenues (spec 1 §2–§8 "Contract and client",
//! "Exceptional revenue"; spec 2 §2 "Expense contracts", §3–§9). Rules in docs/domain.md
//! "Contracts, clients and exceptional revenues"; what each fact posts in
//! [`crate::comptabilite`].
//!
//! A revenue contract (a rooftop antenna's rent, a shop sign) and an expense contract (lift
//! maintenance, cleaning) are one kind of record seen from two sides: the same title, amount per
//! period, dates, periodicity, files and payments; the revenue side names a client, the expense
//! side a supplier and an optional category ([`Contrepartie`]). The periods between the start
//! and the end give what falls due; a payment may not exceed what remains of that total.
//!
//! Money received that may be a cheque (a revenue contract's payment, an exceptional revenue,
//! a collection) takes its id from one sequence ([`crate::grand_livre::GrandLivre::prochain_id_recette`]),
//! so a pending cheque's id names one receipt whatever its origin and the cheque deposits keep
//! their list of numbers.

use std::collections::BTreeMap;

use chrono::{Months, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::banque::CompteBancaireId;
use crate::depenses::{CategorieId, FournisseurId};
use crate::document::DocumentId;
use crate::error::CodeErreur;
use crate::exercice::ExerciceError;
use crate::montant::Montant;
use crate::paiement::MoyenPaiement;

mod decide;
mod events;

pub use events::{
    ContratsCommand, ContratsEvent, FicheClient, FicheContrat, FicheRevenuExceptionnel,
    PaiementContratFait,
};

pub type ClientId = i64;
pub type ContratId = i64;
pub type PaiementContratId = i64;
pub type RevenuExceptionnelId = i64;

/// The side of a contract: money the residence receives or pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SensContrat {
    Revenu,
    Depense,
}

/// Who the contract is with: a client (revenue side) or a supplier and an optional category
/// (expense side, the category choosing the charge account like a current charge's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contrepartie {
    Client {
        client_id: ClientId,
    },
    Fournisseur {
        fournisseur_id: FournisseurId,
        categorie_id: Option<CategorieId>,
    },
}

impl Contrepartie {
    pub fn sens(self) -> SensContrat {
        match self {
            Contrepartie::Client { .. } => SensContrat::Revenu,
            Contrepartie::Fournisseur { .. } => SensContrat::Depense,
        }
    }

    pub fn client_id(self) -> Option<ClientId> {
        match self {
            Contrepartie::Client { client_id } => Some(client_id),
            Contrepartie::Fournisseur { .. } => None,
        }
    }
}

/// How often a contract falls due (spec 1 §3 "Periodicity"). `bimensuelle` is every two
/// months, as for the cotisations (docs/decisions.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Periodicite {
    Mensuelle,
    Bimensuelle,
    Trimestrielle,
    Semestrielle,
    Annuelle,
}

impl Periodicite {
    pub fn mois(self) -> u32 {
        match self {
            Periodicite::Mensuelle => 1,
            Periodicite::Bimensuelle => 2,
            Periodicite::Trimestrielle => 3,
            Periodicite::Semestrielle => 6,
            Periodicite::Annuelle => 12,
        }
    }
}

/// How contract payments and exceptional revenues are paid (spec 1 §3: espece, cheque,
/// virement; spec 2 §9: `enligne` also for expense contracts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiementContrat {
    Espece,
    Cheque,
    Virement,
    /// An online payment: expense contracts only.
    Enligne,
}

impl MoyenPaiement for MethodePaiementContrat {
    fn porte_reference(self) -> bool {
        matches!(
            self,
            MethodePaiementContrat::Cheque | MethodePaiementContrat::Virement
        )
    }
}

impl MethodePaiementContrat {
    /// Whether the method is one of the side's: `enligne` pays, it does not receive.
    pub fn admise(self, sens: SensContrat) -> bool {
        sens == SensContrat::Depense || self != MethodePaiementContrat::Enligne
    }
}

/// One period of a contract's schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Periode {
    /// From 1.
    pub numero: u32,
    pub debut: NaiveDate,
    /// The day before the next period starts, or the contract's end for the last one.
    pub fin: NaiveDate,
}

/// Ceiling of a schedule, so a contract of absurd dates cannot loop for ever (a monthly
/// contract over a century is 1,200 periods).
const PERIODES_MAX: u32 = 2_400;

impl events::FicheContrat {
    /// The start of the period `k` (from 0): months added to the start date, never to the
    /// previous period's start, so a contract starting on the 31st stays on month ends.
    fn debut_periode(&self, k: u32) -> Option<NaiveDate> {
        self.date_debut
            .checked_add_months(Months::new(k.checked_mul(self.periodicite.mois())?))
    }

    /// The periods that started on or before `jusqua` (at least the first), and never past the
    /// contract's end.
    pub fn periodes_jusqua(&self, jusqua: NaiveDate) -> Vec<Periode> {
        let limite = match self.date_fin {
            Some(fin) => fin.min(jusqua.max(self.date_debut)),
            None => jusqua.max(self.date_debut),
        };
        self.periodes_debutant_avant(limite)
    }

    /// Every period of a contract with an end; for an open-ended one, those started by `jusqua`.
    pub fn echeancier(&self, jusqua: NaiveDate) -> Vec<Periode> {
        match self.date_fin {
            Some(fin) => self.periodes_debutant_avant(fin),
            None => self.periodes_debutant_avant(jusqua.max(self.date_debut)),
        }
    }

    fn periodes_debutant_avant(&self, limite: NaiveDate) -> Vec<Periode> {
        let mut periodes = Vec::new();
        let mut k = 0;
        while k < PERIODES_MAX {
            let Some(debut) = self.debut_periode(k) else {
                break;
            };
            if debut > limite {
                break;
            }
            let suivant = self.debut_periode(k + 1);
            let fin_naturelle = suivant.and_then(|d| d.pred_opt()).unwrap_or(NaiveDate::MAX);
            let fin = match self.date_fin {
                Some(date_fin) => fin_naturelle.min(date_fin),
                None => fin_naturelle,
            };
            periodes.push(Periode {
                numero: k + 1,
                debut,
                fin,
            });
            k += 1;
        }
        periodes
    }

    /// What `n` periods amount to.
    pub fn montant_de(&self, n: usize) -> Montant {
        let total = i128::from(self.montant.millimes()) * n as i128;
        Montant::from_millimes(i64::try_from(total).unwrap_or(i64::MAX))
    }

    /// The total a payment dated `date` may bring the paid sum to: all periods when the
    /// contract has an end, the periods up to the one holding `date` when it has none.
    pub fn plafond(&self, date: NaiveDate) -> Montant {
        let periodes = match self.date_fin {
            Some(_) => self.echeancier(date).len(),
            None => self.periodes_jusqua(date).len(),
        };
        self.montant_de(periodes)
    }
}

/// A contract as the decisions need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contrat {
    pub fiche: FicheContrat,
    pub paiements: BTreeMap<PaiementContratId, PaiementContratFait>,
    pub documents: Vec<DocumentId>,
}

impl Contrat {
    pub fn sens(&self) -> SensContrat {
        self.fiche.contrepartie.sens()
    }

    pub fn paye(&self) -> Montant {
        Montant::from_millimes(
            self.paiements
                .values()
                .fold(0_i64, |t, p| t.saturating_add(p.montant.millimes())),
        )
    }

    /// The latest payment's date, if any: what an open-ended contract's total is measured to
    /// when its amount is edited.
    pub fn dernier_paiement(&self) -> Option<NaiveDate> {
        self.paiements.values().map(|p| p.date_paiement).max()
    }
}

/// An exceptional revenue as the decisions need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevenuExceptionnel {
    pub fiche: FicheRevenuExceptionnel,
    pub compte_id: Option<CompteBancaireId>,
}

/// The contracts, clients and exceptional revenues of a residence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contrats {
    pub(crate) clients: BTreeMap<ClientId, String>,
    pub(crate) contrats: BTreeMap<ContratId, Contrat>,
    /// The contract each payment pays.
    pub(crate) paiements: BTreeMap<PaiementContratId, ContratId>,
    pub(crate) revenus: BTreeMap<RevenuExceptionnelId, RevenuExceptionnel>,
    /// The highest id ever issued per kind of record: ids of deleted records are not reused.
    /// Payments and exceptional revenues take theirs from the residence's receipts sequence
    /// and note it here under `recette`.
    pub(crate) derniers_ids: BTreeMap<String, i64>,
}

impl Contrats {
    pub fn client(&self, id: ClientId) -> Option<&str> {
        self.clients.get(&id).map(String::as_str)
    }

    pub fn clients(&self) -> impl Iterator<Item = (ClientId, &str)> {
        self.clients.iter().map(|(id, nom)| (*id, nom.as_str()))
    }

    pub fn contrat(&self, id: ContratId) -> Option<&Contrat> {
        self.contrats.get(&id)
    }

    pub fn contrats(&self) -> impl Iterator<Item = (ContratId, &Contrat)> {
        self.contrats.iter().map(|(id, c)| (*id, c))
    }

    /// A payment and the contract it pays.
    pub fn paiement(
        &self,
        id: PaiementContratId,
    ) -> Option<(ContratId, &Contrat, &PaiementContratFait)> {
        let contrat_id = *self.paiements.get(&id)?;
        let contrat = self.contrats.get(&contrat_id)?;
        Some((contrat_id, contrat, contrat.paiements.get(&id)?))
    }

    pub fn revenu(&self, id: RevenuExceptionnelId) -> Option<&RevenuExceptionnel> {
        self.revenus.get(&id)
    }

    pub fn revenus(&self) -> impl Iterator<Item = (RevenuExceptionnelId, &RevenuExceptionnel)> {
        self.revenus.iter().map(|(id, r)| (*id, r))
    }

    /// A cheque received (a revenue contract's payment or an exceptional revenue by cheque):
    /// its date and amount.
    pub fn cheque_recu(&self, id: i64) -> Option<(NaiveDate, Montant)> {
        if let Some((_, contrat, paiement)) = self.paiement(id) {
            return (contrat.sens() == SensContrat::Revenu
                && paiement.methode == MethodePaiementContrat::Cheque)
                .then_some((paiement.date_paiement, paiement.montant));
        }
        self.revenus
            .get(&id)
            .filter(|r| r.fiche.methode == MethodePaiementContrat::Cheque)
            .map(|r| (r.fiche.date_paiement, r.fiche.montant))
    }

    /// Whether a contract or an exceptional revenue names the client.
    pub fn client_utilise(&self, id: ClientId) -> bool {
        self.contrats
            .values()
            .any(|c| c.fiche.contrepartie.client_id() == Some(id))
            || self.revenus.values().any(|r| r.fiche.client_id == Some(id))
    }

    /// Whether a contract names the supplier or the category (their deletion is refused).
    pub fn fournisseur_utilise(&self, id: FournisseurId) -> bool {
        self.contrats.values().any(|c| {
            matches!(c.fiche.contrepartie, Contrepartie::Fournisseur { fournisseur_id, .. } if fournisseur_id == id)
        })
    }

    pub fn categorie_utilisee(&self, id: CategorieId) -> bool {
        self.contrats.values().any(|c| {
            matches!(c.fiche.contrepartie, Contrepartie::Fournisseur { categorie_id: Some(cat), .. } if cat == id)
        })
    }

    /// Every payment or revenue that entered or left a bank account.
    pub fn mouvements_sur_compte(&self) -> impl Iterator<Item = CompteBancaireId> + '_ {
        self.contrats
            .values()
            .flat_map(|c| c.paiements.values())
            .filter_map(|p| p.compte_id)
            .chain(self.revenus.values().filter_map(|r| r.compte_id))
    }

    /// The last id of the receipts sequence this module took.
    pub fn derniere_recette(&self) -> i64 {
        self.derniers_ids.get("recette").copied().unwrap_or(0)
    }

    fn prochain_id(&self, kind: &str) -> i64 {
        self.derniers_ids.get(kind).copied().unwrap_or(0) + 1
    }

    fn noter_id(&mut self, kind: &str, id: i64) {
        let last = self.derniers_ids.entry(kind.to_owned()).or_insert(0);
        *last = (*last).max(id);
    }
}

/// Why a contract, client or exceptional-revenue command is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContratsError {
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error("le titre est obligatoire (1 à 200 caractères)")]
    TitreInvalide,
    #[error("le nom est obligatoire (1 à 200 caractères)")]
    NomInvalide,
    #[error("le téléphone doit compter 8 chiffres")]
    TelInvalide,
    #[error("gouvernorat {0} inconnu")]
    GouvernoratInconnu(i64),
    #[error("le montant doit être strictement positif")]
    MontantInvalide,
    #[error("la date de fin ne peut pas précéder la date de début")]
    DateFinAvantDebut,
    #[error("client {0} inconnu")]
    ClientInconnu(ClientId),
    #[error("le client est utilisé et ne peut pas être supprimé")]
    ClientUtilise,
    #[error("fournisseur {0} inconnu")]
    FournisseurInconnu(FournisseurId),
    #[error("catégorie {0} inconnue")]
    CategorieInconnue(CategorieId),
    #[error("contrat {0} inconnu")]
    ContratInconnu(ContratId),
    #[error("le contrat a des paiements et ne peut pas être supprimé")]
    ContratAvecPaiements,
    #[error("le montant du contrat ne peut pas être inférieur à ce qui est déjà payé")]
    MontantInferieurAuPaye,
    #[error("le montant dépasse le restant à payer du contrat")]
    MontantMaximumDepasse,
    #[error("paiement {0} inconnu")]
    PaiementInconnu(PaiementContratId),
    #[error("ce moyen de paiement n'est pas admis ici")]
    MethodeInvalide,
    #[error("le chèque est déjà remis en banque")]
    ChequeRemis,
    /// The same refusal on a contract payment's edit, answered with the status the spec's
    /// client expects there (spec 1 §8: 411).
    #[error("le chèque est déjà remis en banque")]
    ChequeRemisModification,
    #[error("document {0} inconnu")]
    DocumentInconnu(DocumentId),
    #[error("revenu exceptionnel {0} inconnu")]
    RevenuInconnu(RevenuExceptionnelId),
}

impl CodeErreur for ContratsError {
    fn code(&self) -> &'static str {
        match self {
            ContratsError::Exercice(inner) => inner.code(),
            ContratsError::TitreInvalide => "titre_invalide",
            ContratsError::NomInvalide => "nom_invalide",
            ContratsError::TelInvalide => "tel_invalide",
            ContratsError::GouvernoratInconnu(_) => "gouvernorat_inconnu",
            ContratsError::MontantInvalide => "montant_positif",
            ContratsError::DateFinAvantDebut => "fin_avant_debut",
            ContratsError::ClientInconnu(_) => "client_inconnu",
            ContratsError::ClientUtilise => "client_utilise",
            ContratsError::FournisseurInconnu(_) => "fournisseur_inconnu",
            ContratsError::CategorieInconnue(_) => "categorie_inconnue",
            ContratsError::ContratInconnu(_) => "contrat_inconnu",
            ContratsError::ContratAvecPaiements => "contrat_avec_paiements",
            ContratsError::MontantInferieurAuPaye => "montant_inferieur_au_paye",
            ContratsError::MontantMaximumDepasse => "montant_maximum_depasse",
            ContratsError::PaiementInconnu(_) => "paiement_inconnu",
            ContratsError::MethodeInvalide => "methode_paiement_invalide",
            ContratsError::ChequeRemis => "cheque_remis",
            ContratsError::ChequeRemisModification => "cheque_remis_modification",
            ContratsError::DocumentInconnu(_) => "document_inconnu",
            ContratsError::RevenuInconnu(_) => "revenu_inconnu",
        }
    }
}

#[cfg(test)]
mod tests;
