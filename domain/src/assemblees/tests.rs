//! One rule per test, given (what happened) / when (a command) / then (its facts or refusal).

use std::collections::BTreeMap;

use super::*;
use crate::document::NatureDocument;
use crate::grand_livre::GrandLivreCommand;
use crate::montant::Montant;
use crate::revenus::RevenusCommand;
use crate::test_support::{date, occupant, occupation, propriete, state};

const AUJOURDHUI: &str = "2026-03-01";
const ID: AssembleeId = 1;
/// Co-owners 1 (Amine, 60 shares), 2 (Bochra, 30) and 3 (Chedly, 10).
const AMINE: OccupantId = 1;
const BOCHRA: OccupantId = 2;
const CHEDLY: OccupantId = 3;

fn coproprietaires() -> Vec<Coproprietaire> {
    [
        (AMINE, "Amine", 60),
        (BOCHRA, "Bochra", 30),
        (CHEDLY, "Chedly", 10),
    ]
    .into_iter()
    .map(|(occupant_id, nom, quote_part)| Coproprietaire {
        occupant_id,
        nom: nom.to_owned(),
        quote_part,
    })
    .collect()
}

fn creer(jour: &str) -> AssembleesCommand {
    AssembleesCommand::Creer {
        titre: "AG ordinaire".into(),
        lieu: "Salle commune".into(),
        date: date(jour),
        heure: Heure::par_defaut(),
        aujourdhui: date(AUJOURDHUI),
    }
}

fn ordre_du_jour(titres: &[&str]) -> AssembleesCommand {
    AssembleesCommand::EnregistrerOrdreDuJour {
        assemblee_id: ID,
        points: titres
            .iter()
            .map(|titre| PointOrdreDuJour {
                titre: (*titre).to_owned(),
                projet_resolution: format!("Projet : {titre}"),
            })
            .collect(),
    }
}

fn convocation(methode: MethodeConvocation) -> AssembleesCommand {
    AssembleesCommand::EnregistrerConvocation {
        assemblee_id: ID,
        methode,
        date: date("2026-05-15"),
    }
}

fn debut() -> AssembleesCommand {
    AssembleesCommand::EnregistrerDebut {
        assemblee_id: ID,
        date: date("2026-06-01"),
        heure: Heure::par_defaut(),
    }
}

fn presence(occupant_id: OccupantId, statut: StatutPresence) -> Presence {
    Presence {
        occupant_id,
        statut,
        representant: (statut == StatutPresence::Represente).then(|| "Mandataire".to_owned()),
    }
}

fn presences(records: Vec<Presence>) -> AssembleesCommand {
    AssembleesCommand::EnregistrerPresences {
        assemblee_id: ID,
        coproprietaires: coproprietaires(),
        presences: records,
    }
}

/// Everyone present.
fn tous_presents() -> AssembleesCommand {
    presences(
        [AMINE, BOCHRA, CHEDLY]
            .map(|id| presence(id, StatutPresence::Present))
            .to_vec(),
    )
}

fn votes(pairs: &[(OccupantId, &str)]) -> BTreeMap<OccupantId, String> {
    pairs
        .iter()
        .map(|(occupant, vote)| (*occupant, (*vote).to_owned()))
        .collect()
}

fn voter(point_id: PointId, pairs: &[(OccupantId, &str)]) -> AssembleesCommand {
    AssembleesCommand::VoterResolution {
        assemblee_id: ID,
        point_id,
        resolution_id: None,
        texte: "Les comptes sont approuvés.".into(),
        type_vote: TypeVote::Simple,
        votes: votes(pairs),
        voix_preponderante: Some(CHEDLY),
    }
}

fn infos_finales(signataires: Vec<Signataire>) -> AssembleesCommand {
    AssembleesCommand::EnregistrerInfosFinales {
        assemblee_id: ID,
        infos: InfosFinales {
            signataires,
            date_fin: date("2026-06-01"),
            heure_fin: Heure::lire("21:00").unwrap_or_else(Heure::par_defaut),
            mot_intro: None,
            mot_fin: None,
        },
    }
}

fn signataire(role: RoleSignataire, occupant_id: OccupantId) -> Signataire {
    Signataire { role, occupant_id }
}

