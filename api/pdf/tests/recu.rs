//! The receipt as a user gets it: a real PDF whose text (extracted with poppler's `pdftotext`)
//! states everything issue 3 "Documents" asks for, accents included.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::NaiveDate;
use daftar_domain::Montant;
use daftar_pdf::{Langue, Recu, Renderer};

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn recu() -> Recu {
    Recu {
        residence_nom: "Les Jasmins d'El Menzah".to_owned(),
        residence_adresse: "12, rue des Jasmins".to_owned(),
        residence_ville: "Ariana".to_owned(),
        numero_recu: "R-2026-000142".to_owned(),
        date_paiement: date(2026, 2, 14),
        payeur_nom: "Leïla Haddad".to_owned(),
        propriete_nom: "Appartement B-12".to_owned(),
        cotisation_titre: "Charges communes T1 2026".to_owned(),
        periode_debut: date(2026, 1, 1),
        periode_fin: date(2026, 3, 31),
        date_echeance: date(2026, 1, 31),
        montant: Montant::from_millimes(1_234_500),
        methode: "Chèque".to_owned(),
        reference: Some("0045123".to_owned()),
        restant_du: Montant::from_millimes(265_500),
        emis_le: date(2026, 2, 15),
        duplicata: None,
        langue: Langue::Fr,
    }
}

