//! Settings read once from `DAFTAR_*` environment variables at start-up and parsed into types, so
//! the rest of the server never sees a raw string.
//!
//! | variable | default |
//! |---|---|
//! | `DAFTAR_ADDR` | `127.0.0.1:8080` |
//! | `DAFTAR_DATA_DIR` | `./data` |
//! | `DAFTAR_DATABASE_URL` | `sqlite://{DAFTAR_DATA_DIR}/daftar.sqlite` |
//! | `DAFTAR_WEB_DIR` | `./web/dist` |
//! | `DAFTAR_COOKIE_SECURE` | `auto`: `Secure` when the request came over HTTPS (`true`, `false`) |
//! | `DAFTAR_TRUSTED_PROXIES` | none (comma-separated addresses whose forwarding headers count) |
//! | `DAFTAR_SESSION_DAYS` | `30` |
//! | `DAFTAR_SESSION_IDLE_MINUTES` | `2880` (2 days without a request) |
//! | `DAFTAR_DATABASE_MAX_CONNECTIONS` | twice the cores plus one |
//! | `DAFTAR_SMS_URL` | none: SMS stay in the outbox (`daftar sms outbox`); a provider's JSON endpoint (docs/api-recouvrement.md) |
//! | `DAFTAR_SMS_TOKEN`, `DAFTAR_SMS_SENDER` | none (the provider's bearer token, the sender name) |
//! | `DAFTAR_SMS_WEBHOOK_SECRET` | none: delivery reports refused (`X-Daftar-Webhook-Secret` must equal it) |
//! | `DAFTAR_SMS_TIMEOUT_MS` | `5000` |
//! | `DAFTAR_SMTP_URL` | none: each mail is written to `{DAFTAR_DATA_DIR}/mail/` and its path logged; `smtp://host:port`, `smtps://user:password@host`, `smtp://user:password@host?tls=required` (lettre's URL form) |
//! | `DAFTAR_MAIL_FROM` | `Daftar <no-reply@daftar.tn>` |
//! | `DAFTAR_PUBLIC_URL` | `http://{DAFTAR_ADDR}`: the address users open the app at, the base of the links in mails |
//! | `DAFTAR_SUPPORT_TEL`, `DAFTAR_SUPPORT_WHATSAPP` | none (the support's phone number, and its WhatsApp number in international form, shown on the support pages) |
//! | `DAFTAR_KONNECT_URL` | `https://api.konnect.network/api/v2` (Konnect's production API; sandbox `https://api.sandbox.konnect.network/api/v2`, or the stand-in `daftar-konnect-essai`) |
//! | `DAFTAR_KONNECT_TIMEOUT_MS` | `5000` (one call to the gateway at most) |
//! | `DAFTAR_KONNECT_LIFESPAN_MINUTES` | `15` (how long a payment request stays payable) |
//! | `DAFTAR_SECRET_KEY` | none: the key that encrypts the gateway's API keys is `{DAFTAR_DATA_DIR}/secrets/paiement.key`, created (0600) on first use; else base64 of 32 bytes |
//! | `DAFTAR_DOCUMENTS_URL` | none: documents in `{DAFTAR_DATA_DIR}/documents`; `s3://bucket/prefix` for a bucket (credentials and endpoint from the `AWS_*` variables) |

use crate::clock::Clock;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use daftar_projections::Database;

