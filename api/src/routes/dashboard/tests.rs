//! The chart's periods (spec 3 §9).

use chrono::NaiveDate;

use super::PeriodeDashboard as Periode;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn mois(periode: Periode, today: &str) -> Vec<String> {
    periode
        .mois(date(today))
        .into_iter()
        .map(|premier| premier.format("%Y-%m").to_string())
        .collect()
}

#[test]
fn three_months_are_the_current_month_and_the_two_before_it() {
    assert_eq!(
        mois(Periode::TroisMois, "2026-05-17"),
        ["2026-03", "2026-04", "2026-05"]
    );
    assert_eq!(
        Periode::TroisMois.debut(date("2026-05-17")),
        date("2026-03-01")
    );
}

#[test]
fn six_months_reach_back_into_the_previous_year_in_spring() {
    assert_eq!(
        mois(Periode::SixMois, "2026-03-31"),
        ["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]
    );
}

#[test]
fn the_year_to_date_never_starts_before_the_first_of_january() {
    assert_eq!(mois(Periode::Ytd, "2026-01-01"), ["2026-01"]);
    assert_eq!(Periode::Ytd.debut(date("2026-01-01")), date("2026-01-01"));
    assert_eq!(mois(Periode::Ytd, "2026-04-10").len(), 4);
    assert_eq!(
        mois(Periode::TroisMois, "2026-01-05"),
        ["2025-11", "2025-12", "2026-01"],
        "only ytd is capped at 1 January"
    );
}

#[test]
fn the_period_is_read_from_its_three_names_and_defaults_to_three_months() {
    assert_eq!(Periode::lire(None).unwrap(), Periode::TroisMois);
    assert_eq!(
        Periode::lire(Some(String::new())).unwrap(),
        Periode::TroisMois
    );
    assert_eq!(Periode::lire(Some("6m".into())).unwrap(), Periode::SixMois);
    assert_eq!(Periode::lire(Some("ytd".into())).unwrap(), Periode::Ytd);
    for wrong in ["12m", "YTD", "3"] {
        let error = Periode::lire(Some(wrong.into())).unwrap_err();
        assert_eq!(
            error.code(),
            crate::error::ErrorCode::PeriodeTableauDeBordInvalide
        );
    }
}
