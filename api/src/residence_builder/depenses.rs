//! The builder's expense steps: a current charge or a works item, with its files and its
//! payments (spec 2 §2 "Current charges", "Works"). Its supplier and category are named by
//! their name and title (the builder's `fournisseur` and `categorie` steps create them).

use std::sync::Arc;

use anyhow::{bail, Context};
use chrono::NaiveDate;
use daftar_domain::depenses::{
    Approbation, DepensesCommand, DepensesEvent, FicheDepense, MethodePaiementDepense,
    NatureDepense,
};
use daftar_domain::document::{NatureDocument, PieceJointe};
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::paiement::Paiement;
use daftar_domain::Montant;

use super::{par_nom_depenses, Books, ListeDepenses};
use crate::documents::{verifier, DocumentStore, FichierRecu};

/// A charge or works item to record (unless one of its nature, title and invoice date exists),
/// then pay as its payments say.
pub struct DepenseSpec {
    nature: NatureDepense,
    titre: String,
    montant: Montant,
    date_facture: NaiveDate,
    fournisseur: String,
    categorie: Option<String>,
    commentaire: Option<String>,
    description: Option<String>,
    approuve: Option<bool>,
    fichiers: Vec<(NatureDocument, String, Vec<u8>)>,
    stockage: Option<Arc<DocumentStore>>,
    paiements: Vec<Paiement<MethodePaiementDepense>>,
}

impl DepenseSpec {
    fn new(
        nature: NatureDepense,
        titre: &str,
        montant: Montant,
        date_facture: NaiveDate,
        fournisseur: &str,
    ) -> Self {
        Self {
            nature,
            titre: titre.to_owned(),
            montant,
            date_facture,
            fournisseur: fournisseur.to_owned(),
            categorie: None,
            commentaire: None,
            description: None,
            approuve: None,
            fichiers: Vec::new(),
            stockage: None,
            paiements: Vec::new(),
        }
    }

    /// A current charge from the supplier named `fournisseur`.
    pub fn charge(
        titre: &str,
        montant: Montant,
        date_facture: NaiveDate,
        fournisseur: &str,
    ) -> Self {
        Self::new(
            NatureDepense::Charge,
            titre,
            montant,
            date_facture,
            fournisseur,
        )
    }

    /// Works by the supplier named `fournisseur`.
    pub fn travaux(
        titre: &str,
        montant: Montant,
        date_facture: NaiveDate,
        fournisseur: &str,
    ) -> Self {
        Self::new(
            NatureDepense::Travaux,
            titre,
            montant,
            date_facture,
            fournisseur,
        )
    }

    /// The category of that title.
    pub fn categorie(mut self, titre: &str) -> Self {
        self.categorie = Some(titre.to_owned());
        self
    }

    pub fn commentaire(mut self, commentaire: &str) -> Self {
        self.commentaire = Some(commentaire.to_owned());
        self
    }

    /// Works only.
    pub fn description(mut self, description: &str) -> Self {
        self.description = Some(description.to_owned());
        self
    }

    /// Works only: approved (`true`) or refused, by no named assembly or vote.
    pub fn approuve(mut self, approuve: bool) -> Self {
        self.approuve = Some(approuve);
        self
    }

    /// A file attached to it, checked as the API checks an upload and kept in `store`.
    pub fn fichier(
        mut self,
        store: &Arc<DocumentStore>,
        nature: NatureDocument,
        nom: &str,
        octets: Vec<u8>,
    ) -> Self {
        self.stockage = Some(Arc::clone(store));
        self.fichiers.push((nature, nom.to_owned(), octets));
        self
    }

    /// A payment made once it is recorded.
    pub fn paiement(
        mut self,
        montant: Montant,
        date_paiement: NaiveDate,
        methode: MethodePaiementDepense,
        reference: Option<&str>,
    ) -> Self {
        self.paiements.push(Paiement {
            montant,
            date_paiement,
            methode,
            reference: reference.map(str::to_owned),
        });
        self
    }
}

impl Books {
    pub(super) async fn depense(&self, spec: DepenseSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        let exists = livre.depenses.depenses().any(|(_, d)| {
            d.nature == spec.nature
                && d.fiche.titre == spec.titre
                && d.fiche.date_facture == spec.date_facture
        });
        if exists {
            return Ok(());
        }
        let fournisseur_id = *par_nom_depenses(&livre, ListeDepenses::Fournisseurs)
            .get(&spec.fournisseur)
            .with_context(|| format!("no supplier named {}", spec.fournisseur))?;
        let categorie_id = match &spec.categorie {
            Some(titre) => Some(
                *par_nom_depenses(&livre, ListeDepenses::Categories)
                    .get(titre)
                    .with_context(|| format!("no category titled {titre}"))?,
            ),
            None => None,
        };
        let documents = self.pieces(&spec).await?;
        let command = DepensesCommand::EnregistrerDepense {
            nature: spec.nature,
            fiche: FicheDepense {
                titre: spec.titre.clone(),
                montant_total: spec.montant,
                date_facture: spec.date_facture,
                fournisseur_id,
                categorie_id,
                commentaire: spec.commentaire.clone(),
                description: spec.description.clone(),
                approbation: spec.approuve.map(|approuve| Approbation {
                    approuve,
                    par: None,
                }),
            },
            documents,
        };
        let depense_id = self
            .execute(command)
            .await?
            .events
            .iter()
            .find_map(|event| match &event.payload {
                GrandLivreEvent::Depenses(DepensesEvent::DepenseEnregistree {
                    depense_id, ..
                }) => Some(*depense_id),
                _ => None,
            })
            .with_context(|| format!("{} recorded without its id", spec.titre))?;
        for paiement in spec.paiements {
            self.execute(DepensesCommand::Payer {
                depense_id,
                nature: spec.nature,
                paiement,
            })
            .await?;
        }
        Ok(())
    }

    /// The spec's files checked and stored, as the ledger records them.
    async fn pieces(&self, spec: &DepenseSpec) -> anyhow::Result<Vec<PieceJointe>> {
        let mut pieces = Vec::with_capacity(spec.fichiers.len());
        for (nature, nom, octets) in &spec.fichiers {
            let Some(store) = &spec.stockage else {
                bail!("{}: files without a store", spec.titre);
            };
            let fichier = verifier(FichierRecu {
                champ: "fichier".to_owned(),
                nom_fichier: nom.clone(),
                octets: octets.clone(),
            })
            .map_err(|refus| anyhow::anyhow!("{} ({nom}): {refus}", spec.titre))?;
            store.put(self.residence.0, &fichier).await?;
            pieces.push(PieceJointe {
                nature: *nature,
                titre: fichier.titre.clone(),
                content_type: fichier.nature_contenu.mime().to_owned(),
                taille: i64::try_from(fichier.taille)?,
                sha256: fichier.sha256.clone(),
            });
        }
        Ok(pieces)
    }
}
