//! The history of the co-owners' visibility rights (spec 3 §2.12, §7 "Allocation and
//! visibility"; issue 19): who changed which co-owner's rights, when, and the keys granted
//! before and after.
//!
//! The rights themselves live in the identity tables (`users.features`, read with the session
//! on every request, ADR 0002), as the council's membership does; each change made there is
//! also recorded here, so who hid what from whom is provable later. They decide nothing about
//! money, so they are not in the books' stream (ADR 0005): [`Visibilites`] is an aggregate of
//! its own on the same generic ledger, one stream per residence (aggregate type `visibilite`,
//! id the residence id), with the journal's hash chain. A record is never refused (the change
//! already happened in the identity tables); the warm aggregate answers the history without a
//! read model, as the votes' stream answers its lists.

#[cfg(test)]
mod tests;

use std::fmt;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::CodeErreur;

/// One co-owner's rights before and after a change, as the keys granted (`see.charges`…, the
/// ten keys resolved, in the API's order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DroitsModifies {
    /// The co-owner (the identity's user id) and their name then.
    pub user_id: i64,
    pub nom: String,
    pub avant: Vec<String>,
    pub apres: Vec<String>,
}

impl DroitsModifies {
    /// Whether the change changes anything.
    pub fn change(&self) -> bool {
        self.avant != self.apres
    }
}

/// Records a change of rights made through the identity tables by `par` (a user of the
/// council, named `par_nom`) at `le`: one co-owner's (`sync-user`) or several at once
/// (`bulk-sync`). The co-owners whose rights did not change are not recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum VisibiliteCommand {
    ConsignerDroitsModifies {
        par: i64,
        par_nom: String,
        le: DateTime<Utc>,
        changements: Vec<DroitsModifies>,
    },
}

/// Facts of the rights' history. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum VisibiliteEvent {
    /// One co-owner's rights changed.
    DroitsVisibiliteModifies {
        par: i64,
        par_nom: String,
        le: DateTime<Utc>,
        droits: DroitsModifies,
    },
}

impl DomainEvent for VisibiliteEvent {
    fn event_type(&self) -> String {
        match self {
            VisibiliteEvent::DroitsVisibiliteModifies { .. } => "DroitsVisibiliteModifies",
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

/// One entry of the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntreeHistorique {
    pub par: i64,
    pub par_nom: String,
    pub le: DateTime<Utc>,
    pub droits: DroitsModifies,
}

/// The rights' history of one residence: the aggregate of its `visibilite` stream.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Visibilites {
    historique: Vec<EntreeHistorique>,
}

impl Visibilites {
    /// Every change, oldest first.
    pub fn historique(&self) -> &[EntreeHistorique] {
        &self.historique
    }

    /// The facts a command records: one per co-owner whose rights changed.
    pub fn decider(&self, command: VisibiliteCommand) -> Vec<VisibiliteEvent> {
        match command {
            VisibiliteCommand::ConsignerDroitsModifies {
                par,
                par_nom,
                le,
                changements,
            } => changements
                .into_iter()
                .filter(DroitsModifies::change)
                .map(|droits| VisibiliteEvent::DroitsVisibiliteModifies {
                    par,
                    par_nom: par_nom.clone(),
                    le,
                    droits,
                })
                .collect(),
        }
    }

    /// Applies one fact.
    pub fn appliquer(&mut self, event: VisibiliteEvent) {
        match event {
            VisibiliteEvent::DroitsVisibiliteModifies {
                par,
                par_nom,
                le,
                droits,
            } => self.historique.push(EntreeHistorique {
                par,
                par_nom,
                le,
                droits,
            }),
        }
    }
}

/// A record is never refused: this type has no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VisibiliteError {}

impl fmt::Display for VisibiliteError {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl std::error::Error for VisibiliteError {}

impl CodeErreur for VisibiliteError {
    fn code(&self) -> &'static str {
        match *self {}
    }
}

impl Aggregate for Visibilites {
    const TYPE: &'static str = "visibilite";
    type Command = VisibiliteCommand;
    type Event = VisibiliteEvent;
    type Error = VisibiliteError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for event in self.decider(command) {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.appliquer(event);
    }
}
