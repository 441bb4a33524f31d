//! The ledger's occupancy decisions: occupants and occupation periods (rules in
//! [`crate::occupation`]).

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;

use super::{GrandLivre, GrandLivreError, GrandLivreEvent};
use crate::occupation::{
    email_valide, tel_valide, Occupant, OccupantId, Occupation, OccupationError, OccupationId,
    Sexe, TypeOccupation,
};

/// Trims an optional text field; empty means absent.
fn optionnel(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

impl GrandLivre {
    /// Creates an occupant (`existant` = `None`) or corrects one.
    pub(super) async fn creer_occupant(
        &mut self,
        existant: Option<OccupantId>,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        if let Some(id) = existant {
            if self.occupancy.occupant(id).is_none() {
                return Err(GrandLivreError::OccupantInconnu(id));
            }
        }
        let nom = nom.trim().to_owned();
        if nom.is_empty() || nom.chars().count() > 100 {
            return Err(GrandLivreError::OccupantNomInvalide);
        }
        let tel = optionnel(tel);
        let email = optionnel(email);
        if tel.as_deref().is_some_and(|t| !tel_valide(t)) {
            return Err(GrandLivreError::TelInvalide);
        }
        if email.as_deref().is_some_and(|e| !email_valide(e)) {
            return Err(GrandLivreError::EmailInvalide);
        }
        if tel
            .as_deref()
            .is_some_and(|t| self.occupancy.tel_pris(t, existant))
        {
            return Err(GrandLivreError::TelDejaUtilise);
        }
        let event = match existant {
            None => GrandLivreEvent::OccupantCree {
                occupant_id: self.occupancy.prochain_occupant_id(),
                nom,
                tel,
                email,
                sexe,
            },
            Some(occupant_id) => GrandLivreEvent::OccupantModifie {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            },
        };
        sink.write(event, self).await;
        Ok(())
    }

    pub(super) async fn ajouter_occupation(
        &mut self,
        occupation: Occupation,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        if self.proprietes.get(occupation.propriete_id).is_none() {
            return Err(GrandLivreError::ProprieteInconnue(occupation.propriete_id));
        }
        if self.occupancy.occupant(occupation.occupant_id).is_none() {
            return Err(GrandLivreError::OccupantInconnu(occupation.occupant_id));
        }
        let occupation_id = self.occupancy.prochaine_occupation_id();
        self.occupancy
            .verifier(occupation.propriete_id, occupation_id, Some(&occupation))?;
        let event = GrandLivreEvent::OccupationAjoutee {
            occupation_id,
            propriete_id: occupation.propriete_id,
            occupant_id: occupation.occupant_id,
            type_occupation: occupation.type_occupation,
            date_debut: occupation.date_debut,
            date_fin: occupation.date_fin,
            is_payer: occupation.is_payer,
        };
        sink.write(event, self).await;
        Ok(())
    }

    pub(super) async fn modifier_occupation(
        &mut self,
        occupation_id: OccupationId,
        type_occupation: TypeOccupation,
        (date_debut, date_fin): (NaiveDate, Option<NaiveDate>),
        is_payer: bool,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let current = self
            .occupancy
            .occupation(occupation_id)
            .cloned()
            .ok_or(GrandLivreError::OccupationInconnue(occupation_id))?;
        let corrected = Occupation {
            type_occupation,
            date_debut,
            date_fin,
            is_payer,
            ..current
        };
        self.occupancy
            .verifier(corrected.propriete_id, occupation_id, Some(&corrected))?;
        let event = GrandLivreEvent::OccupationModifiee {
            occupation_id,
            type_occupation,
            date_debut,
            date_fin,
            is_payer,
        };
        sink.write(event, self).await;
        Ok(())
    }

    /// Corrects the occupant's details and the occupation in one decision: if the second part
    /// is refused, the first part's event is not recorded either (the ledger commits a
    /// command's events together or not at all). Parts that change nothing write nothing.
    pub(super) async fn corriger_occupation(
        &mut self,
        (occupation_id, occupant_id): (OccupationId, OccupantId),
        occupant: Occupant,
        (type_occupation, date_debut, date_fin, is_payer): (
            TypeOccupation,
            NaiveDate,
            Option<NaiveDate>,
            bool,
        ),
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let occupation = self
            .occupancy
            .occupation(occupation_id)
            .cloned()
            .ok_or(GrandLivreError::OccupationInconnue(occupation_id))?;
        if occupation.occupant_id != occupant_id {
            return Err(GrandLivreError::OccupantInconnu(occupant_id));
        }
        let wanted = Occupant {
            nom: occupant.nom.trim().to_owned(),
            tel: optionnel(occupant.tel),
            email: optionnel(occupant.email),
            sexe: occupant.sexe,
        };
        if self.occupancy.occupant(occupant_id) != Some(&wanted) {
            self.creer_occupant(
                Some(occupant_id),
                wanted.nom,
                wanted.tel,
                wanted.email,
                wanted.sexe,
                sink,
            )
            .await?;
        }
        let unchanged = occupation.type_occupation == type_occupation
            && occupation.date_debut == date_debut
            && occupation.date_fin == date_fin
            && occupation.is_payer == is_payer;
        if !unchanged {
            self.modifier_occupation(
                occupation_id,
                type_occupation,
                (date_debut, date_fin),
                is_payer,
                sink,
            )
            .await?;
        }
        Ok(())
    }

    pub(super) async fn supprimer_occupation(
        &mut self,
        occupation_id: OccupationId,
        aujourd_hui: NaiveDate,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let occupation = self
            .occupancy
            .occupation(occupation_id)
            .ok_or(GrandLivreError::OccupationInconnue(occupation_id))?;
        let propriete_id = occupation.propriete_id;
        let payeuse_aujourdhui = self
            .occupancy
            .occupation_payeuse(propriete_id, aujourd_hui)
            .map(|(id, _)| id);
        if payeuse_aujourdhui == Some(occupation_id) {
            return Err(OccupationError::OccupationPayeurNonSupprimable.into());
        }
        self.occupancy.verifier(propriete_id, occupation_id, None)?;
        sink.write(GrandLivreEvent::OccupationSupprimee { occupation_id }, self)
            .await;
        Ok(())
    }
}
