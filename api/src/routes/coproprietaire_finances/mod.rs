//! `/api/coproprietaire/revenus…`, `/charges…`, `/travaux…`, `/contrats-revenus…`,
//! `/contrats-depenses…`: the residence's finance items as a co-owner reads them (spec 3 §2.11,
//! §3 "Other", §7 "Co-owner data"; docs/api-visibilite.md). Each route is gated by its
//! visibility right ([`crate::visibilite::Voir`]: 403 `visibilite_refusee` when the council hid
//! it) and reads only the caller's residence.
//!
//! The items come from the read models the council's screens read, through the same queries
//! (`daftar_projections::{revenus, contrats, depenses, salaires, banque}`); what a co-owner sees
//! of a record is chosen here: no council notes (`commentaire`), no payment references, no
//! employee's personal data beyond their name and post.
//!
//! - [`revenus`]: cotisations, revenue contracts, exceptional revenues, bank interest;
//! - [`charges`]: current charges, expense contracts, employer charges, salaries, bank fees;
//! - [`travaux`]: the works;
//! - [`contrats`]: the contracts of both sides.

pub mod charges;
pub mod contrats;
pub mod revenus;
pub mod travaux;

use std::borrow::Cow;

use actix_web::http::Method;
use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::Montant;
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::money::Dt;
use crate::routes::depenses::reponses::Document;
use crate::routes::{register, resource, ReadModels};

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[
    daftar_projections::revenus::MODEL,
    daftar_projections::revenus::ENCAISSEMENTS_MODEL,
    daftar_projections::contrats::MODEL,
    daftar_projections::depenses::MODEL,
    daftar_projections::fournisseurs::MODEL,
    daftar_projections::salaires::MODEL,
    daftar_projections::banque::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/coproprietaire/revenus", Method::GET, revenus::list),
            resource(
                "/coproprietaire/revenus-details",
                Method::GET,
                revenus::details,
            ),
            resource("/coproprietaire/charges", Method::GET, charges::list),
            resource(
                "/coproprietaire/charges-details",
                Method::GET,
                charges::details,
            ),
            resource("/coproprietaire/travaux", Method::GET, travaux::list),
            resource(
                "/coproprietaire/travaux-details",
                Method::GET,
                travaux::details,
            ),
            resource(
                "/coproprietaire/contrats-revenus",
                Method::GET,
                contrats::revenus,
            ),
            resource(
                "/coproprietaire/contrats-revenus/details",
                Method::GET,
                contrats::revenus_details,
            ),
            resource(
                "/coproprietaire/contrats-depenses",
                Method::GET,
                contrats::depenses,
            ),
            resource(
                "/coproprietaire/contrats-depenses/details",
                Method::GET,
                contrats::depenses_details,
            ),
        ],
    );
}

/// One value of a detail's key/value list: a text (dates as `yyyy-MM-dd`), an amount (a JSON
/// number: the client adds "DT"), a whole number (the approval's 1 / 0) or nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Valeur {
    Texte(String),
    Montant(Dt),
    Entier(i64),
    Vide,
}

impl Valeur {
    pub fn texte(text: impl Into<String>) -> Self {
        Valeur::Texte(text.into())
    }

    pub fn montant(montant: Montant) -> Self {
        Valeur::Montant(Dt(montant))
    }

    pub fn date(date: NaiveDate) -> Self {
        Valeur::Texte(date.format("%Y-%m-%d").to_string())
    }

    pub fn date_optionnelle(date: Option<NaiveDate>) -> Self {
        date.map_or(Valeur::Vide, Valeur::date)
    }

    pub fn texte_optionnel(text: Option<String>) -> Self {
        text.map_or(Valeur::Vide, Valeur::Texte)
    }
}

impl Serialize for Valeur {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Valeur::Texte(text) => serializer.serialize_str(text),
            Valeur::Montant(dt) => dt.serialize(serializer),
            Valeur::Entier(n) => serializer.serialize_i64(*n),
            Valeur::Vide => serializer.serialize_none(),
        }
    }
}

/// A record's details as a key/value list (spec 3 §2.11: "key/value list of the details
/// object"), written as a JSON object in this order. Keys the client knows: `etat_payment`
/// (`complet`, `partiel`, `non_paye`), `approbation` (1, 0 or null); amounts are numbers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Details(pub Vec<(&'static str, Valeur)>);

impl Details {
    pub fn avec(mut self, cle: &'static str, valeur: Valeur) -> Self {
        self.0.push((cle, valeur));
        self
    }
}

impl Serialize for Details {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (cle, valeur) in &self.0 {
            map.serialize_entry(cle, valeur)?;
        }
        map.end()
    }
}

impl utoipa::PartialSchema for Details {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "The record's details, key → value, in display order: texts (dates \
                 `yyyy-MM-dd`), amounts (numbers, DT), `approbation` 1 / 0 / null, \
                 `etat_payment` complet / partiel / non_paye.",
            ))
            .additional_properties(Some(AdditionalProperties::FreeForm(true)))
            .into()
    }
}

