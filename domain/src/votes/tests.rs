//! One rule per test, given (what happened) / when (a command) / then (its facts or refusal).
//! The residence's day comes with each command: the vote's life is read on a pinned calendar.

use super::events::Question;
use super::*;
use crate::test_support::date;

/// The vote runs from 10 to 20 March 2026; it is created on 1 March.
const CREATION: &str = "2026-03-01";
const AVANT: &str = "2026-03-09";
const PREMIER_JOUR: &str = "2026-03-10";
const PENDANT: &str = "2026-03-15";
const DERNIER_JOUR: &str = "2026-03-20";
const APRES: &str = "2026-03-21";

const ID: VoteId = 1;
const PRESIDENTE: UtilisateurId = 10;
const MEMBRE: UtilisateurId = 11;
/// Owners (occupant ids).
const AMINE: OccupantId = 1;
const BOCHRA: OccupantId = 2;
const CHEDLY: OccupantId = 3;
/// The simple vote's choices take ids 1, 2, 3.
const POUR: ChoixId = 1;
const CONTRE: ChoixId = 2;
const ABSTENTION: ChoixId = 3;

fn question(type_choix: TypeChoix, choix: &[&str]) -> Question {
    Question {
        titre: "Repeindre le hall".into(),
        description: "Couleur au choix du conseil.".into(),
        type_choix,
        choix: choix.iter().map(|c| (*c).to_owned()).collect(),
        date_debut: date(PREMIER_JOUR),
        date_fin: date(DERNIER_JOUR),
    }
}

fn creer_avec(question: Question) -> VotesCommand {
    VotesCommand::Creer {
        question,
        createur: PRESIDENTE,
        createur_nom: "Hédia".into(),
        aujourdhui: date(CREATION),
    }
}

fn creer() -> VotesCommand {
    creer_avec(question(TypeChoix::Simple, &[]))
}

fn modifier(auteur: UtilisateurId, jour: &str) -> VotesCommand {
    VotesCommand::Modifier {
        vote_id: ID,
        question: question(TypeChoix::Custom, &["Blanc", "Beige"]),
        auteur,
        aujourdhui: date(jour),
    }
}

fn supprimer(auteur: UtilisateurId, jour: &str) -> VotesCommand {
    VotesCommand::Supprimer {
        vote_id: ID,
        auteur,
        aujourdhui: date(jour),
    }
}

fn voter(electeur: OccupantId, choix_id: ChoixId, jour: &str) -> VotesCommand {
    VotesCommand::Voter {
        vote_id: ID,
        electeur,
        choix_id,
        aujourdhui: date(jour),
    }
}

fn changer(electeur: OccupantId, choix_id: ChoixId, jour: &str) -> VotesCommand {
    VotesCommand::ModifierBulletin {
        vote_id: ID,
        electeur,
        choix_id,
        aujourdhui: date(jour),
    }
}

/// The state after `commands`, each of which must be accepted.
fn given(commands: Vec<VotesCommand>) -> Votes {
    let mut votes = Votes::default();
    for command in commands {
        let events = votes
            .decide(command.clone())
            .unwrap_or_else(|refus| panic!("given command refused: {command:?} → {refus:?}"));
        for event in events {
            votes.appliquer(event);
        }
    }
    votes
}

fn refus(votes: &Votes, command: VotesCommand) -> Option<VotesError> {
    votes.decide(command).err()
}

fn vote(votes: &Votes) -> &Vote {
    votes
        .get(ID)
        .unwrap_or_else(|| panic!("no vote {ID} in {votes:?}"))
}

fn textes(vote: &Vote) -> Vec<&str> {
    vote.choix.iter().map(|c| c.texte.as_str()).collect()
}

// Creation.

#[test]
fn a_vote_is_created_with_its_question_days_and_creator() {
    let votes = given(vec![creer()]);
    let vote = vote(&votes);
    assert_eq!(
        (
            vote.titre.as_str(),
            vote.date_debut,
            vote.date_fin,
            vote.createur,
            vote.createur_nom.as_str()
        ),
        (
            "Repeindre le hall",
            date(PREMIER_JOUR),
            date(DERNIER_JOUR),
            PRESIDENTE,
            "Hédia"
        )
    );
}

