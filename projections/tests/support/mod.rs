//! Each test owns its world: a fresh SQLite file, or a fresh database on the local PostgreSQL
//! server (`DAFTAR_TEST_POSTGRES_URL`, default the local trust-auth server). A missing
//! PostgreSQL fails the test: it is never skipped.

#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)]

use std::sync::atomic::{AtomicU32, Ordering};

use daftar_projections::Database;
use sqlx::Executor;

pub struct TestStore {
    pub db: Database,
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    pg_name: Option<String>,
}

pub fn postgres_admin_url() -> String {
    std::env::var("DAFTAR_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

pub async fn sqlite() -> TestStore {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}/daftar.sqlite", dir.path().display());
    let db = Database::connect(&url).await.expect("sqlite store");
    TestStore {
        db,
        url,
        _dir: Some(dir),
        pg_name: None,
    }
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

pub async fn postgres() -> TestStore {
    sqlx::any::install_default_drivers();
    let admin_url = postgres_admin_url();
    let admin = sqlx::AnyPool::connect(&admin_url)
        .await
        .unwrap_or_else(|e| {
            panic!("PostgreSQL must be running at {admin_url} for these tests: {e}")
        });
    let name = format!(
        "daftar_test_{}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst),
        chrono::Utc::now().timestamp_micros() % 1_000_000
    );
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("create database");
    admin.close().await;
    let base = admin_url
        .rsplit_once('/')
        .map(|(base, _)| base.to_owned())
        .expect("url");
    let url = format!("{base}/{name}");
    let db = Database::connect(&url).await.expect("postgres store");
    TestStore {
        db,
        url,
        _dir: None,
        pg_name: Some(name),
    }
}

impl TestStore {
    /// Opens a second, independent pool on the same database: a second API server.
    pub async fn second_connection(&self) -> Database {
        Database::connect(&self.url).await.expect("second pool")
    }

    pub async fn cleanup(self) {
        self.db.pool.close().await;
        if let Some(name) = self.pg_name {
            if let Ok(admin) = sqlx::AnyPool::connect(&postgres_admin_url()).await {
                let _ = admin
                    .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                    .await;
                admin.close().await;
            }
        }
    }
}

/// Runs each listed `async fn(&TestStore)` as a test on SQLite and on PostgreSQL.
#[macro_export]
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $name() {
                    let store = $crate::support::sqlite().await;
                    super::$name(&store).await;
                    store.cleanup().await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $name() {
                    let store = $crate::support::postgres().await;
                    super::$name(&store).await;
                    store.cleanup().await;
                }
            )*
        }
    };
}
pub mod history;
