//! Renders a sample receipt: `cargo run -p daftar-pdf --example recu -- /tmp/recu.pdf [ar]`.

use std::process::ExitCode;

use chrono::NaiveDate;
use daftar_domain::Montant;
use daftar_pdf::{Duplicata, Langue, Recu, Renderer};

fn main() -> ExitCode {
    let chemin = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "recu.pdf".to_owned());
    let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
    let recu = Recu {
        residence_nom: "Les Jasmins d'El Menzah".to_owned(),
        residence_adresse: "12, rue des Jasmins".to_owned(),
        residence_ville: "El Menzah 6, Ariana".to_owned(),
        numero_recu: "R-2026-000142".to_owned(),
        date_paiement: date(2026, 2, 14),
        payeur_nom: "Leïla Haddad".to_owned(),
        propriete_nom: "Appartement B-12".to_owned(),
        cotisation_titre: "Charges communes — 1er trimestre 2026".to_owned(),
        periode_debut: date(2026, 1, 1),
        periode_fin: date(2026, 3, 31),
        date_echeance: date(2026, 1, 31),
        montant: Montant::from_millimes(1_234_500),
        methode: "Chèque".to_owned(),
        reference: Some("0045 1234 567".to_owned()),
        restant_du: Montant::from_millimes(265_500),
        emis_le: date(2026, 2, 15),
        // A reprint after a correction, to show every part of the receipt.
        duplicata: Some(Duplicata {
            modifie_le: Some(date(2026, 2, 20)),
        }),
        langue: if std::env::args().nth(2).as_deref() == Some("ar") {
            Langue::Ar
        } else {
            Langue::Fr
        },
    };
    let pdf = Renderer::new().and_then(|renderer| renderer.render_recu(&recu));
    match pdf.map(|pdf| std::fs::write(&chemin, pdf)) {
        Ok(Ok(())) => {
            println!("{chemin}");
            ExitCode::SUCCESS
        }
        Ok(Err(err)) => {
            eprintln!("{chemin}: {err}");
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("{err}");
            ExitCode::FAILURE
        }
    }
}