#[test]
fn a_simple_vote_offers_pour_contre_abstention() {
    let votes = given(vec![creer_avec(question(TypeChoix::Simple, &["ignoré"]))]);
    assert_eq!(textes(vote(&votes)), ["pour", "contre", "abstention"]);
}

#[test]
fn a_custom_vote_keeps_its_non_blank_choices_trimmed_in_order() {
    let votes = given(vec![creer_avec(question(
        TypeChoix::Custom,
        &[" Blanc ", "", "  ", "Beige", "Gris"],
    ))]);
    assert_eq!(textes(vote(&votes)), ["Blanc", "Beige", "Gris"]);
}

#[test]
fn a_custom_vote_needs_two_non_blank_choices() {
    assert_eq!(
        refus(
            &given(vec![]),
            creer_avec(question(TypeChoix::Custom, &["Blanc", " ", ""]))
        ),
        Some(VotesError::ChoixInvalides)
    );
}

#[test]
fn a_custom_vote_has_at_most_five_choices() {
    assert_eq!(
        refus(
            &given(vec![]),
            creer_avec(question(TypeChoix::Custom, &["A", "B", "C", "D", "E", "F"]))
        ),
        Some(VotesError::TropDeChoix)
    );
}

#[test]
fn two_choices_differing_only_by_case_are_refused() {
    assert_eq!(
        refus(
            &given(vec![]),
            creer_avec(question(TypeChoix::Custom, &["Blanc", "blanc"]))
        ),
        Some(VotesError::ChoixEnDouble)
    );
}

#[test]
fn a_vote_ending_before_it_starts_is_refused() {
    let mut question = question(TypeChoix::Simple, &[]);
    question.date_fin = date(AVANT);
    assert_eq!(
        refus(&given(vec![]), creer_avec(question)),
        Some(VotesError::FinAvantDebut)
    );
}

#[test]
fn a_vote_may_open_and_close_on_the_same_day() {
    let mut question = question(TypeChoix::Simple, &[]);
    question.date_fin = question.date_debut;
    assert!(given(vec![]).decide(creer_avec(question)).is_ok());
}

#[test]
fn a_vote_whose_last_day_is_past_is_refused() {
    let mut question = question(TypeChoix::Simple, &[]);
    question.date_debut = date("2026-02-01");
    question.date_fin = date("2026-02-28");
    assert_eq!(
        refus(&given(vec![]), creer_avec(question)),
        Some(VotesError::DateFinPassee)
    );
}

#[test]
fn choice_ids_are_unique_among_the_residences_votes() {
    let votes = given(vec![creer(), creer()]);
    let ids: Vec<ChoixId> = votes
        .tous()
        .flat_map(|vote| vote.choix.iter().map(|c| c.id))
        .collect();
    assert_eq!(ids, [1, 2, 3, 4, 5, 6]);
}

// Its days.

#[test]
fn a_vote_is_not_yet_open_before_its_first_day() {
    assert_eq!(
        vote(&given(vec![creer()])).etat(date(AVANT)),
        EtatVote::AVenir
    );
}

#[test]
fn a_vote_runs_from_its_first_to_its_last_day_included() {
    let votes = given(vec![creer()]);
    assert_eq!(
        [PREMIER_JOUR, DERNIER_JOUR].map(|jour| vote(&votes).etat(date(jour))),
        [EtatVote::EnCours, EtatVote::EnCours]
    );
}

#[test]
fn a_vote_is_finished_the_day_after_its_last() {
    assert_eq!(
        vote(&given(vec![creer()])).etat(date(APRES)),
        EtatVote::Termine
    );
}

// Ballots.

#[test]
fn an_owner_answers_a_running_vote() {
    let votes = given(vec![creer(), voter(AMINE, CONTRE, PENDANT)]);
    assert_eq!(
        vote(&votes).bulletin(AMINE).map(|c| c.texte.as_str()),
        Some("contre")
    );
}

#[test]
fn an_answer_before_the_first_day_is_refused() {
    assert_eq!(
        refus(&given(vec![creer()]), voter(AMINE, POUR, AVANT)),
        Some(VotesError::VoteNonOuvert)
    );
}

#[test]
fn an_answer_after_the_last_day_is_refused() {
    assert_eq!(
        refus(&given(vec![creer()]), voter(AMINE, POUR, APRES)),
        Some(VotesError::VoteTermine)
    );
}

