//! The requests of the payroll's routes: the JSON bodies, each read by a function that records
//! every wrong field at once (its code on its field) and answers what the command carries.

use std::borrow::Cow;

use chrono::{Datelike, NaiveDate};
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::salaires::{
    contrat_max, contrat_min, naissance_min, FicheSalarie, SaisieChargePatronale,
    SaisiePaiementSalaire, TauxCharges, CHARGE_PATRONALE_MAX, SALAIRE_MAX,
};
use daftar_domain::Montant;
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{IntoParams, ToSchema};

use super::reponses::{ChargesPatronalesDeclarees, MethodePaiementSalaireApi};
use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::money::Dt;
use crate::request::{
    self, date, date_requise, enumeration, optional_line, optional_text, required_text, Minimum,
    MontantSaisi, Precision,
};
use crate::routes::depenses::reponses::MethodePaiementDepenseApi;

/// Longest one-line text of a payroll record (nom, poste, titre): the domain's.
const TEXTE_MAX: usize = 200;
/// Longest voucher reference.
const REFERENCE_MAX: usize = 100;
/// Longest CNSS number or RIB.
const IDENTIFIANT_MAX: usize = 50;

/// A rate of employer charges exactly as the client wrote it in the JSON body.
#[derive(Debug, Clone)]
pub struct TauxSaisi(Box<RawValue>);

impl<'de> Deserialize<'de> for TauxSaisi {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(TauxSaisi)
    }
}

impl utoipa::PartialSchema for TauxSaisi {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .description(Some(
                "A percentage strictly between 0 and 100, at most two decimals: `\"16.57%\"`, \
                 `\"16,57\"` or `16.57`; `null` or `\"\"` is absent.",
            ))
            .into()
    }
}

impl ToSchema for TauxSaisi {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("TauxSaisi")
    }
}

/// What a rate field holds: absent, a rate in hundredths, or not a valid rate.
fn lire_taux(saisi: Option<&TauxSaisi>) -> Result<Option<TauxCharges>, ()> {
    let Some(saisi) = saisi else {
        return Ok(None);
    };
    let json = saisi.0.get().trim();
    if json == "null" {
        return Ok(None);
    }
    let texte: String = if json.starts_with('"') {
        serde_json::from_str::<String>(json).map_err(|_| ())?
    } else {
        json.to_owned()
    };
    let texte: String = texte.chars().filter(|c| !c.is_whitespace()).collect();
    if texte.is_empty() {
        return Ok(None);
    }
    let texte = texte.strip_suffix('%').unwrap_or(&texte);
    let (entier, decimales) = texte.split_once(['.', ',']).unwrap_or((texte, ""));
    let chiffres = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if entier.is_empty()
        || entier.len() > 3
        || !chiffres(entier)
        || !chiffres(decimales)
        || decimales.len() > 2
        || (texte.contains(['.', ',']) && decimales.is_empty())
    {
        return Err(());
    }
    let entier: i64 = entier.parse().map_err(|_| ())?;
    let centiemes = match decimales.len() {
        0 => 0,
        1 => decimales.parse::<i64>().map_err(|_| ())? * 10,
        _ => decimales.parse::<i64>().map_err(|_| ())?,
    };
    let taux = TauxCharges::from_centiemes(entier * 100 + centiemes);
    if taux.est_valide() {
        Ok(Some(taux))
    } else {
        Err(())
    }
}

/// A required one-line text of at most [`TEXTE_MAX`] characters.
fn texte_requis(errors: &mut FieldErrors, field: &str, value: Option<String>) -> String {
    let text = required_text(errors, field, value);
    if text.chars().count() > TEXTE_MAX {
        errors.add(field, ErrorCode::TexteTropLong);
    }
    text
}

/// An optional one-line identifier (CNSS number, RIB) of at most [`IDENTIFIANT_MAX`] characters.
fn identifiant(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let text = optional_line(errors, field, value)?;
    if text.chars().count() > IDENTIFIANT_MAX {
        errors.add(field, ErrorCode::ValeurInvalide);
    }
    Some(text)
}

/// Exactly 8 digits once spaces are removed; `None` when absent.
fn huit_chiffres(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    requis: bool,
    code: ErrorCode,
) -> Option<String> {
    let Some(text) = optional_text(value) else {
        if requis {
            errors.add(field, ErrorCode::ChampObligatoire);
        }
        return None;
    };
    let chiffres: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if chiffres.len() != 8 || !chiffres.bytes().all(|b| b.is_ascii_digit()) {
        errors.add(field, code);
    }
    Some(chiffres)
}

