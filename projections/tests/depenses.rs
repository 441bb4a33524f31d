//! The expenses read model (issue 13): the same events projected one at a time (each change to
//! a stored row a statement of its own) and in one batch (changes made in memory) give the same
//! rows, on both stores; and the queries say what the domain decided (what is paid and its
//! state, the supplier's and category's names, the files by record, a deleted record's files
//! gone with it).

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use chrono::NaiveDate;
use daftar_domain::banque::{BanqueCommand, FicheCompte, TypeCompte};
use daftar_domain::depenses::{
    Approbation, DepensesCommand, FicheDepense, FicheFournisseur, MethodePaiementDepense,
    NatureDepense, TypeFournisseur,
};
use daftar_domain::document::{NatureDocument, PieceJointe};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::paiement::Paiement;
use daftar_domain::Montant;
use daftar_projections::depenses::{self, DepensesView, EtatPaiement, PROPRIETAIRE_DEPENSE};
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector, ReadModel};
use sqlx::Row;
use support::TestStore;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn fournisseur(nom: &str) -> GrandLivreCommand {
    DepensesCommand::CreerFournisseur {
        fiche: FicheFournisseur {
            nom: nom.into(),
            tel: None,
            type_fournisseur: TypeFournisseur::Entreprise,
            email: None,
            adresse: None,
            ville: None,
            gouvernorat: None,
            activite: None,
            identifiant: None,
            commentaire: None,
        },
    }
    .into()
}

fn fiche(titre: &str, dinars: i64, day: &str, categorie_id: Option<i64>) -> FicheDepense {
    FicheDepense {
        titre: titre.into(),
        montant_total: Montant::dinars(dinars),
        date_facture: date(day),
        fournisseur_id: 1,
        categorie_id,
        commentaire: None,
        description: None,
        approbation: None,
    }
}

fn piece(nature: NatureDocument, titre: &str) -> PieceJointe {
    PieceJointe {
        nature,
        titre: titre.into(),
        content_type: "application/pdf".into(),
        taille: 1234,
        sha256: format!("{:064x}", titre.len()),
    }
}

fn payer(depense_id: i64, dinars: i64, methode: MethodePaiementDepense) -> GrandLivreCommand {
    DepensesCommand::Payer {
        depense_id,
        nature: NatureDepense::Charge,
        paiement: Paiement {
            montant: Montant::dinars(dinars),
            date_paiement: date("2026-03-10"),
            methode,
            reference: Some(format!("CHQ {depense_id}")),
        },
    }
    .into()
}

/// A residence's expenses: a main account, two suppliers, a category, three charges (one
/// corrected, one deleted), works approved with a quote, payments made, corrected and deleted,
/// files attached and one removed.
fn history() -> Vec<GrandLivreCommand> {
    use MethodePaiementDepense::{Cheque, Espece, Virement};
    use NatureDocument::{Devis, Facture};
    vec![
        ExerciceCommand::OuvrirExercice { annee: 2026 }.into(),
        BanqueCommand::CreerCompte {
            fiche: FicheCompte {
                libelle: "BIAT".into(),
                banque: "BIAT".into(),
                type_compte: TypeCompte::Courant,
                adresse_agence: None,
                rib: None,
                swift: None,
                iban: None,
                commentaire: None,
                is_main: true,
                solde_initial: Montant::dinars(5_000),
                date_solde_initial: date("2026-01-01"),
            },
        }
        .into(),
        fournisseur("STEG"),
        fournisseur("SONEDE"),
        DepensesCommand::CreerCategorie {
            titre: "Électricité".into(),
            description: None,
        }
        .into(),
        // 1: electricity, with its invoice (document 1).
        DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: fiche("STEG janvier", 120, "2026-01-31", Some(1)),
            documents: vec![piece(Facture, "steg-janvier.pdf")],
        }
        .into(),
        // 2: water, corrected later, documents 2 and 3.
        DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: fiche("SONEDE T1", 90, "2026-03-31", None),
            documents: vec![piece(Facture, "sonede.pdf"), piece(Devis, "devis.pdf")],
        }
        .into(),
        // 3: works, approved, with a quote (document 4).
        DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Travaux,
            fiche: FicheDepense {
                description: Some("Façade nord".into()),
                approbation: Some(Approbation {
                    approuve: true,
                    par: None,
                }),
                ..fiche("Ravalement", 9_000, "2026-02-15", None)
            },
            documents: vec![piece(Devis, "devis-facade.pdf")],
        }
        .into(),
        // 4: a charge recorded by mistake, with a file (document 5), then deleted.
        DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: fiche("Erreur", 10, "2026-02-01", None),
            documents: vec![piece(Facture, "erreur.pdf")],
        }
        .into(),
        DepensesCommand::SupprimerDepense {
            depense_id: 4,
            nature: NatureDepense::Charge,
        }
        .into(),
        DepensesCommand::ModifierDepense {
            depense_id: 2,
            nature: NatureDepense::Charge,
            fiche: FicheDepense {
                commentaire: Some("Trimestre 1".into()),
                ..fiche("SONEDE T1 2026", 95, "2026-03-31", Some(1))
            },
            documents: vec![piece(Facture, "sonede-rectif.pdf")],
        }
        .into(),
        DepensesCommand::RetirerDocument {
            document_id: 3,
            nature: Devis,
        }
        .into(),
        // Payments: 1 in full by cheque then corrected to a transfer; 2 partly in cash, a
        // second payment deleted; works partly.
        payer(1, 120, Cheque),
        payer(2, 40, Espece),
        payer(2, 10, Cheque),
        DepensesCommand::ModifierPaiement {
            paiement_id: 1,
            nature: NatureDepense::Charge,
            paiement: Paiement {
                montant: Montant::dinars(120),
                date_paiement: date("2026-03-12"),
                methode: Virement,
                reference: Some("VIR 1".into()),
            },
        }
        .into(),
        DepensesCommand::SupprimerPaiement {
            paiement_id: 3,
            nature: NatureDepense::Charge,
        }
        .into(),
        DepensesCommand::Payer {
            depense_id: 3,
            nature: NatureDepense::Travaux,
            paiement: Paiement {
                montant: Montant::dinars(3_000),
                date_paiement: date("2026-03-01"),
                methode: Cheque,
                reference: Some("CHQ 77".into()),
            },
        }
        .into(),
    ]
}