/// Runs a poppler tool on the PDF (`PDF` in `args` stands for its path) and returns its standard
/// output. Fails clearly when poppler is
/// missing (ops/test installs `poppler-utils`).
fn poppler(outil: &str, pdf: &[u8], args: &[&str]) -> String {
    static NUMERO: AtomicUsize = AtomicUsize::new(0);
    let chemin: PathBuf = std::env::temp_dir().join(format!(
        "daftar-pdf-{}-{}.pdf",
        std::process::id(),
        NUMERO.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&chemin, pdf).unwrap();
    let sortie = Command::new(outil)
        .args(args.iter().map(|&arg| {
            if arg == "PDF" {
                chemin.as_os_str()
            } else {
                arg.as_ref()
            }
        }))
        .output();
    let _ = std::fs::remove_file(&chemin);
    let sortie = sortie.unwrap_or_else(|err| {
        panic!("cannot run `{outil}` ({err}): install poppler-utils (apt-get install -y poppler-utils)")
    });
    assert!(
        sortie.status.success(),
        "{outil} failed: {}",
        String::from_utf8_lossy(&sortie.stderr)
    );
    String::from_utf8(sortie.stdout).unwrap()
}

/// Keeps a rendered PDF for a look when `DAFTAR_PDF_OUT` names a folder
/// (`pdftoppm -png -r 80 x.pdf x` turns it into an image).
fn garder(nom: &str, pdf: &[u8]) {
    if let Some(dossier) = std::env::var_os("DAFTAR_PDF_OUT") {
        std::fs::write(PathBuf::from(dossier).join(format!("{nom}.pdf")), pdf).unwrap();
    }
}

/// The PDF's text with every run of white space (line breaks, no-break spaces) as one space.
fn texte(pdf: &[u8]) -> String {
    poppler("pdftotext", pdf, &["-enc", "UTF-8", "PDF", "-"])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn pages(pdf: &[u8]) -> String {
    poppler("pdfinfo", pdf, &["PDF"])
        .lines()
        .find_map(|ligne| ligne.strip_prefix("Pages:"))
        .map(|n| n.trim().to_owned())
        .unwrap_or_default()
}

#[test]
fn the_receipt_is_a_one_page_pdf() {
    let pdf = Renderer::new().unwrap().render_recu(&recu()).unwrap();
    garder("recu", &pdf);
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(pages(&pdf), "1");
}

#[test]
fn the_receipt_states_number_payer_property_cotisation_and_dates() {
    let pdf = Renderer::new().unwrap().render_recu(&recu()).unwrap();
    let texte = texte(&pdf);
    for attendu in [
        "Les Jasmins d'El Menzah",
        "Ariana",
        "Reçu de paiement N° R-2026-000142",
        "Date du paiement : 14/02/2026",
        "Reçu de : Leïla Haddad",
        "Propriété : Appartement B-12",
        "Cotisation : Charges communes T1 2026",
        "du 01/01/2026 au 31/03/2026",
        "Échéance : 31/01/2026",
        "Reçu émis par Daftar le 15/02/2026",
    ] {
        assert!(
            texte.contains(attendu),
            "{attendu:?} missing from {texte:?}"
        );
    }
    assert!(texte.to_lowercase().contains("échéance"));
}

#[test]
fn the_amount_is_written_in_figures_and_in_french_words() {
    let pdf = Renderer::new().unwrap().render_recu(&recu()).unwrap();
    let texte = texte(&pdf);
    assert!(texte.contains("1 234,500 DT"), "{texte:?}");
    assert!(
        texte.contains("Mille deux cent trente-quatre dinars et cinq cents millimes"),
        "{texte:?}"
    );
}

#[test]
fn the_receipt_states_method_reference_remaining_due_and_the_treasurer() {
    let pdf = Renderer::new().unwrap().render_recu(&recu()).unwrap();
    let texte = texte(&pdf);
    for attendu in [
        "Mode de paiement : Chèque",
        "Référence : 0045123",
        "Restant dû après ce paiement : 265,500 DT",
        "Le trésorier",
    ] {
        assert!(
            texte.contains(attendu),
            "{attendu:?} missing from {texte:?}"
        );
    }
    assert!(!texte.contains("soldée"));
}

#[test]
fn without_reference_there_is_no_reference_line_and_a_paid_off_cotisation_says_so() {
    let pdf = Renderer::new()
        .unwrap()
        .render_recu(&Recu {
            reference: Some("  ".to_owned()),
            restant_du: Montant::ZERO,
            methode: "Espèces".to_owned(),
            ..recu()
        })
        .unwrap();
    let texte = texte(&pdf);
    assert!(!texte.contains("Référence"), "{texte:?}");
    assert!(texte.contains("Mode de paiement : Espèces"));
    assert!(texte.contains("Restant dû après ce paiement : 0,000 DT (cotisation soldée)"));
}

#[test]
fn user_text_is_printed_as_is_never_read_as_typst_markup() {
    let pdf = Renderer::new()
        .unwrap()
        .render_recu(&Recu {
            payeur_nom: "#panic(\"x\") *Ali* $x$ _a_ <b> @ref \\ ]".to_owned(),
            ..recu()
        })
        .unwrap();
    assert!(texte(&pdf).contains("#panic(\"x\") *Ali* $x$ _a_ <b> @ref \\ ]"));
}

/// `mot` repeated, with spaces, up to exactly `longueur` characters.
fn texte_de(mot: &str, longueur: usize) -> String {
    let texte: String = std::iter::repeat_n(mot, longueur)
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(longueur)
        .collect();
    assert_eq!(texte.chars().count(), longueur);
    texte
}

#[test]
fn texts_at_their_validation_limits_wrap_and_still_fit_on_one_page() {
    // Limits of the write side: residence and occupant names 100 characters, cotisation titles
    // 200, payment references 100.
    let pdf = Renderer::new()
        .unwrap()
        .render_recu(&Recu {
            residence_nom: texte_de("Résidence", 100),
            residence_adresse: "12, rue des Jasmins".to_owned(),
            residence_ville: texte_de("Ville", 100),
            payeur_nom: texte_de("Leïla", 100),
            propriete_nom: texte_de("Appartement", 100),
            cotisation_titre: texte_de("Cotisation", 200),
            reference: Some(texte_de("VIR-0045123456789", 100)),
            methode: "Versement".to_owned(),
            montant: Montant::from_millimes(987_654_321_999),
            ..recu()
        })
        .unwrap();
    garder("recu-limites", &pdf);
    assert_eq!(pages(&pdf), "1");
    assert!(texte(&pdf).contains("987 654 321,999 DT"));
}

#[test]
fn a_name_in_arabic_script_is_set_in_the_shipped_arabic_font() {
    let pdf = Renderer::new()
        .unwrap()
        .render_recu(&Recu {
            payeur_nom: "ليلى الحداد".to_owned(),
            ..recu()
        })
        .unwrap();
    let polices = poppler("pdffonts", &pdf, &["PDF"]);
    assert!(polices.contains("NotoSansArabic"), "{polices}");
    assert!(polices.contains("NotoSans-Regular"), "{polices}");
}

#[test]
fn the_same_receipt_always_gives_the_same_bytes() {
    let renderer = Renderer::new().unwrap();
    let premier = renderer.render_recu(&recu()).unwrap();
    let autre = renderer
        .render_recu(&Recu {
            numero_recu: "R-2026-000143".to_owned(),
            ..recu()
        })
        .unwrap();
    assert_ne!(premier, autre);
    assert_eq!(renderer.render_recu(&recu()).unwrap(), premier);
    assert_eq!(
        Renderer::new().unwrap().render_recu(&recu()).unwrap(),
        premier
    );
}

#[test]
fn one_renderer_serves_several_threads_at_once() {
    fn partageable<T: Send + Sync>() {}
    partageable::<Renderer>();

    let renderer = Renderer::new().unwrap();
    let attendu = renderer.render_recu(&recu()).unwrap();
    std::thread::scope(|scope| {
        let fils: Vec<_> = (0..4)
            .map(|i| {
                let (renderer, attendu) = (&renderer, &attendu);
                scope.spawn(move || {
                    for j in 0..5 {
                        let numero = format!("R-{i}-{j}");
                        let pdf = renderer
                            .render_recu(&Recu {
                                numero_recu: numero.clone(),
                                ..recu()
                            })
                            .unwrap();
                        assert!(texte(&pdf).contains(&numero));
                        assert_eq!(&renderer.render_recu(&recu()).unwrap(), attendu);
                    }
                })
            })
            .collect();
        for fil in fils {
            fil.join().unwrap();
        }
    });
}
