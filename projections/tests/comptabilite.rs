//! The books read model (issue 12): on random histories of several residences (calls and their
//! corrections and withdrawals, collections by every method and their corrections and
//! cancellations, bank accounts with opening balances and their changes, operations,
//! transfers, cheque deposits and their deletion), the SQL books hold exactly what the
//! domain's in-memory `Livres` holds — the same journal numbers, dates, labels, lines and
//! reversed numbers —, whether the events were projected as they came, replayed in one batch,
//! in batches of 97 or one at a time; and every exercice's trial balance is balanced.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use cqrs_es::{Aggregate, DomainEvent};
use daftar_domain::banque::{
    BanqueCommand, DemandeTransfert, FicheCompte, FicheOperation, TypeCompte, TypeOperation,
};
use daftar_domain::comptabilite::{Compte, Livres};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::occupation::{OccupationCommand, Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::{ProprieteCommand, TypePropriete};
use daftar_domain::revenus::{
    DemandeCotisation, MethodePaiement, Repartition, RevenusCommand, TypeCotisation,
};
use daftar_domain::Montant;
use daftar_projections::chain::{canonical_json, GENESIS_HASH};
use daftar_projections::comptabilite::{self, tableau, ComptabiliteView};
use daftar_projections::journal::{ExpectedHead, NewEvent};
use daftar_projections::projector::{create_schema, ProjectedEvent, ReadModel};
use daftar_projections::{Database, Journal, Projector};
use sqlx::Row;
use support::TestStore;

const RESIDENCES: i64 = 3;
const COMMANDS_PER_RESIDENCE: usize = 450;
const EXERCICES: [i32; 2] = [2025, 2026];

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A small deterministic generator (xorshift64*): random histories, the same at every run.
struct Hasard(u64);

impl Hasard {
    fn suivant(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// 0..n.
    fn jusqua(&mut self, n: i64) -> i64 {
        (self.suivant() % u64::try_from(n.max(1)).unwrap()) as i64
    }

    /// 1..=n: an id among the first n.
    fn id(&mut self, n: i64) -> i64 {
        1 + self.jusqua(n)
    }

    fn jour(&mut self, annee: i32) -> NaiveDate {
        date(annee, 1, 1) + chrono::Days::new(self.suivant() % 360)
    }
}

fn fiche_compte(libelle: String, is_main: bool, solde: Montant, le: NaiveDate) -> FicheCompte {
    FicheCompte {
        libelle,
        banque: "STB".into(),
        type_compte: TypeCompte::Courant,
        adresse_agence: None,
        rib: None,
        swift: None,
        iban: None,
        commentaire: None,
        is_main,
        solde_initial: solde,
        date_solde_initial: le,
    }
}

/// A residence's first commands: its two exercices, four apartments with their paying owners,
/// and two bank accounts with opening balances.
fn installation() -> Vec<GrandLivreCommand> {
    let mut commands: Vec<GrandLivreCommand> = EXERCICES
        .iter()
        .map(|annee| ExerciceCommand::OuvrirExercice { annee: *annee }.into())
        .collect();
    for p in 1..=4 {
        commands.push(
            ProprieteCommand::EnregistrerPropriete {
                nom: format!("A{p}"),
                type_propriete: TypePropriete::Appartement,
                surface: None,
                description: None,
            }
            .into(),
        );
        commands.push(
            OccupationCommand::CreerOccupant {
                nom: format!("Copropriétaire {p}"),
                tel: None,
                email: None,
                sexe: Sexe::Femme,
            }
            .into(),
        );
        commands.push(
            OccupationCommand::AjouterOccupation {
                propriete_id: p,
                occupant_id: p,
                type_occupation: TypeOccupation::Proprietaire,
                date_debut: date(2020, 1, 1),
                date_fin: None,
                is_payer: true,
            }
            .into(),
        );
    }
    commands.push(
        BanqueCommand::CreerCompte {
            fiche: fiche_compte(
                "Compte courant STB".into(),
                true,
                Montant::dinars(1_500),
                date(2025, 1, 1),
            ),
        }
        .into(),
    );
    commands.push(
        BanqueCommand::CreerCompte {
            fiche: fiche_compte(
                "Épargne BIAT".into(),
                false,
                Montant::from_millimes(250_750),
                date(2025, 2, 15),
            ),
        }
        .into(),
    );
    commands
}

/// A command at random, with ids among those the residence has (or just past them).
fn commande_au_hasard(hasard: &mut Hasard, livre: &GrandLivre) -> GrandLivreCommand {
    let annee = EXERCICES[usize::from(hasard.jusqua(3) != 0)];
    let montant = Montant::from_millimes(1 + hasard.jusqua(400_000));
    let comptes = livre.banque.prochain_compte_id();
    let encaissements = livre.revenus.prochain_encaissement_id();
    let montants_dus = livre.revenus.prochain_montant_du_id();
    let methode = match hasard.jusqua(4) {
        0 => MethodePaiement::Espece,
        1 => MethodePaiement::Cheque,
        2 => MethodePaiement::Virement,
        _ => MethodePaiement::Versement,
    };
    let paiement = Paiement {
        montant: Montant::dinars(1 + hasard.jusqua(30)),
        date_paiement: hasard.jour(annee),
        methode,
        reference: Some(format!("R{}", hasard.jusqua(1_000))),
    };
    let fiche_operation = FicheOperation {
        type_operation: match hasard.jusqua(4) {
            0 => TypeOperation::Retrait,
            1 => TypeOperation::Depot,
            2 => TypeOperation::Frais,
            _ => TypeOperation::Interets,
        },
        libelle: format!("Opération {}", hasard.jusqua(100)),
        montant,
        date: hasard.jour(annee),
        date_banque: None,
        commentaire: None,
    };
    let transfert = DemandeTransfert {
        source: hasard.id(comptes),
        destination: hasard.id(comptes),
        montant,
        date: hasard.jour(annee),
        reference: None,
        commentaire: None,
    };
    let aujourd_hui = date(2026, 12, 31);
    let demande = |hasard: &mut Hasard| DemandeCotisation {
        titre: format!("Charges {}", hasard.jusqua(100)),
        type_cotisation: if hasard.jusqua(2) == 0 {
            TypeCotisation::Trimestrielle
        } else {
            TypeCotisation::Exceptionnelle
        },
        repartition: Repartition::Egale,
        date_debut: date(annee, 1, 1),
        date_fin: date(annee, 12, 31),
        date_echeance: date(annee, 1, 15),
        montant: Some(Montant::dinars(30 + hasard.jusqua(50))),
        personnalisation: Vec::new(),
    };
    let command: GrandLivreCommand = match hasard.jusqua(20) {
        0..=1 => RevenusCommand::LancerCotisation(demande(hasard)).into(),
        2 => RevenusCommand::ModifierCotisation {
            cotisation_id: hasard.id(livre.revenus.prochaine_cotisation_id()),
            demande: demande(hasard),
        }
        .into(),
        3 => RevenusCommand::SupprimerCotisation {
            cotisation_id: hasard.id(livre.revenus.prochaine_cotisation_id()),
        }
        .into(),
        4..=7 => RevenusCommand::EncaisserMontantDu {
            montant_du_id: hasard.id(montants_dus),
            paiement,
            aujourd_hui,
        }
        .into(),
        8 => RevenusCommand::ModifierEncaissement {
            encaissement_id: hasard.id(encaissements),
            paiement,
            aujourd_hui,
        }
        .into(),
        9 => RevenusCommand::AnnulerEncaissement {
            encaissement_id: hasard.id(encaissements),
        }
        .into(),
        10 => BanqueCommand::CreerCompte {
            fiche: fiche_compte(
                format!("Compte {}", hasard.jusqua(100)),
                hasard.jusqua(4) == 0,
                if hasard.jusqua(3) == 0 {
                    Montant::ZERO
                } else {
                    montant
                },
                hasard.jour(annee),
            ),
        }
        .into(),
        11 => BanqueCommand::ModifierCompte {
            compte_id: hasard.id(comptes),
            fiche: fiche_compte(
                format!("Compte {}", hasard.jusqua(100)),
                hasard.jusqua(2) == 0,
                if hasard.jusqua(4) == 0 {
                    Montant::ZERO
                } else {
                    montant
                },
                hasard.jour(annee),
            ),
        }
        .into(),
        12 => BanqueCommand::SupprimerCompte {
            compte_id: hasard.id(comptes),
        }
        .into(),
        13 => BanqueCommand::CreerOperation {
            compte_id: hasard.id(comptes),
            fiche: fiche_operation,
        }
        .into(),
        14 => BanqueCommand::ModifierOperation {
            operation_id: hasard.id(livre.banque.prochaine_operation_id()),
            fiche: fiche_operation,
        }
        .into(),
        15 => BanqueCommand::SupprimerOperation {
            operation_id: hasard.id(livre.banque.prochaine_operation_id()),
        }
        .into(),
        16 => {
            let transfert_id = hasard.id(livre.banque.prochain_transfert_id());
            match hasard.jusqua(3) {
                0 => BanqueCommand::CreerTransfert(transfert).into(),
                1 => BanqueCommand::ModifierTransfert {
                    transfert_id,
                    demande: transfert,
                }
                .into(),
                _ => BanqueCommand::SupprimerTransfert { transfert_id }.into(),
            }
        }
        17 | 18 => BanqueCommand::CreerRemise {
            compte_id: hasard.id(comptes),
            cheques: (0..1 + hasard.jusqua(3))
                .map(|_| hasard.id(encaissements))
                .collect(),
            date: date(2026, 12, 1) + chrono::Days::new(hasard.suivant() % 30),
            reference: (hasard.jusqua(2) == 0).then(|| format!("RM-{}", hasard.jusqua(100))),
            commentaire: None,
        }
        .into(),
        _ => {
            if hasard.jusqua(40) == 0 {
                ExerciceCommand::cloturer(2025).into()
            } else {
                BanqueCommand::SupprimerRemise {
                    remise_id: hasard.id(livre.banque.prochaine_remise_id()),
                }
                .into()
            }
        }
    };
    command
}

/// A residence being written: its decision state, its stream's head, the books as the domain
/// keeps them.
struct Residence {
    id: i64,
    livre: GrandLivre,
    sequence: i64,
    hash: String,
    livres: Livres,
}

impl Residence {
    /// Decides `command`; if accepted, appends its events (one append, as a command's) and
    /// posts them to the reference books.
    async fn run(&mut self, journal: &Journal, command: GrandLivreCommand) -> bool {
        let Ok(events) = self.livre.decide(command) else {
            return false;
        };
        for event in &events {
            self.livres.appliquer(event);
            self.livre.apply(event.clone());
        }
        if events.is_empty() {
            return true;
        }
        let new: Vec<NewEvent> = events
            .iter()
            .map(|event: &GrandLivreEvent| NewEvent {
                event_type: event.event_type(),
                event_version: event.event_version(),
                payload: canonical_json(&serde_json::to_value(event).unwrap()),
                metadata: r#"{"acting_user":"1","request_id":"books"}"#.to_owned(),
            })
            .collect();
        let stream = self.id.to_string();
        let appended = journal
            .append(
                ExpectedHead {
                    aggregate_type: GrandLivre::TYPE,
                    aggregate_id: &stream,
                    sequence: self.sequence,
                    hash: &self.hash,
                },
                &new,
                "2026-06-01T08:00:00.000000Z",
            )
            .await
            .unwrap();
        self.sequence += new.len() as i64;
        self.hash = appended.last_hash;
        true
    }
}

/// Writes random histories of [`RESIDENCES`] residences, interleaved, calling `after_append`
/// after each command; answers their reference books.
async fn write_history(
    journal: &Journal,
    seed: u64,
    mut after_append: impl AsyncFnMut(),
) -> Vec<Residence> {
    let mut hasard = Hasard(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut residences: Vec<Residence> = (1..=RESIDENCES)
        .map(|id| Residence {
            id: 500 + id,
            livre: GrandLivre::default(),
            sequence: 0,
            hash: GENESIS_HASH.to_owned(),
            livres: Livres::default(),
        })
        .collect();
    for residence in &mut residences {
        for command in installation() {
            assert!(residence.run(journal, command).await, "installation");
            after_append().await;
        }
    }
    let mut accepted = 0;
    for _ in 0..COMMANDS_PER_RESIDENCE * RESIDENCES as usize {
        let residence = &mut residences[hasard.jusqua(RESIDENCES) as usize];
        let command = commande_au_hasard(&mut hasard, &residence.livre);
        if residence.run(journal, command).await {
            accepted += 1;
            after_append().await;
        }
    }
    assert!(accepted > 400, "only {accepted} commands accepted");
    residences
}

type Tables = BTreeMap<&'static str, Vec<Vec<String>>>;

/// Every row of the model's tables, in key order, as text.
async fn tables(db: &Database) -> Tables {
    let mut all = BTreeMap::new();
    for table in ComptabiliteView.tables() {
        // (a table's key: the running totals are kept per month and account)
        let order = if *table == "ecritures_soldes" {
            "1, 2, 3, 4"
        } else {
            "1, 2, 3"
        };
        let rows = sqlx::query(&format!("SELECT * FROM {table} ORDER BY {order}"))
            .fetch_all(&db.pool)
            .await
            .unwrap();
        let rows = rows
            .iter()
            .map(|row| {
                (0..row.len())
                    .map(|column| match row.try_get::<Option<i64>, _>(column) {
                        Ok(number) => format!("{number:?}"),
                        Err(_) => {
                            format!("{:?}", row.try_get::<Option<String>, _>(column).unwrap())
                        }
                    })
                    .collect()
            })
            .collect();
        all.insert(*table, rows);
    }
    all
}

/// The model's tables dropped and created again, then every event applied to them by
/// `apply`, on a connection of its own.
async fn reapply(
    db: &Database,
    apply: impl AsyncFnOnce(&mut sqlx::AnyConnection, Vec<ProjectedEvent>),
) -> Tables {
    let mut conn = db.dedicated_connection().await.unwrap();
    for table in ComptabiliteView.tables() {
        sqlx::query(&format!("DROP TABLE IF EXISTS {table}"))
            .execute(&mut conn)
            .await
            .unwrap();
    }
    create_schema(&mut conn, &ComptabiliteView).await.unwrap();
    let journal = Journal::new(db.clone());
    let events: Vec<ProjectedEvent> = journal
        .read_for_projection_in(&mut conn, 0, i64::MAX)
        .await
        .unwrap()
        .into_iter()
        .map(|row| ProjectedEvent::decode(row).unwrap())
        .collect();
    apply(&mut conn, events).await;
    drop(conn);
    tables(db).await
}

/// The SQL journal of every exercice equals the reference books', entry for entry.
async fn assert_books_equal(db: &Database, residences: &[Residence]) {
    for residence in residences {
        let reference = residence.livres.journal();
        let mut compared = 0;
        let exercices: std::collections::BTreeSet<i32> =
            reference.iter().map(|e| e.exercice).collect();
        for exercice in exercices {
            let sql = comptabilite::journal(db, residence.id, exercice)
                .await
                .unwrap();
            let expected: Vec<_> = reference
                .iter()
                .filter(|e| e.exercice == exercice)
                .collect();
            assert_eq!(sql.len(), expected.len(), "entries of {exercice}");
            for (got, want) in sql.iter().zip(expected) {
                assert_eq!(
                    (
                        got.numero,
                        got.date,
                        got.libelle.as_str(),
                        got.source_nature.as_str(),
                        got.source_id,
                        got.extourne_de
                    ),
                    (
                        want.numero,
                        want.ecriture.date,
                        want.ecriture.libelle.as_str(),
                        want.ecriture.source.nature(),
                        want.ecriture.source.id(),
                        want.extourne_de
                    ),
                    "residence {} entry {exercice}/{}",
                    residence.id,
                    want.numero
                );
                let lines: Vec<(String, i64, i64)> = got
                    .lignes
                    .iter()
                    .map(|l| (l.compte.clone(), l.debit.millimes(), l.credit.millimes()))
                    .collect();
                let expected_lines: Vec<(String, i64, i64)> = want
                    .ecriture
                    .lignes
                    .iter()
                    .map(|l| (l.compte.numero(), l.debit.millimes(), l.credit.millimes()))
                    .collect();
                assert_eq!(lines, expected_lines, "lines of {exercice}/{}", want.numero);
                compared += 1;
            }
        }
        assert_eq!(compared, reference.len());
    }
}

/// Every row of the running totals is Σ debit and Σ credit of the lines of its residence,
/// exercice, month and account, and every account with a line in a month has its row.
async fn assert_totals_are_the_lines_sums(db: &Database) {
    let exercices: Vec<(i64, i64)> = sqlx::query(
        "SELECT DISTINCT residence_id, exercice FROM ecritures ORDER BY residence_id, exercice",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .iter()
    .map(|row| (row.get("residence_id"), row.get("exercice")))
    .collect();
    let mut sums: BTreeMap<(i64, i64, i64, String), (i64, i64)> = BTreeMap::new();
    for (residence_id, exercice) in exercices {
        let exercice_annee = i32::try_from(exercice).unwrap();
        for ecriture in comptabilite::journal(db, residence_id, exercice_annee)
            .await
            .unwrap()
        {
            let mois = i64::from(ecriture.date.month());
            for ligne in ecriture.lignes {
                let sum = sums
                    .entry((residence_id, exercice, mois, ligne.compte))
                    .or_default();
                sum.0 += ligne.debit.millimes();
                sum.1 += ligne.credit.millimes();
            }
        }
    }
    let sums: Vec<(i64, i64, i64, String, i64, i64)> = sums
        .into_iter()
        .map(
            |((residence_id, exercice, mois, compte), (debit, credit))| {
                (residence_id, exercice, mois, compte, debit, credit)
            },
        )
        .collect();
    let mut totals: Vec<(i64, i64, i64, String, i64, i64)> = sqlx::query(
        "SELECT residence_id, exercice, mois, compte, debit, credit FROM ecritures_soldes",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .iter()
    .map(|row| {
        (
            row.get("residence_id"),
            row.get("exercice"),
            row.get("mois"),
            row.get("compte"),
            row.get("debit"),
            row.get("credit"),
        )
    })
    .collect();
    // (in the byte order of the accounts' numbers, as the sums)
    totals.sort();
    assert!(!sums.is_empty());
    assert_eq!(totals, sums, "running totals");
}

async fn the_sql_books_are_the_domains_books_however_the_events_are_batched(store: &TestStore) {
    // Given random histories of three residences, projected after each command as a server
    // does
    let journal = Journal::new(store.db.clone());
    let live = Projector::new(store.db.clone(), vec![Box::new(ComptabiliteView)]);
    let residences = write_history(&journal, 7, async || {
        live.catch_up().await.unwrap();
    })
    .await;
    // (the histories cover every kind of posting and of contra-entry)
    let natures: std::collections::BTreeSet<(&str, bool)> = residences
        .iter()
        .flat_map(|r| r.livres.journal())
        .map(|e| (e.ecriture.source.nature(), e.extourne_de.is_some()))
        .collect();
    for nature in [
        "appels",
        "encaissement",
        "solde_initial",
        "operation",
        "transfert",
        "remise",
    ] {
        assert!(natures.contains(&(nature, false)), "{nature} posted");
        assert!(natures.contains(&(nature, true)), "{nature} reversed");
    }

    // Then the SQL books are the domain's, entry for entry
    assert_books_equal(&store.db, &residences).await;
    let projected = tables(&store.db).await;
    assert!(projected["ecritures"].len() > 300);
    // And the running totals are the lines' sums (so are they in every table compared below,
    // equal to these)
    assert_totals_are_the_lines_sums(&store.db).await;
    assert!(projected["ecritures_soldes"].len() > 20);

    // And replayed in one batch, in batches of 97, or one event at a time, the tables are the
    // same rows
    Projector::new(store.db.clone(), vec![Box::new(ComptabiliteView)])
        .rebuild()
        .await
        .unwrap();
    assert_eq!(tables(&store.db).await, projected, "rebuilt");
    sqlx::query("DELETE FROM projector_checkpoints WHERE projector = $1")
        .bind(comptabilite::MODEL)
        .execute(&store.db.pool)
        .await
        .unwrap();
    Projector::new(store.db.clone(), vec![Box::new(ComptabiliteView)])
        .with_catch_up_lag(0)
        .with_replay_batch(97)
        .catch_up()
        .await
        .unwrap();
    assert_eq!(tables(&store.db).await, projected, "batches of 97");
    let one_batch = reapply(&store.db, async |conn, events| {
        ComptabiliteView.apply_all(conn, &events).await.unwrap();
    })
    .await;
    assert_eq!(one_batch, projected, "one batch");
    let one_by_one = reapply(&store.db, async |conn, events| {
        for event in events {
            ComptabiliteView
                .apply_all(conn, std::slice::from_ref(&event))
                .await
                .unwrap();
        }
    })
    .await;
    assert_eq!(one_by_one, projected, "one event at a time");
}

async fn every_trial_balance_is_balanced_and_the_accounts_hold_what_the_domain_says(
    store: &TestStore,
) {
    let seed = 11;
    {
        // Given random histories projected in batches of whatever came
        let journal = Journal::new(store.db.clone());
        let residences = write_history(&journal, seed, async || {}).await;
        Projector::new(store.db.clone(), vec![Box::new(ComptabiliteView)])
            .catch_up()
            .await
            .unwrap();

        let mut months_compared = 0;
        for residence in &residences {
            for exercice in [2024, 2025, 2026] {
                // Then Σ debit = Σ credit in every exercice's trial balance, account by account
                // what the domain's books say
                let balance = comptabilite::balance(&store.db, residence.id, exercice)
                    .await
                    .unwrap();
                let (debit, credit) = balance.iter().fold((0_i64, 0_i64), |(d, c), (_, t)| {
                    (d + t.debit.millimes(), c + t.credit.millimes())
                });
                assert_eq!(debit, credit, "seed {seed}: trial balance of {exercice}");
                let expected: Vec<(String, i64, i64)> = residence
                    .livres
                    .balance(Some(exercice))
                    .into_iter()
                    .map(|(compte, (d, c))| {
                        (
                            compte.numero(),
                            i64::try_from(d).unwrap(),
                            i64::try_from(c).unwrap(),
                        )
                    })
                    .collect();
                let mut got: Vec<(String, i64, i64)> = balance
                    .iter()
                    .map(|(compte, t)| (compte.clone(), t.debit.millimes(), t.credit.millimes()))
                    .collect();
                got.sort();
                let mut expected = expected;
                expected.sort();
                assert_eq!(got, expected, "seed {seed}: balance of {exercice}");

                // And each account's ledger runs from its opening balance to its balance at
                // the end of the exercice
                let end = date(exercice, 12, 31);
                for compte in comptabilite::grand_livre(&store.db, residence.id, exercice, None)
                    .await
                    .unwrap()
                {
                    let mut solde = compte.solde_ouverture.millimes();
                    for mouvement in &compte.mouvements {
                        solde += mouvement.debit.millimes() - mouvement.credit.millimes();
                        assert_eq!(mouvement.solde.millimes(), solde);
                    }
                    assert_eq!(compte.solde.millimes(), solde);
                    let chart = Compte::from_numero(&compte.compte).unwrap();
                    assert_eq!(
                        i128::from(solde),
                        residence.livres.solde_au(chart, end),
                        "seed {seed}: {} at the end of {exercice}",
                        compte.compte
                    );
                }
            }

            // And the treasury at a date is each money account's balance at that date: a
            // month's end, or a day inside a month, in its first half (read from the days'
            // entries) or its second (the month's totals less the later days' entries), among
            // them the eve and the day of entries, so that a month's later days hold lines
            let mut days = vec![
                date(2025, 3, 31),
                date(2025, 6, 15),
                date(2025, 12, 31),
                date(2026, 2, 1),
                date(2026, 12, 31),
            ];
            for entry in residence.livres.journal().iter().step_by(3) {
                days.push(entry.ecriture.date);
                days.extend(entry.ecriture.date.pred_opt());
            }
            for day in days {
                let tresorerie = comptabilite::tresorerie(&store.db, residence.id, day)
                    .await
                    .unwrap();
                assert_eq!(
                    i128::from(tresorerie.caisse.millimes()),
                    residence.livres.solde_au(Compte::Caisse, day),
                    "seed {seed}: cash on {day}"
                );
                assert_eq!(
                    i128::from(tresorerie.cheques_a_encaisser.millimes()),
                    residence.livres.solde_au(Compte::ChequesAEncaisser, day),
                    "seed {seed}: cheques on {day}"
                );
                for (id, solde) in &tresorerie.banques {
                    assert_eq!(
                        i128::from(solde.millimes()),
                        residence.livres.solde_au(Compte::Banque(*id), day)
                    );
                }
            }

            // And a period's income and charges, month by month, are its days' lines of classes
            // 7 and 6, whether it covers its months whole or not (most of a month: its totals
            // less the days left out before and after), among them periods that start the day
            // after an entry or end the day before it
            let mut periods = vec![
                (date(2024, 1, 1), date(2026, 12, 31)),
                (date(2025, 3, 14), date(2026, 2, 9)),
                (date(2025, 6, 2), date(2025, 6, 20)),
            ];
            let twenty_days = chrono::Days::new(20);
            for entry in residence.livres.journal().iter().step_by(3) {
                let day = entry.ecriture.date;
                if let (Some(after), Some(until)) =
                    (day.succ_opt(), day.checked_add_days(twenty_days))
                {
                    periods.push((after, until));
                }
                if let (Some(from), Some(before)) =
                    (day.checked_sub_days(twenty_days), day.pred_opt())
                {
                    periods.push((from, before));
                }
            }
            for (du, au) in periods {
                let got = tableau::resultat_par_mois(&store.db, residence.id, du, au)
                    .await
                    .unwrap();
                let mut expected: BTreeMap<(i32, u32), tableau::Mois> = BTreeMap::new();
                for entry in residence.livres.journal() {
                    let day = entry.ecriture.date;
                    if day < du || day > au {
                        continue;
                    }
                    for ligne in &entry.ecriture.lignes {
                        let Some(gestion) = tableau::gestion(ligne.compte) else {
                            continue;
                        };
                        let month = expected.entry((day.year(), day.month())).or_default();
                        let (debit, credit) = (ligne.debit.millimes(), ligne.credit.millimes());
                        match gestion {
                            tableau::Gestion::Charge => month.charges += debit - credit,
                            tableau::Gestion::Produit => month.produits += credit - debit,
                        }
                    }
                }
                expected.retain(|_, month| *month != tableau::Mois::default());
                months_compared += expected.len();
                assert_eq!(got, expected, "seed {seed}: {du} to {au}");
            }
        }
        assert!(months_compared > 10, "{months_compared} months compared");
    }
}

async fn a_database_of_the_books_version_2_is_rebuilt_at_start_without_its_table_of_lines(
    store: &TestStore,
) {
    // Given the books projected, then the database put back as version 2 left it: its
    // checkpoint at version 2 and a table of lines, a row per line
    let journal = Journal::new(store.db.clone());
    let residences = write_history(&journal, 5, async || {}).await;
    Projector::new(store.db.clone(), vec![Box::new(ComptabiliteView)])
        .catch_up()
        .await
        .unwrap();
    let projected = tables(&store.db).await;
    for statement in [
        "UPDATE projector_checkpoints SET version = 2 WHERE projector = 'comptabilite'",
        "CREATE TABLE ecriture_lignes (residence_id BIGINT, exercice BIGINT, numero BIGINT, \
         ligne BIGINT, compte TEXT, debit BIGINT, credit BIGINT)",
        "INSERT INTO ecriture_lignes VALUES (1, 2025, 1, 0, '450', 1000, 0)",
    ] {
        sqlx::query(statement)
            .execute(&store.db.pool)
            .await
            .unwrap();
    }

    // When a server of this version starts
    Projector::new(store.db.clone(), vec![Box::new(ComptabiliteView)])
        .catch_up()
        .await
        .unwrap();

    // Then the books are replayed into the same rows, the lines in their entries, and the
    // table of lines is gone
    assert_eq!(tables(&store.db).await, projected);
    assert_books_equal(&store.db, &residences).await;
    assert!(sqlx::query("SELECT COUNT(*) FROM ecriture_lignes")
        .fetch_one(&store.db.pool)
        .await
        .is_err());
}

on_both_stores!(
    the_sql_books_are_the_domains_books_however_the_events_are_batched,
    every_trial_balance_is_balanced_and_the_accounts_hold_what_the_domain_says,
    a_database_of_the_books_version_2_is_rebuilt_at_start_without_its_table_of_lines,
);
