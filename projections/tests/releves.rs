//! The statements' read model (issue 22): the same events projected one at a time and replayed
//! in one batch give the same rows, on both stores; and the rows say what the domain decided
//! (the new lines, the remembered mapping, which line each movement was pointed with, a line
//! undone and a pointing by hand unlinking).

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use chrono::NaiveDate;
use daftar_domain::banque::releves::{
    FicheReleve, FormatDate, FormatReleve, LigneReleve, LigneReleveRef, MappingReleve,
    RapprochementLigne, SeparateurDecimal,
};
use daftar_domain::banque::{
    BanqueCommand, FicheCompte, FicheOperation, Mouvement, TableMouvement, TypeCompte,
    TypeOperation,
};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::Montant;
use daftar_projections::releves::{self, RelevesView};
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector, ReadModel};
use sqlx::Row;
use support::TestStore;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn frais(millimes: i64, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerOperation {
        compte_id: 1,
        fiche: FicheOperation {
            type_operation: TypeOperation::Frais,
            libelle: "Frais".into(),
            montant: Montant::from_millimes(millimes),
            date: date(jour),
            date_banque: None,
            commentaire: None,
        },
    })
}

fn operation(id: i64) -> Mouvement {
    Mouvement {
        table: TableMouvement::Operation,
        id,
    }
}

fn ligne(numero: u32, jour: &str, millimes: i64) -> LigneReleve {
    LigneReleve {
        numero,
        date: date(jour),
        libelle: format!("LIGNE {numero}"),
        montant: Montant::from_millimes(millimes),
        reference: None,
    }
}

fn ref_ligne(numero: u32) -> LigneReleveRef {
    LigneReleveRef {
        releve_id: 1,
        numero,
    }
}

/// Account 1 at BIAT; fees 1 (9 DT, 10 April) and 2 (3 DT, 20 April); April's CSV statement
/// (its lines 2 and 3 in the file) imported with line 2 pointed with fee 1; line 3 pointed
/// with fee 2 by the treasurer; line 2 undone; then fee 1 pointed by hand.
fn history() -> Vec<GrandLivreCommand> {
    vec![
        ExerciceCommand::OuvrirExercice { annee: 2026 }.into(),
        GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
            fiche: FicheCompte {
                libelle: "Courant".into(),
                banque: " BIAT ".into(),
                type_compte: TypeCompte::Courant,
                adresse_agence: None,
                rib: None,
                swift: None,
                iban: None,
                commentaire: None,
                is_main: true,
                solde_initial: Montant::ZERO,
                date_solde_initial: date("2026-01-01"),
            },
        }),
        frais(9_000, "2026-04-10"),
        frais(3_000, "2026-04-20"),
        GrandLivreCommand::Banque(BanqueCommand::ImporterReleve {
            compte_id: 1,
            fiche: FicheReleve {
                format: FormatReleve::Csv,
                sha256: "abc".into(),
                nom_fichier: Some("avril.csv".into()),
                du: date("2026-04-01"),
                au: date("2026-04-30"),
                importe_le: date("2026-05-02"),
                solde_ouverture: None,
                solde_cloture: Some(Montant::from_millimes(-12_000)),
                mapping: Some(MappingReleve {
                    ligne_entete: 1,
                    date: "Date".into(),
                    libelle: "Libellé".into(),
                    montant: Some("Montant".into()),
                    debit: None,
                    credit: None,
                    reference: None,
                    format_date: FormatDate::JjMmAaaaBarre,
                    separateur_decimal: SeparateurDecimal::Virgule,
                }),
                banque: None,
                lignes: vec![
                    ligne(2, "2026-04-11", -9_000),
                    ligne(3, "2026-04-21", -3_000),
                ],
            },
            rapprochements: vec![RapprochementLigne {
                numero: 2,
                mouvements: vec![operation(1)],
            }],
        }),
        GrandLivreCommand::Banque(BanqueCommand::RapprocherLigne {
            ligne: ref_ligne(3),
            mouvements: vec![operation(2)],
        }),
        GrandLivreCommand::Banque(BanqueCommand::DefaireLigne {
            ligne: ref_ligne(2),
        }),
        GrandLivreCommand::Banque(BanqueCommand::Pointer {
            mouvement: operation(1),
            date_banque: Some(date("2026-04-12")),
        }),
    ]
}

fn meta() -> CommandMetadata {
    CommandMetadata {
        acting_user: "1".into(),
        request_id: "releves".into(),
    }
}

/// Every row of the model's tables, in key order, as text.
async fn rows(db: &Database) -> Vec<(String, Vec<String>)> {
    let mut all = Vec::new();
    for table in RelevesView.tables() {
        let rows = sqlx::query(&format!("SELECT * FROM {table} ORDER BY 1, 2, 3"))
            .fetch_all(&db.pool)
            .await
            .unwrap();
        for row in &rows {
            let values = (0..row.len())
                .map(|column| match row.try_get::<Option<i64>, _>(column) {
                    Ok(number) => format!("{number:?}"),
                    Err(_) => format!("{:?}", row.try_get::<Option<String>, _>(column).unwrap()),
                })
                .collect();
            all.push(((*table).to_owned(), values));
        }
    }
    all
}

async fn statements_projected_one_by_one_and_replayed_give_the_same_rows(store: &TestStore) {
    let ledger: Ledger<GrandLivre> = Ledger::new(store.db.clone(), ());
    let projector = Projector::new(store.db.clone(), read_models());
    for command in history() {
        for residence in ["51", "52"] {
            ledger
                .execute(residence, command.clone(), &meta())
                .await
                .unwrap_or_else(|e| panic!("{command:?}: {e}"));
            projector.catch_up().await.unwrap();
        }
    }
    let one_by_one = rows(&store.db).await;

    projector.rebuild().await.unwrap();

    assert_eq!(rows(&store.db).await, one_by_one);
    let residence = 51;
    let liste = releves::releves_du_compte(&store.db, residence, 1)
        .await
        .unwrap();
    assert_eq!(liste.len(), 1);
    assert_eq!(
        liste[0].solde_cloture,
        Some(Montant::from_millimes(-12_000))
    );
    let lignes = releves::lignes(&store.db, residence, 1).await.unwrap();
    assert_eq!(lignes.iter().map(|l| l.numero).collect::<Vec<_>>(), [2, 3]);
    // Line 2 undone and its fee pointed by hand: no link; line 3 keeps fee 2.
    let liens = releves::liens(&store.db, residence, 1).await.unwrap();
    assert_eq!(
        liens.into_iter().collect::<Vec<_>>(),
        [(3, vec![operation(2)])]
    );
    let mapping = releves::mapping(&store.db, residence, "biat")
        .await
        .unwrap();
    assert_eq!(mapping.map(|m| m.libelle), Some("Libellé".to_owned()));
}

on_both_stores!(statements_projected_one_by_one_and_replayed_give_the_same_rows);