#[derive(Clone)]
pub struct Settings {
    /// Address the HTTP server binds (port 0 picks a free port, as the tests do).
    pub addr: SocketAddr,
    /// Folder for the default SQLite file and other local data.
    pub data_dir: PathBuf,
    /// `sqlite://path` or `postgres://…`.
    pub database_url: String,
    /// The built web client (`index.html` and its assets).
    pub web_dir: PathBuf,
    /// When the session and XSRF cookies carry `Secure`.
    pub cookie_secure: SecureCookies,
    /// The reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` headers are believed
    /// (`DAFTAR_TRUSTED_PROXIES`, comma-separated addresses). Empty: the peer's address is the
    /// client's, and forwarding headers are ignored (anyone could write them).
    pub trusted_proxies: Vec<IpAddr>,
    /// How long sessions live.
    pub sessions: SessionPolicy,
    /// The database pool's size (`None`: [`daftar_projections::db::default_pool_size`]).
    pub database_max_connections: Option<u32>,
    /// Where "today" comes from: the system clock, or a fixed instant in tests.
    pub clock: Clock,
    /// How far behind the journal's head (in events) a read model may be at start and still be
    /// brought up to date before the server listens; a model further behind (new or changed in
    /// a release) catches up on the side while the server serves every other route
    /// (`DAFTAR_CATCH_UP_LAG`, default [`daftar_projections::projector::CATCH_UP_LAG`]).
    pub catch_up_lag: i64,
    /// Where the documents' bytes are kept (`DAFTAR_DOCUMENTS_URL`, [`crate::documents`]).
    pub documents: DocumentStorage,
    /// The SMS gateway (`DAFTAR_SMS_*`, [`crate::sms`]).
    pub sms: SmsSettings,
    /// Mail (`DAFTAR_SMTP_URL`, `DAFTAR_MAIL_FROM`, `DAFTAR_PUBLIC_URL`, [`crate::mail`]).
    pub mail: MailSettings,
    /// The support's contact (`DAFTAR_SUPPORT_*`), shown on the support pages.
    pub support: SupportContact,
    /// The online payment gateway (`DAFTAR_KONNECT_*`, `DAFTAR_SECRET_KEY`,
    /// [`crate::paiement_en_ligne`]).
    pub konnect: KonnectSettings,
}

/// The online payment gateway's settings (issue 21).
#[derive(Clone)]
pub struct KonnectSettings {
    /// Konnect's API base, without a trailing slash.
    pub url: String,
    /// One call to the gateway at most.
    pub timeout: std::time::Duration,
    /// How long a payment request stays payable, in minutes.
    pub duree_minutes: u32,
    /// Base64 of the 32-byte key that encrypts the residences' API keys; `None`: the key file
    /// under the data folder.
    pub secret_key: Option<String>,
}

impl KonnectSettings {
    pub const PRODUCTION: &'static str = "https://api.konnect.network/api/v2";
    pub const SANDBOX: &'static str = "https://api.sandbox.konnect.network/api/v2";
}

impl Default for KonnectSettings {
    fn default() -> Self {
        Self {
            url: Self::PRODUCTION.to_owned(),
            timeout: std::time::Duration::from_secs(5),
            duree_minutes: 15,
            secret_key: None,
        }
    }
}

/// Debug output never shows the secret key.
impl std::fmt::Debug for KonnectSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KonnectSettings")
            .field("url", &self.url)
            .field("timeout", &self.timeout)
            .field("duree_minutes", &self.duree_minutes)
            .field("cle_serveur", &self.secret_key.as_ref().map(|_| "***"))
            .finish()
    }
}

/// Where mail goes: an SMTP server, or (no URL) files under the data folder.
#[derive(Clone)]
pub struct MailSettings {
    /// lettre's URL form (`smtp://host:port`, `smtps://user:password@host`); `None`: each mail is
    /// written to `{DAFTAR_DATA_DIR}/mail/` and its path logged.
    pub smtp_url: Option<String>,
    /// The `From` of every mail.
    pub from: String,
    /// The address users open the app at, without a trailing slash: the base of mailed links.
    pub public_url: String,
}

impl MailSettings {
    pub const DEFAULT_FROM: &'static str = "Daftar <no-reply@daftar.tn>";

    /// Files under the data folder, links to `http://{addr}`.
    pub fn local(addr: SocketAddr) -> Self {
        Self {
            smtp_url: None,
            from: Self::DEFAULT_FROM.to_owned(),
            public_url: format!("http://{addr}"),
        }
    }
}

