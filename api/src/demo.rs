//! `daftar demo`: the demo residence "Résidence Les Jasmins" (Tunis), so a new user sees a
//! living building. Idempotent: built with the [`ResidenceBuilder`], whose every step checks
//! whether its result exists, so running it again (or after an interrupted run) completes what
//! is missing and changes nothing else. Later modules add their own demo data here.

use std::sync::Arc;

use chrono::{Datelike, NaiveDate};
use daftar_domain::banque::{FicheOperation, TypeCompte, TypeOperation};
use daftar_domain::occupation::{Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use daftar_projections::{read_models, Database, Projector};
use rust_decimal::Decimal;

use crate::documents::DocumentStore;
use crate::residence_builder::{
    CategorieSpec, ClotureSpec, CompteBancaireSpec, CotisationSpec, FournisseurSpec,
    OccupationSpec, ProprieteSpec, ResidenceBuilder, Role,
};

mod annonces;
mod assemblees;
mod budgets;
mod chat;
mod comptes;
mod contrats;
mod depenses;
mod paiement_en_ligne;
mod pannes;
mod recouvrement;
mod reglements;
mod releves;
mod salaires;
mod visibilite;
mod votes;

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

/// The years the demo's records are dated in.
const EXERCICES: [i32; 2] = [2025, 2026];

/// The year before them: closed, so that a new user sees a closed year.
const EXERCICE_CLOTURE: i32 = 2024;

/// What the demo residence holds after a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoSummary {
    pub residence_id: i64,
    pub created: bool,
}

/// Loads (or completes) the demo residence: its users, two fiscal years, the properties, a
/// living occupancy history (occupants with a phone number get their co-owner sign-in, a
/// tenant without password among them), the allocation table, two bank accounts, a year and a
/// half of dues with payments (transfers and bank deposits land on the main account), and the
/// bank's life: fees, interest, cash deposits and withdrawals, transfers, three cheque deposits,
/// most of 2025 pointed, and last month's statement of the main account imported and matched; the expense categories and the building's suppliers, a year and a half
/// of bills with their payments and the façade works; the rules documents; the 2025 general
/// assembly held and finished, the 2026 one convoked; a vote running and one finished. Without
/// a document store, the bills come without their PDF and there are no rules documents.
pub use paiement_en_ligne::paiement_en_ligne;

pub async fn load(db: &Database) -> anyhow::Result<DemoSummary> {
    load_with_documents(db, None).await
}

