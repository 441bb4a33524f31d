//! The cotisation form's rules (spec 1 §5 "Cotisation form"), checked on the server with a
//! message per field, and the whole-dinar amount rule shared by the revenue forms. What the
//! ledger decides (exercices, the allocation table, the number of calls) stays the ledger's.

use chrono::{Datelike, NaiveDate};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{Repartition, TypeCotisation};
use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::request::{
    self, date_requise, enumeration, montant_entier, Lecture, Minimum, MontantSaisi, Precision,
};
use daftar_domain::revenus::DemandeCotisation;
use daftar_domain::Montant;

/// Longest title the ledger accepts.
const TITRE_MAX: usize = 200;

/// A property's amount in a custom split.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct PersonalisationLine {
    pub propriete_id: i64,
    /// The property's name (informative, ignored).
    #[serde(default)]
    pub appartement: Option<String>,
    /// Whole dinars per call, ≥ 0 (0 exempts the property).
    pub montant: i64,
}

/// `POST /api/cotisations/creer` body. Fields are optional here only so that every missing or
/// wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CotisationRequest {
    /// 1 to 200 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub titre: Option<String>,
    #[serde(default, rename = "type")]
    #[schema(value_type = TypeCotisation, required = true)]
    pub type_cotisation: Option<String>,
    #[serde(default)]
    #[schema(value_type = Repartition, required = true)]
    pub repartition: Option<String>,
    /// `yyyy-MM-dd`: start of the first period.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_debut: Option<String>,
    /// `yyyy-MM-dd`, not before `date_debut`: end of the last period.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_fin: Option<String>,
    /// `yyyy-MM-dd`: the first call's due date, from 1 January of last year to 31 December of
    /// next year.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_echeance: Option<String>,
    /// Whole dinars per property and per call (> 0, an integer or a string of digits): required
    /// for `egale`, empty (`null` or `""`) otherwise.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub montant: Option<MontantSaisi>,
    /// For `personnalisee`: every property with its amount. Ignored otherwise.
    #[serde(default)]
    #[schema(value_type = Option<Vec<PersonalisationLine>>)]
    pub personalisation: Option<Value>,
}

/// `PUT /api/cotisations/modifier` body: the form plus the cotisation's id.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateCotisationRequest {
    /// The cotisation's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub titre: Option<String>,
    #[serde(default, rename = "type")]
    #[schema(value_type = TypeCotisation, required = true)]
    pub type_cotisation: Option<String>,
    /// Must be the cotisation's (`repartition_non_modifiable` otherwise).
    #[serde(default)]
    #[schema(value_type = Repartition, required = true)]
    pub repartition: Option<String>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_debut: Option<String>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_fin: Option<String>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_echeance: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub montant: Option<MontantSaisi>,
    #[serde(default)]
    #[schema(value_type = Option<Vec<PersonalisationLine>>)]
    pub personalisation: Option<Value>,
}

/// The form's fields as typed, before their rules are checked.
#[derive(Debug, Default)]
pub struct Saisie {
    pub titre: Option<String>,
    pub type_cotisation: Option<String>,
    pub repartition: Option<String>,
    pub date_debut: Option<String>,
    pub date_fin: Option<String>,
    pub date_echeance: Option<String>,
    pub montant: Option<MontantSaisi>,
    pub personalisation: Option<Value>,
}

impl From<CotisationRequest> for Saisie {
    fn from(r: CotisationRequest) -> Self {
        Self {
            titre: r.titre,
            type_cotisation: r.type_cotisation,
            repartition: r.repartition,
            date_debut: r.date_debut,
            date_fin: r.date_fin,
            date_echeance: r.date_echeance,
            montant: r.montant,
            personalisation: r.personalisation,
        }
    }
}

/// The id and the valid form of an edit; a missing id is reported with the form's errors.
pub fn with_id(
    r: UpdateCotisationRequest,
    proprietes: &[i64],
    today: NaiveDate,
) -> Result<(i64, DemandeCotisation), ApiError> {
    let saisie = Saisie {
        titre: r.titre,
        type_cotisation: r.type_cotisation,
        repartition: r.repartition,
        date_debut: r.date_debut,
        date_fin: r.date_fin,
        date_echeance: r.date_echeance,
        montant: r.montant,
        personalisation: r.personalisation,
    };
    let mut errors = FieldErrors::new();
    if r.id.is_none() {
        errors.add("id", ErrorCode::ChampObligatoire);
    }
    let demande = valider(errors, saisie, proprietes, today)?;
    match r.id {
        Some(id) => Ok((id, demande)),
        None => Err(ApiError::field("id", ErrorCode::ChampObligatoire)),
    }
}

/// The cotisation form as sent, with what its rules are checked against: the residence's
/// properties and today's date. Converts into the domain's [`DemandeCotisation`].
pub struct FormulaireCotisation<'a> {
    pub saisie: Saisie,
    pub proprietes: &'a [i64],
    pub today: NaiveDate,
}

