//! What a file must be to be kept (docs/api-depenses.md "Documents"): judged by its content,
//! never by its name or the type the client declared.
//!
//! - a PDF (`%PDF-`) of at most [`PDF_OCTETS_MAX`] bytes (`pdfTooLarge` above, the
//!   specification's key), whole (`%%EOF` at its end), that opens and has at least one page;
//! - a PNG or a JPEG that decodes; one larger than [`IMAGE_COTE_MAX`] px on its longest side or
//!   [`IMAGE_OCTETS_MAX`] bytes is scaled down and encoded again (a JPEG at falling qualities, a
//!   PNG as a PNG, or as a JPEG when the PNG stays above 1 MB), whatever the client did; one
//!   within both limits is kept byte for byte;
//! - anything else, or a file that does not open: `fichier_invalide` on the file's field.

use std::io::Cursor;
use std::panic::{catch_unwind, AssertUnwindSafe};

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};

use super::{ErreurFichier, FichierAccepte, FichierRecu, NatureContenu};
use crate::error::{ApiError, ErrorCode, FieldErrors};

/// Largest PDF kept (1 MB).
pub const PDF_OCTETS_MAX: usize = 1_048_576;
/// Largest image kept (1 MB), after reduction.
pub const IMAGE_OCTETS_MAX: usize = 1_048_576;
/// Longest side of an image kept, in pixels.
pub const IMAGE_COTE_MAX: u32 = 1024;
/// Longest title kept, in characters.
const TITRE_CARACTERES_MAX: usize = 200;
/// JPEG qualities tried in turn until the image fits.
const QUALITES_JPEG: [u8; 7] = [85, 75, 65, 55, 45, 35, 25];

/// Judges one file (see the module): the bytes to store and what a record keeps of them, or the
/// field code that refuses it. Decoding and encoding images take time: call it off the async
/// workers ([`verifier_fichiers`] does).
pub fn verifier(fichier: FichierRecu) -> Result<FichierAccepte, ErreurFichier> {
    let FichierRecu {
        champ,
        nom_fichier,
        octets,
    } = fichier;
    let refus = |code| ErreurFichier {
        champ: champ.clone(),
        code,
    };
    let nature = NatureContenu::d_apres_le_contenu(&octets)
        .ok_or_else(|| refus(ErrorCode::FichierInvalide))?;
    let (nature_contenu, octets) = match nature {
        NatureContenu::Pdf if octets.len() > PDF_OCTETS_MAX => {
            return Err(refus(ErrorCode::PdfTooLarge))
        }
        NatureContenu::Pdf if !pdf_s_ouvre(&octets) => {
            return Err(refus(ErrorCode::FichierInvalide))
        }
        NatureContenu::Pdf => (NatureContenu::Pdf, octets),
        image => reduire_image(image, octets).ok_or_else(|| refus(ErrorCode::FichierInvalide))?,
    };
    let titre = titre(&nom_fichier, nature, nature_contenu);
    Ok(FichierAccepte {
        champ,
        nature_contenu,
        sha256: hex::encode(Sha256::digest(&octets)),
        taille: octets.len() as u64,
        octets,
        titre,
    })
}

/// Judges every file of a request on the blocking pool: the accepted files in order, or 422
/// `validation_failed` with each refused file's code on its field (once per field and code).
/// Callers that report other fields too read them with [`ApiError::field_errors`].
pub async fn verifier_fichiers(
    fichiers: Vec<FichierRecu>,
) -> Result<Vec<FichierAccepte>, ApiError> {
    let verdicts =
        actix_web::web::block(move || fichiers.into_iter().map(verifier).collect::<Vec<_>>())
            .await?;
    let mut acceptes = Vec::with_capacity(verdicts.len());
    let mut refus: Vec<ErreurFichier> = Vec::new();
    for verdict in verdicts {
        match verdict {
            Ok(fichier) => acceptes.push(fichier),
            Err(erreur) if !refus.contains(&erreur) => refus.push(erreur),
            Err(_) => {}
        }
    }
    if refus.is_empty() {
        return Ok(acceptes);
    }
    let mut errors = FieldErrors::new();
    for erreur in refus {
        erreur.ajouter_a(&mut errors);
    }
    Err(ApiError::validation(errors))
}

