//! A browser talking real HTTP through reqwest with a cookie store, as the web client does, and
//! the checks every area makes on its answers.

use std::sync::Arc;

use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use super::PASSWORD;

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

/// Asserts a `200 {success: true, …}` answer; returns its body.
pub async fn ok(res: Response) -> Value {
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["success"], true, "{body}");
    body
}

/// A new browser on `app`'s server, signed in as `tel` with [`PASSWORD`].
pub async fn signed_in(app: &TestApp, tel: &str) -> TestApp {
    signed_in_with(app, tel, PASSWORD).await
}

/// A new browser on `app`'s server, signed in as `tel` with `password`.
pub async fn signed_in_with(app: &TestApp, tel: &str, password: &str) -> TestApp {
    let browser = app.new_browser();
    browser.csrf().await;
    assert_eq!(browser.login(tel, password).await.status(), StatusCode::OK);
    browser
}

/// The fields a validation answer's `errors` names.
pub fn field_errors(body: &Value) -> Vec<String> {
    body["errors"]
        .as_object()
        .unwrap_or_else(|| panic!("no field errors in {body}"))
        .keys()
        .cloned()
        .collect()
}
