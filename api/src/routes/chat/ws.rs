//! `GET /api/ws`: the real-time channel of a browser tab (docs/api-communaute.md "WebSocket",
//! the contract the screens are written against).
//!
//! Authorised by the session cookie before upgrading (401 `unauthenticated` otherwise, like any
//! call); a page of another site cannot open it in the user's name: its `Origin` must be this
//! server's (an absent `Origin`, a non-browser client, is admitted: it cannot carry the user's
//! cookie without having it). With `?apres=<message id>` the socket first sends, in id order,
//! the messages after it of the conversations the user reads, then the live ones, so a
//! reconnecting client misses nothing; a live message already sent while catching up is not
//! sent twice. The server pings every 30 seconds and ignores what the client sends. At each
//! ping it checks that the socket's session still admits its user (not signed out, expired,
//! idle too long, nor deactivated): if not, it closes the socket, so an ended session keeps no
//! channel open for more than 30 seconds, on any server.

use actix_web::http::header::{HeaderMap, HOST, ORIGIN};
use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::Message as MessageWs;
use daftar_projections::chat as registre;
use serde::Deserialize;

use crate::answers::SignedIn;
use crate::auth::session::{self, SESSION_COOKIE};
use crate::auth::Coproprietaire;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::startup::AppState;
use crate::temps_reel::{trame_message, Destinataire};

/// How often the server pings an open socket (the contract's 30 s).
pub const PING_TOUTES_LES: std::time::Duration = std::time::Duration::from_secs(30);
/// How long a new socket waits for its server to hear the other servers (PostgreSQL) before it
/// is refused with 503: a socket that would miss other servers' messages is not opened.
const ECOUTE_ATTENDUE: std::time::Duration = std::time::Duration::from_secs(5);

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WsQuery {
    /// The highest message id the client holds: the messages after it are sent first.
    pub apres: Option<i64>,
}

/// The hosts this request was addressed to: its `Host`, and the `X-Forwarded-Host` a trusted
/// proxy set.
fn hotes(headers: &HeaderMap, par_un_proxy_de_confiance: bool) -> Vec<String> {
    let mut hotes: Vec<String> = headers
        .get(HOST)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
        .into_iter()
        .collect();
    if par_un_proxy_de_confiance {
        hotes.extend(
            headers
                .get("x-forwarded-host")
                .and_then(|value| value.to_str().ok())
                .map(|value| value.split(',').next().unwrap_or(value).trim().to_owned()),
        );
    }
    hotes
}

/// Whether the page that opens the socket is this server's own: no `Origin` (not a browser),
/// or an `Origin` whose host is the one the request was addressed to.
fn origine_permise(headers: &HeaderMap, hotes: &[String]) -> bool {
    let Some(origine) = headers.get(ORIGIN) else {
        return true;
    };
    let Ok(origine) = origine.to_str() else {
        return false;
    };
    let Some(hote) = origine
        .strip_prefix("https://")
        .or_else(|| origine.strip_prefix("http://"))
    else {
        return false;
    };
    hotes
        .iter()
        .any(|attendu| attendu.eq_ignore_ascii_case(hote))
}

