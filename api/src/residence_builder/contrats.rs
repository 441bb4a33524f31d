//! The builder's contract steps: a client, a contract of either side with its payments, an
//! exceptional revenue (spec 1 §2 contracts, clients, exceptional revenues; spec 2 §2 "Expense
//! contracts"). Clients, suppliers and categories are named by their name or title (the
//! builder's `client`, `fournisseur` and `categorie` steps create them).

use anyhow::Context;
use chrono::NaiveDate;
use daftar_domain::contrats::{
    ContratsCommand, ContratsEvent, Contrepartie, FicheClient, FicheContrat,
    FicheRevenuExceptionnel, MethodePaiementContrat, Periodicite,
};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreEvent};
use daftar_domain::paiement::Paiement;
use daftar_domain::Montant;

use super::{par_nom_depenses, Books, ListeDepenses};

/// A client to create unless one has its name.
pub struct ClientSpec {
    pub(super) fiche: FicheClient,
}

impl ClientSpec {
    pub fn new(nom: &str) -> Self {
        Self {
            fiche: FicheClient {
                nom: nom.to_owned(),
                tel: None,
                email: None,
                adresse: None,
                ville: None,
                gouvernorat: None,
                activite: None,
                matricule_fiscal: None,
                commentaire: None,
            },
        }
    }

    pub fn tel(mut self, tel: &str) -> Self {
        self.fiche.tel = Some(tel.to_owned());
        self
    }

    pub fn activite(mut self, activite: &str) -> Self {
        self.fiche.activite = Some(activite.to_owned());
        self
    }

    pub fn matricule_fiscal(mut self, matricule: &str) -> Self {
        self.fiche.matricule_fiscal = Some(matricule.to_owned());
        self
    }

    /// A governorate's id (1 to 24).
    pub fn gouvernorat(mut self, id: i64) -> Self {
        self.fiche.gouvernorat = Some(id);
        self
    }
}

/// Who a contract is with, by name.
enum Partie {
    Client(String),
    Fournisseur {
        nom: String,
        categorie: Option<String>,
    },
}

/// A contract to record (unless one of its title and start exists), then pay as its payments
/// say.
pub struct ContratSpec {
    titre: String,
    montant: Montant,
    date_debut: NaiveDate,
    date_fin: Option<NaiveDate>,
    periodicite: Periodicite,
    partie: Partie,
    commentaire: Option<String>,
    paiements: Vec<Paiement<MethodePaiementContrat>>,
}

impl ContratSpec {
    fn new(
        titre: &str,
        montant: Montant,
        (date_debut, periodicite): (NaiveDate, Periodicite),
        partie: Partie,
    ) -> Self {
        Self {
            titre: titre.to_owned(),
            montant,
            date_debut,
            date_fin: None,
            periodicite,
            partie,
            commentaire: None,
            paiements: Vec::new(),
        }
    }

    /// A revenue contract with the client named `client`.
    pub fn revenu(
        titre: &str,
        montant: Montant,
        (date_debut, periodicite): (NaiveDate, Periodicite),
        client: &str,
    ) -> Self {
        Self::new(
            titre,
            montant,
            (date_debut, periodicite),
            Partie::Client(client.to_owned()),
        )
    }

    /// An expense contract with the supplier named `fournisseur`, of the category titled
    /// `categorie` if any.
    pub fn depense(
        titre: &str,
        montant: Montant,
        (date_debut, periodicite): (NaiveDate, Periodicite),
        fournisseur: &str,
        categorie: Option<&str>,
    ) -> Self {
        Self::new(
            titre,
            montant,
            (date_debut, periodicite),
            Partie::Fournisseur {
                nom: fournisseur.to_owned(),
                categorie: categorie.map(str::to_owned),
            },
        )
    }

    pub fn fin(mut self, date_fin: NaiveDate) -> Self {
        self.date_fin = Some(date_fin);
        self
    }

    pub fn commentaire(mut self, commentaire: &str) -> Self {
        self.commentaire = Some(commentaire.to_owned());
        self
    }