/// An amount: required, above zero, up to three decimals, at most `maximum`.
fn montant_borne(
    errors: &mut FieldErrors,
    field: &str,
    saisi: Option<&MontantSaisi>,
    maximum: Montant,
) -> Option<Montant> {
    let montant = request::montant(
        errors,
        field,
        saisi,
        (Precision::Millimes, Minimum::Positif),
        true,
    )?;
    if montant > maximum {
        errors.add(field, ErrorCode::MontantTropEleve);
        return None;
    }
    Some(montant)
}

/// A date within `[min, max]` (`date_hors_plage` outside).
fn dans_la_plage(
    errors: &mut FieldErrors,
    field: &str,
    date: Option<NaiveDate>,
    (min, max): (NaiveDate, NaiveDate),
) -> Option<NaiveDate> {
    let date = date?;
    if date < min || date > max {
        errors.add(field, ErrorCode::DateHorsPlage);
        return None;
    }
    Some(date)
}

/// `POST /salaries/creer` and `/salaries/modifier` body (docs/api-salaires.md "Employees").
/// Fields are optional here only so that every missing or wrong one is reported under its own
/// name.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SalarieRequest {
    /// `/modifier` only: the employee's id, when not in the query string.
    #[serde(default)]
    pub id: Option<i64>,
    /// Required, one line, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub nom: Option<String>,
    /// Required, one line, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub poste: Option<String>,
    /// Required, exactly 8 digits (spaces ignored).
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub tel: Option<String>,
    /// Empty or exactly 8 digits.
    #[serde(default)]
    pub cin: Option<String>,
    /// `yyyy-MM-dd`, from 1930-01-01 to today.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_naissance: Option<String>,
    #[serde(default)]
    pub adresse: Option<String>,
    /// `avec` or `sans`; absent or empty: `sans`.
    #[serde(default)]
    #[schema(value_type = Option<ChargesPatronalesDeclarees>)]
    pub charges_patronales: Option<String>,
    /// With `sans`: the monthly salary, DT > 0, up to three decimals, at most 9999.999.
    #[serde(default)]
    #[schema(value_type = Option<Dt>)]
    pub salaire: Option<MontantSaisi>,
    /// With `avec`: the gross monthly salary, same rule.
    #[serde(default)]
    #[schema(value_type = Option<Dt>)]
    pub salaire_brut: Option<MontantSaisi>,
    /// With `avec`: the global rate of employer charges (`16.57%`, `16,57`, `16.57`).
    #[serde(default, alias = "taux_charges_patronales")]
    #[schema(value_type = Option<TauxSaisi>)]
    pub taux_global_charges_patronales: Option<TauxSaisi>,
    #[serde(default)]
    pub numero_cnss: Option<String>,
    #[serde(default)]
    pub rib: Option<String>,
    /// Required, `yyyy-MM-dd`, from 1985-01-01 to 2035-12-31.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_debut: Option<String>,
    /// Optional, same range, not before `date_debut`.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_fin: Option<String>,
    /// Several lines allowed.
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// An employee's form as the command carries it; `None` (with the errors recorded) when a field
/// is wrong.
pub fn fiche_salarie(
    errors: &mut FieldErrors,
    request: SalarieRequest,
    aujourd_hui: NaiveDate,
) -> Option<FicheSalarie> {
    let nom = texte_requis(errors, "nom", request.nom);
    let poste = texte_requis(errors, "poste", request.poste);
    let tel = huit_chiffres(errors, "tel", request.tel, true, ErrorCode::TelInvalide);
    let cin = huit_chiffres(errors, "cin", request.cin, false, ErrorCode::CinInvalide);
    let declarees = match optional_text(request.charges_patronales.clone()) {
        None => Some(ChargesPatronalesDeclarees::Sans),
        Some(_) => enumeration(
            errors,
            "charges_patronales",
            request.charges_patronales,
            ErrorCode::ValeurInvalide,
        ),
    };
    let (salaire, taux) = match declarees {
        Some(ChargesPatronalesDeclarees::Sans) => (
            montant_borne(errors, "salaire", request.salaire.as_ref(), SALAIRE_MAX),
            Some(None),
        ),
        Some(ChargesPatronalesDeclarees::Avec) => {
            let brut = montant_borne(
                errors,
                "salaire_brut",
                request.salaire_brut.as_ref(),
                SALAIRE_MAX,
            );
            let field = "taux_global_charges_patronales";
            let taux = match lire_taux(request.taux_global_charges_patronales.as_ref()) {
                Ok(Some(taux)) => Some(Some(taux)),
                Ok(None) => {
                    errors.add(field, ErrorCode::ChampObligatoire);
                    None
                }
                Err(()) => {
                    errors.add(field, ErrorCode::TauxInvalide);
                    None
                }
            };
            (brut, taux)
        }
        None => (None, None),
    };
    let naissance = date(errors, "date_naissance", request.date_naissance);
    let date_naissance = dans_la_plage(
        errors,
        "date_naissance",
        naissance,
        (naissance_min(), aujourd_hui),
    );
    let contrat = (contrat_min(), contrat_max());
    let debut = date_requise(errors, "date_debut", request.date_debut);
    let date_debut = dans_la_plage(errors, "date_debut", debut, contrat);
    let fin_saisie = optional_text(request.date_fin.clone()).is_some();
    let fin = date(errors, "date_fin", request.date_fin);
    let date_fin = dans_la_plage(errors, "date_fin", fin, contrat);
    if let (Some(debut), Some(fin)) = (date_debut, date_fin) {
        if fin < debut {
            errors.add("date_fin", ErrorCode::FinAvantDebut);
        }
    }
    let numero_cnss = identifiant(errors, "numero_cnss", request.numero_cnss);
    let rib = identifiant(errors, "rib", request.rib);
    let adresse = optional_text(request.adresse);
    if !errors.is_empty() || (fin_saisie && date_fin.is_none()) {
        return None;
    }
    Some(FicheSalarie {
        nom,
        poste,
        tel: tel?,
        cin,
        date_naissance,
        adresse,
        salaire: salaire?,
        taux_charges_patronales: taux?,
        numero_cnss,
        rib,
        date_debut: date_debut?,
        date_fin,
        commentaire: optional_text(request.commentaire),
    })
}

