//! The demo's general assemblies: the 2025 ordinary assembly held and finished (the 2024
//! accounts approved, the 2026 budget approved, the façade works approved, its signed minutes
//! and attendance sheet kept) and the next one (2026's) convoked, always ahead of today. Commands of the residence's
//! assemblies stream, recorded once: a residence that has a meeting is left as it is.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{Datelike, NaiveDate};
use daftar_domain::assemblees::{
    coproprietaires_a, Assemblees, AssembleesCommand, Coproprietaire, Heure, InfosFinales,
    MethodeConvocation, PointOrdreDuJour, Presence, RoleSignataire, Signataire, StatutPresence,
    TypeVote,
};
use daftar_domain::document::{NatureDocument, PieceJointe};
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::ids::ResidenceId;
use daftar_domain::occupation::OccupantId;
use daftar_projections::{CommandMetadata, Database, Ledger};

use super::depenses::document_pdf;
use crate::documents::{verifier, DocumentStore, FichierRecu};

const METADATA: (&str, &str) = ("cli:demo", "demo-assemblees");

fn jour(text: &str) -> anyhow::Result<NaiveDate> {
    Ok(NaiveDate::parse_from_str(text, "%Y-%m-%d")?)
}

fn heure(text: &str) -> anyhow::Result<Heure> {
    Heure::lire(text).ok_or_else(|| anyhow::anyhow!("not a time: {text}"))
}

fn agenda(points: &[(&str, &str)]) -> Vec<PointOrdreDuJour> {
    points
        .iter()
        .map(|(titre, projet)| PointOrdreDuJour {
            titre: (*titre).to_owned(),
            projet_resolution: (*projet).to_owned(),
        })
        .collect()
}

