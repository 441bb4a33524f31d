//! One conformance suite for the event store, run on SQLite and on PostgreSQL.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use std::sync::Arc;

use cqrs_es::AggregateError;
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::exercice::ExerciceError;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError};
use daftar_domain::occupation::OccupationCommand;
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::ProprieteCommand;
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::DemandeCotisation;
use daftar_domain::revenus::RevenusCommand;
use daftar_domain::Montant;
use daftar_projections::audit;
use daftar_projections::{exercices, occupancy, proprietes, revenus};
use daftar_projections::{read_models, CommandMetadata, Ledger, Projector};
use sqlx::Row;
use support::TestStore;

type Livre = Ledger<GrandLivre>;

fn meta(user: &str) -> CommandMetadata {
    CommandMetadata {
        acting_user: user.to_owned(),
        request_id: format!("req-{user}"),
    }
}

fn ouvrir(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee })
}

async fn event_count(store: &TestStore, stream: &str) -> i64 {
    sqlx::query("SELECT COUNT(*) AS n FROM events WHERE aggregate_id = $1")
        .bind(stream)
        .fetch_one(&store.db.pool)
        .await
        .unwrap()
        .try_get("n")
        .unwrap()
}

async fn commands_append_numbered_events_with_their_metadata(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    let first = ledger
        .execute("7", ouvrir(2025), &meta("42"))
        .await
        .unwrap();
    let second = ledger
        .execute("7", ouvrir(2026), &meta("42"))
        .await
        .unwrap();
    assert_eq!(first.events[0].sequence, 1);
    assert_eq!(second.events[0].sequence, 2);
    assert!(second.last_position > first.last_position);
    let stored = ledger
        .journal()
        .load_stream("grand_livre", "7", 0)
        .await
        .unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1].event_type, "ExerciceOuvert");
    assert_eq!(stored[1].payload, r#"{"ExerciceOuvert":{"annee":2026}}"#);
    assert_eq!(
        stored[1].metadata,
        r#"{"acting_user":"42","request_id":"req-42"}"#
    );
    assert_eq!(
        stored[1].recorded_at.len(),
        "2026-11-22T10:00:00.000000Z".len()
    );
}

