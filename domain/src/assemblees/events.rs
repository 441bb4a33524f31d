//! What the president asks of an assembly, and the facts it records. Event type names are
//! stored forever.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::{
    Assemblee, AssembleeId, Assemblees, Coproprietaire, Heure, InfosFinales, MethodeConvocation,
    PieceAssemblee, PieceId, Point, PointId, PointOrdreDuJour, Presence, Resolution, ResolutionId,
    TypeVote,
};
use crate::document::PieceJointe;
use crate::occupation::OccupantId;

/// Commands carry values already read and checked field by field by the caller; the rules
/// that need the assemblies' state (steps, locks, who votes) are decided here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AssembleesCommand {
    Creer {
        titre: String,
        lieu: String,
        date: NaiveDate,
        heure: Heure,
        /// The server's day: the meeting's date is checked against it.
        aujourdhui: NaiveDate,
    },
    ModifierInfosGenerales {
        assemblee_id: AssembleeId,
        titre: String,
        lieu: String,
        date: NaiveDate,
        heure: Heure,
        aujourdhui: NaiveDate,
    },
    Supprimer {
        assemblee_id: AssembleeId,
    },
    AjouterPiecesJointes {
        assemblee_id: AssembleeId,
        pieces: Vec<PieceJointe>,
    },
    RetirerPieceJointe {
        piece_id: PieceId,
    },
    /// Replaces the agenda, in the given order.
    EnregistrerOrdreDuJour {
        assemblee_id: AssembleeId,
        points: Vec<PointOrdreDuJour>,
    },
    EnregistrerConvocation {
        assemblee_id: AssembleeId,
        methode: MethodeConvocation,
        date: NaiveDate,
    },
    EnregistrerDebut {
        assemblee_id: AssembleeId,
        date: NaiveDate,
        heure: Heure,
    },
    /// `coproprietaires`: every co-owner at the meeting's date with his share (what the
    /// caller read of the books); `presences`: the attendance records.
    EnregistrerPresences {
        assemblee_id: AssembleeId,
        coproprietaires: Vec<Coproprietaire>,
        presences: Vec<Presence>,
    },
    AjouterPointInfo {
        assemblee_id: AssembleeId,
        titre: String,
    },
    RenommerPoint {
        point_id: PointId,
        titre: String,
    },
    SupprimerPointInfo {
        point_id: PointId,
    },
    /// Records a new resolution with its votes (`resolution_id` absent) or replaces one's.
    VoterResolution {
        assemblee_id: AssembleeId,
        point_id: PointId,
        resolution_id: Option<ResolutionId>,
        texte: String,
        type_vote: TypeVote,
        votes: BTreeMap<OccupantId, String>,
        /// The syndicate's president as a co-owner of the residence, if he is one.
        voix_preponderante: Option<OccupantId>,
    },
    EnregistrerInfosFinales {
        assemblee_id: AssembleeId,
        infos: InfosFinales,
    },
    DeposerPvSigne {
        assemblee_id: AssembleeId,
        piece: PieceJointe,
    },
    DeposerPresenceSignee {
        assemblee_id: AssembleeId,
        piece: PieceJointe,
    },
    Terminer {
        assemblee_id: AssembleeId,
    },
}

/// A point of a saved agenda, with the id it took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointEnregistre {
    pub point_id: PointId,
    pub titre: String,
    pub projet_resolution: String,
}

