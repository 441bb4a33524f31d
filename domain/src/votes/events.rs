//! What the council and the owners ask of a vote, and the facts it records. Event type names
//! are stored forever.

use chrono::NaiveDate;
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::{Choix, ChoixId, TypeChoix, UtilisateurId, Vote, VoteId, Votes};
use crate::occupation::OccupantId;

/// The question as the council writes it (creation and edit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub titre: String,
    pub description: String,
    pub type_choix: TypeChoix,
    /// A custom vote's choices as typed (blanks are dropped); ignored for a simple vote.
    pub choix: Vec<String>,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
}

/// Commands carry values already read field by field by the caller, with the residence's day
/// (`aujourdhui`) and who asks; the rules that need the votes' state (locks, who may change
/// what, one ballot per owner) are decided here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum VotesCommand {
    Creer {
        question: Question,
        createur: UtilisateurId,
        createur_nom: String,
        aujourdhui: NaiveDate,
    },
    Modifier {
        vote_id: VoteId,
        question: Question,
        auteur: UtilisateurId,
        aujourdhui: NaiveDate,
    },
    Supprimer {
        vote_id: VoteId,
        auteur: UtilisateurId,
        aujourdhui: NaiveDate,
    },
    /// An owner's first answer (`electeur`: the owner the caller is, read from the books).
    Voter {
        vote_id: VoteId,
        electeur: OccupantId,
        choix_id: ChoixId,
        aujourdhui: NaiveDate,
    },
    /// An owner changes his answer while the vote runs.
    ModifierBulletin {
        vote_id: VoteId,
        electeur: OccupantId,
        choix_id: ChoixId,
        aujourdhui: NaiveDate,
    },
}

/// The facts of the residence's votes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum VotesEvent {
    VoteCree {
        vote_id: VoteId,
        titre: String,
        description: String,
        type_choix: TypeChoix,
        choix: Vec<Choix>,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        createur: UtilisateurId,
        createur_nom: String,
    },
    VoteModifie {
        vote_id: VoteId,
        titre: String,
        description: String,
        type_choix: TypeChoix,
        choix: Vec<Choix>,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
    },
    VoteSupprime {
        vote_id: VoteId,
    },
    BulletinDepose {
        vote_id: VoteId,
        electeur: OccupantId,
        choix_id: ChoixId,
    },
    BulletinModifie {
        vote_id: VoteId,
        electeur: OccupantId,
        choix_id: ChoixId,
    },
}

impl VotesEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            VotesEvent::VoteCree { .. } => "VoteCree",
            VotesEvent::VoteModifie { .. } => "VoteModifie",
            VotesEvent::VoteSupprime { .. } => "VoteSupprime",
            VotesEvent::BulletinDepose { .. } => "BulletinDepose",
            VotesEvent::BulletinModifie { .. } => "BulletinModifie",
        }
    }
}

impl DomainEvent for VotesEvent {
    fn event_type(&self) -> String {
        VotesEvent::event_type(self).to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

impl Votes {
    fn noter_choix(&mut self, choix: &[Choix]) {
        if let Some(dernier) = choix.iter().map(|c| c.id).max() {
            self.dernier_choix = self.dernier_choix.max(dernier);
        }
    }

    /// Applies one fact (never refuses: facts happened).
    pub fn appliquer(&mut self, event: VotesEvent) {
        match event {
            VotesEvent::VoteCree {
                vote_id,
                titre,
                description,
                type_choix,
                choix,
                date_debut,
                date_fin,
                createur,
                createur_nom,
            } => {
                self.dernier_vote = self.dernier_vote.max(vote_id);
                self.noter_choix(&choix);
                self.votes.insert(
                    vote_id,
                    Vote {
                        id: vote_id,
                        titre,
                        description,
                        type_choix,
                        choix,
                        date_debut,
                        date_fin,
                        createur,
                        createur_nom,
                        bulletins: Default::default(),
                    },
                );
            }
            VotesEvent::VoteModifie {
                vote_id,
                titre,
                description,
                type_choix,
                choix,
                date_debut,
                date_fin,
            } => {
                self.noter_choix(&choix);
                if let Some(vote) = self.votes.get_mut(&vote_id) {
                    vote.titre = titre;
                    vote.description = description;
                    vote.type_choix = type_choix;
                    vote.choix = choix;
                    vote.date_debut = date_debut;
                    vote.date_fin = date_fin;
                }
            }
            VotesEvent::VoteSupprime { vote_id } => {
                self.votes.remove(&vote_id);
            }
            VotesEvent::BulletinDepose {
                vote_id,
                electeur,
                choix_id,
            }
            | VotesEvent::BulletinModifie {
                vote_id,
                electeur,
                choix_id,
            } => {
                if let Some(vote) = self.votes.get_mut(&vote_id) {
                    vote.bulletins.insert(electeur, choix_id);
                }
            }
        }
    }
}
