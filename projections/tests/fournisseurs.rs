//! The categories and suppliers read model (issue 13): the same events projected one at a time
//! (each change to a stored row a statement of its own) and in one batch (changes made in
//! memory) give the same rows, on both stores; and the rows are what the domain decided after
//! creations, corrections and deletions, sorted by title or name with accents folded.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use chrono::NaiveDate;
use daftar_domain::depenses::{
    DepensesCommand, FicheDepense, FicheFournisseur, NatureDepense, TypeFournisseur,
};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::Montant;
use daftar_projections::fournisseurs::{self, FournisseursView, GouvernoratRow};
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector, ReadModel};
use sqlx::Row;
use support::TestStore;

fn fiche(nom: &str, tel: Option<&str>, gouvernorat: Option<i64>) -> FicheFournisseur {
    FicheFournisseur {
        nom: nom.into(),
        tel: tel.map(Into::into),
        type_fournisseur: TypeFournisseur::Entreprise,
        email: Some(format!(
            "contact@{}.tn",
            nom.to_lowercase().replace(' ', "")
        )),
        adresse: None,
        ville: Some("Tunis".into()),
        gouvernorat,
        activite: None,
        identifiant: None,
        commentaire: Some("Contrat annuel".into()),
    }
}

fn categorie(titre: &str, description: Option<&str>) -> GrandLivreCommand {
    DepensesCommand::CreerCategorie {
        titre: titre.into(),
        description: description.map(Into::into),
    }
    .into()
}

/// Categories 1..=5 and suppliers 1..=4, each kind of change among them: a category renamed,
/// one deleted, one created then deleted; a supplier corrected twice, one deleted; a charge of
/// the plumber's in Électricité (both then used).
fn history() -> Vec<GrandLivreCommand> {
    vec![
        ExerciceCommand::OuvrirExercice { annee: 2026 }.into(),
        categorie("Nettoyage", Some("Parties communes")),
        categorie("Électricité", None),
        categorie("Eau", None),
        DepensesCommand::CreerFournisseur {
            fiche: fiche("STEG", Some("71341311"), Some(23)),
        }
        .into(),
        DepensesCommand::CreerFournisseur {
            fiche: fiche("SONEDE", None, None),
        }
        .into(),
        DepensesCommand::ModifierCategorie {
            categorie_id: 1,
            titre: "Entretien".into(),
            description: None,
        }
        .into(),
        DepensesCommand::CreerFournisseur {
            fiche: FicheFournisseur {
                type_fournisseur: TypeFournisseur::Particulier,
                ..fiche("Plomberie Ben Salah", Some("98 123 456"), Some(1))
            },
        }
        .into(),
        DepensesCommand::SupprimerCategorie { categorie_id: 3 }.into(),
        DepensesCommand::ModifierFournisseur {
            fournisseur_id: 1,
            fiche: fiche("STEG Tunis", Some("71341311"), Some(23)),
        }
        .into(),
        DepensesCommand::ModifierFournisseur {
            fournisseur_id: 1,
            fiche: fiche("Société tunisienne de l'électricité", None, Some(17)),
        }
        .into(),
        DepensesCommand::SupprimerFournisseur { fournisseur_id: 2 }.into(),
        categorie("Ascenseur", None),
        categorie("Temporaire", None),
        DepensesCommand::SupprimerCategorie { categorie_id: 5 }.into(),
        DepensesCommand::CreerFournisseur {
            fiche: fiche("Ascenseurs Kone", Some("71000000"), None),
        }
        .into(),
        DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: FicheDepense {
                titre: "Réparation du tableau électrique".into(),
                montant_total: Montant::from_millimes(180_500),
                date_facture: NaiveDate::from_ymd_opt(2026, 3, 12).unwrap(),
                fournisseur_id: 3,
                categorie_id: Some(2),
                commentaire: None,
                description: None,
                approbation: None,
            },
            documents: Vec::new(),
        }
        .into(),
    ]
}

fn meta() -> CommandMetadata {
    CommandMetadata {
        acting_user: "1".into(),
        request_id: "fournisseurs".into(),
    }
}

/// Every row of the model's tables, in key order, as text.
async fn rows(db: &Database) -> Vec<(String, Vec<String>)> {
    let mut all = Vec::new();
    for table in FournisseursView.tables() {
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

async fn categories_and_suppliers_projected_in_one_batch_give_the_rows_projected_one_by_one(
    store: &TestStore,
) {
    let ledger: Ledger<GrandLivre> = Ledger::new(store.db.clone(), ());
    let projector = Projector::new(store.db.clone(), read_models());
    // Two residences whose histories interleave.
    for command in history() {
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
    assert_eq!(one_by_one.len(), 2 * (3 + 3));

    let residence: i64 = 41;
    let categories: Vec<(i64, String, Option<String>, bool)> =
        fournisseurs::categories(&store.db, residence)
            .await
            .unwrap()
            .into_iter()
            .map(|c| (c.id, c.titre, c.description, c.utilisee))
            .collect();
    assert_eq!(
        categories,
        [
            (4, "Ascenseur".to_owned(), None, false),
            (2, "Électricité".to_owned(), None, true),
            (1, "Entretien".to_owned(), None, false),
        ]
    );
    let suppliers = fournisseurs::fournisseurs(&store.db, residence)
        .await
        .unwrap();
    let noms: Vec<(i64, &str)> = suppliers.iter().map(|f| (f.id, f.nom.as_str())).collect();
    assert_eq!(
        noms,
        [
            (4, "Ascenseurs Kone"),
            (3, "Plomberie Ben Salah"),
            (1, "Société tunisienne de l'électricité"),
        ]
    );
    let plombier = &suppliers[1];
    assert_eq!(plombier.tel.as_deref(), Some("98123456"));
    assert_eq!(plombier.type_fournisseur, TypeFournisseur::Particulier);
    assert!(plombier.utilise);
    assert_eq!(
        plombier.gouvernorat,
        Some(GouvernoratRow {
            id: 1,
            nom: "Ariana".into()
        })
    );
    let steg = fournisseurs::fournisseur(&store.db, residence, 1)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(steg.tel, None);
    assert_eq!(steg.gouvernorat.map(|g| g.nom), Some("Sfax".to_owned()));
    assert_eq!(steg.commentaire.as_deref(), Some("Contrat annuel"));
    assert!(!steg.utilise);
    assert_eq!(
        fournisseurs::fournisseur(&store.db, residence, 2)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        fournisseurs::categorie(&store.db, residence, 3)
            .await
            .unwrap(),
        None
    );
    let entretien = fournisseurs::categorie(&store.db, residence, 1)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(entretien.titre, "Entretien");
    // Another residence's records are its own.
    assert!(fournisseurs::categories(&store.db, 43)
        .await
        .unwrap()
        .is_empty());
}

on_both_stores!(categories_and_suppliers_projected_in_one_batch_give_the_rows_projected_one_by_one);