async fn commands_queued_together_keep_each_its_own_events_metadata_and_answer(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    ledger.current("8").await.unwrap();
    // 40 commands at once on one stream (they queue and are appended in batches), of which
    // every fifth asks for a year another one opens: refused, writing nothing.
    let tasks: Vec<_> = (0..40)
        .map(|index| {
            let ledger = ledger.clone();
            let annee = if index % 5 == 4 {
                2000 + index - 1
            } else {
                2000 + index
            };
            tokio::spawn(async move {
                let answer = ledger
                    .execute("8", ouvrir(annee), &meta(&format!("user-{index}")))
                    .await;
                (index, annee, answer)
            })
        })
        .collect();
    let mut accepted = Vec::new();
    for task in tasks {
        let (index, annee, answer) = task.await.unwrap();
        match answer {
            Ok(committed) => {
                assert_eq!(committed.events.len(), 1);
                let event = &committed.events[0];
                assert_eq!(event.metadata["acting_user"], format!("user-{index}"));
                accepted.push((index, annee, event.sequence, committed.last_position));
            }
            Err(AggregateError::UserError(GrandLivreError::Exercice(
                ExerciceError::ExerciceDejaOuvert { annee: year },
            ))) => {
                assert_eq!(year, annee);
            }
            Err(other) => panic!("command {index}: {other:?}"),
        }
    }
    // Each year opened once; 32 distinct years plus, per duplicate pair, exactly one winner.
    assert_eq!(accepted.len(), 32);
    let stored = ledger
        .journal()
        .load_stream("grand_livre", "8", 0)
        .await
        .unwrap();
    assert_eq!(stored.len(), 32);
    for (index, annee, sequence, position) in accepted {
        let event = &stored[sequence - 1];
        assert_eq!(event.position, position, "command {index}");
        assert_eq!(
            event.payload,
            format!(r#"{{"ExerciceOuvert":{{"annee":{annee}}}}}"#)
        );
        assert_eq!(
            event.metadata,
            format!(r#"{{"acting_user":"user-{index}","request_id":"req-user-{index}"}}"#)
        );
    }
    let report = audit::verify(ledger.journal(), "grand_livre", Some("8"))
        .await
        .unwrap();
    assert!(report.is_intact(), "{report:?}");
    let cold = Livre::new(store.db.clone(), ()).current("8").await.unwrap();
    assert_eq!(ledger.current("8").await.unwrap(), cold);
}

async fn a_refused_command_writes_nothing(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    ledger.execute("1", ouvrir(2026), &meta("1")).await.unwrap();
    let refused = ledger.execute("1", ouvrir(2026), &meta("1")).await;
    assert!(matches!(
        refused,
        Err(AggregateError::UserError(GrandLivreError::Exercice(
            ExerciceError::ExerciceDejaOuvert { annee: 2026 }
        )))
    ));
    assert_eq!(event_count(store, "1").await, 1);
}

async fn warm_aggregates_equal_a_full_replay(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    for annee in 2000..2060 {
        ledger
            .execute("3", ouvrir(annee), &meta("1"))
            .await
            .unwrap();
    }
    // Years close in order.
    for annee in 2000..2020 {
        ledger
            .execute(
                "3",
                GrandLivreCommand::Exercice(ExerciceCommand::cloturer(annee)),
                &meta("1"),
            )
            .await
            .unwrap();
    }
    let warm = ledger.current("3").await.unwrap();
    let cold = Livre::new(store.db.clone(), ()).current("3").await.unwrap();
    assert_eq!(warm, cold);
    assert_eq!(warm.exercices.annees().count(), 60);
}

async fn two_servers_writing_one_stream_lose_nothing_and_apply_nothing_twice(store: &TestStore) {
    let server_a = Arc::new(Livre::new(store.db.clone(), ()));
    let server_b = Arc::new(Livre::new(store.second_connection().await, ()));
    // Warm both before the race so that each decides on state the other makes stale.
    server_a.current("5").await.unwrap();
    server_b.current("5").await.unwrap();
    let mut tasks = Vec::new();
    for index in 0..16 {
        let ledger = if index % 2 == 0 {
            server_a.clone()
        } else {
            server_b.clone()
        };
        tasks.push(tokio::spawn(async move {
            ledger.execute("5", ouvrir(2000 + index), &meta("1")).await
        }));
    }
    // The same year requested by both servers at once: exactly one may open it.
    let dup_a = {
        let ledger = server_a.clone();
        tokio::spawn(async move { ledger.execute("5", ouvrir(2090), &meta("a")).await })
    };
    let dup_b = {
        let ledger = server_b.clone();
        tokio::spawn(async move { ledger.execute("5", ouvrir(2090), &meta("b")).await })
    };
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    let duplicates = [dup_a.await.unwrap(), dup_b.await.unwrap()];
    assert_eq!(duplicates.iter().filter(|r| r.is_ok()).count(), 1);
    assert!(duplicates.iter().any(|r| matches!(
        r,
        Err(AggregateError::UserError(GrandLivreError::Exercice(
            ExerciceError::ExerciceDejaOuvert { annee: 2090 }
        )))
    )));
    assert_eq!(event_count(store, "5").await, 17);
    let report = audit::verify(server_a.journal(), "grand_livre", Some("5"))
        .await
        .unwrap();
    assert!(report.is_intact(), "{report:?}");
    assert_eq!(report.events_verified, 17);
}

async fn a_refusal_is_never_decided_on_state_another_server_made_stale(store: &TestStore) {
    let server_a = Livre::new(store.db.clone(), ());
    let server_b = Livre::new(store.second_connection().await, ());
    server_b.current("6").await.unwrap();
    server_a
        .execute("6", ouvrir(2026), &meta("a"))
        .await
        .unwrap();
    // On B's warm (stale) state 2026 does not exist: closing it would be refused.
    server_b
        .execute(
            "6",
            GrandLivreCommand::Exercice(ExerciceCommand::cloturer(2026)),
            &meta("b"),
        )
        .await
        .unwrap();
    // 2026 opened; then closed, which opened 2027.
    assert_eq!(event_count(store, "6").await, 3);
}

async fn a_read_on_one_server_sees_what_another_server_committed(store: &TestStore) {
    let server_a = Livre::new(store.db.clone(), ());
    let server_b = Livre::new(store.second_connection().await, ());
    server_a
        .execute("7", ouvrir(2025), &meta("a"))
        .await
        .unwrap();
    // B holds the stream warm with 2025 only.
    let before = server_b
        .read("7", |livre| livre.exercices.annees().count())
        .await
        .unwrap();
    assert_eq!(before, 1);
    server_a
        .execute("7", ouvrir(2026), &meta("a"))
        .await
        .unwrap();
    let after = server_b
        .read("7", |livre| livre.exercices.statut(2026).is_some())
        .await
        .unwrap();
    assert!(after, "B's answer includes A's later command");
    // And B's next decision rests on the caught-up state: no conflict, no retry needed.
    server_b
        .execute(
            "7",
            GrandLivreCommand::Exercice(ExerciceCommand::cloturer(2025)),
            &meta("b"),
        )
        .await
        .unwrap();
    assert_eq!(event_count(store, "7").await, 3);
}

async fn audit_verify_finds_the_first_edited_event(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    for annee in 2020..2025 {
        ledger
            .execute("9", ouvrir(annee), &meta("1"))
            .await
            .unwrap();
    }
    ledger
        .execute("10", ouvrir(2026), &meta("1"))
        .await
        .unwrap();
    let intact = audit::verify(ledger.journal(), "grand_livre", None)
        .await
        .unwrap();
    assert!(intact.is_intact());
    assert_eq!((intact.streams_verified, intact.events_verified), (2, 6));

    sqlx::query("UPDATE events SET payload = $1 WHERE aggregate_id = '9' AND sequence = 3")
        .bind(r#"{"ExerciceOuvert":{"annee":1999}}"#)
        .execute(&store.db.pool)
        .await
        .unwrap();
    let report = audit::verify(ledger.journal(), "grand_livre", None)
        .await
        .unwrap();
    assert_eq!(report.broken.len(), 1);
    assert_eq!(report.broken[0].aggregate_id, "9");
    assert_eq!(report.broken[0].sequence, 3);
}

async fn audit_verify_finds_a_deleted_event(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    for annee in 2020..2024 {
        ledger
            .execute("11", ouvrir(annee), &meta("1"))
            .await
            .unwrap();
    }
    sqlx::query("DELETE FROM events WHERE aggregate_id = '11' AND sequence = 2")
        .execute(&store.db.pool)
        .await
        .unwrap();
    let report = audit::verify(ledger.journal(), "grand_livre", Some("11"))
        .await
        .unwrap();
    assert_eq!(report.broken[0].sequence, 2);
}

async fn the_projector_misses_no_event_of_concurrent_writers(store: &TestStore) {
    let projector = Projector::new(store.db.clone(), read_models());
    let servers = [
        Arc::new(Livre::new(store.db.clone(), ())),
        Arc::new(Livre::new(store.second_connection().await, ())),
    ];
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // A projector catching up continuously while the writers commit: it would skip an event
    // if positions could become visible out of order.
    let follower = {
        let projector = projector.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                projector.catch_up().await.unwrap();
            }
        })
    };
    let mut writers = Vec::new();
    for residence in 100..108 {
        let ledger = servers[residence as usize % 2].clone();
        writers.push(tokio::spawn(async move {
            for annee in 2000..2015 {
                ledger
                    .execute(&residence.to_string(), ouvrir(annee), &meta("w"))
                    .await
                    .unwrap();
            }
        }));
    }
    for writer in writers {
        writer.await.unwrap();
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    follower.await.unwrap();
    let reached = projector.catch_up().await.unwrap();
    assert_eq!(reached, servers[0].journal().head_position().await.unwrap());
    let rows: i64 = sqlx::query("SELECT COUNT(*) AS n FROM exercices_view")
        .fetch_one(&store.db.pool)
        .await
        .unwrap()
        .try_get("n")
        .unwrap();
    assert_eq!(rows, 8 * 15);
}

async fn a_crash_between_commit_and_projection_is_repaired_on_restart(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    Projector::new(store.db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    // Committed while no projector runs, as if the process died right after the commit.
    ledger
        .execute("12", ouvrir(2025), &meta("1"))
        .await
        .unwrap();
    ledger
        .execute("12", ouvrir(2026), &meta("1"))
        .await
        .unwrap();
    assert!(exercices::list(&store.db, 12).await.unwrap().is_empty());
    let restarted = Projector::new(store.db.clone(), read_models());
    restarted.catch_up().await.unwrap();
    let years: Vec<i32> = exercices::list(&store.db, 12)
        .await
        .unwrap()
        .iter()
        .map(|e| e.annee)
        .collect();
    assert_eq!(years, vec![2026, 2025]);
}

async fn rebuild_gives_identical_read_models(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    for residence in ["20", "21"] {
        for annee in 2021..2026 {
            ledger
                .execute(residence, ouvrir(annee), &meta("1"))
                .await
                .unwrap();
        }
        for (nom, surface) in [("A1", Some("95.50")), ("Parking 1", None)] {
            let command = GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
                nom: nom.to_owned(),
                type_propriete: TypePropriete::Appartement,
                surface: surface.map(|s| s.parse().unwrap()),
                description: None,
            });
            ledger
                .execute(residence, command, &meta("1"))
                .await
                .unwrap();
        }
        // Years close in order.
        for annee in [2021, 2022] {
            ledger
                .execute(
                    residence,
                    GrandLivreCommand::Exercice(ExerciceCommand::cloturer(annee)),
                    &meta("1"),
                )
                .await
                .unwrap();
        }
    }
    let projector = Projector::new(store.db.clone(), read_models());
    projector.catch_up().await.unwrap();
    let before = [
        exercices::list(&store.db, 20).await.unwrap(),
        exercices::list(&store.db, 21).await.unwrap(),
    ];
    let properties_before = proprietes::list(&store.db, 21).await.unwrap();
    projector.rebuild().await.unwrap();
    assert_eq!(
        properties_before,
        proprietes::list(&store.db, 21).await.unwrap()
    );
    assert_eq!(properties_before[0].surface.as_deref(), Some("95.5"));
    assert_eq!(properties_before[1].nom, "Parking 1");
    let after = [
        exercices::list(&store.db, 20).await.unwrap(),
        exercices::list(&store.db, 21).await.unwrap(),
    ];
    assert_eq!(before, after);
    assert_eq!(
        before[0]
            .iter()
            .filter(|e| e.statut == daftar_domain::exercice::StatutExercice::Cloture)
            .count(),
        2
    );
}

