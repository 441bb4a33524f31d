//! The matching of a statement's lines with the account's movements not pointed yet (a pure
//! function; the rules are docs/decisions.md "Bank statements (issue 22)").
//!
//! A candidate has the line's signed amount and a book date within [line − 10 days, line + 3
//! days]: we book cheques and transfers before the bank does. A line is matched with
//! confidence, and pointed at once, when the reference decides (the bank's reference or label
//! holds the movement's cheque number or transfer reference, for one candidate only), or when
//! it has exactly one candidate and that candidate is no other line's best. Otherwise its
//! candidates are proposed, best first; a line without one single candidate is proposed the
//! sets of 2 to 4 movements that make its amount, never pointed on its own.

use std::collections::{BTreeMap, HashMap};

use chrono::{Duration, NaiveDate};
use daftar_domain::banque::Mouvement;

/// Days a movement may be booked before the bank's date.
pub const JOURS_AVANT: i64 = 10;
/// Days a movement may be booked after the bank's date.
pub const JOURS_APRES: i64 = 3;
/// Candidate sets proposed at most per line.
const PROPOSITIONS_MAX: usize = 3;
/// Movements a set of several may draw from (the nearest in date), so the search stays small.
const CANDIDATS_POUR_SOMME: usize = 24;

/// A statement line to match: `montant` signed millimes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LigneAMatcher {
    pub date: NaiveDate,
    pub montant: i64,
    pub libelle: String,
    pub reference: Option<String>,
}

/// A movement of the account not pointed yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidat {
    pub mouvement: Mouvement,
    pub date: NaiveDate,
    pub montant: i64,
    pub reference: Option<String>,
}

/// What the matching says of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correspondance {
    /// Matched with confidence: point these movements with the line.
    Sure(Vec<Mouvement>),
    /// Candidate sets, best first, for the treasurer to choose.
    Proposee(Vec<Vec<Mouvement>>),
    /// Nothing in the books.
    Aucune,
}

/// The characters of a reference that identify it: letters and digits, uppercase; leading
/// zeros of a number dropped (cheque numbers are written with and without them).
fn normaliser(reference: &str) -> String {
    let texte: String = reference
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if texte.bytes().all(|b| b.is_ascii_digit()) {
        texte.trim_start_matches('0').to_owned()
    } else {
        texte
    }
}

/// Whether the line names the movement's reference (three characters at least, so a "1"
/// matches nothing).
fn reference_concorde(ligne: &LigneAMatcher, candidat: &Candidat) -> bool {
    let Some(reference) = candidat.reference.as_deref().map(normaliser) else {
        return false;
    };
    if reference.len() < 3 {
        return false;
    }
    let dans = |texte: &str| {
        let texte = normaliser(texte);
        texte == reference || (texte.len() > reference.len() && texte.contains(&reference))
    };
    ligne.reference.as_deref().is_some_and(dans)
        || dans(&ligne.libelle)
        || ligne
            .libelle
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|mot| !mot.is_empty() && normaliser(mot) == reference)
}

fn dans_la_fenetre(ligne: &LigneAMatcher, date: NaiveDate) -> bool {
    date >= ligne.date - Duration::days(JOURS_AVANT)
        && date <= ligne.date + Duration::days(JOURS_APRES)
}

/// How good a candidate is for a line: the reference first, then the nearest date, a booking
/// before the bank's date before one after it.
fn rang(ligne: &LigneAMatcher, candidat: &Candidat) -> (bool, i64, bool, Mouvement) {
    let ecart = (ligne.date - candidat.date).num_days();
    (
        !reference_concorde(ligne, candidat),
        ecart.abs(),
        ecart < 0,
        candidat.mouvement,
    )
}

