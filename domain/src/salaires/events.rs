//! The payroll commands and facts, and the facts' effect on the residence's decision state.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{
    ChargePatronaleId, MethodePaiementSalaire, PaiementSalaireId, Salaires, Salarie, SalarieId,
    TauxCharges,
};
use crate::banque::CompteBancaireId;
use crate::depenses::MethodePaiementDepense;
use crate::montant::Montant;

/// What the treasurer (or, for the employees, the president) asks of the payroll. Commands
/// that judge a date against today carry the server's today: the domain has no clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SalairesCommand {
    CreerSalarie {
        fiche: FicheSalarie,
        aujourd_hui: NaiveDate,
    },
    /// The record as it now is.
    ModifierSalarie {
        salarie_id: SalarieId,
        fiche: FicheSalarie,
        aujourd_hui: NaiveDate,
    },
    SupprimerSalarie {
        salarie_id: SalarieId,
    },
    PayerSalaire {
        salarie_id: SalarieId,
        paiement: SaisiePaiementSalaire,
        aujourd_hui: NaiveDate,
    },
    ModifierPaiementSalaire {
        paiement_id: PaiementSalaireId,
        paiement: SaisiePaiementSalaire,
        aujourd_hui: NaiveDate,
    },
    SupprimerPaiementSalaire {
        paiement_id: PaiementSalaireId,
    },
    PayerChargePatronale {
        saisie: SaisieChargePatronale,
    },
    ModifierChargePatronale {
        charge_id: ChargePatronaleId,
        saisie: SaisieChargePatronale,
    },
    SupprimerChargePatronale {
        charge_id: ChargePatronaleId,
    },
}

/// An employee's record (spec 2 §3 "Employee").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheSalarie {
    pub nom: String,
    pub poste: String,
    /// 8 digits.
    pub tel: String,
    /// The national identity card's number: 8 digits.
    pub cin: Option<String>,
    pub date_naissance: Option<NaiveDate>,
    pub adresse: Option<String>,
    /// The monthly salary declared: the gross salary when employer charges are declared
    /// (`taux_charges_patronales` set), the salary paid otherwise.
    pub salaire: Montant,
    /// The global rate of employer charges, when they are declared ("avec"); `None` for an
    /// employee declared without them ("sans").
    pub taux_charges_patronales: Option<TauxCharges>,
    pub numero_cnss: Option<String>,
    pub rib: Option<String>,
    pub date_debut: NaiveDate,
    /// `None` while the employment goes on.
    pub date_fin: Option<NaiveDate>,
    pub commentaire: Option<String>,
}

impl FicheSalarie {
    /// Employed today: no end, or an end not yet past.
    pub fn est_en_poste(&self, aujourd_hui: NaiveDate) -> bool {
        self.date_fin.is_none_or(|fin| fin >= aujourd_hui)
    }
}

/// A salary payment as typed (spec 2 §3 "Salary payment").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaisiePaiementSalaire {
    /// The month the salary pays: its first day.
    pub mois: NaiveDate,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementSalaire,
    /// The voucher's reference (a payslip, a cheque or transfer number): kept for every method.
    pub reference: Option<String>,
    pub commentaire: Option<String>,
}

/// A salary payment as recorded: the account it left is fixed when it is recorded (the main
/// account then), so the books and the reconciliation never depend on a later change of main
/// account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaiementSalaireFait {
    /// The first day of the month paid.
    pub mois: NaiveDate,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementSalaire,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    /// The bank account it left; `None` for cash, or for a bank payment recorded before any
    /// bank account existed (the books' 512000).
    pub compte_id: Option<CompteBancaireId>,
}

/// An employer-charge payment as typed (spec 2 §3 "Employer-charge payment").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaisieChargePatronale {
    pub titre: String,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    /// The expenses' five methods (spec 2 §9: employer charges add tpe and enligne).
    pub methode: MethodePaiementDepense,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
}

/// An employer-charge payment as recorded, with the bank account it left (see
/// [`PaiementSalaireFait`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargePatronaleFaite {
    pub titre: String,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementDepense,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    pub compte_id: Option<CompteBancaireId>,
}

