//! Request body, query and path extraction with the API's error answers instead of actix's
//! plain-text defaults.
//!
//! Handlers take JSON bodies as [`ApiJson<T>`]: like `web::Json<T>`, but a body that is valid
//! JSON of the wrong shape answers 422 `validation_failed` naming the exact field
//! (`personalisation[0].montant`), which actix's own extractor cannot tell. Size, content type and
//! syntax are still checked by actix's `JsonConfig` configured in [`json_config`]:
//!
//! | problem | answer |
//! |---|---|
//! | body over 256 KB | 413 `payload_too_large` |
//! | not JSON, truncated, wrong content type | 400 `invalid_json` |
//! | missing field, wrong type, bad value | 422 `validation_failed` with `errors.<field>` |
//! | a key twice in one object | 422 `validation_failed`, `cle_en_double` on that field |
//! | a control character in a text | 422 `validation_failed`, `caracteres_interdits` |
//!
//! A whole number written with a zero fraction (`12.0`) is read as the integer it is, as the
//! document's `number` types allow: a client whose JSON library writes every number as a double
//! is not refused.
//! | bad query string ([`ApiQuery`]) | 422 `validation_failed` naming the parameter |
//! | path segment of the wrong type (`web::Path`) | 404 `not_found` |

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, PayloadError, QueryPayloadError};
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, ErrorCode, FieldErrors};

/// Largest JSON body accepted.
pub const JSON_LIMIT_BYTES: usize = 256 * 1024;

/// Field key used when the error is not about one field (e.g. the body is an array).
const BODY_FIELD: &str = "body";

/// A JSON request body deserialized into `T`, with per-field validation errors.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T> ApiJson<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for ApiJson<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for ApiJson<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        // The body's text, checked for size, content type and syntax by actix's extractor; the
        // request type is then read from the text itself, so that amounts can be read exactly
        // (`crate::request::MontantSaisi`) rather than through a `serde_json::Value`'s floats.
        let body = web::Json::<Box<serde_json::value::RawValue>>::from_request(req, payload);
        Box::pin(async move {
            let body = body.await?.into_inner();
            refuse_control_characters(body.get())?;
            refuse_duplicate_keys(body.get())?;
            let text = whole_numbers_as_integers(body.get());
            let mut json = serde_json::Deserializer::from_str(&text);
            serde_path_to_error::deserialize(&mut json)
                .map(ApiJson)
                .map_err(|error| ApiError::validation(field_error(&error)).into())
        })
    }
}

/// Whether a character may stand in a text of a request: no control character (NUL, escape,
/// DEL, C1…) other than tab and line breaks, which multi-line texts carry.
fn allowed_in_text(c: char) -> bool {
    !c.is_control() || matches!(c, '\t' | '\n' | '\r')
}

/// Refuses a body any of whose strings holds a control character, naming each such field
/// (`caracteres_interdits`): the one check every endpoint's texts go through, before any of them
/// is stored. A JSON text can only carry such a character escaped (`\u0000`), so a body without
/// a backslash is passed without being read again.
fn refuse_control_characters(body: &str) -> Result<(), ApiError> {
    if !body.contains('\\') {
        return Ok(());
    }
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else {
        return Ok(());
    };
    let mut errors = FieldErrors::new();
    find_control_characters(&value, &mut String::new(), &mut errors);
    errors.into_result()
}

