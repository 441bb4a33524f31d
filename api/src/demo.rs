//! `daftar demo`: the demo residence "Résidence Les Jasmins" (Tunis), so a new user sees a
//! living building. Idempotent: each step checks whether its result exists, so running it
//! again (or after an interrupted run) completes what is missing and changes nothing else.
//! Later modules add their own demo data here.

use anyhow::Context;
use chrono::NaiveDate;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::ResidenceId;
use daftar_domain::occupation::{Sexe, TypeOccupation};
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::{MethodePaiement, Repartition, TypeCotisation};
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector};
use rust_decimal::Decimal;
use sqlx::Row;

use crate::identity::{self, NewUser};
use crate::ledger::ledger_error;
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::occupation::OccupationCommand;
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::ProprieteCommand;
use daftar_domain::revenus::DemandeCotisation;
use daftar_domain::revenus::RevenusCommand;
use daftar_domain::Montant;

pub const RESIDENCE_NOM: &str = "Résidence Les Jasmins";
pub const PASSWORD: &str = "jasmin-2026-demo";

/// (tel, nom, syndic, finance, president, registration finalized)
const USERS: [(&str, &str, bool, bool, bool, bool); 13] = [
    ("20000001", "Mohamed Ben Salah", true, false, true, true),
    ("20000002", "Amira Trabelsi", true, true, false, true),
    ("20000003", "Karim Jaziri", true, false, false, true),
    ("20000004", "Leïla Haddad", false, false, false, true),
    ("20000005", "Sami Gharbi", false, false, false, true),
    ("20000006", "Nour Ayari", false, false, false, true),
    ("20000007", "Hichem Mejri", false, false, false, true),
    ("20000008", "Inès Chaabane", false, false, false, true),
    ("20000009", "Walid Khelifi", false, false, false, true),
    ("20000010", "Rim Bouazizi", false, false, false, true),
    ("20000011", "Yassine Dridi", false, false, false, true),
    ("20000012", "Salma Ferchichi", false, false, false, true),
    ("20000013", "Omar Sassi", false, false, false, false),
];

const EXERCICES: [i32; 2] = [2025, 2026];

/// What the demo residence holds after a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoSummary {
    pub residence_id: i64,
    pub created: bool,
}

/// Loads (or completes) the demo residence.
pub async fn load(db: &Database) -> anyhow::Result<DemoSummary> {
    let existing = sqlx::query("SELECT id FROM residences WHERE nom = $1 ORDER BY id LIMIT 1")
        .bind(RESIDENCE_NOM)
        .fetch_optional(&db.pool)
        .await?;
    let (residence_id, created) = match existing {
        Some(row) => (row.try_get::<i64, _>("id")?, false),
        None => (
            identity::create_residence(db, RESIDENCE_NOM, "Tunis").await?,
            true,
        ),
    };
    for (tel, nom, syndic, finance, president, finalized) in USERS {
        let exists = sqlx::query("SELECT id FROM users WHERE tel = $1")
            .bind(tel)
            .fetch_optional(&db.pool)
            .await?
            .is_some();
        if exists {
            continue;
        }
        identity::add_user(
            db,
            NewUser {
                residence_id,
                tel: tel.to_owned(),
                nom: nom.to_owned(),
                password: Some(PASSWORD.to_owned()),
                is_syndic: syndic,
                is_finance: finance,
                is_president: president,
                is_registration_finalized: finalized,
            },
        )
        .await
        .with_context(|| format!("demo user {tel}"))?;
    }

    let ledger = Ledger::<GrandLivre>::new(db.clone(), ());
    let residence = ResidenceId(residence_id);
    let livre = ledger
        .current(&residence.stream_id())
        .await
        .map_err(|e| anyhow::anyhow!("{}", ledger_error(e)))?;
    for annee in EXERCICES {
        if livre.exercices.statut(annee).is_none() {
            run(
                &ledger,
                residence,
                GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee }),
            )
            .await?;
        }
    }
    for (nom, type_propriete, surface) in demo_proprietes() {
        if !livre.proprietes.nom_pris(&nom) {
            let command = GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
                nom,
                type_propriete,
                surface: Some(surface),
                description: None,
            });
            run(&ledger, residence, command).await?;
        }
    }
    load_occupancy(db, &ledger, residence).await?;
    load_revenus(&ledger, residence).await?;
    Projector::new(db.clone(), read_models()).catch_up().await?;
    Ok(DemoSummary {
        residence_id,
        created,
    })
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

