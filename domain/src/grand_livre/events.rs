use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use chrono::NaiveDate;

use crate::cotisation::{
    Appel, CotisationId, EncaissementId, MethodePaiement, MontantDuId, Repartition, TypeCotisation,
};
use crate::montant::Montant;
use crate::occupation::{OccupantId, OccupationId, Sexe, TypeOccupation};
use crate::propriete::{ProprieteId, TypePropriete};

/// Facts of a residence's ledger, in the past tense. Their type names and versions are stored
/// forever: rename or reshape one only through an upcaster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandLivreEvent {
    ExerciceOuvert {
        annee: i32,
    },
    ExerciceCloture {
        annee: i32,
    },
    ProprieteEnregistree {
        propriete_id: ProprieteId,
        nom: String,
        type_propriete: TypePropriete,
        surface: Option<Decimal>,
        description: Option<String>,
    },
    OccupantCree {
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    OccupantModifie {
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    OccupationAjoutee {
        occupation_id: OccupationId,
        propriete_id: ProprieteId,
        occupant_id: OccupantId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    OccupationModifiee {
        occupation_id: OccupationId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    OccupationSupprimee {
        occupation_id: OccupationId,
    },
    MembreConseilAjoute {
        user_id: i64,
        nom: String,
    },
    MembreConseilRetire {
        user_id: i64,
    },
    RolesConseilModifies {
        user_id: i64,
        is_finance: bool,
        is_president: bool,
    },
    /// The allocation table (repartition predefinie) as a whole.
    RepartitionModifiee {
        repartitions: Vec<MontantPropriete>,
    },
    CotisationLancee {
        cotisation_id: CotisationId,
        titre: String,
        type_cotisation: TypeCotisation,
        repartition: Repartition,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        date_echeance: NaiveDate,
        montants: Vec<MontantPropriete>,
        montants_dus: Vec<MontantDuLance>,
    },
    /// A correction of a cotisation without encaissements: its dues are replaced.
    CotisationModifiee {
        cotisation_id: CotisationId,
        titre: String,
        type_cotisation: TypeCotisation,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        date_echeance: NaiveDate,
        montants: Vec<MontantPropriete>,
        montants_dus: Vec<MontantDuLance>,
    },
    CotisationSupprimee {
        cotisation_id: CotisationId,
    },
    EncaissementEnregistre {
        encaissement_id: EncaissementId,
        montant_du_id: MontantDuId,
        montant: Montant,
        date_paiement: NaiveDate,
        methode: MethodePaiement,
        reference: Option<String>,
        numero_recu: String,
    },
    EncaissementModifie {
        encaissement_id: EncaissementId,
        montant: Montant,
        date_paiement: NaiveDate,
        methode: MethodePaiement,
        reference: Option<String>,
    },
    EncaissementAnnule {
        encaissement_id: EncaissementId,
    },
}

/// An amount for one property (allocation table, per-property amounts of a cotisation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MontantPropriete {
    pub propriete_id: ProprieteId,
    pub montant: Montant,
}

/// One montant dû created by a cotisation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MontantDuLance {
    pub montant_du_id: MontantDuId,
    pub propriete_id: ProprieteId,
    pub payeur: Option<OccupantId>,
    pub appel: Appel,
    pub montant: Montant,
}

impl DomainEvent for GrandLivreEvent {
    fn event_type(&self) -> String {
        match self {
            GrandLivreEvent::ExerciceOuvert { .. } => "ExerciceOuvert",
            GrandLivreEvent::ExerciceCloture { .. } => "ExerciceCloture",
            GrandLivreEvent::ProprieteEnregistree { .. } => "ProprieteEnregistree",
            GrandLivreEvent::OccupantCree { .. } => "OccupantCree",
            GrandLivreEvent::OccupantModifie { .. } => "OccupantModifie",
            GrandLivreEvent::OccupationAjoutee { .. } => "OccupationAjoutee",
            GrandLivreEvent::OccupationModifiee { .. } => "OccupationModifiee",
            GrandLivreEvent::OccupationSupprimee { .. } => "OccupationSupprimee",
            GrandLivreEvent::MembreConseilAjoute { .. } => "MembreConseilAjoute",
            GrandLivreEvent::MembreConseilRetire { .. } => "MembreConseilRetire",
            GrandLivreEvent::RolesConseilModifies { .. } => "RolesConseilModifies",
            GrandLivreEvent::RepartitionModifiee { .. } => "RepartitionModifiee",
            GrandLivreEvent::CotisationLancee { .. } => "CotisationLancee",
            GrandLivreEvent::CotisationModifiee { .. } => "CotisationModifiee",
            GrandLivreEvent::CotisationSupprimee { .. } => "CotisationSupprimee",
            GrandLivreEvent::EncaissementEnregistre { .. } => "EncaissementEnregistre",
            GrandLivreEvent::EncaissementModifie { .. } => "EncaissementModifie",
            GrandLivreEvent::EncaissementAnnule { .. } => "EncaissementAnnule",
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}