/// `?id=` of `/salaries/details`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: i64,
}

/// `?id=` of the edits (`/salaries/modifier`, `/salaires/paiement/modifier`,
/// `/charges-patronales/modifier`): the record's id, which may come in the body instead.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdFacultatifQuery {
    /// The record's id (the query string wins over the body's `id`).
    pub id: Option<i64>,
}

/// The id of an edit: the query string's, else the body's (`champ_obligatoire` on `id`).
pub fn id_de_la_modification(query: Option<i64>, body: Option<i64>) -> Result<i64, ApiError> {
    query
        .or(body)
        .ok_or_else(|| ApiError::field("id", ErrorCode::ChampObligatoire))
}

/// A body naming one record or payment by its id (`/supprimer`).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = SalaireIdRequest)]
pub struct IdRequest {
    pub id: i64,
}

/// `POST /salaires/payer` and `/salaires/paiement/modifier` body.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PaiementSalaireRequest {
    /// `/salaires/paiement/modifier` only: the payment's id, when not in the query string.
    #[serde(default)]
    pub id: Option<i64>,
    /// `/salaires/payer`: required, the employee paid. Ignored on edit (a payment stays its
    /// employee's).
    #[serde(default)]
    pub salarie_id: Option<i64>,
    /// DT > 0, up to three decimals, at most 9999.999.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    /// `YYYY-MM` (or `YYYY-MM-DD`, read as its month). Required on edit; on payment, absent
    /// means the month of `date_paiement`.
    #[serde(default)]
    pub mois: Option<String>,
    /// `yyyy-MM-dd`, not after today, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodePaiementSalaireApi, required = true)]
    pub methode_paiement: Option<String>,
    /// Kept for every method; one line, 100 characters at most.
    #[serde(default)]
    pub reference_piece_justificative: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// A month: `YYYY-MM` or a `YYYY-MM-DD` of it; its first day.
fn mois(errors: &mut FieldErrors, value: Option<String>) -> Option<NaiveDate> {
    let text = optional_text(value)?;
    let jour = match text.len() {
        7 => format!("{text}-01"),
        10 => text.clone(),
        _ => String::new(),
    };
    let shape = jour.len() == 10
        && jour.char_indices().all(|(index, c)| match index {
            4 | 7 => c == '-',
            _ => c.is_ascii_digit(),
        });
    match NaiveDate::parse_from_str(&jour, "%Y-%m-%d") {
        Ok(date) if shape => date.with_day0(0),
        _ => {
            errors.add("mois", ErrorCode::MoisInvalide);
            None
        }
    }
}

/// A one-line reference of at most [`REFERENCE_MAX`] characters.
fn reference(errors: &mut FieldErrors, value: Option<String>) -> Option<String> {
    let field = "reference_piece_justificative";
    let reference = optional_line(errors, field, value);
    if reference
        .as_deref()
        .is_some_and(|r| r.chars().count() > REFERENCE_MAX)
    {
        errors.add(field, ErrorCode::ReferenceTropLongue);
    }
    reference
}

