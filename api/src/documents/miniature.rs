//! Thumbnails: a PNG of at most [`MINIATURE_COTE_MAX`] px on its longest side, an image scaled
//! down or a PDF's first page rendered (with `hayro`, pure Rust: no external program). Pure
//! functions of the stored bytes; [`super::DocumentStore::miniature`] keeps their result.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use hayro::hayro_interpret::font::FontData;
use hayro::hayro_interpret::InterpreterSettings;
use hayro::hayro_syntax::Pdf;
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::{RenderCache, RenderSettings};
use image::{DynamicImage, RgbaImage};

use super::verification::{decoder_image, encoder_png, format_image};
use super::NatureContenu;

/// Longest side of a thumbnail, in pixels.
pub const MINIATURE_COTE_MAX: u32 = 256;

/// Longest side a PDF page is rendered at before being scaled to the thumbnail: twice its size,
/// so the scaling smooths the rendering.
const RENDU_COTE_MAX: u32 = 2 * MINIATURE_COTE_MAX;

/// The scales a page is rendered at (1 pt = 1 px at scale 1): halves, so that the scale is
/// chosen by comparing whole numbers (the workspace allows no float arithmetic).
const ECHELLES: [f32; 10] = [
    1.0,
    0.5,
    0.25,
    0.125,
    0.0625,
    0.031_25,
    0.015_625,
    0.007_812_5,
    0.003_906_25,
    0.001_953_125,
];

/// A font for the text of PDFs that do not embed theirs (the standard Helvetica, Times…): the
/// sans-serif the receipts use, so that a thumbnail shows the lines of text.
const POLICE_DE_SECOURS: &[u8] = include_bytes!("../../pdf/fonts/NotoSans-Regular.ttf");

/// Why no thumbnail could be made of stored bytes (they were checked when stored: a failure
/// here is a fault, not a user's error).
#[derive(Debug, thiserror::Error)]
pub enum ErreurMiniature {
    #[error("the image does not decode")]
    ImageIllisible,
    #[error("the PDF does not open or has no page")]
    PdfIllisible,
    #[error("the renderer failed on the PDF's first page")]
    RenduEchoue,
    #[error("the thumbnail could not be encoded as PNG")]
    EncodageEchoue,
}

/// The thumbnail of a stored file as PNG bytes.
pub fn miniature(nature: NatureContenu, octets: &[u8]) -> Result<Vec<u8>, ErreurMiniature> {
    let image = match nature {
        NatureContenu::Pdf => premiere_page(octets)?,
        image => {
            decoder_image(octets, format_image(image)).ok_or(ErreurMiniature::ImageIllisible)?
        }
    };
    let image = if image.width().max(image.height()) > MINIATURE_COTE_MAX {
        image.thumbnail(MINIATURE_COTE_MAX, MINIATURE_COTE_MAX)
    } else {
        image
    };
    encoder_png(&image).ok_or(ErreurMiniature::EncodageEchoue)
}

