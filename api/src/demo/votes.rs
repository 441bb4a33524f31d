//! The demo's votes: one running (opened three days ago, a week left, some owners have answered,
//! Leïla not yet) and one finished a month ago with its results. Commands of the residence's
//! votes stream, each with the day it happened on; recorded once: a residence that has a vote is
//! left as it is.

use chrono::{Days, NaiveDate};
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::ids::ResidenceId;
use daftar_domain::votes::{electeur_a, ChoixId, Question, TypeChoix, VoteId, Votes, VotesCommand};
use daftar_projections::{CommandMetadata, Database, Ledger};

const METADATA: (&str, &str) = ("cli:demo", "demo-votes");

fn jours_avant(today: NaiveDate, jours: u64) -> anyhow::Result<NaiveDate> {
    today
        .checked_sub_days(Days::new(jours))
        .ok_or_else(|| anyhow::anyhow!("no day {jours} days before {today}"))
}

fn jours_apres(today: NaiveDate, jours: u64) -> anyhow::Result<NaiveDate> {
    today
        .checked_add_days(Days::new(jours))
        .ok_or_else(|| anyhow::anyhow!("no day {jours} days after {today}"))
}

/// Records the demo's votes once, created by `createur` (the president: user id and name);
/// the owners answer as the users with those phone numbers (skipped when not an owner that day).
pub(super) async fn votes(
    db: &Database,
    residence_id: i64,
    createur: (i64, &str),
    today: NaiveDate,
) -> anyhow::Result<()> {
    let stream = ResidenceId(residence_id).stream_id();
    let ledger: Ledger<Votes> = Ledger::new(db.clone(), ());
    if ledger.current(&stream).await?.tous().next().is_some() {
        return Ok(());
    }
    let livre = Ledger::<GrandLivre>::new(db.clone(), ())
        .current(&stream)
        .await?;
    let metadata = CommandMetadata {
        acting_user: METADATA.0.to_owned(),
        request_id: METADATA.1.to_owned(),
    };
    let executer = |command: VotesCommand| {
        let ledger = ledger.clone();
        let stream = stream.clone();
        let metadata = metadata.clone();
        async move {
            ledger
                .execute(&stream, command, &metadata)
                .await
                .map_err(|e| anyhow::anyhow!("demo vote: {e}"))
        }
    };
    // Each owner (by phone) and the index of the choice he answers.
    let repondre =
        |vote_id: VoteId, premier_choix: ChoixId, jour: NaiveDate, reponses: &[(&str, i64)]| {
            reponses
                .iter()
                .filter_map(|(tel, rang)| {
                    electeur_a(&livre, tel, jour).map(|electeur| VotesCommand::Voter {
                        vote_id,
                        electeur,
                        choix_id: premier_choix + rang,
                        aujourdhui: jour,
                    })
                })
                .collect::<Vec<_>>()
        };

    // Finished a month ago: the hall's colour (custom), most owners answered.
    let cree_le = jours_avant(today, 45)?;
    let debut = jours_avant(today, 40)?;
    let fin = jours_avant(today, 26)?;
    executer(VotesCommand::Creer {
        question: Question {
            titre: "Couleur des peintures du hall d'entrée".into(),
            description: "Le hall sera repeint au printemps ; le conseil propose trois teintes \
                          validées par le peintre."
                .into(),
            type_choix: TypeChoix::Custom,
            choix: vec![
                "Blanc cassé".into(),
                "Beige sable".into(),
                "Gris perle".into(),
            ],
            date_debut: debut,
            date_fin: fin,
        },
        createur: createur.0,
        createur_nom: createur.1.to_owned(),
        aujourdhui: cree_le,
    })
    .await?;
    let vote = ledger.current(&stream).await?;
    let (termine, premier) = vote
        .tous()
        .last()
        .and_then(|v| v.choix.first().map(|c| (v.id, c.id)))
        .ok_or_else(|| anyhow::anyhow!("the demo's finished vote was not recorded"))?;
    let jour = jours_avant(today, 35)?;
    for command in repondre(
        termine,
        premier,
        jour,
        &[
            ("20000001", 1),
            ("20000002", 1),
            ("20000003", 0),
            ("20000004", 1),
            ("20000005", 2),
            ("20000006", 0),
            ("20000007", 1),
        ],
    ) {
        executer(command).await?;
    }

    // Running: the parking's cameras (pour / contre / abstention), a week left.
    executer(VotesCommand::Creer {
        question: Question {
            titre: "Installation de caméras de surveillance au parking".into(),
            description: "Deux caméras à l'entrée du parking souterrain, financées sur le fonds \
                          de travaux (devis de 1 850 DT)."
                .into(),
            type_choix: TypeChoix::Simple,
            choix: Vec::new(),
            date_debut: jours_avant(today, 3)?,
            date_fin: jours_apres(today, 7)?,
        },
        createur: createur.0,
        createur_nom: createur.1.to_owned(),
        aujourdhui: jours_avant(today, 4)?,
    })
    .await?;
    let votes = ledger.current(&stream).await?;
    let (en_cours, premier) = votes
        .tous()
        .last()
        .and_then(|v| v.choix.first().map(|c| (v.id, c.id)))
        .ok_or_else(|| anyhow::anyhow!("the demo's running vote was not recorded"))?;
    let jour = jours_avant(today, 1)?;
    for command in repondre(
        en_cours,
        premier,
        jour,
        &[
            ("20000002", 0),
            ("20000003", 0),
            ("20000006", 1),
            ("20000007", 2),
        ],
    ) {
        executer(command).await?;
    }
    Ok(())
}
