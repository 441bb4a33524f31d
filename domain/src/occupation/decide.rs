//! The occupancy decisions: occupants and occupation periods (rules in the module
//! documentation). Each decision reads the residence's state and answers this module's events.

use chrono::NaiveDate;

use super::events::{OccupationCommand, OccupationEvent};
use super::{
    email_valide, tel_valide, Occupant, OccupantId, Occupation, OccupationError, OccupationId,
    Sexe, TypeOccupation,
};
use crate::grand_livre::GrandLivre;

/// Trims an optional text field; empty means absent.
fn optionnel(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

impl OccupationCommand {
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<OccupationEvent>, OccupationError> {
        match self {
            OccupationCommand::CreerOccupant {
                nom,
                tel,
                email,
                sexe,
            } => Ok(vec![creer_occupant(
                livre,
                None,
                Occupant {
                    nom,
                    tel,
                    email,
                    sexe,
                },
            )?]),
            OccupationCommand::ModifierOccupant {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            } => Ok(vec![creer_occupant(
                livre,
                Some(occupant_id),
                Occupant {
                    nom,
                    tel,
                    email,
                    sexe,
                },
            )?]),
            OccupationCommand::AjouterOccupation {
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                let occupation = Occupation {
                    propriete_id,
                    occupant_id,
                    type_occupation,
                    date_debut,
                    date_fin,
                    is_payer,
                };
                Ok(vec![ajouter_occupation(livre, occupation)?])
            }
            OccupationCommand::ModifierOccupation {
                occupation_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => Ok(vec![modifier_occupation(
                livre,
                occupation_id,
                type_occupation,
                (date_debut, date_fin),
                is_payer,
            )?]),
            OccupationCommand::CorrigerOccupation {
                occupation_id,
                occupant_id,
                nom,
                tel,
                email,
                sexe,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => corriger_occupation(
                livre,
                (occupation_id, occupant_id),
                Occupant {
                    nom,
                    tel,
                    email,
                    sexe,
                },
                (type_occupation, date_debut, date_fin, is_payer),
            ),
            OccupationCommand::SupprimerOccupation {
                occupation_id,
                aujourd_hui,
            } => Ok(vec![supprimer_occupation(
                livre,
                occupation_id,
                aujourd_hui,
            )?]),
        }
    }
}

/// Creates an occupant (`existant` = `None`) or corrects one.
fn creer_occupant(
    livre: &GrandLivre,
    existant: Option<OccupantId>,
    occupant: Occupant,
) -> Result<OccupationEvent, OccupationError> {
    let occupancy = &livre.occupancy;
    if let Some(id) = existant {
        if occupancy.occupant(id).is_none() {
            return Err(OccupationError::OccupantInconnu(id));
        }
    }
    let nom = occupant.nom.trim().to_owned();
    if nom.is_empty() || nom.chars().count() > 100 {
        return Err(OccupationError::OccupantNomInvalide);
    }
    let tel = optionnel(occupant.tel);
    let email = optionnel(occupant.email);
    if tel.as_deref().is_some_and(|t| !tel_valide(t)) {
        return Err(OccupationError::TelInvalide);
    }
    if email.as_deref().is_some_and(|e| !email_valide(e)) {
        return Err(OccupationError::EmailInvalide);
    }
    if tel
        .as_deref()
        .is_some_and(|t| occupancy.tel_pris(t, existant))
    {
        return Err(OccupationError::TelDejaUtilise);
    }
    let sexe: Sexe = occupant.sexe;
    Ok(match existant {
        None => OccupationEvent::OccupantCree {
            occupant_id: occupancy.prochain_occupant_id(),
            nom,
            tel,
            email,
            sexe,
        },
        Some(occupant_id) => OccupationEvent::OccupantModifie {
            occupant_id,
            nom,
            tel,
            email,
            sexe,
        },
    })
}

fn ajouter_occupation(
    livre: &GrandLivre,
    occupation: Occupation,
) -> Result<OccupationEvent, OccupationError> {
    if livre.proprietes.get(occupation.propriete_id).is_none() {
        return Err(OccupationError::ProprieteInconnue(occupation.propriete_id));
    }
    let occupancy = &livre.occupancy;
    if occupancy.occupant(occupation.occupant_id).is_none() {
        return Err(OccupationError::OccupantInconnu(occupation.occupant_id));
    }
    let occupation_id = occupancy.prochaine_occupation_id();
    occupancy.verifier(occupation.propriete_id, occupation_id, Some(&occupation))?;
    Ok(OccupationEvent::OccupationAjoutee {
        occupation_id,
        propriete_id: occupation.propriete_id,
        occupant_id: occupation.occupant_id,
        type_occupation: occupation.type_occupation,
        date_debut: occupation.date_debut,
        date_fin: occupation.date_fin,
        is_payer: occupation.is_payer,
    })
}

fn modifier_occupation(
    livre: &GrandLivre,
    occupation_id: OccupationId,
    type_occupation: TypeOccupation,
    (date_debut, date_fin): (NaiveDate, Option<NaiveDate>),
    is_payer: bool,
) -> Result<OccupationEvent, OccupationError> {
    let occupancy = &livre.occupancy;
    let current = occupancy
        .occupation(occupation_id)
        .cloned()
        .ok_or(OccupationError::OccupationInconnue(occupation_id))?;
    let corrected = Occupation {
        type_occupation,
        date_debut,
        date_fin,
        is_payer,
        ..current
    };
    occupancy.verifier(corrected.propriete_id, occupation_id, Some(&corrected))?;
    Ok(OccupationEvent::OccupationModifiee {
        occupation_id,
        type_occupation,
        date_debut,
        date_fin,
        is_payer,
    })
}

/// Corrects the occupant's details and the occupation in one decision: if the second part
/// is refused, the first part's event is not recorded either (the ledger commits a command's
/// events together or not at all). Parts that change nothing write nothing. Both parts are
/// decided on the same state: the occupation's checks do not read the occupant's details.
fn corriger_occupation(
    livre: &GrandLivre,
    (occupation_id, occupant_id): (OccupationId, OccupantId),
    occupant: Occupant,
    (type_occupation, date_debut, date_fin, is_payer): (
        TypeOccupation,
        NaiveDate,
        Option<NaiveDate>,
        bool,
    ),
) -> Result<Vec<OccupationEvent>, OccupationError> {
    let occupation = livre
        .occupancy
        .occupation(occupation_id)
        .cloned()
        .ok_or(OccupationError::OccupationInconnue(occupation_id))?;
    if occupation.occupant_id != occupant_id {
        return Err(OccupationError::OccupantInconnu(occupant_id));
    }
    let wanted = Occupant {
        nom: occupant.nom.trim().to_owned(),
        tel: optionnel(occupant.tel),
        email: optionnel(occupant.email),
        sexe: occupant.sexe,
    };
    let mut events = Vec::new();
    if livre.occupancy.occupant(occupant_id) != Some(&wanted) {
        events.push(creer_occupant(livre, Some(occupant_id), wanted)?);
    }
    let unchanged = occupation.type_occupation == type_occupation
        && occupation.date_debut == date_debut
        && occupation.date_fin == date_fin
        && occupation.is_payer == is_payer;
    if !unchanged {
        events.push(modifier_occupation(
            livre,
            occupation_id,
            type_occupation,
            (date_debut, date_fin),
            is_payer,
        )?);
    }
    Ok(events)
}

fn supprimer_occupation(
    livre: &GrandLivre,
    occupation_id: OccupationId,
    aujourd_hui: NaiveDate,
) -> Result<OccupationEvent, OccupationError> {
    let occupancy = &livre.occupancy;
    let occupation = occupancy
        .occupation(occupation_id)
        .ok_or(OccupationError::OccupationInconnue(occupation_id))?;
    let propriete_id = occupation.propriete_id;
    let payeuse_aujourdhui = occupancy
        .occupation_payeuse(propriete_id, aujourd_hui)
        .map(|(id, _)| id);
    if payeuse_aujourdhui == Some(occupation_id) {
        return Err(OccupationError::OccupationPayeurNonSupprimable);
    }
    occupancy.verifier(propriete_id, occupation_id, None)?;
    Ok(OccupationEvent::OccupationSupprimee { occupation_id })
}
