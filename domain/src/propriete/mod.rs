//! Properties (propriétés) of a residence: apartments, parkings, shops and cellars (spec 2 §3
//! "Property"). Each property is called for dues and, through its occupancy history (issue
//! "Properties, occupancy"), owed by one payer at any date.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::CodeErreur;
use crate::grand_livre::GrandLivre;

/// The kinds of property the specification names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypePropriete {
    Appartement,
    Parking,
    Commerce,
    Cellier,
}

/// A property identifier, numbered 1, 2, 3… within its residence in the order of registration.
pub type ProprieteId = i64;

/// What the ledger knows of a property.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Propriete {
    pub nom: String,
    pub type_propriete: TypePropriete,
    /// Square metres, when known.
    pub surface: Option<Decimal>,
    pub description: Option<String>,
}

/// The properties of one residence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proprietes {
    par_id: BTreeMap<ProprieteId, Propriete>,
}

impl Proprietes {
    /// The id the next registered property receives.
    pub fn prochain_id(&self) -> ProprieteId {
        self.par_id.keys().next_back().map_or(1, |last| last + 1)
    }

    /// Property names identify properties for people (A1, Parking 3): they are unique within a
    /// residence, compared without regard to case and surrounding spaces.
    pub fn nom_pris(&self, nom: &str) -> bool {
        let wanted = nom.trim().to_lowercase();
        self.par_id
            .values()
            .any(|p| p.nom.trim().to_lowercase() == wanted)
    }

    /// The id of the property named `nom` (same comparison as [`Proprietes::nom_pris`]).
    pub fn id_par_nom(&self, nom: &str) -> Option<ProprieteId> {
        let wanted = nom.trim().to_lowercase();
        self.par_id
            .iter()
            .find(|(_, p)| p.nom.trim().to_lowercase() == wanted)
            .map(|(id, _)| *id)
    }

    /// Every property id, in registration order.
    pub fn ids(&self) -> impl Iterator<Item = ProprieteId> + '_ {
        self.par_id.keys().copied()
    }

    pub fn get(&self, id: ProprieteId) -> Option<&Propriete> {
        self.par_id.get(&id)
    }

    pub fn len(&self) -> usize {
        self.par_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.par_id.is_empty()
    }

    pub(crate) fn enregistrer(&mut self, id: ProprieteId, propriete: Propriete) {
        self.par_id.insert(id, propriete);
    }

    /// The state change of each property event.
    pub(crate) fn appliquer(&mut self, event: ProprieteEvent) {
        match event {
            ProprieteEvent::ProprieteEnregistree {
                propriete_id,
                nom,
                type_propriete,
                surface,
                description,
            } => self.enregistrer(
                propriete_id,
                Propriete {
                    nom,
                    type_propriete,
                    surface,
                    description,
                },
            ),
        }
    }
}

/// What the president asks of the properties.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProprieteCommand {
    /// Registers a property of the residence; it receives the next property id.
    EnregistrerPropriete {
        nom: String,
        type_propriete: TypePropriete,
        surface: Option<Decimal>,
        description: Option<String>,
    },
}

/// Facts of the properties. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProprieteEvent {
    ProprieteEnregistree {
        propriete_id: ProprieteId,
        nom: String,
        type_propriete: TypePropriete,
        surface: Option<Decimal>,
        description: Option<String>,
    },
}

impl ProprieteEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            ProprieteEvent::ProprieteEnregistree { .. } => "ProprieteEnregistree",
        }
    }
}

/// Why a property change is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProprieteError {
    #[error("une propriété nommée « {nom} » existe déjà")]
    ProprieteNomExiste { nom: String },
    #[error("le nom d'une propriété est obligatoire (1 à 100 caractères)")]
    ProprieteNomInvalide,
    #[error("la surface d'une propriété doit être positive")]
    SurfaceInvalide,
}

impl CodeErreur for ProprieteError {
    fn code(&self) -> &'static str {
        match self {
            ProprieteError::ProprieteNomExiste { .. } => "propriete_nom_existe",
            ProprieteError::ProprieteNomInvalide => "propriete_nom_invalide",
            ProprieteError::SurfaceInvalide => "surface_invalide",
        }
    }
}

impl ProprieteCommand {
    /// A property has a name of 1 to 100 characters, unique in the residence, and a positive
    /// surface when one is given.
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<ProprieteEvent>, ProprieteError> {
        match self {
            ProprieteCommand::EnregistrerPropriete {
                nom,
                type_propriete,
                surface,
                description,
            } => {
                let nom = nom.trim().to_owned();
                if nom.is_empty() || nom.chars().count() > 100 {
                    return Err(ProprieteError::ProprieteNomInvalide);
                }
                if livre.proprietes.nom_pris(&nom) {
                    return Err(ProprieteError::ProprieteNomExiste { nom });
                }
                if surface.is_some_and(|s| s <= Decimal::ZERO) {
                    return Err(ProprieteError::SurfaceInvalide);
                }
                Ok(vec![ProprieteEvent::ProprieteEnregistree {
                    propriete_id: livre.proprietes.prochain_id(),
                    nom,
                    type_propriete,
                    surface,
                    description: description
                        .map(|d| d.trim().to_owned())
                        .filter(|d| !d.is_empty()),
                }])
            }
        }
    }
}
