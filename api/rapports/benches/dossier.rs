//! `ops/bench` closing-pack figures (issue 15, "Proof"): the 200-property residence over five
//! years (2021–2025: monthly calls, 90 % collected by cash, transfer or cheque deposited each
//! month, four categories of monthly invoices paid by transfer, monthly bank fees, yearly works
//! paid in half), replayed in memory, then the 2025 closing pack rendered. Target: the full
//! pack under 2 s. Run: `cargo bench -p daftar-rapports --bench dossier`.

#![allow(clippy::float_arithmetic)]

use std::error::Error;
use std::time::{Duration, Instant};

use chrono::{Datelike, Days, NaiveDate};
use cqrs_es::Aggregate;
use daftar_domain::banque::BanqueCommand;
use daftar_domain::depenses::{DepensesCommand, MethodePaiementDepense, NatureDepense};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use daftar_rapports::{details, dossier_cloture, rejouer, tableau_tresorerie_pdf, Contexte, Etat};

#[path = "../tests/commun/mod.rs"]
mod commun;

use commun::{compte, cotisation, depense, occupant, occupation, operation, payer, propriete};

const PROPRIETES: i64 = 200;
const ANNEES: std::ops::RangeInclusive<i32> = 2021..=2025;

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

fn jour(annee: i32, mois: u32, jour: u32) -> Result<NaiveDate, Box<dyn Error>> {
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

fn residence() -> Result<Vec<GrandLivreEvent>, Box<dyn Error>> {
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

fn ms(duree: Duration) -> f64 {
    duree.as_secs_f64() * 1_000.0
}

fn main() -> Result<(), Box<dyn Error>> {
    let debut = Instant::now();
    let events = residence()?;
    let generation = debut.elapsed();
    let debut = Instant::now();
    let (livre, livres) = rejouer(events.clone());
    let rejeu = debut.elapsed();
    let ctx = Contexte {
        residence: "Résidence des 200".to_owned(),
        annee: 2025,
        etat: Etat::Cloture {
            le: jour(2026, 5, 12)?,
        },
        budget: None,
    };
    // First render: typst's caches and the template are cold.
    let debut = Instant::now();
    tableau_tresorerie_pdf(&livre, &livres, &ctx)?;
    let premier = debut.elapsed();
    let mut durees = Vec::new();
    let mut taille = 0;
    for _ in 0..3 {
        let debut = Instant::now();
        let pack = dossier_cloture(&livre, &livres, &ctx)?;
        durees.push(debut.elapsed());
        taille = pack.iter().map(|d| d.octets.len()).sum::<usize>();
    }
    durees.sort();
    let mut par_document = Vec::new();
    let debut = Instant::now();
    let documents = details(&livre, &livres, &ctx)?;
    let tous = debut.elapsed();
    for document in &documents {
        par_document.push((document.nom.clone(), document.octets.len()));
    }
    println!("\n## Closing pack (daftar-rapports), 200 properties × 5 years, year 2025");
    println!("| figure | value |");
    println!("|---|---|");
    println!(
        "| events / journal entries (all years) | {} / {} |",
        events.len(),
        livres.journal().len()
    );
    println!(
        "| history generated (decide + apply) | {:.0} ms |",
        ms(generation)
    );
    println!(
        "| replay into GrandLivre + Livres (rejouer) | {:.0} ms |",
        ms(rejeu)
    );
    println!(
        "| first treasury PDF (cold caches) | {:.0} ms |",
        ms(premier)
    );
    println!(
        "| full closing pack (dossier_cloture), median of 3 / min | {:.0} ms / {:.0} ms |",
        ms(durees[1]),
        ms(durees[0])
    );
    println!("| detailed documents only (details) | {:.0} ms |", ms(tous));
    println!("| pack size | {} KB |", taille / 1_024);
    for (nom, octets) in par_document {
        println!("| {nom} | {} KB |", octets / 1_024);
    }
    Ok(())
}
