//! General assemblies (spec 3 §2.5, §3 "Meeting", §4 "Meeting step progression", §5, §9): the
//! five-step workflow from preparation to closing, its agenda, convocation, attendance,
//! resolutions and votes, and the signed documents.
//!
//! An assembly's decisions are legal records, so they are events with the books' hash chain,
//! but not in the books' stream (ADR 0005): [`Assemblees`] is an aggregate of its own on the
//! same generic ledger, one stream per residence (aggregate type `assemblees`, id the
//! residence id) holding every assembly of the residence. One stream per residence keeps ids
//! sequential per residence and the list one replay away; an assembly's commands never queue
//! behind the books' nor the books' behind them.
//!
//! What the assemblies need of the books (the co-owners at the meeting's date and their shares
//! of the common parts) is read by the caller from the residence's `GrandLivre`
//! ([`coproprietaires_a`]) and carried by the command; the event keeps it, so the minutes
//! print the shares the vote was counted with, whatever the books say later.

mod bibliotheque;
mod decide;
mod events;
mod resultats;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use crate::document::PieceJointe;
use crate::grand_livre::GrandLivre;
use crate::occupation::{OccupantId, TypeOccupation};
use crate::CodeErreur;

pub use bibliotheque::{PointBibliotheque, BIBLIOTHEQUE};
pub use events::{AssembleesCommand, AssembleesEvent};
pub use resultats::{Decompte, Issue, Reduction, Resultat};

pub type AssembleeId = i64;
pub type PointId = i64;
pub type ResolutionId = i64;
pub type PieceId = i64;

/// The step of a finished meeting (spec 3 §9 "last step number 6").
pub const ETAPE_TERMINEE: u8 = 6;
/// A custom agenda point's title, at least (spec 3 §9).
pub const TITRE_POINT_MIN: usize = 2;
/// A multiple-choice vote's choices, at least and at most (spec 3 §9).
pub const CHOIX_MIN: usize = 2;
pub const CHOIX_MAX: usize = 4;

/// A time of day as `HH:MM` (spec 3 §5: HH:MM, or four digits HHMM converted to HH:MM).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Heure(String);

impl Heure {
    /// `HH:MM` or `HHMM`, hours 00–23 and minutes 00–59; `None` otherwise.
    pub fn lire(texte: &str) -> Option<Heure> {
        let texte = texte.trim();
        let (heures, minutes) = match texte.split_once(':') {
            Some((h, m)) => (h, m),
            None if texte.len() == 4 && texte.is_ascii() => texte.split_at(2),
            None => return None,
        };
        let deux_chiffres = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
        if !deux_chiffres(heures) || !deux_chiffres(minutes) {
            return None;
        }
        let (h, m): (u32, u32) = (heures.parse().ok()?, minutes.parse().ok()?);
        (h < 24 && m < 60).then(|| Heure(format!("{h:02}:{m:02}")))
    }

    /// The default time of a meeting (spec 3 §9).
    pub fn par_defaut() -> Heure {
        Heure("19:30".to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How the co-owners were convoked (spec 3 §2.5 step 2: by hand against a signed receipt, or
/// by registered letter with acknowledgement).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MethodeConvocation {
    EnMain,
    LettreRecommandee,
}

impl MethodeConvocation {
    pub fn code(self) -> &'static str {
        match self {
            MethodeConvocation::EnMain => "en_main",
            // The spec's spelling (spec 3 §3, §9).
            MethodeConvocation::LettreRecommandee => "lettre_recommendee",
        }
    }

    pub fn lire(code: &str) -> Option<Self> {
        match code {
            "en_main" => Some(MethodeConvocation::EnMain),
            "lettre_recommendee" => Some(MethodeConvocation::LettreRecommandee),
            _ => None,
        }
    }
}

/// A co-owner's attendance (spec 3 §3 "Presence").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatutPresence {
    Present,
    Represente,
    Absent,
}

impl StatutPresence {
    pub fn code(self) -> &'static str {
        match self {
            StatutPresence::Present => "present",
            StatutPresence::Represente => "represente",
            StatutPresence::Absent => "absent",
        }
    }

