//! One world per test: a fresh database (a SQLite file in a temp dir, or a new PostgreSQL
//! database) and servers on port 0 over it.
//!
//! PostgreSQL: the server at `DAFTAR_TEST_POSTGRES_URL` (default the local trust-auth server
//! `postgres://postgres@127.0.0.1:5432/postgres`); each test creates `daftar_test_<random>` and
//! drops it afterwards. As in the store conformance suite, a missing PostgreSQL fails the test: it
//! is never skipped.

use std::future::Future;
use std::path::{Path, PathBuf};

use daftar_api::{Application, Settings};
use daftar_projections::Database;
use sqlx::{Connection, Executor};

use super::TestApp;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Store {
    Sqlite,
    Postgres,
}

/// Runs one test body on a fresh database of `store`, then drops the database (even when the
/// body panics, whose panic is then resumed).
pub async fn run<F, Fut>(store: Store, body: F)
where
    F: FnOnce(World) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    if std::env::var("DAFTAR_TEST_LOG").is_ok() {
        daftar_api::telemetry::init();
    }
    let dir = tempfile::tempdir().unwrap();
    let (database_url, pg) = match store {
        Store::Sqlite => (
            format!("sqlite://{}", dir.path().join("daftar.sqlite").display()),
            None,
        ),
        Store::Postgres => {
            let admin = std::env::var("DAFTAR_TEST_POSTGRES_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
            let name = format!("daftar_test_{}", uuid::Uuid::new_v4().simple());
            let mut conn = sqlx::PgConnection::connect(&admin)
                .await
                .unwrap_or_else(|e| {
                    panic!("PostgreSQL must be running at {admin} for these tests: {e}")
                });
            conn.execute(format!("CREATE DATABASE \"{name}\"").as_str())
                .await
                .unwrap();
            let base = admin
                .rsplit_once('/')
                .map(|(base, _)| base)
                .unwrap_or(&admin);
            (format!("{base}/{name}"), Some((admin, name)))
        }
    };
    let world = World {
        store,
        database_url,
        dir,
    };
    let outcome = tokio::spawn(body(world)).await;
    if let Some((admin, name)) = pg {
        let mut conn = sqlx::PgConnection::connect(&admin).await.unwrap();
        conn.execute(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)").as_str())
            .await
            .unwrap();
    }
    if let Err(error) = outcome {
        std::panic::resume_unwind(error.into_panic());
    }
}

/// One test's database (and temp folder).
pub struct World {
    pub store: Store,
    pub database_url: String,
    pub dir: tempfile::TempDir,
}

impl World {
    pub fn settings(&self, web_dir: &Path) -> Settings {
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            data_dir: self.dir.path().to_owned(),
            database_url: self.database_url.clone(),
            web_dir: web_dir.to_owned(),
            cookie_secure: daftar_api::configuration::SecureCookies::Auto,
            trusted_proxies: Vec::new(),
            sessions: daftar_api::configuration::SessionPolicy::DEFAULT,
            database_max_connections: None,
            catch_up_lag: daftar_projections::projector::CATCH_UP_LAG,
            clock: daftar_api::clock::Clock::system(),
            documents: daftar_api::configuration::DocumentStorage::Local,
            sms: daftar_api::configuration::SmsSettings::default(),
            mail: daftar_api::configuration::MailSettings::local("127.0.0.1:0".parse().unwrap()),
            support: daftar_api::configuration::SupportContact::default(),
            konnect: daftar_api::configuration::KonnectSettings::default(),
        }
    }

    /// Starts a server on this world's database (migrating it on first use).
    pub async fn spawn(&self) -> TestApp {
        self.spawn_with_web_dir(&self.dir.path().join("no-web-client"))
            .await
    }

    /// Starts a server whose "today" is `day` in Tunisia.
    pub async fn spawn_on(&self, day: chrono::NaiveDate) -> TestApp {
        let mut settings = self.settings(&self.dir.path().join("no-web-client"));
        settings.clock = daftar_api::clock::Clock::on(day);
        Self::start(settings).await
    }

    /// Starts a server with settings changed by `configure`.
    pub async fn spawn_with(&self, configure: impl FnOnce(&mut Settings)) -> TestApp {
        let mut settings = self.settings(&self.dir.path().join("no-web-client"));
        configure(&mut settings);
        Self::start(settings).await
    }

    pub async fn spawn_with_web_dir(&self, web_dir: &Path) -> TestApp {
        Self::start(self.settings(web_dir)).await
    }

    /// Builds the server (its database caught up, its listener bound) without serving yet.
    pub async fn build_with(&self, configure: impl FnOnce(&mut Settings)) -> Application {
        let mut settings = self.settings(&self.dir.path().join("no-web-client"));
        configure(&mut settings);
        Application::build(settings).await.unwrap()
    }

    async fn start(settings: Settings) -> TestApp {
        Self::serve(Application::build(settings).await.unwrap())
    }

    /// Serves a built server.
    pub fn serve(app: Application) -> TestApp {
        let port = app.port();
        tokio::spawn(app.run_until_stopped());
        TestApp::new(format!("http://127.0.0.1:{port}"))
    }

    pub async fn db(&self) -> Database {
        Database::connect(&self.database_url).await.unwrap()
    }

    pub fn web_dir(&self) -> PathBuf {
        let dir = self.dir.path().join("web");
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(
            dir.join("index.html"),
            "<!doctype html><title>Daftar</title>",
        )
        .unwrap();
        std::fs::write(dir.join("assets/app-1234.js"), "console.log('daftar')").unwrap();
        dir
    }
}