/// The PDF's first page rendered on white, at most [`RENDU_COTE_MAX`] px on its longest side.
fn premiere_page(octets: &[u8]) -> Result<DynamicImage, ErreurMiniature> {
    let pdf = Pdf::new(octets.to_vec()).map_err(|_| ErreurMiniature::PdfIllisible)?;
    let page = pdf.pages().first().ok_or(ErreurMiniature::PdfIllisible)?;
    let (largeur, hauteur) = page.render_dimensions();
    // Points, rounded up: a cast, not arithmetic.
    let cote = (largeur.max(hauteur).ceil() as u32).max(1);
    let echelle = ECHELLES
        .iter()
        .enumerate()
        .find(|(rang, _)| (cote >> rang) <= RENDU_COTE_MAX)
        .map_or(ECHELLES[ECHELLES.len() - 1], |(_, echelle)| *echelle);
    let police: FontData = Arc::new(POLICE_DE_SECOURS);
    let interpretation = InterpreterSettings {
        font_resolver: Arc::new(move |_| Some((police.clone(), 0))),
        ..InterpreterSettings::default()
    };
    let rendu = RenderSettings {
        x_scale: echelle,
        y_scale: echelle,
        bg_color: WHITE,
        ..RenderSettings::default()
    };
    let pixmap = catch_unwind(AssertUnwindSafe(|| {
        hayro::render(page, &RenderCache::new(), &interpretation, &rendu)
    }))
    .map_err(|_| ErreurMiniature::RenduEchoue)?;
    let (largeur, hauteur) = (u32::from(pixmap.width()), u32::from(pixmap.height()));
    let pixels = pixmap
        .take_unpremultiplied()
        .into_iter()
        .flat_map(|pixel| [pixel.r, pixel.g, pixel.b, pixel.a])
        .collect();
    let image =
        RgbaImage::from_raw(largeur, hauteur, pixels).ok_or(ErreurMiniature::RenduEchoue)?;
    // Rendered on white: every pixel is opaque.
    Ok(DynamicImage::ImageRgb8(
        DynamicImage::ImageRgba8(image).to_rgb8(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::fixtures;
    use image::GenericImageView;

    fn png(octets: &[u8]) -> DynamicImage {
        assert!(octets.starts_with(b"\x89PNG"), "a PNG");
        image::load_from_memory_with_format(octets, image::ImageFormat::Png).unwrap()
    }

    #[test]
    fn a_pdf_thumbnail_is_a_png_of_at_most_256_px_that_shows_the_page() {
        let miniature = miniature(NatureContenu::Pdf, &fixtures::pdf()).unwrap();
        let image = png(&miniature);
        let (largeur, hauteur) = image.dimensions();
        assert_eq!(largeur.max(hauteur), 256, "{largeur}x{hauteur}");
        // An A4 page keeps its proportions (595 x 842 pt).
        assert!((180..=182).contains(&largeur), "{largeur}");
        let pixels = image.to_rgb8();
        let premier = pixels.get_pixel(0, 0);
        assert!(
            pixels.pixels().any(|pixel| pixel != premier),
            "the page was rendered: not every pixel is the same"
        );
    }

    #[test]
    fn a_pdf_thumbnail_draws_the_page_where_its_content_is() {
        // The fixture fills a dark rectangle in the page's upper left quarter and leaves the
        // rest white.
        let image = png(&miniature(NatureContenu::Pdf, &fixtures::pdf()).unwrap()).to_rgb8();
        let (largeur, hauteur) = image.dimensions();
        let haut_gauche = image.get_pixel(largeur / 4, hauteur / 4);
        let bas_droite = image.get_pixel(largeur * 3 / 4, hauteur * 3 / 4);
        assert!(haut_gauche.0.iter().all(|c| *c < 100), "{haut_gauche:?}");
        assert!(bas_droite.0.iter().all(|c| *c > 240), "{bas_droite:?}");
    }

    #[test]
    fn an_image_thumbnail_is_the_image_scaled_to_256_px() {
        let miniature = miniature(NatureContenu::Jpeg, &fixtures::jpeg_bruite(1000, 500)).unwrap();
        assert_eq!(png(&miniature).dimensions(), (256, 128));
    }

    #[test]
    fn a_small_image_thumbnail_keeps_its_size() {
        let miniature = miniature(NatureContenu::Png, &fixtures::png_petit()).unwrap();
        let petit = image::load_from_memory(&fixtures::png_petit()).unwrap();
        assert_eq!(png(&miniature).dimensions(), petit.dimensions());
    }

    #[test]
    fn bytes_that_do_not_open_give_no_thumbnail() {
        assert!(miniature(NatureContenu::Pdf, b"%PDF-1.7 garbage").is_err());
        assert!(miniature(NatureContenu::Png, b"\x89PNG\r\n\x1a\ngarbage").is_err());
    }
}
