//! The API's tests, one module per area, in one test binary (one link of actix, sqlx and the
//! PDF engine for all of them): each drives a real server over HTTP on SQLite and PostgreSQL
//! (`on_both_stores!`), with the shared world, browser and checks of `support`.
//!
//! A new area adds its module here and seeds its residences with the library's
//! `ResidenceBuilder`, as the others do.

// Test code: panicking on an unexpected error is the point.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod support;

mod annonces;
mod assemblees;
mod auth;
mod banque;
mod budgets;
mod chat;
mod chat_temps_reel;
mod comptabilite;
mod compte;
mod conseil;
mod contrats;
mod dashboard;
mod depenses;
mod exercices;
mod fournisseurs;
mod hardening;
mod http;
mod ledger;
mod notifications;
mod occupancy;
mod paiement_en_ligne;
mod pannes;
mod parametres;
mod rattrapage;
mod recouvrement;
mod recus;
mod reglements;
mod releves;
mod residence_builder;
mod revenus;
mod salaires;
mod visibilite;
mod votes;
