//! The demo's contracts: the rooftop antenna let to Ooredoo (yearly, by cheque: the 2025 rent
//! deposited with the cheques of that half-year, the 2026 rent still pending) and the shop's
//! sign on the façade (yearly, by transfer); the lift's maintenance (quarterly) and the
//! windows' and car park's cleaning (monthly), paid by transfer; and two exceptional revenues
//! (the old lift parts sold, an insurance refund after the water damage).

use chrono::NaiveDate;
use daftar_domain::contrats::{MethodePaiementContrat, Periodicite};
use daftar_domain::Montant;

use crate::residence_builder::{ClientSpec, ContratSpec, ResidenceBuilder, RevenuExceptionnelSpec};

fn jour(annee: i32, mois: u32, jour: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(annee, mois, jour)
}

/// Adds the clients, contracts and exceptional revenues, each payment only once its day has
/// come (`today`).
pub(super) fn contrats(
    mut residence: ResidenceBuilder,
    today: NaiveDate,
    exercices: &[i32],
) -> ResidenceBuilder {
    let (Some(premiere), Some(&derniere)) = (exercices.first(), exercices.last()) else {
        return residence;
    };
    let Some(debut) = jour(*premiere, 1, 1) else {
        return residence;
    };
    let a_eu_lieu = |date: &NaiveDate| *date <= today;
    residence = residence
        .client(
            ClientSpec::new("Ooredoo Tunisie")
                .tel("22000000")
                .activite("Télécommunications")
                .matricule_fiscal("0789456/B/A/M/000")
                .gouvernorat(23),
        )
        .client(
            ClientSpec::new("Pharmacie El Menzah")
                .tel("71234567")
                .activite("Pharmacie (commerce RDC)"),
        )
        .client(ClientSpec::new("Ferraille Ben Amor").activite("Récupération de métaux"));

    let mut antenne = ContratSpec::revenu(
        "Location du toit — antenne relais Ooredoo",
        Montant::dinars(6_000),
        (debut, Periodicite::Annuelle),
        "Ooredoo Tunisie",
    )
    .commentaire("Loyer annuel payé par chèque à la mi-juin pour l'année en cours.");
    let mut enseigne = ContratSpec::revenu(
        "Enseigne lumineuse de la pharmacie sur la façade",
        Montant::dinars(480),
        (debut, Periodicite::Annuelle),
        "Pharmacie El Menzah",
    );
    for annee in *premiere..=derniere {
        if let Some(date) = jour(annee, 6, 15).filter(a_eu_lieu) {
            antenne = antenne.paiement(
                Montant::dinars(6_000),
                date,
                MethodePaiementContrat::Cheque,
                Some(&format!("ATB-{annee}-0612")),
            );
        }
        if let Some(date) = jour(annee, 2, 10).filter(a_eu_lieu) {
            enseigne = enseigne.paiement(
                Montant::dinars(480),
                date,
                MethodePaiementContrat::Virement,
                Some(&format!("VIR-PHARMA-{annee}")),
            );
        }
    }
    let Some(debut_2026) = jour(derniere, 1, 1) else {
        return residence;
    };
    let mut ascenseur = ContratSpec::depense(
        "Maintenance préventive de l'ascenseur",
        Montant::dinars(450),
        (debut_2026, Periodicite::Trimestrielle),
        "Ascenseurs Kone Tunisie",
        Some("Ascenseur"),
    )
    .fin(jour(derniere + 2, 12, 31).unwrap_or(debut_2026));
    for mois in [1, 4, 7, 10] {
        if let Some(date) = jour(derniere, mois, 12).filter(a_eu_lieu) {
            ascenseur = ascenseur.paiement(
                Montant::dinars(450),
                date,
                MethodePaiementContrat::Virement,
                Some(&format!("VIR-KONE-{derniere}-{mois:02}")),
            );
        }
    }
    let mut vitres = ContratSpec::depense(
        "Nettoyage des vitres du hall et du parking",
        Montant::dinars(120),
        (debut_2026, Periodicite::Mensuelle),
        "Société Propreté Plus",
        Some("Nettoyage"),
    );
    for mois in 1..=12 {
        if let Some(date) = jour(derniere, mois, 28).filter(a_eu_lieu) {
            vitres = vitres.paiement(
                Montant::dinars(120),
                date,
                MethodePaiementContrat::Virement,
                Some(&format!("VIR-PP-{derniere}-{mois:02}")),
            );
        }
    }
    residence = residence
        .contrat(antenne)
        .contrat(enseigne)
        .contrat(ascenseur)
        .contrat(vitres);
    if let Some(date) = jour(derniere, 3, 18).filter(a_eu_lieu) {
        residence = residence.revenu_exceptionnel(
            RevenuExceptionnelSpec::new(
                "Vente des anciennes pièces de l'ascenseur",
                Montant::from_millimes(1_250_500),
                date,
                MethodePaiementContrat::Espece,
            )
            .client("Ferraille Ben Amor")
            .commentaire("Moteur et câbles remplacés lors de la modernisation."),
        );
    }
    if let Some(date) = jour(derniere, 9, 4).filter(a_eu_lieu) {
        residence = residence.revenu_exceptionnel(
            RevenuExceptionnelSpec::new(
                "Remboursement de l'assurance — dégât des eaux du local technique",
                Montant::from_millimes(2_340_750),
                date,
                MethodePaiementContrat::Virement,
            )
            .reference("STAR-SIN-2026-0457"),
        );
    }
    residence
}
