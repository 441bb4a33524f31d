//! Reading a `multipart/form-data` body: its text fields and its files, within fixed limits.
//!
//! | problem | answer |
//! |---|---|
//! | not multipart, no boundary, a broken part | 400 `invalid_json` (as a body that does not read) |
//! | more than [`FICHIERS_MAX`] files, a file above [`FICHIER_OCTETS_MAX`], a text above [`TEXTE_OCTETS_MAX`], texts above 256 KB in all | 413 `payload_too_large` |
//! | a text that is not UTF-8 | 422 `validation_failed`, `valeur_invalide` on the field |
//! | a control character in a text (but tab and line breaks) | 422 `validation_failed`, `caracteres_interdits` on the field |
//!
//! A file is read whole before being judged (the limits bound what a request can hold), and a
//! read stops at the first byte over a limit. A file input left empty (a part with an empty file
//! name and no byte, as browsers send it) is no file.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;

use actix_multipart::{Field, Multipart, MultipartError};
use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::{FromRequest, HttpRequest};

use super::FichierRecu;
use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::extract::JSON_LIMIT_BYTES;

/// Most files one request may carry.
pub const FICHIERS_MAX: usize = 20;
/// Largest file read (before any check: an image is reduced afterwards, a PDF is refused above
/// 1 MB by [`super::verifier`]).
pub const FICHIER_OCTETS_MAX: usize = 10 * 1024 * 1024;
/// Largest text field.
pub const TEXTE_OCTETS_MAX: usize = 64 * 1024;
/// Most bytes of text fields in all: what a JSON body may hold.
const TEXTES_OCTETS_MAX: usize = JSON_LIMIT_BYTES;

/// A multipart body read: its text fields (the last one wins when a name comes twice), every
/// value of its list fields (a name ending in `[]`, such as `old_images[]`), and its files, in
/// the order sent.
///
/// Taken by a handler as an extractor, or read from an `actix_multipart::Multipart` with
/// [`FormulaireMultipart::lire`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormulaireMultipart {
    pub champs: BTreeMap<String, String>,
    /// The values of each text field sent as a list (`old_images[]` → `old_images`), in order.
    pub listes: BTreeMap<String, Vec<String>>,
    pub fichiers: Vec<FichierRecu>,
}

impl FormulaireMultipart {
    /// Reads the whole body, refusing it as the table of this module says.
    pub async fn lire(mut multipart: Multipart) -> Result<Self, ApiError> {
        use futures_util::StreamExt as _;
        let mut formulaire = FormulaireMultipart::default();
        let mut textes_octets = 0;
        let mut fichiers_vides = 0;
        let mut errors = FieldErrors::new();
        while let Some(part) = multipart.next().await {
            let mut part = part.map_err(erreur_multipart)?;
            let nom = part.name().unwrap_or_default();
            let en_liste = nom.ends_with("[]");
            let champ = nom.strip_suffix("[]").unwrap_or(nom).to_owned();
            match nom_de_fichier(&part) {
                Some(nom_fichier) => {
                    let octets = lire_au_plus(&mut part, FICHIER_OCTETS_MAX).await?;
                    if nom_fichier.is_empty() && octets.is_empty() {
                        fichiers_vides += 1;
                        if fichiers_vides > FICHIERS_MAX {
                            return Err(ErrorCode::PayloadTooLarge.into());
                        }
                        continue;
                    }
                    if formulaire.fichiers.len() == FICHIERS_MAX {
                        return Err(ErrorCode::PayloadTooLarge.into());
                    }
                    formulaire.fichiers.push(FichierRecu {
                        champ,
                        nom_fichier,
                        octets,
                    });
                }
                None => {
                    let octets = lire_au_plus(&mut part, TEXTE_OCTETS_MAX).await?;
                    textes_octets += octets.len();
                    if textes_octets > TEXTES_OCTETS_MAX {
                        return Err(ErrorCode::PayloadTooLarge.into());
                    }
                    match String::from_utf8(octets) {
                        Err(_) => errors.add(champ, ErrorCode::ValeurInvalide),
                        Ok(texte) if !texte.chars().all(permis_dans_un_texte) => {
                            errors.add(champ, ErrorCode::CaracteresInterdits);
                        }
                        Ok(texte) => {
                            if en_liste {
                                formulaire
                                    .listes
                                    .entry(champ.clone())
                                    .or_default()
                                    .push(texte.clone());
                            }
                            formulaire.champs.insert(champ, texte);
                        }
                    }
                }
            }
        }
        errors.into_result()?;
        Ok(formulaire)
    }

