//! The committed API contract: `schemas/openapi.json` (from the route and DTO types, via utoipa)
//! and `schemas/errors.json` (from [`ErrorCode`]'s table), written by `daftar schemas --out DIR`.
//! Output is deterministic — keys sorted, two-space indent, trailing newline — so CI regenerates
//! both and fails on `git diff --exit-code`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::Context;
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::auth::csrf::XSRF_HEADER;
use crate::auth::session::SESSION_COOKIE;
use crate::error::{ErrorBody, ErrorCode, FieldErrorCodes, FieldErrorMessages};
use crate::routes;

/// The document's frame and the schemas every area shares; each area's paths, DTOs and tags are
/// in its own document (`routes::<area>::Api`), merged by [`document`].
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Daftar API",
        description = "Co-ownership (syndic) management. Errors answer `{success:false, code, message, errors?}`; \
                       clients branch on `code` (see errors.json). Writes need the `X-XSRF-TOKEN` header \
                       equal to the `XSRF-TOKEN` cookie from `GET /sanctum/csrf-cookie`."
    ),
    components(schemas(
        ErrorBody,
        ErrorCode,
        FieldErrorMessages,
        FieldErrorCodes,
        routes::Success,
        crate::money::Dt,
    )),
    modifiers(&SecuritySchemes),
)]
pub struct ApiDoc;

/// The whole API: the frame and every area's document (listed in [`routes::openapi_documents`]).
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    for area in routes::openapi_documents() {
        doc.merge(area);
    }
    document_body_refusals(&mut doc);
    doc
}

/// Every operation that reads a JSON body may also answer 400 `invalid_json` (not JSON, wrong
/// content type) and 413 `payload_too_large` ([`crate::extract`]): documented once here rather
/// than in each handler's annotation.
fn document_body_refusals(doc: &mut utoipa::openapi::OpenApi) {
    use crate::answers::error_response;
    for item in doc.paths.paths.values_mut() {
        let operations = [
            item.get.as_mut(),
            item.post.as_mut(),
            item.put.as_mut(),
            item.patch.as_mut(),
            item.delete.as_mut(),
        ];
        for operation in operations.into_iter().flatten() {
            if operation.request_body.is_none() {
                continue;
            }
            let responses = &mut operation.responses.responses;
            responses.entry("400".to_owned()).or_insert_with(|| {
                error_response("`invalid_json`: not JSON, or not `application/json`")
            });
            responses
                .entry("413".to_owned())
                .or_insert_with(|| error_response("`payload_too_large`: a body over 256 KB"));
        }
    }
}

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(SESSION_COOKIE))),
        );
        components.add_security_scheme(
            "xsrf",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new(XSRF_HEADER))),
        );
    }
}

#[derive(Serialize)]
struct ErrorEntry {
    status: u16,
    message: &'static str,
}

/// `errors.json`: code → {status, message}.
pub fn errors_json() -> anyhow::Result<String> {
    let table: BTreeMap<&str, ErrorEntry> = ErrorCode::ALL
        .iter()
        .map(|code| {
            (
                code.code(),
                ErrorEntry {
                    status: code.status_u16(),
                    message: code.message(),
                },
            )
        })
        .collect();
    render(serde_json::to_value(table)?)
}

/// `openapi.json` (OpenAPI 3.1).
pub fn openapi_json() -> anyhow::Result<String> {
    let mut doc = serde_json::to_value(document())?;
    require_response_fields(&mut doc);
    render(doc)
}

/// Schemas whose every field the server always writes: `ErrorBody` leaves out `errors` when
/// there are none, so it keeps utoipa's list.
const SOMETIMES_OMITTED: &[&str] = &["ErrorBody"];

/// serde writes every field of an answer, `None` as `null`, but utoipa lists `Option` fields
/// as not required, so a generated client would type them `T | null | undefined`. Every
/// schema that only answers use (not reachable from a request body, where a missing field is
/// allowed) lists all its properties as required.
fn require_response_fields(doc: &mut Value) {
    let schemas = doc["components"]["schemas"].clone();
    let reachable = |part: &str| {
        let mut found = BTreeSet::new();
        if let Some(paths) = doc["paths"].as_object() {
            for operation in paths
                .values()
                .filter_map(Value::as_object)
                .flat_map(|p| p.values())
            {
                collect_refs(&operation[part], &schemas, &mut found);
            }
        }
        found
    };
    let requests = reachable("requestBody");
    let responses = reachable("responses");
    let Some(components) = doc["components"]["schemas"].as_object_mut() else {
        return;
    };
    for name in responses.difference(&requests) {
        if SOMETIMES_OMITTED.contains(&name.as_str()) {
            continue;
        }
        let Some(schema) = components.get_mut(name) else {
            continue;
        };
        let Some(properties) = schema["properties"].as_object() else {
            continue;
        };
        let required: Vec<Value> = properties.keys().cloned().map(Value::String).collect();
        schema["required"] = Value::Array(required);
    }
}

