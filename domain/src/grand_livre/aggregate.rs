use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::{GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::banque::{Banque, Mouvement, TableMouvement};
use crate::budgets::Budgets;
use crate::comptabilite::SoldesComptables;
use crate::contrats::{Contrats, ContratsEvent};
use crate::depenses::{Depenses, DepensesEvent};
use crate::document::{Documents, Proprietaire};
use crate::exercice::{ExerciceEvent, Exercices};
use crate::occupation::Occupancy;
use crate::propriete::Proprietes;
use crate::revenus::{Revenus, RevenusEvent};
use crate::salaires::{Salaires, SalairesEvent};

/// The decision state of one residence's books: only what commands need to decide, never
/// display data (that lives in the read models). Each module keeps its own part and changes
/// only that part when its events are applied.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrandLivre {
    pub exercices: Exercices,
    pub proprietes: Proprietes,
    pub occupancy: Occupancy,
    pub revenus: Revenus,
    pub banque: Banque,
    pub depenses: Depenses,
    pub salaires: Salaires,
    pub contrats: Contrats,
    /// The budget of each fiscal year (created when its year opens).
    pub budgets: Budgets,
    /// Every attached file and its owner, whichever module attached it.
    pub documents: Documents,
    /// The books' balances (what the closing decides on).
    pub soldes: SoldesComptables,
}

/// A module's events as the residence's events.
fn residence_events<E: Into<GrandLivreEvent>>(events: Vec<E>) -> Vec<GrandLivreEvent> {
    events.into_iter().map(Into::into).collect()
}

