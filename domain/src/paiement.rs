//! The shape every payment shares, received or made (spec 1 §5 "Collection sheet", spec 2
//! §1 charges, works, salaries, transfers): an amount, a date, a method from the module's
//! own set and a reference kept only for the methods that carry one (a cheque number, a
//! transfer reference; never for cash).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::montant::Montant;

/// A module's set of payment methods.
pub trait MoyenPaiement: Copy + Eq {
    /// Whether a payment by this method keeps a reference.
    fn porte_reference(self) -> bool;
}

/// One payment as a command gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paiement<M> {
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: M,
    pub reference: Option<String>,
}

impl<M: MoyenPaiement> Paiement<M> {
    /// The reference as the ledger records it: trimmed, absent when empty, and absent for a
    /// method that carries none whatever was typed.
    pub fn reference_gardee(&self) -> Option<String> {
        if !self.methode.porte_reference() {
            return None;
        }
        self.reference
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Moyen {
        Espece,
        Cheque,
    }

    impl MoyenPaiement for Moyen {
        fn porte_reference(self) -> bool {
            self == Moyen::Cheque
        }
    }

    fn paiement(methode: Moyen, reference: Option<&str>) -> Paiement<Moyen> {
        Paiement {
            montant: Montant::from_millimes(1_000),
            date_paiement: NaiveDate::MIN,
            methode,
            reference: reference.map(str::to_owned),
        }
    }

    #[test]
    fn a_cash_payment_keeps_no_reference_whatever_was_typed() {
        assert_eq!(
            paiement(Moyen::Espece, Some("123")).reference_gardee(),
            None
        );
    }

    #[test]
    fn a_cheque_keeps_its_reference_trimmed_and_an_empty_one_is_absent() {
        assert_eq!(
            paiement(Moyen::Cheque, Some("  CH-12 ")).reference_gardee(),
            Some("CH-12".to_owned())
        );
        assert_eq!(
            paiement(Moyen::Cheque, Some("   ")).reference_gardee(),
            None
        );
    }
}
