//! `ops/bench` receipt figures: World setup (`Renderer::new`: fonts parsed, template loaded), and
//! the render time of a receipt with a warm `Renderer` (typst compile + PDF export), median and p99
//! over 200 receipts that differ as real ones do (number, payer, amount). Target: median under
//! 10 ms (issue 3, "Documents").

#![allow(clippy::float_arithmetic)]

use std::error::Error;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use daftar_domain::Montant;
use daftar_pdf::{Langue, Recu, Renderer};

const RECUS: usize = 200;
const ECHAUFFEMENT: usize = 20;

fn recu(i: usize) -> Result<Recu, Box<dyn Error>> {
    let date = |m, d| NaiveDate::from_ymd_opt(2026, m, d).ok_or("date");
    let n = i64::try_from(i)?;
    Ok(Recu {
        residence_nom: "Les Jasmins d'El Menzah".to_owned(),
        residence_adresse: "12, rue des Jasmins".to_owned(),
        residence_ville: "Ariana".to_owned(),
        numero_recu: format!("R-2026-{i:06}"),
        date_paiement: date(2, 14)?,
        payeur_nom: format!("Leïla Haddad {i}"),
        propriete_nom: format!("Appartement B-{}", i % 40),
        cotisation_titre: "Charges communes — 1er trimestre 2026".to_owned(),
        periode_debut: date(1, 1)?,
        periode_fin: date(3, 31)?,
        date_echeance: date(1, 31)?,
        montant: Montant::from_millimes(1_234_500 + n * 1_001),
        methode: "Chèque".to_owned(),
        reference: Some(format!("{:07}", 45_000 + i)),
        restant_du: Montant::from_millimes(265_500 - n * 1_000),
        emis_le: date(2, 15)?,
        duplicata: None,
        langue: Langue::Fr,
    })
}

/// `mot` repeated up to `longueur` characters.
fn texte_de(mot: &str, longueur: usize) -> String {
    std::iter::repeat_n(mot, longueur)
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(longueur)
        .collect()
}

fn ms(duree: Duration) -> f64 {
    duree.as_secs_f64() * 1_000.0
}

fn main() -> Result<(), Box<dyn Error>> {
    let debut = Instant::now();
    let renderer = Renderer::new()?;
    let premier = debut.elapsed();
    let mut setups: Vec<Duration> = (0..10)
        .map(|_| {
            let debut = Instant::now();
            Renderer::new().map(|_| debut.elapsed())
        })
        .collect::<Result<_, _>>()?;
    setups.sort();

    let recus: Vec<Recu> = (0..ECHAUFFEMENT + RECUS)
        .map(recu)
        .collect::<Result<_, _>>()?;
    let debut = Instant::now();
    let premier_rendu = renderer.render_recu(&recus[0])?;
    let froid = debut.elapsed();
    for recu in &recus[1..ECHAUFFEMENT] {
        renderer.render_recu(recu)?;
    }
    let mut durees = Vec::with_capacity(RECUS);
    let mut octets = 0;
    for recu in &recus[ECHAUFFEMENT..] {
        let debut = Instant::now();
        let pdf = renderer.render_recu(recu)?;
        durees.push(debut.elapsed());
        octets += pdf.len();
    }
    durees.sort();

    // Texts at their validation limits: laid out at several text sizes until one page holds.
    let mut limites = Vec::with_capacity(20);
    for i in 0..20 {
        let recu = Recu {
            residence_nom: texte_de("Résidence", 100),
            payeur_nom: texte_de("Leïla", 100),
            propriete_nom: texte_de("Appartement", 100),
            cotisation_titre: texte_de("Cotisation", 200),
            reference: Some(texte_de("VIR-0045123456789", 100)),
            ..recu(i)?
        };
        let debut = Instant::now();
        renderer.render_recu(&recu)?;
        limites.push(debut.elapsed());
    }
    limites.sort();

    let centile = |p: usize| durees[(durees.len() * p / 100).min(durees.len() - 1)];
    let total: Duration = durees.iter().sum();

    println!("\n## PDF receipt (daftar-pdf, typst in process)");
    println!("| figure | value |");
    println!("|---|---|");
    println!(
        "| World setup (Renderer::new), first / median of 10 more | {:.1} ms / {:.1} ms |",
        ms(premier),
        ms(setups[setups.len() / 2])
    );
    println!("| first receipt (cold caches) | {:.1} ms |", ms(froid));
    println!(
        "| receipt render, warm, {RECUS} receipts: median / p99 / max | {:.2} ms / {:.2} ms / {:.2} ms |",
        ms(centile(50)),
        ms(centile(99)),
        ms(durees[durees.len() - 1])
    );
    println!(
        "| receipt with texts at their length limits (shrunk to one page), median | {:.2} ms |",
        ms(limites[limites.len() / 2])
    );
    println!(
        "| throughput, one thread | {:.0} receipts/s |",
        RECUS as f64 / total.as_secs_f64()
    );
    println!(
        "| PDF size | {} KB (first: {} KB) |",
        octets / RECUS / 1_024,
        premier_rendu.len() / 1_024
    );
    Ok(())
}
