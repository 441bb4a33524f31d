use crate::error::CodeErreur;
use crate::exercice::ExerciceError;

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
