//! Files made by the tests themselves: a real PDF written by hand (objects, cross-reference
//! table with true offsets, trailer), the same padded with a large stream, and PNG and JPEG
//! images encoded by the `image` crate.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, RgbImage};

/// A one-page A4 PDF (595 x 842 pt) whose content fills a dark rectangle over the page's upper
/// left quarter.
pub fn pdf() -> Vec<u8> {
    pdf_avec(None)
}

/// The same PDF with an extra stream of noise, so that the file is about `taille` bytes.
pub fn pdf_rembourre(taille: usize) -> Vec<u8> {
    pdf_avec(Some(taille))
}

/// A well-formed PDF whose page tree is empty.
pub fn pdf_sans_page() -> Vec<u8> {
    let mut pdf = pdf();
    let avant: &[u8] = b"/Kids [3 0 R] /Count 1";
    // Same length, so the cross-reference offsets stay true.
    let apres: &[u8] = b"/Kids [     ] /Count 0";
    if let Some(debut) = pdf
        .windows(avant.len())
        .position(|fenetre| fenetre == avant)
    {
        pdf[debut..debut + avant.len()].copy_from_slice(apres);
    }
    pdf
}

fn pdf_avec(rembourrage: Option<usize>) -> Vec<u8> {
    let contenu = b"0.1 0.1 0.1 rg 0 421 297 421 re f\n";
    let mut objets: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>"
            .to_vec(),
        flux(contenu),
    ];
    if let Some(taille) = rembourrage {
        objets.push(flux(&bruit(taille)));
    }
    let mut pdf = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut positions = Vec::new();
    for (rang, objet) in objets.iter().enumerate() {
        positions.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", rang + 1).as_bytes());
        pdf.extend_from_slice(objet);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objets.len() + 1).as_bytes(),
    );
    for position in positions {
        pdf.extend_from_slice(format!("{position:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objets.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

fn flux(octets: &[u8]) -> Vec<u8> {
    let mut flux = format!("<< /Length {} >>\nstream\n", octets.len()).into_bytes();
    flux.extend_from_slice(octets);
    flux.extend_from_slice(b"\nendstream");
    flux
}

/// `taille` pseudo-random bytes (xorshift: the same every run).
pub fn bruit(taille: usize) -> Vec<u8> {
    let mut etat: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..taille)
        .map(|_| {
            etat ^= etat << 13;
            etat ^= etat >> 7;
            etat ^= etat << 17;
            (etat >> 32) as u8
        })
        .collect()
}

fn degrade(largeur: u32, hauteur: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(largeur, hauteur, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
    }))
}

fn bruite(largeur: u32, hauteur: u32) -> DynamicImage {
    let octets = bruit((largeur * hauteur * 3) as usize);
    DynamicImage::ImageRgb8(RgbImage::from_raw(largeur, hauteur, octets).unwrap_or_default())
}

fn encoder(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut octets = Cursor::new(Vec::new());
    if format == ImageFormat::Jpeg {
        let encodeur = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut octets, 95);
        image.write_with_encoder(encodeur).unwrap_or_default();
    } else {
        image.write_to(&mut octets, format).unwrap_or_default();
    }
    octets.into_inner()
}

/// A 64 x 48 PNG (a few kilobytes).
pub fn png_petit() -> Vec<u8> {
    encoder(&degrade(64, 48), ImageFormat::Png)
}

/// A 64 x 48 JPEG.
pub fn jpeg_petit() -> Vec<u8> {
    encoder(&degrade(64, 48), ImageFormat::Jpeg)
}

/// A PNG of noise: incompressible, several megabytes.
pub fn png_bruite(largeur: u32, hauteur: u32) -> Vec<u8> {
    encoder(&bruite(largeur, hauteur), ImageFormat::Png)
}

/// A JPEG of noise at quality 95: several megabytes.
pub fn jpeg_bruite(largeur: u32, hauteur: u32) -> Vec<u8> {
    encoder(&bruite(largeur, hauteur), ImageFormat::Jpeg)
}

/// A PNG of a smooth gradient: large in pixels, small in bytes.
pub fn png_uni(largeur: u32, hauteur: u32) -> Vec<u8> {
    encoder(&degrade(largeur, hauteur), ImageFormat::Png)
}
