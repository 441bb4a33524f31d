//! The builder's payroll steps: an employee with its salary payments, and an employer-charge
//! payment (spec 2 §2 "Salaries and employer charges"). An employee is named by its name: a
//! step for a name already employed adds only the payments not yet recorded.

use anyhow::Context;
use chrono::NaiveDate;
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::salaires::{
    FicheSalarie, MethodePaiementSalaire, SaisieChargePatronale, SaisiePaiementSalaire,
    SalairesCommand, SalairesEvent, TauxCharges,
};
use daftar_domain::Montant;

use super::Books;

/// An employee to record (unless one of that name exists), then pay as its payments say.
pub struct SalarieSpec {
    fiche: FicheSalarie,
    paiements: Vec<SaisiePaiementSalaire>,
}

impl SalarieSpec {
    fn new(nom: &str, poste: &str, tel: &str, salaire: Montant, date_debut: NaiveDate) -> Self {
        SalarieSpec {
            fiche: FicheSalarie {
                nom: nom.to_owned(),
                poste: poste.to_owned(),
                tel: tel.to_owned(),
                cin: None,
                date_naissance: None,
                adresse: None,
                salaire,
                taux_charges_patronales: None,
                numero_cnss: None,
                rib: None,
                date_debut,
                date_fin: None,
                commentaire: None,
            },
            paiements: Vec::new(),
        }
    }

    /// An employee declared without employer charges, paid `salaire` a month.
    pub fn sans_charges(
        nom: &str,
        poste: &str,
        tel: &str,
        salaire: Montant,
        date_debut: NaiveDate,
    ) -> Self {
        Self::new(nom, poste, tel, salaire, date_debut)
    }

    /// An employee declared with employer charges: a gross salary and the global rate, in
    /// hundredths of a percent (16.57 % is 1657).
    pub fn avec_charges(
        nom: &str,
        poste: &str,
        tel: &str,
        (salaire_brut, taux_centiemes): (Montant, i64),
        date_debut: NaiveDate,
    ) -> Self {
        let mut spec = Self::new(nom, poste, tel, salaire_brut, date_debut);
        spec.fiche.taux_charges_patronales = Some(TauxCharges::from_centiemes(taux_centiemes));
        spec
    }

    pub fn cin(mut self, cin: &str) -> Self {
        self.fiche.cin = Some(cin.to_owned());
        self
    }

    pub fn date_naissance(mut self, date: NaiveDate) -> Self {
        self.fiche.date_naissance = Some(date);
        self
    }

    pub fn adresse(mut self, adresse: &str) -> Self {
        self.fiche.adresse = Some(adresse.to_owned());
        self
    }

    pub fn numero_cnss(mut self, numero: &str) -> Self {
        self.fiche.numero_cnss = Some(numero.to_owned());
        self
    }

    pub fn rib(mut self, rib: &str) -> Self {
        self.fiche.rib = Some(rib.to_owned());
        self
    }

    pub fn date_fin(mut self, date: NaiveDate) -> Self {
        self.fiche.date_fin = Some(date);
        self
    }

    /// The salary of month `mois` (any day of it) paid on `date_paiement`.
    pub fn paiement(
        mut self,
        mois: NaiveDate,
        montant: Montant,
        date_paiement: NaiveDate,
        (methode, reference): (MethodePaiementSalaire, Option<&str>),
    ) -> Self {
        self.paiements.push(SaisiePaiementSalaire {
            mois,
            montant,
            date_paiement,
            methode,
            reference: reference.map(str::to_owned),
            commentaire: None,
        });
        self
    }
}

/// An employer-charge payment to record (unless one of its title exists).
pub struct ChargePatronaleSpec(SaisieChargePatronale);

impl ChargePatronaleSpec {
    pub fn new(
        titre: &str,
        montant: Montant,
        date_paiement: NaiveDate,
        (methode, reference): (MethodePaiementDepense, Option<&str>),
    ) -> Self {
        ChargePatronaleSpec(SaisieChargePatronale {
            titre: titre.to_owned(),
            montant,
            date_paiement,
            methode,
            reference: reference.map(str::to_owned),
            commentaire: None,
        })
    }
}

impl Books {
    pub(super) async fn salarie(&self, spec: SalarieSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        let existant = livre
            .salaires
            .salaries()
            .find(|(_, s)| s.fiche.nom == spec.fiche.nom)
            .map(|(id, s)| (id, s.paiements.values().cloned().collect::<Vec<_>>()));
        let (salarie_id, deja_payes) = match existant {
            Some(existant) => existant,
            None => {
                let nom = spec.fiche.nom.clone();
                let command = SalairesCommand::CreerSalarie {
                    fiche: spec.fiche,
                    aujourd_hui: self.aujourd_hui,
                };
                let salarie_id = self
                    .execute(command)
                    .await?
                    .events
                    .iter()
                    .find_map(|event| match &event.payload {
                        GrandLivreEvent::Salaires(SalairesEvent::SalarieCree {
                            salarie_id,
                            ..
                        }) => Some(*salarie_id),
                        _ => None,
                    })
                    .with_context(|| format!("{nom} recorded without its id"))?;
                (salarie_id, Vec::new())
            }
        };
        for paiement in spec.paiements {
            let deja = deja_payes.iter().any(|p| {
                p.date_paiement == paiement.date_paiement && p.montant == paiement.montant
            });
            if !deja {
                self.execute(SalairesCommand::PayerSalaire {
                    salarie_id,
                    paiement,
                    aujourd_hui: self.aujourd_hui,
                })
                .await?;
            }
        }
        Ok(())
    }

    pub(super) async fn charge_patronale(&self, spec: ChargePatronaleSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        if livre
            .salaires
            .charges_patronales()
            .any(|(_, c)| c.titre == spec.0.titre)
        {
            return Ok(());
        }
        self.execute(SalairesCommand::PayerChargePatronale { saisie: spec.0 })
            .await?;
        Ok(())
    }
}