/// Matches every line with the candidates (each movement goes to one line at most).
pub fn rapprocher(lignes: &[LigneAMatcher], candidats: &[Candidat]) -> Vec<Correspondance> {
    let mut par_montant: HashMap<i64, Vec<usize>> = HashMap::new();
    for (index, candidat) in candidats.iter().enumerate() {
        par_montant.entry(candidat.montant).or_default().push(index);
    }
    // Each line's single candidates, best first.
    let uniques: Vec<Vec<usize>> = lignes
        .iter()
        .map(|ligne| {
            let mut liste: Vec<usize> = par_montant
                .get(&ligne.montant)
                .map(|indices| {
                    indices
                        .iter()
                        .copied()
                        .filter(|i| dans_la_fenetre(ligne, candidats[*i].date))
                        .collect()
                })
                .unwrap_or_default();
            liste.sort_by_key(|i| rang(ligne, &candidats[*i]));
            liste
        })
        .collect();
    // How many lines each movement is the best candidate of, and is named by the reference of.
    let mut meilleur_de: BTreeMap<usize, usize> = BTreeMap::new();
    let mut reference_de: BTreeMap<usize, usize> = BTreeMap::new();
    for (ligne, liste) in lignes.iter().zip(&uniques) {
        if let Some(premier) = liste.first() {
            *meilleur_de.entry(*premier).or_insert(0) += 1;
        }
        for i in liste {
            if reference_concorde(ligne, &candidats[*i]) {
                *reference_de.entry(*i).or_insert(0) += 1;
            }
        }
    }
    let mut pris = vec![false; candidats.len()];
    let mut resultats: Vec<Option<Correspondance>> = vec![None; lignes.len()];
    // The confident ones first, so they take their movements before any proposal.
    for (index, (ligne, liste)) in lignes.iter().zip(&uniques).enumerate() {
        let par_reference: Vec<usize> = liste
            .iter()
            .copied()
            .filter(|i| reference_concorde(ligne, &candidats[*i]))
            .collect();
        let sur = match par_reference.as_slice() {
            [seul] if reference_de.get(seul) == Some(&1) => Some(*seul),
            [] if liste.len() == 1 && meilleur_de.get(&liste[0]) == Some(&1) => Some(liste[0]),
            _ => None,
        };
        if let Some(i) = sur.filter(|i| !pris[*i]) {
            pris[i] = true;
            resultats[index] = Some(Correspondance::Sure(vec![candidats[i].mouvement]));
        }
    }
    for (index, ligne) in lignes.iter().enumerate() {
        if resultats[index].is_some() {
            continue;
        }
        let libres: Vec<usize> = uniques[index]
            .iter()
            .copied()
            .filter(|i| !pris[*i])
            .collect();
        let propositions: Vec<Vec<Mouvement>> = if libres.is_empty() {
            sommes(ligne, candidats, &pris)
        } else {
            libres
                .iter()
                .take(PROPOSITIONS_MAX)
                .map(|i| vec![candidats[*i].mouvement])
                .collect()
        };
        resultats[index] = Some(if propositions.is_empty() {
            Correspondance::Aucune
        } else {
            Correspondance::Proposee(propositions)
        });
    }
    resultats
        .into_iter()
        .map(|r| r.unwrap_or(Correspondance::Aucune))
        .collect()
}

/// Sets of 2 to 4 free movements of the line's sign, in its window, that make its amount: the
/// nearest in date first.
fn sommes(ligne: &LigneAMatcher, candidats: &[Candidat], pris: &[bool]) -> Vec<Vec<Mouvement>> {
    let mut proches: Vec<usize> = (0..candidats.len())
        .filter(|i| {
            let c = &candidats[*i];
            !pris[*i]
                && c.montant.signum() == ligne.montant.signum()
                && c.montant.abs() < ligne.montant.abs()
                && dans_la_fenetre(ligne, c.date)
        })
        .collect();
    proches.sort_by_key(|i| rang(ligne, &candidats[*i]));
    proches.truncate(CANDIDATS_POUR_SOMME);
    let mut trouves = Vec::new();
    let mut courant = Vec::new();
    chercher(
        ligne.montant,
        &proches,
        candidats,
        0,
        &mut courant,
        &mut trouves,
    );
    trouves
}

