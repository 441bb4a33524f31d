//! An entry's lines as its row keeps them (`ecritures.lignes`): a JSON array of
//! `[account, debit, credit]` in the entry's order, the account as the chart prints it, the
//! amounts in millimes — `[["450",120000,0],["701",0,120000]]`.
//!
//! One row per entry, not one per line: a replay of the journal writes a quarter of the rows it
//! wrote with a table of lines (the books were its critical path, issue 20), and every question
//! asked of the lines is asked of one residence's exercice (a few thousand entries at most, read
//! by the key's prefix) or answered by the running totals (`ecritures_soldes`).

use chrono::{Datelike, Months, NaiveDate};
use daftar_domain::comptabilite::{Compte, Ligne};
use daftar_domain::Montant;

use super::LigneEcriture;
use crate::db::Dialect;

/// A query of the lines of one residence's exercice, a row each (`date_ecriture`, `compte`,
/// `debit`, `credit`), unnested from the entries' JSON by the store itself, for the questions
/// answered by one aggregate (the treasury, the months' income and charges): a few summed rows
/// come back instead of every entry (sqlx hands a SQLite row to the server's task through a
/// channel, and a dashboard computed after each collection read 2,000 entries twice).
/// `$1` is the residence, `$2` the exercice; the caller adds its conditions on `e.…` (`AND …`).
pub(super) fn lignes_de_l_exercice(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Sqlite => {
            "SELECT e.date_ecriture AS date_ecriture, json_extract(l.value, '$[0]') AS compte, \
             json_extract(l.value, '$[1]') AS debit, json_extract(l.value, '$[2]') AS credit \
             FROM ecritures e, json_each(e.lignes) l \
             WHERE e.residence_id = $1 AND e.exercice = $2"
        }
        Dialect::Postgres => {
            "SELECT e.date_ecriture AS date_ecriture, l ->> 0 AS compte, \
             CAST(l ->> 1 AS BIGINT) AS debit, CAST(l ->> 2 AS BIGINT) AS credit \
             FROM ecritures e, json_array_elements(CAST(e.lignes AS json)) l \
             WHERE e.residence_id = $1 AND e.exercice = $2"
        }
    }
}

/// How the lines of some days of one month are summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lecture {
    /// From the entries of those days.
    Jours,
    /// From the month's running totals, less the entries of the days left out. The days a
    /// dashboard or the treasury "today" leaves out are after today: usually no entry, found
    /// by a seek of `ecritures_date`, where reading the month's entries cost ~1 ms a question
    /// (SQLite's JSON functions on each entry's lines; docs/performance.md).
    Complement,
}

/// The cheaper way to sum the lines dated from `du` to `au` (both in one month): the fewer
/// days' entries to read. Both give the same sums (the totals are the lines' sums).
pub(super) fn lecture(du: NaiveDate, au: NaiveDate) -> Lecture {
    let jours = (au - du).num_days() + 1;
    let (premier, dernier) = bornes_du_mois(du);
    let du_mois = (dernier - premier).num_days() + 1;
    if 2 * jours > du_mois {
        Lecture::Complement
    } else {
        Lecture::Jours
    }
}

/// The first and the last day of `jour`'s month.
pub(super) fn bornes_du_mois(jour: NaiveDate) -> (NaiveDate, NaiveDate) {
    let premier = jour.with_day(1).unwrap_or(jour);
    let dernier = premier
        .checked_add_months(Months::new(1))
        .and_then(|suivant| suivant.pred_opt())
        .unwrap_or(premier);
    (premier, dernier)
}

/// The text stored for `lignes`.
pub(super) fn encoder(lignes: &[Ligne]) -> String {
    let rows: Vec<(String, i64, i64)> = lignes
        .iter()
        .map(|ligne| {
            (
                ligne.compte.numero(),
                ligne.debit.millimes(),
                ligne.credit.millimes(),
            )
        })
        .collect();
    // Strings and integers always serialize: the fallback is never taken.
    serde_json::to_string(&rows).unwrap_or_else(|_| "[]".to_owned())
}

/// The lines stored as `texte`, their accounts as text.
pub(super) fn decoder(texte: &str) -> Result<Vec<LigneEcriture>, sqlx::Error> {
    let rows: Vec<(String, i64, i64)> = serde_json::from_str(texte)
        .map_err(|error| sqlx::Error::Decode(format!("ecritures.lignes: {error}").into()))?;
    Ok(rows
        .into_iter()
        .map(|(compte, debit, credit)| LigneEcriture {
            compte,
            debit: Montant::from_millimes(debit),
            credit: Montant::from_millimes(credit),
        })
        .collect())
}

/// The lines stored as `texte`, their accounts those of the chart (what a contra-entry
/// reverses).
pub(super) fn decoder_du_plan(texte: &str) -> Result<Vec<Ligne>, sqlx::Error> {
    decoder(texte)?
        .into_iter()
        .map(|ligne| {
            let compte = Compte::from_numero(&ligne.compte).ok_or_else(|| {
                sqlx::Error::Decode(format!("unknown account {}", ligne.compte).into())
            })?;
            Ok(Ligne {
                compte,
                debit: ligne.debit,
                credit: ligne.credit,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entrys_lines_read_back_as_they_were_posted() {
        // Given the lines of a bank receipt to a bank sub-account
        let lignes = vec![
            Ligne {
                compte: Compte::Banque(Some(3)),
                debit: Montant::from_millimes(120_500),
                credit: Montant::ZERO,
            },
            Ligne {
                compte: Compte::Coproprietaires,
                debit: Montant::ZERO,
                credit: Montant::from_millimes(120_500),
            },
        ];
        // When they are stored and read back
        let texte = encoder(&lignes);
        // Then the row keeps the accounts as printed and the millimes, and they read back the same
        assert_eq!(texte, r#"[["512003",120500,0],["450",0,120500]]"#);
        assert_eq!(decoder_du_plan(&texte).ok(), Some(lignes));
    }

    fn date(annee: i32, mois: u32, jour: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(annee, mois, jour).unwrap_or(NaiveDate::MIN)
    }

    #[test]
    fn most_of_a_month_is_read_from_its_totals_less_the_days_left_out() {
        // 1–27 November: the month's totals less 28–30 November
        assert_eq!(
            lecture(date(2026, 11, 1), date(2026, 11, 27)),
            Lecture::Complement
        );
        // 28–30 November, 3–9 February: those days' entries
        assert_eq!(
            lecture(date(2026, 11, 28), date(2026, 11, 30)),
            Lecture::Jours
        );
        assert_eq!(lecture(date(2026, 2, 3), date(2026, 2, 9)), Lecture::Jours);
        // Half of February 2026 (14 of 28 days) from its entries, 15 days from the totals
        assert_eq!(lecture(date(2026, 2, 1), date(2026, 2, 14)), Lecture::Jours);
        assert_eq!(
            lecture(date(2026, 2, 1), date(2026, 2, 15)),
            Lecture::Complement
        );
        assert_eq!(
            bornes_du_mois(date(2024, 2, 10)),
            (date(2024, 2, 1), date(2024, 2, 29))
        );
    }

    #[test]
    fn a_row_whose_lines_are_not_the_books_format_is_an_error_not_an_empty_entry() {
        assert!(decoder("not json").is_err());
        assert!(decoder_du_plan(r#"[["999",1,0]]"#).is_err());
    }
}