async fn a_stored_value_that_does_not_parse_is_a_decoding_error(store: &TestStore) {
    let ledger = Livre::new(store.db.clone(), ());
    ledger
        .execute("13", ouvrir(2026), &meta("1"))
        .await
        .unwrap();
    Projector::new(store.db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    assert_eq!(exercices::list(&store.db, 13).await.unwrap().len(), 1);
    for (column, value) in [("statut", "'ferme'"), ("annee", "99999999999")] {
        sqlx::query(&format!(
            "UPDATE exercices_view SET {column} = {value} WHERE residence_id = 13"
        ))
        .execute(&store.db.pool)
        .await
        .unwrap();
        let read = exercices::list(&store.db, 13).await;
        assert!(
            matches!(read, Err(sqlx::Error::Decode(_))),
            "{column}: {read:?}"
        );
    }
}

async fn the_occupancy_history_shows_who_pays_on_a_date(store: &TestStore) {
    use daftar_domain::occupation::{Sexe, TypeOccupation};
    let ledger = Livre::new(store.db.clone(), ());
    let date = |t: &str| chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d").unwrap();
    let commands = vec![
        GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
            nom: "A3".into(),
            type_propriete: TypePropriete::Appartement,
            surface: None,
            description: None,
        }),
        GrandLivreCommand::Occupation(OccupationCommand::CreerOccupant {
            nom: "Leïla Haddad".into(),
            tel: Some("20000004".into()),
            email: None,
            sexe: Sexe::Femme,
        }),
        GrandLivreCommand::Occupation(OccupationCommand::CreerOccupant {
            nom: "Tarek Mansour".into(),
            tel: None,
            email: None,
            sexe: Sexe::Homme,
        }),
        GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
            propriete_id: 1,
            occupant_id: 1,
            type_occupation: TypeOccupation::Proprietaire,
            date_debut: date("2020-01-01"),
            date_fin: None,
            is_payer: true,
        }),
        GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
            propriete_id: 1,
            occupant_id: 2,
            type_occupation: TypeOccupation::Locataire,
            date_debut: date("2026-03-01"),
            date_fin: None,
            is_payer: true,
        }),
    ];
    for command in commands {
        ledger.execute("30", command, &meta("1")).await.unwrap();
    }
    let projector = Projector::new(store.db.clone(), read_models());
    projector.catch_up().await.unwrap();
    let before_tenant = occupancy::historique(&store.db, 30, Some(1), date("2026-02-01"))
        .await
        .unwrap();
    let payer = |rows: &[occupancy::OccupationRow]| {
        rows.iter()
            .find(|r| r.is_current_payer)
            .map(|r| r.occupant.nom.clone())
    };
    assert_eq!(payer(&before_tenant).as_deref(), Some("Leïla Haddad"));
    let today = occupancy::historique(&store.db, 30, Some(1), date("2026-11-22"))
        .await
        .unwrap();
    assert_eq!(payer(&today).as_deref(), Some("Tarek Mansour"));
    assert_eq!(today[0].occupant.nom, "Tarek Mansour", "newest first");
    assert!(today.iter().all(|r| r.is_current));
    projector.rebuild().await.unwrap();
    let rebuilt = occupancy::historique(&store.db, 30, Some(1), date("2026-11-22"))
        .await
        .unwrap();
    assert_eq!(today, rebuilt);
    assert_eq!(occupancy::occupants(&store.db, 30).await.unwrap().len(), 2);
}

