use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use chrono::NaiveDate;

use crate::cotisation::{
    CotisationId, EncaissementId, MethodePaiement, MontantDuId, Repartition, TypeCotisation,
};
use crate::occupation::{OccupantId, OccupationId, Sexe, TypeOccupation};
use crate::propriete::{ProprieteId, TypePropriete};

/// What a user or the CLI asks of a residence's ledger. Imperative names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandLivreCommand {
    /// Opens the fiscal year of calendar year `annee`.
    OuvrirExercice {
        annee: i32,
    },
    /// Closes the fiscal year `annee`, for good: its entries become immutable.
    CloturerExercice {
        annee: i32,
    },
    /// Registers a property of the residence; it receives the next property id.
    EnregistrerPropriete {
        nom: String,
        type_propriete: TypePropriete,
        surface: Option<Decimal>,
        description: Option<String>,
    },
    /// Registers a person who owns or rents a property.
    CreerOccupant {
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    /// Corrects an occupant's name and contact details.
    ModifierOccupant {
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
    },
    /// Adds a period of occupancy to a property's history.
    AjouterOccupation {
        propriete_id: ProprieteId,
        occupant_id: OccupantId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    /// Corrects a period of occupancy.
    ModifierOccupation {
        occupation_id: OccupationId,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    /// Corrects an occupation and its occupant's details together: both changes are recorded,
    /// or neither (the history form edits both at once).
    CorrigerOccupation {
        occupation_id: OccupationId,
        occupant_id: OccupantId,
        nom: String,
        tel: Option<String>,
        email: Option<String>,
        sexe: Sexe,
        type_occupation: TypeOccupation,
        date_debut: NaiveDate,
        date_fin: Option<NaiveDate>,
        is_payer: bool,
    },
    /// Removes a period entered by mistake. `aujourd_hui` decides who pays today.
    SupprimerOccupation {
        occupation_id: OccupationId,
        aujourd_hui: NaiveDate,
    },
    /// Records that a user joined the syndic council (access itself is in the identity tables).
    ConsignerMembreConseilAjoute {
        user_id: i64,
        nom: String,
    },
    /// Records that a user left the syndic council.
    ConsignerMembreConseilRetire {
        user_id: i64,
    },
    /// Records a change of president or treasurer made by support.
    ConsignerRolesConseil {
        user_id: i64,
        is_finance: bool,
        is_president: bool,
    },
    /// Replaces the allocation table: whole dinars per property.
    ModifierRepartition {
        repartitions: Vec<(ProprieteId, i64)>,
    },
    /// Calls dues from every property. Amounts are whole dinars: `montant` for an equal split,
    /// `personnalisation` (property, amount) for a custom one, the allocation table otherwise.
    LancerCotisation {
        titre: String,
        type_cotisation: TypeCotisation,
        repartition: Repartition,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        date_echeance: NaiveDate,
        montant: Option<i64>,
        personnalisation: Vec<(ProprieteId, i64)>,
    },
    /// Corrects a cotisation without encaissements (the split cannot change).
    ModifierCotisation {
        cotisation_id: CotisationId,
        titre: String,
        type_cotisation: TypeCotisation,
        repartition: Repartition,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        date_echeance: NaiveDate,
        montant: Option<i64>,
        personnalisation: Vec<(ProprieteId, i64)>,
    },
    SupprimerCotisation {
        cotisation_id: CotisationId,
    },
    /// Records a payment received against one montant dû (whole dinars).
    EncaisserMontantDu {
        montant_du_id: MontantDuId,
        montant: i64,
        date_paiement: NaiveDate,
        methode: MethodePaiement,
        reference: Option<String>,
        aujourd_hui: NaiveDate,
    },
    ModifierEncaissement {
        encaissement_id: EncaissementId,
        montant: i64,
        date_paiement: NaiveDate,
        methode: MethodePaiement,
        reference: Option<String>,
        aujourd_hui: NaiveDate,
    },
    AnnulerEncaissement {
        encaissement_id: EncaissementId,
    },
}
