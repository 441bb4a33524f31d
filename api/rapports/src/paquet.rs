//! The pack: every detailed document in PDF and xlsx, their zip, and the closing pack.

use std::io::{Cursor, Write};

use chrono::{Datelike, NaiveDate};
use daftar_domain::comptabilite::Livres;
use daftar_domain::grand_livre::GrandLivre;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::modele::{date_document, en_pdf, en_xlsx, Rapport};
use crate::{
    annexes, debiteurs, livres as comptables, rapprochement, tresorerie, Contexte, Document,
    RapportError,
};

/// The detailed reports of the exercice, in the order they are built.
fn rapports_detailles(livre: &GrandLivre, livres: &Livres, ctx: &Contexte) -> Vec<Rapport> {
    let mut rapports = vec![
        comptables::journal(livre, livres, ctx.annee),
        comptables::grand_livre(livre, livres, ctx.annee),
        comptables::balance_generale(livre, livres, ctx.annee),
        debiteurs::rapport(livre, livres, ctx.annee),
        rapprochement::rapport(livre, livres, ctx.annee),
    ];
    rapports.extend(annexes::rapports(livre, livres, ctx));
    rapports
}

/// Both files of a report: `{nom}.pdf` and `{nom}.xlsx`.
fn fichiers(rapport: &Rapport, ctx: &Contexte) -> Result<[Document; 2], RapportError> {
    Ok([
        Document {
            nom: format!("{}.pdf", rapport.nom),
            octets: en_pdf(rapport, ctx)?,
        },
        Document {
            nom: format!("{}.xlsx", rapport.nom),
            octets: en_xlsx(rapport, ctx)?,
        },
    ])
}

/// Both files of every report, rendered side by side on the machine's cores: a large
/// residence's journal, general ledger and reconciliation are each seconds of typst layout
/// when rendered cold (a closing's new data, an audit's new process), the other reports
/// milliseconds. The largest reports are dealt first, each to the least loaded thread, so the
/// pack takes about as long as its largest report. The documents come back in no set order.
fn rendre(rapports: &[Rapport], ctx: &Contexte) -> Result<Vec<Document>, RapportError> {
    let fils = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, rapports.len().max(1));
    let taille = |rapport: &Rapport| -> usize {
        rapport
            .tableaux
            .iter()
            .map(|tableau| tableau.lignes.len() * tableau.colonnes.len())
            .sum()
    };
    let mut ordre: Vec<&Rapport> = rapports.iter().collect();
    ordre.sort_by_key(|rapport| std::cmp::Reverse(taille(rapport)));
    let mut lots: Vec<(usize, Vec<&Rapport>)> = vec![(0, Vec::new()); fils];
    for rapport in ordre {
        if let Some(lot) = lots.iter_mut().min_by_key(|(charge, _)| *charge) {
            lot.0 += taille(rapport).max(1);
            lot.1.push(rapport);
        }
    }
    std::thread::scope(|scope| {
        let travaux: Vec<_> = lots
            .into_iter()
            .map(|(_, lot)| {
                scope.spawn(move || -> Result<Vec<Document>, RapportError> {
                    let mut documents = Vec::new();
                    for rapport in lot {
                        documents.extend(fichiers(rapport, ctx)?);
                    }
                    Ok(documents)
                })
            })
            .collect();
        let mut documents = Vec::new();
        for travail in travaux {
            match travail.join() {
                Ok(rendus) => documents.extend(rendus?),
                Err(panique) => std::panic::resume_unwind(panique),
            }
        }
        Ok(documents)
    })
}

/// Every detailed document of the exercice (what `DetailsFinanciers_{annee}.zip` holds), PDF
/// and xlsx each, sorted by name.
pub fn details(
    livre: &GrandLivre,
    livres: &Livres,
    ctx: &Contexte,
) -> Result<Vec<Document>, RapportError> {
    let mut documents = rendre(&rapports_detailles(livre, livres, ctx), ctx)?;
    documents.sort_by(|a, b| a.nom.cmp(&b.nom));
    Ok(documents)
}

fn erreur_zip(err: impl std::fmt::Display) -> RapportError {
    RapportError::Zip(err.to_string())
}

/// The zip of `documents`, in the order given: every entry dated `date` at 00:00, deflated at
/// a fixed level, no extra field, so the same documents always give the same bytes.
pub fn zip_details(documents: &[Document], date: NaiveDate) -> Result<Vec<u8>, RapportError> {
    let annee = u16::try_from(date.year()).map_err(|_| RapportError::Date(date))?;
    let mois = u8::try_from(date.month()).map_err(|_| RapportError::Date(date))?;
    let jour = u8::try_from(date.day()).map_err(|_| RapportError::Date(date))?;
    let heure = zip::DateTime::from_date_and_time(annee, mois, jour, 0, 0, 0)
        .map_err(|_| RapportError::Date(date))?;
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(6))
        .last_modified_time(heure)
        .unix_permissions(0o644);
    let mut archive = ZipWriter::new(Cursor::new(Vec::new()));
    for document in documents {
        archive
            .start_file(document.nom.as_str(), options)
            .map_err(erreur_zip)?;
        archive.write_all(&document.octets).map_err(erreur_zip)?;
    }
    let curseur = archive.finish().map_err(erreur_zip)?;
    Ok(curseur.into_inner())
}

/// The whole closing pack: `DetailsFinanciers_{annee}.zip`, `tresorerie_{annee}.pdf` and
/// `tresorerie_{annee}.xlsx`, sorted by name. The zip's entries are dated on the document's
/// date (the closing date, or the provisional situation's).
pub fn dossier_cloture(
    livre: &GrandLivre,
    livres: &Livres,
    ctx: &Contexte,
) -> Result<Vec<Document>, RapportError> {
    let mut rapports = rapports_detailles(livre, livres, ctx);
    let tresorerie = tresorerie::rapport(livre, livres, ctx);
    let nom_tresorerie = tresorerie.nom.clone();
    rapports.push(tresorerie);
    let (mut documents, mut details): (Vec<Document>, Vec<Document>) =
        rendre(&rapports, ctx)?.into_iter().partition(|document| {
            document.nom.rsplit_once('.').map(|(nom, _)| nom) == Some(nom_tresorerie.as_str())
        });
    details.sort_by(|a, b| a.nom.cmp(&b.nom));
    documents.push(Document {
        nom: format!("DetailsFinanciers_{}.zip", ctx.annee),
        octets: zip_details(&details, date_document(&ctx.etat))?,
    });
    documents.sort_by(|a, b| a.nom.cmp(&b.nom));
    Ok(documents)
}