impl GrandLivre {
    /// Hands the command to its module, which decides on the whole residence's state and
    /// answers its own events (or its own refusal).
    pub fn decide(
        &self,
        command: GrandLivreCommand,
    ) -> Result<Vec<GrandLivreEvent>, GrandLivreError> {
        Ok(match command {
            GrandLivreCommand::Exercice(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Propriete(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Occupation(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Conseil(command) => residence_events(command.decide()),
            GrandLivreCommand::Revenus(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Banque(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Depenses(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Salaires(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Contrats(command) => residence_events(command.decide(self)?),
            GrandLivreCommand::Budgets(command) => residence_events(command.decide(self)?),
        })
    }
}

impl Aggregate for GrandLivre {
    const TYPE: &'static str = "grand_livre";
    type Command = GrandLivreCommand;
    type Event = GrandLivreEvent;
    type Error = GrandLivreError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for event in self.decide(command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.soldes.appliquer(&event);
        // A year opened creates its budget, a category deleted leaves the budgets.
        self.budgets.appliquer(&event);
        match event {
            GrandLivreEvent::Exercice(event) => {
                if let ExerciceEvent::ExerciceCloture(cloture) = &event {
                    self.documents
                        .joindre(Proprietaire::Exercice(cloture.annee), &cloture.documents);
                }
                self.exercices.appliquer(event)
            }
            GrandLivreEvent::Propriete(event) => self.proprietes.appliquer(event),
            GrandLivreEvent::Occupation(event) => self.occupancy.appliquer(event),
            // The council's records decide nothing (see `crate::conseil`).
            GrandLivreEvent::Conseil(_) => {}
            GrandLivreEvent::Revenus(event) => {
                if let RevenusEvent::EncaissementModifie {
                    encaissement_id, ..
                }
                | RevenusEvent::EncaissementAnnule { encaissement_id } = &event
                {
                    self.banque.oublier_pointage_encaissement(*encaissement_id);
                }
                self.revenus.appliquer(event);
            }
            GrandLivreEvent::Banque(event) => self.banque.appliquer(event),
            GrandLivreEvent::Depenses(event) => {
                match &event {
                    DepensesEvent::DocumentsDepenseJoints {
                        depense_id,
                        documents,
                    } => self
                        .documents
                        .joindre(Proprietaire::Depense(*depense_id), documents),
                    DepensesEvent::DocumentDepenseRetire { document_id, .. } => {
                        self.documents.retirer(*document_id)
                    }
                    DepensesEvent::DepenseSupprimee { depense_id, .. } => self
                        .documents
                        .retirer_tout(Proprietaire::Depense(*depense_id)),
                    // A payment changed or removed is no longer what the bank booked.
                    DepensesEvent::PaiementDepenseModifie { paiement_id, .. }
                    | DepensesEvent::PaiementDepenseSupprime { paiement_id, .. } => {
                        self.banque.oublier_pointage(Mouvement {
                            table: TableMouvement::PaiementDepense,
                            id: *paiement_id,
                        })
                    }
                    DepensesEvent::CategorieCreee { .. }
                    | DepensesEvent::CategorieModifiee { .. }
                    | DepensesEvent::CategorieSupprimee { .. }
                    | DepensesEvent::FournisseurCree { .. }
                    | DepensesEvent::FournisseurModifie { .. }
                    | DepensesEvent::FournisseurSupprime { .. }
                    | DepensesEvent::DepenseEnregistree { .. }
                    | DepensesEvent::DepenseModifiee { .. }
                    | DepensesEvent::DepensePayee { .. } => {}
                }
                self.depenses.appliquer(event);
            }
            GrandLivreEvent::Salaires(event) => {
                // A payment changed or removed is no longer what the bank booked.
                let change = match &event {
                    SalairesEvent::PaiementSalaireModifie { paiement_id, .. }
                    | SalairesEvent::PaiementSalaireSupprime { paiement_id, .. } => {
                        Some((TableMouvement::PaiementSalaire, *paiement_id))
                    }
                    SalairesEvent::ChargePatronaleModifiee { charge_id, .. }
                    | SalairesEvent::ChargePatronaleSupprimee { charge_id } => {
                        Some((TableMouvement::ChargePatronale, *charge_id))
                    }
                    SalairesEvent::SalarieCree { .. }
                    | SalairesEvent::SalarieModifie { .. }
                    | SalairesEvent::SalarieSupprime { .. }
                    | SalairesEvent::SalairePaye { .. }
                    | SalairesEvent::ChargePatronalePayee { .. } => None,
                };
                if let Some((table, id)) = change {
                    self.banque.oublier_pointage(Mouvement { table, id });
                }
                self.salaires.appliquer(event);
            }
            GrandLivreEvent::Contrats(event) => {
                match &event {
                    ContratsEvent::DocumentsContratJoints {
                        contrat_id,
                        documents,
                    } => self
                        .documents
                        .joindre(Proprietaire::Contrat(*contrat_id), documents),
                    ContratsEvent::DocumentContratRetire { document_id, .. } => {
                        self.documents.retirer(*document_id)
                    }
                    ContratsEvent::ContratSupprime { contrat_id } => self
                        .documents
                        .retirer_tout(Proprietaire::Contrat(*contrat_id)),
                    // A payment changed or removed is no longer what the bank booked.
                    ContratsEvent::PaiementContratModifie { paiement_id, .. }
                    | ContratsEvent::PaiementContratSupprime { paiement_id, .. } => {
                        self.banque.oublier_pointage(Mouvement {
                            table: TableMouvement::PaiementContrat,
                            id: *paiement_id,
                        })
                    }
                    ContratsEvent::RevenuExceptionnelSupprime { revenu_id } => {
                        self.banque.oublier_pointage(Mouvement {
                            table: TableMouvement::RevenuExceptionnel,
                            id: *revenu_id,
                        })
                    }
                    ContratsEvent::ClientCree { .. }
                    | ContratsEvent::ClientModifie { .. }
                    | ContratsEvent::ClientSupprime { .. }
                    | ContratsEvent::ContratEnregistre { .. }
                    | ContratsEvent::ContratModifie { .. }
                    | ContratsEvent::ContratPaye { .. }
                    | ContratsEvent::RevenuExceptionnelEnregistre { .. } => {}
                }
                self.contrats.appliquer(event);
            }
            // Applied above, with the other events that change the budgets.
            GrandLivreEvent::Budgets(_) => {}
        }
    }
}