    pub fn lire(code: &str) -> Option<Self> {
        match code {
            "present" => Some(StatutPresence::Present),
            "represente" => Some(StatutPresence::Represente),
            "absent" => Some(StatutPresence::Absent),
            _ => None,
        }
    }

    /// Present in person or by a representative: votes, counts toward the quorum.
    pub fn vote(self) -> bool {
        self != StatutPresence::Absent
    }
}

/// A co-owner of the residence at the meeting's date, with his share of the common parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coproprietaire {
    pub occupant_id: OccupantId,
    pub nom: String,
    /// His share of the common parts, as a whole number on the residence's scale (see
    /// [`coproprietaires_a`]); only its ratio to the total means anything.
    pub quote_part: i64,
}

/// One co-owner's attendance as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    pub occupant_id: OccupantId,
    pub statut: StatutPresence,
    /// The representative's name (only when represented).
    pub representant: Option<String>,
}

/// A point of the agenda as saved at step 1: it becomes a votable point of the meeting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointOrdreDuJour {
    pub titre: String,
    /// The draft resolution printed on the convocation (may be empty).
    pub projet_resolution: String,
}

/// How a resolution is voted (spec 3 §3 "Resolution": simple or multiple).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeVote {
    /// pour / contre / abstention.
    Simple,
    /// 2 to 4 choices.
    Multiple { choix: Vec<String> },
}

pub const VOTE_POUR: &str = "pour";
pub const VOTE_CONTRE: &str = "contre";
pub const VOTE_ABSTENTION: &str = "abstention";

impl TypeVote {
    /// The values a vote may take.
    pub fn options(&self) -> Vec<String> {
        match self {
            TypeVote::Simple => [VOTE_POUR, VOTE_CONTRE, VOTE_ABSTENTION]
                .map(str::to_owned)
                .to_vec(),
            TypeVote::Multiple { choix } => choix.clone(),
        }
    }
}

/// A resolution and its votes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub id: ResolutionId,
    pub numero: u32,
    pub texte: String,
    pub type_vote: TypeVote,
    /// Each voting co-owner's vote (an option of `type_vote`).
    pub votes: BTreeMap<OccupantId, String>,
    /// The co-owner whose vote prevails on a tie: the syndicate's president when he is a
    /// co-owner of the residence (art. 91), as he was when the vote was recorded.
    pub voix_preponderante: Option<OccupantId>,
}

/// A point of the meeting (spec 3 §3 "Step-4 point").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    pub id: PointId,
    pub numero: u32,
    pub titre: String,
    /// The agenda's draft resolution (empty for an information point).
    pub projet_resolution: String,
    /// An information point: not voted, may be deleted.
    pub is_info: bool,
    pub resolutions: Vec<Resolution>,
}

/// A signatory's role in the minutes (spec 3 §3 "Signataire").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoleSignataire {
    President,
    Secretaire,
    Scrutateur,
}

impl RoleSignataire {
    pub fn code(self) -> &'static str {
        match self {
            RoleSignataire::President => "president",
            RoleSignataire::Secretaire => "secretaire",
            RoleSignataire::Scrutateur => "scrutateur",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signataire {
    pub role: RoleSignataire,
    pub occupant_id: OccupantId,
}

/// What step 5 records before the meeting can be closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InfosFinales {
    pub signataires: Vec<Signataire>,
    pub date_fin: NaiveDate,
    pub heure_fin: Heure,
    pub mot_intro: Option<String>,
    pub mot_fin: Option<String>,
}

/// A file kept with the meeting, with its id (unique among the residence's assemblies).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceAssemblee {
    pub id: PieceId,
    pub piece: PieceJointe,
}