/// Debug output never shows the SMTP password.
impl std::fmt::Debug for MailSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailSettings")
            .field("smtp_url", &self.smtp_url.as_deref().map(redact))
            .field("from", &self.from)
            .field("public_url", &self.public_url)
            .finish()
    }
}

/// The support's contact (spec 3 §2.11 "Support": a phone and a messaging-app link).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SupportContact {
    /// As shown (`+216 71 000 000`).
    pub tel: Option<String>,
    /// Digits only, international form (`21671000000`): the `https://wa.me/…` link.
    pub whatsapp: Option<String>,
}

/// The SMS gateway's settings: no URL means the outbox (nothing leaves the server).
#[derive(Clone)]
pub struct SmsSettings {
    pub url: Option<String>,
    pub token: Option<String>,
    pub sender: Option<String>,
    /// What `X-Daftar-Webhook-Secret` must equal on a delivery report (none: every report is
    /// refused).
    pub webhook_secret: Option<String>,
    /// One request to the provider at most.
    pub timeout: std::time::Duration,
}

impl Default for SmsSettings {
    fn default() -> Self {
        Self {
            url: None,
            token: None,
            sender: None,
            webhook_secret: None,
            timeout: crate::sms::passerelle::HttpJson::DELAI,
        }
    }
}

/// Debug output never shows the token or the secret.
impl std::fmt::Debug for SmsSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmsSettings")
            .field("url", &self.url)
            .field("token", &self.token.as_ref().map(|_| "***"))
            .field("sender", &self.sender)
            .field("webhook", &self.webhook_secret.as_ref().map(|_| "***"))
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// Debug output never shows the database password.
impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("addr", &self.addr)
            .field("data_dir", &self.data_dir)
            .field("database_url", &redact(&self.database_url))
            .field("web_dir", &self.web_dir)
            .field("cookie_secure", &self.cookie_secure)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("sessions", &self.sessions)
            .field("database_max_connections", &self.database_max_connections)
            .field("clock", &self.clock)
            .field("catch_up_lag", &self.catch_up_lag)
            .field("documents", &self.documents)
            .field("sms", &self.sms)
            .field("mail", &self.mail)
            .field("support", &self.support)
            .field("konnect", &self.konnect)
            .finish()
    }
}

