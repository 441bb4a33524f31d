//! The assemblies' decisions: each command checked against the meeting's step and locks
//! (spec 3 §4 "Meeting step progression"), answered with its facts or its refusal.

use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate};

use super::events::{AssembleesCommand, AssembleesEvent, PointEnregistre};
use super::{
    Assemblee, AssembleeId, Assemblees, AssembleesError, PieceAssemblee, Presence, Resolution,
    RoleSignataire, StatutPresence, TypeVote, CHOIX_MAX, CHOIX_MIN, TITRE_POINT_MIN,
};

type Decision = Result<Vec<AssembleesEvent>, AssembleesError>;

/// A meeting's date lies between 1 January of last year and 31 December of next year (spec 3
/// §5, §9).
pub(crate) fn date_dans_la_plage(date: NaiveDate, aujourdhui: NaiveDate) -> bool {
    let annee = aujourdhui.year();
    (annee - 1..=annee + 1).contains(&date.year())
}

fn titre_de_point_valide(titre: &str) -> bool {
    titre.trim().chars().count() >= TITRE_POINT_MIN
}

impl Assemblee {
    /// Refuses everything once the meeting is finished.
    fn modifiable(&self) -> Result<(), AssembleesError> {
        if self.terminee {
            return Err(AssembleesError::AssembleeTerminee);
        }
        Ok(())
    }

    /// Step 1 (general information, agenda, attached documents) is locked by the convocation.
    fn preparation_modifiable(&self) -> Result<(), AssembleesError> {
        self.modifiable()?;
        if self.est_convoquee() {
            return Err(AssembleesError::AssembleeConvoquee);
        }
        Ok(())
    }

    /// The meeting has reached `etape` and is not finished.
    fn a_l_etape(&self, etape: u8) -> Result<(), AssembleesError> {
        self.modifiable()?;
        if self.etape() < etape {
            return Err(AssembleesError::EtapeNonAtteinte { etape });
        }
        Ok(())
    }
}

impl Assemblees {
    fn assemblee(&self, id: AssembleeId) -> Result<&Assemblee, AssembleesError> {
        self.get(id).ok_or(AssembleesError::AssembleeInconnue(id))
    }