    /// A payment made once it is recorded.
    pub fn paiement(
        mut self,
        montant: Montant,
        date_paiement: NaiveDate,
        methode: MethodePaiementContrat,
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

/// An exceptional revenue to record unless one of its title and date exists.
pub struct RevenuExceptionnelSpec {
    fiche: FicheRevenuExceptionnel,
    client: Option<String>,
}

impl RevenuExceptionnelSpec {
    pub fn new(
        titre: &str,
        montant: Montant,
        date_paiement: NaiveDate,
        methode: MethodePaiementContrat,
    ) -> Self {
        Self {
            fiche: FicheRevenuExceptionnel {
                titre: titre.to_owned(),
                montant,
                date_paiement,
                methode,
                reference: None,
                commentaire: None,
                client_id: None,
            },
            client: None,
        }
    }

    pub fn reference(mut self, reference: &str) -> Self {
        self.fiche.reference = Some(reference.to_owned());
        self
    }

    pub fn commentaire(mut self, commentaire: &str) -> Self {
        self.fiche.commentaire = Some(commentaire.to_owned());
        self
    }

    /// The client of that name.
    pub fn client(mut self, nom: &str) -> Self {
        self.client = Some(nom.to_owned());
        self
    }
}

/// The id of the client of that name.
fn client_id(livre: &GrandLivre, nom: &str) -> anyhow::Result<i64> {
    livre
        .contrats
        .clients()
        .find(|(_, n)| *n == nom)
        .map(|(id, _)| id)
        .with_context(|| format!("no client named {nom}"))
}

impl Books {
    pub(super) async fn client(&self, spec: ClientSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        if livre
            .contrats
            .clients()
            .any(|(_, nom)| nom == spec.fiche.nom)
        {
            return Ok(());
        }
        self.execute(ContratsCommand::CreerClient { fiche: spec.fiche })
            .await?;
        Ok(())
    }

    pub(super) async fn contrat(&self, spec: ContratSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        let exists = livre
            .contrats
            .contrats()
            .any(|(_, c)| c.fiche.titre == spec.titre && c.fiche.date_debut == spec.date_debut);
        if exists {
            return Ok(());
        }
        let contrepartie = match &spec.partie {
            Partie::Client(nom) => Contrepartie::Client {
                client_id: client_id(&livre, nom)?,
            },
            Partie::Fournisseur { nom, categorie } => Contrepartie::Fournisseur {
                fournisseur_id: *par_nom_depenses(&livre, ListeDepenses::Fournisseurs)
                    .get(nom)
                    .with_context(|| format!("no supplier named {nom}"))?,
                categorie_id: match categorie {
                    Some(titre) => Some(
                        *par_nom_depenses(&livre, ListeDepenses::Categories)
                            .get(titre)
                            .with_context(|| format!("no category titled {titre}"))?,
                    ),
                    None => None,
                },
            },
        };
        let sens = contrepartie.sens();
        let command = ContratsCommand::EnregistrerContrat {
            fiche: FicheContrat {
                titre: spec.titre.clone(),
                montant: spec.montant,
                date_debut: spec.date_debut,
                date_fin: spec.date_fin,
                periodicite: spec.periodicite,
                contrepartie,
                commentaire: spec.commentaire.clone(),
            },
            documents: Vec::new(),
        };
        let contrat_id = self
            .execute(command)
            .await?
            .events
            .iter()
            .find_map(|event| match &event.payload {
                GrandLivreEvent::Contrats(ContratsEvent::ContratEnregistre {
                    contrat_id, ..
                }) => Some(*contrat_id),
                _ => None,
            })
            .with_context(|| format!("{} recorded without its id", spec.titre))?;
        for paiement in spec.paiements {
            self.execute(ContratsCommand::Payer {
                contrat_id,
                sens,
                paiement,
            })
            .await?;
        }
        Ok(())
    }

    pub(super) async fn revenu_exceptionnel(
        &self,
        spec: RevenuExceptionnelSpec,
    ) -> anyhow::Result<()> {
        let livre = self.state().await?;
        let exists = livre.contrats.revenus().any(|(_, r)| {
            r.fiche.titre == spec.fiche.titre && r.fiche.date_paiement == spec.fiche.date_paiement
        });
        if exists {
            return Ok(());
        }
        let client_id = match &spec.client {
            Some(nom) => Some(client_id(&livre, nom)?),
            None => None,
        };
        self.execute(ContratsCommand::EnregistrerRevenuExceptionnel {
            fiche: FicheRevenuExceptionnel {
                client_id,
                ..spec.fiche
            },
        })
        .await?;
        Ok(())
    }
}
