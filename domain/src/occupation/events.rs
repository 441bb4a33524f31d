//! Facts of occupancy and their effect on the residence's decision state.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{Occupancy, Occupant, OccupantId, Occupation, OccupationId, Sexe, TypeOccupation};
use crate::propriete::ProprieteId;

/// What the president asks of occupants and occupations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OccupationCommand {
    /// Registers a person who owns or rents a property.
    CreerOccupant {
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    /// Corrects an occupant's name and contact details.
    ModifierOccupant {
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    /// Adds a period of occupancy to a property's history.
    AjouterOccupation {
        propriete_id: ProprieteId,
        occupant_id: OccupantId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    /// Corrects a period of occupancy.
    ModifierOccupation {
        occupation_id: OccupationId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    /// Corrects an occupation and its occupant's details together: both changes are recorded,
    /// or neither (the history form edits both at once).
    CorrigerOccupation {
        occupation_id: OccupationId,
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    /// Removes a period entered by mistake. `aujourd_hui` decides who pays today.
    SupprimerOccupation {
        occupation_id: OccupationId,
        aujourd_hui: NaiveDate,
    },
}

/// Facts of occupancy. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OccupationEvent {
    OccupantCree {
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    OccupantModifie {
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    OccupationAjoutee {
        occupation_id: OccupationId,
        propriete_id: ProprieteId,
        occupant_id: OccupantId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    OccupationModifiee {
        occupation_id: OccupationId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    OccupationSupprimee {
        occupation_id: OccupationId,
    },
}

impl OccupationEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            OccupationEvent::OccupantCree { .. } => "OccupantCree",
            OccupationEvent::OccupantModifie { .. } => "OccupantModifie",
            OccupationEvent::OccupationAjoutee { .. } => "OccupationAjoutee",
            OccupationEvent::OccupationModifiee { .. } => "OccupationModifiee",
            OccupationEvent::OccupationSupprimee { .. } => "OccupationSupprimee",
        }
    }
}

impl Occupancy {
    /// The state change of each occupancy event.
    pub(crate) fn appliquer(&mut self, event: OccupationEvent) {
        match event {
            OccupationEvent::OccupantCree {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            }
            | OccupationEvent::OccupantModifie {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            } => self.enregistrer_occupant(
                occupant_id,
                Occupant {
                    nom,
                    tel,
                    email,
                    sexe,
                },
            ),
            OccupationEvent::OccupationAjoutee {
                occupation_id,
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => self.enregistrer_occupation(
                occupation_id,
                Occupation {
                    propriete_id,
                    occupant_id,
                    type_occupation,
                    date_debut,
                    date_fin,
                    is_payer,
                },
            ),
            OccupationEvent::OccupationModifiee {
                occupation_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                if let Some(current) = self.occupation(occupation_id).cloned() {
                    self.enregistrer_occupation(
                        occupation_id,
                        Occupation {
                            type_occupation,
                            date_debut,
                            date_fin,
                            is_payer,
                            ..current
                        },
                    );
                }
            }
            OccupationEvent::OccupationSupprimee { occupation_id } => {
                self.supprimer_occupation(occupation_id)
            }
        }
    }
}
