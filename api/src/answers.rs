//! Answers every area gives the same way: `{"success": true}` and the documented refusals of a
//! signed-in route (401 signed out, 419 a write without the XSRF header), written once for the
//! OpenAPI document instead of in each handler's annotation.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{IntoResponses, ToSchema};

/// `{"success": true}`: the answer of calls that return nothing else.
#[derive(Debug, Serialize, ToSchema)]
pub struct Success {
    /// Always `true`.
    pub success: bool,
}

impl Success {
    pub fn new() -> Self {
        Self { success: true }
    }
}

impl Default for Success {
    fn default() -> Self {
        Self::new()
    }
}

/// An error answer: its description (the codes it carries) and the `ErrorBody` schema.
pub(crate) fn error_response(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
        .into()
}

/// The refusals of every route that needs a signed-in user: 401 `unauthenticated`, 503
/// `projection_en_echec` or `projection_en_rattrapage`.
pub struct SignedIn;

impl IntoResponses for SignedIn {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([
            ("401".to_owned(), error_response("`unauthenticated`")),
            (
                "503".to_owned(),
                error_response(
                    "`projection_en_echec`: the residence's books are set aside by the projector; \
                     `projection_en_rattrapage`: a read model the route reads is catching up with \
                     the journal after a release (`Retry-After` gives the seconds to wait)",
                ),
            ),
        ])
    }
}

/// The refusals of every write of a signed-in user: 401 `unauthenticated`, 419
/// `csrf_token_mismatch` (the `X-XSRF-TOKEN` header missing or different from the cookie).
pub struct SignedInWrite;

impl IntoResponses for SignedInWrite {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let mut responses = SignedIn::responses();
        responses.insert("419".to_owned(), error_response("`csrf_token_mismatch`"));
        responses
    }
}
