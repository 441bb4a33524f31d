//! Serves the built web client (`DAFTAR_WEB_DIR`, `web/dist` by default) as a single-page app:
//! an existing file is served as is; any other `GET` of a path that does not look like a file
//! (no extension) gets `index.html`, whose router shows the page (or its not-found screen). `/api`
//! paths never fall back to the client: they answer JSON. Without a built client, pages answer a
//! short plain-text notice instead.

use actix_files::{NamedFile, PathBufWrap};
use actix_web::http::header::{HeaderValue, CACHE_CONTROL};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::error::{ApiError, ErrorCode};
use crate::startup::AppState;

const NOT_BUILT: &str = "Daftar: the web client is not built.\n\
Build it with `npm ci && npm run build` in web/, or point DAFTAR_WEB_DIR at a built client.\n";

fn is_read(req: &HttpRequest) -> bool {
    matches!(*req.method(), Method::GET | Method::HEAD)
}

/// The app's default service: web client pages and files; 404 JSON for `/api` and for writes.
pub async fn serve(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let path = req.path();
    if path == "/api" || path.starts_with("/api/") || !is_read(&req) {
        return Err(ErrorCode::NotFound.into());
    }
    page(&req).await
}

/// Default service of non-`/api` resources that are also client pages (`/login`): the page for a
/// `GET`, 405 for any other unregistered method.
pub async fn page_or_method_not_allowed(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    if is_read(&req) {
        page(&req).await
    } else {
        // `/login` and `/logout` are also pages (GET, HEAD); the call itself is a POST.
        Err(ApiError::new(ErrorCode::MethodNotAllowed)
            .with_header("allow", "GET, HEAD, POST".to_owned()))
    }
}

async fn page(req: &HttpRequest) -> Result<HttpResponse, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("AppState is not registered")))?;
    let root = &state.settings.web_dir;
    let index = root.join("index.html");
    if !index.is_file() {
        return Ok(HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body(NOT_BUILT));
    }
    // Refuses `..` escapes, hidden files and encoded slashes; a refused path gets the index.
    if let Ok(relative) = PathBufWrap::parse_req_path(req, false) {
        let relative: &std::path::Path = relative.as_ref();
        if !relative.as_os_str().is_empty() {
            let file = root.join(relative);
            if file.is_file() {
                let immutable = relative.starts_with("assets");
                let mut response = open(&file).await?.into_response(req);
                if immutable {
                    // Vite puts content-hashed names under assets/: they never change.
                    response.headers_mut().insert(
                        CACHE_CONTROL,
                        HeaderValue::from_static("public, max-age=31536000, immutable"),
                    );
                }
                return Ok(response);
            }
            if relative.extension().is_some() {
                return Ok(HttpResponse::NotFound()
                    .content_type("text/plain; charset=utf-8")
                    .body("Not found\n"));
            }
        }
    }
    let mut response = open(&index).await?.into_response(req);
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}

async fn open(path: &std::path::Path) -> Result<NamedFile, ApiError> {
    NamedFile::open_async(path).await.map_err(|error| {
        ApiError::internal(
            anyhow::Error::new(error).context(format!("cannot open {}", path.display())),
        )
    })
}
