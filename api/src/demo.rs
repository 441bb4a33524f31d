//! `daftar demo`: the demo residence "Résidence Les Jasmins" (Tunis), so a new user sees a
//! living building. Idempotent: built with the [`ResidenceBuilder`], whose every step checks
//! whether its result exists, so running it again (or after an interrupted run) completes what
//! is missing and changes nothing else. Later modules add their own demo data here.

use chrono::NaiveDate;
use daftar_domain::occupation::{Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use daftar_projections::{read_models, Database, Projector};
use rust_decimal::Decimal;

use crate::residence_builder::{
    CotisationSpec, OccupationSpec, ProprieteSpec, ResidenceBuilder, Role,
};

pub const RESIDENCE_NOM: &str = "Résidence Les Jasmins";
pub const PASSWORD: &str = "jasmin-2026-demo";

/// (tel, nom, role, registration finalized)
const USERS: [(&str, &str, Role, bool); 13] = [
    ("20000001", "Mohamed Ben Salah", Role::President, true),
    ("20000002", "Amira Trabelsi", Role::Tresorier, true),
    ("20000003", "Karim Jaziri", Role::Membre, true),
    ("20000004", "Leïla Haddad", Role::Coproprietaire, true),
    ("20000005", "Sami Gharbi", Role::Coproprietaire, true),
    ("20000006", "Nour Ayari", Role::Coproprietaire, true),
    ("20000007", "Hichem Mejri", Role::Coproprietaire, true),
    ("20000008", "Inès Chaabane", Role::Coproprietaire, true),
    ("20000009", "Walid Khelifi", Role::Coproprietaire, true),
    ("20000010", "Rim Bouazizi", Role::Coproprietaire, true),
    ("20000011", "Yassine Dridi", Role::Coproprietaire, true),
    ("20000012", "Salma Ferchichi", Role::Coproprietaire, true),
    ("20000013", "Omar Sassi", Role::Coproprietaire, false),
];

const EXERCICES: [i32; 2] = [2025, 2026];

/// What the demo residence holds after a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoSummary {
    pub residence_id: i64,
    pub created: bool,
}

/// Loads (or completes) the demo residence: its users, two fiscal years, the properties, a
/// living occupancy history (occupants with a phone number get their co-owner sign-in, a
/// tenant without password among them), the allocation table, and a year and a half of dues
/// with payments.
pub async fn load(db: &Database) -> anyhow::Result<DemoSummary> {
    let today = crate::clock::Clock::system().today();
    let mut residence = ResidenceBuilder::new(db, RESIDENCE_NOM, "Tunis")
        .adresse("12, rue des Jasmins, El Menzah 5")
        .password(PASSWORD)
        .acting_user("cli:demo")
        .aujourd_hui(today);
    for (tel, nom, role, finalized) in USERS {
        residence = if finalized {
            residence.user(tel, nom, role)
        } else {
            residence.user_a_finaliser(tel, nom, role)
        };
    }
    for annee in EXERCICES {
        residence = residence.exercice(annee);
    }
    for propriete in demo_proprietes() {
        residence = residence.propriete(propriete);
    }
    for occupation in OCCUPATIONS {
        residence = residence.occupation(demo_occupation(occupation)?);
    }
    residence = residence.repartition(
        REPARTITION
            .iter()
            .map(|(nom, dinars)| (*nom, Montant::dinars(*dinars))),
    );
    for (annee, montant) in [(2025, 35), (2026, 40)] {
        residence = residence.cotisation(charges_courantes(annee, montant, today)?);
    }
    let built = residence
        .cotisation(ravalement_de_facade(today)?)
        .build()
        .await?;
    Projector::new(db.clone(), read_models()).catch_up().await?;
    Ok(DemoSummary {
        residence_id: built.residence_id,
        created: built.created,
    })
}

fn date(text: &str) -> anyhow::Result<NaiveDate> {
    Ok(NaiveDate::parse_from_str(text, "%Y-%m-%d")?)
}

/// (property, occupant name, tel, sexe, type, start, end, payer)
type DemoOccupation = (
    &'static str,
    &'static str,
    Option<&'static str>,
    Sexe,
    TypeOccupation,
    &'static str,
    Option<&'static str>,
    bool,
);

