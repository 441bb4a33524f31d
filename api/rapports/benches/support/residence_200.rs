//! The residence the closing benches share (issue 15, "Proof"): 200 properties over five years
//! (2021–2025: monthly calls, 90 % collected by cash, transfer or cheque deposited each month,
//! four categories of monthly invoices paid by transfer, monthly bank fees, yearly works paid in
//! half), written as the commands that happened, decided and applied one after the other from
//! an empty ledger, as the server does. Compiled (by path) into `daftar-rapports`' `dossier`
//! bench and `daftar-api`'s `cloture` bench, each of which declares `mod commun` (the report
//! tests' command builders) beside it.

// Each bench uses a part of it.
#![allow(dead_code)]

use std::error::Error;

use chrono::{Datelike, Days, NaiveDate};
use cqrs_es::Aggregate;
use daftar_domain::banque::BanqueCommand;
use daftar_domain::depenses::{DepensesCommand, MethodePaiementDepense, NatureDepense};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;

use crate::commun::{
    self, compte, cotisation, depense, occupant, occupation, operation, payer, propriete,
};

pub const PROPRIETES: i64 = 200;
pub const ANNEES: std::ops::RangeInclusive<i32> = 2021..=2025;

struct Histoire {
    livre: GrandLivre,
    events: Vec<GrandLivreEvent>,
}

impl Histoire {
    fn faire(
        &mut self,
        command: GrandLivreCommand,
    ) -> Result<Vec<GrandLivreEvent>, Box<dyn Error>> {
        let nouveaux = self
            .livre
            .decide(command.clone())
            .map_err(|err| format!("{command:?} refusée : {err:?}"))?;
        for event in &nouveaux {
            self.livre.apply(event.clone());
        }
        self.events.extend(nouveaux.iter().cloned());
        Ok(nouveaux)
    }
}

pub fn jour(annee: i32, mois: u32, jour: u32) -> Result<NaiveDate, Box<dyn Error>> {
    NaiveDate::from_ymd_opt(annee, mois, jour).ok_or_else(|| "date".into())
}

fn fin_de_mois(date: NaiveDate) -> Result<NaiveDate, Box<dyn Error>> {
    let premier = if date.month() == 12 {
        jour(date.year() + 1, 1, 1)?
    } else {
        jour(date.year(), date.month() + 1, 1)?
    };
    premier.pred_opt().ok_or_else(|| "date".into())
}

pub fn residence() -> Result<Vec<GrandLivreEvent>, Box<dyn Error>> {
    let mut h = Histoire {
        livre: GrandLivre::default(),
        events: Vec::new(),
    };
    for annee in ANNEES {
        h.faire(GrandLivreCommand::Exercice(
            ExerciceCommand::OuvrirExercice { annee },
        ))?;
    }
    h.faire(compte("Courant", Montant::dinars(20_000), "2021-01-01"))?;
    for p in 1..=PROPRIETES {
        h.faire(propriete(&format!("App {p:03}")))?;
        h.faire(occupant(&format!("Copropriétaire {p:03}")))?;
        h.faire(occupation(p, p))?;
    }
    h.faire(commun::fournisseur())?;
    for titre in ["Électricité", "Eau", "Nettoyage", "Ascenseur"] {
        h.faire(GrandLivreCommand::Depenses(
            DepensesCommand::CreerCategorie {
                titre: titre.into(),
                description: None,
            },
        ))?;
    }
    let mut depense_id = 0;
    for annee in ANNEES {
        let avant = h.livre.revenus.prochain_montant_du_id();
        h.faire(cotisation(
            &format!("Charges {annee}"),
            TypeCotisation::Mensuelle,
            &format!("{annee}-01-01"),
            &format!("{annee}-12-31"),
            50,
        ))?;
        let apres = h.livre.revenus.prochain_montant_du_id();
        let mut cheques: Vec<(i64, NaiveDate)> = Vec::new();
        for du_id in avant..apres {
            if du_id % 10 == 0 {
                continue;
            }
            let echeance = h
                .livre
                .revenus
                .montant_du(du_id)
                .map(|du| du.appel.echeance)
                .ok_or("due")?;
            let le = (echeance + Days::new(u64::try_from(du_id % 15)?)).min(jour(annee, 12, 31)?);
            let methode = match du_id % 3 {
                0 => MethodePaiement::Espece,
                1 => MethodePaiement::Virement,
                _ => MethodePaiement::Cheque,
            };
            let events = h.faire(commun::encaisser(du_id, 50, &le.to_string(), methode))?;
            if methode == MethodePaiement::Cheque {
                for event in events {
                    if let GrandLivreEvent::Revenus(
                        daftar_domain::revenus::RevenusEvent::EncaissementEnregistre {
                            encaissement_id,
                            ..
                        },
                    ) = event
                    {
                        cheques.push((encaissement_id, le));
                    }
                }
            }
        }
        for mois in 1..=12 {
            let fin = fin_de_mois(jour(annee, mois, 1)?)?;
            let du_mois: Vec<i64> = cheques
                .iter()
                .filter(|(_, le)| le.year() == annee && le.month() == mois)
                .map(|(id, _)| *id)
                .collect();
            if !du_mois.is_empty() {
                h.faire(GrandLivreCommand::Banque(BanqueCommand::CreerRemise {
                    compte_id: 1,
                    cheques: du_mois,
                    date: fin,
                    reference: None,
                    commentaire: None,
                }))?;
            }
            for categorie in 1..=4 {
                let le = jour(annee, mois, 5)?;
                h.faire(depense(
                    &format!("Facture {categorie} {mois:02}/{annee}"),
                    NatureDepense::Charge,
                    Some(categorie),
                    Montant::from_millimes(1_000_000 + categorie * 123_456),
                    &le.to_string(),
                ))?;
                depense_id += 1;
                h.faire(payer(
                    depense_id,
                    NatureDepense::Charge,
                    Montant::from_millimes(1_000_000 + categorie * 123_456),
                    &jour(annee, mois, 15)?.to_string(),
                    MethodePaiementDepense::Virement,
                ))?;
            }
            h.faire(operation(
                daftar_domain::banque::TypeOperation::Frais,
                Montant::from_millimes(7_500),
                &fin.to_string(),
            ))?;
        }
        h.faire(depense(
            &format!("Travaux {annee}"),
            NatureDepense::Travaux,
            None,
            Montant::dinars(30_000),
            &jour(annee, 6, 1)?.to_string(),
        ))?;
        depense_id += 1;
        h.faire(payer(
            depense_id,
            NatureDepense::Travaux,
            Montant::dinars(15_000),
            &jour(annee, 7, 1)?.to_string(),
            MethodePaiementDepense::Virement,
        ))?;
    }
    Ok(h.events)
}