impl Settings {
    /// Reads the settings from the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|key| std::env::var(key).ok())
    }

    /// Reads the settings through `lookup` (the environment in production, a map in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let get = |key: &str| lookup(key).filter(|value| !value.trim().is_empty());
        let addr = get("DAFTAR_ADDR")
            .unwrap_or_else(|| "127.0.0.1:8080".to_owned())
            .parse::<SocketAddr>()
            .context("DAFTAR_ADDR must be an IP address and port, e.g. 127.0.0.1:8080")?;
        let data_dir = PathBuf::from(get("DAFTAR_DATA_DIR").unwrap_or_else(|| "./data".to_owned()));
        let database_url = match get("DAFTAR_DATABASE_URL") {
            Some(url) => url,
            None => format!("sqlite://{}", data_dir.join("daftar.sqlite").display()),
        };
        let web_dir =
            PathBuf::from(get("DAFTAR_WEB_DIR").unwrap_or_else(|| "./web/dist".to_owned()));
        let cookie_secure = match get("DAFTAR_COOKIE_SECURE") {
            None => SecureCookies::Auto,
            Some(value) if value.trim().eq_ignore_ascii_case("auto") => SecureCookies::Auto,
            Some(value) => {
                if parse_bool(&value).context("DAFTAR_COOKIE_SECURE must be auto, true or false")? {
                    SecureCookies::Always
                } else {
                    SecureCookies::Never
                }
            }
        };
        let trusted_proxies = get("DAFTAR_TRUSTED_PROXIES")
            .map(|list| {
                list.split(',')
                    .map(str::trim)
                    .filter(|entry| !entry.is_empty())
                    .map(|entry| entry.parse::<IpAddr>())
                    .collect::<Result<Vec<_>, _>>()
                    .context("DAFTAR_TRUSTED_PROXIES must be IP addresses separated by commas")
            })
            .transpose()?
            .unwrap_or_default();
        let minutes = |key: &str, default: i64| -> anyhow::Result<i64> {
            get(key)
                .map(|value| value.trim().parse::<i64>().ok().filter(|n| *n > 0))
                .map(|parsed| {
                    parsed.with_context(|| format!("{key} must be a whole number above 0"))
                })
                .transpose()
                .map(|value| value.unwrap_or(default))
        };
        let sessions = SessionPolicy {
            lifetime_days: minutes("DAFTAR_SESSION_DAYS", SessionPolicy::DEFAULT.lifetime_days)?,
            idle_minutes: minutes(
                "DAFTAR_SESSION_IDLE_MINUTES",
                SessionPolicy::DEFAULT.idle_minutes,
            )?,
        };
        let database_max_connections = get("DAFTAR_DATABASE_MAX_CONNECTIONS")
            .map(|value| value.trim().parse::<u32>().ok().filter(|n| *n > 0))
            .map(|parsed| {
                parsed.context("DAFTAR_DATABASE_MAX_CONNECTIONS must be a whole number above 0")
            })
            .transpose()?;
        let catch_up_lag = get("DAFTAR_CATCH_UP_LAG")
            .map(|value| value.trim().parse::<i64>().ok().filter(|n| *n >= 0))
            .map(|parsed| parsed.context("DAFTAR_CATCH_UP_LAG must be a whole number, 0 or above"))
            .transpose()?
            .unwrap_or(daftar_projections::projector::CATCH_UP_LAG);
        let documents = get("DAFTAR_DOCUMENTS_URL")
            .map(|url| DocumentStorage::parse(&url))
            .transpose()?
            .unwrap_or(DocumentStorage::Local);
        let timeout_ms = get("DAFTAR_SMS_TIMEOUT_MS")
            .map(|value| value.trim().parse::<u64>().ok().filter(|n| *n > 0))
            .map(|parsed| parsed.context("DAFTAR_SMS_TIMEOUT_MS must be a whole number above 0"))
            .transpose()?;
        let sms = SmsSettings {
            url: get("DAFTAR_SMS_URL"),
            token: get("DAFTAR_SMS_TOKEN"),
            sender: get("DAFTAR_SMS_SENDER"),
            webhook_secret: get("DAFTAR_SMS_WEBHOOK_SECRET"),
            timeout: timeout_ms.map_or(crate::sms::passerelle::HttpJson::DELAI, |ms| {
                std::time::Duration::from_millis(ms)
            }),
        };
        let mut mail = MailSettings::local(addr);
        mail.smtp_url = get("DAFTAR_SMTP_URL").map(|url| url.trim().to_owned());
        if let Some(url) = &mail.smtp_url {
            lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url).with_context(
                || {
                    format!(
                        "DAFTAR_SMTP_URL must be smtp://host:port or smtps://user:password@host, not {}",
                        redact(url)
                    )
                },
            )?;
        }
        if let Some(from) = get("DAFTAR_MAIL_FROM") {
            from.trim().parse::<lettre::message::Mailbox>().context(
                "DAFTAR_MAIL_FROM must be an address, e.g. Daftar <no-reply@example.tn>",
            )?;
            mail.from = from.trim().to_owned();
        }
        if let Some(url) = get("DAFTAR_PUBLIC_URL") {
            let url = url.trim().trim_end_matches('/').to_owned();
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                bail!("DAFTAR_PUBLIC_URL must start with http:// or https://, not {url}");
            }
            mail.public_url = url;
        }
        let whatsapp = get("DAFTAR_SUPPORT_WHATSAPP")
            .map(|number| {
                let digits: String = number
                    .chars()
                    .filter(|c| !matches!(c, ' ' | '+' | '-' | '.'))
                    .collect();
                if digits.len() < 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    bail!("DAFTAR_SUPPORT_WHATSAPP must be a phone number in international form, e.g. +216 71 000 000");
                }
                Ok(digits)
            })
            .transpose()?;
        let mut konnect = KonnectSettings::default();
        if let Some(url) = get("DAFTAR_KONNECT_URL") {
            let url = url.trim().trim_end_matches('/').to_owned();
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                bail!("DAFTAR_KONNECT_URL must start with http:// or https://, not {url}");
            }
            konnect.url = url;
        }
        if let Some(ms) = get("DAFTAR_KONNECT_TIMEOUT_MS") {
            let ms = ms
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| *n > 0)
                .context("DAFTAR_KONNECT_TIMEOUT_MS must be a whole number above 0")?;
            konnect.timeout = std::time::Duration::from_millis(ms);
        }
        if let Some(minutes) = get("DAFTAR_KONNECT_LIFESPAN_MINUTES") {
            konnect.duree_minutes = minutes
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=1440).contains(n))
                .context("DAFTAR_KONNECT_LIFESPAN_MINUTES must be a whole number from 1 to 1440")?;
        }
        konnect.secret_key = get("DAFTAR_SECRET_KEY").map(|key| key.trim().to_owned());
        let support = SupportContact {
            tel: get("DAFTAR_SUPPORT_TEL").map(|tel| tel.trim().to_owned()),
            whatsapp,
        };
        Ok(Self {
            addr,
            data_dir,
            database_url,
            web_dir,
            cookie_secure,
            trusted_proxies,
            sessions,
            database_max_connections,
            clock: Clock::system(),
            catch_up_lag,
            documents,
            sms,
            mail,
            support,
            konnect,
        })
    }

    /// Connects to the configured database (running its migrations), first creating the folder
    /// of a SQLite file if it does not exist.
    pub async fn connect_database(&self) -> anyhow::Result<Database> {
        if let Some(file) = sqlite_file(&self.database_url) {
            if let Some(dir) = file.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create the data folder {}", dir.display()))?;
            }
        }
        Database::connect_with(&self.database_url, self.database_max_connections)
            .await
            .with_context(|| format!("cannot open the database {}", redact(&self.database_url)))
    }
}

