//! The body of `POST /budgets/modifier` and its conversion into the ledger's command, reporting
//! every wrong field at once. Amounts follow spec 2 §5 "Budget edit": a JSON number, or a
//! string with a dot and at most three decimals; a comma, more than three decimals or anything
//! that is not a number is `INVALID_AMOUNT` (spec 2 §8), and the answer's `code` is then
//! `INVALID_AMOUNT` too.

use std::collections::BTreeSet;

use daftar_domain::budgets::{BudgetsCommand, LigneBudget};
use daftar_domain::depenses::{Approbateur, Approbation, TypeApprobateur};
use daftar_domain::Montant;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::request::{self, optional_text, required_text, Lecture, MontantSaisi};

/// Longest title of a budget: the domain's.
const TITRE_MAX: usize = 200;

/// A value a form may send as a number or a text (`1`, `"1"`, `""`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum NombreOuTexte {
    Nombre(i64),
    Texte(String),
}

impl NombreOuTexte {
    /// The text of the value, `None` when empty.
    fn texte(self) -> Option<String> {
        match self {
            NombreOuTexte::Nombre(n) => Some(n.to_string()),
            NombreOuTexte::Texte(t) => optional_text(Some(t)),
        }
    }
}

/// One element of the budget as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ElementRequest {
    /// An existing element's id (absent for a new one).
    #[serde(default)]
    pub id: Option<i64>,
    pub categorie_id: Option<i64>,
    /// DT ≥ 0: a number, or a string with a dot and at most three decimals (`"120.500"`).
    #[serde(default)]
    pub montant: Option<MontantSaisi>,
}

/// `POST /api/budgets/modifier` body (spec 2 §7).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierBudgetRequest {
    /// The budget's id: its year.
    pub id: Option<i64>,
    /// Required, 200 characters at most, one line.
    #[serde(default)]
    pub titre: Option<String>,
    /// `1` approved, `0` refused, `null` / `""` undecided.
    #[serde(default)]
    pub is_approved: Option<NombreOuTexte>,
    /// `assemblee` (reads `ag`) or `vote` (reads `vote`); empty when no approver is named.
    #[serde(default)]
    pub approuve_par: Option<String>,
    #[serde(default)]
    pub vote: Option<NombreOuTexte>,
    #[serde(default)]
    pub ag: Option<NombreOuTexte>,
    #[serde(default)]
    pub commentaire: Option<String>,
    /// The whole list of elements: an element left out is removed.
    #[serde(default)]
    pub elements: Vec<ElementRequest>,
}

/// An approver's id: a whole number above zero.
fn id_approbateur(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<NombreOuTexte>,
) -> Option<i64> {
    let Some(text) = value.and_then(NombreOuTexte::texte) else {
        errors.add(field, ErrorCode::ChampObligatoire);
        return None;
    };
    match text.parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            errors.add(field, ErrorCode::ValeurInvalide);
            None
        }
    }
}

/// The approval, as the works' (`is_approved`, `approuve_par`, `ag` / `vote`).
fn approbation(
    errors: &mut FieldErrors,
    request: &mut ModifierBudgetRequest,
) -> Option<Approbation> {
    let approuve = match request
        .is_approved
        .take()
        .and_then(NombreOuTexte::texte)
        .as_deref()
    {
        None => None,
        Some("1") => Some(true),
        Some("0") => Some(false),
        Some(_) => {
            errors.add("is_approved", ErrorCode::ValeurInvalide);
            None
        }
    };
    let par = match optional_text(request.approuve_par.take()).as_deref() {
        None => None,
        Some("assemblee") => {
            id_approbateur(errors, "ag", request.ag.take()).map(|id| Approbateur {
                type_approbateur: TypeApprobateur::Assemblee,
                id,
            })
        }
        Some("vote") => id_approbateur(errors, "vote", request.vote.take()).map(|id| Approbateur {
            type_approbateur: TypeApprobateur::Vote,
            id,
        }),
        Some(_) => {
            errors.add("approuve_par", ErrorCode::ValeurInvalide);
            None
        }
    };
    approuve.map(|approuve| Approbation { approuve, par })
}

/// A budget amount: required, zero or more, a dot and at most three decimals.
pub fn montant_budget(
    errors: &mut FieldErrors,
    field: &str,
    saisi: Option<&MontantSaisi>,
) -> Option<Montant> {
    if saisi.is_some_and(|s| s.json().contains(',')) {
        errors.add(field, ErrorCode::InvalidAmount);
        return None;
    }
    match request::lire(saisi) {
        Lecture::Absent => {
            errors.add(field, ErrorCode::ChampObligatoire);
            None
        }
        Lecture::Invalide | Lecture::Decimales => {
            errors.add(field, ErrorCode::InvalidAmount);
            None
        }
        Lecture::TropEleve => {
            errors.add(field, ErrorCode::MontantTropEleve);
            None
        }
        Lecture::Montant(montant) if montant.millimes() < 0 => {
            errors.add(field, ErrorCode::MontantNegatif);
            None
        }
        Lecture::Montant(montant) => Some(montant),
    }
}

