//! Files attached to a record (spec 1 §5 "Files", spec 2 §3 "factures and devis"): one
//! mechanism for every module that attaches files. The ledger keeps only what identifies a
//! file (its kind, title, content type, size and SHA-256); the bytes live in the object store,
//! addressed by that hash, so the books' history shows which file backed which record and a
//! file changed after the fact no longer matches its hash.
//!
//! Attaching and removing a file are events of the owning record's module; the residence keeps
//! one register of every attached file's owner ([`Documents`]), so a file's id is unique across
//! modules and a download can ask who may see it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::contrats::ContratId;
use crate::depenses::DepenseId;

pub type DocumentId = i64;

/// What a file is to its record (spec 2 §3: invoices and quotes of charges and works; other
/// documents of contracts and fiscal years).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NatureDocument {
    Facture,
    Devis,
    Doc,
}

/// A file as checked and stored by the server: the ledger's record of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceJointe {
    pub nature: NatureDocument,
    /// The file's name as sent, shown as its title.
    pub titre: String,
    /// `application/pdf`, `image/png` or `image/jpeg`, from the content.
    pub content_type: String,
    /// Bytes as stored (an image after the server scaled it).
    pub taille: i64,
    /// SHA-256 of the stored bytes, hex: the file's address in the object store.
    pub sha256: String,
}

/// A file attached to a record, with its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocumentJoint {
    pub document_id: DocumentId,
    pub piece: PieceJointe,
}

/// The record a file belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Proprietaire {
    /// A current charge or a works item.
    Depense(DepenseId),
    /// A revenue or expense contract.
    Contrat(ContratId),
    /// A fiscal year (its year): the files uploaded at its closing.
    Exercice(i32),
}

/// Every attached file of the residence and its owner; ids are never reused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Documents {
    pub(crate) proprietaires: BTreeMap<DocumentId, (Proprietaire, NatureDocument)>,
    pub(crate) dernier_id: DocumentId,
}

impl Documents {
    /// The ids the next `n` attached files take.
    pub fn prochains_ids(&self, n: usize) -> impl Iterator<Item = DocumentId> {
        let premier = self.dernier_id + 1;
        (0..n as i64).map(move |i| premier + i)
    }

    pub fn proprietaire(&self, id: DocumentId) -> Option<(Proprietaire, NatureDocument)> {
        self.proprietaires.get(&id).copied()
    }

    pub(crate) fn joindre(&mut self, proprietaire: Proprietaire, documents: &[DocumentJoint]) {
        for document in documents {
            self.dernier_id = self.dernier_id.max(document.document_id);
            self.proprietaires
                .insert(document.document_id, (proprietaire, document.piece.nature));
        }
    }

    pub(crate) fn retirer(&mut self, id: DocumentId) {
        self.proprietaires.remove(&id);
    }

    /// Forgets every file of a record that is deleted.
    pub(crate) fn retirer_tout(&mut self, proprietaire: Proprietaire) {
        self.proprietaires.retain(|_, (p, _)| *p != proprietaire);
    }
}