/// Occupants (with the co-owner sign-in their phone number gives: the demo users above, plus a
/// tenant without password) and the occupancy history. Each step is skipped when done.
async fn load_occupancy(
    db: &Database,
    ledger: &Ledger<GrandLivre>,
    residence: ResidenceId,
) -> anyhow::Result<()> {
    for (propriete, nom, tel, sexe, type_occupation, debut, fin, is_payer) in OCCUPATIONS {
        let livre = ledger
            .current(&residence.stream_id())
            .await
            .map_err(|e| anyhow::anyhow!("{}", ledger_error(e)))?;
        let propriete_id = livre
            .proprietes
            .id_par_nom(propriete)
            .with_context(|| format!("demo property {propriete}"))?;
        let date_debut = NaiveDate::parse_from_str(debut, "%Y-%m-%d")?;
        let date_fin = fin
            .map(|f| NaiveDate::parse_from_str(f, "%Y-%m-%d"))
            .transpose()?;
        let existing = livre
            .occupancy
            .occupants()
            .find(|(_, o)| o.nom == nom)
            .map(|(id, _)| id);
        let occupant_id = match existing {
            Some(id) => id,
            None => {
                if let Some(tel) = tel {
                    ensure_user(db, residence, tel, nom).await?;
                }
                let command = GrandLivreCommand::Occupation(OccupationCommand::CreerOccupant {
                    nom: nom.to_owned(),
                    tel: tel.map(str::to_owned),
                    email: None,
                    sexe,
                });
                run(ledger, residence, command).await?;
                livre.occupancy.prochain_occupant_id()
            }
        };
        let already = livre.occupancy.occupations().any(|(_, o)| {
            o.propriete_id == propriete_id
                && o.occupant_id == occupant_id
                && o.date_debut == date_debut
        });
        if !already {
            let command = GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            });
            run(ledger, residence, command).await?;
        }
    }
    Ok(())
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

/// A year and a half of dues with payments: two years of monthly charges (2025 almost all
/// paid, 2026 with arrears), an exceptional façade renovation on the allocation table with
/// full and partial payments, methods and references, and one cancelled payment (its receipt
/// number stays a visible gap). Skipped per cotisation when its title exists.
async fn load_revenus(ledger: &Ledger<GrandLivre>, residence: ResidenceId) -> anyhow::Result<()> {
    let livre = etat(ledger, residence).await?;
    let today = crate::clock::Clock::system().today();
    if livre.revenus.repartition().is_empty() {
        let repartitions = REPARTITION
            .iter()
            .filter_map(|(nom, dinars)| {
                livre
                    .proprietes
                    .id_par_nom(nom)
                    .map(|id| (id, Montant::dinars(*dinars)))
            })
            .collect();
        run(
            ledger,
            residence,
            GrandLivreCommand::Revenus(RevenusCommand::ModifierRepartition { repartitions }),
        )
        .await?;
    }
    let date = |text: &str| NaiveDate::parse_from_str(text, "%Y-%m-%d");
    for (annee, montant) in [(2025, 35), (2026, 40)] {
        let titre = format!("Charges courantes {annee}");
        if livre.revenus.cotisations().any(|(_, c)| c.titre == titre) {
            continue;
        }
        let command =
            GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
                titre: titre.clone(),
                type_cotisation: TypeCotisation::Mensuelle,
                repartition: Repartition::Egale,
                date_debut: date(&format!("{annee}-01-01"))?,
                date_fin: date(&format!("{annee}-12-31"))?,
                date_echeance: date(&format!("{annee}-01-05"))?,
                montant: Some(Montant::dinars(montant)),
                personnalisation: Vec::new(),
            }));
        run(ledger, residence, command).await?;
        let livre = etat(ledger, residence).await?;
        let Some((cotisation_id, _)) = livre.revenus.cotisations().find(|(_, c)| c.titre == titre)
        else {
            continue;
        };
        for (montant_du_id, du) in livre.revenus.montants_dus_de(cotisation_id) {
            let Some(propriete) = livre.proprietes.get(du.propriete_id) else {
                continue;
            };
            let paid = mois_payes(annee, &propriete.nom);
            let numero = du.appel.numero;
            let tenant_half = annee == 2026 && propriete.nom == "A8" && numero == paid + 1;
            if du.payeur.is_none() || (numero > paid && !tenant_half) {
                continue;
            }
            let date_paiement =
                (du.appel.echeance + chrono::Days::new(u64::from(numero % 7))).min(today);
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
            let command = GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
                montant_du_id,
                paiement: Paiement {
                    montant: Montant::dinars(if tenant_half { montant / 2 } else { montant }),
                    date_paiement,
                    methode,
                    reference,
                },
                aujourd_hui: today,
            });
            run(ledger, residence, command).await?;
        }
    }
    let titre = "Ravalement de façade";
    if !livre.revenus.cotisations().any(|(_, c)| c.titre == titre) {
        let command =
            GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
                titre: titre.to_owned(),
                type_cotisation: TypeCotisation::Exceptionnelle,
                repartition: Repartition::Predefinie,
                date_debut: date("2026-04-01")?,
                date_fin: date("2026-09-30")?,
                date_echeance: date("2026-05-15")?,
                montant: None,
                personnalisation: Vec::new(),
            }));
        run(ledger, residence, command).await?;
        let livre = etat(ledger, residence).await?;
        let found = livre
            .revenus
            .cotisations()
            .find(|(_, c)| c.titre == titre)
            .map(|(id, _)| id);
        if let Some(cotisation_id) = found {
            let dus: Vec<_> = livre
                .revenus
                .montants_dus_de(cotisation_id)
                .map(|(id, d)| (id, d.clone()))
                .collect();
            for (index, (montant_du_id, du)) in dus.into_iter().enumerate() {
                let whole = du.montant.millimes() / 1_000;
                // Every other property paid in full, one in three paid half, the rest nothing.
                let montant = match index % 3 {
                    0 => whole,
                    1 => whole / 2,
                    _ => continue,
                };
                let command = GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
                    montant_du_id,
                    paiement: Paiement {
                        montant: Montant::dinars(montant),
                        date_paiement: date("2026-05-20")?.min(today),
                        methode: MethodePaiement::Versement,
                        reference: Some(format!("VERS-{montant_du_id}")),
                    },
                    aujourd_hui: today,
                });
                run(ledger, residence, command).await?;
            }
            // A payment recorded twice by mistake, then cancelled: its receipt number is a gap.
            let livre = etat(ledger, residence).await?;
            let unpaid = livre
                .revenus
                .montants_dus_de(cotisation_id)
                .map(|(id, _)| id)
                .find(|id| {
                    livre
                        .revenus
                        .restant_du(*id)
                        .is_some_and(|r| r.is_positive())
                });
            if let Some(montant_du_id) = unpaid {
                let command = GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
                    montant_du_id,
                    paiement: Paiement {
                        montant: Montant::dinars(10),
                        date_paiement: date("2026-06-02")?.min(today),
                        methode: MethodePaiement::Espece,
                        reference: None,
                    },
                    aujourd_hui: today,
                });
                run(ledger, residence, command).await?;
                let livre = etat(ledger, residence).await?;
                let last = livre.revenus.prochain_encaissement_id() - 1;
                run(
                    ledger,
                    residence,
                    GrandLivreCommand::Revenus(RevenusCommand::AnnulerEncaissement {
                        encaissement_id: last,
                    }),
                )
                .await?;
            }
        }
    }
    Ok(())
}

