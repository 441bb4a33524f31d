//! The builder's closing with its pack (issue 15): a year closed as the treasurer closes it,
//! the closing pack rendered from the journal and its proof recorded, the files of the closing
//! (a signed document) checked and stored, so that `daftar audit replay` can check the year.

use std::sync::Arc;

use anyhow::bail;
use chrono::NaiveDate;
use daftar_domain::document::{NatureDocument, PieceJointe};
use daftar_domain::exercice::{DemandeCloture, ExerciceCommand, StatutExercice};

use super::Books;
use crate::cloture_pack;
use crate::documents::{verifier, DocumentStore, FichierRecu};

/// A year to close on a given day, with its pack and files.
pub struct ClotureSpec {
    annee: i32,
    le: NaiveDate,
    /// (file name, bytes): the documents the treasurer uploads at closing.
    fichiers: Vec<(String, Vec<u8>)>,
    /// Where the files and the pack's documents are stored (without one, the pack is only
    /// recorded: its documents are rendered again from the journal when asked).
    stockage: Option<Arc<DocumentStore>>,
}

impl ClotureSpec {
    pub fn new(annee: i32, le: NaiveDate) -> Self {
        Self {
            annee,
            le,
            fichiers: Vec::new(),
            stockage: None,
        }
    }

    pub fn fichier(mut self, nom: &str, octets: Vec<u8>) -> Self {
        self.fichiers.push((nom.to_owned(), octets));
        self
    }

    pub fn stockage(mut self, stockage: Option<Arc<DocumentStore>>) -> Self {
        self.stockage = stockage;
        self
    }
}

impl Books {
    /// Closes the year (unless closed) with its pack rendered and recorded.
    pub(super) async fn cloture(&self, spec: ClotureSpec) -> anyhow::Result<()> {
        if self.state().await?.exercices.statut(spec.annee) == Some(StatutExercice::Cloture) {
            return Ok(());
        }
        let mut documents = Vec::with_capacity(spec.fichiers.len());
        for (nom, octets) in spec.fichiers {
            let Some(store) = &spec.stockage else {
                bail!("closing {}: files without a store", spec.annee);
            };
            let fichier = verifier(FichierRecu {
                champ: "docs".to_owned(),
                nom_fichier: nom.clone(),
                octets,
            })
            .map_err(|refus| anyhow::anyhow!("closing {} ({nom}): {refus}", spec.annee))?;
            store.put(self.residence.0, &fichier).await?;
            documents.push(PieceJointe {
                nature: NatureDocument::Doc,
                titre: fichier.titre.clone(),
                content_type: fichier.nature_contenu.mime().to_owned(),
                taille: i64::try_from(fichier.taille)?,
                sha256: fichier.sha256.clone(),
            });
        }
        let pack = cloture_pack::preparer(&self.db, self.residence.0, spec.annee, spec.le)
            .await
            .map_err(|error| anyhow::anyhow!("closing {}: {error}", spec.annee))?;
        self.execute(ExerciceCommand::CloturerExercice(DemandeCloture {
            annee: spec.annee,
            le: spec.le,
            documents,
            pack: Some(pack.preuve.clone()),
        }))
        .await?;
        if let Some(store) = &spec.stockage {
            cloture_pack::conserver(store, self.residence.0, &pack)
                .await
                .map_err(|error| anyhow::anyhow!("closing {}: {error}", spec.annee))?;
        }
        Ok(())
    }
}
