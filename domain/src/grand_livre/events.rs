use cqrs_es::DomainEvent;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::module_serde::{owns, ModuleSeed};
use crate::banque::BanqueEvent;
use crate::budgets::BudgetsEvent;
use crate::conseil::ConseilEvent;
use crate::contrats::ContratsEvent;
use crate::depenses::DepensesEvent;
use crate::exercice::ExerciceEvent;
use crate::occupation::OccupationEvent;
use crate::propriete::ProprieteEvent;
use crate::revenus::RevenusEvent;
use crate::salaires::SalairesEvent;

/// Facts of a residence's ledger: one variant per module, each holding that module's own
/// event. Stored as the module event alone (`{"ExerciceOuvert": {"annee": 2026}}`, see
/// [`super::module_serde`]): event type names are unique across modules and stored forever;
/// rename or reshape one only through an upcaster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum GrandLivreEvent {
    Exercice(ExerciceEvent),
    Propriete(ProprieteEvent),
    Occupation(OccupationEvent),
    Conseil(ConseilEvent),
    Revenus(RevenusEvent),
    Banque(BanqueEvent),
    Depenses(DepensesEvent),
    Salaires(SalairesEvent),
    Contrats(ContratsEvent),
    Budgets(BudgetsEvent),
}

macro_rules! from_module {
    ($($module:ident($event:ty)),+ $(,)?) => {
        $(impl From<$event> for GrandLivreEvent {
            fn from(event: $event) -> Self {
                GrandLivreEvent::$module(event)
            }
        })+

        /// Reads the tag, then lets the module that owns it read the rest.
        struct EventVisitor;

        impl<'de> Visitor<'de> for EventVisitor {
            type Value = GrandLivreEvent;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a residence event: a map of one event type to its fields")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GrandLivreEvent, A::Error> {
                let Some(tag) = map.next_key::<String>()? else {
                    return Err(de::Error::invalid_length(0, &self));
                };
                let event = $(if owns::<$event>(&tag) {
                    GrandLivreEvent::$module(map.next_value_seed(ModuleSeed::<$event>::new(&tag))?)
                } else)+ {
                    return Err(de::Error::unknown_variant(&tag, &[]));
                };
                if map.next_key::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(2, &self));
                }
                Ok(event)
            }
        }
    };
}

from_module!(
    Exercice(ExerciceEvent),
    Propriete(ProprieteEvent),
    Occupation(OccupationEvent),
    Conseil(ConseilEvent),
    Revenus(RevenusEvent),
    Banque(BanqueEvent),
    Depenses(DepensesEvent),
    Salaires(SalairesEvent),
    Contrats(ContratsEvent),
    Budgets(BudgetsEvent),
);

impl<'de> Deserialize<'de> for GrandLivreEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(EventVisitor)
    }
}

impl DomainEvent for GrandLivreEvent {
    fn event_type(&self) -> String {
        match self {
            GrandLivreEvent::Exercice(event) => event.event_type(),
            GrandLivreEvent::Propriete(event) => event.event_type(),
            GrandLivreEvent::Occupation(event) => event.event_type(),
            GrandLivreEvent::Conseil(event) => event.event_type(),
            GrandLivreEvent::Revenus(event) => event.event_type(),
            GrandLivreEvent::Banque(event) => event.event_type(),
            GrandLivreEvent::Depenses(event) => event.event_type(),
            GrandLivreEvent::Salaires(event) => event.event_type(),
            GrandLivreEvent::Contrats(event) => event.event_type(),
            GrandLivreEvent::Budgets(event) => event.event_type(),
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}
