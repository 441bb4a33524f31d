//! The payroll decisions (rules in the module documentation and docs/domain.md "Payroll").
//! Each decision reads the whole residence's state: the fiscal years for the date guard, the
//! bank for the account a payment leaves.

use chrono::{Datelike, NaiveDate};

use super::events::{
    ChargePatronaleFaite, FicheSalarie, PaiementSalaireFait, SaisieChargePatronale,
    SaisiePaiementSalaire, SalairesCommand, SalairesEvent,
};
use super::{
    contrat_max, contrat_min, naissance_min, ChargePatronaleId, PaiementSalaireId, SalairesError,
    Salarie, SalarieId, CHARGE_PATRONALE_MAX, SALAIRE_MAX,
};
use crate::grand_livre::GrandLivre;
use crate::montant::Montant;

/// Longest one-line text of a payroll record (nom, poste, titre, reference).
const TEXTE_MAX: usize = 200;

fn texte_requis(texte: &str, erreur: SalairesError) -> Result<String, SalairesError> {
    let texte = texte.trim();
    if texte.is_empty() || texte.chars().count() > TEXTE_MAX {
        return Err(erreur);
    }
    Ok(texte.to_owned())
}

/// An optional text as kept: trimmed, absent when empty.
fn texte_facultatif(texte: Option<String>) -> Option<String> {
    texte.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// Exactly 8 digits once spaces are removed (a phone number, a CIN).
fn huit_chiffres(texte: &str) -> Option<String> {
    let chiffres: String = texte.chars().filter(|c| !c.is_whitespace()).collect();
    (chiffres.len() == 8 && chiffres.bytes().all(|b| b.is_ascii_digit())).then_some(chiffres)
}

/// Above zero and at most `maximum`.
fn montant_borne(montant: Montant, maximum: Montant) -> Result<Montant, SalairesError> {
    if !montant.is_positive() {
        return Err(SalairesError::MontantInvalide);
    }
    if montant > maximum {
        return Err(SalairesError::MontantTropEleve);
    }
    Ok(montant)
}

/// The first day of the month of `date`.
fn premier_du_mois(date: NaiveDate) -> NaiveDate {
    date.with_day(1).unwrap_or(date)
}

/// An employee's record as kept: texts trimmed, 8-digit phone and CIN, a salary within the
/// form's bounds, a rate strictly between 0 and 100 %, a birth date from 1930 to today, an
/// employment within 1985–2035 that does not end before it starts.
fn fiche_salarie(
    fiche: FicheSalarie,
    aujourd_hui: NaiveDate,
) -> Result<FicheSalarie, SalairesError> {
    let nom = texte_requis(&fiche.nom, SalairesError::NomInvalide)?;
    let poste = texte_requis(&fiche.poste, SalairesError::PosteInvalide)?;
    let tel = huit_chiffres(&fiche.tel).ok_or(SalairesError::TelInvalide)?;
    let cin = match texte_facultatif(fiche.cin) {
        Some(cin) => Some(huit_chiffres(&cin).ok_or(SalairesError::CinInvalide)?),
        None => None,
    };
    let salaire = montant_borne(fiche.salaire, SALAIRE_MAX)?;
    if fiche
        .taux_charges_patronales
        .is_some_and(|t| !t.est_valide())
    {
        return Err(SalairesError::TauxInvalide);
    }
    if fiche
        .date_naissance
        .is_some_and(|d| d < naissance_min() || d > aujourd_hui)
    {
        return Err(SalairesError::DateHorsPlage);
    }
    let dans_la_plage = |d: NaiveDate| (contrat_min()..=contrat_max()).contains(&d);
    if !dans_la_plage(fiche.date_debut) || fiche.date_fin.is_some_and(|d| !dans_la_plage(d)) {
        return Err(SalairesError::DateHorsPlage);
    }
    if fiche.date_fin.is_some_and(|fin| fin < fiche.date_debut) {
        return Err(SalairesError::FinAvantDebut);
    }
    Ok(FicheSalarie {
        nom,
        poste,
        tel,
        cin,
        date_naissance: fiche.date_naissance,
        adresse: texte_facultatif(fiche.adresse),
        salaire,
        taux_charges_patronales: fiche.taux_charges_patronales,
        numero_cnss: texte_facultatif(fiche.numero_cnss),
        rib: texte_facultatif(fiche.rib),
        date_debut: fiche.date_debut,
        date_fin: fiche.date_fin,
        commentaire: texte_facultatif(fiche.commentaire),
    })
}

impl SalairesCommand {
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<SalairesEvent>, SalairesError> {
        let salaires = &livre.salaires;
        let event = match self {
            SalairesCommand::CreerSalarie { fiche, aujourd_hui } => SalairesEvent::SalarieCree {
                salarie_id: salaires.prochain_id("salarie"),
                fiche: fiche_salarie(fiche, aujourd_hui)?,
            },
            SalairesCommand::ModifierSalarie {
                salarie_id,
                fiche,
                aujourd_hui,
            } => {
                let actuel = livre.salarie(salarie_id)?;
                let fiche = fiche_salarie(fiche, aujourd_hui)?;
                if fiche == actuel.fiche {
                    return Ok(Vec::new());
                }
                SalairesEvent::SalarieModifie { salarie_id, fiche }
            }
            SalairesCommand::SupprimerSalarie { salarie_id } => {
                if !livre.salarie(salarie_id)?.paiements.is_empty() {
                    return Err(SalairesError::SalarieAvecPaiements);
                }
                SalairesEvent::SalarieSupprime { salarie_id }
            }
            SalairesCommand::PayerSalaire {
                salarie_id,
                paiement,
                aujourd_hui,
            } => {
                livre.salarie(salarie_id)?;
                SalairesEvent::SalairePaye {
                    paiement_id: salaires.prochain_id("paiement"),
                    salarie_id,
                    paiement: livre.paiement_salaire(paiement, aujourd_hui)?,
                }
            }
            SalairesCommand::ModifierPaiementSalaire {
                paiement_id,
                paiement,
                aujourd_hui,
            } => {
                let (salarie_id, actuel) = livre.paiement_salaire_existant(paiement_id)?;
                livre.exercices.exige_ouvert(actuel.date_paiement)?;
                SalairesEvent::PaiementSalaireModifie {
                    paiement_id,
                    salarie_id,
                    paiement: livre.paiement_salaire(paiement, aujourd_hui)?,
                }
            }
            SalairesCommand::SupprimerPaiementSalaire { paiement_id } => {
                let (salarie_id, actuel) = livre.paiement_salaire_existant(paiement_id)?;
                livre.exercices.exige_ouvert(actuel.date_paiement)?;
                SalairesEvent::PaiementSalaireSupprime {
                    paiement_id,
                    salarie_id,
                }
            }
            SalairesCommand::PayerChargePatronale { saisie } => {
                SalairesEvent::ChargePatronalePayee {
                    charge_id: salaires.prochain_id("charge_patronale"),
                    paiement: livre.charge_patronale(saisie)?,
                }
            }
            SalairesCommand::ModifierChargePatronale { charge_id, saisie } => {
                let actuelle = livre.charge_patronale_existante(charge_id)?;
                livre.exercices.exige_ouvert(actuelle.date_paiement)?;
                SalairesEvent::ChargePatronaleModifiee {
                    charge_id,
                    paiement: livre.charge_patronale(saisie)?,
                }
            }
            SalairesCommand::SupprimerChargePatronale { charge_id } => {
                let actuelle = livre.charge_patronale_existante(charge_id)?;
                livre.exercices.exige_ouvert(actuelle.date_paiement)?;
                SalairesEvent::ChargePatronaleSupprimee { charge_id }
            }
        };
        Ok(vec![event])
    }
}

impl GrandLivre {
    fn salarie(&self, id: SalarieId) -> Result<&Salarie, SalairesError> {
        self.salaires
            .salarie(id)
            .ok_or(SalairesError::SalarieInconnu(id))
    }

    fn paiement_salaire_existant(
        &self,
        id: PaiementSalaireId,
    ) -> Result<(SalarieId, &PaiementSalaireFait), SalairesError> {
        self.salaires
            .paiement(id)
            .ok_or(SalairesError::PaiementInconnu(id))
    }

    fn charge_patronale_existante(
        &self,
        id: ChargePatronaleId,
    ) -> Result<&ChargePatronaleFaite, SalairesError> {
        self.salaires
            .charge_patronale(id)
            .ok_or(SalairesError::PaiementInconnu(id))
    }

    /// The bank account a payment leaves: the main one, unless it is cash.
    fn compte_du_paiement(&self, par_banque: bool) -> Option<i64> {
        if par_banque {
            self.banque.compte_principal()
        } else {
            None
        }
    }

    /// A salary payment as recorded: positive, at most the salary maximum, not after today,
    /// dated in an open exercice, for the first day of its month.
    fn paiement_salaire(
        &self,
        saisie: SaisiePaiementSalaire,
        aujourd_hui: NaiveDate,
    ) -> Result<PaiementSalaireFait, SalairesError> {
        let montant = montant_borne(saisie.montant, SALAIRE_MAX)?;
        if saisie.date_paiement > aujourd_hui {
            return Err(SalairesError::DatePaiementFuture);
        }
        self.exercices.exige_ouvert(saisie.date_paiement)?;
        Ok(PaiementSalaireFait {
            mois: premier_du_mois(saisie.mois),
            montant,
            date_paiement: saisie.date_paiement,
            methode: saisie.methode,
            reference: texte_facultatif(saisie.reference),
            commentaire: texte_facultatif(saisie.commentaire),
            compte_id: self.compte_du_paiement(saisie.methode.par_banque()),
        })
    }

    /// An employer-charge payment as recorded: titled, positive, at most its maximum, dated in
    /// an open exercice.
    fn charge_patronale(
        &self,
        saisie: SaisieChargePatronale,
    ) -> Result<ChargePatronaleFaite, SalairesError> {
        let titre = texte_requis(&saisie.titre, SalairesError::TitreInvalide)?;
        let montant = montant_borne(saisie.montant, CHARGE_PATRONALE_MAX)?;
        self.exercices.exige_ouvert(saisie.date_paiement)?;
        Ok(ChargePatronaleFaite {
            titre,
            montant,
            date_paiement: saisie.date_paiement,
            methode: saisie.methode,
            reference: texte_facultatif(saisie.reference),
            commentaire: texte_facultatif(saisie.commentaire),
            compte_id: self.compte_du_paiement(saisie.methode.par_banque()),
        })
    }
}
