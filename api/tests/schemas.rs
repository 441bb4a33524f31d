//! `daftar schemas` writes the same bytes every time (CI regenerates and diffs them).

// Test code: panicking on an unexpected error is the point.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

fn generate(out: &std::path::Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_daftar"))
        .args(["schemas", "--out"])
        .arg(out)
        .env("RUST_LOG", "warn")
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn schemas_are_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("a"), dir.path().join("b"));
    generate(&first);
    generate(&second);
    for name in ["errors.json", "openapi.json"] {
        let a = std::fs::read(first.join(name)).unwrap();
        let b = std::fs::read(second.join(name)).unwrap();
        assert!(!a.is_empty(), "{name} is empty");
        assert_eq!(a, b, "{name} differs between runs");
        assert_eq!(a.last(), Some(&b'\n'), "{name} lacks a trailing newline");
    }
    let errors: serde_json::Value =
        serde_json::from_slice(&std::fs::read(first.join("errors.json")).unwrap()).unwrap();
    assert_eq!(
        errors["too_many_attempts"],
        serde_json::json!({ "status": 429, "message": "Trop de tentatives. Réessayez plus tard." })
    );
    let openapi: serde_json::Value =
        serde_json::from_slice(&std::fs::read(first.join("openapi.json")).unwrap()).unwrap();
    assert_eq!(openapi["openapi"], "3.1.0");
}