    /// The text fields as a JSON object of strings (`{"titre": "Eau", "categorie": ""}`), from
    /// which a caller reads the same request type as its JSON route (an empty string is a field
    /// left empty, which callers read as absent).
    pub fn champs_en_json(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.champs
                .iter()
                .map(|(nom, texte)| (nom.clone(), serde_json::Value::String(texte.clone())))
                .collect(),
        )
    }

    /// The files sent in `champ` (`factures` for `factures[]`), in the order sent.
    pub fn fichiers_du_champ<'a>(
        &'a self,
        champ: &'a str,
    ) -> impl Iterator<Item = &'a FichierRecu> {
        self.fichiers
            .iter()
            .filter(move |fichier| fichier.champ == champ)
    }
}

impl FromRequest for FormulaireMultipart {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let multipart = Multipart::new(req.headers(), payload.take());
        Box::pin(async move {
            FormulaireMultipart::lire(multipart)
                .await
                .map_err(Into::into)
        })
    }
}

/// The same rule as JSON texts (`crate::extract`): no control character but tab and line breaks.
fn permis_dans_un_texte(c: char) -> bool {
    !c.is_control() || matches!(c, '\t' | '\n' | '\r')
}

/// The file name of a part that is a file (its `Content-Disposition` has a `filename`, possibly
/// empty, or a `filename*`), `None` for a text field.
fn nom_de_fichier(part: &Field) -> Option<String> {
    let disposition = part.content_disposition()?;
    if let Some(etendu) = disposition.get_filename_ext() {
        return Some(String::from_utf8_lossy(&etendu.value).into_owned());
    }
    disposition.get_filename().map(str::to_owned)
}

/// The part's bytes, or 413 as soon as they pass `limite`.
async fn lire_au_plus(part: &mut Field, limite: usize) -> Result<Vec<u8>, ApiError> {
    use futures_util::StreamExt as _;
    let mut octets = Vec::new();
    while let Some(morceau) = part.next().await {
        let morceau = morceau.map_err(erreur_multipart)?;
        if octets.len() + morceau.len() > limite {
            return Err(ErrorCode::PayloadTooLarge.into());
        }
        octets.extend_from_slice(&morceau);
    }
    Ok(octets)
}