/// [`load`], the invoices and quotes kept in `store` (what `daftar demo` does).
pub async fn load_with_documents(
    db: &Database,
    store: Option<&Arc<DocumentStore>>,
) -> anyhow::Result<DemoSummary> {
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
    // Closed after the spring assembly approved its accounts, with the signed minutes (when
    // the demo has a store for files).
    let approbation = NaiveDate::from_ymd_opt(EXERCICE_CLOTURE + 1, 5, 20)
        .ok_or_else(|| anyhow::anyhow!("no 20 May {}", EXERCICE_CLOTURE + 1))?;
    let mut cloture = ClotureSpec::new(EXERCICE_CLOTURE, approbation).stockage(store.cloned());
    if store.is_some() {
        cloture = cloture.fichier(
            "Procès-verbal AG 2025 - approbation des comptes 2024 (signé).pdf",
            depenses::document_pdf(&[
                (22, "Procès-verbal de l'assemblée générale".to_owned()),
                (14, "Résidence Les Jasmins, El Menzah 5, Tunis".to_owned()),
                (14, "Séance du 20 mai 2025".to_owned()),
                (
                    14,
                    "Résolution 1 : les comptes de l'exercice 2024 sont approuvés.".to_owned(),
                ),
                (
                    14,
                    "Signé : le président, le secrétaire de séance.".to_owned(),
                ),
            ]),
        );
    }
    residence = residence.exercice(EXERCICE_CLOTURE).cloture(cloture);
    // Every later year up to the current one is open, so the demo keeps working in the years
    // to come.
    for annee in EXERCICES[0]..=today.year().max(EXERCICES[1]) {
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
    // Before the collections: a transfer or bank deposit lands on the main account of its day.
    for compte in comptes_bancaires()? {
        residence = residence.compte_bancaire(compte);
    }
    // What a building with a concierge and a cleaner costs each property a month: the calls
    // and the contracts' income cover the year's running costs with a small surplus, so the
    // demo's books read like a healthy residence (positive cash and treasury).
    for (annee, montant) in [(2025, 100), (2026, 110)] {
        residence = residence.cotisation(charges_courantes(annee, montant, today)?);
    }
    residence = residence.cotisation(ravalement_de_facade(today)?);
    for categorie in categories() {
        residence = residence.categorie(categorie);
    }
    for fournisseur in fournisseurs() {
        residence = residence.fournisseur(fournisseur);
    }
    residence = depenses::depenses(residence, today, &EXERCICES, store);
    residence = budgets::budgets(residence, &EXERCICES);
    residence = salaires::salaires(residence, today, &EXERCICES);
    // Before the bank's steps: the deposits take the contracts' cheques of their half-year.
    residence = contrats::contrats(residence, today, &EXERCICES);
    let built = banque(residence, today)?.build().await?;
    if let Some(store) = store {
        let president = built
            .users
            .get(USERS[0].0)
            .copied()
            .ok_or_else(|| anyhow::anyhow!("the demo's president was not created"))?;
        reglements::reglements(db, store, built.residence_id, president).await?;
    }
    let tresorier = built
        .users
        .get(USERS[1].0)
        .copied()
        .ok_or_else(|| anyhow::anyhow!("the demo's treasurer was not created"))?;
    recouvrement::recouvrement(db, built.residence_id, (tresorier, USERS[1].1), today).await?;
    assemblees::assemblees(db, store, built.residence_id, USERS[0].0, today).await?;
    if let Some(president) = built.users.get(USERS[0].0).copied() {
        votes::votes(db, built.residence_id, (president, USERS[0].1), today).await?;
    }
    let auteurs = [USERS[0].0, USERS[2].0].map(|tel| built.users.get(tel).copied());
    if let [Some(president), Some(membre)] = auteurs {
        annonces::annonces(db, built.residence_id, [president, membre], today).await?;
    }
    let coproprietaires =
        [USERS[3].0, USERS[5].0, USERS[6].0].map(|tel| built.users.get(tel).copied());
    if let ([Some(leila), Some(nour), Some(hichem)], Some(membre)) =
        (coproprietaires, built.users.get(USERS[2].0).copied())
    {
        pannes::pannes(db, built.residence_id, [leila, nour, hichem], membre, today).await?;
    }
    let conseil = [USERS[0].0, USERS[1].0].map(|tel| built.users.get(tel).copied());
    if let ([Some(leila), Some(nour), Some(hichem)], [Some(president), Some(tresorier)]) =
        (coproprietaires, conseil)
    {
        chat::chat(
            db,
            built.residence_id,
            [leila, nour, hichem],
            [president, tresorier],
            today,
        )
        .await?;
    }
    comptes::emails(db).await?;
    releves::releves(db, built.residence_id, today).await?;
    // Sami Gharbi: the charges and works hidden by the council (the others keep the defaults).
    if let Some(sami) = built.users.get(USERS[4].0).copied() {
        visibilite::visibilite(db, built.residence_id, sami).await?;
    }
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

const COMPTE_COURANT: &str = "Compte courant BIAT";
const COMPTE_EPARGNE: &str = "Épargne travaux STB";

/// The main current account and a savings account for works, both followed since 1 January
/// 2025.
fn comptes_bancaires() -> anyhow::Result<[CompteBancaireSpec; 2]> {
    let debut = date("2025-01-01")?;
    Ok([
        CompteBancaireSpec::new(COMPTE_COURANT, "BIAT", TypeCompte::Courant)
            .principal()
            .adresse_agence("Agence El Menzah 5, Tunis")
            .rib("08006012345678901217")
            .iban("TN59 0800 6012 3456 7890 1217")
            .solde_initial(Montant::from_millimes(4_250_000), debut),
        CompteBancaireSpec::new(COMPTE_EPARGNE, "STB", TypeCompte::Epargne)
            .adresse_agence("Agence Ennasr, Ariana")
            .solde_initial(Montant::dinars(12_000), debut),
    ])
}

fn operation(
    type_operation: TypeOperation,
    libelle: String,
    millimes: i64,
    date: NaiveDate,
) -> FicheOperation {
    FicheOperation {
        type_operation,
        libelle,
        montant: Montant::from_millimes(millimes),
        date,
        date_banque: None,
        commentaire: None,
    }
}

/// The last day of a month.
fn fin_de_mois(annee: i32, mois: u32) -> anyhow::Result<NaiveDate> {
    let (annee, mois) = if mois == 12 {
        (annee + 1, 1)
    } else {
        (annee, mois + 1)
    };
    NaiveDate::from_ymd_opt(annee, mois, 1)
        .and_then(|d| d.pred_opt())
        .ok_or_else(|| anyhow::anyhow!("no month {mois} in {annee}"))
}

/// Two years of the bank until `today`: monthly fees, quarterly interest on the savings, the
/// cash collected deposited each quarter and petty cash withdrawn, transfers to and from the
/// savings, each half-year's cheques deposited early in the next, and the movements pointed until the
/// end of November 2025 (the current account) or of 2025 (the savings).
fn banque(mut residence: ResidenceBuilder, today: NaiveDate) -> anyhow::Result<ResidenceBuilder> {
    let mut interets = [
        61_250, 63_480, 64_115, 65_900, 66_340, 67_025, 68_790, 69_410,
    ]
    .into_iter();
    for annee in EXERCICES {
        for mois in 1..=12 {
            let fin = fin_de_mois(annee, mois)?;
            let jour = |day| {
                NaiveDate::from_ymd_opt(annee, mois, day)
                    .ok_or_else(|| anyhow::anyhow!("no day {day} in {mois}/{annee}"))
            };
            let mut operations = vec![(
                COMPTE_COURANT,
                operation(
                    TypeOperation::Frais,
                    "Frais de tenue de compte".to_owned(),
                    8_500,
                    fin,
                ),
            )];
            // The cash collected in the quarter's first month goes to the bank.
            if mois % 3 == 1 {
                operations.push((
                    COMPTE_COURANT,
                    operation(
                        TypeOperation::Depot,
                        "Versement des espèces encaissées".to_owned(),
                        1_000_000,
                        jour(20)?,
                    ),
                ));
            }
            // The cleaner is paid in cash at the month's end (demo/salaires.rs): her wage is
            // withdrawn from the bank that day, so the cash box never pays what it does not hold.
            operations.push((
                COMPTE_COURANT,
                operation(
                    TypeOperation::Retrait,
                    "Retrait — salaire de la femme de ménage".to_owned(),
                    salaires::SALAIRE_MENAGE.millimes(),
                    fin,
                ),
            ));
            if mois % 3 == 2 {
                operations.push((
                    COMPTE_COURANT,
                    operation(
                        TypeOperation::Retrait,
                        "Retrait pour menues dépenses".to_owned(),
                        200_000,
                        jour(5)?,
                    ),
                ));
            }
            if mois % 3 == 0 {
                let montant = interets.next().unwrap_or(60_000);
                operations.push((
                    COMPTE_EPARGNE,
                    operation(
                        TypeOperation::Interets,
                        format!("Intérêts créditeurs T{} {annee}", mois / 3),
                        montant,
                        fin,
                    ),
                ));
            }
            for (compte, fiche) in operations {
                if fiche.date <= today {
                    residence = residence.operation_bancaire(compte, fiche);
                }
            }
        }
    }
    let transferts = [
        (
            (COMPTE_COURANT, COMPTE_EPARGNE),
            2_000,
            "2025-06-30",
            "VIR-EP-2025-1",
        ),
        (
            (COMPTE_COURANT, COMPTE_EPARGNE),
            1_500,
            "2025-12-30",
            "VIR-EP-2025-2",
        ),
        // The staff's salaries and employer charges leave the current account: the savings
        // top it up (demo/salaires.rs).
        (
            (COMPTE_EPARGNE, COMPTE_COURANT),
            2_500,
            "2025-08-31",
            "VIR-SALAIRES-2025",
        ),
        (
            (COMPTE_EPARGNE, COMPTE_COURANT),
            2_500,
            "2026-01-31",
            "VIR-SALAIRES-2026-1",
        ),
        (
            (COMPTE_EPARGNE, COMPTE_COURANT),
            6_000,
            "2026-05-25",
            "VIR-FACADE",
        ),
        (
            (COMPTE_EPARGNE, COMPTE_COURANT),
            2_000,
            "2026-08-31",
            "VIR-SALAIRES-2026-2",
        ),
        (
            (COMPTE_COURANT, COMPTE_EPARGNE),
            1_000,
            "2026-09-30",
            "VIR-EP-2026-1",
        ),
    ];
    for (comptes, dinars, jour, reference) in transferts {
        let jour = date(jour)?;
        if jour <= today {
            residence =
                residence.transfert(comptes, Montant::dinars(dinars), jour, Some(reference));
        }
    }
    let (juin, decembre) = (date("2025-06-30")?, date("2025-12-31")?);
    // Each half-year's cheques go to the bank early in the next one.
    for (jour, reference, du, au) in [
        ("2025-07-01", "REM-2025-01", date("2025-01-01")?, juin),
        (
            "2026-01-12",
            "REM-2025-02",
            juin.succ_opt().unwrap_or(juin),
            decembre,
        ),
        (
            "2026-07-03",
            "REM-2026-01",
            date("2026-01-01")?,
            date("2026-06-30")?,
        ),
    ] {
        let jour = date(jour)?;
        if jour <= today {
            residence = residence.remise_cheques(COMPTE_COURANT, jour, reference, move |cheque| {
                (du..=au).contains(&cheque.date)
            });
        }
    }
    Ok(residence
        .pointage(COMPTE_COURANT, date("2025-11-30")?.min(today), 2)
        .pointage(COMPTE_EPARGNE, decembre.min(today), 1))
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

/// The expense categories of the building.
fn categories() -> Vec<CategorieSpec> {
    vec![
        CategorieSpec::new("Électricité")
            .description("Éclairage des parties communes, ascenseur, pompes"),
        CategorieSpec::new("Eau").description("Consommation des parties communes et arrosage"),
        CategorieSpec::new("Nettoyage").description("Entretien des escaliers, halls et abords"),
        CategorieSpec::new("Ascenseur").description("Contrat de maintenance et réparations"),
        CategorieSpec::new("Assurance").description("Multirisque immeuble"),
        "Jardinage".into(),
        "Gardiennage".into(),
        CategorieSpec::new("Entretien et réparations")
            .description("Plomberie, électricité, menuiserie, peinture"),
        "Télécom".into(),
    ]
}

/// The building's suppliers: the utilities, the service companies under contract and two
/// craftsmen (Tunisian numbers: 7x fixed lines, 2x/5x/9x mobiles).
fn fournisseurs() -> Vec<FournisseurSpec> {
    vec![
        FournisseurSpec::entreprise("STEG")
            .tel("71341311")
            .email("relation.client@steg.com.tn")
            .adresse("38, rue Kamel Ataturk")
            .ville("Tunis", "Tunis")
            .activite("Électricité et gaz"),
        FournisseurSpec::entreprise("SONEDE")
            .tel("71887000")
            .email("sonede@sonede.com.tn")
            .adresse("Avenue Slimane Ben Slimane, El Manar 2")
            .ville("Tunis", "Tunis")
            .activite("Distribution d'eau"),
        FournisseurSpec::entreprise("Société Propreté Plus")
            .tel("71950412")
            .email("contact@proprete-plus.tn")
            .adresse("Zone industrielle La Charguia 1")
            .ville("La Charguia", "Tunis")
            .activite("Nettoyage")
            .identifiant("1234567A/M/000")
            .commentaire("Passage trois fois par semaine : lundi, mercredi, vendredi."),
        FournisseurSpec::entreprise("Ascenseurs Kone Tunisie")
            .tel("71940300")
            .email("service.tunisie@kone.com")
            .adresse("Rue du Lac Léman, Les Berges du Lac")
            .ville("Tunis", "Tunis")
            .activite("Maintenance ascenseur")
            .identifiant("0876543B/A/M/000")
            .commentaire("Contrat de maintenance annuel ; astreinte 24 h/24."),
        FournisseurSpec::entreprise("STAR Assurances")
            .tel("71340866")
            .email("star@star.com.tn")
            .adresse("Square Avenue de Paris")
            .ville("Tunis", "Tunis")
            .activite("Assurance multirisque immeuble"),
        FournisseurSpec::entreprise("Jardins du Lac")
            .tel("98412736")
            .ville("La Marsa", "Tunis")
            .activite("Jardinage"),
        FournisseurSpec::entreprise("Sécurité Plus")
            .tel("71808090")
            .email("contact@securiteplus.tn")
            .ville("Ariana", "Ariana")
            .activite("Gardiennage"),
        FournisseurSpec::particulier("Plomberie Ben Salah")
            .tel("22547810")
            .ville("El Menzah", "Tunis")
            .activite("Plomberie"),
        FournisseurSpec::particulier("Électricité Trabelsi")
            .tel("55903214")
            .ville("Ben Arous", "Ben Arous")
            .activite("Électricité du bâtiment"),
        FournisseurSpec::entreprise("Façades et Peinture Mansour")
            .tel("52318740")
            .ville("Ariana", "Ariana")
            .activite("Ravalement et peinture")
            .identifiant("1457820C/A/M/000"),
        FournisseurSpec::entreprise("Tunisie Télécom")
            .tel("71901000")
            .email("contact@tunisietelecom.tn")
            .ville("Tunis", "Tunis")
            .activite("Téléphonie et internet"),
    ]
}
