//! `ops/bench` bank statements figure (issue 22, "Proof"): a year of statements (2,000 lines, a
//! French CSV with a debit/credit pair) read and matched against five years of the account's
//! movements (about 12,000, every one a candidate: stricter than the routes, which pass the
//! statement's window only). Target: under 2 s. What the import adds around it (the multipart
//! body, one ledger command, the read model's rows) is one append of one event and its
//! pointings, measured by the ledger's bench.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::float_arithmetic)]

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use chrono::{Duration as Jours, NaiveDate};
use daftar_api::releves::rapprochement::{rapprocher, Candidat, Correspondance, LigneAMatcher};
use daftar_api::releves::{lire, Lecture};
use daftar_domain::banque::releves::{FormatDate, MappingReleve, SeparateurDecimal};
use daftar_domain::banque::{Mouvement, TableMouvement};

const TARGET: Duration = Duration::from_secs(2);
const LIGNES: usize = 2_000;

/// A small deterministic generator (no dependency, same figures every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (self.0 >> 33) % n
    }
}

fn main() {
    let mut hasard = Lcg(22);
    let debut = NaiveDate::from_ymd_opt(2022, 1, 1).unwrap();
    // Five years of movements: ~6.5 a day, amounts of 10 to 2,000 DT, a third with a reference.
    let mut candidats = Vec::new();
    for jour in 0..(5 * 365) {
        let date = debut + Jours::days(jour);
        for _ in 0..(5 + hasard.next(4)) {
            let id = candidats.len() as i64 + 1;
            let montant =
                (10_000 + hasard.next(1_990_000) as i64) * if hasard.next(3) == 0 { -1 } else { 1 };
            candidats.push(Candidat {
                mouvement: Mouvement {
                    table: if montant > 0 {
                        TableMouvement::Encaissement
                    } else {
                        TableMouvement::PaiementDepense
                    },
                    id,
                },
                date,
                montant,
                reference: (hasard.next(3) == 0).then(|| format!("REF{id:06}")),
            });
        }
    }
    // 2026's statements: 1,800 lines the bank booked one to three days after the books, 200
    // fees the books do not have.
    let annee: Vec<&Candidat> = candidats
        .iter()
        .filter(|c| c.date >= NaiveDate::from_ymd_opt(2026, 1, 1).unwrap())
        .collect();
    let mut csv =
        String::from("Relevé de compte;;;;\nDate opération;Libellé;Référence;Débit;Crédit\n");
    let mut compte_lignes = 0;
    for (i, c) in annee.iter().enumerate().take(LIGNES - LIGNES / 10) {
        let jour = c.date + Jours::days(1 + (i as i64 % 3));
        let montant = format_fr(c.montant.abs());
        let (debit, credit) = if c.montant < 0 {
            (montant, String::new())
        } else {
            (String::new(), montant)
        };
        writeln!(
            csv,
            "{};MOUVEMENT {};{};{debit};{credit}",
            jour.format("%d/%m/%Y"),
            c.mouvement.id,
            c.reference.clone().unwrap_or_default()
        )
        .unwrap();
        compte_lignes += 1;
    }
    for i in 0..(LIGNES - compte_lignes) {
        let jour = NaiveDate::from_ymd_opt(2026, 1 + (i % 10) as u32, 28).unwrap();
        writeln!(
            csv,
            "{};FRAIS TENUE DE COMPTE;;{};",
            jour.format("%d/%m/%Y"),
            format_fr(4_500 + i as i64)
        )
        .unwrap();
    }
    let mapping = MappingReleve {
        ligne_entete: 2,
        date: "Date opération".into(),
        libelle: "Libellé".into(),
        montant: None,
        debit: Some("Débit".into()),
        credit: Some("Crédit".into()),
        reference: Some("Référence".into()),
        format_date: FormatDate::JjMmAaaaBarre,
        separateur_decimal: SeparateurDecimal::Virgule,
    };
    println!(
        "\n# Bank statements: {LIGNES} lines ({} KB of CSV) against {} movements of five years",
        csv.len() / 1024,
        candidats.len()
    );
    let mut mesures = Vec::new();
    let mut resume = (0, 0, 0);
    for _ in 0..5 {
        let debut = Instant::now();
        let Lecture::Lu { releve, .. } = lire(csv.as_bytes(), Some(&mapping)).unwrap() else {
            panic!("the mapping is given");
        };
        let lignes: Vec<LigneAMatcher> = releve
            .lignes
            .iter()
            .map(|l| LigneAMatcher {
                date: l.date,
                montant: l.montant.millimes(),
                libelle: l.libelle.clone(),
                reference: l.reference.clone(),
            })
            .collect();
        let resultats = rapprocher(&lignes, &candidats);
        mesures.push(debut.elapsed());
        resume = resultats.iter().fold((0, 0, 0), |(s, p, a), r| match r {
            Correspondance::Sure(_) => (s + 1, p, a),
            Correspondance::Proposee(_) => (s, p + 1, a),
            Correspondance::Aucune => (s, p, a + 1),
        });
        assert_eq!(resultats.len(), LIGNES);
    }
    mesures.sort();
    let mediane = mesures[mesures.len() / 2];
    println!(
        "read + matched, median of 5: {:.0} ms (target {} ms): {} pointed at once, {} proposed, {} without a match",
        mediane.as_secs_f64() * 1000.0,
        TARGET.as_millis(),
        resume.0,
        resume.1,
        resume.2
    );
    assert!(mediane < TARGET, "over the target");
}

/// `1 234,567`: French thousands and decimals.
fn format_fr(millimes: i64) -> String {
    let dinars = millimes / 1000;
    let reste = millimes % 1000;
    let texte = dinars.to_string();
    let mut groupes = Vec::new();
    let mut fin = texte.len();
    while fin > 3 {
        groupes.push(&texte[fin - 3..fin]);
        fin -= 3;
    }
    groupes.push(&texte[..fin]);
    groupes.reverse();
    format!("{},{reste:03}", groupes.join(" "))
}
