//! Who is on the other end of a request: the client's address and whether it came over HTTPS,
//! believing the forwarding headers only from the configured trusted proxies
//! ([`Settings::trusted_proxies`]): anyone can write an `X-Forwarded-For` header.

use std::net::{IpAddr, Ipv4Addr};

use actix_web::HttpRequest;

use crate::configuration::{SecureCookies, Settings};

/// The client's address: the peer's, or, when the peer is a trusted proxy, the nearest address
/// in `X-Forwarded-For` that is not a trusted proxy (read from the right: the left part is
/// whatever the client wrote).
pub fn address(req: &HttpRequest, settings: &Settings) -> IpAddr {
    let peer = req
        .peer_addr()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |addr| addr.ip());
    if !settings.trusted_proxies.contains(&peer) {
        return peer;
    }
    let forwarded: Vec<IpAddr> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|entry| entry.trim().parse::<IpAddr>().ok())
        .collect();
    forwarded
        .iter()
        .rev()
        .find(|address| !settings.trusted_proxies.contains(address))
        .copied()
        .unwrap_or(peer)
}

/// Whether the request came over HTTPS: to this server, or to a trusted proxy that says so.
pub fn over_https(req: &HttpRequest, settings: &Settings) -> bool {
    if req.connection_info().scheme() == "https" && req.headers().get("x-forwarded-proto").is_none()
    {
        return true;
    }
    let peer_trusted = req
        .peer_addr()
        .is_some_and(|addr| settings.trusted_proxies.contains(&addr.ip()));
    peer_trusted
        && req
            .headers()
            .get("x-forwarded-proto")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(',').next_back())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// Whether cookies set in answer to `req` carry `Secure`.
pub fn secure_cookies(req: &HttpRequest, settings: &Settings) -> bool {
    match settings.cookie_secure {
        SecureCookies::Always => true,
        SecureCookies::Never => false,
        SecureCookies::Auto => over_https(req, settings),
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn settings(trusted: &[&str]) -> Settings {
        let mut settings = Settings::from_lookup(|_| None).unwrap();
        settings.trusted_proxies = trusted.iter().map(|a| a.parse().unwrap()).collect();
        settings
    }

    #[test]
    fn forwarding_headers_count_only_from_a_trusted_proxy() {
        let req = TestRequest::default()
            .peer_addr("10.0.0.9:4000".parse().unwrap())
            .insert_header(("x-forwarded-for", "1.2.3.4"))
            .insert_header(("x-forwarded-proto", "https"))
            .to_http_request();
        assert_eq!(
            address(&req, &settings(&[])),
            "10.0.0.9".parse::<IpAddr>().unwrap()
        );
        assert!(!over_https(&req, &settings(&[])));
        assert_eq!(
            address(&req, &settings(&["10.0.0.9"])),
            "1.2.3.4".parse::<IpAddr>().unwrap()
        );
        assert!(over_https(&req, &settings(&["10.0.0.9"])));
    }

    #[test]
    fn the_client_is_the_nearest_untrusted_address() {
        // The client wrote "6.6.6.6" itself; the proxy appended the address it saw.
        let req = TestRequest::default()
            .peer_addr("10.0.0.9:4000".parse().unwrap())
            .insert_header(("x-forwarded-for", "6.6.6.6, 41.226.1.2, 10.0.0.8"))
            .to_http_request();
        let settings = settings(&["10.0.0.9", "10.0.0.8"]);
        assert_eq!(
            address(&req, &settings),
            "41.226.1.2".parse::<IpAddr>().unwrap()
        );
    }
}