fn bureau() -> AssembleesCommand {
    infos_finales(vec![
        signataire(RoleSignataire::President, AMINE),
        signataire(RoleSignataire::Secretaire, BOCHRA),
        signataire(RoleSignataire::Scrutateur, CHEDLY),
    ])
}

fn pdf(titre: &str) -> crate::document::PieceJointe {
    crate::document::PieceJointe {
        nature: NatureDocument::Doc,
        titre: titre.into(),
        content_type: "application/pdf".into(),
        taille: 10,
        sha256: "ab".repeat(32),
    }
}

fn pv_signe() -> AssembleesCommand {
    AssembleesCommand::DeposerPvSigne {
        assemblee_id: ID,
        piece: pdf("pv.pdf"),
    }
}

fn presence_signee() -> AssembleesCommand {
    AssembleesCommand::DeposerPresenceSignee {
        assemblee_id: ID,
        piece: pdf("presence.pdf"),
    }
}

/// The state after `commands`, each of which must be accepted.
fn given(commands: Vec<AssembleesCommand>) -> Assemblees {
    let mut assemblees = Assemblees::default();
    for command in commands {
        let events = assemblees
            .decide(command.clone())
            .unwrap_or_else(|refus| panic!("given command refused: {command:?} → {refus:?}"));
        for event in events {
            assemblees.appliquer(event);
        }
    }
    assemblees
}

/// A meeting convoked, started, everyone present, its one agenda point (id 1) not voted yet.
fn seance_ouverte() -> Vec<AssembleesCommand> {
    vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Approbation des comptes"]),
        convocation(MethodeConvocation::EnMain),
        debut(),
        tous_presents(),
    ]
}

/// A meeting whose every vote is done (step 5).
fn votes_faits() -> Vec<AssembleesCommand> {
    let mut commands = seance_ouverte();
    commands.push(voter(
        1,
        &[(AMINE, "pour"), (BOCHRA, "pour"), (CHEDLY, "contre")],
    ));
    commands
}

fn etape(assemblees: &Assemblees) -> u8 {
    assemblees.get(ID).map_or(0, Assemblee::etape)
}

fn refus(assemblees: &Assemblees, command: AssembleesCommand) -> Option<AssembleesError> {
    assemblees.decide(command).err()
}

// Meetings.

#[test]
fn a_meeting_is_created_with_its_title_place_date_and_time() {
    let assemblees = given(vec![creer("2026-06-01")]);
    let assemblee = assemblees.get(ID);
    assert_eq!(
        assemblee.map(|a| (a.titre.as_str(), a.lieu.as_str(), a.date, a.heure.as_str())),
        Some(("AG ordinaire", "Salle commune", date("2026-06-01"), "19:30"))
    );
}

#[test]
fn a_meeting_may_be_dated_from_the_first_of_january_of_last_year() {
    let assemblees = given(vec![]);
    assert!(assemblees.decide(creer("2025-01-01")).is_ok());
}

#[test]
fn a_meeting_dated_before_last_year_is_refused() {
    assert_eq!(
        refus(&given(vec![]), creer("2024-12-31")),
        Some(AssembleesError::DateHorsPlage)
    );
}

#[test]
fn a_meeting_dated_after_next_year_is_refused() {
    assert_eq!(
        refus(&given(vec![]), creer("2028-01-01")),
        Some(AssembleesError::DateHorsPlage)
    );
}

#[test]
fn a_time_is_read_as_hh_mm_or_as_four_digits() {
    assert_eq!(Heure::lire("0930").map(|h| h.0), Some("09:30".to_owned()));
    assert_eq!(Heure::lire("18:05").map(|h| h.0), Some("18:05".to_owned()));
    assert_eq!(Heure::lire("24:00"), None);
    assert_eq!(Heure::lire("12:60"), None);
    assert_eq!(Heure::lire("9:30"), None);
}

#[test]
fn a_new_meeting_is_at_step_one() {
    assert_eq!(etape(&given(vec![creer("2026-06-01")])), 1);
}

#[test]
fn a_meeting_not_yet_convoked_can_be_deleted() {
    let assemblees = given(vec![creer("2026-06-01"), ordre_du_jour(&["Travaux"])]);
    assert_eq!(
        assemblees.decide(AssembleesCommand::Supprimer { assemblee_id: ID }),
        Ok(vec![AssembleesEvent::AssembleeSupprimee {
            assemblee_id: ID
        }])
    );
}

