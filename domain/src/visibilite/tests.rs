//! One rule per test, given (the history) / when (a record) / then (its facts).

use chrono::TimeZone;

use super::*;

const TRESORIERE: i64 = 2;
const LEILA: i64 = 4;
const SAMI: i64 = 5;

fn le() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 6, 15, 9, 30, 0).unwrap()
}

fn droits(user_id: i64, nom: &str, avant: &[&str], apres: &[&str]) -> DroitsModifies {
    DroitsModifies {
        user_id,
        nom: nom.into(),
        avant: avant.iter().map(|k| (*k).to_owned()).collect(),
        apres: apres.iter().map(|k| (*k).to_owned()).collect(),
    }
}

fn consigner(changements: Vec<DroitsModifies>) -> VisibiliteCommand {
    VisibiliteCommand::ConsignerDroitsModifies {
        par: TRESORIERE,
        par_nom: "Amira Trabelsi".into(),
        le: le(),
        changements,
    }
}

#[test]
fn a_change_records_who_changed_whose_rights_when_and_the_keys_before_and_after() {
    let visibilites = Visibilites::default();
    let leila = droits(
        LEILA,
        "Leïla Haddad",
        &["see.charges", "see.travaux"],
        &["see.travaux"],
    );
    let events = visibilites.decider(consigner(vec![leila.clone()]));
    assert_eq!(
        events,
        [VisibiliteEvent::DroitsVisibiliteModifies {
            par: TRESORIERE,
            par_nom: "Amira Trabelsi".into(),
            le: le(),
            droits: leila,
        }]
    );
}

#[test]
fn a_change_to_several_co_owners_records_one_fact_each_and_none_for_the_unchanged() {
    let visibilites = Visibilites::default();
    let events = visibilites.decider(consigner(vec![
        droits(LEILA, "Leïla Haddad", &["see.charges"], &[]),
        droits(SAMI, "Sami Gharbi", &["see.charges"], &["see.charges"]),
    ]));
    assert_eq!(events.len(), 1);
    assert!(matches!(
        &events[0],
        VisibiliteEvent::DroitsVisibiliteModifies { droits, .. } if droits.user_id == LEILA
    ));
}

#[test]
fn the_history_lists_the_changes_oldest_first() {
    let mut visibilites = Visibilites::default();
    for event in visibilites.decider(consigner(vec![droits(
        LEILA,
        "Leïla Haddad",
        &["see.charges"],
        &[],
    )])) {
        visibilites.appliquer(event);
    }
    for event in visibilites.decider(consigner(vec![droits(
        LEILA,
        "Leïla Haddad",
        &[],
        &["see.charges"],
    )])) {
        visibilites.appliquer(event);
    }
    let historique: Vec<_> = visibilites
        .historique()
        .iter()
        .map(|entree| entree.droits.apres.clone())
        .collect();
    assert_eq!(historique, [vec![], vec!["see.charges".to_owned()]]);
}