/// One meeting as its events made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assemblee {
    pub id: AssembleeId,
    pub titre: String,
    pub lieu: String,
    pub date: NaiveDate,
    pub heure: Heure,
    /// The preparation's attached documents (step 1).
    pub pieces_jointes: Vec<PieceAssemblee>,
    /// The agenda and the information points, in order (numbered from 1).
    pub points: Vec<Point>,
    pub methode_convocation: Option<MethodeConvocation>,
    pub date_convocation: Option<NaiveDate>,
    pub date_debut: Option<NaiveDate>,
    pub heure_debut: Option<Heure>,
    /// The co-owners at the meeting's date as counted when the presences were recorded.
    pub coproprietaires: Vec<Coproprietaire>,
    /// Recorded attendance; a co-owner not here is absent.
    pub presences: Vec<Presence>,
    pub infos_finales: Option<InfosFinales>,
    /// The signed minutes (the last uploaded).
    pub pv_signe: Option<PieceAssemblee>,
    /// The signed attendance sheet (the last uploaded).
    pub presence_signee: Option<PieceAssemblee>,
    pub terminee: bool,
}

impl Assemblee {
    /// The step follows from what has been recorded (spec 3 §4): 1 preparing, 2 agenda ready,
    /// 3 convoked, 4 started, 5 every vote done, 6 finished.
    pub fn etape(&self) -> u8 {
        if self.terminee {
            ETAPE_TERMINEE
        } else if self.date_debut.is_some() && self.presences_enregistrees() && self.votes_faits() {
            5
        } else if self.date_debut.is_some() {
            4
        } else if self.date_convocation.is_some() {
            3
        } else if self.points.iter().any(|point| !point.is_info) {
            2
        } else {
            1
        }
    }

    /// The convocation date locks step 1, the deletion and the preparation info.
    pub fn est_convoquee(&self) -> bool {
        self.date_convocation.is_some()
    }

    /// Co-owners see a meeting once its convocation method is recorded (spec 3 §2.5 step 2).
    pub fn visible_aux_coproprietaires(&self) -> bool {
        self.methode_convocation.is_some()
    }

    /// At least one co-owner present or represented.
    pub fn presences_enregistrees(&self) -> bool {
        self.presences.iter().any(|presence| presence.statut.vote())
    }

    pub fn statut_de(&self, occupant_id: OccupantId) -> StatutPresence {
        self.presences
            .iter()
            .find(|presence| presence.occupant_id == occupant_id)
            .map_or(StatutPresence::Absent, |presence| presence.statut)
    }

    /// The co-owners who vote: present or represented.
    pub fn votants(&self) -> BTreeSet<OccupantId> {
        self.presences
            .iter()
            .filter(|presence| presence.statut.vote())
            .map(|presence| presence.occupant_id)
            .collect()
    }

    /// A resolution is voted when every co-owner present or represented has a vote on it.
    pub fn resolution_votee(&self, resolution: &Resolution) -> bool {
        let votants = self.votants();
        !votants.is_empty()
            && votants
                .iter()
                .all(|occupant| resolution.votes.contains_key(occupant))
    }

    /// A votable point is done when it has resolutions and each is voted (spec 3 §2.5 step 4
    /// "Terminé").
    pub fn point_termine(&self, point: &Point) -> bool {
        !point.resolutions.is_empty()
            && point
                .resolutions
                .iter()
                .all(|resolution| self.resolution_votee(resolution))
    }

    /// Every votable point done.
    pub fn votes_faits(&self) -> bool {
        self.points
            .iter()
            .filter(|point| !point.is_info)
            .all(|point| self.point_termine(point))
    }

    pub fn point(&self, id: PointId) -> Option<&Point> {
        self.points.iter().find(|point| point.id == id)
    }

    /// The result of a resolution, counted on the co-owners as recorded with the presences.
    pub fn resultat(&self, resolution: &Resolution) -> Resultat {
        Resultat::compter(resolution, &self.coproprietaires, &self.votants())
    }

    fn renumeroter(&mut self) {
        for (numero, point) in (1..).zip(self.points.iter_mut()) {
            point.numero = numero;
        }
    }
}

/// Every assembly of one residence: the aggregate of the residence's `assemblees` stream.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assemblees {
    assemblees: BTreeMap<AssembleeId, Assemblee>,
    /// Ids are never reused (a deleted meeting's id stays deleted in the journal).
    derniere_assemblee: AssembleeId,
    dernier_point: PointId,
    derniere_resolution: ResolutionId,
    derniere_piece: PieceId,
}