async fn etat(ledger: &Ledger<GrandLivre>, residence: ResidenceId) -> anyhow::Result<GrandLivre> {
    ledger
        .current(&residence.stream_id())
        .await
        .map_err(|e| anyhow::anyhow!("{}", ledger_error(e)))
}

/// The sign-in an occupant's phone number gives (without password) unless it exists.
async fn ensure_user(
    db: &Database,
    residence: ResidenceId,
    tel: &str,
    nom: &str,
) -> anyhow::Result<()> {
    let exists = sqlx::query("SELECT id FROM users WHERE tel = $1")
        .bind(tel)
        .fetch_optional(&db.pool)
        .await?
        .is_some();
    if !exists {
        identity::add_user(
            db,
            NewUser {
                residence_id: residence.0,
                tel: tel.to_owned(),
                nom: nom.to_owned(),
                ..NewUser::default()
            },
        )
        .await?;
    }
    Ok(())
}

async fn run(
    ledger: &Ledger<GrandLivre>,
    residence: ResidenceId,
    command: GrandLivreCommand,
) -> anyhow::Result<()> {
    let metadata = CommandMetadata {
        acting_user: "cli:demo".to_owned(),
        request_id: uuid::Uuid::new_v4().to_string(),
    };
    ledger
        .execute(&residence.stream_id(), command, &metadata)
        .await
        .map(|_| ())
        .map_err(|e| anyhow::anyhow!("demo ledger command: {}", ledger_error(e)))
}

/// A1–A10 (apartments of 78 to 142 m²), one shop on the ground floor, one parking space.
fn demo_proprietes() -> Vec<(String, TypePropriete, Decimal)> {
    let surfaces = [78, 95, 112, 142, 78, 95, 112, 142, 104, 126];
    let mut proprietes: Vec<(String, TypePropriete, Decimal)> = surfaces
        .iter()
        .enumerate()
        .map(|(index, m2)| {
            (
                format!("A{}", index + 1),
                TypePropriete::Appartement,
                Decimal::from(*m2),
            )
        })
        .collect();
    proprietes.push((
        "Commerce RDC".to_owned(),
        TypePropriete::Commerce,
        Decimal::from(64),
    ));
    proprietes.push((
        "Parking P1".to_owned(),
        TypePropriete::Parking,
        Decimal::new(125, 1),
    ));
    proprietes
}