impl TryFrom<FormulaireCotisation<'_>> for DemandeCotisation {
    type Error = ApiError;

    /// Checks every field of the form, reporting every wrong field at once.
    fn try_from(form: FormulaireCotisation<'_>) -> Result<Self, ApiError> {
        valider(FieldErrors::new(), form.saisie, form.proprietes, form.today)
    }
}

/// The due date picker's range (spec 1 §5, §9): 1 January of last year to 31 December of next
/// year.
fn plage_echeance(today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    Some((
        NaiveDate::from_ymd_opt(today.year() - 1, 1, 1)?,
        NaiveDate::from_ymd_opt(today.year() + 1, 12, 31)?,
    ))
}

/// The form's rules (see [`FormulaireCotisation`]), adding to errors already found.
fn valider(
    mut errors: FieldErrors,
    saisie: Saisie,
    proprietes: &[i64],
    today: NaiveDate,
) -> Result<DemandeCotisation, ApiError> {
    let titre = request::required_text(&mut errors, "titre", saisie.titre);
    if titre.chars().count() > TITRE_MAX {
        errors.add("titre", ErrorCode::TitreTropLong);
    }
    let type_cotisation: Option<TypeCotisation> = enumeration(
        &mut errors,
        "type",
        saisie.type_cotisation,
        ErrorCode::TypeCotisationInvalide,
    );
    let repartition: Option<Repartition> = enumeration(
        &mut errors,
        "repartition",
        saisie.repartition,
        ErrorCode::RepartitionInvalide,
    );
    let date_debut = date_requise(&mut errors, "date_debut", saisie.date_debut);
    let date_fin = date_requise(&mut errors, "date_fin", saisie.date_fin);
    if let (Some(debut), Some(fin)) = (date_debut, date_fin) {
        if fin < debut {
            errors.add("date_fin", ErrorCode::FinAvantDebut);
        }
    }
    let date_echeance = date_requise(&mut errors, "date_echeance", saisie.date_echeance);
    if let (Some(echeance), Some((from, to))) = (date_echeance, plage_echeance(today)) {
        if echeance < from || echeance > to {
            let message = format!(
                "La date d'échéance doit être comprise entre le {} et le {}.",
                from.format("%d/%m/%Y"),
                to.format("%d/%m/%Y")
            );
            errors.add_detailed("date_echeance", ErrorCode::EcheanceHorsPlage, message);
        }
    }
    let mut montant = None;
    let mut personnalisation = Vec::new();
    match repartition {
        Some(Repartition::Egale) => {
            montant = request::montant(
                &mut errors,
                "montant",
                saisie.montant.as_ref(),
                (Precision::Dinars, Minimum::Positif),
                true,
            );
        }
        Some(other) => {
            if request::lire(saisie.montant.as_ref()) != Lecture::Absent {
                errors.add("montant", ErrorCode::MontantVide);
            }
            if other == Repartition::Personnalisee {
                personnalisation = lignes(&mut errors, saisie.personalisation.as_ref(), proprietes);
            }
        }
        None => {}
    }
    match (
        type_cotisation,
        repartition,
        date_debut,
        date_fin,
        date_echeance,
    ) {
        (
            Some(type_cotisation),
            Some(repartition),
            Some(date_debut),
            Some(date_fin),
            Some(date_echeance),
        ) if errors.is_empty() => Ok(DemandeCotisation {
            titre,
            type_cotisation: TypeCotisation::into(type_cotisation),
            repartition: Repartition::into(repartition),
            date_debut,
            date_fin,
            date_echeance,
            montant,
            personnalisation: personnalisation
                .into_iter()
                .map(|(propriete_id, dinars)| (propriete_id, Montant::dinars(dinars)))
                .collect(),
        }),
        _ => Err(ApiError::validation(errors)),
    }
}

/// The (property, whole dinars) lines of a list field (`personalisation` of a custom split,
/// `repartitions` of the allocation table): each property known and listed once, each amount a
/// whole number ≥ 0. Errors name the line (`personalisation[2].montant`).
pub fn lignes_montants(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<&Value>,
    proprietes: &[i64],
) -> Vec<(i64, i64)> {
    let items = match value {
        Some(Value::Array(items)) => items,
        None | Some(Value::Null) => {
            errors.add(field, ErrorCode::ChampObligatoire);
            return Vec::new();
        }
        Some(_) => {
            errors.add(field, ErrorCode::ListeInvalide);
            return Vec::new();
        }
    };
    let mut lines: Vec<(i64, i64)> = Vec::with_capacity(items.len());
    let mut seen: Vec<i64> = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let line = format!("{field}[{index}]");
        let Some(object) = item.as_object() else {
            errors.add(line, ErrorCode::ValeurInvalide);
            continue;
        };
        let propriete_field = format!("{line}.propriete_id");
        let propriete_id = match object.get("propriete_id") {
            None | Some(Value::Null) => {
                errors.add(&propriete_field, ErrorCode::ChampObligatoire);
                None
            }
            Some(value) => match value.as_i64() {
                Some(id) if !proprietes.contains(&id) => {
                    errors.add(&propriete_field, ErrorCode::ProprieteInconnue);
                    None
                }
                Some(id) if seen.contains(&id) => {
                    errors.add(&propriete_field, ErrorCode::ProprieteEnDouble);
                    None
                }
                Some(id) => {
                    seen.push(id);
                    Some(id)
                }
                None => {
                    errors.add(&propriete_field, ErrorCode::ValeurInvalide);
                    None
                }
            },
        };
        let montant = montant_entier(
            errors,
            &format!("{line}.montant"),
            object.get("montant"),
            0,
            true,
        );
        if let (Some(propriete_id), Some(montant)) = (propriete_id, montant) {
            lines.push((propriete_id, montant));
        }
    }
    lines
}