/// Records the demo's assemblies once; `president_tel` is the syndicate's president's phone
/// (his occupant's vote prevails on a tie); the signed files go to `store` when there is one.
pub(super) async fn assemblees(
    db: &Database,
    store: Option<&Arc<DocumentStore>>,
    residence_id: i64,
    president_tel: &str,
    today: NaiveDate,
) -> anyhow::Result<()> {
    let stream = ResidenceId(residence_id).stream_id();
    let ledger: Ledger<Assemblees> = Ledger::new(db.clone(), ());
    if ledger.current(&stream).await?.toutes().next().is_some() {
        return Ok(());
    }
    let livre = Ledger::<GrandLivre>::new(db.clone(), ())
        .current(&stream)
        .await?;
    let metadata = CommandMetadata {
        acting_user: METADATA.0.to_owned(),
        request_id: METADATA.1.to_owned(),
    };
    let executer = |command: AssembleesCommand| {
        let ledger = ledger.clone();
        let stream = stream.clone();
        let metadata = metadata.clone();
        async move {
            ledger
                .execute(&stream, command, &metadata)
                .await
                .map_err(|e| anyhow::anyhow!("demo assembly: {e}"))
        }
    };

    // 2025: held on 20 May 2025 and finished.
    let date_2025 = jour("2025-05-20")?;
    executer(AssembleesCommand::Creer {
        titre: "Assemblée générale ordinaire 2025".into(),
        lieu: "Salle commune, rez-de-chaussée".into(),
        date: date_2025,
        heure: heure("18:30")?,
        aujourdhui: jour("2025-04-10")?,
    })
    .await?;
    executer(AssembleesCommand::EnregistrerOrdreDuJour {
        assemblee_id: 1,
        points: agenda(&[
            ("Approbation des comptes de l'exercice 2024", "L'assemblée générale approuve les comptes de l'exercice 2024 tels qu'ils ont été présentés et donne quitus au conseil syndical pour sa gestion."),
            ("Vote du budget de l'exercice 2026", "L'assemblée générale adopte le budget prévisionnel de l'exercice 2026 tel qu'il a été présenté."),
            ("Travaux de ravalement de la façade", "L'assemblée générale décide le ravalement de la façade et en approuve le budget, financé par une cotisation exceptionnelle."),
        ]),
    })
    .await?;
    executer(AssembleesCommand::EnregistrerConvocation {
        assemblee_id: 1,
        methode: MethodeConvocation::EnMain,
        date: jour("2025-05-02")?,
    })
    .await?;
    executer(AssembleesCommand::EnregistrerDebut {
        assemblee_id: 1,
        date: date_2025,
        heure: heure("18:45")?,
    })
    .await?;
    let coproprietaires = coproprietaires_a(&livre, date_2025);
    let president = livre
        .occupancy
        .occupants()
        .find(|(id, occupant)| {
            occupant.tel.as_deref() == Some(president_tel)
                && coproprietaires.iter().any(|c| c.occupant_id == *id)
        })
        .map(|(id, _)| id);
    let presences = presences_2025(&coproprietaires);
    let votants: Vec<OccupantId> = presences
        .iter()
        .filter(|p| p.statut.vote())
        .map(|p| p.occupant_id)
        .collect();
    executer(AssembleesCommand::EnregistrerPresences {
        assemblee_id: 1,
        coproprietaires: coproprietaires.clone(),
        presences: presences.clone(),
    })
    .await?;
    let textes = [
        "Les comptes de l'exercice 2024 sont approuvés ; quitus est donné au conseil syndical.",
        "Le budget prévisionnel de l'exercice 2026 est adopté.",
        "Le ravalement de la façade est décidé pour un budget de 24 000 DT, financé par une cotisation exceptionnelle.",
    ];
    for (point_id, texte) in (1..).zip(textes) {
        // One co-owner against the works, one abstaining on the budget; the rest for.
        let votes: BTreeMap<OccupantId, String> = votants
            .iter()
            .enumerate()
            .map(|(rang, occupant)| {
                let vote = match (point_id, rang) {
                    (3, 1) => "contre",
                    (2, 2) => "abstention",
                    _ => "pour",
                };
                (*occupant, vote.to_owned())
            })
            .collect();
        executer(AssembleesCommand::VoterResolution {
            assemblee_id: 1,
            point_id,
            resolution_id: None,
            texte: texte.to_owned(),
            type_vote: TypeVote::Simple,
            votes,
            voix_preponderante: president,
        })
        .await?;
    }
    let presents: Vec<OccupantId> = presences
        .iter()
        .filter(|p| p.statut == StatutPresence::Present)
        .map(|p| p.occupant_id)
        .collect();
    let president_de_seance = president
        .filter(|id| presents.contains(id))
        .or_else(|| presents.first().copied())
        .ok_or_else(|| anyhow::anyhow!("the demo's 2025 assembly has nobody present"))?;
    let autres: Vec<OccupantId> = presents
        .iter()
        .copied()
        .filter(|id| *id != president_de_seance)
        .collect();
    let mut signataires = vec![Signataire {
        role: RoleSignataire::President,
        occupant_id: president_de_seance,
    }];
    if let Some(secretaire) = autres.first() {
        signataires.push(Signataire {
            role: RoleSignataire::Secretaire,
            occupant_id: *secretaire,
        });
    }
    signataires.extend(autres.iter().skip(1).take(2).map(|id| Signataire {
        role: RoleSignataire::Scrutateur,
        occupant_id: *id,
    }));
    executer(AssembleesCommand::EnregistrerInfosFinales {
        assemblee_id: 1,
        infos: InfosFinales {
            signataires,
            date_fin: date_2025,
            heure_fin: heure("20:40")?,
            mot_intro: Some(
                "Le président ouvre la séance, constate le quorum et rappelle l'ordre du jour."
                    .into(),
            ),
            mot_fin: Some("Le président remercie les copropriétaires de leur présence.".into()),
        },
    })
    .await?;
    let pv = piece(
        store,
        residence_id,
        "Procès-verbal AG 2025 (signé).pdf",
        "Procès-verbal de l'assemblée générale du 20 mai 2025",
    )
    .await?;
    executer(AssembleesCommand::DeposerPvSigne {
        assemblee_id: 1,
        piece: pv,
    })
    .await?;
    let feuille = piece(
        store,
        residence_id,
        "Feuille de présence AG 2025 (signée).pdf",
        "Feuille de présence de l'assemblée générale du 20 mai 2025",
    )
    .await?;
    executer(AssembleesCommand::DeposerPresenceSignee {
        assemblee_id: 1,
        piece: feuille,
    })
    .await?;
    executer(AssembleesCommand::Terminer { assemblee_id: 1 }).await?;

    // The next one, which approves 2025's accounts (the demo's 2025 is still open): convoked for
    // 23 May 2026, or three weeks ahead when the demo is built after that day, so that it is
    // always a meeting to come.
    let date_2026 = jour("2026-05-23")?.max(today + chrono::Days::new(21));
    let convocation_2026 = date_2026 - chrono::Days::new(21);
    executer(AssembleesCommand::Creer {
        titre: format!("Assemblée générale ordinaire {}", date_2026.year()),
        lieu: "Salle commune, rez-de-chaussée".into(),
        date: date_2026,
        heure: heure("18:30")?,
        aujourdhui: convocation_2026 - chrono::Days::new(14),
    })
    .await?;
    executer(AssembleesCommand::EnregistrerOrdreDuJour {
        assemblee_id: 2,
        points: agenda(&[
            ("Approbation des comptes de l'exercice 2025", "L'assemblée générale approuve les comptes de l'exercice 2025 tels qu'ils ont été présentés et donne quitus au conseil syndical pour sa gestion."),
            ("Vote du budget de l'exercice 2027", "L'assemblée générale adopte le budget prévisionnel de l'exercice 2027 tel qu'il a été présenté."),
            ("Élection des membres du conseil syndical", "L'assemblée générale élit les membres du conseil syndical pour deux ans."),
        ]),
    })
    .await?;
    executer(AssembleesCommand::EnregistrerConvocation {
        assemblee_id: 2,
        methode: MethodeConvocation::LettreRecommandee,
        date: convocation_2026,
    })
    .await?;
    Ok(())
}