impl ToSchema for Details {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("DetailsFinanciers")
    }
}

/// How much of a record is paid or collected (spec 3 §4 "Payment state").
pub fn etat_payment(total: Montant, paye: Montant) -> Valeur {
    let etat = if paye.millimes() <= 0 {
        "non_paye"
    } else if paye < total {
        "partiel"
    } else {
        "complet"
    };
    Valeur::texte(etat)
}

/// One payment of a record as a co-owner sees it (no reference, no account).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaiementCopro {
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    /// `espece`, `cheque`, `virement`, `versement`, `tpe` or `enligne`.
    pub methode_paiement: String,
    /// The month a salary pays, `yyyy-MM` (salaries only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mois: Option<String>,
}

impl PaiementCopro {
    pub fn new(montant: Montant, date_paiement: NaiveDate, methode: impl Serialize) -> Self {
        PaiementCopro {
            montant: Dt(montant),
            date_paiement,
            methode_paiement: daftar_projections::text::as_text(methode),
            mois: None,
        }
    }
}

/// `GET /coproprietaire/{revenus,charges,travaux}-details`: a record's details, payments and
/// files (spec 3 §3 "charge/revenue/works detail response").
#[derive(Debug, Serialize, ToSchema)]
pub struct DetailFinancierResponse {
    pub success: bool,
    /// The record's kind (`charges-courantes`, `cotisations`, `travaux`…).
    pub model: String,
    pub model_id: i64,
    pub titre: String,
    pub details: Details,
    /// By date; empty for a bank fee (its detail shows none, spec 3 §2.11).
    pub paiements: Vec<PaiementCopro>,
    /// Invoices (charges and works).
    pub factures: Vec<Document>,
    /// Quotes (charges and works).
    pub devis: Vec<Document>,
    /// A contract's files.
    pub documents: Vec<Document>,
}

impl DetailFinancierResponse {
    pub fn new(model: &str, model_id: i64, titre: String, details: Details) -> Self {
        DetailFinancierResponse {
            success: true,
            model: model.to_owned(),
            model_id,
            titre,
            details,
            paiements: Vec::new(),
            factures: Vec::new(),
            devis: Vec::new(),
            documents: Vec::new(),
        }
    }
}

/// One line of the revenues or charges list (spec 3 §3 "revenue item and charge item").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ElementFinancier {
    pub titre: String,
    /// The item's amount: a charge's or a cotisation's total, an operation's or a payment's
    /// amount, what a contract or an employee has been paid (or has paid) so far.
    pub montant: Dt,
    /// Its kind, which names its details (`{model}/{model_id}`).
    pub model: String,
    pub model_id: i64,
    /// Its date: an invoice's, a cotisation's or a contract's start, a payment's or an
    /// operation's, an employee's latest salary payment.
    pub date: NaiveDate,
}

/// `?model=…&model_id=…` of the details routes.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ModelQuery {
    /// The record's kind, as its list line gives it.
    pub model: Option<String>,
    /// The record's id, as its list line gives it.
    pub model_id: Option<i64>,
}

impl ModelQuery {
    /// The model among `connus` and the id, or 422 (`champ_obligatoire`, `valeur_invalide`).
    pub fn lire<'a>(&self, connus: &[&'a str]) -> Result<(&'a str, i64), ApiError> {
        let mut errors = FieldErrors::new();
        let model = match self.model.as_deref().map(str::trim) {
            None | Some("") => {
                errors.add("model", ErrorCode::ChampObligatoire);
                None
            }
            Some(model) => {
                let connu = connus.iter().find(|connu| **connu == model).copied();
                if connu.is_none() {
                    errors.add("model", ErrorCode::ValeurInvalide);
                }
                connu
            }
        };
        let id = crate::request::required_id(&mut errors, "model_id", self.model_id);
        match (model, id) {
            (Some(model), Some(id)) if errors.is_empty() => Ok((model, id)),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// Newest first, then by kind and id (a stable order for equal dates).
pub fn trier(items: &mut [ElementFinancier]) {
    items.sort_by(|a, b| {
        b.date
            .cmp(&a.date)
            .then_with(|| a.model.cmp(&b.model))
            .then_with(|| b.model_id.cmp(&a.model_id))
    });
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        revenus::list, revenus::details, charges::list, charges::details, travaux::list,
        travaux::details, contrats::revenus, contrats::revenus_details, contrats::depenses,
        contrats::depenses_details,
    ),
    components(schemas(
        Details, PaiementCopro, DetailFinancierResponse, ElementFinancier,
        revenus::RevenusCoproResponse, charges::ChargesCoproResponse, travaux::TravauxCopro,
        travaux::TravauxCoproResponse, contrats::NomCopro, contrats::ContratCopro,
        contrats::ContratCoproDetail, contrats::ContratsCoproResponse, contrats::ContratCoproResponse,
    )),
    tags((name = "coproprietaire-finances", description = "The residence's finance items as a co-owner reads them (each gated by its visibility right)")),
)]
pub struct Api;