/// Whether the PDF is whole and opens with at least one page. A PDF ends with `%%EOF` (within
/// its last 1024 bytes, as readers allow): a file cut short has lost it, even when a lenient
/// parser could still find a page in what is left. A parser failure of any kind (including a
/// panic on a hostile file) is a PDF that does not open.
fn pdf_s_ouvre(octets: &[u8]) -> bool {
    let fin = &octets[octets.len().saturating_sub(1024)..];
    if !fin.windows(5).any(|fenetre| fenetre == b"%%EOF") {
        return false;
    }
    let donnees = octets.to_vec();
    catch_unwind(move || {
        hayro::hayro_syntax::Pdf::new(donnees).is_ok_and(|pdf| !pdf.pages().is_empty())
    })
    .unwrap_or(false)
}

/// Decodes an image of `format` with bounds on its size (a small file cannot claim a huge
/// picture and exhaust memory), its EXIF orientation applied (an image encoded again loses its
/// EXIF data; one kept byte for byte keeps it, and browsers apply it).
pub(super) fn decoder_image(octets: &[u8], format: ImageFormat) -> Option<DynamicImage> {
    let mut reader = ImageReader::with_format(Cursor::new(octets), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(16_384);
    limits.max_image_height = Some(16_384);
    limits.max_alloc = Some(512 * 1024 * 1024);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().ok()?;
    let orientation = decoder.orientation().ok();
    let mut image = catch_unwind(AssertUnwindSafe(|| DynamicImage::from_decoder(decoder)))
        .ok()?
        .ok()?;
    if let Some(orientation) = orientation {
        image.apply_orientation(orientation);
    }
    Some(image)
}

pub(super) fn format_image(nature: NatureContenu) -> ImageFormat {
    match nature {
        NatureContenu::Png => ImageFormat::Png,
        NatureContenu::Jpeg | NatureContenu::Pdf => ImageFormat::Jpeg,
    }
}

/// The image as it is when it decodes and fits, else scaled and encoded again until it fits;
/// `None` when it does not decode or cannot be brought under 1 MB.
fn reduire_image(nature: NatureContenu, octets: Vec<u8>) -> Option<(NatureContenu, Vec<u8>)> {
    let image = decoder_image(&octets, format_image(nature))?;
    let trop_grande = image.width().max(image.height()) > IMAGE_COTE_MAX;
    if !trop_grande && octets.len() <= IMAGE_OCTETS_MAX {
        return Some((nature, octets));
    }
    let image = if trop_grande {
        image.resize(IMAGE_COTE_MAX, IMAGE_COTE_MAX, FilterType::Triangle)
    } else {
        image
    };
    if nature == NatureContenu::Png {
        let png = encoder_png(&image)?;
        if png.len() <= IMAGE_OCTETS_MAX {
            return Some((NatureContenu::Png, png));
        }
    }
    let image = sans_transparence(&image);
    QUALITES_JPEG.into_iter().find_map(|qualite| {
        let mut jpeg = Vec::new();
        image
            .write_with_encoder(JpegEncoder::new_with_quality(&mut jpeg, qualite))
            .ok()?;
        (jpeg.len() <= IMAGE_OCTETS_MAX).then_some((NatureContenu::Jpeg, jpeg))
    })
}

/// A PNG of `image` (8 bits a channel, compressed as much as the encoder can).
pub(super) fn encoder_png(image: &DynamicImage) -> Option<Vec<u8>> {
    let image = match image {
        DynamicImage::ImageLuma8(_)
        | DynamicImage::ImageLumaA8(_)
        | DynamicImage::ImageRgb8(_)
        | DynamicImage::ImageRgba8(_) => image.clone(),
        other if other.color().has_alpha() => DynamicImage::ImageRgba8(other.to_rgba8()),
        other => DynamicImage::ImageRgb8(other.to_rgb8()),
    };
    let mut png = Vec::new();
    image
        .write_with_encoder(PngEncoder::new_with_quality(
            &mut png,
            CompressionType::Best,
            PngFilter::Adaptive,
        ))
        .ok()?;
    Some(png)
}

/// The image on a white background, in grey or colour as it was (what JPEG can hold).
fn sans_transparence(image: &DynamicImage) -> DynamicImage {
    if !image.color().has_alpha() {
        return match image {
            DynamicImage::ImageLuma8(_) | DynamicImage::ImageRgb8(_) => image.clone(),
            DynamicImage::ImageLuma16(_) => DynamicImage::ImageLuma8(image.to_luma8()),
            other => DynamicImage::ImageRgb8(other.to_rgb8()),
        };
    }
    let mut rgba = image.to_rgba8();
    for pixel in rgba.pixels_mut() {
        let [r, g, b, a] = pixel.0;
        let sur_blanc =
            |c: u8| ((u16::from(c) * u16::from(a) + 255 * u16::from(255 - a)) / 255) as u8;
        pixel.0 = [sur_blanc(r), sur_blanc(g), sur_blanc(b), 255];
    }
    DynamicImage::ImageRgb8(DynamicImage::ImageRgba8(rgba).to_rgb8())
}

/// The file name without its folders and control characters, at most 200 characters,
/// `document` when nothing is left; a PNG stored as a JPEG gets the `.jpg` extension.
fn titre(nom_fichier: &str, recu: NatureContenu, garde: NatureContenu) -> String {
    let nom = nom_fichier.rsplit(['/', '\\']).next().unwrap_or_default();
    let nom: String = nom.chars().filter(|c| !c.is_control()).collect();
    let mut nom = nom.trim().to_owned();
    if recu == NatureContenu::Png && garde == NatureContenu::Jpeg {
        let longueur = nom.len();
        if longueur >= 4
            && nom.is_char_boundary(longueur - 4)
            && nom[longueur - 4..].eq_ignore_ascii_case(".png")
        {
            nom.truncate(longueur - 4);
        }
        nom.push_str(".jpg");
    }
    let nom: String = nom.chars().take(TITRE_CARACTERES_MAX).collect();
    let nom = nom.trim();
    if nom.is_empty() || nom == ".jpg" {
        "document".to_owned()
    } else {
        nom.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::fixtures;
    use image::GenericImageView;

    fn recu(champ: &str, nom: &str, octets: Vec<u8>) -> FichierRecu {
        FichierRecu {
            champ: champ.to_owned(),
            nom_fichier: nom.to_owned(),
            octets,
        }
    }

    fn refus(fichier: FichierRecu) -> ErreurFichier {
        verifier(fichier).unwrap_err()
    }

    #[test]
    fn a_pdf_png_and_jpeg_are_recognised_by_their_content_whatever_their_name() {
        let pdf = verifier(recu("factures", "scan.png", fixtures::pdf())).unwrap();
        let png = verifier(recu("factures", "photo.pdf", fixtures::png_petit())).unwrap();
        let jpeg = verifier(recu("factures", "sans-extension", fixtures::jpeg_petit())).unwrap();
        assert_eq!(
            [pdf.nature_contenu, png.nature_contenu, jpeg.nature_contenu],
            [NatureContenu::Pdf, NatureContenu::Png, NatureContenu::Jpeg]
        );
    }

    #[test]
    fn a_text_file_named_pdf_is_refused_on_its_field() {
        let erreur = refus(recu(
            "devis",
            "devis.pdf",
            b"Bonjour, voici le devis.".to_vec(),
        ));
        assert_eq!(
            erreur,
            ErreurFichier {
                champ: "devis".to_owned(),
                code: ErrorCode::FichierInvalide
            }
        );
    }

    #[test]
    fn a_truncated_pdf_is_refused() {
        let pdf = fixtures::pdf();
        let tronque = pdf[..pdf.len() / 3].to_vec();
        assert_eq!(
            refus(recu("factures", "f.pdf", tronque)).code,
            ErrorCode::FichierInvalide
        );
    }

    #[test]
    fn a_pdf_header_followed_by_garbage_is_refused() {
        let mut octets = b"%PDF-1.7\n".to_vec();
        octets.extend(fixtures::bruit(5000));
        octets.extend_from_slice(b"\n%%EOF\n");
        assert_eq!(
            refus(recu("factures", "f.pdf", octets)).code,
            ErrorCode::FichierInvalide
        );
    }

    #[test]
    fn a_pdf_without_a_page_is_refused() {
        let sans_page = fixtures::pdf_sans_page();
        assert_ne!(sans_page, fixtures::pdf());
        assert_eq!(
            refus(recu("factures", "f.pdf", sans_page)).code,
            ErrorCode::FichierInvalide
        );
    }

    #[test]
    fn a_pdf_of_two_megabytes_is_refused_as_pdf_too_large() {
        let gros = fixtures::pdf_rembourre(2 * 1024 * 1024);
        assert!(
            hayro::hayro_syntax::Pdf::new(gros.clone()).is_ok(),
            "the fixture opens"
        );
        let erreur = refus(recu("factures", "gros.pdf", gros));
        assert_eq!(erreur.code, ErrorCode::PdfTooLarge);
        assert_eq!(erreur.code.code(), "pdfTooLarge");
    }

    #[test]
    fn a_valid_pdf_is_kept_byte_for_byte_with_its_hash() {
        let pdf = fixtures::pdf();
        let accepte = verifier(recu("factures", "f.pdf", pdf.clone())).unwrap();
        assert_eq!(accepte.octets, pdf);
        assert_eq!(accepte.taille, pdf.len() as u64);
        assert_eq!(accepte.sha256, hex::encode(Sha256::digest(&pdf)));
        assert_eq!(accepte.champ, "factures");
    }

    #[test]
    fn a_png_header_followed_by_garbage_is_refused() {
        let mut octets = b"\x89PNG\r\n\x1a\n".to_vec();
        octets.extend(std::iter::repeat_n(0x42, 2000));
        assert_eq!(
            refus(recu("factures", "f.png", octets)).code,
            ErrorCode::FichierInvalide
        );
    }

    #[test]
    fn a_small_image_is_kept_byte_for_byte() {
        for octets in [fixtures::png_petit(), fixtures::jpeg_petit()] {
            let accepte = verifier(recu("factures", "petit", octets.clone())).unwrap();
            assert_eq!(accepte.octets, octets);
        }
    }

    #[test]
    fn a_large_noisy_jpeg_is_scaled_to_1024_px_and_1_mb_and_still_decodes() {
        let octets = fixtures::jpeg_bruite(1600, 1200);
        assert!(octets.len() > IMAGE_OCTETS_MAX, "the fixture is above 1 MB");
        let accepte = verifier(recu("factures", "photo.jpg", octets)).unwrap();
        assert_eq!(accepte.nature_contenu, NatureContenu::Jpeg);
        assert!(accepte.octets.len() <= IMAGE_OCTETS_MAX);
        let image = image::load_from_memory(&accepte.octets).unwrap();
        assert_eq!(image.dimensions(), (1024, 768));
    }

    #[test]
    fn a_large_noisy_png_that_stays_above_1_mb_becomes_a_jpeg() {
        let octets = fixtures::png_bruite(1600, 1200);
        let accepte = verifier(recu("factures", "scan.png", octets)).unwrap();
        assert_eq!(accepte.nature_contenu, NatureContenu::Jpeg);
        assert!(accepte.octets.len() <= IMAGE_OCTETS_MAX);
        assert_eq!(accepte.titre, "scan.jpg");
        let image = image::load_from_memory(&accepte.octets).unwrap();
        assert_eq!(image.dimensions(), (1024, 768));
    }

    #[test]
    fn a_large_plain_png_stays_a_png_scaled_to_1024_px() {
        let octets = fixtures::png_uni(2048, 1024);
        let accepte = verifier(recu("factures", "plan.png", octets)).unwrap();
        assert_eq!(accepte.nature_contenu, NatureContenu::Png);
        assert_eq!(accepte.titre, "plan.png");
        let image = image::load_from_memory(&accepte.octets).unwrap();
        assert_eq!(image.dimensions(), (1024, 512));
    }

    #[test]
    fn the_title_is_the_file_name_without_folders_nor_control_characters() {
        let accepte = verifier(recu(
            "factures",
            "C:\\Users\\x\\Documents/fac\u{7}ture mars.pdf",
            fixtures::pdf(),
        ))
        .unwrap();
        assert_eq!(accepte.titre, "facture mars.pdf");
    }

    #[test]
    fn the_title_is_cut_at_200_characters() {
        let nom = format!("{}.pdf", "é".repeat(300));
        let accepte = verifier(recu("factures", &nom, fixtures::pdf())).unwrap();
        assert_eq!(accepte.titre.chars().count(), 200);
    }

    #[test]
    fn a_file_without_a_name_is_titled_document() {
        let accepte = verifier(recu("factures", "", fixtures::pdf())).unwrap();
        assert_eq!(accepte.titre, "document");
    }

    #[actix_web::test]
    async fn every_refused_file_is_reported_on_its_field() {
        let error = verifier_fichiers(vec![
            recu("factures", "a.pdf", fixtures::pdf()),
            recu("factures", "b.pdf", b"texte".to_vec()),
            recu("devis", "c.pdf", fixtures::pdf_rembourre(2 * 1024 * 1024)),
        ])
        .await
        .unwrap_err();
        let errors = error.field_errors().unwrap();
        assert_eq!(errors.codes("factures"), [ErrorCode::FichierInvalide]);
        assert_eq!(errors.codes("devis"), [ErrorCode::PdfTooLarge]);
    }
}