/// A custom split: [`lignes_montants`], covering every property, not all zero.
fn lignes(errors: &mut FieldErrors, value: Option<&Value>, proprietes: &[i64]) -> Vec<(i64, i64)> {
    let before = errors.count();
    let lines = lignes_montants(errors, "personalisation", value, proprietes);
    if errors.count() != before {
        return lines;
    }
    if proprietes
        .iter()
        .any(|id| !lines.iter().any(|(line, _)| line == id))
    {
        errors.add("personalisation", ErrorCode::PersonnalisationIncomplete);
    } else if lines.iter().all(|(_, montant)| *montant == 0) {
        errors.add("personalisation", ErrorCode::PersonnalisationNulle);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn saisie(body: Value) -> Saisie {
        let request: CotisationRequest = serde_json::from_str(&body.to_string()).unwrap();
        request.into()
    }

    fn valider_form(body: Value, proprietes: &[i64]) -> Result<DemandeCotisation, ApiError> {
        DemandeCotisation::try_from(FormulaireCotisation {
            saisie: saisie(body),
            proprietes,
            today: today(),
        })
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 5, 10).unwrap()
    }

    fn fields_of(result: Result<DemandeCotisation, ApiError>) -> Vec<String> {
        let error = result.unwrap_err();
        error
            .field_errors()
            .unwrap()
            .fields()
            .map(str::to_owned)
            .collect()
    }

    fn valid() -> Value {
        json!({ "titre": "Charges 2026", "type": "mensuelle", "repartition": "egale",
                "date_debut": "2026-01-01", "date_fin": "2026-12-31",
                "date_echeance": "2026-01-10", "montant": 50, "personalisation": [] })
    }

    #[test]
    fn an_equal_split_needs_a_whole_positive_amount() {
        let demande = valider_form(valid(), &[1, 2]).unwrap();
        assert_eq!(demande.montant, Some(Montant::dinars(50)));
        assert!(demande.personnalisation.is_empty());
        for montant in [json!(null), json!(0), json!(12.5), json!("12,5"), json!(-3)] {
            let mut body = valid();
            body["montant"] = montant.clone();
            assert_eq!(
                fields_of(valider_form(body, &[1, 2])),
                ["montant"],
                "{montant}"
            );
        }
        let mut body = valid();
        body["montant"] = json!("75");
        // Garbage in the personalisation of an equal split is ignored.
        body["personalisation"] = json!("n'importe quoi");
        let demande = valider_form(body, &[1, 2]).unwrap();
        assert_eq!(demande.montant, Some(Montant::dinars(75)));
    }

    #[test]
    fn the_due_date_lies_between_last_year_and_next_year() {
        for (date, ok) in [
            ("2025-01-01", true),
            ("2027-12-31", true),
            ("2024-12-31", false),
            ("2028-01-01", false),
        ] {
            let mut body = valid();
            body["date_echeance"] = json!(date);
            let result = valider_form(body, &[1]);
            assert_eq!(result.is_ok(), ok, "{date}");
        }
    }

    #[test]
    fn a_custom_split_names_every_property_once() {
        let mut body = valid();
        body["repartition"] = json!("personnalisee");
        body["montant"] = json!(null);
        body["personalisation"] = json!([
            { "propriete_id": 1, "appartement": "A1", "montant": 10 },
            { "propriete_id": 2, "appartement": "A2", "montant": "0" },
        ]);
        let demande = valider_form(body.clone(), &[1, 2]).unwrap();
        assert_eq!(
            demande.personnalisation,
            vec![(1, Montant::dinars(10)), (2, Montant::ZERO)]
        );
        assert_eq!(
            fields_of(valider_form(body.clone(), &[1, 2, 3])),
            ["personalisation"]
        );
        body["personalisation"] = json!([
            { "propriete_id": 9, "montant": 10 },
            { "propriete_id": 1, "montant": 1.5 },
            { "propriete_id": 1, "montant": 2 },
            { "montant": -1 },
        ]);
        assert_eq!(
            fields_of(valider_form(body, &[1, 2])),
            [
                "personalisation[0].propriete_id",
                "personalisation[1].montant",
                "personalisation[2].propriete_id",
                "personalisation[3].montant",
                "personalisation[3].propriete_id",
            ]
        );
    }
}
