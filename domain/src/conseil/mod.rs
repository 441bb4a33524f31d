//! The syndic council's audit trail in the ledger (spec 2 §2 "Council"): who joined or left
//! the council and changes of president or treasurer. Access itself lives in the identity
//! tables (ADR 0002); these events only record, so no decision depends on them and the
//! residence's decision state keeps nothing of them.

use serde::{Deserialize, Serialize};

/// Records of council changes made through the identity tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConseilCommand {
    /// Records that a user joined the syndic council.
    ConsignerMembreConseilAjoute { user_id: i64, nom: String },
    /// Records that a user left the syndic council.
    ConsignerMembreConseilRetire { user_id: i64 },
    /// Records a change of president or treasurer made by support.
    ConsignerRolesConseil {
        user_id: i64,
        is_finance: bool,
        is_president: bool,
    },
}

/// Facts of the council. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConseilEvent {
    MembreConseilAjoute {
        user_id: i64,
        nom: String,
    },
    MembreConseilRetire {
        user_id: i64,
    },
    RolesConseilModifies {
        user_id: i64,
        is_finance: bool,
        is_president: bool,
    },
}

impl ConseilEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            ConseilEvent::MembreConseilAjoute { .. } => "MembreConseilAjoute",
            ConseilEvent::MembreConseilRetire { .. } => "MembreConseilRetire",
            ConseilEvent::RolesConseilModifies { .. } => "RolesConseilModifies",
        }
    }
}

impl ConseilCommand {
    /// A record is never refused: the change already happened in the identity tables.
    pub fn decide(self) -> Vec<ConseilEvent> {
        vec![match self {
            ConseilCommand::ConsignerMembreConseilAjoute { user_id, nom } => {
                ConseilEvent::MembreConseilAjoute { user_id, nom }
            }
            ConseilCommand::ConsignerMembreConseilRetire { user_id } => {
                ConseilEvent::MembreConseilRetire { user_id }
            }
            ConseilCommand::ConsignerRolesConseil {
                user_id,
                is_finance,
                is_president,
            } => ConseilEvent::RolesConseilModifies {
                user_id,
                is_finance,
                is_president,
            },
        }]
    }
}
