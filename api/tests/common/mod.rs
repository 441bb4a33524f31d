//! Test harness: every test owns its world — a fresh database (a SQLite file in a temp dir, or a
//! new PostgreSQL database) and servers on port 0 — and talks real HTTP through reqwest with a
//! cookie store, as the web client does.
//!
//! PostgreSQL: the server at `DAFTAR_TEST_POSTGRES_URL` (default the local trust-auth server
//! `postgres://postgres@127.0.0.1:5432/postgres`); each test creates `daftar_test_<random>` and
//! drops it afterwards. As in the store conformance suite, a missing PostgreSQL fails the test: it
//! is never skipped.

#![allow(dead_code)]

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Once};

use daftar_api::identity::{self, NewUser};
use daftar_api::{Application, Settings};
use daftar_projections::Database;
use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};
use sqlx::{Connection, Executor};

pub const PASSWORD: &str = "motdepasse-solide";

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
    static FAST_HASH: Once = Once::new();
    // Cheap argon2 parameters for the whole test process (see auth::password).
    FAST_HASH.call_once(|| std::env::set_var("DAFTAR_FAST_HASH", "1"));

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

/// Defines `sqlite::<test>` and `postgres::<test>` for each `async fn <test>(World)` listed.
#[macro_export]
macro_rules! on_both_stores {
    ($($test:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    $crate::common::run($crate::common::Store::Sqlite, super::$test).await;
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    $crate::common::run($crate::common::Store::Postgres, super::$test).await;
                }
            )+
        }
    };
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
            cookie_secure: false,
            database_max_connections: None,
            clock: daftar_api::clock::Clock::system(),
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

    pub async fn spawn_with_web_dir(&self, web_dir: &Path) -> TestApp {
        Self::start(self.settings(web_dir)).await
    }

    async fn start(settings: Settings) -> TestApp {
        let app = Application::build(settings).await.unwrap();
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

/// A seeded residence with one user.
pub struct Seed {
    pub residence_id: i64,
    pub user_id: i64,
    pub tel: String,
}

/// Creates a residence "Résidence Les Jasmins" and a finalized treasurer with [`PASSWORD`].
pub async fn seed(db: &Database, tel: &str) -> Seed {
    let residence_id = identity::create_residence(db, "Résidence Les Jasmins", "Tunis")
        .await
        .unwrap();
    let user_id = identity::add_user(
        db,
        NewUser {
            residence_id,
            tel: tel.to_owned(),
            nom: "Amira Ben Salah".to_owned(),
            password: Some(PASSWORD.to_owned()),
            is_syndic: true,
            is_finance: true,
            is_president: false,
            is_registration_finalized: true,
        },
    )
    .await
    .unwrap();
    Seed {
        residence_id,
        user_id,
        tel: tel.to_owned(),
    }
}

/// A browser: a base URL and a cookie jar.
pub struct TestApp {
    pub base: String,
    pub jar: Arc<Jar>,
    pub client: reqwest::Client,
}

impl TestApp {
    pub fn new(base: String) -> Self {
        let jar = Arc::new(Jar::default());
        let client = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        Self { base, jar, client }
    }

    /// Another browser on the same server (empty cookie jar).
    pub fn new_browser(&self) -> Self {
        Self::new(self.base.clone())
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn cookie(&self, name: &str) -> Option<String> {
        let url = self.base.parse().unwrap();
        let header = self.jar.cookies(&url)?;
        header.to_str().unwrap().split("; ").find_map(|pair| {
            let (key, value) = pair.split_once('=')?;
            (key == name).then(|| value.to_owned())
        })
    }

    pub fn set_cookie(&self, name: &str, value: &str) {
        let url = self.base.parse().unwrap();
        self.jar
            .add_cookie_str(&format!("{name}={value}; Path=/"), &url);
    }

    /// `GET /sanctum/csrf-cookie`, as the client does before signing in.
    pub async fn csrf(&self) {
        let res = self
            .client
            .get(self.url("/sanctum/csrf-cookie"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        assert!(self.cookie("XSRF-TOKEN").is_some());
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    /// A write with the `X-XSRF-TOKEN` header copied from the cookie (if any).
    pub fn write(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let builder = self.client.request(method, self.url(path));
        match self.cookie("XSRF-TOKEN") {
            Some(token) => builder.header("X-XSRF-TOKEN", token),
            None => builder,
        }
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Response {
        self.write(reqwest::Method::POST, path)
            .json(body)
            .send()
            .await
            .unwrap()
    }

    pub async fn login(&self, tel: &str, password: &str) -> Response {
        if self.cookie("XSRF-TOKEN").is_none() {
            self.csrf().await;
        }
        self.post_json("/login", &json!({ "tel": tel, "password": password }))
            .await
    }

    pub async fn logout(&self) -> Response {
        self.write(reqwest::Method::POST, "/logout")
            .send()
            .await
            .unwrap()
    }

    pub async fn status(&self) -> Response {
        self.get("/api/auth/status").await
    }
}

/// Asserts status and error code of an error answer; returns its body.
pub async fn assert_error(res: Response, status: u16, code: &str) -> Value {
    assert_eq!(res.status().as_u16(), status, "expected {status} {code}");
    let content_type = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned());
    assert_eq!(content_type.as_deref(), Some("application/json"));
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(body["message"].is_string(), "{body}");
    body
}
