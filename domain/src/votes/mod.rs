//! Votes, the consultations outside assemblies (spec 3 §2.6, §2.11 "Votes", §3 "Vote", §4
//! "Vote", §5, §6, §7 "Votes"): the council asks a question (pour / contre / abstention, or 2 to
//! 5 choices of its own) open from a first to a last day; each owner answers once, and may
//! change the answer while the vote runs.
//!
//! A vote's result must be provable later (who answered what, when), so votes are events with
//! the books' hash chain, but not in the books' stream (ADR 0005): [`Votes`] is an aggregate of
//! its own on the same generic ledger, one stream per residence (aggregate type `votes`, id the
//! residence id) holding every vote of the residence, as the assemblies do. One stream per
//! residence keeps ids sequential per residence and the list one replay away; a ballot never
//! queues behind the books' commands nor the books' behind it.
//!
//! Who answers: each **owner** (an occupant owning at least one property on the day, read from
//! the books by the caller and carried by the command), one ballot whatever the number of
//! properties; the results list every property with its owner(s) and each owner's answer
//! ([`Vote::resultats`]). The days (`aujourdhui`) come with the commands: the residence's clock
//! is the caller's.

mod decide;
mod events;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use crate::grand_livre::GrandLivre;
use crate::occupation::{OccupantId, TypeOccupation};
use crate::propriete::ProprieteId;
use crate::CodeErreur;

pub use events::{Question, VotesCommand, VotesEvent};

pub type VoteId = i64;
pub type ChoixId = i64;
/// A user of the residence (the identity's id: the creator is a user, not an occupant).
pub type UtilisateurId = i64;

/// A custom vote's choices, at least and at most (spec 3 §5, §9: five input slots).
pub const CHOIX_MIN: usize = 2;
pub const CHOIX_MAX: usize = 5;

/// A simple vote's choices, in this order (spec 3 §9 "simple type is yes/no/abstain"); the
/// client translates them.
pub const CHOIX_SIMPLES: [&str; 3] = ["pour", "contre", "abstention"];

/// The kind of question (spec 3 §3 `type_choix`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeChoix {
    /// pour / contre / abstention.
    Simple,
    /// 2 to 5 choices of the council's.
    Custom,
}

impl TypeChoix {
    pub fn code(self) -> &'static str {
        match self {
            TypeChoix::Simple => "simple",
            TypeChoix::Custom => "custom",
        }
    }

    pub fn lire(code: &str) -> Option<Self> {
        match code {
            "simple" => Some(TypeChoix::Simple),
            "custom" => Some(TypeChoix::Custom),
            _ => None,
        }
    }
}

/// One answer a vote offers, with its id (unique among the residence's votes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choix {
    pub id: ChoixId,
    pub texte: String,
}

/// Where a vote stands on a day (spec 3 §3 `is_active`: 0 not yet, 1 running, 2 finished).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum EtatVote {
    AVenir = 0,
    EnCours = 1,
    Termine = 2,
}

impl EtatVote {
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// One vote as its events made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub id: VoteId,
    pub titre: String,
    pub description: String,
    pub type_choix: TypeChoix,
    pub choix: Vec<Choix>,
    /// The first day it runs (its publication day) and the last, both included.
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    pub createur: UtilisateurId,
    /// The creator's name when the vote was created.
    pub createur_nom: String,
    /// Each owner's current answer.
    pub bulletins: BTreeMap<OccupantId, ChoixId>,
}

impl Vote {
    /// Before its first day, during its days, after its last (the residence's `aujourdhui`).
    pub fn etat(&self, aujourdhui: NaiveDate) -> EtatVote {
        if aujourdhui < self.date_debut {
            EtatVote::AVenir
        } else if aujourdhui <= self.date_fin {
            EtatVote::EnCours
        } else {
            EtatVote::Termine
        }
    }

    /// "Modification verrouillée": from the first owner's answer, and once finished, the vote
    /// itself never changes again (spec 3 §4).
    pub fn est_verrouille(&self, aujourdhui: NaiveDate) -> bool {
        !self.bulletins.is_empty() || self.etat(aujourdhui) == EtatVote::Termine
    }

    pub fn choix(&self, id: ChoixId) -> Option<&Choix> {
        self.choix.iter().find(|choix| choix.id == id)
    }

    pub fn bulletin(&self, electeur: OccupantId) -> Option<&Choix> {
        self.bulletins
            .get(&electeur)
            .and_then(|choix_id| self.choix(*choix_id))
    }

