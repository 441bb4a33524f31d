//! The server's clock, held by the application state so that a test can pin "today".
//!
//! Handlers never read the system clock themselves: they ask the state
//! (`AppState::today`, the date in Tunisia). Dates decide rules (a payment may not be dated in the future; the
//! current fiscal year is "actuel"; the payer of a property today), so closing a year, New Year's
//! Eve and midnight are testable with a fixed clock.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

/// The system clock, or a fixed instant (tests only set one).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    fixed: Option<DateTime<Utc>>,
}

/// Tunisia keeps UTC+1 all year (no daylight saving since 2009).
const TUNISIA_OFFSET_SECONDS: i32 = 3600;

impl Clock {
    pub fn system() -> Self {
        Clock { fixed: None }
    }

    /// A clock that always answers `at`.
    pub fn fixed(at: DateTime<Utc>) -> Self {
        Clock { fixed: Some(at) }
    }

    /// A clock pinned at noon, Tunisian time, on `day`.
    pub fn on(day: NaiveDate) -> Self {
        let noon_in_tunis = day.and_hms_opt(11, 0, 0).unwrap_or_default().and_utc();
        Clock::fixed(noon_in_tunis)
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.fixed.unwrap_or_else(Utc::now)
    }

    /// Today in Tunisia: the residence's calendar, not the server's.
    pub fn today(&self) -> NaiveDate {
        match FixedOffset::east_opt(TUNISIA_OFFSET_SECONDS) {
            Some(tunis) => self.now().with_timezone(&tunis).date_naive(),
            None => self.now().date_naive(),
        }
    }
}

/// An instant as the residence's wall clock shows it (Tunisia's time).
pub fn en_tunisie(at: DateTime<Utc>) -> chrono::NaiveDateTime {
    match FixedOffset::east_opt(TUNISIA_OFFSET_SECONDS) {
        Some(tunis) => at.with_timezone(&tunis).naive_local(),
        None => at.naive_utc(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn a_quarter_past_eleven_pm_utc_on_new_years_eve_is_already_new_year_in_tunis() {
        let clock = Clock::fixed(Utc.with_ymd_and_hms(2026, 12, 31, 23, 15, 0).unwrap());
        assert_eq!(clock.today(), NaiveDate::from_ymd_opt(2027, 1, 1).unwrap());
    }

    #[test]
    fn a_clock_pinned_on_a_day_answers_that_day() {
        let day = NaiveDate::from_ymd_opt(2026, 6, 30).unwrap();
        assert_eq!(Clock::on(day).today(), day);
    }
}
