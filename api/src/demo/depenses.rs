//! The demo's expenses: a year and a half of the building's bills (electricity and cleaning
//! every month, water and the lift every quarter, the insurance every year), each with its
//! invoice as a PDF, mostly paid (transfers, cheques, cash) with the last ones partly paid or
//! not yet; and the façade works with their quote, approved, an advance paid.

use std::sync::Arc;

use chrono::{Datelike, NaiveDate};
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::document::NatureDocument;
use daftar_domain::Montant;

use crate::documents::DocumentStore;
use crate::residence_builder::{DepenseSpec, ResidenceBuilder};

/// The first month of bills the demo shows.
const PREMIER_MOIS: (i32, u32) = (2025, 6);

const MOIS: [&str; 12] = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
];

/// A one-page invoice as a PDF: the supplier, the title and the amount.
pub(super) fn facture_pdf(fournisseur: &str, titre: &str, montant: Montant) -> Vec<u8> {
    document_pdf(&[
        (22, fournisseur.to_owned()),
        (14, "Facture".to_owned()),
        (14, titre.to_owned()),
        (14, format!("Montant : {} DT", montant.format_fr_nombre())),
        (10, "Résidence Les Jasmins, El Menzah 5, Tunis".to_owned()),
    ])
}

/// A one-page PDF of lines (font size, text), written by hand (no renderer: the demo starts
/// fast), in Helvetica, accented letters in WinAnsi.
pub(super) fn document_pdf(lignes: &[(u32, String)]) -> Vec<u8> {
    let texte = |s: &str| -> Vec<u8> {
        let mut octets = Vec::new();
        for c in s.chars() {
            match c {
                '(' | ')' | '\\' => {
                    octets.push(b'\\');
                    octets.push(c as u8);
                }
                // Digit groups and the dash as WinAnsi has them.
                '\u{202f}' | '\u{a0}' => octets.push(b' '),
                '—' => octets.push(0x97),
                // WinAnsi is Latin-1 for these letters; others become '?'.
                c if (c as u32) < 256 => octets.push(c as u32 as u8),
                _ => octets.push(b'?'),
            }
        }
        octets
    };
    let mut contenu = Vec::new();
    let mut y = 760;
    for (taille, ligne) in lignes {
        contenu.extend_from_slice(format!("BT /F1 {taille} Tf 72 {y} Td (").as_bytes());
        contenu.extend(texte(ligne));
        y -= if *taille > 14 { 40 } else { 30 };
        contenu.extend_from_slice(b") Tj ET\n");
    }
    let objets: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R \
/Resources << /Font << /F1 5 0 R >> >> >>"
            .to_vec(),
        [
            format!("<< /Length {} >>\nstream\n", contenu.len()).as_bytes(),
            &contenu,
            b"\nendstream",
        ]
        .concat(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_vec(),
    ];
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut positions = Vec::new();
    for (i, objet) in objets.iter().enumerate() {
        positions.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        pdf.extend_from_slice(objet);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objets.len() + 1).as_bytes(),
    );
    for position in positions {
        pdf.extend_from_slice(format!("{position:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objets.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// A bill of the month: its title, supplier, category, amount and how it is paid.
struct Facture {
    titre: String,
    fournisseur: &'static str,
    categorie: &'static str,
    montant: Montant,
    methode: MethodePaiementDepense,
}

/// The bills of month `mois` (1–12) of `annee`.
fn factures_du_mois(annee: i32, mois: u32) -> Vec<Facture> {
    let nom_du_mois = MOIS.get(mois as usize - 1).copied().unwrap_or("");
    // Electricity follows the seasons (air conditioning in summer, lights in winter).
    let electricite = [
        118_400, 109_900, 97_300, 84_600, 79_200, 92_800, 121_700, 127_300, 104_100, 86_500,
        91_900, 110_600,
    ];
    let mut factures = vec![
        Facture {
            titre: format!("Électricité — {nom_du_mois} {annee}"),
            fournisseur: "STEG",
            categorie: "Électricité",
            montant: Montant::from_millimes(electricite[(mois as usize - 1) % 12]),
            methode: MethodePaiementDepense::Virement,
        },
        Facture {
            titre: format!("Nettoyage — {nom_du_mois} {annee}"),
            fournisseur: "Société Propreté Plus",
            categorie: "Nettoyage",
            montant: Montant::dinars(180),
            methode: MethodePaiementDepense::Cheque,
        },
    ];
    if mois.is_multiple_of(3) {
        factures.push(Facture {
            titre: format!("Eau — trimestre {} {annee}", mois / 3),
            fournisseur: "SONEDE",
            categorie: "Eau",
            montant: Montant::from_millimes(54_750 + i64::from(mois) * 1_150),
            methode: MethodePaiementDepense::Espece,
        });
        factures.push(Facture {
            titre: format!("Ascenseur — trimestre {} {annee}", mois / 3),
            fournisseur: "Ascenseurs Kone Tunisie",
            categorie: "Ascenseur",
            montant: Montant::dinars(240),
            methode: MethodePaiementDepense::Virement,
        });
    }
    if mois == 1 {
        factures.push(Facture {
            titre: format!("Assurance immeuble {annee}"),
            fournisseur: "STAR Assurances",
            categorie: "Assurance",
            montant: Montant::dinars(640),
            methode: MethodePaiementDepense::Virement,
        });
    }
    factures
}

fn jour(annee: i32, mois: u32, jour: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(annee, mois, jour)
}

/// Adds the demo's expenses to the residence: the bills from June 2025 to the current month
/// of the demo's fiscal years (invoiced on the 5th, paid on the 15th), the last month's left to
/// pay and the month before's cleaning paid in part; the façade works.
pub(super) fn depenses(
    mut residence: ResidenceBuilder,
    today: NaiveDate,
    annees: &[i32],
    store: Option<&Arc<DocumentStore>>,
) -> ResidenceBuilder {
    let (mut annee, mut mois) = PREMIER_MOIS;
    let mut cheque = 4_100;
    while let Some(facture_le) = jour(annee, mois, 5).filter(|d| *d <= today) {
        if !annees.contains(&annee) {
            break;
        }
        let paye_le = jour(annee, mois, 15).filter(|d| *d <= today);
        let dernier_mois = (today.year(), today.month()) == (annee, mois);
        let avant_dernier = today
            .checked_sub_months(chrono::Months::new(1))
            .is_some_and(|d| (d.year(), d.month()) == (annee, mois));
        for facture in factures_du_mois(annee, mois) {
            let mut depense = DepenseSpec::charge(
                &facture.titre,
                facture.montant,
                facture_le,
                facture.fournisseur,
            )
            .categorie(facture.categorie);
            if let Some(store) = store {
                let pdf = facture_pdf(facture.fournisseur, &facture.titre, facture.montant);
                let nom = format!(
                    "facture-{}-{annee}-{mois:02}.pdf",
                    facture.fournisseur.to_lowercase().replace(' ', "-")
                );
                depense = depense.fichier(store, NatureDocument::Facture, &nom, pdf);
            }
            let reference = match facture.methode {
                MethodePaiementDepense::Cheque => {
                    cheque += 1;
                    Some(format!("{cheque:07}"))
                }
                MethodePaiementDepense::Virement => Some(format!("VIR-{annee}{mois:02}")),
                _ => None,
            };
            let montant = if avant_dernier && facture.categorie == "Nettoyage" {
                Montant::dinars(100)
            } else {
                facture.montant
            };
            if let (Some(paye_le), false) = (paye_le, dernier_mois) {
                depense = depense.paiement(montant, paye_le, facture.methode, reference.as_deref());
            }
            residence = residence.depense(depense);
        }
        (annee, mois) = if mois == 12 {
            (annee + 1, 1)
        } else {
            (annee, mois + 1)
        };
    }
    residence.depense(facade(today, store))
}

/// The façade works, approved, with the painter's quote; an advance of a third paid by
/// transfer.
fn facade(today: NaiveDate, store: Option<&Arc<DocumentStore>>) -> DepenseSpec {
    let montant = Montant::dinars(6_900);
    let date = jour(2026, 6, 10).unwrap_or(today).min(today);
    let mut travaux = DepenseSpec::travaux(
        "Ravalement de la façade principale",
        montant,
        date,
        "Façades et Peinture Mansour",
    )
    .categorie("Entretien et réparations")
    .description("Nettoyage, reprise des fissures et deux couches de peinture, façade sur rue.")
    .approuve(true);
    if let Some(store) = store {
        let devis = facture_pdf(
            "Façades et Peinture Mansour",
            "Devis — ravalement de la façade principale",
            montant,
        );
        travaux = travaux.fichier(store, NatureDocument::Devis, "devis-ravalement.pdf", devis);
    }
    if let Some(avance_le) = jour(2026, 6, 20).filter(|d| *d <= today) {
        travaux = travaux.paiement(
            Montant::dinars(2_300),
            avance_le,
            MethodePaiementDepense::Virement,
            Some("VIR-FACADE-1"),
        );
    }
    travaux
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::{verifier, FichierRecu};

    #[test]
    fn the_demo_invoices_are_pdfs_the_server_accepts() {
        let pdf = facture_pdf(
            "STEG",
            "Électricité — mars 2026",
            Montant::from_millimes(245_300),
        );
        let accepte = verifier(FichierRecu {
            champ: "factures".into(),
            nom_fichier: "facture.pdf".into(),
            octets: pdf,
        });
        assert!(accepte.is_ok(), "{accepte:?}");
    }
}
