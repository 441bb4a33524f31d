//! The answer that serves a stored file: its type, shown in the browser (`inline`) under its
//! title, never sniffed as another type nor kept in any cache (a residence's invoices are as
//! private as its balances: `crate::security_headers` sets `no-store` on every API answer too).

use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, X_CONTENT_TYPE_OPTIONS};
use actix_web::web::Bytes;
use actix_web::HttpResponse;

use super::NatureContenu;

/// 200 with the file's bytes, its content type, `Content-Disposition: inline` carrying `titre`,
/// `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`.
pub fn reponse_fichier(
    titre: &str,
    nature: NatureContenu,
    octets: impl Into<Bytes>,
) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(nature.mime())
        .insert_header((CONTENT_DISPOSITION, content_disposition(titre)))
        .insert_header((X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((CACHE_CONTROL, "private, no-store"))
        .body(octets.into())
}

/// 200 with a file the client saves (a receipt, a report): its type, `Content-Disposition:
/// attachment` and its name in `x-file-name` (exposed to the client, which names the download
/// from it, spec 1 §7 and spec 3 §7). A header value is bytes the browser reads as Latin-1, so a
/// name outside printable ASCII (`Règlement.pdf`) goes percent-encoded as UTF-8, as the client
/// decodes it (`web/src/api/download.ts`).
pub fn reponse_telechargement(
    nom: String,
    content_type: &str,
    octets: impl Into<Bytes>,
) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("x-file-name", nom_en_ascii(&nom)))
        .insert_header(("Access-Control-Expose-Headers", "x-file-name"))
        .insert_header((CONTENT_DISPOSITION, disposition("attachment", &nom)))
        .body(octets.into())
}

/// `nom` with every byte outside printable ASCII, and `%` itself, percent-encoded (UTF-8).
fn nom_en_ascii(nom: &str) -> String {
    let mut ascii = String::with_capacity(nom.len());
    for c in nom.chars() {
        if (' '..='~').contains(&c) && c != '%' {
            ascii.push(c);
        } else {
            let mut octets = [0; 4];
            for octet in c.encode_utf8(&mut octets).bytes() {
                ascii.push_str(&format!("%{octet:02X}"));
            }
        }
    }
    ascii
}

/// `inline; filename="…"; filename*=UTF-8''…` (RFC 6266, RFC 5987): `filename` for old clients,
/// with what is not printable ASCII, `"` and `\` replaced by `_`; `filename*` with the title
/// exactly, non-ASCII included, percent-encoded as UTF-8, which every current browser prefers.
pub fn content_disposition(titre: &str) -> String {
    disposition("inline", titre)
}

/// `{kind}; filename="…"; filename*=UTF-8''…` (see [`content_disposition`]).
fn disposition(kind: &str, titre: &str) -> String {
    let ascii: String = titre
        .chars()
        .map(|c| match c {
            ' '..='~' if c != '"' && c != '\\' => c,
            _ => '_',
        })
        .collect();
    let mut etendu = String::with_capacity(titre.len() * 3);
    for octet in titre.bytes() {
        // attr-char of RFC 5987 §3.2.1.
        if octet.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&octet) {
            etendu.push(char::from(octet));
        } else {
            etendu.push_str(&format!("%{octet:02X}"));
        }
    }
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{etendu}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arabic_title_is_kept_whole_in_filename_star_and_replaced_in_filename() {
        let valeur = content_disposition("فاتورة.pdf");
        assert_eq!(
            valeur,
            "inline; filename=\"______.pdf\"; \
             filename*=UTF-8''%D9%81%D8%A7%D8%AA%D9%88%D8%B1%D8%A9.pdf"
        );
        let ext = valeur.split("UTF-8''").nth(1).unwrap();
        let octets: Vec<u8> = decode_pourcent(ext);
        assert_eq!(String::from_utf8(octets).unwrap(), "فاتورة.pdf");
    }

    #[test]
    fn quotes_and_spaces_cannot_break_the_header() {
        let valeur = content_disposition("a\"b\\c d;e.pdf");
        assert_eq!(
            valeur,
            "inline; filename=\"a_b_c d;e.pdf\"; filename*=UTF-8''a%22b%5Cc%20d%3Be.pdf"
        );
    }

    #[actix_web::test]
    async fn a_file_answer_carries_its_type_title_and_no_cache() {
        use actix_web::body::MessageBody;
        let reponse = reponse_fichier("facture été.pdf", NatureContenu::Pdf, b"%PDF-1.7".to_vec());
        let entete = |nom| {
            reponse
                .headers()
                .get(nom)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(reponse.status(), 200);
        assert_eq!(entete("content-type"), "application/pdf");
        assert_eq!(
            entete("content-disposition"),
            "inline; filename=\"facture _t_.pdf\"; filename*=UTF-8''facture%20%C3%A9t%C3%A9.pdf"
        );
        assert_eq!(entete("x-content-type-options"), "nosniff");
        assert_eq!(entete("cache-control"), "private, no-store");
        let corps = reponse.into_body().try_into_bytes().unwrap();
        assert_eq!(&corps[..], b"%PDF-1.7");
    }

    #[test]
    fn a_downloaded_files_name_outside_ascii_is_percent_encoded_in_x_file_name() {
        let reponse = reponse_telechargement(
            "Règlement 100%.pdf".to_owned(),
            "application/pdf",
            b"%PDF-1.7".to_vec(),
        );
        let entete = |nom: &str| {
            reponse
                .headers()
                .get(nom)
                .unwrap()
                .to_str()
                .unwrap()
                .to_owned()
        };
        let nom = entete("x-file-name");
        assert_eq!(nom, "R%C3%A8glement 100%25.pdf");
        assert_eq!(
            String::from_utf8(decode_pourcent(&nom)).unwrap(),
            "Règlement 100%.pdf"
        );
        assert!(entete("content-disposition")
            .starts_with("attachment; filename=\"R_glement 100%.pdf\""));
    }

    fn decode_pourcent(texte: &str) -> Vec<u8> {
        let octets = texte.as_bytes();
        let mut sortie = Vec::new();
        let mut i = 0;
        while i < octets.len() {
            if octets[i] == b'%' {
                sortie.push(u8::from_str_radix(&texte[i + 1..i + 3], 16).unwrap());
                i += 3;
            } else {
                sortie.push(octets[i]);
                i += 1;
            }
        }
        sortie
    }
}
