//! What the given/when/then tests of every module share: the "given" written as the commands
//! that happened, and the commands that set a residence up.

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;

use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use crate::occupation::OccupationCommand;
use crate::occupation::{Sexe, TypeOccupation};
use crate::propriete::ProprieteCommand;
use crate::propriete::TypePropriete;

pub(crate) fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap_or_default()
}

/// The events that `commands` produce one after the other (the "given" of a test, written as
/// what happened rather than as hand-built events).
pub(crate) fn history(commands: Vec<GrandLivreCommand>) -> Vec<GrandLivreEvent> {
    let runtime = tokio::runtime::Builder::new_current_thread().build();
    let Ok(runtime) = runtime else {
        return Vec::new();
    };
    let mut livre = GrandLivre::default();
    let mut events = Vec::new();
    for command in commands {
        let sink = EventSink::default();
        let outcome = runtime.block_on(livre.handle(command.clone(), &(), &sink));
        assert!(
            outcome.is_ok(),
            "given command refused: {command:?} → {outcome:?}"
        );
        events.extend(runtime.block_on(sink.collect()));
    }
    events
}

pub(crate) fn state(commands: Vec<GrandLivreCommand>) -> GrandLivre {
    let mut livre = GrandLivre::default();
    for event in history(commands) {
        livre.apply(event);
    }
    livre
}

pub(crate) fn propriete(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
        nom: nom.into(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    })
}

pub(crate) fn occupant(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Occupation(OccupationCommand::CreerOccupant {
        nom: nom.into(),
        tel: None,
        email: None,
        sexe: Sexe::Femme,
    })
}

pub(crate) fn occupation(propriete_id: i64, occupant_id: i64, debut: &str) -> GrandLivreCommand {
    GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
        propriete_id,
        occupant_id,
        type_occupation: TypeOccupation::Proprietaire,
        date_debut: date(debut),
        date_fin: None,
        is_payer: true,
    })
}