/// A salary payment's fields, every wrong one recorded; `mois_requis` on edit.
pub fn saisie_paiement_salaire(
    errors: &mut FieldErrors,
    request: PaiementSalaireRequest,
    mois_requis: bool,
) -> Option<SaisiePaiementSalaire> {
    let montant = montant_borne(errors, "montant", request.montant.as_ref(), SALAIRE_MAX);
    let date_paiement = date_requise(errors, "date_paiement", request.date_paiement);
    let mois_saisi = optional_text(request.mois.clone()).is_some();
    let le_mois = mois(errors, request.mois);
    if mois_requis && !mois_saisi {
        errors.add("mois", ErrorCode::ChampObligatoire);
    }
    let methode: Option<MethodePaiementSalaireApi> = enumeration(
        errors,
        "methode_paiement",
        request.methode_paiement,
        ErrorCode::MethodePaiementSalaireInvalide,
    );
    let reference = reference(errors, request.reference_piece_justificative);
    if !errors.is_empty() {
        return None;
    }
    let date_paiement = date_paiement?;
    Some(SaisiePaiementSalaire {
        mois: le_mois.or_else(|| date_paiement.with_day0(0))?,
        montant: montant?,
        date_paiement,
        methode: methode?.into(),
        reference,
        commentaire: optional_text(request.commentaire),
    })
}

/// `POST /charges-patronales/creer` and `/charges-patronales/modifier` body.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChargePatronaleRequest {
    /// `/modifier` only: the payment's id, when not in the query string.
    #[serde(default)]
    pub id: Option<i64>,
    /// Required, one line, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub titre: Option<String>,
    /// DT > 0, up to three decimals, at most 99999.999.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    /// `yyyy-MM-dd`, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodePaiementDepenseApi, required = true)]
    pub methode_paiement: Option<String>,
    /// One line, 100 characters at most.
    #[serde(default)]
    pub reference_piece_justificative: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// An employer-charge payment's fields, every wrong one recorded.
pub fn saisie_charge_patronale(
    errors: &mut FieldErrors,
    request: ChargePatronaleRequest,
) -> Option<SaisieChargePatronale> {
    let titre = required_text(errors, "titre", request.titre);
    if titre.chars().count() > TEXTE_MAX {
        errors.add("titre", ErrorCode::TitreTropLong);
    }
    let montant = montant_borne(
        errors,
        "montant",
        request.montant.as_ref(),
        CHARGE_PATRONALE_MAX,
    );
    let date_paiement = date_requise(errors, "date_paiement", request.date_paiement);
    let methode: Option<MethodePaiementDepenseApi> = enumeration(
        errors,
        "methode_paiement",
        request.methode_paiement,
        ErrorCode::MethodePaiementDepenseInvalide,
    );
    let reference = reference(errors, request.reference_piece_justificative);
    if !errors.is_empty() {
        return None;
    }
    Some(SaisieChargePatronale {
        titre,
        montant: montant?,
        date_paiement: date_paiement?,
        methode: MethodePaiementDepense::from(methode?),
        reference,
        commentaire: optional_text(request.commentaire),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taux(json: &str) -> Result<Option<TauxCharges>, ()> {
        let raw = RawValue::from_string(json.to_owned()).map_err(|_| ())?;
        lire_taux(Some(&TauxSaisi(raw)))
    }

    #[test]
    fn a_rate_is_read_as_the_form_writes_it_and_kept_in_hundredths() {
        let attendu = Ok(Some(TauxCharges::from_centiemes(1657)));
        for json in [r#""16.57%""#, r#""16,57""#, "16.57", r#"" 16.57 % ""#] {
            assert_eq!(taux(json), attendu, "{json}");
        }
        assert_eq!(
            taux(r#""12.5%""#),
            Ok(Some(TauxCharges::from_centiemes(1250)))
        );
        assert_eq!(taux("20"), Ok(Some(TauxCharges::from_centiemes(2000))));
        assert_eq!(taux("null"), Ok(None));
        assert_eq!(taux(r#""""#), Ok(None));
    }

    #[test]
    fn a_rate_outside_0_to_100_or_with_three_decimals_is_refused() {
        for json in [
            "0",
            "100",
            r#""16.575""#,
            r#""abc""#,
            r#""16.""#,
            "-5",
            r#""1e1""#,
            "true",
        ] {
            assert_eq!(taux(json), Err(()), "{json}");
        }
    }

    #[test]
    fn a_month_is_yyyy_mm_or_a_day_of_it() {
        let mut errors = FieldErrors::new();
        let premier = NaiveDate::from_ymd_opt(2026, 3, 1);
        assert_eq!(mois(&mut errors, Some("2026-03".into())), premier);
        assert_eq!(mois(&mut errors, Some("2026-03-31".into())), premier);
        assert!(errors.is_empty());
        assert_eq!(mois(&mut errors, Some("2026-13".into())), None);
        assert_eq!(mois(&mut errors, Some("03/2026".into())), None);
        assert_eq!(
            errors.codes("mois"),
            [ErrorCode::MoisInvalide, ErrorCode::MoisInvalide]
        );
    }
}