impl Assemblees {
    pub fn get(&self, id: AssembleeId) -> Option<&Assemblee> {
        self.assemblees.get(&id)
    }

    /// Every meeting, by id.
    pub fn toutes(&self) -> impl Iterator<Item = &Assemblee> {
        self.assemblees.values()
    }

    /// The meeting holding point `point_id`.
    pub fn assemblee_du_point(&self, point_id: PointId) -> Option<&Assemblee> {
        self.assemblees
            .values()
            .find(|assemblee| assemblee.point(point_id).is_some())
    }

    /// The meeting holding attached document `piece_id`.
    pub fn assemblee_de_la_piece(&self, piece_id: PieceId) -> Option<&Assemblee> {
        self.assemblees.values().find(|assemblee| {
            assemblee
                .pieces_jointes
                .iter()
                .any(|piece| piece.id == piece_id)
        })
    }

    pub fn prochain_id(&self) -> AssembleeId {
        self.derniere_assemblee + 1
    }

    pub fn prochains_points(&self) -> impl Iterator<Item = PointId> {
        (self.dernier_point + 1)..
    }

    pub fn prochaine_resolution(&self) -> ResolutionId {
        self.derniere_resolution + 1
    }

    pub fn prochaines_pieces(&self) -> impl Iterator<Item = PieceId> {
        (self.derniere_piece + 1)..
    }
}

impl Aggregate for Assemblees {
    const TYPE: &'static str = "assemblees";
    type Command = AssembleesCommand;
    type Event = AssembleesEvent;
    type Error = AssembleesError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for event in self.decide(command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.appliquer(event);
    }
}

/// Why an assembly command is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AssembleesError {
    #[error("assemblée {0} inconnue")]
    AssembleeInconnue(AssembleeId),
    #[error("point {0} inconnu")]
    PointInconnu(PointId),
    #[error("résolution {0} inconnue")]
    ResolutionInconnue(ResolutionId),
    #[error("document {0} inconnu")]
    PieceInconnue(PieceId),
    #[error("la date doit être comprise entre le 1er janvier de l'année précédente et le 31 décembre de l'année suivante")]
    DateHorsPlage,
    #[error("L'assemblée ne peut pas être supprimée une fois convoquée")]
    AssembleeNonSupprimable,
    #[error("l'assemblée est convoquée : sa préparation ne peut plus être modifiée")]
    AssembleeConvoquee,
    #[error("l'assemblée est terminée : plus rien ne peut être modifié")]
    AssembleeTerminee,
    #[error("l'assemblée n'a pas encore atteint l'étape {etape}")]
    EtapeNonAtteinte { etape: u8 },
    #[error("Le titre est obligatoire (au moins 2 caractères)")]
    TitrePointInvalide,
    #[error("l'ordre du jour est vide")]
    OrdreDuJourVide,
    #[error("Aucun résident n'est marqué comme présent.")]
    AucunPresent,
    #[error("{0} n'est pas copropriétaire de la résidence à la date de l'assemblée")]
    CoproprietaireInconnu(OccupantId),
    #[error("les présences ne sont pas encore enregistrées")]
    PresencesNonEnregistrees,
    #[error("Chaque copropriétaire doit enregistrer un vote.")]
    VotesIncomplets,
    #[error("un vote n'est pas une des options de la résolution")]
    VoteInvalide,
    #[error("Veuillez remplir au moins deux choix.")]
    ChoixInvalides,
    #[error("un point d'information ne se vote pas")]
    PointInformation,
    #[error("seul un point d'information peut être supprimé")]
    PointNonSupprimable,
    #[error("les scrutateurs sont choisis parmi les présents")]
    SignataireNonPresent(OccupantId),
    #[error("la fin précède le début de l'assemblée")]
    FinAvantDebut,
    #[error("les informations finales (président, secrétaire, date et heure de fin) manquent")]
    InfosFinalesManquantes,
    #[error("le procès-verbal signé manque")]
    PvSigneManquant,
    #[error("la feuille de présence signée manque")]
    PresenceSigneeManquante,
}