    /// The day whose owners the results count: today while the vote runs, its last day once
    /// finished (the owners who could answer until the end), its first before it opens.
    pub fn jour_du_decompte(&self, aujourdhui: NaiveDate) -> NaiveDate {
        aujourdhui.clamp(self.date_debut, self.date_fin)
    }

    /// The results among `proprietaires` (every property with its owner(s) on
    /// [`Vote::jour_du_decompte`], from [`proprietaires_a`]): each owner counts once, with his
    /// current answer; an answer of someone who is no longer an owner that day is not counted
    /// (the property's new owner answers for it).
    pub fn resultats(&self, proprietaires: &[ProprietaireVotant]) -> Resultats {
        let electeurs: BTreeSet<OccupantId> = proprietaires.iter().map(|p| p.occupant_id).collect();
        let mut decompte: Vec<(Choix, u32)> =
            self.choix.iter().cloned().map(|choix| (choix, 0)).collect();
        let mut votants = 0_u32;
        for electeur in &electeurs {
            if let Some(choix_id) = self.bulletins.get(electeur) {
                votants += 1;
                if let Some((_, count)) = decompte.iter_mut().find(|(c, _)| c.id == *choix_id) {
                    *count += 1;
                }
            }
        }
        let maximum = decompte.iter().map(|(_, count)| *count).max().unwrap_or(0);
        let majorite = if maximum == 0 {
            Vec::new()
        } else {
            decompte
                .iter()
                .filter(|(_, count)| *count == maximum)
                .map(|(choix, _)| choix.clone())
                .collect()
        };
        let proprietaires_comptes = u32::try_from(electeurs.len()).unwrap_or(u32::MAX);
        // Hundredths of a percent, rounded half up, in whole numbers (no float in the domain).
        let participation_centiemes = if proprietaires_comptes == 0 {
            0
        } else {
            let (votants, proprietaires) = (u64::from(votants), u64::from(proprietaires_comptes));
            let centiemes = (votants * 20_000 + proprietaires) / (2 * proprietaires);
            u32::try_from(centiemes).unwrap_or(10_000)
        };
        let reponses = proprietaires
            .iter()
            .map(|p| Reponse {
                propriete_id: p.propriete_id,
                propriete_nom: p.propriete_nom.clone(),
                occupant_id: p.occupant_id,
                occupant_nom: p.occupant_nom.clone(),
                choix: self.bulletin(p.occupant_id).cloned(),
            })
            .collect();
        Resultats {
            decompte,
            proprietaires: proprietaires_comptes,
            votants,
            participation_centiemes,
            majorite,
            reponses,
        }
    }
}

/// A property and one of its owners on a day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProprietaireVotant {
    pub propriete_id: ProprieteId,
    pub propriete_nom: String,
    pub occupant_id: OccupantId,
    pub occupant_nom: String,
}

/// One row of the results' table (spec 3 §2.6 "responses per property/owner").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reponse {
    pub propriete_id: ProprieteId,
    pub propriete_nom: String,
    pub occupant_id: OccupantId,
    pub occupant_nom: String,
    /// `None`: "pas encore".
    pub choix: Option<Choix>,
}

/// A vote's results (spec 3 §3 "Vote results").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resultats {
    /// Every choice in order with its number of answers.
    pub decompte: Vec<(Choix, u32)>,
    /// The owners counted, and those who answered.
    pub proprietaires: u32,
    pub votants: u32,
    /// `votants` out of `proprietaires`, in hundredths of a percent (0–10000: 6667 is 66.67 %).
    pub participation_centiemes: u32,
    /// The choice(s) with the most answers, all those tied; none before the first answer.
    pub majorite: Vec<Choix>,
    /// Every property with each of its owners, by property name.
    pub reponses: Vec<Reponse>,
}

/// Every property with its owner(s) on `date`, by property name then owner name (the results'
/// rows; the owners are the electorate).
pub fn proprietaires_a(livre: &GrandLivre, date: NaiveDate) -> Vec<ProprietaireVotant> {
    let mut lignes: Vec<ProprietaireVotant> = livre
        .occupancy
        .occupations()
        .filter(|(_, occupation)| {
            occupation.type_occupation == TypeOccupation::Proprietaire && occupation.couvre(date)
        })
        .filter_map(|(_, occupation)| {
            let propriete = livre.proprietes.get(occupation.propriete_id)?;
            let occupant = livre.occupancy.occupant(occupation.occupant_id)?;
            Some(ProprietaireVotant {
                propriete_id: occupation.propriete_id,
                propriete_nom: propriete.nom.clone(),
                occupant_id: occupation.occupant_id,
                occupant_nom: occupant.nom.clone(),
            })
        })
        .collect();
    lignes.sort_by(|a, b| {
        (
            &a.propriete_nom,
            a.propriete_id,
            &a.occupant_nom,
            a.occupant_id,
        )
            .cmp(&(
                &b.propriete_nom,
                b.propriete_id,
                &b.occupant_nom,
                b.occupant_id,
            ))
    });
    lignes.dedup_by(|a, b| a.propriete_id == b.propriete_id && a.occupant_id == b.occupant_id);
    lignes
}