fn find_control_characters(value: &serde_json::Value, path: &mut String, errors: &mut FieldErrors) {
    use serde_json::Value;
    match value {
        Value::String(text) if !text.chars().all(allowed_in_text) => {
            let field = if path.is_empty() {
                BODY_FIELD
            } else {
                path.as_str()
            };
            errors.add(field, ErrorCode::CaracteresInterdits);
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let length = path.len();
                path.push_str(&format!("[{index}]"));
                find_control_characters(item, path, errors);
                path.truncate(length);
            }
        }
        Value::Object(fields) => {
            for (name, item) in fields {
                let length = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(name);
                find_control_characters(item, path, errors);
                path.truncate(length);
            }
        }
        Value::String(_) | Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// Refuses a body with a key twice in one object (`{"montant": 1, "montant": 900}`): serde would
/// silently keep the last, so what the client meant is unknown.
fn refuse_duplicate_keys(body: &str) -> Result<(), ApiError> {
    use serde::de::DeserializeSeed;
    let duplicates = std::cell::RefCell::new(FieldErrors::new());
    let mut json = serde_json::Deserializer::from_str(body);
    let walk = KeyWalk {
        path: String::new(),
        duplicates: &duplicates,
    };
    // A syntax error was already answered by actix's extractor: nothing more to say here.
    let _ = walk.deserialize(&mut json);
    duplicates.into_inner().into_result()
}

/// Walks a JSON value, recording the path of every key seen twice in one object.
struct KeyWalk<'a> {
    path: String,
    duplicates: &'a std::cell::RefCell<FieldErrors>,
}

impl KeyWalk<'_> {
    fn child(&self, path: String) -> Self {
        KeyWalk {
            path,
            duplicates: self.duplicates,
        }
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for KeyWalk<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for KeyWalk<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        let mut index = 0;
        while items
            .next_element_seed(self.child(format!("{}[{index}]", self.path)))?
            .is_some()
        {
            index += 1;
        }
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut fields: A) -> Result<(), A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = fields.next_key::<String>()? {
            let path = if self.path.is_empty() {
                key.clone()
            } else {
                format!("{}.{key}", self.path)
            };
            if !seen.insert(key) {
                self.duplicates
                    .borrow_mut()
                    .add(path.clone(), ErrorCode::CleEnDouble);
            }
            fields.next_value_seed(self.child(path))?;
        }
        Ok(())
    }
}

/// The body with every number token written `<digits>.<zeros>` (outside strings) shortened to its
/// integer (`12.0` → `12`); anything else unchanged. Borrowed when there is nothing to change.
fn whole_numbers_as_integers(body: &str) -> std::borrow::Cow<'_, str> {
    let bytes = body.as_bytes();
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            index += 1;
            continue;
        }
        match byte {
            b'"' => {
                in_string = true;
                index += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = index;
                while index < bytes.len()
                    && matches!(bytes[index], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    index += 1;
                }
                let token = &body[start..index];
                if let Some((whole, fraction)) = token.split_once('.') {
                    let integer = !whole.is_empty()
                        && whole
                            .trim_start_matches('-')
                            .bytes()
                            .all(|b| b.is_ascii_digit());
                    if integer && !fraction.is_empty() && fraction.bytes().all(|b| b == b'0') {
                        cuts.push((start + whole.len(), index));
                    }
                }
            }
            _ => index += 1,
        }
    }
    if cuts.is_empty() {
        return std::borrow::Cow::Borrowed(body);
    }
    let mut text = String::with_capacity(body.len());
    let mut from = 0;
    for (cut_start, cut_end) in cuts {
        text.push_str(&body[from..cut_start]);
        from = cut_end;
    }
    text.push_str(&body[from..]);
    std::borrow::Cow::Owned(text)
}

/// A query string deserialized into `T`, like `web::Query<T>`, but a wrong or missing parameter
/// is named in `errors` (`?encaissement_id=abc` → `errors.encaissement_id`), not `errors.query`.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<T> ApiQuery<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for ApiQuery<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned> FromRequest for ApiQuery<T> {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let pairs = form_urlencoded::parse(req.query_string().as_bytes());
        let deserializer = serde_urlencoded::Deserializer::new(pairs);
        std::future::ready(
            serde_path_to_error::deserialize(deserializer)
                .map(ApiQuery)
                .map_err(|error| ApiError::validation(field_error(&error)).into()),
        )
    }
}

/// Names the field a deserialization error is about.
fn field_error<E: std::fmt::Display>(error: &serde_path_to_error::Error<E>) -> FieldErrors {
    let path = error.path().to_string();
    let parent = if path == "." { String::new() } else { path };
    let message = error.inner().to_string();
    let mut errors = FieldErrors::new();
    match backticked(&message, "missing field `") {
        Some(name) if parent.is_empty() => errors.add(name, ErrorCode::ChampObligatoire),
        Some(name) => errors.add(format!("{parent}.{name}"), ErrorCode::ChampObligatoire),
        None if parent.is_empty() => errors.add(BODY_FIELD, ErrorCode::ValeurInvalide),
        None => errors.add(parent, ErrorCode::ValeurInvalide),
    }
    errors
}

