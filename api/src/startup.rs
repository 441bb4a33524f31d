//! Builds the actix-web application and binds its listener.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceResponse};
use actix_web::http::header::CONTENT_TYPE;
use actix_web::http::StatusCode;
use actix_web::middleware::{from_fn, ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, App, HttpServer, ResponseError};
use anyhow::Context;
use daftar_projections::{read_models, Database, Ledger, Projector};

use crate::answer_cache::AnswerCache;
use crate::auth::csrf;
use crate::configuration::Settings;
use crate::documents::DocumentStore;
use crate::error::{ApiError, ErrorCode};
use crate::ledger::LedgerService;
use crate::{extract, routes, security_headers, telemetry, web_client};

/// What every handler can reach through `web::Data<AppState>`.
pub struct AppState {
    pub db: Database,
    pub settings: Arc<Settings>,
    /// The residence ledgers (command side) and the projector of their read models.
    pub ledger: Arc<LedgerService>,
    /// The PDF renderer (fonts and templates loaded once, shared by every worker).
    pub pdf: Arc<daftar_pdf::Renderer>,
    /// The encaissement screen's balance list per residence, at its ledger sequence and day.
    pub soldes: Arc<AnswerCache>,
    /// The bank reconciliations per (residence, account asked, year), at the position their read
    /// models had projected to and the day.
    pub rapprochements: Arc<AnswerCache<(i64, Option<i64>, i32)>>,
    /// What both dashboards show of each residence, per period, at the position their read
    /// models had projected to and the day ([`routes::dashboard::PartsResidence`]).
    pub tableaux_de_bord: Arc<routes::dashboard::PartsParResidence>,
    /// The documents' bytes and thumbnails ([`crate::documents`]).
    pub documents: Arc<DocumentStore>,
    /// The SMS gateway ([`crate::sms::passerelle`]): the outbox unless `DAFTAR_SMS_URL` is set.
    pub sms: Arc<dyn crate::sms::PasserelleSms>,
    /// The reminder letter's template ([`crate::routes::recouvrement`]).
    pub lettre: Arc<daftar_pdf::Modele>,
    /// The general assemblies' documents' template ([`crate::routes::assemblees`]).
    pub assemblee_pdf: Arc<daftar_pdf::Modele>,
    /// Mail ([`crate::mail`]): SMTP when `DAFTAR_SMTP_URL` is set, else files in the data folder.
    pub mail: Arc<dyn crate::mail::Messagerie>,
    /// The real-time channel: this server's sockets and the signals of every server
    /// ([`crate::temps_reel`]).
    pub temps_reel: Arc<crate::temps_reel::TempsReel>,
    /// The online payment gateway ([`crate::paiement_en_ligne`]).
    pub paiement_en_ligne: Arc<crate::paiement_en_ligne::PaiementEnLigne>,
}

impl AppState {
    /// Today in Tunisia, from the configured clock ([`crate::clock::Clock`]).
    pub fn today(&self) -> chrono::NaiveDate {
        self.settings.clock.today()
    }

    /// Builds the state and starts the projector in the background: it first catches up with
    /// whatever was committed while no server ran, then follows every commit.
    pub fn new(db: Database, settings: Arc<Settings>) -> anyhow::Result<Self> {
        let projector =
            Projector::new(db.clone(), read_models()).with_catch_up_lag(settings.catch_up_lag);
        Self::with_projector(db, settings, projector)
    }

