//! The bank read model (issue 12): the same events projected one at a time (each change to a
//! stored row a statement of its own) and in one batch (changes made in memory) give the same
//! rows, on both stores; and the rows say what the domain decided (the main account, the
//! pointing a correction clears, the cheques a deleted deposit releases).

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use chrono::NaiveDate;
use daftar_domain::banque::{
    BanqueCommand, DemandeTransfert, FicheCompte, FicheOperation, Mouvement, TableMouvement,
    TypeCompte, TypeOperation,
};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::occupation::{OccupationCommand, Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::{ProprieteCommand, TypePropriete};
use daftar_domain::revenus::{
    DemandeCotisation, MethodePaiement, Repartition, RevenusCommand, TypeCotisation,
};
use daftar_domain::Montant;
use daftar_projections::banque::{self, BanqueView};
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector, ReadModel};
use sqlx::Row;
use support::TestStore;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn compte(libelle: &str, is_main: bool, solde_initial: i64) -> FicheCompte {
    FicheCompte {
        libelle: libelle.into(),
        banque: "BIAT".into(),
        type_compte: TypeCompte::Courant,
        adresse_agence: None,
        rib: None,
        swift: None,
        iban: None,
        commentaire: None,
        is_main,
        solde_initial: Montant::dinars(solde_initial),
        date_solde_initial: date("2026-01-01"),
    }
}

fn fiche(
    type_operation: TypeOperation,
    millimes: i64,
    day: &str,
    banque: Option<&str>,
) -> FicheOperation {
    FicheOperation {
        type_operation,
        libelle: format!("{type_operation:?}"),
        montant: Montant::from_millimes(millimes),
        date: date(day),
        date_banque: banque.map(date),
        commentaire: None,
    }
}

fn encaisser(montant_du_id: i64, methode: MethodePaiement, day: &str) -> GrandLivreCommand {
    RevenusCommand::EncaisserMontantDu {
        montant_du_id,
        paiement: Paiement {
            montant: Montant::dinars(30),
            date_paiement: date(day),
            methode,
            reference: Some(format!("REF {montant_du_id}")),
        },
        aujourd_hui: date("2026-11-22"),
    }
    .into()
}

fn corriger(encaissement_id: i64, methode: MethodePaiement) -> GrandLivreCommand {
    RevenusCommand::ModifierEncaissement {
        encaissement_id,
        paiement: Paiement {
            montant: Montant::dinars(30),
            date_paiement: date("2026-03-04"),
            methode,
            reference: None,
        },
        aujourd_hui: date("2026-11-22"),
    }
    .into()
}

fn pointer(table: TableMouvement, id: i64, day: Option<&str>) -> GrandLivreCommand {
    BanqueCommand::Pointer {
        mouvement: Mouvement { table, id },
        date_banque: day.map(date),
    }
    .into()
}

fn transfert(source: i64, destination: i64, dinars: i64, day: &str) -> DemandeTransfert {
    DemandeTransfert {
        source,
        destination,
        montant: Montant::dinars(dinars),
        date: date(day),
        reference: Some("TRF".into()),
        commentaire: None,
    }
}

