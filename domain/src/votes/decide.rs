//! The votes' decisions: each command checked against the vote's days, its lock and who asks
//! (spec 3 §4 "Vote", §5, §6), answered with its facts or its refusal.

use std::collections::BTreeSet;

use chrono::NaiveDate;

use super::events::{Question, VotesCommand, VotesEvent};
use super::{
    Choix, ChoixId, EtatVote, TypeChoix, UtilisateurId, Vote, VoteId, Votes, VotesError, CHOIX_MAX,
    CHOIX_MIN, CHOIX_SIMPLES,
};

type Decision = Result<Vec<VotesEvent>, VotesError>;

impl Vote {
    /// Only the creator changes or deletes a vote, only while nobody has answered and it is
    /// not finished ("closed votes never change").
    fn modifiable_par(
        &self,
        auteur: UtilisateurId,
        aujourdhui: NaiveDate,
    ) -> Result<(), VotesError> {
        if self.createur != auteur {
            return Err(VotesError::CreateurRequis);
        }
        if self.etat(aujourdhui) == EtatVote::Termine {
            return Err(VotesError::VoteTermine);
        }
        if !self.bulletins.is_empty() {
            return Err(VotesError::VoteVerrouille);
        }
        Ok(())
    }

    /// An answer is given while the vote runs, and is one of its choices.
    fn accepte(&self, choix_id: ChoixId, aujourdhui: NaiveDate) -> Result<(), VotesError> {
        match self.etat(aujourdhui) {
            EtatVote::AVenir => return Err(VotesError::VoteNonOuvert),
            EtatVote::Termine => return Err(VotesError::VoteTermine),
            EtatVote::EnCours => {}
        }
        if self.choix(choix_id).is_none() {
            return Err(VotesError::ChoixInconnu(choix_id));
        }
        Ok(())
    }
}

impl Votes {
    fn vote(&self, id: VoteId) -> Result<&Vote, VotesError> {
        self.get(id).ok_or(VotesError::VoteInconnu(id))
    }

    /// The question's days and choices checked, its choices numbered from the residence's
    /// next choice id.
    fn choix_de(
        &self,
        question: &Question,
        aujourdhui: NaiveDate,
    ) -> Result<Vec<Choix>, VotesError> {
        if question.date_fin < question.date_debut {
            return Err(VotesError::FinAvantDebut);
        }
        if question.date_fin < aujourdhui {
            return Err(VotesError::DateFinPassee);
        }
        let textes: Vec<String> = match question.type_choix {
            TypeChoix::Simple => CHOIX_SIMPLES.map(str::to_owned).to_vec(),
            TypeChoix::Custom => {
                let textes: Vec<String> = question
                    .choix
                    .iter()
                    .map(|texte| texte.trim().to_owned())
                    .filter(|texte| !texte.is_empty())
                    .collect();
                if textes.len() < CHOIX_MIN {
                    return Err(VotesError::ChoixInvalides);
                }
                if textes.len() > CHOIX_MAX {
                    return Err(VotesError::TropDeChoix);
                }
                let distincts: BTreeSet<String> =
                    textes.iter().map(|texte| texte.to_lowercase()).collect();
                if distincts.len() < textes.len() {
                    return Err(VotesError::ChoixEnDouble);
                }
                textes
            }
        };
        Ok(self
            .prochains_choix()
            .zip(textes)
            .map(|(id, texte)| Choix { id, texte })
            .collect())
    }

    pub fn decide(&self, command: VotesCommand) -> Decision {
        match command {
            VotesCommand::Creer {
                question,
                createur,
                createur_nom,
                aujourdhui,
            } => {
                let choix = self.choix_de(&question, aujourdhui)?;
                Ok(vec![VotesEvent::VoteCree {
                    vote_id: self.prochain_id(),
                    titre: question.titre,
                    description: question.description,
                    type_choix: question.type_choix,
                    choix,
                    date_debut: question.date_debut,
                    date_fin: question.date_fin,
                    createur,
                    createur_nom,
                }])
            }
            VotesCommand::Modifier {
                vote_id,
                question,
                auteur,
                aujourdhui,
            } => {
                self.vote(vote_id)?.modifiable_par(auteur, aujourdhui)?;
                let choix = self.choix_de(&question, aujourdhui)?;
                Ok(vec![VotesEvent::VoteModifie {
                    vote_id,
                    titre: question.titre,
                    description: question.description,
                    type_choix: question.type_choix,
                    choix,
                    date_debut: question.date_debut,
                    date_fin: question.date_fin,
                }])
            }
            VotesCommand::Supprimer {
                vote_id,
                auteur,
                aujourdhui,
            } => {
                self.vote(vote_id)?.modifiable_par(auteur, aujourdhui)?;
                Ok(vec![VotesEvent::VoteSupprime { vote_id }])
            }
            VotesCommand::Voter {
                vote_id,
                electeur,
                choix_id,
                aujourdhui,
            } => {
                let vote = self.vote(vote_id)?;
                vote.accepte(choix_id, aujourdhui)?;
                if vote.bulletins.contains_key(&electeur) {
                    return Err(VotesError::DejaVote);
                }
                Ok(vec![VotesEvent::BulletinDepose {
                    vote_id,
                    electeur,
                    choix_id,
                }])
            }
            VotesCommand::ModifierBulletin {
                vote_id,
                electeur,
                choix_id,
                aujourdhui,
            } => {
                let vote = self.vote(vote_id)?;
                vote.accepte(choix_id, aujourdhui)?;
                if !vote.bulletins.contains_key(&electeur) {
                    return Err(VotesError::PasEncoreVote);
                }
                Ok(vec![VotesEvent::BulletinModifie {
                    vote_id,
                    electeur,
                    choix_id,
                }])
            }
        }
    }
}