/// (id, titre, payé, restant dû, état, catégorie, fournisseur) of a listed record.
type Ligne<'a> = (
    i64,
    &'a str,
    i64,
    i64,
    EtatPaiement,
    Option<&'a str>,
    &'a str,
);

fn meta() -> CommandMetadata {
    CommandMetadata {
        acting_user: "1".into(),
        request_id: "depenses".into(),
    }
}

/// Every row of the expenses model's tables, in key order, as text.
async fn rows(db: &Database) -> Vec<(String, Vec<String>)> {
    let mut all = Vec::new();
    for table in DepensesView.tables() {
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

async fn depenses_projected_in_one_batch_give_the_rows_projected_one_by_one(store: &TestStore) {
    let ledger: Ledger<GrandLivre> = Ledger::new(store.db.clone(), ());
    let projector = Projector::new(store.db.clone(), read_models());
    // Two residences whose histories interleave.
    for command in &history() {
        for residence in ["51", "52"] {
            ledger
                .execute(residence, command.clone(), &meta())
                .await
                .unwrap_or_else(|e| panic!("{command:?}: {e}"));
            projector.catch_up().await.unwrap();
        }
    }
    let one_by_one = rows(&store.db).await;
    assert!(!one_by_one.is_empty());

    projector.rebuild().await.unwrap();
    assert_eq!(rows(&store.db).await, one_by_one);

    let residence = 51;
    let charges = depenses::depenses(&store.db, residence, NatureDepense::Charge)
        .await
        .unwrap();
    let lignes: Vec<Ligne<'_>> = charges
        .iter()
        .map(|c| {
            (
                c.id,
                c.titre.as_str(),
                c.montant_paye.millimes(),
                c.restant_du().millimes(),
                c.etat_paiement(),
                c.categorie.as_ref().map(|n| n.nom.as_str()),
                c.fournisseur.nom.as_str(),
            )
        })
        .collect();
    assert_eq!(
        lignes,
        [
            (
                2,
                "SONEDE T1 2026",
                40_000,
                55_000,
                EtatPaiement::Partiel,
                Some("Électricité"),
                "STEG"
            ),
            (
                1,
                "STEG janvier",
                120_000,
                0,
                EtatPaiement::Complet,
                Some("Électricité"),
                "STEG"
            ),
        ]
    );
    assert!(charges.iter().all(|c| c.has_paiements));

    let travaux = depenses::depenses(&store.db, residence, NatureDepense::Travaux)
        .await
        .unwrap();
    assert_eq!(travaux.len(), 1);
    assert_eq!(travaux[0].description.as_deref(), Some("Façade nord"));
    assert_eq!(travaux[0].approbation.map(|a| a.approuve), Some(true));
    assert_eq!(travaux[0].etat_paiement(), EtatPaiement::Partiel);
    assert!(depenses::depense(&store.db, residence, 4)
        .await
        .unwrap()
        .is_none());

    let paiement = depenses::paiement(&store.db, residence, 1)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(paiement.methode, MethodePaiementDepense::Virement);
    assert_eq!(paiement.reference.as_deref(), Some("VIR 1"));
    assert_eq!(paiement.compte_id, Some(1));
    let paiements: Vec<i64> = depenses::paiements(&store.db, residence, 2)
        .await
        .unwrap()
        .iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(paiements, [2]);
    let cash = depenses::paiement(&store.db, residence, 2)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(cash.compte_id, None);

    let documents: Vec<(i64, NatureDocument, String)> =
        depenses::documents_de(&store.db, residence, (PROPRIETAIRE_DEPENSE, 2))
            .await
            .unwrap()
            .into_iter()
            .map(|d| (d.id, d.nature, d.titre))
            .collect();
    assert_eq!(
        documents,
        [
            (2, NatureDocument::Facture, "sonede.pdf".to_owned()),
            (6, NatureDocument::Facture, "sonede-rectif.pdf".to_owned()),
        ]
    );
    // The deleted charge's file went with it; another residence's id is its own.
    assert!(depenses::document(&store.db, residence, 5)
        .await
        .unwrap()
        .is_none());
    let devis = depenses::document(&store.db, residence, 4)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (devis.proprietaire.as_str(), devis.proprietaire_id),
        (PROPRIETAIRE_DEPENSE, 3)
    );
    assert!(depenses::document(&store.db, 99, 4)
        .await
        .unwrap()
        .is_none());
}

on_both_stores!(depenses_projected_in_one_batch_give_the_rows_projected_one_by_one);