/// A residence's books: two properties and their payers, twelve monthly calls of 30 DT (dues
/// 1..=24), then every bank fact, each kind of change to a movement among them.
fn history() -> Vec<GrandLivreCommand> {
    use MethodePaiement::{Cheque, Espece, Versement, Virement};
    use TableMouvement as T;
    let mut commands: Vec<GrandLivreCommand> =
        vec![ExerciceCommand::OuvrirExercice { annee: 2026 }.into()];
    for (index, nom) in ["A1", "A2"].into_iter().enumerate() {
        let id = index as i64 + 1;
        commands.push(
            ProprieteCommand::EnregistrerPropriete {
                nom: nom.into(),
                type_propriete: TypePropriete::Appartement,
                surface: None,
                description: None,
            }
            .into(),
        );
        commands.push(
            OccupationCommand::CreerOccupant {
                nom: format!("Occupant {nom}"),
                tel: None,
                email: None,
                sexe: Sexe::Femme,
            }
            .into(),
        );
        commands.push(
            OccupationCommand::AjouterOccupation {
                propriete_id: id,
                occupant_id: id,
                type_occupation: TypeOccupation::Proprietaire,
                date_debut: date("2020-01-01"),
                date_fin: None,
                is_payer: true,
            }
            .into(),
        );
    }
    commands.push(
        RevenusCommand::LancerCotisation(DemandeCotisation {
            titre: "Charges".into(),
            type_cotisation: TypeCotisation::Mensuelle,
            repartition: Repartition::Egale,
            date_debut: date("2026-01-01"),
            date_fin: date("2026-12-31"),
            date_echeance: date("2026-01-05"),
            montant: Some(Montant::dinars(30)),
            personnalisation: Vec::new(),
        })
        .into(),
    );
    let banque: Vec<GrandLivreCommand> = vec![
        // A transfer before any account: on no account.
        encaisser(24, Virement, "2026-02-01"),
        BanqueCommand::CreerCompte {
            fiche: compte("Courant", false, 1_000),
        }
        .into(),
        BanqueCommand::CreerCompte {
            fiche: compte("Épargne", false, 0),
        }
        .into(),
        BanqueCommand::CreerCompte {
            fiche: compte("Provisoire", false, 0),
        }
        .into(),
        // Cheques 2, 3, 4; a transfer (5) and a bank deposit (6) on the main account.
        encaisser(1, Cheque, "2026-03-01"),
        encaisser(2, Cheque, "2026-03-02"),
        encaisser(3, Cheque, "2026-03-03"),
        encaisser(4, Virement, "2026-03-03"),
        encaisser(5, Versement, "2026-03-04"),
        // Épargne becomes main; a later transfer lands on it (7); cash (8) is not the bank's.
        BanqueCommand::ModifierCompte {
            compte_id: 2,
            fiche: compte("Épargne", true, 250),
        }
        .into(),
        encaisser(6, Virement, "2026-03-05"),
        encaisser(7, Espece, "2026-03-05"),
        BanqueCommand::SupprimerCompte { compte_id: 3 }.into(),
        BanqueCommand::CreerOperation {
            compte_id: 1,
            fiche: fiche(
                TypeOperation::Frais,
                8_500,
                "2026-03-31",
                Some("2026-04-01"),
            ),
        }
        .into(),
        BanqueCommand::CreerOperation {
            compte_id: 1,
            fiche: fiche(TypeOperation::Depot, 350_000, "2026-04-10", None),
        }
        .into(),
        BanqueCommand::CreerOperation {
            compte_id: 2,
            fiche: fiche(
                TypeOperation::Interets,
                12_125,
                "2026-06-30",
                Some("2026-06-30"),
            ),
        }
        .into(),
        // The fee's form clears its pointing; the deposit goes.
        BanqueCommand::ModifierOperation {
            operation_id: 1,
            fiche: fiche(TypeOperation::Frais, 9_000, "2026-03-31", None),
        }
        .into(),
        BanqueCommand::SupprimerOperation { operation_id: 2 }.into(),
        BanqueCommand::CreerTransfert(transfert(1, 2, 200, "2026-04-15")).into(),
        BanqueCommand::CreerTransfert(transfert(2, 1, 50, "2026-04-20")).into(),
        pointer(T::TransfertSortie, 1, Some("2026-04-16")),
        pointer(T::TransfertEntree, 1, Some("2026-04-17")),
        pointer(T::TransfertEntree, 2, Some("2026-04-21")),
        // A modified transfer is pointed again on both sides (then its entry is); one goes.
        BanqueCommand::ModifierTransfert {
            transfert_id: 1,
            demande: transfert(1, 2, 220, "2026-04-15"),
        }
        .into(),
        pointer(T::TransfertEntree, 1, Some("2026-04-18")),
        BanqueCommand::SupprimerTransfert { transfert_id: 2 }.into(),
        BanqueCommand::CreerRemise {
            compte_id: 1,
            cheques: vec![2, 3],
            date: date("2026-03-10"),
            reference: Some("REM 1".into()),
            commentaire: None,
        }
        .into(),
        pointer(T::Remise, 1, Some("2026-03-12")),
        pointer(T::Encaissement, 5, Some("2026-03-05")),
        pointer(T::Encaissement, 6, Some("2026-03-06")),
        // A pending cheque becomes a transfer (onto the main account, now Épargne), pointed,
        // then corrected again: pointed no more.
        corriger(4, Virement),
        pointer(T::Encaissement, 4, Some("2026-03-06")),
        corriger(4, Virement),
        // A pointed bank deposit is cancelled; a transfer becomes a cheque, then cash.
        RevenusCommand::AnnulerEncaissement { encaissement_id: 6 }.into(),
        corriger(5, Cheque),
        corriger(5, Espece),
        // The deposit goes: its cheques are pending again; another takes one of them.
        BanqueCommand::SupprimerRemise { remise_id: 1 }.into(),
        BanqueCommand::CreerRemise {
            compte_id: 2,
            cheques: vec![3],
            date: date("2026-03-20"),
            reference: None,
            commentaire: Some("guichet".into()),
        }
        .into(),
    ];
    commands.extend(banque);
    commands
}

