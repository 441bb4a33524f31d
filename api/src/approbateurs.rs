//! The assemblies and votes that approve works and budgets (spec 2 §3 "approuve_par", ag, vote;
//! issues 17 and 18: "a vote may approve a works item or a budget").
//!
//! The books cannot see the assemblies' and votes' streams (ADR 0005: each its own aggregate), so
//! the money module records its own event citing the approver's id, and the route checks first
//! that the named meeting or vote exists in the residence. The outcome itself is not checked: a
//! resolution's wording is free text, and the council names the decision it relies on.

use daftar_domain::depenses::{Approbation, TypeApprobateur};
use daftar_domain::ids::ResidenceId;

use crate::error::{ApiError, ErrorCode};
use crate::startup::AppState;

/// Refuses (`approbateur_inconnu`) an approval naming a meeting or vote the residence does not
/// hold (never created, deleted, or another residence's).
pub async fn exige_approbateur(
    state: &AppState,
    residence_id: i64,
    approbation: Option<&Approbation>,
) -> Result<(), ApiError> {
    let Some(par) = approbation.and_then(|approbation| approbation.par) else {
        return Ok(());
    };
    let residence = ResidenceId(residence_id);
    let existe = match par.type_approbateur {
        TypeApprobateur::Assemblee => {
            state
                .ledger
                .read_assemblees(residence, |assemblees| Ok(assemblees.get(par.id).is_some()))
                .await?
        }
        TypeApprobateur::Vote => {
            state
                .ledger
                .read_votes(residence, |votes| Ok(votes.get(par.id).is_some()))
                .await?
        }
    };
    if existe {
        Ok(())
    } else {
        Err(ErrorCode::ApprobateurInconnu.into())
    }
}

/// The residence's meetings and votes that may be named as approvers, `(id, titre)` each, the
/// newest first.
pub async fn approbateurs(
    state: &AppState,
    residence_id: i64,
) -> Result<(Vec<(i64, String)>, Vec<(i64, String)>), ApiError> {
    let residence = ResidenceId(residence_id);
    let mut assemblees = state
        .ledger
        .read_assemblees(residence, |assemblees| {
            Ok(assemblees
                .toutes()
                .map(|assemblee| (assemblee.date, assemblee.id, assemblee.titre.clone()))
                .collect::<Vec<_>>())
        })
        .await?;
    assemblees.sort_by_key(|(date, id, _)| std::cmp::Reverse((*date, *id)));
    let mut votes = state
        .ledger
        .read_votes(residence, |votes| {
            Ok(votes
                .tous()
                .map(|vote| (vote.date_debut, vote.id, vote.titre.clone()))
                .collect::<Vec<_>>())
        })
        .await?;
    votes.sort_by_key(|(date, id, _)| std::cmp::Reverse((*date, *id)));
    Ok((
        assemblees
            .into_iter()
            .map(|(_, id, titre)| (id, titre))
            .collect(),
        votes
            .into_iter()
            .map(|(_, id, titre)| (id, titre))
            .collect(),
    ))
}