/// The name in serde's "missing field `name`" / "unknown field `name`" messages.
fn backticked<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = &message[message.find(prefix)? + prefix.len()..];
    rest.split('`').next()
}

/// Best effort for errors that come without a path (plain `web::Json`, `web::Query`).
fn field_from_message(message: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if let Some(name) = backticked(message, "missing field `") {
        errors.add(name, ErrorCode::ChampObligatoire);
    } else if let Some(name) = backticked(message, "unknown field `") {
        errors.add(name, ErrorCode::ValeurInvalide);
    } else {
        errors.add(BODY_FIELD, ErrorCode::ValeurInvalide);
    }
    errors
}

fn json_error(error: JsonPayloadError) -> ApiError {
    match error {
        JsonPayloadError::OverflowKnownLength { .. }
        | JsonPayloadError::Overflow { .. }
        | JsonPayloadError::Payload(PayloadError::Overflow) => ErrorCode::PayloadTooLarge.into(),
        JsonPayloadError::Deserialize(error) if error.is_data() => {
            ApiError::validation(field_from_message(&error.to_string()))
        }
        JsonPayloadError::Serialize(error) => ApiError::internal(error),
        _ => ErrorCode::InvalidJson.into(),
    }
}

/// `JsonConfig` for the whole app: 256 KB limit and the answers above.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT_BYTES)
        .error_handler(|error, _req| json_error(error).into())
}

/// `QueryConfig` for the whole app: a bad query string is a 422 naming the parameter.
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _req| {
        let api_error = match error {
            QueryPayloadError::Deserialize(error) => {
                let mut errors = field_from_message(&error.to_string());
                errors.rename(BODY_FIELD, "query");
                ApiError::validation(errors)
            }
            _ => ApiError::new(ErrorCode::ValidationFailed),
        };
        api_error.into()
    })
}