#[test]
fn a_convoked_meeting_cannot_be_deleted() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::EnMain),
    ]);
    assert_eq!(
        refus(
            &assemblees,
            AssembleesCommand::Supprimer { assemblee_id: ID }
        ),
        Some(AssembleesError::AssembleeNonSupprimable)
    );
}

#[test]
fn a_deleted_meetings_id_is_not_reused() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        AssembleesCommand::Supprimer { assemblee_id: ID },
        creer("2026-06-02"),
    ]);
    assert_eq!(assemblees.toutes().map(|a| a.id).collect::<Vec<_>>(), [2]);
}

// Agenda (step 1 → 2).

#[test]
fn saving_a_non_empty_agenda_makes_the_meeting_step_two() {
    let assemblees = given(vec![creer("2026-06-01"), ordre_du_jour(&["Travaux"])]);
    assert_eq!(etape(&assemblees), 2);
}

#[test]
fn agenda_points_are_numbered_from_one_in_their_order() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Comptes", "Budget", "Travaux"]),
        ordre_du_jour(&["Budget", "Comptes"]),
    ]);
    let points: Vec<(u32, String)> = assemblees
        .get(ID)
        .map(|a| {
            a.points
                .iter()
                .map(|p| (p.numero, p.titre.clone()))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(points, [(1, "Budget".into()), (2, "Comptes".into())]);
}

#[test]
fn an_agenda_point_titled_with_less_than_two_characters_is_refused() {
    let assemblees = given(vec![creer("2026-06-01")]);
    assert_eq!(
        refus(&assemblees, ordre_du_jour(&["Comptes", " X "])),
        Some(AssembleesError::TitrePointInvalide)
    );
}

#[test]
fn the_library_offers_the_usual_points_with_their_draft_resolutions() {
    let titres: Vec<&str> = BIBLIOTHEQUE.iter().map(|point| point.titre).collect();
    assert!(titres.contains(&"Approbation des comptes de l'exercice"));
    assert!(titres.contains(&"Vote du budget de l'exercice suivant"));
    assert!(titres.contains(&"Élection des membres du conseil syndical"));
    assert!(titres.contains(&"Travaux"));
    assert!(titres.contains(&"Modification du règlement de copropriété"));
    let ids: Vec<i64> = BIBLIOTHEQUE.iter().map(|point| point.id).collect();
    assert_eq!(ids, (1..=10).collect::<Vec<_>>());
}

// Convocation (step 2 → 3) and its locks.

#[test]
fn a_convocation_without_an_agenda_is_refused() {
    let assemblees = given(vec![creer("2026-06-01")]);
    assert_eq!(
        refus(&assemblees, convocation(MethodeConvocation::EnMain)),
        Some(AssembleesError::OrdreDuJourVide)
    );
}

#[test]
fn recording_the_convocation_makes_the_meeting_step_three() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::LettreRecommandee),
    ]);
    assert_eq!(etape(&assemblees), 3);
}

#[test]
fn the_convocation_locks_the_agenda() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::EnMain),
    ]);
    assert_eq!(
        refus(&assemblees, ordre_du_jour(&["Budget"])),
        Some(AssembleesError::AssembleeConvoquee)
    );
}

#[test]
fn the_convocation_locks_the_general_information() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::EnMain),
    ]);
    let modification = AssembleesCommand::ModifierInfosGenerales {
        assemblee_id: ID,
        titre: "Autre".into(),
        lieu: "Ailleurs".into(),
        date: date("2026-06-02"),
        heure: Heure::par_defaut(),
        aujourdhui: date(AUJOURDHUI),
    };
    assert_eq!(
        refus(&assemblees, modification),
        Some(AssembleesError::AssembleeConvoquee)
    );
}

#[test]
fn the_convocation_locks_the_attached_documents() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::EnMain),
    ]);
    let ajout = AssembleesCommand::AjouterPiecesJointes {
        assemblee_id: ID,
        pieces: vec![pdf("devis.pdf")],
    };
    assert_eq!(
        refus(&assemblees, ajout),
        Some(AssembleesError::AssembleeConvoquee)
    );
}