/// The facts of the residence's assemblies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AssembleesEvent {
    AssembleeCreee {
        assemblee_id: AssembleeId,
        titre: String,
        lieu: String,
        date: NaiveDate,
        heure: Heure,
    },
    InfosGeneralesModifiees {
        assemblee_id: AssembleeId,
        titre: String,
        lieu: String,
        date: NaiveDate,
        heure: Heure,
    },
    AssembleeSupprimee {
        assemblee_id: AssembleeId,
    },
    PiecesJointesAjoutees {
        assemblee_id: AssembleeId,
        pieces: Vec<PieceAssemblee>,
    },
    PieceJointeRetiree {
        assemblee_id: AssembleeId,
        piece_id: PieceId,
    },
    OrdreDuJourEnregistre {
        assemblee_id: AssembleeId,
        points: Vec<PointEnregistre>,
    },
    ConvocationEnregistree {
        assemblee_id: AssembleeId,
        methode: MethodeConvocation,
        date: NaiveDate,
    },
    /// The co-owners are shown the meeting and told of it (a new convocation method). The
    /// notifications themselves are sent by the community module from this fact.
    CoproprietairesConvoques {
        assemblee_id: AssembleeId,
        methode: MethodeConvocation,
    },
    DebutEnregistre {
        assemblee_id: AssembleeId,
        date: NaiveDate,
        heure: Heure,
    },
    PresencesEnregistrees {
        assemblee_id: AssembleeId,
        coproprietaires: Vec<Coproprietaire>,
        presences: Vec<Presence>,
    },
    PointInfoAjoute {
        assemblee_id: AssembleeId,
        point_id: PointId,
        titre: String,
    },
    PointRenomme {
        assemblee_id: AssembleeId,
        point_id: PointId,
        titre: String,
    },
    PointInfoSupprime {
        assemblee_id: AssembleeId,
        point_id: PointId,
    },
    ResolutionVotee {
        assemblee_id: AssembleeId,
        point_id: PointId,
        resolution: Resolution,
    },
    InfosFinalesEnregistrees {
        assemblee_id: AssembleeId,
        infos: InfosFinales,
    },
    PvSigneDepose {
        assemblee_id: AssembleeId,
        piece: PieceAssemblee,
    },
    PresenceSigneeDeposee {
        assemblee_id: AssembleeId,
        piece: PieceAssemblee,
    },
    AssembleeTerminee {
        assemblee_id: AssembleeId,
    },
}

impl AssembleesEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            AssembleesEvent::AssembleeCreee { .. } => "AssembleeCreee",
            AssembleesEvent::InfosGeneralesModifiees { .. } => "InfosGeneralesModifiees",
            AssembleesEvent::AssembleeSupprimee { .. } => "AssembleeSupprimee",
            AssembleesEvent::PiecesJointesAjoutees { .. } => "PiecesJointesAjoutees",
            AssembleesEvent::PieceJointeRetiree { .. } => "PieceJointeRetiree",
            AssembleesEvent::OrdreDuJourEnregistre { .. } => "OrdreDuJourEnregistre",
            AssembleesEvent::ConvocationEnregistree { .. } => "ConvocationEnregistree",
            AssembleesEvent::CoproprietairesConvoques { .. } => "CoproprietairesConvoques",
            AssembleesEvent::DebutEnregistre { .. } => "DebutEnregistre",
            AssembleesEvent::PresencesEnregistrees { .. } => "PresencesEnregistrees",
            AssembleesEvent::PointInfoAjoute { .. } => "PointInfoAjoute",
            AssembleesEvent::PointRenomme { .. } => "PointRenomme",
            AssembleesEvent::PointInfoSupprime { .. } => "PointInfoSupprime",
            AssembleesEvent::ResolutionVotee { .. } => "ResolutionVotee",
            AssembleesEvent::InfosFinalesEnregistrees { .. } => "InfosFinalesEnregistrees",
            AssembleesEvent::PvSigneDepose { .. } => "PvSigneDepose",
            AssembleesEvent::PresenceSigneeDeposee { .. } => "PresenceSigneeDeposee",
            AssembleesEvent::AssembleeTerminee { .. } => "AssembleeTerminee",
        }
    }
}

