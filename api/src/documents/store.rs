//! Where the bytes of documents live: the local disk by default (`$DAFTAR_DATA_DIR/documents`),
//! or an S3-compatible bucket (`DAFTAR_DOCUMENTS_URL=s3://bucket/prefix`, credentials and
//! endpoint from the `AWS_*` variables), both through the `object_store` crate.
//!
//! Keys are content-addressed per residence: `residences/{residence_id}/{sha256}` for a file and
//! `residences/{residence_id}/{sha256}.miniature.png` for its thumbnail. The same file attached
//! twice is stored once; a residence's key never names another residence's file, so a document
//! read through its own residence cannot be another's.

use std::path::Path as CheminLocal;
use std::sync::Arc;

use actix_web::web::Bytes;
use anyhow::Context;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, PutPayload};

use super::miniature::{miniature, ErreurMiniature};
use super::{FichierAccepte, NatureContenu};
use crate::configuration::{DocumentStorage, Settings};
use crate::error::{ApiError, ErrorCode};

/// The documents' store, shared by every worker (`AppState::documents`).
pub struct DocumentStore {
    store: Arc<dyn ObjectStore>,
}

/// Why a document could not be stored or read.
#[derive(Debug, thiserror::Error)]
pub enum ErreurStockage {
    /// No such file in the residence's store.
    #[error("no such document in the store")]
    Introuvable,
    /// A hash that is not 64 lowercase hexadecimal digits (a key is never built from it).
    #[error("not a SHA-256 in hex: {0:?}")]
    EmpreinteInvalide(String),
    /// A stored content type that is not one of the documents' kinds.
    #[error("not a document content type: {0:?}")]
    NatureInconnue(String),
    #[error("the store failed")]
    Stockage(#[source] object_store::Error),
    #[error("the thumbnail could not be made")]
    Miniature(#[source] ErreurMiniature),
    #[error("the thumbnail task failed")]
    Tache(#[source] tokio::task::JoinError),
}

/// A document missing from the store answers 404 `not_found` (a route that knows the document
/// answers its own code instead); anything else is a fault, logged and answered 500.
impl From<ErreurStockage> for ApiError {
    fn from(error: ErreurStockage) -> Self {
        match error {
            ErreurStockage::Introuvable => ErrorCode::NotFound.into(),
            other => ApiError::internal(other),
        }
    }
}

impl DocumentStore {
    /// The store the settings name (see the module), creating the local folder if needed.
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Self> {
        match &settings.documents {
            DocumentStorage::Local => Self::local(&settings.data_dir.join("documents")),
            DocumentStorage::S3 { bucket, prefix } => {
                let s3 = AmazonS3Builder::from_env()
                    .with_bucket_name(bucket)
                    .build()
                    .with_context(|| format!("the documents' bucket s3://{bucket}"))?;
                Ok(if prefix.is_empty() {
                    Self::from_store(Arc::new(s3))
                } else {
                    Self::from_store(Arc::new(PrefixStore::new(s3, prefix.as_str())))
                })
            }
        }
    }

    /// A store in the local folder `dossier` (created if missing).
    pub fn local(dossier: &CheminLocal) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dossier)
            .with_context(|| format!("cannot create the documents folder {}", dossier.display()))?;
        let store = LocalFileSystem::new_with_prefix(dossier)
            .with_context(|| format!("cannot open the documents folder {}", dossier.display()))?;
        Ok(Self::from_store(Arc::new(store)))
    }

    /// Over any `object_store` store.
    pub fn from_store(store: Arc<dyn ObjectStore>) -> Self {
        Self { store }
    }

    /// Stores an accepted file under its residence and hash. Storing the same file again
    /// changes nothing.
    pub async fn put(
        &self,
        residence_id: i64,
        fichier: &FichierAccepte,
    ) -> Result<(), ErreurStockage> {
        self.put_octets(residence_id, &fichier.sha256, fichier.octets.clone())
            .await
    }

    /// Stores bytes the server made (a closing pack's documents) under their SHA-256 (hex).
    pub async fn put_octets(
        &self,
        residence_id: i64,
        sha256: &str,
        octets: Vec<u8>,
    ) -> Result<(), ErreurStockage> {
        let cle = cle(residence_id, sha256, "")?;
        match self.store.head(&cle).await {
            Ok(_) => return Ok(()),
            Err(object_store::Error::NotFound { .. }) => {}
            Err(error) => return Err(ErreurStockage::Stockage(error)),
        }
        let octets = PutPayload::from(octets);
        self.store
            .put(&cle, octets)
            .await
            .map(|_| ())
            .map_err(ErreurStockage::Stockage)
    }

    /// The bytes of a stored file.
    pub async fn get(&self, residence_id: i64, sha256: &str) -> Result<Bytes, ErreurStockage> {
        self.lire(&cle(residence_id, sha256, "")?).await
    }

    /// The PNG thumbnail of a stored file: made from the file and kept on the first request,
    /// read from the store afterwards.
    pub async fn miniature(
        &self,
        residence_id: i64,
        sha256: &str,
        nature: NatureContenu,
    ) -> Result<Bytes, ErreurStockage> {
        let cle_miniature = cle(residence_id, sha256, ".miniature.png")?;
        match self.lire(&cle_miniature).await {
            Err(ErreurStockage::Introuvable) => {}
            lue => return lue,
        }
        let octets = self.get(residence_id, sha256).await?;
        let png = tokio::task::spawn_blocking(move || miniature(nature, &octets))
            .await
            .map_err(ErreurStockage::Tache)?
            .map_err(ErreurStockage::Miniature)?;
        let png = Bytes::from(png);
        self.store
            .put(&cle_miniature, PutPayload::from_bytes(png.clone()))
            .await
            .map_err(ErreurStockage::Stockage)?;
        Ok(png)
    }

    async fn lire(&self, cle: &Path) -> Result<Bytes, ErreurStockage> {
        let lu = match self.store.get(cle).await {
            Ok(lu) => lu,
            Err(object_store::Error::NotFound { .. }) => return Err(ErreurStockage::Introuvable),
            Err(error) => return Err(ErreurStockage::Stockage(error)),
        };
        lu.bytes().await.map_err(ErreurStockage::Stockage)
    }
}

/// `residences/{residence_id}/{sha256}{suffixe}`, for a hash of 64 lowercase hex digits only.
fn cle(residence_id: i64, sha256: &str, suffixe: &str) -> Result<Path, ErreurStockage> {
    let hexadecimal = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
    if sha256.len() != 64 || !sha256.chars().all(hexadecimal) {
        return Err(ErreurStockage::EmpreinteInvalide(sha256.to_owned()));
    }
    Ok(Path::from(format!(
        "residences/{residence_id}/{sha256}{suffixe}"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::{fixtures, verifier, FichierRecu};

    fn accepte(octets: Vec<u8>) -> FichierAccepte {
        verifier(FichierRecu {
            champ: "factures".to_owned(),
            nom_fichier: "f.pdf".to_owned(),
            octets,
        })
        .unwrap()
    }

    #[test]
    fn keys_are_the_residence_and_the_hash() {
        let sha = "ab".repeat(32);
        assert_eq!(
            cle(7, &sha, "").unwrap().to_string(),
            format!("residences/7/{sha}")
        );
        assert_eq!(
            cle(7, &sha, ".miniature.png").unwrap().to_string(),
            format!("residences/7/{sha}.miniature.png")
        );
    }

    #[test]
    fn a_hash_that_is_not_hex_builds_no_key() {
        for faux in ["../../etc/passwd", "AB".repeat(32).as_str(), "abc"] {
            assert!(matches!(
                cle(7, faux, ""),
                Err(ErreurStockage::EmpreinteInvalide(_))
            ));
        }
    }

    #[actix_web::test]
    async fn the_local_store_gives_back_what_was_put_under_the_residence_folder() {
        let dossier = tempfile::tempdir().unwrap();
        let store = DocumentStore::local(&dossier.path().join("documents")).unwrap();
        let fichier = accepte(fixtures::pdf());
        store.put(3, &fichier).await.unwrap();
        store.put(3, &fichier).await.unwrap();
        assert_eq!(store.get(3, &fichier.sha256).await.unwrap(), fichier.octets);
        let chemin = dossier
            .path()
            .join("documents/residences/3")
            .join(&fichier.sha256);
        assert_eq!(std::fs::read(chemin).unwrap(), fichier.octets);
    }

    #[actix_web::test]
    async fn another_residence_does_not_find_the_file() {
        let dossier = tempfile::tempdir().unwrap();
        let store = DocumentStore::local(dossier.path()).unwrap();
        let fichier = accepte(fixtures::pdf());
        store.put(3, &fichier).await.unwrap();
        assert!(matches!(
            store.get(4, &fichier.sha256).await,
            Err(ErreurStockage::Introuvable)
        ));
    }

    #[actix_web::test]
    async fn a_thumbnail_is_made_on_first_request_then_read_from_the_store() {
        let dossier = tempfile::tempdir().unwrap();
        let store = DocumentStore::local(dossier.path()).unwrap();
        let fichier = accepte(fixtures::pdf());
        store.put(3, &fichier).await.unwrap();
        let premiere = store
            .miniature(3, &fichier.sha256, NatureContenu::Pdf)
            .await
            .unwrap();
        assert!(premiere.starts_with(b"\x89PNG"));
        let chemin = dossier
            .path()
            .join(format!("residences/3/{}.miniature.png", fichier.sha256));
        assert_eq!(std::fs::read(&chemin).unwrap(), premiere);
        // What is served afterwards is what the store holds, not made again.
        std::fs::write(&chemin, b"gardee").unwrap();
        let seconde = store
            .miniature(3, &fichier.sha256, NatureContenu::Pdf)
            .await
            .unwrap();
        assert_eq!(seconde, &b"gardee"[..]);
    }

    #[actix_web::test]
    async fn no_thumbnail_is_made_for_a_file_not_stored() {
        let dossier = tempfile::tempdir().unwrap();
        let store = DocumentStore::local(dossier.path()).unwrap();
        let result = store
            .miniature(3, &"0".repeat(64), NatureContenu::Pdf)
            .await;
        assert!(matches!(result, Err(ErreurStockage::Introuvable)));
    }
}
