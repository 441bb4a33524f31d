//! The residence builder the tests and the demo seed with: a built residence has what was
//! asked, and building it again changes nothing.

use chrono::NaiveDate;
use daftar_api::identity;
use daftar_api::residence_builder::{CotisationSpec, OccupationSpec, ResidenceBuilder, Role};
use daftar_domain::exercice::StatutExercice;
use daftar_domain::occupation::Sexe;
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use daftar_projections::Database;

use crate::support::{count_events, ledger_state, run, user_with_tel, Store, World, PASSWORD};

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn les_oliviers(db: &Database) -> ResidenceBuilder {
    let paye = |du: &daftar_api::residence_builder::Du<'_>| {
        (du.propriete == "A1").then(|| Paiement {
            montant: Montant::dinars(60),
            date_paiement: date("2026-02-10"),
            methode: MethodePaiement::Cheque,
            reference: Some("CHQ 1".to_owned()),
        })
    };
    let en_double = |du: &daftar_api::residence_builder::Du<'_>| {
        du.restant_du.is_positive().then(|| Paiement {
            montant: Montant::dinars(5),
            date_paiement: date("2026-02-11"),
            methode: MethodePaiement::Espece,
            reference: None,
        })
    };
    ResidenceBuilder::new(db, "Résidence Les Oliviers", "Sfax")
        .password(PASSWORD)
        .aujourd_hui(date("2026-03-01"))
        .user("21000001", "Amira Trabelsi", Role::Tresorier)
        .user_a_finaliser("21000002", "Omar Sassi", Role::Coproprietaire)
        .exercice_cloture(2025)
        .exercice(2026)
        .propriete("A1")
        .propriete(("P1", TypePropriete::Parking))
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, date("2019-02-01"))
                .tel("20000004")
                .fin(date("2025-12-31")),
        )
        .occupation(OccupationSpec::locataire(
            "A1",
            "Bilel Hammami",
            Sexe::Homme,
            date("2026-01-01"),
        ))
        .repartition([("A1", Montant::dinars(60)), ("P1", Montant::dinars(15))])
        .cotisation(
            CotisationSpec::new(
                "Ascenseur",
                TypeCotisation::Exceptionnelle,
                date("2026-02-01"),
                date("2026-02-28"),
                date("2026-02-05"),
            )
            .encaissements(paye)
            .encaissement_annule(en_double),
        )
}

#[tokio::test]
async fn a_built_residence_has_what_was_asked_and_building_it_again_changes_nothing() {
    run(Store::Sqlite, |world: World| async move {
        let db = world.db().await;
        let built = les_oliviers(&db).build().await.unwrap();
        assert!(built.created);

        // Users and their roles; the owner's phone number gave her a sign-in without password.
        let amira = user_with_tel(&db, "21000001").await.unwrap();
        assert_eq!(amira.residence_id, built.residence_id);
        assert!(amira.is_syndic && amira.is_finance && !amira.is_president);
        assert!(amira.is_registration_finalized && amira.password_hash.is_some());
        let omar = user_with_tel(&db, "21000002").await.unwrap();
        assert!(!omar.is_syndic && !omar.is_registration_finalized);
        let leila = user_with_tel(&db, "20000004").await.unwrap();
        assert!(leila.password_hash.is_none());
        assert_eq!(built.users["21000001"], amira.id);
        assert_eq!(built.users["20000004"], leila.id);
        let residence = identity::find_residence(&db, built.residence_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (residence.nom.as_str(), residence.ville.as_str()),
            ("Résidence Les Oliviers", "Sfax")
        );

        // The books.
        let livre = ledger_state(&db, built.residence_id).await;
        assert_eq!(
            livre.exercices.annees().collect::<Vec<_>>(),
            [
                (2025, StatutExercice::Cloture),
                (2026, StatutExercice::Ouvert)
            ]
        );
        assert_eq!(built.proprietes["A1"], 1);
        assert_eq!(built.proprietes["P1"], 2);
        assert_eq!(
            livre.proprietes.get(2).unwrap().type_propriete,
            TypePropriete::Parking
        );
        let (owner, tenant) = (
            built.occupants["Leïla Haddad"],
            built.occupants["Bilel Hammami"],
        );
        assert_eq!(livre.occupancy.payeur(1, date("2025-12-31")), Some(owner));
        assert_eq!(livre.occupancy.payeur(1, date("2026-01-01")), Some(tenant));
        assert_eq!(livre.occupancy.payeur(2, date("2026-01-01")), None);

        let ascenseur = built.cotisations["Ascenseur"];
        let dus: Vec<_> = livre.revenus.montants_dus_de(ascenseur).collect();
        assert_eq!(
            dus.iter()
                .map(|(_, du)| (du.propriete_id, du.montant, du.payeur))
                .collect::<Vec<_>>(),
            [
                (1, Montant::dinars(60), Some(tenant)),
                (2, Montant::dinars(15), None)
            ]
        );
        // A1 paid in full; the parking's 5 DT entered by mistake were cancelled.
        assert_eq!(livre.revenus.restant_du(dus[0].0), Some(Montant::ZERO));
        assert_eq!(
            livre.revenus.restant_du(dus[1].0),
            Some(Montant::dinars(15))
        );
        assert_eq!(livre.revenus.prochain_encaissement_id(), 3);
        assert!(livre.revenus.encaissement(2).is_none());

        // Again: the same residence, nothing added.
        let events = count_events(&db, built.residence_id).await;
        let again = les_oliviers(&db).build().await.unwrap();
        assert!(!again.created);
        assert_eq!(
            (again.residence_id, &again.users, &again.occupants),
            (built.residence_id, &built.users, &built.occupants)
        );
        assert_eq!(count_events(&db, built.residence_id).await, events);
    })
    .await;
}