#[test]
fn a_new_convocation_method_shows_the_meeting_to_the_co_owners_and_notifies_them() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::EnMain),
    ]);
    assert!(assemblees
        .get(ID)
        .is_some_and(Assemblee::visible_aux_coproprietaires));
    let events = assemblees
        .decide(convocation(MethodeConvocation::LettreRecommandee))
        .unwrap_or_default();
    assert!(events.contains(&AssembleesEvent::CoproprietairesConvoques {
        assemblee_id: ID,
        methode: MethodeConvocation::LettreRecommandee,
    }));
}

#[test]
fn the_same_convocation_method_again_notifies_nobody() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::EnMain),
    ]);
    let events = assemblees
        .decide(convocation(MethodeConvocation::EnMain))
        .unwrap_or_default();
    assert_eq!(
        events
            .iter()
            .map(AssembleesEvent::event_type)
            .collect::<Vec<_>>(),
        ["ConvocationEnregistree"]
    );
}

// The meeting (step 3 → 4 → 5).

#[test]
fn the_start_cannot_be_recorded_before_the_convocation() {
    let assemblees = given(vec![creer("2026-06-01"), ordre_du_jour(&["Travaux"])]);
    assert_eq!(
        refus(&assemblees, debut()),
        Some(AssembleesError::EtapeNonAtteinte { etape: 3 })
    );
}

#[test]
fn recording_the_start_makes_the_meeting_step_four() {
    let assemblees = given(vec![
        creer("2026-06-01"),
        ordre_du_jour(&["Travaux"]),
        convocation(MethodeConvocation::EnMain),
        debut(),
    ]);
    assert_eq!(etape(&assemblees), 4);
}

#[test]
fn presences_with_nobody_present_or_represented_are_refused() {
    let mut commands = seance_ouverte();
    commands.pop();
    let assemblees = given(commands);
    let tous_absents = presences(vec![
        presence(AMINE, StatutPresence::Absent),
        presence(BOCHRA, StatutPresence::Absent),
    ]);
    assert_eq!(
        refus(&assemblees, tous_absents),
        Some(AssembleesError::AucunPresent)
    );
}

#[test]
fn a_co_owner_left_out_of_the_presences_is_absent() {
    let mut commands = seance_ouverte();
    commands.pop();
    commands.push(presences(vec![
        presence(AMINE, StatutPresence::Present),
        presence(BOCHRA, StatutPresence::Represente),
    ]));
    let assemblees = given(commands);
    let assemblee = assemblees.get(ID);
    assert_eq!(
        assemblee.map(|a| a.statut_de(CHEDLY)),
        Some(StatutPresence::Absent)
    );
    assert_eq!(
        assemblee.map(|a| a.votants().into_iter().collect::<Vec<_>>()),
        Some(vec![AMINE, BOCHRA])
    );
}

#[test]
fn a_presence_of_someone_who_is_not_a_co_owner_is_refused() {
    let mut commands = seance_ouverte();
    commands.pop();
    let assemblees = given(commands);
    assert_eq!(
        refus(
            &assemblees,
            presences(vec![presence(99, StatutPresence::Present)])
        ),
        Some(AssembleesError::CoproprietaireInconnu(99))
    );
}

#[test]
fn a_vote_before_the_presences_is_refused() {
    let mut commands = seance_ouverte();
    commands.pop();
    let assemblees = given(commands);
    assert_eq!(
        refus(&assemblees, voter(1, &[(AMINE, "pour")])),
        Some(AssembleesError::PresencesNonEnregistrees)
    );
}

#[test]
fn every_co_owner_present_or_represented_must_vote() {
    let assemblees = given(seance_ouverte());
    assert_eq!(
        refus(&assemblees, voter(1, &[(AMINE, "pour"), (BOCHRA, "pour")])),
        Some(AssembleesError::VotesIncomplets)
    );
}

#[test]
fn an_absent_co_owner_cannot_vote() {
    let mut commands = seance_ouverte();
    commands.pop();
    commands.push(presences(vec![presence(AMINE, StatutPresence::Present)]));
    let assemblees = given(commands);
    assert_eq!(
        refus(&assemblees, voter(1, &[(AMINE, "pour"), (CHEDLY, "pour")])),
        Some(AssembleesError::VoteInvalide)
    );
}

