//! The demo's payroll: the concierge, declared with employer charges (650 DT gross, 16.57 %),
//! paid by transfer at the end of each month; the cleaner, declared without (450 DT), paid in
//! cash; and the employer charges of the concierge paid to the CNSS each quarter — from January
//! 2025 until today.

use chrono::{Datelike, NaiveDate};
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::salaires::{MethodePaiementSalaire, TauxCharges};
use daftar_domain::Montant;

use crate::residence_builder::{ChargePatronaleSpec, ResidenceBuilder, SalarieSpec};

/// The concierge's gross monthly salary and the global rate of employer charges (hundredths).
const BRUT_GARDIEN: Montant = Montant::from_millimes(650_000);
const TAUX_GARDIEN: i64 = 1657;
/// What the concierge receives: the gross less the employee's CNSS share (9.18 %).
const NET_GARDIEN: Montant = Montant::from_millimes(590_330);
/// The cleaner's monthly salary (declared without employer charges).
pub(super) const SALAIRE_MENAGE: Montant = Montant::from_millimes(450_000);

/// The last day of a month.
fn fin_de_mois(annee: i32, mois: u32) -> Option<NaiveDate> {
    let (suivante, suivant) = if mois == 12 {
        (annee + 1, 1)
    } else {
        (annee, mois + 1)
    };
    NaiveDate::from_ymd_opt(suivante, suivant, 1)?.pred_opt()
}

/// Adds the demo's employees, their salaries of `annees` paid until `today`, and the quarterly
/// employer charges paid until `today`.
pub(super) fn salaires(
    residence: ResidenceBuilder,
    today: NaiveDate,
    annees: &[i32],
) -> ResidenceBuilder {
    let debut = NaiveDate::from_ymd_opt(2019, 3, 1).unwrap_or(today);
    let mut gardien = SalarieSpec::avec_charges(
        "Hédi Mansour",
        "Gardien (concierge)",
        "22145367",
        (BRUT_GARDIEN, TAUX_GARDIEN),
        debut,
    )
    .cin("04781236")
    .numero_cnss("1122334455")
    .rib("08006012345600012345")
    .adresse("Loge du gardien, rez-de-chaussée");
    if let Some(naissance) = NaiveDate::from_ymd_opt(1971, 4, 12) {
        gardien = gardien.date_naissance(naissance);
    }
    let mut menage = SalarieSpec::sans_charges(
        "Saïda Ben Amor",
        "Femme de ménage",
        "98563214",
        SALAIRE_MENAGE,
        NaiveDate::from_ymd_opt(2022, 9, 1).unwrap_or(today),
    )
    .cin("08523697");
    let mut charges = Vec::new();
    let charge_trimestrielle = Montant::from_millimes(
        TauxCharges::from_centiemes(TAUX_GARDIEN)
            .sur(BRUT_GARDIEN)
            .millimes()
            * 3,
    );
    for annee in annees.iter().copied() {
        for mois in 1..=12 {
            let Some(fin) = fin_de_mois(annee, mois).filter(|d| *d <= today) else {
                continue;
            };
            let reference = format!("VIR-SAL-{annee}-{mois:02}");
            gardien = gardien.paiement(
                fin,
                NET_GARDIEN,
                fin,
                (MethodePaiementSalaire::Virement, Some(&reference)),
            );
            menage = menage.paiement(
                fin,
                SALAIRE_MENAGE,
                fin,
                (MethodePaiementSalaire::Espece, None),
            );
            // A quarter's employer charges are paid on the 15th of the month after it.
            if mois % 3 == 0 {
                let (a, m) = if mois == 12 {
                    (annee + 1, 1)
                } else {
                    (annee, mois + 1)
                };
                let Some(le_15) = NaiveDate::from_ymd_opt(a, m, 15).filter(|d| *d <= today) else {
                    continue;
                };
                if !annees.contains(&le_15.year()) {
                    continue;
                }
                charges.push(ChargePatronaleSpec::new(
                    &format!("CNSS — T{} {annee}", mois / 3),
                    charge_trimestrielle,
                    le_15,
                    (
                        MethodePaiementDepense::Virement,
                        Some(&format!("CNSS-{annee}-T{}", mois / 3)),
                    ),
                ));
            }
        }
    }
    let mut residence = residence.salarie(gardien).salarie(menage);
    for charge in charges {
        residence = residence.charge_patronale(charge);
    }
    residence
}