/// A living history: owner changes (A7 in 2024, A9 in October 2026), a tenant paying instead of
/// the owner (A8 since September 2025), a shared property (A10) and a vacant parking space.
const OCCUPATIONS: [DemoOccupation; 15] = [
    (
        "A1",
        "Mohamed Ben Salah",
        Some("20000001"),
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2016-05-01",
        None,
        true,
    ),
    (
        "A2",
        "Amira Trabelsi",
        Some("20000002"),
        Sexe::Femme,
        TypeOccupation::Proprietaire,
        "2017-09-15",
        None,
        true,
    ),
    (
        "A3",
        "Leïla Haddad",
        Some("20000004"),
        Sexe::Femme,
        TypeOccupation::Proprietaire,
        "2019-02-01",
        None,
        true,
    ),
    (
        "A4",
        "Karim Jaziri",
        Some("20000003"),
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2015-01-01",
        None,
        true,
    ),
    (
        "A5",
        "Sami Gharbi",
        Some("20000005"),
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2020-07-01",
        None,
        true,
    ),
    (
        "A6",
        "Nour Ayari",
        Some("20000006"),
        Sexe::Femme,
        TypeOccupation::Proprietaire,
        "2018-03-01",
        None,
        true,
    ),
    (
        "A7",
        "Fethi Zouari",
        None,
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2015-01-01",
        Some("2024-06-30"),
        true,
    ),
    (
        "A7",
        "Hichem Mejri",
        Some("20000007"),
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2024-07-01",
        None,
        true,
    ),
    (
        "A8",
        "Inès Chaabane",
        Some("20000008"),
        Sexe::Femme,
        TypeOccupation::Proprietaire,
        "2016-11-01",
        None,
        true,
    ),
    (
        "A8",
        "Bilel Hammami",
        Some("29000001"),
        Sexe::Homme,
        TypeOccupation::Locataire,
        "2025-09-01",
        None,
        true,
    ),
    (
        "A9",
        "Walid Khelifi",
        Some("20000009"),
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2018-01-01",
        Some("2026-09-30"),
        true,
    ),
    (
        "A9",
        "Omar Sassi",
        Some("20000013"),
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2026-10-01",
        None,
        true,
    ),
    (
        "A10",
        "Rim Bouazizi",
        Some("20000010"),
        Sexe::Femme,
        TypeOccupation::Proprietaire,
        "2021-04-01",
        None,
        true,
    ),
    (
        "A10",
        "Salma Ferchichi",
        Some("20000012"),
        Sexe::Femme,
        TypeOccupation::Proprietaire,
        "2021-04-01",
        None,
        false,
    ),
    (
        "Commerce RDC",
        "Yassine Dridi",
        Some("20000011"),
        Sexe::Homme,
        TypeOccupation::Proprietaire,
        "2019-06-01",
        None,
        true,
    ),
];

/// One row of [`OCCUPATIONS`] for the builder.
fn demo_occupation(
    (propriete, nom, tel, sexe, type_occupation, debut, fin, is_payer): DemoOccupation,
) -> anyhow::Result<OccupationSpec> {
    let mut occupation = OccupationSpec::new(type_occupation, propriete, nom, sexe, date(debut)?);
    if let Some(tel) = tel {
        occupation = occupation.tel(tel);
    }
    if let Some(fin) = fin {
        occupation = occupation.fin(date(fin)?);
    }
    if !is_payer {
        occupation = occupation.non_payeur();
    }
    Ok(occupation)
}

/// Allocation table (whole DT per property, by surface; the parking is exempt).
const REPARTITION: [(&str, i64); 12] = [
    ("A1", 150),
    ("A2", 180),
    ("A3", 210),
    ("A4", 260),
    ("A5", 150),
    ("A6", 180),
    ("A7", 210),
    ("A8", 260),
    ("A9", 200),
    ("A10", 240),
    ("Commerce RDC", 120),
    ("Parking P1", 0),
];