impl DomainEvent for AssembleesEvent {
    fn event_type(&self) -> String {
        AssembleesEvent::event_type(self).to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

impl Assemblees {
    /// Applies one fact (never refuses: facts happened).
    pub fn appliquer(&mut self, event: AssembleesEvent) {
        match event {
            AssembleesEvent::AssembleeCreee {
                assemblee_id,
                titre,
                lieu,
                date,
                heure,
            } => {
                self.derniere_assemblee = self.derniere_assemblee.max(assemblee_id);
                self.assemblees.insert(
                    assemblee_id,
                    Assemblee {
                        id: assemblee_id,
                        titre,
                        lieu,
                        date,
                        heure,
                        pieces_jointes: Vec::new(),
                        points: Vec::new(),
                        methode_convocation: None,
                        date_convocation: None,
                        date_debut: None,
                        heure_debut: None,
                        coproprietaires: Vec::new(),
                        presences: Vec::new(),
                        infos_finales: None,
                        pv_signe: None,
                        presence_signee: None,
                        terminee: false,
                    },
                );
            }
            AssembleesEvent::InfosGeneralesModifiees {
                assemblee_id,
                titre,
                lieu,
                date,
                heure,
            } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.titre = titre;
                    assemblee.lieu = lieu;
                    assemblee.date = date;
                    assemblee.heure = heure;
                }
            }
            AssembleesEvent::AssembleeSupprimee { assemblee_id } => {
                self.assemblees.remove(&assemblee_id);
            }
            AssembleesEvent::PiecesJointesAjoutees {
                assemblee_id,
                pieces,
            } => {
                self.noter_pieces(&pieces);
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.pieces_jointes.extend(pieces);
                }
            }
            AssembleesEvent::PieceJointeRetiree {
                assemblee_id,
                piece_id,
            } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee
                        .pieces_jointes
                        .retain(|piece| piece.id != piece_id);
                }
            }
            AssembleesEvent::OrdreDuJourEnregistre {
                assemblee_id,
                points,
            } => {
                if let Some(dernier) = points.iter().map(|point| point.point_id).max() {
                    self.dernier_point = self.dernier_point.max(dernier);
                }
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.points.retain(|point| point.is_info);
                    let agenda = points.into_iter().map(|point| Point {
                        id: point.point_id,
                        numero: 0,
                        titre: point.titre,
                        projet_resolution: point.projet_resolution,
                        is_info: false,
                        resolutions: Vec::new(),
                    });
                    assemblee.points.splice(0..0, agenda);
                    assemblee.renumeroter();
                }
            }
            AssembleesEvent::ConvocationEnregistree {
                assemblee_id,
                methode,
                date,
            } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.methode_convocation = Some(methode);
                    assemblee.date_convocation = Some(date);
                }
            }
            // A record for the co-owners' notifications: the method itself is applied above.
            AssembleesEvent::CoproprietairesConvoques { .. } => {}
            AssembleesEvent::DebutEnregistre {
                assemblee_id,
                date,
                heure,
            } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.date_debut = Some(date);
                    assemblee.heure_debut = Some(heure);
                }
            }
            AssembleesEvent::PresencesEnregistrees {
                assemblee_id,
                coproprietaires,
                presences,
            } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.coproprietaires = coproprietaires;
                    assemblee.presences = presences;
                }
            }
            AssembleesEvent::PointInfoAjoute {
                assemblee_id,
                point_id,
                titre,
            } => {
                self.dernier_point = self.dernier_point.max(point_id);
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.points.push(Point {
                        id: point_id,
                        numero: 0,
                        titre,
                        projet_resolution: String::new(),
                        is_info: true,
                        resolutions: Vec::new(),
                    });
                    assemblee.renumeroter();
                }
            }
            AssembleesEvent::PointRenomme {
                assemblee_id,
                point_id,
                titre,
            } => {
                if let Some(point) = self.point_mut(assemblee_id, point_id) {
                    point.titre = titre;
                }
            }
            AssembleesEvent::PointInfoSupprime {
                assemblee_id,
                point_id,
            } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.points.retain(|point| point.id != point_id);
                    assemblee.renumeroter();
                }
            }
            AssembleesEvent::ResolutionVotee {
                assemblee_id,
                point_id,
                resolution,
            } => {
                self.derniere_resolution = self.derniere_resolution.max(resolution.id);
                if let Some(point) = self.point_mut(assemblee_id, point_id) {
                    match point
                        .resolutions
                        .iter_mut()
                        .find(|existing| existing.id == resolution.id)
                    {
                        Some(existing) => *existing = resolution,
                        None => point.resolutions.push(resolution),
                    }
                }
            }
            AssembleesEvent::InfosFinalesEnregistrees {
                assemblee_id,
                infos,
            } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.infos_finales = Some(infos);
                }
            }
            AssembleesEvent::PvSigneDepose {
                assemblee_id,
                piece,
            } => {
                self.noter_pieces(std::slice::from_ref(&piece));
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.pv_signe = Some(piece);
                }
            }
            AssembleesEvent::PresenceSigneeDeposee {
                assemblee_id,
                piece,
            } => {
                self.noter_pieces(std::slice::from_ref(&piece));
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.presence_signee = Some(piece);
                }
            }
            AssembleesEvent::AssembleeTerminee { assemblee_id } => {
                if let Some(assemblee) = self.assemblees.get_mut(&assemblee_id) {
                    assemblee.terminee = true;
                }
            }
        }
    }

    fn noter_pieces(&mut self, pieces: &[PieceAssemblee]) {
        if let Some(derniere) = pieces.iter().map(|piece| piece.id).max() {
            self.derniere_piece = self.derniere_piece.max(derniere);
        }
    }

    fn point_mut(&mut self, assemblee_id: AssembleeId, point_id: PointId) -> Option<&mut Point> {
        self.assemblees
            .get_mut(&assemblee_id)?
            .points
            .iter_mut()
            .find(|point| point.id == point_id)
    }
}