/// Everyone present but the last co-owner (absent) and the second-to-last (represented).
fn presences_2025(coproprietaires: &[Coproprietaire]) -> Vec<Presence> {
    let n = coproprietaires.len();
    coproprietaires
        .iter()
        .enumerate()
        .map(|(rang, c)| {
            let statut = if n > 2 && rang == n - 1 {
                StatutPresence::Absent
            } else if n > 2 && rang == n - 2 {
                StatutPresence::Represente
            } else {
                StatutPresence::Present
            };
            Presence {
                occupant_id: c.occupant_id,
                statut,
                representant: (statut == StatutPresence::Represente)
                    .then(|| "Hatem Ben Ammar".to_owned()),
            }
        })
        .collect()
}

/// A signed scan as the demo keeps it (stored when there is a store).
async fn piece(
    store: Option<&Arc<DocumentStore>>,
    residence_id: i64,
    titre: &str,
    ligne: &str,
) -> anyhow::Result<PieceJointe> {
    let fichier = verifier(FichierRecu {
        champ: "file".to_owned(),
        nom_fichier: titre.to_owned(),
        octets: document_pdf(&[
            (20, ligne.to_owned()),
            (14, "Résidence Les Jasmins, El Menzah 5, Tunis".to_owned()),
            (
                14,
                "Signé : le président de séance, le secrétaire, les scrutateurs.".to_owned(),
            ),
        ]),
    })
    .map_err(|refus| anyhow::anyhow!("{titre}: {refus}"))?;
    if let Some(store) = store {
        store.put(residence_id, &fichier).await?;
    }
    Ok(PieceJointe {
        nature: NatureDocument::Doc,
        titre: fichier.titre.clone(),
        content_type: fichier.nature_contenu.mime().to_owned(),
        taille: i64::try_from(fichier.taille)?,
        sha256: fichier.sha256.clone(),
    })
}
