use crate::cotisation::CotisationError;
use crate::error::CodeErreur;
use crate::exercice::ExerciceError;
use crate::occupation::OccupationError;

/// Why the ledger refused a command. Each variant has a stable code (see [`CodeErreur`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GrandLivreError {
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error("l'exercice {annee} existe déjà")]
    ExerciceDejaOuvert { annee: i32 },
    #[error("l'exercice {annee} est déjà clôturé")]
    ExerciceDejaCloture { annee: i32 },
    #[error("l'exercice {annee} n'existe pas")]
    ExerciceInconnu { annee: i32 },
    #[error("année d'exercice invalide: {annee}")]
    AnneeInvalide { annee: i32 },
    #[error("une propriété nommée « {nom} » existe déjà")]
    ProprieteNomExiste { nom: String },
    #[error("le nom d'une propriété est obligatoire (1 à 100 caractères)")]
    ProprieteNomInvalide,
    #[error("la surface d'une propriété doit être positive")]
    SurfaceInvalide,
    #[error(transparent)]
    Occupation(#[from] OccupationError),
    #[error("le nom de l'occupant est obligatoire (1 à 100 caractères)")]
    OccupantNomInvalide,
    #[error("le téléphone doit compter 8 chiffres")]
    TelInvalide,
    #[error("l'adresse e-mail est invalide")]
    EmailInvalide,
    #[error("ce numéro de téléphone est déjà utilisé par un autre occupant")]
    TelDejaUtilise,
    #[error("occupant {0} inconnu")]
    OccupantInconnu(i64),
    #[error("propriété {0} inconnue")]
    ProprieteInconnue(i64),
    #[error("occupation {0} inconnue")]
    OccupationInconnue(i64),
    #[error(transparent)]
    Cotisation(#[from] CotisationError),
}

impl CodeErreur for GrandLivreError {
    fn code(&self) -> &'static str {
        match self {
            GrandLivreError::Exercice(inner) => inner.code(),
            GrandLivreError::ExerciceDejaOuvert { .. } => "exercice_deja_ouvert",
            GrandLivreError::ExerciceDejaCloture { .. } => "exercice_deja_cloture",
            GrandLivreError::ExerciceInconnu { .. } => "exercice_inconnu",
            GrandLivreError::AnneeInvalide { .. } => "annee_invalide",
            GrandLivreError::ProprieteNomExiste { .. } => "propriete_nom_existe",
            GrandLivreError::ProprieteNomInvalide => "propriete_nom_invalide",
            GrandLivreError::SurfaceInvalide => "surface_invalide",
            GrandLivreError::Occupation(inner) => inner.code(),
            GrandLivreError::OccupantNomInvalide => "occupant_nom_invalide",
            GrandLivreError::TelInvalide => "tel_invalide",
            GrandLivreError::EmailInvalide => "email_invalide",
            GrandLivreError::TelDejaUtilise => "tel_deja_utilise",
            GrandLivreError::OccupantInconnu(_) => "occupant_inconnu",
            GrandLivreError::ProprieteInconnue(_) => "propriete_inconnue",
            GrandLivreError::OccupationInconnue(_) => "occupation_inconnue",
            GrandLivreError::Cotisation(inner) => inner.code(),
        }
    }
}

impl CodeErreur for ExerciceError {
    fn code(&self) -> &'static str {
        match self {
            ExerciceError::AucunExerciceOuvert { .. } => "aucun_exercice_ouvert",
            ExerciceError::ExerciceCloture { .. } => "exercice_cloture",
        }
    }
}

impl CodeErreur for OccupationError {
    fn code(&self) -> &'static str {
        match self {
            OccupationError::DatesInvalides => "dates_occupation_invalides",
            OccupationError::PayeurManquant { .. } => "payeur_manquant",
            OccupationError::OccupationPayeurNonSupprimable => "occupation_payeur_non_supprimable",
        }
    }
}

impl CodeErreur for CotisationError {
    fn code(&self) -> &'static str {
        match self {
            CotisationError::TitreInvalide => "titre_invalide",
            CotisationError::PeriodeInvalide => "periode_invalide",
            CotisationError::TropDAppels => "trop_d_appels",
            CotisationError::MontantInvalide => "montant_invalide",
            CotisationError::RepartitionIncomplete(_) => "repartition_incomplete",
            CotisationError::RepartitionNonModifiable => "repartition_non_modifiable",
            CotisationError::CotisationAvecEncaissements => "cotisation_avec_encaissements",
            CotisationError::CotisationInconnue(_) => "cotisation_inconnue",
            CotisationError::MontantDuInconnu(_) => "montant_du_inconnu",
            CotisationError::EncaissementInconnu(_) => "encaissement_inconnu",
            CotisationError::MontantMaximumDepasse { .. } => "montant_maximum_depasse",
            CotisationError::DatePaiementFuture => "date_paiement_future",
            CotisationError::MontantNonModifiable => "montant_non_modifiable",
            CotisationError::AucunePropriete => "aucune_propriete",
        }
    }
}