/// Facts of the payroll. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SalairesEvent {
    SalarieCree {
        salarie_id: SalarieId,
        fiche: FicheSalarie,
    },
    /// The whole record as it now is.
    SalarieModifie {
        salarie_id: SalarieId,
        fiche: FicheSalarie,
    },
    SalarieSupprime {
        salarie_id: SalarieId,
    },
    SalairePaye {
        paiement_id: PaiementSalaireId,
        salarie_id: SalarieId,
        paiement: PaiementSalaireFait,
    },
    /// The whole payment as it now is.
    PaiementSalaireModifie {
        paiement_id: PaiementSalaireId,
        salarie_id: SalarieId,
        paiement: PaiementSalaireFait,
    },
    PaiementSalaireSupprime {
        paiement_id: PaiementSalaireId,
        salarie_id: SalarieId,
    },
    ChargePatronalePayee {
        charge_id: ChargePatronaleId,
        paiement: ChargePatronaleFaite,
    },
    /// The whole payment as it now is.
    ChargePatronaleModifiee {
        charge_id: ChargePatronaleId,
        paiement: ChargePatronaleFaite,
    },
    ChargePatronaleSupprimee {
        charge_id: ChargePatronaleId,
    },
}

impl SalairesEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            SalairesEvent::SalarieCree { .. } => "SalarieCree",
            SalairesEvent::SalarieModifie { .. } => "SalarieModifie",
            SalairesEvent::SalarieSupprime { .. } => "SalarieSupprime",
            SalairesEvent::SalairePaye { .. } => "SalairePaye",
            SalairesEvent::PaiementSalaireModifie { .. } => "PaiementSalaireModifie",
            SalairesEvent::PaiementSalaireSupprime { .. } => "PaiementSalaireSupprime",
            SalairesEvent::ChargePatronalePayee { .. } => "ChargePatronalePayee",
            SalairesEvent::ChargePatronaleModifiee { .. } => "ChargePatronaleModifiee",
            SalairesEvent::ChargePatronaleSupprimee { .. } => "ChargePatronaleSupprimee",
        }
    }
}

impl Salaires {
    /// The state change of each payroll event.
    pub(crate) fn appliquer(&mut self, event: SalairesEvent) {
        match event {
            SalairesEvent::SalarieCree { salarie_id, fiche } => {
                self.noter_id("salarie", salarie_id);
                self.salaries.insert(
                    salarie_id,
                    Salarie {
                        fiche,
                        paiements: Default::default(),
                    },
                );
            }
            SalairesEvent::SalarieModifie { salarie_id, fiche } => {
                if let Some(salarie) = self.salaries.get_mut(&salarie_id) {
                    salarie.fiche = fiche;
                }
            }
            SalairesEvent::SalarieSupprime { salarie_id } => {
                if let Some(salarie) = self.salaries.remove(&salarie_id) {
                    for paiement_id in salarie.paiements.keys() {
                        self.paiements.remove(paiement_id);
                    }
                }
            }
            SalairesEvent::SalairePaye {
                paiement_id,
                salarie_id,
                paiement,
            }
            | SalairesEvent::PaiementSalaireModifie {
                paiement_id,
                salarie_id,
                paiement,
            } => {
                self.noter_id("paiement", paiement_id);
                self.paiements.insert(paiement_id, salarie_id);
                if let Some(salarie) = self.salaries.get_mut(&salarie_id) {
                    salarie.paiements.insert(paiement_id, paiement);
                }
            }
            SalairesEvent::PaiementSalaireSupprime {
                paiement_id,
                salarie_id,
            } => {
                self.paiements.remove(&paiement_id);
                if let Some(salarie) = self.salaries.get_mut(&salarie_id) {
                    salarie.paiements.remove(&paiement_id);
                }
            }
            SalairesEvent::ChargePatronalePayee {
                charge_id,
                paiement,
            }
            | SalairesEvent::ChargePatronaleModifiee {
                charge_id,
                paiement,
            } => {
                self.noter_id("charge_patronale", charge_id);
                self.charges_patronales.insert(charge_id, paiement);
            }
            SalairesEvent::ChargePatronaleSupprimee { charge_id } => {
                self.charges_patronales.remove(&charge_id);
            }
        }
    }
}