fn erreur_multipart(error: MultipartError) -> ApiError {
    match error {
        MultipartError::Payload(PayloadError::Overflow) => ErrorCode::PayloadTooLarge.into(),
        error => {
            tracing::debug!(%error, "multipart body refused");
            ErrorCode::InvalidJson.into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_multipart::test::{create_form_data_payload_and_headers_from_fields, TestFormField};
    use actix_web::{test, web, App, HttpResponse};

    /// Posts `body` with `headers` to a real app whose handler takes a `FormulaireMultipart` and
    /// answers what it read (or the refusal).
    async fn poster(
        body: web::Bytes,
        headers: actix_web::http::header::HeaderMap,
    ) -> (u16, serde_json::Value) {
        let app = test::init_service(App::new().route(
            "/f",
            web::post().to(|formulaire: FormulaireMultipart| async move {
                let fichiers: Vec<_> = formulaire
                    .fichiers
                    .iter()
                    .map(|f| {
                        serde_json::json!({
                            "champ": f.champ, "nom": f.nom_fichier, "taille": f.octets.len(),
                            "octets": String::from_utf8_lossy(&f.octets),
                        })
                    })
                    .collect();
                HttpResponse::Ok().json(serde_json::json!({
                    "champs": formulaire.champs_en_json(),
                    "listes": formulaire.listes,
                    "fichiers": fichiers,
                }))
            }),
        ))
        .await;
        let mut req = test::TestRequest::post().uri("/f").set_payload(body);
        for (name, value) in headers.iter() {
            req = req.insert_header((name.clone(), value.clone()));
        }
        let res = test::call_service(&app, req.to_request()).await;
        let status = res.status().as_u16();
        let body = test::read_body(res).await;
        (status, serde_json::from_slice(&body).unwrap_or_default())
    }

    async fn poster_champs(fields: Vec<TestFormField<'_>>) -> (u16, serde_json::Value) {
        let (body, headers) = create_form_data_payload_and_headers_from_fields(fields);
        poster(body, headers).await
    }

    #[actix_web::test]
    async fn texts_and_files_are_read_with_the_brackets_of_the_field_name_removed() {
        let (status, body) = poster_champs(vec![
            TestFormField::new("titre", "Eau de mars"),
            TestFormField::new("categorie", ""),
            TestFormField::new("factures[]", "%PDF-1.4 un").filename("f1.pdf"),
            TestFormField::new("factures[]", "%PDF-1.4 deux").filename("f2.pdf"),
            TestFormField::new("devis", "png").filename("d.png"),
        ])
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["champs"],
            serde_json::json!({"titre": "Eau de mars", "categorie": ""})
        );
        let fichiers = body["fichiers"].as_array().unwrap();
        let lus: Vec<_> = fichiers
            .iter()
            .map(|f| (f["champ"].as_str().unwrap(), f["nom"].as_str().unwrap()))
            .collect();
        assert_eq!(
            lus,
            [
                ("factures", "f1.pdf"),
                ("factures", "f2.pdf"),
                ("devis", "d.png")
            ]
        );
        assert_eq!(fichiers[1]["octets"], "%PDF-1.4 deux");
    }

    #[actix_web::test]
    async fn a_text_field_sent_twice_keeps_its_last_value() {
        let (status, body) = poster_champs(vec![
            TestFormField::new("titre", "premier"),
            TestFormField::new("titre", "dernier"),
        ])
        .await;
        assert_eq!(status, 200);
        assert_eq!(body["champs"]["titre"], "dernier");
    }

    #[actix_web::test]
    async fn every_value_of_a_list_field_is_kept_in_order() {
        let (status, body) = poster_champs(vec![
            TestFormField::new("old_images[]", "12"),
            TestFormField::new("description", "texte"),
            TestFormField::new("old_images[]", "7"),
        ])
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            body["listes"],
            serde_json::json!({"old_images": ["12", "7"]})
        );
        assert_eq!(body["champs"]["description"], "texte");
    }

    #[actix_web::test]
    async fn an_arabic_file_name_is_read_as_sent() {
        let (status, body) = poster_champs(vec![
            TestFormField::new("factures[]", "x").filename("فاتورة الماء.pdf")
        ])
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["fichiers"][0]["nom"], "فاتورة الماء.pdf");
    }

    #[actix_web::test]
    async fn an_empty_file_input_is_no_file() {
        let (status, body) = poster_champs(vec![
            TestFormField::new("titre", "t"),
            TestFormField::new("devis[]", "").filename(""),
        ])
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["fichiers"], serde_json::json!([]));
    }

    #[actix_web::test]
    async fn more_than_twenty_files_are_refused_as_too_large() {
        let fields = (0..=FICHIERS_MAX)
            .map(|n| TestFormField::new("factures[]", "x").filename(format!("f{n}.pdf")))
            .collect();
        let (status, body) = poster_champs(fields).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (413, Some("payload_too_large"))
        );
    }

    #[actix_web::test]
    async fn twenty_files_are_accepted() {
        let fields = (0..FICHIERS_MAX)
            .map(|n| TestFormField::new("factures[]", "x").filename(format!("f{n}.pdf")))
            .collect();
        let (status, body) = poster_champs(fields).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["fichiers"].as_array().unwrap().len(), FICHIERS_MAX);
    }

    #[actix_web::test]
    async fn a_file_above_ten_megabytes_is_refused_as_too_large() {
        let (status, body) = poster_champs(vec![TestFormField::new(
            "factures[]",
            vec![b'a'; FICHIER_OCTETS_MAX + 1],
        )
        .filename("gros.pdf")])
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (413, Some("payload_too_large"))
        );
    }

    #[actix_web::test]
    async fn a_text_above_sixty_four_kilobytes_is_refused_as_too_large() {
        let (status, body) = poster_champs(vec![TestFormField::new(
            "commentaire",
            "a".repeat(TEXTE_OCTETS_MAX + 1),
        )])
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (413, Some("payload_too_large"))
        );
    }

    #[actix_web::test]
    async fn a_control_character_in_a_text_is_refused_naming_the_field() {
        let (status, body) = poster_champs(vec![
            TestFormField::new("titre", "a\u{0}b"),
            TestFormField::new("commentaire", "deux\nlignes\tet tab"),
        ])
        .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["field_codes"]["titre"][0], "caracteres_interdits");
        assert!(body["field_codes"].get("commentaire").is_none(), "{body}");
    }

    #[actix_web::test]
    async fn a_body_that_is_not_multipart_is_refused_as_a_bad_body() {
        let mut headers = actix_web::http::header::HeaderMap::new();
        headers.insert(
            actix_web::http::header::CONTENT_TYPE,
            actix_web::http::header::HeaderValue::from_static("application/json"),
        );
        let (status, body) = poster(web::Bytes::from_static(b"{\"titre\": \"x\"}"), headers).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_json")));
    }

    #[actix_web::test]
    async fn a_truncated_multipart_body_is_refused_as_a_bad_body() {
        let (body, headers) =
            create_form_data_payload_and_headers_from_fields(vec![TestFormField::new(
                "factures[]",
                "contenu",
            )
            .filename("f.pdf")]);
        let coupe = body.slice(..body.len() - 10);
        let (status, body) = poster(coupe, headers).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_json")));
    }
}