#[test]
fn a_multiple_choice_vote_needs_two_to_four_distinct_choices() {
    let assemblees = given(seance_ouverte());
    let avec_choix = |choix: &[&str]| AssembleesCommand::VoterResolution {
        assemblee_id: ID,
        point_id: 1,
        resolution_id: None,
        texte: "Entreprise retenue".into(),
        type_vote: TypeVote::Multiple {
            choix: choix.iter().map(|c| (*c).to_owned()).collect(),
        },
        votes: votes(&[(AMINE, "A"), (BOCHRA, "A"), (CHEDLY, "A")]),
        voix_preponderante: None,
    };
    assert_eq!(
        refus(&assemblees, avec_choix(&["A", " "])),
        Some(AssembleesError::ChoixInvalides)
    );
    assert_eq!(
        refus(&assemblees, avec_choix(&["A", "B", "C", "D", "E"])),
        Some(AssembleesError::ChoixInvalides)
    );
    assert!(assemblees.decide(avec_choix(&["A", "B", "C", "D"])).is_ok());
}

#[test]
fn an_information_point_cannot_be_voted() {
    let mut commands = seance_ouverte();
    commands.push(AssembleesCommand::AjouterPointInfo {
        assemblee_id: ID,
        titre: "Information sur le gardiennage".into(),
    });
    let assemblees = given(commands);
    assert_eq!(
        refus(
            &assemblees,
            voter(2, &[(AMINE, "pour"), (BOCHRA, "pour"), (CHEDLY, "pour")])
        ),
        Some(AssembleesError::PointInformation)
    );
}

#[test]
fn an_information_point_can_be_deleted_and_an_agenda_point_cannot() {
    let mut commands = seance_ouverte();
    commands.push(AssembleesCommand::AjouterPointInfo {
        assemblee_id: ID,
        titre: "Information".into(),
    });
    let assemblees = given(commands);
    assert!(assemblees
        .decide(AssembleesCommand::SupprimerPointInfo { point_id: 2 })
        .is_ok());
    assert_eq!(
        refus(
            &assemblees,
            AssembleesCommand::SupprimerPointInfo { point_id: 1 }
        ),
        Some(AssembleesError::PointNonSupprimable)
    );
}

#[test]
fn a_votable_point_without_a_resolution_keeps_the_meeting_at_step_four() {
    assert_eq!(etape(&given(seance_ouverte())), 4);
}

#[test]
fn the_meeting_is_step_five_once_started_with_presences_and_every_resolution_voted() {
    assert_eq!(etape(&given(votes_faits())), 5);
}

#[test]
fn a_co_owner_made_present_after_a_vote_leaves_that_resolution_to_vote_again() {
    let mut commands = seance_ouverte();
    commands.pop();
    commands.push(presences(vec![presence(AMINE, StatutPresence::Present)]));
    commands.push(voter(1, &[(AMINE, "pour")]));
    commands.push(tous_presents());
    assert_eq!(etape(&given(commands)), 4);
}

// Closing (step 5 → 6).

#[test]
fn final_info_before_every_vote_is_done_is_refused() {
    assert_eq!(
        refus(&given(seance_ouverte()), bureau()),
        Some(AssembleesError::EtapeNonAtteinte { etape: 5 })
    );
}

#[test]
fn final_info_needs_a_president_and_a_secretary() {
    let sans_secretaire = infos_finales(vec![signataire(RoleSignataire::President, AMINE)]);
    assert_eq!(
        refus(&given(votes_faits()), sans_secretaire),
        Some(AssembleesError::InfosFinalesManquantes)
    );
}

#[test]
fn a_scrutineer_must_be_present_in_person() {
    let mut commands = votes_faits();
    commands.push(presences(vec![
        presence(AMINE, StatutPresence::Present),
        presence(BOCHRA, StatutPresence::Present),
        presence(CHEDLY, StatutPresence::Represente),
    ]));
    let assemblees = given(commands);
    assert_eq!(
        refus(&assemblees, bureau()),
        Some(AssembleesError::SignataireNonPresent(CHEDLY))
    );
}

#[test]
fn the_end_cannot_precede_the_start() {
    let avant = AssembleesCommand::EnregistrerInfosFinales {
        assemblee_id: ID,
        infos: InfosFinales {
            signataires: vec![
                signataire(RoleSignataire::President, AMINE),
                signataire(RoleSignataire::Secretaire, BOCHRA),
            ],
            date_fin: date("2026-06-01"),
            heure_fin: Heure::lire("18:00").unwrap_or_else(Heure::par_defaut),
            mot_intro: None,
            mot_fin: None,
        },
    };
    assert_eq!(
        refus(&given(votes_faits()), avant),
        Some(AssembleesError::FinAvantDebut)
    );
}

