//! Online payment through Konnect (issue 21; docs/api-paiement-en-ligne.md): the gateway's client
//! ([`konnect`]) and the server key that encrypts the residences' API keys ([`cle`]). The routes
//! are in `routes::paiement_en_ligne`; the requests' tables in
//! `daftar_projections::paiements_en_ligne`.

pub mod cle;
pub mod konnect;

use std::path::PathBuf;

use tokio::sync::OnceCell;

use crate::configuration::KonnectSettings;
use cle::CleServeur;
use konnect::Konnect;

/// What the routes share: the client, the settings, and the server key (read or created on
/// first use).
pub struct PaiementEnLigne {
    pub konnect: Konnect,
    pub reglages: KonnectSettings,
    data_dir: PathBuf,
    cle: OnceCell<CleServeur>,
}

impl PaiementEnLigne {
    pub fn new(reglages: &KonnectSettings, data_dir: PathBuf) -> anyhow::Result<Self> {
        Ok(Self {
            konnect: Konnect::new(&reglages.url, reglages.timeout)?,
            reglages: reglages.clone(),
            data_dir,
            cle: OnceCell::new(),
        })
    }

    /// The server key.
    pub async fn cle(&self) -> anyhow::Result<&CleServeur> {
        self.cle
            .get_or_try_init(|| async {
                CleServeur::charger(self.reglages.secret_key.as_deref(), &self.data_dir)
            })
            .await
    }
}