    pub fn decide(&self, command: AssembleesCommand) -> Decision {
        match command {
            AssembleesCommand::Creer {
                titre,
                lieu,
                date,
                heure,
                aujourdhui,
            } => {
                if !date_dans_la_plage(date, aujourdhui) {
                    return Err(AssembleesError::DateHorsPlage);
                }
                Ok(vec![AssembleesEvent::AssembleeCreee {
                    assemblee_id: self.prochain_id(),
                    titre,
                    lieu,
                    date,
                    heure,
                }])
            }
            AssembleesCommand::ModifierInfosGenerales {
                assemblee_id,
                titre,
                lieu,
                date,
                heure,
                aujourdhui,
            } => {
                self.assemblee(assemblee_id)?.preparation_modifiable()?;
                if !date_dans_la_plage(date, aujourdhui) {
                    return Err(AssembleesError::DateHorsPlage);
                }
                Ok(vec![AssembleesEvent::InfosGeneralesModifiees {
                    assemblee_id,
                    titre,
                    lieu,
                    date,
                    heure,
                }])
            }
            AssembleesCommand::Supprimer { assemblee_id } => {
                if self.assemblee(assemblee_id)?.etape() >= 3 {
                    return Err(AssembleesError::AssembleeNonSupprimable);
                }
                Ok(vec![AssembleesEvent::AssembleeSupprimee { assemblee_id }])
            }
            AssembleesCommand::AjouterPiecesJointes {
                assemblee_id,
                pieces,
            } => {
                self.assemblee(assemblee_id)?.preparation_modifiable()?;
                let pieces = self
                    .prochaines_pieces()
                    .zip(pieces)
                    .map(|(id, piece)| PieceAssemblee { id, piece })
                    .collect();
                Ok(vec![AssembleesEvent::PiecesJointesAjoutees {
                    assemblee_id,
                    pieces,
                }])
            }
            AssembleesCommand::RetirerPieceJointe { piece_id } => {
                let assemblee = self
                    .assemblee_de_la_piece(piece_id)
                    .ok_or(AssembleesError::PieceInconnue(piece_id))?;
                assemblee.preparation_modifiable()?;
                Ok(vec![AssembleesEvent::PieceJointeRetiree {
                    assemblee_id: assemblee.id,
                    piece_id,
                }])
            }
            AssembleesCommand::EnregistrerOrdreDuJour {
                assemblee_id,
                points,
            } => {
                self.assemblee(assemblee_id)?.preparation_modifiable()?;
                if points
                    .iter()
                    .any(|point| !titre_de_point_valide(&point.titre))
                {
                    return Err(AssembleesError::TitrePointInvalide);
                }
                let points = self
                    .prochains_points()
                    .zip(points)
                    .map(|(point_id, point)| PointEnregistre {
                        point_id,
                        titre: point.titre.trim().to_owned(),
                        projet_resolution: point.projet_resolution.trim().to_owned(),
                    })
                    .collect();
                Ok(vec![AssembleesEvent::OrdreDuJourEnregistre {
                    assemblee_id,
                    points,
                }])
            }
            AssembleesCommand::EnregistrerConvocation {
                assemblee_id,
                methode,
                date,
            } => {
                let assemblee = self.assemblee(assemblee_id)?;
                assemblee.modifiable()?;
                if assemblee.etape() < 2 {
                    return Err(AssembleesError::OrdreDuJourVide);
                }
                let mut events = vec![AssembleesEvent::ConvocationEnregistree {
                    assemblee_id,
                    methode,
                    date,
                }];
                if assemblee.methode_convocation != Some(methode) {
                    events.push(AssembleesEvent::CoproprietairesConvoques {
                        assemblee_id,
                        methode,
                    });
                }
                Ok(events)
            }
            AssembleesCommand::EnregistrerDebut {
                assemblee_id,
                date,
                heure,
            } => {
                self.assemblee(assemblee_id)?.a_l_etape(3)?;
                Ok(vec![AssembleesEvent::DebutEnregistre {
                    assemblee_id,
                    date,
                    heure,
                }])
            }
            AssembleesCommand::EnregistrerPresences {
                assemblee_id,
                coproprietaires,
                presences,
            } => {
                self.assemblee(assemblee_id)?.a_l_etape(3)?;
                let connus: BTreeSet<_> = coproprietaires
                    .iter()
                    .map(|coproprietaire| coproprietaire.occupant_id)
                    .collect();
                let mut vus = BTreeSet::new();
                let mut retenues = Vec::new();
                for presence in presences {
                    if !connus.contains(&presence.occupant_id) || !vus.insert(presence.occupant_id)
                    {
                        return Err(AssembleesError::CoproprietaireInconnu(presence.occupant_id));
                    }
                    let representant = (presence.statut == StatutPresence::Represente)
                        .then_some(presence.representant)
                        .flatten();
                    retenues.push(Presence {
                        representant,
                        ..presence
                    });
                }
                if !retenues.iter().any(|presence| presence.statut.vote()) {
                    return Err(AssembleesError::AucunPresent);
                }
                retenues.sort_by_key(|presence| presence.occupant_id);
                Ok(vec![AssembleesEvent::PresencesEnregistrees {
                    assemblee_id,
                    coproprietaires,
                    presences: retenues,
                }])
            }
            AssembleesCommand::AjouterPointInfo {
                assemblee_id,
                titre,
            } => {
                self.assemblee(assemblee_id)?.a_l_etape(3)?;
                if !titre_de_point_valide(&titre) {
                    return Err(AssembleesError::TitrePointInvalide);
                }
                Ok(vec![AssembleesEvent::PointInfoAjoute {
                    assemblee_id,
                    point_id: self.prochains_points().next().unwrap_or(1),
                    titre: titre.trim().to_owned(),
                }])
            }
            AssembleesCommand::RenommerPoint { point_id, titre } => {
                let assemblee = self
                    .assemblee_du_point(point_id)
                    .ok_or(AssembleesError::PointInconnu(point_id))?;
                assemblee.modifiable()?;
                if !titre_de_point_valide(&titre) {
                    return Err(AssembleesError::TitrePointInvalide);
                }
                Ok(vec![AssembleesEvent::PointRenomme {
                    assemblee_id: assemblee.id,
                    point_id,
                    titre: titre.trim().to_owned(),
                }])
            }
            AssembleesCommand::SupprimerPointInfo { point_id } => {
                let assemblee = self
                    .assemblee_du_point(point_id)
                    .ok_or(AssembleesError::PointInconnu(point_id))?;
                assemblee.modifiable()?;
                if assemblee
                    .point(point_id)
                    .is_some_and(|point| !point.is_info)
                {
                    return Err(AssembleesError::PointNonSupprimable);
                }
                Ok(vec![AssembleesEvent::PointInfoSupprime {
                    assemblee_id: assemblee.id,
                    point_id,
                }])
            }
            AssembleesCommand::VoterResolution {
                assemblee_id,
                point_id,
                resolution_id,
                texte,
                type_vote,
                votes,
                voix_preponderante,
            } => {
                let assemblee = self.assemblee(assemblee_id)?;
                assemblee.a_l_etape(3)?;
                let point = assemblee
                    .point(point_id)
                    .ok_or(AssembleesError::PointInconnu(point_id))?;
                if point.is_info {
                    return Err(AssembleesError::PointInformation);
                }
                if !assemblee.presences_enregistrees() {
                    return Err(AssembleesError::PresencesNonEnregistrees);
                }
                let (id, numero) = match resolution_id {
                    Some(id) => point
                        .resolutions
                        .iter()
                        .find(|resolution| resolution.id == id)
                        .map(|resolution| (id, resolution.numero))
                        .ok_or(AssembleesError::ResolutionInconnue(id))?,
                    None => (
                        self.prochaine_resolution(),
                        u32::try_from(point.resolutions.len() + 1).unwrap_or(u32::MAX),
                    ),
                };
                let type_vote = match type_vote {
                    TypeVote::Simple => TypeVote::Simple,
                    TypeVote::Multiple { choix } => {
                        let choix: Vec<String> = choix
                            .iter()
                            .map(|choix| choix.trim().to_owned())
                            .filter(|choix| !choix.is_empty())
                            .collect();
                        let distincts: BTreeSet<&String> = choix.iter().collect();
                        if !(CHOIX_MIN..=CHOIX_MAX).contains(&choix.len())
                            || distincts.len() != choix.len()
                        {
                            return Err(AssembleesError::ChoixInvalides);
                        }
                        TypeVote::Multiple { choix }
                    }
                };
                let votants = assemblee.votants();
                let options = type_vote.options();
                for (occupant, vote) in &votes {
                    if !votants.contains(occupant) || !options.contains(vote) {
                        return Err(AssembleesError::VoteInvalide);
                    }
                }
                if votants.iter().any(|occupant| !votes.contains_key(occupant)) {
                    return Err(AssembleesError::VotesIncomplets);
                }
                Ok(vec![AssembleesEvent::ResolutionVotee {
                    assemblee_id,
                    point_id,
                    resolution: Resolution {
                        id,
                        numero,
                        texte: texte.trim().to_owned(),
                        type_vote,
                        votes,
                        voix_preponderante,
                    },
                }])
            }
            AssembleesCommand::EnregistrerInfosFinales {
                assemblee_id,
                infos,
            } => {
                let assemblee = self.assemblee(assemblee_id)?;
                assemblee.a_l_etape(5)?;
                for signataire in &infos.signataires {
                    let statut = assemblee.statut_de(signataire.occupant_id);
                    let attendu = match signataire.role {
                        RoleSignataire::Scrutateur => statut == StatutPresence::Present,
                        RoleSignataire::President | RoleSignataire::Secretaire => statut.vote(),
                    };
                    if !attendu {
                        return Err(AssembleesError::SignataireNonPresent(
                            signataire.occupant_id,
                        ));
                    }
                }
                let a_le_role = |role| infos.signataires.iter().any(|s| s.role == role);
                if !a_le_role(RoleSignataire::President) || !a_le_role(RoleSignataire::Secretaire) {
                    return Err(AssembleesError::InfosFinalesManquantes);
                }
                let debut = (assemblee.date_debut, assemblee.heure_debut.clone());
                if let (Some(date_debut), Some(heure_debut)) = debut {
                    if (infos.date_fin, &infos.heure_fin) < (date_debut, &heure_debut) {
                        return Err(AssembleesError::FinAvantDebut);
                    }
                }
                Ok(vec![AssembleesEvent::InfosFinalesEnregistrees {
                    assemblee_id,
                    infos,
                }])
            }
            AssembleesCommand::DeposerPvSigne {
                assemblee_id,
                piece,
            } => {
                self.assemblee(assemblee_id)?.a_l_etape(5)?;
                let piece = self.piece_suivante(piece);
                Ok(vec![AssembleesEvent::PvSigneDepose {
                    assemblee_id,
                    piece,
                }])
            }
            AssembleesCommand::DeposerPresenceSignee {
                assemblee_id,
                piece,
            } => {
                self.assemblee(assemblee_id)?.a_l_etape(5)?;
                let piece = self.piece_suivante(piece);
                Ok(vec![AssembleesEvent::PresenceSigneeDeposee {
                    assemblee_id,
                    piece,
                }])
            }
            AssembleesCommand::Terminer { assemblee_id } => {
                let assemblee = self.assemblee(assemblee_id)?;
                assemblee.a_l_etape(5)?;
                if assemblee.infos_finales.is_none() {
                    return Err(AssembleesError::InfosFinalesManquantes);
                }
                if assemblee.pv_signe.is_none() {
                    return Err(AssembleesError::PvSigneManquant);
                }
                if assemblee.presence_signee.is_none() {
                    return Err(AssembleesError::PresenceSigneeManquante);
                }
                Ok(vec![AssembleesEvent::AssembleeTerminee { assemblee_id }])
            }
        }
    }

    fn piece_suivante(&self, piece: crate::document::PieceJointe) -> PieceAssemblee {
        PieceAssemblee {
            id: self.prochaines_pieces().next().unwrap_or(1),
            piece,
        }
    }
}