#[test]
fn terminating_without_the_final_info_is_refused() {
    let mut commands = votes_faits();
    commands.extend([pv_signe(), presence_signee()]);
    assert_eq!(
        refus(
            &given(commands),
            AssembleesCommand::Terminer { assemblee_id: ID }
        ),
        Some(AssembleesError::InfosFinalesManquantes)
    );
}

#[test]
fn terminating_without_the_signed_minutes_is_refused() {
    let mut commands = votes_faits();
    commands.extend([bureau(), presence_signee()]);
    assert_eq!(
        refus(
            &given(commands),
            AssembleesCommand::Terminer { assemblee_id: ID }
        ),
        Some(AssembleesError::PvSigneManquant)
    );
}

#[test]
fn terminating_without_the_signed_attendance_sheet_is_refused() {
    let mut commands = votes_faits();
    commands.extend([bureau(), pv_signe()]);
    assert_eq!(
        refus(
            &given(commands),
            AssembleesCommand::Terminer { assemblee_id: ID }
        ),
        Some(AssembleesError::PresenceSigneeManquante)
    );
}

#[test]
fn a_new_signed_minutes_replaces_the_previous_one() {
    let mut commands = votes_faits();
    commands.extend([pv_signe(), pv_signe()]);
    let assemblees = given(commands);
    assert_eq!(
        assemblees
            .get(ID)
            .and_then(|a| a.pv_signe.as_ref())
            .map(|p| p.id),
        Some(2)
    );
}

fn terminee() -> Assemblees {
    let mut commands = votes_faits();
    commands.extend([
        bureau(),
        pv_signe(),
        presence_signee(),
        AssembleesCommand::Terminer { assemblee_id: ID },
    ]);
    given(commands)
}

#[test]
fn terminating_with_everything_recorded_makes_the_meeting_step_six() {
    assert_eq!(etape(&terminee()), ETAPE_TERMINEE);
}

#[test]
fn after_the_end_no_vote_changes() {
    let modification = AssembleesCommand::VoterResolution {
        assemblee_id: ID,
        point_id: 1,
        resolution_id: Some(1),
        texte: "Autre".into(),
        type_vote: TypeVote::Simple,
        votes: votes(&[(AMINE, "contre"), (BOCHRA, "contre"), (CHEDLY, "contre")]),
        voix_preponderante: None,
    };
    assert_eq!(
        refus(&terminee(), modification),
        Some(AssembleesError::AssembleeTerminee)
    );
}

#[test]
fn after_the_end_no_presence_changes() {
    assert_eq!(
        refus(&terminee(), tous_presents()),
        Some(AssembleesError::AssembleeTerminee)
    );
}

#[test]
fn after_the_end_no_resolution_is_added() {
    assert_eq!(
        refus(
            &terminee(),
            voter(1, &[(AMINE, "pour"), (BOCHRA, "pour"), (CHEDLY, "pour")])
        ),
        Some(AssembleesError::AssembleeTerminee)
    );
}

// Results (art. 91).

fn resultat_de(pairs: &[(OccupantId, &str)], voix_preponderante: Option<OccupantId>) -> Resultat {
    let mut commands = seance_ouverte();
    commands.push(AssembleesCommand::VoterResolution {
        assemblee_id: ID,
        point_id: 1,
        resolution_id: None,
        texte: "Résolution".into(),
        type_vote: TypeVote::Simple,
        votes: votes(pairs),
        voix_preponderante,
    });
    let assemblees = given(commands);
    let assemblee = assemblees.get(ID).cloned();
    let assemblee = assemblee.unwrap_or_else(|| panic!("the meeting exists"));
    let resolution = assemblee.points[0].resolutions[0].clone();
    assemblee.resultat(&resolution)
}

fn decompte(resultat: &Resultat, option: &str) -> (i64, i64) {
    resultat
        .decomptes
        .iter()
        .find(|d| d.option == option)
        .map_or((0, 0), |d| (d.voix, d.quote_parts))
}