/// Adds to `found` every component schema `value` refers to, and those they refer to.
fn collect_refs(value: &Value, schemas: &Value, found: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|target| target.strip_prefix("#/components/schemas/"))
            {
                if found.insert(name.to_owned()) {
                    collect_refs(&schemas[name], schemas, found);
                }
            }
            for nested in map.values() {
                collect_refs(nested, schemas, found);
            }
        }
        Value::Array(items) => {
            for item in items {
                collect_refs(item, schemas, found);
            }
        }
        _ => {}
    }
}

/// Writes `errors.json` and `openapi.json` into `out` (created if missing).
pub fn write_schemas(out: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    for (name, text) in [
        ("errors.json", errors_json()?),
        ("openapi.json", openapi_json()?),
    ] {
        let path = out.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        tracing::info!(path = %path.display(), "schema written");
    }
    Ok(())
}

fn render(value: Value) -> anyhow::Result<String> {
    let mut text = serde_json::to_string_pretty(&sort_keys(value))?;
    text.push('\n');
    Ok(text)
}

/// Sorts object keys recursively (whatever map type serde_json was built with).
fn sort_keys(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let sorted: BTreeMap<String, Value> = map
                .into_iter()
                .map(|(key, value)| (key, sort_keys(value)))
                .collect();
            Value::Object(sorted.into_iter().collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sort_keys).collect()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The OpenAPI name of every type deriving `ToSchema` under `dir`, with the file declaring it:
    /// its `#[schema(as = …)]` when given, its Rust name otherwise.
    fn schema_names(dir: &std::path::Path, names: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                schema_names(&path, names);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            for (at, line) in lines.iter().enumerate() {
                if !(line.starts_with("#[derive(") && line.contains("ToSchema")) {
                    continue;
                }
                let mut alias = None;
                for next in lines.iter().skip(at + 1).take(8) {
                    if let Some(rest) = next.strip_prefix("#[schema(as = ") {
                        alias = rest.split(')').next().map(str::to_owned);
                    }
                    let declared = next
                        .strip_prefix("pub struct ")
                        .or_else(|| next.strip_prefix("pub enum "))
                        .or_else(|| next.strip_prefix("struct "))
                        .or_else(|| next.strip_prefix("enum "));
                    if let Some(rest) = declared {
                        let rust_name: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        // A macro's `$name` is no name: its expansions are named where invoked.
                        if !rust_name.is_empty() {
                            names.push((alias.unwrap_or(rust_name), path.display().to_string()));
                        }
                        break;
                    }
                }
            }
        }
    }

    // utoipa keeps one schema per name: a second type of the same name in another module
    // silently takes the first one's place, and one of the two routes is documented with the
    // other's fields (the votes' and the assemblies' `VoteDto` once did so).
    #[test]
    fn every_schema_has_a_name_of_its_own() {
        let mut names = Vec::new();
        schema_names(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut names,
        );
        assert!(names.len() > 100, "the scan found {} schemas", names.len());
        names.sort();
        let clashes: Vec<_> = names
            .windows(2)
            .filter(|pair| pair[0].0 == pair[1].0)
            .map(|pair| format!("{} ({} and {})", pair[0].0, pair[0].1, pair[1].1))
            .collect();
        assert!(clashes.is_empty(), "schemas sharing a name: {clashes:#?}");
    }

    #[test]
    fn the_online_payment_and_the_votes_are_documented_with_their_own_fields() {
        let json: Value = serde_json::from_str(&openapi_json().unwrap()).unwrap();
        let schemas = &json["components"]["schemas"];
        let properties = |name: &str| -> Vec<String> {
            schemas[name]["properties"]
                .as_object()
                .unwrap_or_else(|| panic!("{name} missing"))
                .keys()
                .cloned()
                .collect()
        };
        assert_eq!(
            schemas["RetourDto"]["properties"]["encaissements"]["items"]["$ref"],
            "#/components/schemas/EncaissementEnLigne"
        );
        assert!(properties("EncaissementEnLigne").contains(&"numero_recu".to_owned()));
        assert!(properties("EncaissementRecu").contains(&"reference_recu".to_owned()));
        assert!(properties("VoteDto").contains(&"titre".to_owned()));
        assert!(properties("ResolutionVoteDto").contains(&"occupant_id".to_owned()));
        assert!(properties("ReglementPasserelleResponse").contains(&"montant_net".to_owned()));
    }

    #[test]
    fn errors_json_lists_every_code() {
        let json: Value = serde_json::from_str(&errors_json().unwrap()).unwrap();
        assert_eq!(json.as_object().unwrap().len(), ErrorCode::ALL.len());
        assert_eq!(json["csrf_token_mismatch"]["status"], 419);
        assert_eq!(
            json["invalid_credentials"]["message"],
            "Identifiants invalides."
        );
    }

    #[test]
    fn openapi_is_3_1_and_documents_the_access_routes() {
        let text = openapi_json().unwrap();
        assert!(text.ends_with("}\n"));
        let json: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["openapi"], "3.1.0");
        for path in [
            "/sanctum/csrf-cookie",
            "/login",
            "/logout",
            "/api/auth/status",
        ] {
            assert!(json["paths"].get(path).is_some(), "{path} missing");
        }
        assert!(json["components"]["schemas"].get("AuthUser").is_some());
        assert_eq!(openapi_json().unwrap(), text);
    }

    #[test]
    fn occupancy_and_council_routes_have_their_operation_ids() {
        let json: Value = serde_json::from_str(&openapi_json().unwrap()).unwrap();
        for (path, method, operation_id) in [
            ("/api/proprietes", "get", "getProprietes"),
            ("/api/proprietes/historique", "get", "getHistorique"),
            (
                "/api/proprietes/historique/creer",
                "post",
                "createOccupation",
            ),
            (
                "/api/proprietes/historique/modifier",
                "post",
                "updateOccupation",
            ),
            (
                "/api/proprietes/historique/supprimer",
                "post",
                "deleteOccupation",
            ),
            ("/api/occupants", "get", "getOccupants"),
            ("/api/occupants/creer-dialog", "post", "createOccupant"),
            ("/api/conseil-syndical", "get", "getConseil"),
            ("/api/conseil-syndical/users", "get", "getCandidatsConseil"),
            ("/api/conseil-syndical/ajouter", "post", "ajouterMembre"),
            ("/api/conseil-syndical/supprimer", "post", "supprimerMembre"),
        ] {
            assert_eq!(
                json["paths"][path][method]["operationId"], operation_id,
                "{method} {path}"
            );
        }
    }

    #[test]
    fn answers_list_every_field_as_required_and_requests_keep_optional_ones() {
        let json: Value = serde_json::from_str(&openapi_json().unwrap()).unwrap();
        let required = |schema: &str| -> Vec<String> {
            json["components"]["schemas"][schema]["required"]
                .as_array()
                .unwrap()
                .iter()
                .map(|name| name.as_str().unwrap().to_owned())
                .collect()
        };
        // An answer always carries its `Option` fields, as null.
        assert!(required("ProprieteSolde").contains(&"proprietaire".to_owned()));
        assert!(required("EncaissementRecu").contains(&"reference_paiement".to_owned()));
        // A request may leave them out; an error leaves out `errors` when there are none.
        assert!(!required("EncaisserRequest").contains(&"reference_paiement".to_owned()));
        assert!(!required("ErrorBody").contains(&"errors".to_owned()));
    }

    #[test]
    fn revenue_routes_have_their_operation_ids_and_amounts_are_numbers() {
        let json: Value = serde_json::from_str(&openapi_json().unwrap()).unwrap();
        for (path, method, operation_id) in [
            ("/api/cotisations", "get", "getCotisations"),
            ("/api/cotisations/creer", "post", "createCotisation"),
            (
                "/api/cotisations/modifier-infos",
                "get",
                "getCotisationModifierInfos",
            ),
            ("/api/cotisations/modifier", "put", "updateCotisation"),
            ("/api/cotisations/supprimer", "delete", "deleteCotisation"),
            ("/api/cotisations/details", "get", "getCotisationDetails"),
            (
                "/api/cotisations/appartements",
                "get",
                "getCotisationAppartements",
            ),
            (
                "/api/cotisations/proprietes-soldes",
                "get",
                "getProprietesSoldes",
            ),
            ("/api/cotisations/encaisser", "post", "encaisser"),
            (
                "/api/cotisations/historique-paiements",
                "get",
                "getHistoriquePaiements",
            ),
            (
                "/api/cotisations/encaissement/modifier",
                "post",
                "modifierEncaissement",
            ),
            (
                "/api/cotisations/encaissement/supprimer",
                "post",
                "supprimerEncaissement",
            ),
            (
                "/api/cotisations/coproprietaire",
                "get",
                "getMesCotisations",
            ),
            (
                "/api/cotisations/coprorprietaire",
                "get",
                "getMesCotisationsSpec",
            ),
            ("/api/cotisation-repartition", "get", "getRepartition"),
            (
                "/api/cotisation-repartition/modifier",
                "post",
                "modifierRepartition",
            ),
        ] {
            assert_eq!(
                json["paths"][path][method]["operationId"], operation_id,
                "{method} {path}"
            );
        }
        assert_eq!(json["components"]["schemas"]["Dt"]["type"], "number");
        assert_eq!(
            json["components"]["schemas"]["Cotisation"]["properties"]["solde"]["$ref"],
            "#/components/schemas/Dt"
        );
    }
}