#[test]
fn an_answer_that_is_not_one_of_the_votes_choices_is_refused() {
    let votes = given(vec![creer(), creer()]);
    // Choice 4 is the second vote's "pour".
    assert_eq!(
        refus(&votes, voter(AMINE, 4, PENDANT)),
        Some(VotesError::ChoixInconnu(4))
    );
}

#[test]
fn an_owners_second_answer_is_refused_he_changes_it_instead() {
    let votes = given(vec![creer(), voter(AMINE, POUR, PENDANT)]);
    assert_eq!(
        refus(&votes, voter(AMINE, CONTRE, PENDANT)),
        Some(VotesError::DejaVote)
    );
}

#[test]
fn an_owner_changes_his_answer_while_the_vote_runs() {
    let votes = given(vec![
        creer(),
        voter(AMINE, POUR, PREMIER_JOUR),
        changer(AMINE, ABSTENTION, DERNIER_JOUR),
    ]);
    assert_eq!(vote(&votes).bulletin(AMINE).map(|c| c.id), Some(ABSTENTION));
}

#[test]
fn changing_an_answer_never_given_is_refused() {
    assert_eq!(
        refus(&given(vec![creer()]), changer(AMINE, POUR, PENDANT)),
        Some(VotesError::PasEncoreVote)
    );
}

#[test]
fn changing_an_answer_after_the_last_day_is_refused() {
    let votes = given(vec![creer(), voter(AMINE, POUR, PENDANT)]);
    assert_eq!(
        refus(&votes, changer(AMINE, CONTRE, APRES)),
        Some(VotesError::VoteTermine)
    );
}

#[test]
fn an_unknown_vote_is_refused() {
    let votes = given(vec![]);
    assert_eq!(
        refus(&votes, voter(AMINE, POUR, PENDANT)),
        Some(VotesError::VoteInconnu(ID))
    );
}

// Edit and delete: the creator's, until the first answer.

#[test]
fn the_creator_edits_a_running_vote_nobody_answered_with_new_choice_ids() {
    let votes = given(vec![creer(), modifier(PRESIDENTE, PENDANT)]);
    let vote = vote(&votes);
    assert_eq!(
        (
            vote.type_choix,
            vote.choix.iter().map(|c| c.id).collect::<Vec<_>>()
        ),
        (TypeChoix::Custom, vec![4, 5])
    );
}

#[test]
fn only_the_creator_edits_a_vote() {
    assert_eq!(
        refus(&given(vec![creer()]), modifier(MEMBRE, PENDANT)),
        Some(VotesError::CreateurRequis)
    );
}

#[test]
fn only_the_creator_deletes_a_vote() {
    assert_eq!(
        refus(&given(vec![creer()]), supprimer(MEMBRE, PENDANT)),
        Some(VotesError::CreateurRequis)
    );
}

#[test]
fn a_vote_is_not_locked_before_the_first_answer() {
    assert!(!vote(&given(vec![creer()])).est_verrouille(date(PENDANT)));
}

#[test]
fn the_first_answer_locks_the_vote() {
    let votes = given(vec![creer(), voter(BOCHRA, POUR, PREMIER_JOUR)]);
    assert!(vote(&votes).est_verrouille(date(PREMIER_JOUR)));
}

#[test]
fn a_locked_vote_cannot_be_edited() {
    let votes = given(vec![creer(), voter(BOCHRA, POUR, PREMIER_JOUR)]);
    assert_eq!(
        refus(&votes, modifier(PRESIDENTE, PENDANT)),
        Some(VotesError::VoteVerrouille)
    );
}

#[test]
fn a_locked_vote_cannot_be_deleted() {
    let votes = given(vec![creer(), voter(BOCHRA, POUR, PREMIER_JOUR)]);
    assert_eq!(
        refus(&votes, supprimer(PRESIDENTE, PENDANT)),
        Some(VotesError::VoteVerrouille)
    );
}

#[test]
fn a_finished_vote_is_locked_even_without_answers() {
    assert!(vote(&given(vec![creer()])).est_verrouille(date(APRES)));
}

#[test]
fn a_finished_vote_cannot_be_deleted() {
    assert_eq!(
        refus(&given(vec![creer()]), supprimer(PRESIDENTE, APRES)),
        Some(VotesError::VoteTermine)
    );
}

