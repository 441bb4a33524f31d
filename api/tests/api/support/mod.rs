//! What every area's tests share: each test owns its world (a fresh database and servers on
//! port 0, [`World`]) and talks real HTTP to it through a browser ([`TestApp`]); residences are
//! seeded with the library's [`daftar_api::residence_builder`], as the demo is.
//!
//! Also compiled into `benches/revenus_http.rs` (by path): some of it serves the bench only.

#![allow(dead_code)]

mod app;
mod db;
mod smtp;
mod world;

use daftar_api::residence_builder::{ResidenceBuilder, Role};
use daftar_projections::Database;

pub use app::{assert_error, field_errors, ok, signed_in, signed_in_with, TestApp};
pub use db::{count, count_events, execute, ledger_state, user_with_tel};
pub use smtp::SmtpServer;
pub use world::{run, Store, World};

/// The password of every test user.
pub const PASSWORD: &str = "motdepasse-solide";

/// Defines `sqlite::<test>` and `postgres::<test>` for each `async fn <test>(World)` listed.
#[macro_export]
macro_rules! on_both_stores {
    ($($test:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    $crate::support::run($crate::support::Store::Sqlite, super::$test).await;
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    $crate::support::run($crate::support::Store::Postgres, super::$test).await;
                }
            )+
        }
    };
}

/// A seeded residence with one user.
pub struct Seed {
    pub residence_id: i64,
    pub user_id: i64,
    pub tel: String,
}

/// Creates a residence "Résidence Les Jasmins" (Tunis) and a finalized treasurer, "Amira Ben
/// Salah", with [`PASSWORD`].
pub async fn seed(db: &Database, tel: &str) -> Seed {
    let built = ResidenceBuilder::new(db, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user(tel, "Amira Ben Salah", Role::Tresorier)
        .build()
        .await
        .unwrap();
    Seed {
        residence_id: built.residence_id,
        user_id: built.users[tel],
        tel: tel.to_owned(),
    }
}
