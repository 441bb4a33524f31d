//! `ops/bench` closing-pack figures (issue 15, "Proof"): the 200-property residence over five
//! years (2021–2025: monthly calls, 90 % collected by cash, transfer or cheque deposited each
//! month, four categories of monthly invoices paid by transfer, monthly bank fees, yearly works
//! paid in half), replayed in memory, then the 2025 closing pack rendered. Target: the full
//! pack under 2 s. Run: `cargo bench -p daftar-rapports --bench dossier`.

#![allow(clippy::float_arithmetic)]

use std::error::Error;
use std::time::{Duration, Instant};

use daftar_rapports::{details, dossier_cloture, rejouer, tableau_tresorerie_pdf, Contexte, Etat};

#[path = "../tests/commun/mod.rs"]
mod commun;
#[path = "support/residence_200.rs"]
mod residence_200;

use residence_200::{jour, residence};

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
        // Each render cold, as a closing (new data) and an audit (a new process) render it.
        daftar_pdf::vider_caches();
        let debut = Instant::now();
        let pack = dossier_cloture(&livre, &livres, &ctx)?;
        durees.push(debut.elapsed());
        taille = pack.iter().map(|d| d.octets.len()).sum::<usize>();
    }
    durees.sort();
    let mut par_document = Vec::new();
    daftar_pdf::vider_caches();
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
        "| full closing pack (dossier_cloture), cold, median of 3 / min | {:.0} ms / {:.0} ms |",
        ms(durees[1]),
        ms(durees[0])
    );
    println!(
        "| detailed documents only (details), cold | {:.0} ms |",
        ms(tous)
    );
    println!("| pack size | {} KB |", taille / 1_024);
    for (nom, octets) in par_document {
        println!("| {nom} | {} KB |", octets / 1_024);
    }
    Ok(())
}