/// When cookies carry `Secure` (`DAFTAR_COOKIE_SECURE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecureCookies {
    /// When the request came over HTTPS: directly, or through a trusted proxy that says so in
    /// `X-Forwarded-Proto` (the default).
    Auto,
    Always,
    Never,
}

/// Where documents are kept (`DAFTAR_DOCUMENTS_URL`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocumentStorage {
    /// In the folder `documents` of `DAFTAR_DATA_DIR` (the default).
    Local,
    /// In an S3-compatible bucket, under `prefix` (empty: the bucket's root). Credentials,
    /// region and endpoint come from the `AWS_*` variables (`AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, `AWS_ENDPOINT` and `AWS_ALLOW_HTTP` for a store
    /// other than Amazon's).
    S3 { bucket: String, prefix: String },
}

impl DocumentStorage {
    /// `s3://bucket` or `s3://bucket/some/prefix`.
    fn parse(url: &str) -> anyhow::Result<Self> {
        let invalid = || {
            anyhow::anyhow!(
                "DAFTAR_DOCUMENTS_URL must be s3://bucket or s3://bucket/prefix, not {url}"
            )
        };
        let rest = url.trim().strip_prefix("s3://").ok_or_else(invalid)?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() || bucket.contains(char::is_whitespace) {
            return Err(invalid());
        }
        Ok(DocumentStorage::S3 {
            bucket: bucket.to_owned(),
            prefix: prefix.trim_matches('/').to_owned(),
        })
    }
}

