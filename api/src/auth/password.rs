//! Password hashing: argon2id in PHC string format.
//!
//! Every build, tests included, uses the argon2 crate's default parameters (19 MiB, 2 passes, 1
//! lane: OWASP's recommendation; ~28 ms a hash in release). There is no cheaper mode to switch
//! on: debug builds compile argon2 and blake2 optimized (`[profile.dev.package]` in the
//! workspace's `Cargo.toml`), which brings a test's hash to ~30 ms as well. Verification uses the
//! parameters recorded in the stored hash; a hash made with others is replaced at the next
//! sign-in ([`needs_rehash`]).
//!
//! Hashing is CPU-bound: call these functions from `web::block` (or `spawn_blocking`) in handlers.

use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

fn current_params() -> Params {
    Params::default()
}

fn hasher() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, current_params())
}

/// Whether a stored hash was made with other parameters than the current ones (before the
/// defaults were raised, or by an older release's cheaper test mode). The sign-in replaces such a
/// hash once the password is verified.
pub fn needs_rehash(hash: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return true;
    };
    let Ok(params) = Params::try_from(&parsed) else {
        return true;
    };
    let current = current_params();
    parsed.algorithm != Algorithm::Argon2id.ident()
        || params.m_cost() != current.m_cost()
        || params.t_cost() != current.t_cost()
        || params.p_cost() != current.p_cost()
}

/// Hashes `password` with a fresh random salt.
pub fn hash_password(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| anyhow::anyhow!("password hashing failed: {error}"))
}

/// Whether `password` matches the stored PHC `hash`. A malformed hash does not match.
pub fn verify_password(password: &str, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(error) => {
            tracing::error!(%error, "stored password hash is malformed");
            false
        }
    }
}

/// Spends the same time as a real verification, for sign-ins whose phone number is unknown or
/// whose account has no password yet, so response times do not reveal which numbers exist.
pub fn verify_dummy(password: &str) {
    static DUMMY: OnceLock<Option<String>> = OnceLock::new();
    let dummy = DUMMY.get_or_init(|| hash_password("daftar-dummy-password").ok());
    if let Some(hash) = dummy {
        let _ = verify_password(password, hash);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
        assert!(!needs_rehash(&hash));
    }

    #[test]
    fn hashes_made_with_other_parameters_need_a_rehash() {
        let weak = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(8, 1, 1, None).unwrap(),
        )
        .hash_password(b"pw", &SaltString::generate(&mut OsRng))
        .unwrap()
        .to_string();
        assert!(needs_rehash(&weak));
        assert!(needs_rehash("garbage"));
    }
}
