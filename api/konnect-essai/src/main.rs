//! `daftar-konnect-essai`: the Konnect stand-in as a program, for the e2e test and the demo
//! (`ops/run`). Settings from the environment:
//!
//! | variable | default |
//! |---|---|
//! | `KONNECT_ESSAI_ADDR` | `127.0.0.1:8091` (port 0: a free port, printed) |
//! | `KONNECT_ESSAI_API_KEY` | `cle-essai-konnect` |
//! | `KONNECT_ESSAI_WALLET` | `wallet-essai` |
//!
//! It prints one line `KONNECT_ESSAI_URL=http://127.0.0.1:PORT/api/v2` once it listens (the
//! value for Daftar's `DAFTAR_KONNECT_URL`) and runs until stopped.

use std::net::TcpListener;

use daftar_konnect_essai::{Passerelle, Reglages};

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let lire = |cle: &str| std::env::var(cle).ok().filter(|v| !v.trim().is_empty());
    let adresse = lire("KONNECT_ESSAI_ADDR").unwrap_or_else(|| "127.0.0.1:8091".to_owned());
    let defaut = Reglages::default();
    let reglages = Reglages {
        api_key: lire("KONNECT_ESSAI_API_KEY").unwrap_or(defaut.api_key),
        wallet_id: lire("KONNECT_ESSAI_WALLET").unwrap_or(defaut.wallet_id),
    };
    let listener = TcpListener::bind(&adresse)?;
    let passerelle = Passerelle::demarrer(listener, reglages)?;
    println!("KONNECT_ESSAI_URL={}", passerelle.api_url());
    tokio::signal::ctrl_c().await?;
    passerelle.arreter().await;
    Ok(())
}