#[test]
fn an_owner_holding_sixty_percent_has_his_shares_reduced_to_the_total_of_the_others() {
    let resultat = resultat_de(
        &[(AMINE, "pour"), (BOCHRA, "contre"), (CHEDLY, "abstention")],
        None,
    );
    assert_eq!(
        resultat.reduction,
        Some(Reduction {
            occupant_id: AMINE,
            quote_part: 60,
            retenue: 40,
        })
    );
    assert_eq!(decompte(&resultat, "pour"), (1, 40));
    assert_eq!(decompte(&resultat, "contre"), (1, 30));
    assert_eq!(resultat.issue_par_quote_part, Issue::Adoptee);
}

#[test]
fn the_majority_owner_reduced_ties_the_others_and_the_presidents_vote_prevails() {
    // Amine (60 → 40) pour; Bochra (30) and Chedly (10) contre: 40 against 40. Chedly presides.
    let resultat = resultat_de(
        &[(AMINE, "pour"), (BOCHRA, "contre"), (CHEDLY, "contre")],
        Some(CHEDLY),
    );
    assert_eq!(decompte(&resultat, "pour"), (1, 40));
    assert_eq!(decompte(&resultat, "contre"), (2, 40));
    assert_eq!(resultat.issue_par_quote_part, Issue::Rejetee);
    assert_eq!(resultat.issue_par_tete, Issue::Rejetee);
}

#[test]
fn a_tie_by_head_is_decided_by_the_presidents_pour() {
    // Amine pour, Bochra contre, Chedly (the president) abstains: no; with Amine presiding, yes.
    let votes = [(AMINE, "pour"), (BOCHRA, "contre"), (CHEDLY, "abstention")];
    assert_eq!(
        resultat_de(&votes, Some(CHEDLY)).issue_par_tete,
        Issue::Rejetee
    );
    assert_eq!(
        resultat_de(&votes, Some(AMINE)).issue_par_tete,
        Issue::Adoptee
    );
}

#[test]
fn a_tie_between_choices_is_decided_by_the_presidents_choice() {
    let mut commands = seance_ouverte();
    commands.push(AssembleesCommand::VoterResolution {
        assemblee_id: ID,
        point_id: 1,
        resolution_id: None,
        texte: "Entreprise retenue".into(),
        type_vote: TypeVote::Multiple {
            choix: vec!["Alpha".into(), "Beta".into(), "Gamma".into()],
        },
        votes: votes(&[(AMINE, "Alpha"), (BOCHRA, "Beta"), (CHEDLY, "Gamma")]),
        voix_preponderante: Some(BOCHRA),
    });
    let assemblees = given(commands);
    let assemblee = assemblees.get(ID).cloned();
    let assemblee = assemblee.unwrap_or_else(|| panic!("the meeting exists"));
    let resultat = assemblee.resultat(&assemblee.points[0].resolutions[0]);
    assert_eq!(resultat.issue_par_tete, Issue::Choix("Beta".into()));
    // By shares Alpha (60 → 40) leads Beta (30): no tie to decide.
    assert_eq!(resultat.issue_par_quote_part, Issue::Choix("Alpha".into()));
}

// The co-owners and their shares, read from the books.

#[test]
fn the_co_owners_at_the_meetings_date_carry_their_propertys_share_of_the_allocation() {
    let livre = state(vec![
        propriete("A1"),
        propriete("A2"),
        occupant("Amine"),
        occupant("Bochra"),
        occupant("Chedly"),
        occupation(1, 1, "2020-01-01"),
        occupation(2, 2, "2020-01-01"),
        // Chedly owns A2 with Bochra from 2026: from then its share is split between them.
        occupation(2, 3, "2026-01-01"),
        GrandLivreCommand::Revenus(RevenusCommand::ModifierRepartition {
            repartitions: vec![(1, Montant::dinars(60)), (2, Montant::dinars(40))],
        }),
    ]);
    let parts = |jour| -> Vec<(String, i64)> {
        coproprietaires_a(&livre, date(jour))
            .into_iter()
            .map(|c| (c.nom, c.quote_part))
            .collect()
    };
    assert_eq!(
        parts("2025-06-01"),
        [("Amine".into(), 60_000), ("Bochra".into(), 40_000)]
    );
    assert_eq!(
        parts("2026-06-01"),
        [
            ("Amine".into(), 120_000),
            ("Bochra".into(), 40_000),
            ("Chedly".into(), 40_000)
        ]
    );
}