impl CodeErreur for AssembleesError {
    fn code(&self) -> &'static str {
        match self {
            AssembleesError::AssembleeInconnue(_) => "assemblee_introuvable",
            AssembleesError::PointInconnu(_) => "point_introuvable",
            AssembleesError::ResolutionInconnue(_) => "resolution_introuvable",
            AssembleesError::PieceInconnue(_) => "piece_jointe_introuvable",
            AssembleesError::DateHorsPlage => "date_assemblee_hors_plage",
            AssembleesError::AssembleeNonSupprimable => "assemblee_non_supprimable",
            AssembleesError::AssembleeConvoquee => "assemblee_convoquee",
            AssembleesError::AssembleeTerminee => "assemblee_terminee",
            AssembleesError::EtapeNonAtteinte { .. } => "etape_non_atteinte",
            AssembleesError::TitrePointInvalide => "titre_point_invalide",
            AssembleesError::OrdreDuJourVide => "ordre_du_jour_vide",
            AssembleesError::AucunPresent => "aucun_present",
            AssembleesError::CoproprietaireInconnu(_) => "occupant_non_coproprietaire",
            AssembleesError::PresencesNonEnregistrees => "presences_non_enregistrees",
            AssembleesError::VotesIncomplets => "votes_incomplets",
            AssembleesError::VoteInvalide => "vote_invalide",
            AssembleesError::ChoixInvalides => "choix_invalides",
            AssembleesError::PointInformation => "point_information",
            AssembleesError::PointNonSupprimable => "point_non_supprimable",
            AssembleesError::SignataireNonPresent(_) => "signataire_non_present",
            AssembleesError::FinAvantDebut => "fin_avant_debut",
            AssembleesError::InfosFinalesManquantes => "infos_finales_manquantes",
            AssembleesError::PvSigneManquant => "pv_signe_manquant",
            AssembleesError::PresenceSigneeManquante => "presence_signee_manquante",
        }
    }
}

/// The co-owners of the residence on `date` (owners of a property whose occupation covers the
/// date), by name, each with his share of the common parts.
///
/// A property's share is its line in the allocation table (`cotisation_repartition`,
/// docs/domain.md); when the table is empty every property weighs the same. A property owned by
/// several co-owners on that day is shared equally among them: to keep the shares whole
/// numbers, every share is scaled by the least common multiple of the numbers of owners.
pub fn coproprietaires_a(livre: &GrandLivre, date: NaiveDate) -> Vec<Coproprietaire> {
    let repartition = livre.revenus.repartition();
    let poids = |propriete| {
        if repartition.is_empty() {
            1
        } else {
            repartition
                .get(&propriete)
                .map_or(0, |montant| montant.millimes())
        }
    };
    let mut proprietaires: BTreeMap<_, BTreeSet<OccupantId>> = BTreeMap::new();
    for (_, occupation) in livre.occupancy.occupations() {
        if occupation.type_occupation == TypeOccupation::Proprietaire && occupation.couvre(date) {
            proprietaires
                .entry(occupation.propriete_id)
                .or_default()
                .insert(occupation.occupant_id);
        }
    }
    let echelle = proprietaires
        .values()
        .map(|owners| owners.len() as i64)
        .fold(1, ppcm);
    let mut parts: BTreeMap<OccupantId, i64> = BTreeMap::new();
    for (propriete, owners) in &proprietaires {
        let part = poids(*propriete) * echelle / owners.len() as i64;
        for owner in owners {
            *parts.entry(*owner).or_default() += part;
        }
    }
    let mut coproprietaires: Vec<Coproprietaire> = parts
        .into_iter()
        .filter_map(|(occupant_id, quote_part)| {
            livre
                .occupancy
                .occupant(occupant_id)
                .map(|occupant| Coproprietaire {
                    occupant_id,
                    nom: occupant.nom.clone(),
                    quote_part,
                })
        })
        .collect();
    coproprietaires.sort_by(|a, b| a.nom.cmp(&b.nom).then(a.occupant_id.cmp(&b.occupant_id)));
    coproprietaires
}

fn pgcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        pgcd(b, a % b)
    }
}

fn ppcm(a: i64, b: i64) -> i64 {
    a / pgcd(a, b) * b
}