/// Opens the tab's real-time channel (WebSocket upgrade).
#[utoipa::path(
    get,
    path = "/api/ws",
    operation_id = "ouvrirTempsReel",
    tag = "chat",
    params(WsQuery),
    responses(
        (status = 101, description = "Upgraded: server → client JSON text frames `{\"type\":\"message\"|\"lu\"|\"notification\",…}`"),
        (status = 400, description = "`websocket_requis`: not a WebSocket handshake", body = ErrorBody),
        (status = 403, description = "`origine_interdite`: opened from another site's page", body = ErrorBody),
        (status = 503, description = "`temps_reel_indisponible`: this server does not hear the other servers yet", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn ouvrir(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<AppState>,
    current: Coproprietaire,
    query: ApiQuery<WsQuery>,
) -> Result<HttpResponse, ApiError> {
    let par_un_proxy = req
        .peer_addr()
        .is_some_and(|peer| state.settings.trusted_proxies.contains(&peer.ip()));
    if !origine_permise(req.headers(), &hotes(req.headers(), par_un_proxy)) {
        return Err(ErrorCode::OrigineInterdite.into());
    }
    if !state.temps_reel.attendre_ecoute(ECOUTE_ATTENDUE).await {
        return Err(ErrorCode::TempsReelIndisponible.into());
    }
    let qui = Destinataire {
        residence_id: current.residence_id,
        user_id: current.id,
        is_syndic: current.user.is_syndic,
    };
    // A co-owner's socket catches up on their own conversation only (opened if need be).
    let conversation_lue = if qui.is_syndic {
        None
    } else {
        Some(
            registre::conversation_du_coproprietaire(
                &state.db,
                qui.residence_id,
                qui.user_id,
                state.settings.clock.now(),
            )
            .await?
            .id,
        )
    };
    // The session the socket lives on (checked at every ping); the extractor has read it.
    let jeton = req
        .cookie(SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned())
        .unwrap_or_default();
    let (reponse, session, flux) =
        actix_ws::handle(&req, body).map_err(|_| ApiError::from(ErrorCode::WebsocketRequis))?;
    // Subscribed before catching up: a message committed meanwhile is either caught up or
    // live (sent once, see `servir`).
    let abonnement = state.temps_reel.hub.abonner(qui);
    let presence = registre::presence_ouverte(
        &state.db,
        &state.temps_reel.serveur,
        qui.residence_id,
        qui.user_id,
        chrono::Utc::now(),
    )
    .await?;
    actix_web::rt::spawn(servir(
        state.clone(),
        qui,
        conversation_lue,
        query.into_inner().apres,
        abonnement,
        presence,
        jeton,
        session,
        flux,
    ));
    Ok(reponse)
}

/// Serves one socket until either side closes it: the catch-up, then the live frames and the
/// pings. Forgets its presence on the way out.
#[allow(clippy::too_many_arguments)]
async fn servir(
    state: web::Data<AppState>,
    qui: Destinataire,
    conversation_lue: Option<i64>,
    apres: Option<i64>,
    mut abonnement: crate::temps_reel::Abonnement,
    presence: i64,
    jeton: String,
    mut session: actix_ws::Session,
    mut flux: actix_ws::MessageStream,
) {
    let mut deja_envoye = i64::MIN;
    let mut ouverte = true;
    if let Some(apres) = apres {
        match registre::messages_apres(&state.db, qui.residence_id, conversation_lue, apres).await {
            Ok(manques) => {
                for message in manques {
                    deja_envoye = message.id;
                    if session
                        .text(trame_message(message).texte.to_string())
                        .await
                        .is_err()
                    {
                        ouverte = false;
                        break;
                    }
                }
            }
            Err(error) => tracing::warn!(%error, "real-time catch-up failed"),
        }
    }
    let mut ping = tokio::time::interval_at(
        tokio::time::Instant::now() + PING_TOUTES_LES,
        PING_TOUTES_LES,
    );
    while ouverte {
        tokio::select! {
            trame = abonnement.trames.recv() => match trame {
                Some(trame) => {
                    if trame.message_id.is_some_and(|id| id <= deja_envoye) {
                        continue;
                    }
                    ouverte = session.text(trame.texte.to_string()).await.is_ok();
                }
                // Dropped by the hub as too slow: the client reconnects and catches up.
                None => ouverte = false,
            },
            recu = flux.recv() => match recu {
                Some(Ok(MessageWs::Ping(octets))) => ouverte = session.pong(&octets).await.is_ok(),
                Some(Ok(MessageWs::Close(_))) | Some(Err(_)) | None => ouverte = false,
                // The client sends nothing the server needs.
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                let admise = session_ouverte(&state, &jeton).await;
                ouverte = admise && session.ping(b"").await.is_ok();
            }
        }
    }
    drop(abonnement);
    if let Err(error) = registre::presence_fermee(&state.db, presence).await {
        tracing::warn!(%error, "socket's presence not forgotten (it expires)");
    }
    let _ = session.close(None).await;
}

/// Whether the socket's session still admits its user; a database error keeps the socket (the
/// next ping asks again).
async fn session_ouverte(state: &AppState, jeton: &str) -> bool {
    match session::still_open(&state.db, jeton, state.settings.sessions).await {
        Ok(ouverte) => ouverte,
        Err(error) => {
            tracing::warn!(%error, "socket's session not checked");
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::HeaderValue;

    use super::*;

    fn en_tetes(paires: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut en_tetes = HeaderMap::new();
        for (nom, valeur) in paires {
            en_tetes.insert(
                actix_web::http::header::HeaderName::from_static(nom),
                HeaderValue::from_static(valeur),
            );
        }
        en_tetes
    }

    #[test]
    fn a_page_of_the_server_itself_may_open_the_socket() {
        let h = en_tetes(&[("host", "daftar.tn"), ("origin", "https://daftar.tn")]);
        assert!(origine_permise(&h, &hotes(&h, false)));
    }

    #[test]
    fn a_page_of_another_site_may_not_open_the_socket() {
        let h = en_tetes(&[("host", "daftar.tn"), ("origin", "https://evil.example")]);
        assert!(!origine_permise(&h, &hotes(&h, false)));
    }

    #[test]
    fn a_client_without_origin_is_not_a_browser_page_and_may_open_the_socket() {
        let h = en_tetes(&[("host", "daftar.tn")]);
        assert!(origine_permise(&h, &hotes(&h, false)));
    }

    #[test]
    fn the_forwarded_host_counts_only_from_a_trusted_proxy() {
        let h = en_tetes(&[
            ("host", "127.0.0.1:8080"),
            ("x-forwarded-host", "daftar.tn"),
            ("origin", "https://daftar.tn"),
        ]);
        assert!(origine_permise(&h, &hotes(&h, true)));
        assert!(!origine_permise(&h, &hotes(&h, false)));
    }
}
