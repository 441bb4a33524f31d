//! The server key that encrypts the residences' gateway API keys (issue 21): AES-256-GCM with
//! `ring`, the key kept outside the database — `DAFTAR_SECRET_KEY` (base64 of 32 bytes), or the
//! file `{DAFTAR_DATA_DIR}/secrets/paiement.key` created readable by its owner only on first use.
//! A stored API key is base64 of nonce (12 bytes) || ciphertext and tag; it is never logged and
//! never answered.

use std::path::Path;

use anyhow::{bail, Context};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use ring::rand::{SecureRandom, SystemRandom};

/// The server key.
pub struct CleServeur {
    cle: LessSafeKey,
    aleas: SystemRandom,
}

impl std::fmt::Debug for CleServeur {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CleServeur(***)")
    }
}

impl CleServeur {
    fn depuis_octets(octets: &[u8]) -> anyhow::Result<Self> {
        if octets.len() != 32 {
            bail!("the secret key must be 32 bytes (base64 of 32 bytes)");
        }
        let cle = UnboundKey::new(&AES_256_GCM, octets)
            .map_err(|_| anyhow::anyhow!("the secret key is not an AES-256 key"))?;
        Ok(Self {
            cle: LessSafeKey::new(cle),
            aleas: SystemRandom::new(),
        })
    }

    /// `DAFTAR_SECRET_KEY` when given, else the key file under `data_dir` (created on first use).
    pub fn charger(secret: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        if let Some(secret) = secret {
            let octets = STANDARD
                .decode(secret.trim())
                .context("DAFTAR_SECRET_KEY must be base64 of 32 bytes")?;
            return Self::depuis_octets(&octets);
        }
        let dossier = data_dir.join("secrets");
        let fichier = dossier.join("paiement.key");
        if !fichier.exists() {
            std::fs::create_dir_all(&dossier)
                .with_context(|| format!("cannot create {}", dossier.display()))?;
            let mut octets = [0_u8; 32];
            SystemRandom::new()
                .fill(&mut octets)
                .map_err(|_| anyhow::anyhow!("no randomness for the secret key"))?;
            ecrire_prive(&fichier, STANDARD.encode(octets).as_bytes())?;
        }
        let texte = std::fs::read_to_string(&fichier)
            .with_context(|| format!("cannot read {}", fichier.display()))?;
        let octets = STANDARD
            .decode(texte.trim())
            .with_context(|| format!("{} must hold base64 of 32 bytes", fichier.display()))?;
        Self::depuis_octets(&octets)
    }

    /// base64(nonce || ciphertext || tag).
    pub fn chiffrer(&self, texte: &str) -> anyhow::Result<String> {
        let mut nonce = [0_u8; NONCE_LEN];
        self.aleas
            .fill(&mut nonce)
            .map_err(|_| anyhow::anyhow!("no randomness for a nonce"))?;
        let mut donnees = texte.as_bytes().to_vec();
        self.cle
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::empty(),
                &mut donnees,
            )
            .map_err(|_| anyhow::anyhow!("encryption failed"))?;
        let mut stocke = nonce.to_vec();
        stocke.extend_from_slice(&donnees);
        Ok(STANDARD.encode(stocke))
    }

    /// The text of [`CleServeur::chiffrer`]'s output; `None` when it was not encrypted with this
    /// key (the server key changed) or was altered.
    pub fn dechiffrer(&self, stocke: &str) -> Option<String> {
        let octets = STANDARD.decode(stocke).ok()?;
        if octets.len() < NONCE_LEN {
            return None;
        }
        let (nonce, chiffre) = octets.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut chiffre = chiffre.to_vec();
        let clair = self
            .cle
            .open_in_place(nonce, Aad::empty(), &mut chiffre)
            .ok()?;
        String::from_utf8(clair.to_vec()).ok()
    }
}

/// Writes `contenu` to a new file readable by its owner only.
fn ecrire_prive(fichier: &Path, contenu: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(fichier)
        .with_context(|| format!("cannot create {}", fichier.display()))?;
    file.write_all(contenu)
        .with_context(|| format!("cannot write {}", fichier.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_file_is_created_owner_only_and_a_key_reads_back_only_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let cle = CleServeur::charger(None, dir.path()).unwrap();
        let stocke = cle.chiffrer("sk_live_secret").unwrap();
        assert!(!stocke.contains("sk_live_secret"));
        assert_eq!(cle.dechiffrer(&stocke).as_deref(), Some("sk_live_secret"));
        // The same file gives the same key.
        let encore = CleServeur::charger(None, dir.path()).unwrap();
        assert_eq!(
            encore.dechiffrer(&stocke).as_deref(),
            Some("sk_live_secret")
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join("secrets/paiement.key"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // Another key cannot read it.
        let autre = CleServeur::charger(Some(&STANDARD.encode([7_u8; 32])), dir.path()).unwrap();
        assert_eq!(autre.dechiffrer(&stocke), None);
        assert!(CleServeur::charger(Some("court"), dir.path()).is_err());
    }
}