#[test]
fn the_creator_deletes_a_vote_nobody_answered_and_its_id_is_not_reused() {
    let votes = given(vec![creer(), supprimer(PRESIDENTE, AVANT), creer()]);
    assert_eq!(votes.tous().map(|v| v.id).collect::<Vec<_>>(), [2]);
}

// Results.

fn ligne(
    propriete_id: i64,
    propriete: &str,
    occupant_id: OccupantId,
    nom: &str,
) -> ProprietaireVotant {
    ProprietaireVotant {
        propriete_id,
        propriete_nom: propriete.into(),
        occupant_id,
        occupant_nom: nom.into(),
    }
}

/// A1 and A2 are Amine's, A3 Bochra's, A4 Chedly's.
fn proprietaires() -> Vec<ProprietaireVotant> {
    vec![
        ligne(1, "A1", AMINE, "Amine"),
        ligne(2, "A2", AMINE, "Amine"),
        ligne(3, "A3", BOCHRA, "Bochra"),
        ligne(4, "A4", CHEDLY, "Chedly"),
    ]
}

#[test]
fn the_results_count_each_owner_once_whatever_his_properties() {
    let votes = given(vec![
        creer(),
        voter(AMINE, POUR, PENDANT),
        voter(BOCHRA, CONTRE, PENDANT),
    ]);
    let resultats = vote(&votes).resultats(&proprietaires());
    assert_eq!(
        resultats
            .decompte
            .iter()
            .map(|(c, n)| (c.texte.as_str(), *n))
            .collect::<Vec<_>>(),
        [("pour", 1), ("contre", 1), ("abstention", 0)]
    );
}

#[test]
fn the_participation_is_the_owners_who_answered_out_of_the_owners() {
    let votes = given(vec![
        creer(),
        voter(AMINE, POUR, PENDANT),
        voter(BOCHRA, CONTRE, PENDANT),
    ]);
    let resultats = vote(&votes).resultats(&proprietaires());
    assert_eq!(
        (
            resultats.votants,
            resultats.proprietaires,
            resultats.participation_centiemes
        ),
        (2, 3, 6667)
    );
}

#[test]
fn the_majority_holds_every_choice_tied_at_the_top() {
    let votes = given(vec![
        creer(),
        voter(AMINE, POUR, PENDANT),
        voter(BOCHRA, CONTRE, PENDANT),
    ]);
    let majorite = vote(&votes).resultats(&proprietaires()).majorite;
    assert_eq!(
        majorite.iter().map(|c| c.id).collect::<Vec<_>>(),
        [POUR, CONTRE]
    );
}

#[test]
fn there_is_no_majority_before_the_first_answer() {
    let resultats = vote(&given(vec![creer()])).resultats(&proprietaires());
    assert_eq!(
        (resultats.majorite.len(), resultats.participation_centiemes),
        (0, 0)
    );
}

#[test]
fn every_property_shows_its_owners_answer_or_none_yet() {
    let votes = given(vec![creer(), voter(AMINE, ABSTENTION, PENDANT)]);
    let reponses = vote(&votes).resultats(&proprietaires()).reponses;
    assert_eq!(
        reponses
            .iter()
            .map(|r| (
                r.propriete_nom.as_str(),
                r.choix.as_ref().map(|c| c.texte.as_str())
            ))
            .collect::<Vec<_>>(),
        [
            ("A1", Some("abstention")),
            ("A2", Some("abstention")),
            ("A3", None),
            ("A4", None)
        ]
    );
}

#[test]
fn an_answer_of_someone_no_longer_owner_on_the_counted_day_is_not_counted() {
    let votes = given(vec![creer(), voter(CHEDLY, POUR, PENDANT)]);
    // Chedly sold A4 to Dalila before the end.
    let mut apres_la_vente = proprietaires();
    apres_la_vente[3] = ligne(4, "A4", 9, "Dalila");
    let resultats = vote(&votes).resultats(&apres_la_vente);
    assert_eq!((resultats.votants, resultats.decompte[0].1), (0, 0));
}

#[test]
fn a_finished_vote_counts_the_owners_of_its_last_day() {
    let vote = vote(&given(vec![creer()])).clone();
    assert_eq!(
        [AVANT, PENDANT, "2026-06-01"].map(|jour| vote.jour_du_decompte(date(jour))),
        [date(PREMIER_JOUR), date(PENDANT), date(DERNIER_JOUR)]
    );
}