fn chercher(
    reste: i64,
    proches: &[usize],
    candidats: &[Candidat],
    debut: usize,
    courant: &mut Vec<usize>,
    trouves: &mut Vec<Vec<Mouvement>>,
) {
    if trouves.len() >= PROPOSITIONS_MAX {
        return;
    }
    if reste == 0 && courant.len() >= 2 {
        trouves.push(courant.iter().map(|i| candidats[*i].mouvement).collect());
        return;
    }
    if courant.len() == 4 || reste == 0 {
        return;
    }
    for position in debut..proches.len() {
        let i = proches[position];
        let montant = candidats[i].montant;
        // Same sign as the rest: a movement larger than what is left cannot be in the set.
        if montant.abs() > reste.abs() {
            continue;
        }
        courant.push(i);
        chercher(
            reste - montant,
            proches,
            candidats,
            position + 1,
            courant,
            trouves,
        );
        courant.pop();
        if trouves.len() >= PROPOSITIONS_MAX {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use daftar_domain::banque::TableMouvement;

    use super::*;

    fn jour(texte: &str) -> NaiveDate {
        texte.parse().unwrap()
    }

    fn ligne(date: &str, montant: i64, libelle: &str, reference: Option<&str>) -> LigneAMatcher {
        LigneAMatcher {
            date: jour(date),
            montant,
            libelle: libelle.into(),
            reference: reference.map(Into::into),
        }
    }

    fn candidat(
        table: TableMouvement,
        id: i64,
        date: &str,
        montant: i64,
        reference: Option<&str>,
    ) -> Candidat {
        Candidat {
            mouvement: Mouvement { table, id },
            date: jour(date),
            montant,
            reference: reference.map(Into::into),
        }
    }

    fn m(table: TableMouvement, id: i64) -> Mouvement {
        Mouvement { table, id }
    }

    use TableMouvement::{Encaissement, Operation, PaiementDepense, Remise};

    #[test]
    fn an_exact_single_candidate_is_pointed() {
        let lignes = [ligne("2026-10-03", 110_000, "VIR RECU", None)];
        let candidats = [
            candidat(Encaissement, 1, "2026-10-03", 110_000, None),
            candidat(Encaissement, 2, "2026-10-03", 120_000, None),
        ];
        assert_eq!(
            rapprocher(&lignes, &candidats),
            [Correspondance::Sure(vec![m(Encaissement, 1)])]
        );
    }

    #[test]
    fn the_date_window_is_ten_days_before_and_three_after() {
        let lignes = [
            ligne("2026-10-15", -50_000, "A", None),
            ligne("2026-10-15", -60_000, "B", None),
            ligne("2026-10-15", -70_000, "C", None),
            ligne("2026-10-15", -80_000, "D", None),
        ];
        let candidats = [
            candidat(PaiementDepense, 1, "2026-10-05", -50_000, None),
            candidat(PaiementDepense, 2, "2026-10-04", -60_000, None),
            candidat(PaiementDepense, 3, "2026-10-18", -70_000, None),
            candidat(PaiementDepense, 4, "2026-10-19", -80_000, None),
        ];
        assert_eq!(
            rapprocher(&lignes, &candidats),
            [
                Correspondance::Sure(vec![m(PaiementDepense, 1)]),
                Correspondance::Aucune,
                Correspondance::Sure(vec![m(PaiementDepense, 3)]),
                Correspondance::Aucune,
            ]
        );
    }

    #[test]
    fn the_reference_decides_between_two_candidates() {
        let lignes = [ligne(
            "2026-10-15",
            -1_200_000,
            "CHQ 0012345",
            Some("0012345"),
        )];
        let candidats = [
            candidat(PaiementDepense, 1, "2026-10-14", -1_200_000, Some("12346")),
            candidat(PaiementDepense, 2, "2026-10-10", -1_200_000, Some("12345")),
        ];
        assert_eq!(
            rapprocher(&lignes, &candidats),
            [Correspondance::Sure(vec![m(PaiementDepense, 2)])]
        );
    }

    #[test]
    fn one_line_is_a_deposit_of_three_cheques() {
        // The deposit is one movement for its total; its three cheques are not movements of
        // the account.
        let lignes = [ligne("2026-10-06", 1_350_500, "REMISE CHEQUES 3", None)];
        let candidats = [
            candidat(Remise, 4, "2026-10-05", 1_350_500, None),
            candidat(Encaissement, 9, "2026-10-05", 450_000, None),
        ];
        assert_eq!(
            rapprocher(&lignes, &candidats),
            [Correspondance::Sure(vec![m(Remise, 4)])]
        );
    }

    #[test]
    fn a_line_that_is_the_sum_of_two_movements_is_proposed_not_pointed() {
        let lignes = [ligne("2026-10-08", 300_000, "VERSEMENT", None)];
        let candidats = [
            candidat(Encaissement, 1, "2026-10-07", 100_000, None),
            candidat(Encaissement, 2, "2026-10-07", 200_000, None),
            candidat(Encaissement, 3, "2026-09-01", 200_000, None),
            candidat(Operation, 4, "2026-10-07", -100_000, None),
        ];
        assert_eq!(
            rapprocher(&lignes, &candidats),
            [Correspondance::Proposee(vec![vec![
                m(Encaissement, 1),
                m(Encaissement, 2)
            ]])]
        );
    }

    #[test]
    fn ambiguous_pairs_are_proposed_not_pointed() {
        // Two equal lines and two equal movements: which is which the treasurer says.
        let lignes = [
            ligne("2026-10-10", 50_000, "VIR RECU", None),
            ligne("2026-10-11", 50_000, "VIR RECU", None),
        ];
        let candidats = [
            candidat(Encaissement, 1, "2026-10-09", 50_000, None),
            candidat(Encaissement, 2, "2026-10-09", 50_000, None),
        ];
        let resultats = rapprocher(&lignes, &candidats);
        assert!(resultats
            .iter()
            .all(|r| matches!(r, Correspondance::Proposee(p) if p.len() == 2)));
        // One line, one candidate, but that candidate is another line's best too.
        let lignes = [
            ligne("2026-10-10", 50_000, "VIR RECU", None),
            ligne("2026-10-12", 50_000, "VIR RECU", None),
        ];
        let candidats = [candidat(Encaissement, 1, "2026-10-09", 50_000, None)];
        assert_eq!(
            rapprocher(&lignes, &candidats),
            [
                Correspondance::Proposee(vec![vec![m(Encaissement, 1)]]),
                Correspondance::Proposee(vec![vec![m(Encaissement, 1)]]),
            ]
        );
    }

    #[test]
    fn a_line_with_nothing_in_the_books_has_no_match() {
        let lignes = [ligne("2026-10-31", -12_500, "FRAIS TENUE DE COMPTE", None)];
        assert_eq!(rapprocher(&lignes, &[]), [Correspondance::Aucune]);
    }
}