async fn revenue_read_models_follow_dues_payments_and_corrections(store: &TestStore) {
    use daftar_domain::occupation::{Sexe, TypeOccupation};
    use daftar_domain::revenus::{MethodePaiement, Repartition, TypeCotisation};
    let ledger = Livre::new(store.db.clone(), ());
    let date = |t: &str| chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d").unwrap();
    let mut commands = vec![GrandLivreCommand::Exercice(
        ExerciceCommand::OuvrirExercice { annee: 2026 },
    )];
    for (index, nom) in ["A1", "A2"].into_iter().enumerate() {
        commands.push(GrandLivreCommand::Propriete(
            ProprieteCommand::EnregistrerPropriete {
                nom: nom.into(),
                type_propriete: TypePropriete::Appartement,
                surface: None,
                description: None,
            },
        ));
        commands.push(GrandLivreCommand::Occupation(
            OccupationCommand::CreerOccupant {
                nom: format!("Occupant {nom}"),
                tel: None,
                email: None,
                sexe: Sexe::Femme,
            },
        ));
        commands.push(GrandLivreCommand::Occupation(
            OccupationCommand::AjouterOccupation {
                propriete_id: index as i64 + 1,
                occupant_id: index as i64 + 1,
                type_occupation: TypeOccupation::Proprietaire,
                date_debut: date("2020-01-01"),
                date_fin: None,
                is_payer: true,
            },
        ));
    }
    commands.push(GrandLivreCommand::Revenus(
        RevenusCommand::LancerCotisation(DemandeCotisation {
            titre: "Charges 2026".into(),
            type_cotisation: TypeCotisation::Trimestrielle,
            repartition: Repartition::Egale,
            date_debut: date("2026-01-01"),
            date_fin: date("2026-12-31"),
            date_echeance: date("2026-01-10"),
            montant: Some(Montant::dinars(90)),
            personnalisation: Vec::new(),
        }),
    ));
    let encaisser = |montant_du_id, montant| {
        GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
            montant_du_id,
            paiement: Paiement {
                montant: Montant::dinars(montant),
                date_paiement: date("2026-02-01"),
                methode: MethodePaiement::Cheque,
                reference: Some("CHQ 42".into()),
            },
            aujourd_hui: date("2026-11-22"),
        })
    };
    commands.push(encaisser(1, 90));
    commands.push(encaisser(2, 40));
    commands.push(encaisser(3, 10));
    commands.push(GrandLivreCommand::Revenus(
        RevenusCommand::ModifierEncaissement {
            encaissement_id: 2,
            paiement: Paiement {
                montant: Montant::dinars(60),
                date_paiement: date("2026-02-02"),
                methode: MethodePaiement::Virement,
                reference: None,
            },
            aujourd_hui: date("2026-11-22"),
        },
    ));
    commands.push(GrandLivreCommand::Revenus(
        RevenusCommand::AnnulerEncaissement { encaissement_id: 3 },
    ));
    for command in commands {
        ledger.execute("40", command, &meta("1")).await.unwrap();
    }
    let projector = Projector::new(store.db.clone(), read_models());
    projector.catch_up().await.unwrap();

    let cotisations = revenus::cotisations(&store.db, 40).await.unwrap();
    assert_eq!(cotisations.len(), 1);
    // 8 dues of 90 DT = 720 DT; paid 90 + 60 = 150 DT.
    assert_eq!(cotisations[0].restant_du, Montant::dinars(570));
    let a2 = revenus::restants_dus(&store.db, 40, Some(2)).await.unwrap();
    assert_eq!(a2.len(), 4);
    assert_eq!(
        a2[0].restant_du(),
        Montant::dinars(30),
        "A2's first call: 90 - 60"
    );
    let paid_a1 = revenus::encaissements_de_propriete(&store.db, 40, 1)
        .await
        .unwrap();
    assert_eq!(
        paid_a1.len(),
        1,
        "the cancelled payment is gone from the history"
    );
    assert_eq!(paid_a1[0].numero_recu, "2026-000001");

    projector.rebuild().await.unwrap();
    assert_eq!(
        cotisations,
        revenus::cotisations(&store.db, 40).await.unwrap()
    );
    assert_eq!(
        a2,
        revenus::restants_dus(&store.db, 40, Some(2)).await.unwrap()
    );
}