impl TryFrom<ModifierBudgetRequest> for BudgetsCommand {
    type Error = ApiError;

    fn try_from(mut request: ModifierBudgetRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let annee = match request.id {
            None => {
                errors.add("id", ErrorCode::ChampObligatoire);
                None
            }
            Some(id) => match i32::try_from(id) {
                Ok(annee) if annee > 0 => Some(annee),
                _ => {
                    errors.add("id", ErrorCode::ValeurInvalide);
                    None
                }
            },
        };
        let titre = required_text(&mut errors, "titre", request.titre.take());
        if titre.chars().count() > TITRE_MAX {
            errors.add("titre", ErrorCode::TitreTropLong);
        }
        let approbation = approbation(&mut errors, &mut request);
        let commentaire = optional_text(request.commentaire.take());
        let mut categories = BTreeSet::new();
        let mut elements = Vec::with_capacity(request.elements.len());
        for (i, element) in request.elements.iter().enumerate() {
            let categorie_id = match element.categorie_id {
                None => {
                    errors.add(
                        format!("elements.{i}.categorie_id"),
                        ErrorCode::ChampObligatoire,
                    );
                    None
                }
                Some(id) if id <= 0 => {
                    errors.add(
                        format!("elements.{i}.categorie_id"),
                        ErrorCode::ValeurInvalide,
                    );
                    None
                }
                Some(id) => {
                    if !categories.insert(id) {
                        errors.add(
                            format!("elements.{i}.categorie_id"),
                            ErrorCode::CategorieEnDouble,
                        );
                    }
                    Some(id)
                }
            };
            let montant = montant_budget(
                &mut errors,
                &format!("elements.{i}.montant"),
                element.montant.as_ref(),
            );
            if let (Some(categorie_id), Some(montant)) = (categorie_id, montant) {
                elements.push(LigneBudget {
                    id: element.id,
                    categorie_id,
                    montant,
                });
            }
        }
        if !errors.is_empty() {
            let montant_invalide = errors
                .fields()
                .any(|field| errors.codes(field).contains(&ErrorCode::InvalidAmount));
            return Err(if montant_invalide {
                ApiError::validation_with_code(ErrorCode::InvalidAmount, errors)
            } else {
                ApiError::validation(errors)
            });
        }
        Ok(BudgetsCommand::ModifierBudget {
            annee: annee.unwrap_or_default(),
            titre,
            approbation,
            commentaire,
            elements,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> ModifierBudgetRequest {
        serde_json::from_value(json).unwrap_or_else(|e| panic!("{e}"))
    }

    fn refus(json: serde_json::Value) -> ApiError {
        match BudgetsCommand::try_from(request(json)) {
            Err(error) => error,
            Ok(command) => panic!("accepted: {command:?}"),
        }
    }

    #[test]
    fn amounts_take_a_dot_and_at_most_three_decimals() {
        for montant in [
            serde_json::json!("120,500"),
            serde_json::json!("1.2345"),
            serde_json::json!("abc"),
        ] {
            let error = refus(serde_json::json!({
                "id": 2026, "titre": "Budget 2026",
                "elements": [{"categorie_id": 1, "montant": montant}]
            }));
            assert_eq!(error.code(), ErrorCode::InvalidAmount, "{montant}");
            let errors = error.field_errors().cloned().unwrap_or_default();
            assert_eq!(
                errors.codes("elements.0.montant"),
                [ErrorCode::InvalidAmount]
            );
        }
    }

    #[test]
    fn a_valid_edit_becomes_the_command() {
        let command = BudgetsCommand::try_from(request(serde_json::json!({
            "id": 2026, "titre": " Budget 2026 ", "is_approved": "1", "approuve_par": "",
            "elements": [{"id": 4, "categorie_id": 1, "montant": "120.500"}, {"categorie_id": 2, "montant": 80}]
        })));
        let Ok(BudgetsCommand::ModifierBudget {
            annee,
            titre,
            approbation,
            elements,
            ..
        }) = command
        else {
            panic!("refused: {command:?}");
        };
        assert_eq!((annee, titre.as_str()), (2026, "Budget 2026"));
        assert_eq!(
            approbation,
            Some(Approbation {
                approuve: true,
                par: None
            })
        );
        assert_eq!(
            elements
                .iter()
                .map(|e| (e.id, e.categorie_id, e.montant.millimes()))
                .collect::<Vec<_>>(),
            [(Some(4), 1, 120_500), (None, 2, 80_000)]
        );
    }

    #[test]
    fn the_title_is_required_and_a_category_appears_once() {
        let error = refus(serde_json::json!({
            "id": 2026, "titre": "  ",
            "elements": [{"categorie_id": 1, "montant": 1}, {"categorie_id": 1, "montant": 2}]
        }));
        assert_eq!(error.code(), ErrorCode::ValidationFailed);
        let errors = error.field_errors().cloned().unwrap_or_default();
        assert_eq!(errors.codes("titre"), [ErrorCode::ChampObligatoire]);
        assert_eq!(
            errors.codes("elements.1.categorie_id"),
            [ErrorCode::CategorieEnDouble]
        );
    }
}