/// The occupants a user is: those with the user's phone number (docs/domain.md "Occupants").
pub fn occupants_du_tel(livre: &GrandLivre, tel: &str) -> BTreeSet<OccupantId> {
    livre
        .occupancy
        .occupants()
        .filter(|(_, occupant)| occupant.tel.as_deref() == Some(tel))
        .map(|(id, _)| id)
        .collect()
}

/// The owner a user answers as: the occupant with the user's phone number when he owns a
/// property on `date`; `None` for anyone else (a tenant, a council member who owns nothing).
pub fn electeur_a(livre: &GrandLivre, tel: &str, date: NaiveDate) -> Option<OccupantId> {
    let occupants = occupants_du_tel(livre, tel);
    proprietaires_a(livre, date)
        .into_iter()
        .map(|p| p.occupant_id)
        .find(|id| occupants.contains(id))
}

/// Every vote of one residence: the aggregate of the residence's `votes` stream.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Votes {
    votes: BTreeMap<VoteId, Vote>,
    /// Ids are never reused (a deleted vote's id stays deleted in the journal).
    dernier_vote: VoteId,
    dernier_choix: ChoixId,
}

impl Votes {
    pub fn get(&self, id: VoteId) -> Option<&Vote> {
        self.votes.get(&id)
    }

    /// Every vote, by id.
    pub fn tous(&self) -> impl Iterator<Item = &Vote> {
        self.votes.values()
    }

    pub fn prochain_id(&self) -> VoteId {
        self.dernier_vote + 1
    }

    pub fn prochains_choix(&self) -> impl Iterator<Item = ChoixId> {
        (self.dernier_choix + 1)..
    }
}

impl Aggregate for Votes {
    const TYPE: &'static str = "votes";
    type Command = VotesCommand;
    type Event = VotesEvent;
    type Error = VotesError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for event in self.decide(command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.appliquer(event);
    }
}

/// Why a vote command is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VotesError {
    #[error("vote {0} inconnu")]
    VoteInconnu(VoteId),
    #[error("seul le créateur du vote peut le modifier ou le supprimer")]
    CreateurRequis,
    #[error("Modification verrouillée : un copropriétaire a déjà voté")]
    VoteVerrouille,
    #[error("le vote est terminé")]
    VoteTermine,
    #[error("le vote n'est pas encore ouvert")]
    VoteNonOuvert,
    #[error("la date de fin précède la date de début")]
    FinAvantDebut,
    #[error("la date de fin est passée")]
    DateFinPassee,
    #[error("Veuillez remplir au moins deux choix.")]
    ChoixInvalides,
    #[error("cinq choix au plus")]
    TropDeChoix,
    #[error("deux choix sont identiques")]
    ChoixEnDouble,
    #[error("ce choix n'est pas une des réponses du vote")]
    ChoixInconnu(ChoixId),
    #[error("ce propriétaire a déjà voté : il modifie son vote")]
    DejaVote,
    #[error("ce propriétaire n'a pas encore voté")]
    PasEncoreVote,
}

impl CodeErreur for VotesError {
    fn code(&self) -> &'static str {
        match self {
            VotesError::VoteInconnu(_) => "vote_introuvable",
            VotesError::CreateurRequis => "createur_requis",
            VotesError::VoteVerrouille => "vote_verrouille",
            VotesError::VoteTermine => "vote_termine",
            VotesError::VoteNonOuvert => "vote_non_ouvert",
            VotesError::FinAvantDebut => "fin_avant_debut",
            VotesError::DateFinPassee => "date_fin_passee",
            VotesError::ChoixInvalides => "choix_invalides",
            VotesError::TropDeChoix => "trop_de_choix",
            VotesError::ChoixEnDouble => "choix_en_double",
            VotesError::ChoixInconnu(_) => "choix_invalide",
            VotesError::DejaVote => "vote_deja_exprime",
            VotesError::PasEncoreVote => "vote_non_exprime",
        }
    }
}