fn meta() -> CommandMetadata {
    CommandMetadata {
        acting_user: "1".into(),
        request_id: "banque".into(),
    }
}

/// Every row of the bank model's tables, in key order, as text.
async fn rows(db: &Database) -> Vec<(String, Vec<String>)> {
    let mut all = Vec::new();
    for table in BanqueView.tables() {
        let rows = sqlx::query(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
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

async fn bank_facts_projected_in_one_batch_give_the_rows_projected_one_by_one(store: &TestStore) {
    let ledger: Ledger<GrandLivre> = Ledger::new(store.db.clone(), ());
    let projector = Projector::new(store.db.clone(), read_models());
    // Two residences whose histories interleave.
    let history = history();
    for command in &history {
        for residence in ["41", "42"] {
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
    let residence: i64 = 41;
    let comptes = banque::comptes(&store.db, residence, date("2026-12-31"))
        .await
        .unwrap();
    let soldes: Vec<(&str, bool, i64)> = comptes
        .iter()
        .map(|c| (c.libelle.as_str(), c.is_main, c.solde.millimes()))
        .collect();
    // Courant: 1 000 − 9 (the fee) − 220 (the transfer); Épargne: 250 + 30 (collection 7)
    // + 30 (collection 4, corrected into a transfer) + 12.125 + 220 + 30 (deposit 2).
    assert_eq!(
        soldes,
        [("Épargne", true, 572_125), ("Courant", false, 771_000)]
    );
    let pending: Vec<i64> = banque::cheques_en_attente(&store.db, residence)
        .await
        .unwrap()
        .iter()
        .map(|c| c.encaissement_id)
        .collect();
    assert_eq!(pending, [2]);
    let remises = banque::remises(&store.db, residence, None).await.unwrap();
    assert_eq!(remises.len(), 1);
    assert_eq!(remises[0].cheques[0].encaissement_id, 3);
    let pointes: Vec<(TableMouvement, i64, Option<NaiveDate>)> = banque::mouvements_du_compte(
        &store.db,
        residence,
        2,
        (date("2026-01-01"), date("2026-12-31")),
    )
    .await
    .unwrap()
    .into_iter()
    .map(|m| (m.table, m.id, m.date_banque))
    .collect();
    assert_eq!(
        pointes,
        [
            (TableMouvement::Encaissement, 4, None),
            (TableMouvement::Encaissement, 7, None),
            (TableMouvement::Remise, 2, None),
            (TableMouvement::TransfertEntree, 1, Some(date("2026-04-18"))),
            (TableMouvement::Operation, 3, Some(date("2026-06-30"))),
        ]
    );
}

on_both_stores!(bank_facts_projected_in_one_batch_give_the_rows_projected_one_by_one);
