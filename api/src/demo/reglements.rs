//! The demo's rules documents: the co-ownership regulation adopted in 2019 (current) and the
//! house rules of 2012 it replaced, so the rules browser is not empty. They are rows of the
//! regulations' own table (ADR 0005), added once: a residence that has any is left as it is.

use chrono::{TimeZone, Utc};
use daftar_projections::reglements::{self as registre, NouveauReglement};
use daftar_projections::Database;

use super::depenses::document_pdf;
use crate::documents::{verifier, DocumentStore, FichierRecu};

/// (title, comment, current, added on (y, m, d), the document's lines)
type DemoReglement = (
    &'static str,
    &'static str,
    bool,
    (i32, u32, u32),
    [&'static str; 3],
);

const REGLEMENTS: [DemoReglement; 2] = [
    (
        "Règlement intérieur 2012",
        "Remplacé par le règlement de copropriété de 2019.",
        false,
        (2012, 10, 3),
        [
            "Règlement intérieur de la résidence",
            "Horaires de calme : 22 h - 7 h.",
            "Stationnement réservé aux résidents.",
        ],
    ),
    (
        "Règlement de copropriété 2019",
        "Adopté par l'assemblée générale du 16 mars 2019 (loi n° 2005-90).",
        true,
        (2019, 3, 20),
        [
            "Règlement de copropriété",
            "Parties communes, charges et leur répartition par tantièmes.",
            "Assemblée générale annuelle, syndic et conseil syndical.",
        ],
    ),
];

/// Adds the demo's rules documents once, as the president (`par`), their PDFs in `store`.
pub(super) async fn reglements(
    db: &Database,
    store: &DocumentStore,
    residence_id: i64,
    par: i64,
) -> anyhow::Result<()> {
    if !registre::liste(db, residence_id).await?.is_empty() {
        return Ok(());
    }
    for (titre, commentaire, est_actuel, (annee, mois, jour), lignes) in REGLEMENTS {
        let mut contenu = vec![(22, lignes[0].to_owned())];
        contenu.extend(lignes[1..].iter().map(|ligne| (14, (*ligne).to_owned())));
        contenu.push((14, "Résidence Les Jasmins, El Menzah 5, Tunis".to_owned()));
        let fichier = verifier(FichierRecu {
            champ: "doc".to_owned(),
            nom_fichier: format!("{titre}.pdf"),
            octets: document_pdf(&contenu),
        })
        .map_err(|refus| anyhow::anyhow!("regulation {titre}: {refus}"))?;
        store.put(residence_id, &fichier).await?;
        let le = Utc
            .with_ymd_and_hms(annee, mois, jour, 9, 0, 0)
            .single()
            .ok_or_else(|| anyhow::anyhow!("no date for {titre}"))?;
        registre::creer(
            db,
            residence_id,
            par,
            le,
            &NouveauReglement {
                titre: titre.to_owned(),
                commentaire: Some(commentaire.to_owned()),
                est_actuel,
                nom_fichier: fichier.titre.clone(),
                content_type: fichier.nature_contenu.mime().to_owned(),
                taille: i64::try_from(fichier.taille)?,
                sha256: fichier.sha256.clone(),
            },
        )
        .await?;
    }
    Ok(())
}