/// What the revenue read models show for residences 41 and 42.
async fn revenue_rows(
    store: &TestStore,
) -> Vec<(
    Vec<revenus::CotisationRow>,
    Vec<revenus::MontantDuDetail>,
    Vec<revenus::MontantDuDetail>,
    Vec<revenus::EncaissementRow>,
    Vec<revenus::EncaissementRow>,
)> {
    let mut rows = Vec::new();
    for residence in [41, 42] {
        rows.push((
            revenus::cotisations(&store.db, residence).await.unwrap(),
            revenus::montants_dus(
                &store.db,
                residence,
                revenus::MontantsDus::Propriete(1),
                false,
            )
            .await
            .unwrap(),
            revenus::montants_dus(
                &store.db,
                residence,
                revenus::MontantsDus::Propriete(2),
                false,
            )
            .await
            .unwrap(),
            revenus::encaissements_de_propriete(&store.db, residence, 1)
                .await
                .unwrap(),
            revenus::encaissements_de_propriete(&store.db, residence, 2)
                .await
                .unwrap(),
        ));
    }
    rows
}

async fn collections_projected_in_one_batch_give_the_rows_projected_one_by_one(store: &TestStore) {
    use daftar_domain::occupation::{Sexe, TypeOccupation};
    use daftar_domain::revenus::{MethodePaiement, Repartition, TypeCotisation};
    let ledger = Livre::new(store.db.clone(), ());
    let projector = Projector::new(store.db.clone(), read_models());
    let date = |t: &str| chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d").unwrap();
    let encaisser = |montant_du_id, montant| {
        GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
            montant_du_id,
            paiement: Paiement {
                montant: Montant::dinars(montant),
                date_paiement: date("2026-03-01"),
                methode: MethodePaiement::Cheque,
                reference: Some("CHQ 7".into()),
            },
            aujourd_hui: date("2026-11-22"),
        })
    };
    let mut commands: Vec<(&str, GrandLivreCommand)> = Vec::new();
    for residence in ["41", "42"] {
        commands.push((residence, ouvrir(2026)));
        for (index, nom) in ["A1", "A2"].into_iter().enumerate() {
            let id = index as i64 + 1;
            commands.push((
                residence,
                GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
                    nom: nom.into(),
                    type_propriete: TypePropriete::Appartement,
                    surface: None,
                    description: None,
                }),
            ));
            commands.push((
                residence,
                GrandLivreCommand::Occupation(OccupationCommand::CreerOccupant {
                    nom: format!("Occupant {nom}"),
                    tel: None,
                    email: None,
                    sexe: Sexe::Homme,
                }),
            ));
            commands.push((
                residence,
                GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
                    propriete_id: id,
                    occupant_id: id,
                    type_occupation: TypeOccupation::Proprietaire,
                    date_debut: date("2020-01-01"),
                    date_fin: None,
                    is_payer: true,
                }),
            ));
        }
        // 12 monthly calls × 2 properties = dues 1..=24 (A1: odd ids, A2: even ids).
        commands.push((
            residence,
            GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
                titre: "Charges".into(),
                type_cotisation: TypeCotisation::Mensuelle,
                repartition: Repartition::Egale,
                date_debut: date("2026-01-01"),
                date_fin: date("2026-12-31"),
                date_echeance: date("2026-01-05"),
                montant: Some(Montant::dinars(30)),
                personnalisation: Vec::new(),
            })),
        ));
    }
    // A run mixing residences, several payments of one due, then a correction and a
    // cancellation in the middle of later runs.
    for (residence, command) in [
        ("41", encaisser(1, 10)),
        ("42", encaisser(1, 30)),
        ("41", encaisser(1, 15)),
        ("41", encaisser(2, 30)),
        ("42", encaisser(4, 12)),
        (
            "41",
            GrandLivreCommand::Revenus(RevenusCommand::ModifierEncaissement {
                encaissement_id: 1,
                paiement: Paiement {
                    montant: Montant::dinars(8),
                    date_paiement: date("2026-03-02"),
                    methode: MethodePaiement::Espece,
                    reference: None,
                },
                aujourd_hui: date("2026-11-22"),
            }),
        ),
        ("41", encaisser(1, 5)),
        ("41", encaisser(1, 2)),
        ("41", encaisser(3, 30)),
        (
            "41",
            GrandLivreCommand::Revenus(RevenusCommand::AnnulerEncaissement { encaissement_id: 3 }),
        ),
        ("41", encaisser(2, 20)),
        ("42", encaisser(4, 18)),
    ] {
        commands.push((residence, command));
    }

    // Given the events projected one at a time, as a quiet server does,
    for (residence, command) in commands {
        ledger
            .execute(residence, command, &meta("1"))
            .await
            .unwrap();
        projector.catch_up().await.unwrap();
    }
    let one_by_one = revenue_rows(store).await;
    // when the whole journal is projected again in one batch,
    projector.rebuild().await.unwrap();
    // then every revenue row is the same.
    assert_eq!(revenue_rows(store).await, one_by_one);
    let (_, a1, a2, paid_a1, _) = &one_by_one[0];
    assert_eq!(
        a1[0].paye,
        Montant::dinars(30),
        "10 corrected to 8, then 15, 5 and 2"
    );
    assert_eq!(paid_a1.len(), 5, "{paid_a1:?}");
    assert_eq!(a2[0].paye, Montant::dinars(20), "30 cancelled, then 20");
    let (_, _, b2, _, paid_b2) = &one_by_one[1];
    assert_eq!(b2[1].paye, Montant::dinars(30));
    assert_eq!(paid_b2.len(), 2);
}

on_both_stores!(
    commands_queued_together_keep_each_its_own_events_metadata_and_answer,
    a_read_on_one_server_sees_what_another_server_committed,
    a_refusal_is_never_decided_on_state_another_server_made_stale,
    revenue_read_models_follow_dues_payments_and_corrections,
    collections_projected_in_one_batch_give_the_rows_projected_one_by_one,
    the_occupancy_history_shows_who_pays_on_a_date,
    commands_append_numbered_events_with_their_metadata,
    a_refused_command_writes_nothing,
    warm_aggregates_equal_a_full_replay,
    two_servers_writing_one_stream_lose_nothing_and_apply_nothing_twice,
    audit_verify_finds_the_first_edited_event,
    audit_verify_finds_a_deleted_event,
    the_projector_misses_no_event_of_concurrent_writers,
    a_crash_between_commit_and_projection_is_repaired_on_restart,
    rebuild_gives_identical_read_models,
    a_stored_value_that_does_not_parse_is_a_decoding_error,
);
