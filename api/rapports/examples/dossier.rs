//! Writes the closing pack of a small sample residence to a folder, to look at:
//! `cargo run -p daftar-rapports --example dossier -- /tmp/dossier`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let dossier = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "dossier".to_owned());
    match exemple::ecrire(&dossier) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{err}");
            ExitCode::FAILURE
        }
    }
}

#[path = "../tests/commun/mod.rs"]
mod commun;

mod exemple {
    use std::error::Error;

    use super::commun::{livres_de, provisoire, residence, zip_entree};

    pub fn ecrire(dossier: &str) -> Result<(), Box<dyn Error>> {
        std::fs::create_dir_all(dossier)?;
        let (livre, livres) = livres_de(residence());
        for document in daftar_rapports::dossier_cloture(&livre, &livres, &provisoire(2025))? {
            std::fs::write(format!("{dossier}/{}", document.nom), &document.octets)?;
            if document.nom.ends_with(".zip") {
                for nom in zip::ZipArchive::new(std::io::Cursor::new(document.octets.clone()))?
                    .file_names()
                    .map(|nom| nom.map(|nom| nom.into_owned()))
                    .collect::<Result<Vec<_>, _>>()?
                {
                    std::fs::write(
                        format!("{dossier}/{nom}"),
                        zip_entree(&document.octets, &nom),
                    )?;
                }
            }
        }
        Ok(())
    }
}