/// How many monthly calls of "Charges courantes {year}" each property paid, in full; the
/// others are overdue. A8's tenant paid half of his last one.
fn mois_payes(annee: i32, propriete: &str) -> u32 {
    match (annee, propriete) {
        (2025, "A6") => 8,
        (2025, _) => 12,
        (_, "A6") => 3,
        (_, "A3") => 11,
        (_, "A9") => 9,
        (_, "Commerce RDC") => 6,
        _ => 10,
    }
}

/// A year of monthly charges (2025 almost all paid, 2026 with arrears), paid by various
/// methods with their references.
fn charges_courantes(annee: i32, montant: i64, today: NaiveDate) -> anyhow::Result<CotisationSpec> {
    let cotisation = CotisationSpec::new(
        &format!("Charges courantes {annee}"),
        TypeCotisation::Mensuelle,
        date(&format!("{annee}-01-01"))?,
        date(&format!("{annee}-12-31"))?,
        date(&format!("{annee}-01-05"))?,
    )
    .egale(Montant::dinars(montant));
    Ok(cotisation.encaissements(move |du| {
        let paid = mois_payes(annee, du.propriete);
        let numero = du.montant_du.appel.numero;
        let tenant_half = annee == 2026 && du.propriete == "A8" && numero == paid + 1;
        if du.montant_du.payeur.is_none() || (numero > paid && !tenant_half) {
            return None;
        }
        let montant_du_id = du.montant_du_id;
        let (methode, reference) = match numero % 3 {
            0 => (
                MethodePaiement::Cheque,
                Some(format!("CHQ {:07}", 4_210_000 + montant_du_id)),
            ),
            1 => (MethodePaiement::Espece, None),
            _ => (
                MethodePaiement::Virement,
                Some(format!("VIR-{annee}-{montant_du_id}")),
            ),
        };
        Some(Paiement {
            montant: Montant::dinars(if tenant_half { montant / 2 } else { montant }),
            date_paiement: (du.montant_du.appel.echeance
                + chrono::Days::new(u64::from(numero % 7)))
            .min(today),
            methode,
            reference,
        })
    }))
}

/// An exceptional façade renovation on the allocation table with full and partial payments,
/// and one payment recorded twice by mistake, then cancelled (its receipt number stays a
/// visible gap).
fn ravalement_de_facade(today: NaiveDate) -> anyhow::Result<CotisationSpec> {
    let paid_on = date("2026-05-20")?.min(today);
    let duplicate_on = date("2026-06-02")?.min(today);
    let cotisation = CotisationSpec::new(
        "Ravalement de façade",
        TypeCotisation::Exceptionnelle,
        date("2026-04-01")?,
        date("2026-09-30")?,
        date("2026-05-15")?,
    );
    Ok(cotisation
        .encaissements(move |du| {
            let whole = du.montant_du.montant.millimes() / 1_000;
            // Every other property paid in full, one in three paid half, the rest nothing.
            let montant = match du.rang % 3 {
                0 => whole,
                1 => whole / 2,
                _ => return None,
            };
            Some(Paiement {
                montant: Montant::dinars(montant),
                date_paiement: paid_on,
                methode: MethodePaiement::Versement,
                reference: Some(format!("VERS-{}", du.montant_du_id)),
            })
        })
        .encaissement_annule(move |du| {
            du.restant_du.is_positive().then(|| Paiement {
                montant: Montant::dinars(10),
                date_paiement: duplicate_on,
                methode: MethodePaiement::Espece,
                reference: None,
            })
        }))
}

/// A1–A10 (apartments of 78 to 142 m²), one shop on the ground floor, one parking space.
fn demo_proprietes() -> Vec<ProprieteSpec> {
    let surfaces = [78, 95, 112, 142, 78, 95, 112, 142, 104, 126];
    let mut proprietes: Vec<ProprieteSpec> = surfaces
        .iter()
        .enumerate()
        .map(|(index, m2)| {
            ProprieteSpec::new(&format!("A{}", index + 1), TypePropriete::Appartement)
                .surface(Decimal::from(*m2))
        })
        .collect();
    proprietes.push(
        ProprieteSpec::new("Commerce RDC", TypePropriete::Commerce).surface(Decimal::from(64)),
    );
    proprietes.push(
        ProprieteSpec::new("Parking P1", TypePropriete::Parking).surface(Decimal::new(125, 1)),
    );
    proprietes
}