/// `PathConfig` for the whole app: a path segment that does not parse (`/x/abc` for an integer
/// id) names no resource, hence 404.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error: PathError, _req| {
        tracing::debug!(%error, "path did not parse");
        ApiError::new(ErrorCode::NotFound).into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Line {
        propriete_id: i64,
        montant: i64,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Form {
        titre: String,
        lines: Vec<Line>,
    }

    fn errors_for(json: &str) -> FieldErrors {
        let mut de = serde_json::Deserializer::from_str(json);
        let error = serde_path_to_error::deserialize::<_, Form>(&mut de).unwrap_err();
        field_error(&error)
    }

    #[test]
    fn data_errors_name_the_field() {
        let errors = errors_for(r#"{"titre": 5, "lines": []}"#);
        assert_eq!(errors.codes("titre"), [ErrorCode::ValeurInvalide]);
        let errors = errors_for(r#"{"lines": []}"#);
        assert_eq!(errors.codes("titre"), [ErrorCode::ChampObligatoire]);
        let errors =
            errors_for(r#"{"titre": "x", "lines": [{"propriete_id": 1, "montant": "a"}]}"#);
        assert_eq!(
            errors.codes("lines[0].montant"),
            [ErrorCode::ValeurInvalide]
        );
        let errors = errors_for(r#"{"titre": "x", "lines": [{"montant": 3}]}"#);
        assert_eq!(
            errors.codes("lines[0].propriete_id"),
            [ErrorCode::ChampObligatoire],
            "{errors:?}"
        );
        let errors = errors_for(r#""a string""#);
        assert!(errors.fields().any(|f| f == "body"), "{errors:?}");
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Params {
        n: i64,
    }

    async fn call(uri: &str) -> (u16, serde_json::Value) {
        use actix_web::{test, App, HttpResponse};
        let app = test::init_service(
            App::new()
                .app_data(query_config())
                .app_data(path_config())
                .app_data(json_config())
                .route(
                    "/q",
                    web::get().to(|_: web::Query<Params>| async { HttpResponse::Ok().finish() }),
                )
                .route(
                    "/p/{id}",
                    web::get().to(|_: web::Path<i64>| async { HttpResponse::Ok().finish() }),
                )
                .route(
                    "/j",
                    web::post().to(|_: web::Json<Params>| async { HttpResponse::Ok().finish() }),
                ),
        )
        .await;
        let req = if uri.starts_with("/j") {
            test::TestRequest::post()
                .uri("/j")
                .insert_header(("content-type", "application/json"))
                .set_payload(uri.trim_start_matches("/j").to_owned())
        } else {
            test::TestRequest::get().uri(uri)
        };
        let res = test::call_service(&app, req.to_request()).await;
        let status = res.status().as_u16();
        let body = test::read_body(res).await;
        (
            status,
            serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
        )
    }

    #[actix_web::test]
    async fn query_path_and_plain_json_errors_answer_json() {
        let (status, body) = call("/q").await;
        assert_eq!(
            (status, body["errors"]["n"][0].as_str()),
            (422, Some(ErrorCode::ChampObligatoire.message()))
        );
        let (status, body) = call("/q?n=abc").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (422, Some("validation_failed"))
        );
        assert!(body["errors"]["query"].is_array(), "{body}");
        assert_eq!(call("/q?n=3").await.0, 200);
        let (status, body) = call("/p/abc").await;
        assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
        assert_eq!(call("/p/12").await.0, 200);
        // Plain `web::Json` (not ApiJson) still answers JSON, naming the field when serde does.
        let (status, body) = call("/j{}").await;
        assert_eq!(
            (status, body["errors"]["n"][0].as_str()),
            (422, Some(ErrorCode::ChampObligatoire.message()))
        );
        let (status, body) = call("/j{").await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_json")));
    }

    #[test]
    fn a_key_twice_in_an_object_is_refused_naming_it() {
        let error = refuse_duplicate_keys(
            r#"{"montant": 1, "lignes": [{"id": 1, "id": 2}], "montant": 900}"#,
        )
        .unwrap_err();
        let errors = error.field_errors().unwrap();
        assert_eq!(errors.codes("montant"), [ErrorCode::CleEnDouble]);
        assert_eq!(errors.codes("lignes[0].id"), [ErrorCode::CleEnDouble]);
        assert!(refuse_duplicate_keys(r#"{"a": {"id": 1}, "b": {"id": 1}}"#).is_ok());
    }

    #[test]
    fn whole_numbers_written_with_a_zero_fraction_are_read_as_integers() {
        assert_eq!(
            whole_numbers_as_integers(
                r#"{"id": 12.0, "n": -3.00, "m": 12.500, "e": 1.0e3, "t": "12.0"}"#
            ),
            r#"{"id": 12, "n": -3, "m": 12.500, "e": 1.0e3, "t": "12.0"}"#
        );
        assert!(matches!(
            whole_numbers_as_integers(r#"{"id": 12, "s": "a\"1.0"}"#),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn a_control_character_in_any_text_is_refused_naming_the_field() {
        let error = refuse_control_characters(
            r#"{"titre": "a\u0000b", "lignes": [{"nom": "ok"}, {"nom": "x\u001by"}], "note": "deux\nlignes\tet tab"}"#,
        )
        .unwrap_err();
        let errors = error.field_errors().unwrap();
        assert_eq!(errors.codes("titre"), [ErrorCode::CaracteresInterdits]);
        assert_eq!(
            errors.codes("lignes[1].nom"),
            [ErrorCode::CaracteresInterdits]
        );
        assert_eq!(errors.count(), 2);
        assert!(refuse_control_characters(r#"{"titre": "Charges \u00e9t\u00e9"}"#).is_ok());
        assert!(refuse_control_characters(r#"{"titre": "sans échappement"}"#).is_ok());
    }

    #[test]
    fn messages_without_a_path_are_read_best_effort() {
        assert_eq!(
            field_from_message("missing field `tel` at line 1 column 2").codes("tel"),
            [ErrorCode::ChampObligatoire]
        );
        assert!(field_from_message("invalid type: integer")
            .fields()
            .any(|field| field == "body"));
    }
}
