//! The answers of the votes' calls, in the shapes of spec 3 §3 ("Vote (syndic side)", "Vote
//! results", "Vote (co-owner side)") and docs/decisions.md "Community screens (issue 18)".

use chrono::NaiveDate;
use daftar_domain::votes::{Choix, EtatVote, Resultats, Vote};
use serde::ser::Error as _;
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;
use utoipa::ToSchema;

/// A percentage from hundredths of a percent, written as a JSON number with at most two
/// decimals (`6667` → `66.67`, `5000` → `50`), without float arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pourcentage(pub u32);

impl Pourcentage {
    pub fn wire_text(self) -> String {
        let texte = format!("{}.{:02}", self.0 / 100, self.0 % 100);
        texte.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

impl Serialize for Pourcentage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = RawValue::from_string(self.wire_text()).map_err(S::Error::custom)?;
        raw.serialize(serializer)
    }
}

/// One answer a vote offers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChoixDto {
    pub id: i64,
    /// A simple vote's are `pour`, `contre`, `abstention` (the client translates them).
    pub choix: String,
}

impl From<&Choix> for ChoixDto {
    fn from(choix: &Choix) -> Self {
        ChoixDto {
            id: choix.id,
            choix: choix.texte.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreateurDto {
    pub nom: String,
}

/// A vote as the council's list shows it (spec 3 §3 "Vote (syndic side)").
#[derive(Debug, Serialize, ToSchema)]
pub struct VoteDto {
    pub id: i64,
    pub titre: String,
    pub description: String,
    /// `simple` or `custom`.
    pub type_choix: String,
    pub choix: Vec<ChoixDto>,
    /// The first day (the publication date shown) and the last, `yyyy-MM-dd`, both included.
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    /// 0 not yet open, 1 running, 2 finished (the residence's today).
    pub is_active: u8,
    /// Locked: some owner has answered, or the vote is finished.
    pub is_closed: bool,
    /// The signed-in user created it (only the creator edits or deletes it).
    pub can_edit: bool,
    pub creator: CreateurDto,
    /// How many owners have answered.
    pub nombre_reponses: usize,
}

impl VoteDto {
    pub fn new(vote: &Vote, lecteur: i64, today: NaiveDate) -> Self {
        VoteDto {
            id: vote.id,
            titre: vote.titre.clone(),
            description: vote.description.clone(),
            type_choix: vote.type_choix.code().to_owned(),
            choix: vote.choix.iter().map(ChoixDto::from).collect(),
            date_debut: vote.date_debut,
            date_fin: vote.date_fin,
            is_active: vote.etat(today).code(),
            is_closed: vote.est_verrouille(today),
            can_edit: vote.createur == lecteur,
            creator: CreateurDto {
                nom: vote.createur_nom.clone(),
            },
            nombre_reponses: vote.bulletins.len(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VotesResponse {
    pub success: bool,
    /// Newest first day first.
    pub data: Vec<VoteDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VoteData {
    pub vote: VoteDto,
}

/// The answer of `creer` and `modifier`: `{ success, data: { vote } }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct VoteCreeResponse {
    pub success: bool,
    pub data: VoteData,
}

/// A vote as the co-owner's list shows it (spec 3 §3 "Vote (co-owner side)").
#[derive(Debug, Serialize, ToSchema)]
pub struct VoteCoproprietaireDto {
    pub id: i64,
    pub titre: String,
    pub description: String,
    /// `simple` or `custom`.
    pub type_choix: String,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    /// 1 running, 2 finished (a vote not yet open is not listed).
    pub is_active: u8,
    /// The signed-in user has answered.
    pub is_voted: bool,
    /// The signed-in user's answer (the id of one of `choix`), in both names the spec uses.
    pub choix_voted_id: Option<i64>,
    pub selected_vote: Option<i64>,
    /// The signed-in user may answer: he owns a property of the residence today.
    pub can_vote: bool,
    pub choix: Vec<ChoixDto>,
}

impl VoteCoproprietaireDto {
    pub fn new(vote: &Vote, choisi: Option<i64>, can_vote: bool, today: NaiveDate) -> Self {
        VoteCoproprietaireDto {
            id: vote.id,
            titre: vote.titre.clone(),
            description: vote.description.clone(),
            type_choix: vote.type_choix.code().to_owned(),
            date_debut: vote.date_debut,
            date_fin: vote.date_fin,
            is_active: vote.etat(today).code(),
            is_voted: choisi.is_some(),
            choix_voted_id: choisi,
            selected_vote: choisi,
            can_vote,
            choix: vote.choix.iter().map(ChoixDto::from).collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VotesCoproprietaireResponse {
    pub success: bool,
    /// The votes from their first day on, newest first day first.
    pub data: Vec<VoteCoproprietaireDto>,
}

/// One choice's count.
#[derive(Debug, Serialize, ToSchema)]
pub struct DecompteDto {
    pub choix_id: i64,
    pub choix: String,
    pub count: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NomDto {
    pub id: i64,
    pub nom: String,
}

/// One row of the results' table: a property, one of its owners, his answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReponseDto {
    pub propriete: NomDto,
    pub occupant: NomDto,
    /// The answer's text; `null`: "pas encore".
    pub choix: Option<String>,
    pub choix_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MajoriteDto {
    pub choix_id: i64,
    pub choix: String,
}

/// A vote's results (spec 3 §3 "Vote results").
#[derive(Debug, Serialize, ToSchema)]
pub struct ResultatsDto {
    pub id: i64,
    pub titre: String,
    pub description: String,
    pub type_choix: String,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    pub is_active: u8,
    pub choix: Vec<ChoixDto>,
    /// The signed-in user's answer (a `choix[].id`), if any.
    pub selected_vote: Option<i64>,
    /// Every choice in order with its count.
    pub results: Vec<DecompteDto>,
    /// The answers counted (the donut's total).
    pub total: u32,
    /// The owners counted: those of the vote's last day once finished, of today while it runs.
    pub proprietaires: u32,
    /// Owners who answered out of the owners, in percent (0–100, two decimals at most).
    #[schema(value_type = f64)]
    pub participation: Pourcentage,
    /// Every property with each of its owners, by property name.
    pub responses: Vec<ReponseDto>,
    /// The choice(s) with the most answers, all those tied; empty before the first answer.
    pub majority: Vec<MajoriteDto>,
}

impl ResultatsDto {
    pub fn new(
        vote: &Vote,
        selected_vote: Option<i64>,
        resultats: Resultats,
        today: NaiveDate,
    ) -> Self {
        ResultatsDto {
            id: vote.id,
            titre: vote.titre.clone(),
            description: vote.description.clone(),
            type_choix: vote.type_choix.code().to_owned(),
            date_debut: vote.date_debut,
            date_fin: vote.date_fin,
            is_active: vote.etat(today).code(),
            choix: vote.choix.iter().map(ChoixDto::from).collect(),
            selected_vote,
            results: resultats
                .decompte
                .iter()
                .map(|(choix, count)| DecompteDto {
                    choix_id: choix.id,
                    choix: choix.texte.clone(),
                    count: *count,
                })
                .collect(),
            total: resultats.votants,
            proprietaires: resultats.proprietaires,
            participation: Pourcentage(resultats.participation_centiemes),
            responses: resultats
                .reponses
                .into_iter()
                .map(|reponse| ReponseDto {
                    propriete: NomDto {
                        id: reponse.propriete_id,
                        nom: reponse.propriete_nom,
                    },
                    occupant: NomDto {
                        id: reponse.occupant_id,
                        nom: reponse.occupant_nom,
                    },
                    choix_id: reponse.choix.as_ref().map(|c| c.id),
                    choix: reponse.choix.map(|c| c.texte),
                })
                .collect(),
            majority: resultats
                .majorite
                .iter()
                .map(|choix| MajoriteDto {
                    choix_id: choix.id,
                    choix: choix.texte.clone(),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResultatsResponse {
    pub success: bool,
    pub data: ResultatsDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulletinDto {
    /// The vote's id.
    pub id: i64,
    pub choix_id: i64,
}

/// The answer of `voter`: `{ success, vote: { id, choix_id } }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulletinResponse {
    pub success: bool,
    pub vote: BulletinDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulletinModifieDto {
    /// The vote's id.
    pub id: i64,
    pub selected_vote: i64,
}

/// The answer of `modifier`: `{ success, vote: { id, selected_vote } }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulletinModifieResponse {
    pub success: bool,
    pub vote: BulletinModifieDto,
}

/// Whether a vote is still answered (the dashboards list the running ones).
pub fn en_cours(vote: &Vote, today: NaiveDate) -> bool {
    vote.etat(today) == EtatVote::EnCours
}

#[cfg(test)]
mod tests {
    use super::Pourcentage;

    #[test]
    fn a_percentage_is_written_with_at_most_two_decimals() {
        assert_eq!(
            [0, 5000, 6667, 10_000, 1250].map(|c| Pourcentage(c).wire_text()),
            ["0", "50", "66.67", "100", "12.5"]
        );
    }
}