/// How long a session lives (`DAFTAR_SESSION_DAYS`, `DAFTAR_SESSION_IDLE_MINUTES`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionPolicy {
    /// From sign-in, whatever the activity.
    pub lifetime_days: i64,
    /// Without any request: a computer left signed in at the office is signed out.
    pub idle_minutes: i64,
}

impl SessionPolicy {
    /// 30 days, and 2 days without a request.
    pub const DEFAULT: SessionPolicy = SessionPolicy {
        lifetime_days: 30,
        idle_minutes: 2 * 24 * 60,
    };
}

fn parse_bool(value: &str) -> anyhow::Result<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        other => bail!("not a boolean: {other}"),
    }
}

/// The file path of a `sqlite:` URL (`sqlite://data/x.sqlite`, `sqlite:x.sqlite?mode=rwc`).
fn sqlite_file(url: &str) -> Option<&Path> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| Path::new(path))
}

/// The URL without its password, for error messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            match credentials.find(':') {
                Some(colon) => format!(
                    "{}{}:***{}",
                    &url[..scheme_end + 3],
                    &credentials[..colon],
                    &url[at..]
                ),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn settings(vars: &[(&str, &str)]) -> anyhow::Result<Settings> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Settings::from_lookup(|key| map.get(key).cloned())
    }

    #[test]
    fn defaults_point_at_a_local_sqlite_file() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(s.data_dir, PathBuf::from("./data"));
        assert_eq!(s.database_url, "sqlite://./data/daftar.sqlite");
        assert_eq!(s.web_dir, PathBuf::from("./web/dist"));
        assert_eq!(s.cookie_secure, SecureCookies::Auto);
        assert!(s.trusted_proxies.is_empty());
        assert_eq!(s.sessions, SessionPolicy::DEFAULT);
        assert_eq!(s.database_max_connections, None);
        assert_eq!(s.documents, DocumentStorage::Local);
    }

    #[test]
    fn documents_go_to_the_bucket_and_prefix_an_s3_url_names() {
        let s = settings(&[("DAFTAR_DOCUMENTS_URL", "s3://daftar-docs/prod/v1/")]).unwrap();
        assert_eq!(
            s.documents,
            DocumentStorage::S3 {
                bucket: "daftar-docs".to_owned(),
                prefix: "prod/v1".to_owned()
            }
        );
        let s = settings(&[("DAFTAR_DOCUMENTS_URL", "s3://daftar-docs")]).unwrap();
        assert_eq!(
            s.documents,
            DocumentStorage::S3 {
                bucket: "daftar-docs".to_owned(),
                prefix: String::new()
            }
        );
    }

    #[test]
    fn a_documents_url_that_is_not_s3_is_rejected_at_start_up() {
        assert!(settings(&[("DAFTAR_DOCUMENTS_URL", "/var/lib/docs")]).is_err());
        assert!(settings(&[("DAFTAR_DOCUMENTS_URL", "gs://bucket")]).is_err());
        assert!(settings(&[("DAFTAR_DOCUMENTS_URL", "s3:///prefix")]).is_err());
    }

    #[test]
    fn the_database_defaults_inside_the_data_dir() {
        let s = settings(&[("DAFTAR_DATA_DIR", "/var/lib/daftar")]).unwrap();
        assert_eq!(s.database_url, "sqlite:///var/lib/daftar/daftar.sqlite");
        assert_eq!(
            sqlite_file(&s.database_url),
            Some(Path::new("/var/lib/daftar/daftar.sqlite"))
        );
    }

    #[test]
    fn bad_values_are_rejected_at_start_up() {
        assert!(settings(&[("DAFTAR_ADDR", "nowhere")]).is_err());
        assert!(settings(&[("DAFTAR_COOKIE_SECURE", "maybe")]).is_err());
        assert!(settings(&[("DAFTAR_DATABASE_MAX_CONNECTIONS", "0")]).is_err());
        assert!(settings(&[("DAFTAR_DATABASE_MAX_CONNECTIONS", "many")]).is_err());
        assert_eq!(
            settings(&[("DAFTAR_DATABASE_MAX_CONNECTIONS", "12")])
                .unwrap()
                .database_max_connections,
            Some(12)
        );
        assert_eq!(
            settings(&[("DAFTAR_COOKIE_SECURE", "true")])
                .unwrap()
                .cookie_secure,
            SecureCookies::Always
        );
        assert!(settings(&[("DAFTAR_TRUSTED_PROXIES", "10.0.0.1, nope")]).is_err());
        assert_eq!(
            settings(&[("DAFTAR_TRUSTED_PROXIES", "10.0.0.1, ::1")])
                .unwrap()
                .trusted_proxies
                .len(),
            2
        );
        assert!(settings(&[("DAFTAR_SESSION_IDLE_MINUTES", "0")]).is_err());
    }

    #[test]
    fn mail_goes_to_files_and_links_to_the_listening_address_by_default() {
        let s = settings(&[("DAFTAR_ADDR", "127.0.0.1:9000")]).unwrap();
        assert_eq!(s.mail.smtp_url, None);
        assert_eq!(s.mail.public_url, "http://127.0.0.1:9000");
        assert_eq!(s.mail.from, MailSettings::DEFAULT_FROM);
        assert_eq!(s.support, SupportContact::default());
    }

    #[test]
    fn mail_and_support_settings_are_read_and_checked_at_start_up() {
        let s = settings(&[
            (
                "DAFTAR_SMTP_URL",
                "smtps://daftar:secret-smtp@mail.example.tn",
            ),
            ("DAFTAR_MAIL_FROM", "Les Jasmins <syndic@example.tn>"),
            ("DAFTAR_PUBLIC_URL", "https://daftar.example.tn/"),
            ("DAFTAR_SUPPORT_TEL", "+216 71 000 000"),
            ("DAFTAR_SUPPORT_WHATSAPP", "+216 20 000 000"),
        ])
        .unwrap();
        assert_eq!(s.mail.public_url, "https://daftar.example.tn");
        assert_eq!(s.mail.from, "Les Jasmins <syndic@example.tn>");
        assert_eq!(s.support.tel.as_deref(), Some("+216 71 000 000"));
        assert_eq!(s.support.whatsapp.as_deref(), Some("21620000000"));
        assert!(!format!("{s:?}").contains("secret-smtp"));
        assert!(settings(&[("DAFTAR_SMTP_URL", "mail.example.tn")]).is_err());
        assert!(settings(&[("DAFTAR_MAIL_FROM", "pas une adresse")]).is_err());
        assert!(settings(&[("DAFTAR_PUBLIC_URL", "daftar.example.tn")]).is_err());
        assert!(settings(&[("DAFTAR_SUPPORT_WHATSAPP", "whatsapp")]).is_err());
    }

    #[test]
    fn passwords_are_redacted() {
        assert_eq!(
            redact("postgres://u:secret@h:5432/db"),
            "postgres://u:***@h:5432/db"
        );
        assert_eq!(
            redact("postgres://postgres@h/db"),
            "postgres://postgres@h/db"
        );
        assert_eq!(redact("sqlite://data/x.sqlite"), "sqlite://data/x.sqlite");
        let s = settings(&[("DAFTAR_DATABASE_URL", "postgres://u:secret@h/db")]).unwrap();
        assert!(!format!("{s:?}").contains("secret"));
        let s = settings(&[
            ("DAFTAR_SMS_TOKEN", "jeton-prive"),
            ("DAFTAR_SMS_WEBHOOK_SECRET", "secret-partage"),
            ("DAFTAR_SECRET_KEY", "c2VjcmV0LWR1LXNlcnZldXI="),
        ])
        .unwrap();
        let debug = format!("{s:?}");
        assert!(
            !debug.contains("jeton-prive")
                && !debug.contains("secret")
                && !debug.contains("c2VjcmV0"),
            "{debug}"
        );
    }
}
