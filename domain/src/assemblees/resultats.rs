//! A resolution's result, counted two ways (both shown and printed): by head (one voice per
//! co-owner present or represented) and by share of the common parts, applying the Code des
//! droits réels, art. 91: a co-owner holding more than half of the shares has his voices
//! reduced to the total of the others'; on a tie, the vote of the syndicate's president
//! prevails.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{Coproprietaire, Resolution, TypeVote, VOTE_CONTRE, VOTE_POUR};
use crate::occupation::OccupantId;

/// What one option received.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decompte {
    pub option: String,
    /// Co-owners who chose it.
    pub voix: i64,
    /// Their shares, after the art. 91 reduction.
    pub quote_parts: i64,
}

/// The outcome of one count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "issue", content = "choix")]
pub enum Issue {
    /// Simple vote: more `pour` than `contre` (or a tie the president's `pour` decided).
    Adoptee,
    /// Simple vote: otherwise.
    Rejetee,
    /// Multiple choice: the option with the most (a tie the president's choice decided).
    Choix(String),
    /// Multiple choice: a tie the president's choice does not decide.
    Egalite,
}

/// The art. 91 reduction of a majority owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reduction {
    pub occupant_id: OccupantId,
    /// His shares.
    pub quote_part: i64,
    /// What his vote weighs: the total of the other co-owners' shares.
    pub retenue: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resultat {
    /// Every option of the resolution, in its order.
    pub decomptes: Vec<Decompte>,
    pub total_voix: i64,
    /// The shares of the votes cast, after the reduction.
    pub total_quote_parts: i64,
    /// The shares of every co-owner of the residence (the scale of `quote_parts`).
    pub quote_parts_residence: i64,
    pub issue_par_tete: Issue,
    pub issue_par_quote_part: Issue,
    pub reduction: Option<Reduction>,
}

impl Resultat {
    /// Counts `resolution`'s votes of `votants` (the co-owners present or represented), with
    /// the shares of `coproprietaires` (every co-owner at the meeting's date).
    pub fn compter(
        resolution: &Resolution,
        coproprietaires: &[Coproprietaire],
        votants: &BTreeSet<OccupantId>,
    ) -> Resultat {
        let parts: BTreeMap<OccupantId, i64> = coproprietaires
            .iter()
            .map(|c| (c.occupant_id, c.quote_part))
            .collect();
        let quote_parts_residence: i64 = parts.values().sum();
        let mut reduction = None;
        let poids = |occupant: OccupantId, reduction: &mut Option<Reduction>| {
            let part = parts.get(&occupant).copied().unwrap_or(0);
            let autres = quote_parts_residence - part;
            if part > autres {
                *reduction = Some(Reduction {
                    occupant_id: occupant,
                    quote_part: part,
                    retenue: autres,
                });
                autres
            } else {
                part
            }
        };
        let mut decomptes: Vec<Decompte> = resolution
            .type_vote
            .options()
            .into_iter()
            .map(|option| Decompte {
                option,
                voix: 0,
                quote_parts: 0,
            })
            .collect();
        for (occupant, vote) in &resolution.votes {
            if !votants.contains(occupant) {
                continue;
            }
            let poids = poids(*occupant, &mut reduction);
            if let Some(decompte) = decomptes.iter_mut().find(|d| &d.option == vote) {
                decompte.voix += 1;
                decompte.quote_parts += poids;
            }
        }
        let preponderant = resolution
            .voix_preponderante
            .filter(|president| votants.contains(president))
            .and_then(|president| resolution.votes.get(&president));
        let issue = |compte: fn(&Decompte) -> i64| {
            issue(&resolution.type_vote, &decomptes, compte, preponderant)
        };
        let issue_par_tete = issue(|d| d.voix);
        let issue_par_quote_part = issue(|d| d.quote_parts);
        Resultat {
            total_voix: decomptes.iter().map(|d| d.voix).sum(),
            total_quote_parts: decomptes.iter().map(|d| d.quote_parts).sum(),
            quote_parts_residence,
            decomptes,
            issue_par_tete,
            issue_par_quote_part,
            reduction,
        }
    }
}

fn issue(
    type_vote: &TypeVote,
    decomptes: &[Decompte],
    compte: fn(&Decompte) -> i64,
    preponderant: Option<&String>,
) -> Issue {
    let de = |option: &str| {
        decomptes
            .iter()
            .find(|d| d.option == option)
            .map_or(0, compte)
    };
    match type_vote {
        TypeVote::Simple => {
            let (pour, contre) = (de(VOTE_POUR), de(VOTE_CONTRE));
            let adoptee = pour > contre
                || (pour == contre && preponderant.is_some_and(|vote| vote == VOTE_POUR));
            if adoptee {
                Issue::Adoptee
            } else {
                Issue::Rejetee
            }
        }
        TypeVote::Multiple { .. } => {
            let meilleur = decomptes.iter().map(compte).max().unwrap_or(0);
            let en_tete: Vec<&Decompte> = decomptes
                .iter()
                .filter(|d| compte(d) == meilleur && meilleur > 0)
                .collect();
            match en_tete.as_slice() {
                [seul] => Issue::Choix(seul.option.clone()),
                [] => Issue::Egalite,
                _ => match preponderant.filter(|vote| en_tete.iter().any(|d| &&d.option == vote)) {
                    Some(vote) => Issue::Choix(vote.clone()),
                    None => Issue::Egalite,
                },
            }
        }
    }
}