    /// Same, with the projector that already caught up before the server listens: its list of
    /// the models far behind is the one requests are checked against from the first request
    /// (a fresh projector would know none until it prepared, and serve them stale meanwhile).
    pub fn with_projector(
        db: Database,
        settings: Arc<Settings>,
        projector: Projector,
    ) -> anyhow::Result<Self> {
        let pdf = Arc::new(daftar_pdf::Renderer::new().context("PDF renderer")?);
        let documents = Arc::new(DocumentStore::from_settings(&settings)?);
        let sms = crate::sms::passerelle::depuis_reglages(&settings.sms)?;
        let mail = crate::mail::depuis_reglages(&settings)?;
        let lettre = Arc::new(
            daftar_pdf::Modele::new(
                "/lettre_recouvrement.typ",
                include_str!("../templates/lettre_recouvrement.typ"),
            )
            .context("reminder letter template")?,
        );
        let assemblee_pdf = Arc::new(
            daftar_pdf::Modele::new("/assemblee.typ", include_str!("../templates/assemblee.typ"))
                .context("assembly documents template")?,
        );
        let ledger = Arc::new(LedgerService {
            ledger: Ledger::new(db.clone(), ()),
            assemblees: Ledger::new(db.clone(), ()),
            votes: Ledger::new(db.clone(), ()),
            visibilite: Ledger::new(db.clone(), ()),
            projector,
        });
        tokio::spawn(
            ledger
                .projector
                .clone()
                .run(ledger.ledger.subscribe_commits()),
        );
        let temps_reel = crate::temps_reel::TempsReel::demarrer(db.clone(), &settings.database_url);
        let paiement_en_ligne = Arc::new(crate::paiement_en_ligne::PaiementEnLigne::new(
            &settings.konnect,
            settings.data_dir.clone(),
        )?);
        Ok(Self {
            db,
            settings,
            ledger,
            pdf,
            soldes: Arc::new(AnswerCache::default()),
            rapprochements: Arc::new(AnswerCache::default()),
            tableaux_de_bord: Arc::new(AnswerCache::default()),
            documents,
            sms,
            lettre,
            assemblee_pdf,
            mail,
            temps_reel,
            paiement_en_ligne,
        })
    }
}

/// A bound, not yet running, HTTP server.
pub struct Application {
    port: u16,
    server: Server,
    state: web::Data<AppState>,
}

impl Application {
    /// Connects to the configured database (running migrations) and binds `settings.addr`
    /// (port 0 picks a free port: see [`Application::port`]).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let db = settings.connect_database().await?;
        // The read models answer the first request: project what was committed while no
        // server ran before listening. A model far behind (new or changed in this release)
        // is left to catch up on the side once the server listens: its routes answer 503
        // `projection_en_rattrapage` meanwhile, every other route is served. A failure is
        // logged and retried by the running projector; the server starts anyway (commands do
        // not depend on the read models).
        // The same projector then serves: the models it found far behind answer 503 from the
        // first request on.
        let projector =
            Projector::new(db.clone(), read_models()).with_catch_up_lag(settings.catch_up_lag);
        if let Err(error) = projector.catch_up_current().await {
            tracing::error!(%error, "projection at start-up failed; the projector retries");
        }
        let listener = TcpListener::bind(settings.addr)
            .with_context(|| format!("cannot listen on {}", settings.addr))?;
        let port = listener.local_addr()?.port();
        let state = web::Data::new(AppState::with_projector(db, Arc::new(settings), projector)?);
        tokio::spawn(routes::exercices::ouverture::veiller(state.clone()));
        let served = state.clone();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(served.clone())
                .app_data(extract::json_config())
                .app_data(extract::query_config())
                .app_data(extract::path_config())
                .configure(routes::configure)
                .default_service(web::to(web_client::serve))
                .wrap(from_fn(csrf::verify))
                .wrap(
                    ErrorHandlers::new()
                        .handler(StatusCode::NOT_FOUND, json_if_bodyless)
                        .handler(StatusCode::METHOD_NOT_ALLOWED, json_if_bodyless),
                )
                .wrap(from_fn(security_headers::add))
                .wrap(from_fn(telemetry::log_request))
        })
        .listen(listener)?
        .run();
        Ok(Self {
            port,
            server,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The state the server answers from (its projector: what it knows before the first
    /// request).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until the process is told to stop (SIGINT, SIGTERM).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// actix answers an unmatched method (405) or path (404) with an empty body; give those our JSON
/// error body. Answers that already have a body (ours, or a file's 404) pass unchanged.
fn json_if_bodyless<B: MessageBody>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    if res.headers().contains_key(CONTENT_TYPE) {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let code = if res.status() == StatusCode::METHOD_NOT_ALLOWED {
        ErrorCode::MethodNotAllowed
    } else {
        ErrorCode::NotFound
    };
    let (req, _) = res.into_parts();
    let res = ServiceResponse::new(req, ApiError::new(code).error_response());
    Ok(ErrorHandlerResponse::Response(res.map_into_right_body()))
}
