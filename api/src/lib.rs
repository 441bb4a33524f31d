//! The Daftar HTTP server and command line: configuration, start-up, the error table, identity
//! and access, and the routes. See `routes` for how to add an area and `cli` for a command.

pub mod answer_cache;
pub mod answers;
pub mod approbateurs;
pub mod auth;
pub mod cli;
pub mod client;
pub mod clock;
pub mod cloture_pack;
pub mod configuration;
pub mod demo;
pub mod documents;
pub mod error;
pub mod exercices_clotures;
pub mod extract;
pub mod identity;
pub mod ledger;
pub mod mail;
pub mod money;
pub mod openapi;
pub mod paiement_en_ligne;
pub mod releves;
pub mod request;
pub mod residence_builder;
pub mod routes;
pub mod security_headers;
pub mod sms;
pub mod soldes;
pub mod startup;
pub mod telemetry;
pub mod temps_reel;
pub mod visibilite;
pub mod web_client;

pub use configuration::Settings;
pub use error::{ApiError, ErrorCode, FieldErrors};
pub use startup::{AppState, Application};
