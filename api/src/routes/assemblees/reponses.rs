//! The answers of `/api/assemblees…` (spec 3 §3 "Meeting", "Signataire", step answers, "Agenda
//! point", "Library point", "Presence", "Step-4 point", "Resolution"), built from the
//! residence's assemblies (their warm aggregate) and, before the presences are recorded, the
//! co-owners read from the books.

use std::collections::BTreeMap;

use daftar_domain::assemblees::{
    Assemblee, Coproprietaire, Decompte, Issue, PieceAssemblee, Point, PointBibliotheque,
    Resolution, TypeVote, ETAPE_TERMINEE,
};
use serde::Serialize;
use utoipa::ToSchema;

/// A meeting (spec 3 §3 "Meeting"); dates `yyyy-MM-dd`, times `HH:MM`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AssembleeDto {
    pub id: i64,
    pub titre: String,
    pub lieu: String,
    pub date: String,
    pub heure: String,
    /// 1 to 5; 6 = finished.
    pub step: u8,
    pub date_convocation: Option<String>,
    /// `en_main` or `lettre_recommendee`.
    pub methode_convocation: Option<String>,
    pub date_debut: Option<String>,
    pub heure_debut: Option<String>,
    pub date_fin: Option<String>,
    pub heure_fin: Option<String>,
    pub mot_intro: Option<String>,
    pub mot_fin: Option<String>,
}

impl From<&Assemblee> for AssembleeDto {
    fn from(a: &Assemblee) -> Self {
        let fin = a.infos_finales.as_ref();
        AssembleeDto {
            id: a.id,
            titre: a.titre.clone(),
            lieu: a.lieu.clone(),
            date: a.date.to_string(),
            heure: a.heure.as_str().to_owned(),
            step: a.etape(),
            date_convocation: a.date_convocation.map(|d| d.to_string()),
            methode_convocation: a.methode_convocation.map(|m| m.code().to_owned()),
            date_debut: a.date_debut.map(|d| d.to_string()),
            heure_debut: a.heure_debut.as_ref().map(|h| h.as_str().to_owned()),
            date_fin: fin.map(|f| f.date_fin.to_string()),
            heure_fin: fin.map(|f| f.heure_fin.as_str().to_owned()),
            mot_intro: fin.and_then(|f| f.mot_intro.clone()),
            mot_fin: fin.and_then(|f| f.mot_fin.clone()),
        }
    }
}

/// A file kept with a meeting; `url` downloads it (`GET /api/assemblees/documents/download?id=`).
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentAssemblee {
    pub id: i64,
    pub titre: String,
    pub taille: i64,
    pub sha256: String,
    pub url: String,
}

impl From<&PieceAssemblee> for DocumentAssemblee {
    fn from(p: &PieceAssemblee) -> Self {
        DocumentAssemblee {
            id: p.id,
            titre: p.piece.titre.clone(),
            taille: p.piece.taille,
            sha256: p.piece.sha256.clone(),
            url: format!("/api/assemblees/documents/download?id={}", p.id),
        }
    }
}

/// `{resolution}`: an agenda point's draft resolution.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjetResolution {
    pub resolution: String,
}

/// An agenda point (spec 3 §3 "Agenda point").
#[derive(Debug, Serialize, ToSchema)]
pub struct PointOrdreDuJourDto {
    pub id: i64,
    pub numero: u32,
    pub titre: String,
    pub projet_resolution: String,
    /// The draft resolution as the spec's list: one item.
    pub resolutions: Vec<ProjetResolution>,
}

pub fn ordre_du_jour(a: &Assemblee) -> Vec<PointOrdreDuJourDto> {
    a.points
        .iter()
        .filter(|p| !p.is_info)
        .map(|p| PointOrdreDuJourDto {
            id: p.id,
            numero: p.numero,
            titre: p.titre.clone(),
            projet_resolution: p.projet_resolution.clone(),
            resolutions: vec![ProjetResolution {
                resolution: p.projet_resolution.clone(),
            }],
        })
        .collect()
}

/// A standard point (spec 3 §3 "Library point").
#[derive(Debug, Serialize, ToSchema)]
pub struct PointBibliothequeDto {
    pub id: i64,
    pub titre: String,
    pub projet_resolution: String,
}

impl From<&PointBibliotheque> for PointBibliothequeDto {
    fn from(p: &PointBibliotheque) -> Self {
        PointBibliothequeDto {
            id: p.id,
            titre: p.titre.to_owned(),
            projet_resolution: p.projet_resolution.to_owned(),
        }
    }
}

/// A co-owner's attendance (spec 3 §3 "Presence"); `id` is the co-owner's occupant id.
#[derive(Debug, Serialize, ToSchema)]
pub struct PresenceDto {
    pub id: i64,
    pub occupant_id: i64,
    pub occupant_nom: String,
    /// `present`, `represente` or `absent` (a co-owner not recorded is absent).
    pub is_present: String,
    pub representant: Option<String>,
    /// His share of the common parts (see docs/domain.md "Assemblies").
    pub quote_part: i64,
}

/// Every co-owner of the meeting, each with his attendance: the ones counted when the presences
/// were recorded, else `coproprietaires` (read from the books at the meeting's date).
pub fn presences(a: &Assemblee, coproprietaires: &[Coproprietaire]) -> Vec<PresenceDto> {
    let liste = if a.coproprietaires.is_empty() {
        coproprietaires
    } else {
        &a.coproprietaires
    };
    liste
        .iter()
        .map(|c| {
            let presence = a.presences.iter().find(|p| p.occupant_id == c.occupant_id);
            PresenceDto {
                id: c.occupant_id,
                occupant_id: c.occupant_id,
                occupant_nom: c.nom.clone(),
                is_present: a.statut_de(c.occupant_id).code().to_owned(),
                representant: presence.and_then(|p| p.representant.clone()),
                quote_part: c.quote_part,
            }
        })
        .collect()
}

/// A resolution's option, as offered to the vote.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ResolutionChoixDto)]
pub struct ChoixDto {
    pub choix: String,
}

/// One attendee's vote on a resolution.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ResolutionVoteDto)]
pub struct VoteDto {
    pub occupant_id: i64,
    pub vote: String,
}

/// A resolution's count for one option: votes and shares.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ResolutionDecompteDto)]
pub struct DecompteDto {
    pub option: String,
    pub voix: i64,
    pub quote_parts: i64,
}

impl From<&Decompte> for DecompteDto {
    fn from(d: &Decompte) -> Self {
        DecompteDto {
            option: d.option.clone(),
            voix: d.voix,
            quote_parts: d.quote_parts,
        }
    }
}

/// A count's outcome: `adoptee`, `rejetee`, `choix` (with `choix`) or `egalite`.
#[derive(Debug, Serialize, ToSchema)]
pub struct IssueDto {
    pub issue: String,
    pub choix: Option<String>,
}

impl From<&Issue> for IssueDto {
    fn from(issue: &Issue) -> Self {
        let (code, choix) = match issue {
            Issue::Adoptee => ("adoptee", None),
            Issue::Rejetee => ("rejetee", None),
            Issue::Choix(choix) => ("choix", Some(choix.clone())),
            Issue::Egalite => ("egalite", None),
        };
        IssueDto {
            issue: code.to_owned(),
            choix,
        }
    }
}

/// The art. 91 reduction of an owner holding more than half of the shares.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReductionDto {
    pub occupant_id: i64,
    pub quote_part: i64,
    pub retenue: i64,
}

/// A resolution's result, counted by head and by share (docs/domain.md "Assemblies").
#[derive(Debug, Serialize, ToSchema)]
pub struct ResultatDto {
    pub decomptes: Vec<DecompteDto>,
    pub total_voix: i64,
    pub total_quote_parts: i64,
    pub quote_parts_residence: i64,
    pub par_tete: IssueDto,
    pub par_quote_part: IssueDto,
    pub reduction: Option<ReductionDto>,
}

/// A resolution (spec 3 §3 "Resolution") with its state and result.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResolutionDto {
    pub id: i64,
    pub numero: u32,
    pub resolution: String,
    pub point_id: i64,
    /// `simple` or `multiple`.
    pub type_vote: String,
    pub choix: Vec<ChoixDto>,
    pub votes: Vec<VoteDto>,
    /// Every co-owner present or represented has voted ("Voté"; else "Pas encore").
    pub is_voted: bool,
    pub resultat: ResultatDto,
}

pub fn resolution(a: &Assemblee, point_id: i64, r: &Resolution) -> ResolutionDto {
    let resultat = a.resultat(r);
    let (type_vote, choix) = match &r.type_vote {
        TypeVote::Simple => ("simple", Vec::new()),
        TypeVote::Multiple { choix } => (
            "multiple",
            choix
                .iter()
                .map(|c| ChoixDto { choix: c.clone() })
                .collect(),
        ),
    };
    ResolutionDto {
        id: r.id,
        numero: r.numero,
        resolution: r.texte.clone(),
        point_id,
        type_vote: type_vote.to_owned(),
        choix,
        votes: r
            .votes
            .iter()
            .map(|(occupant_id, vote)| VoteDto {
                occupant_id: *occupant_id,
                vote: vote.clone(),
            })
            .collect(),
        is_voted: a.resolution_votee(r),
        resultat: ResultatDto {
            decomptes: resultat.decomptes.iter().map(DecompteDto::from).collect(),
            total_voix: resultat.total_voix,
            total_quote_parts: resultat.total_quote_parts,
            quote_parts_residence: resultat.quote_parts_residence,
            par_tete: (&resultat.issue_par_tete).into(),
            par_quote_part: (&resultat.issue_par_quote_part).into(),
            reduction: resultat.reduction.map(|r| ReductionDto {
                occupant_id: r.occupant_id,
                quote_part: r.quote_part,
                retenue: r.retenue,
            }),
        },
    }
}

/// A point of the meeting (spec 3 §3 "Step-4 point").
#[derive(Debug, Serialize, ToSchema)]
pub struct PointDto {
    pub id: i64,
    pub numero: u32,
    pub titre: String,
    pub projet_resolution: String,
    pub is_info: bool,
    /// `information`, `termine` or `pas_encore` (spec 3 §2.5 step 4).
    pub etat: String,
    pub resolutions: Vec<ResolutionDto>,
}

pub fn point(a: &Assemblee, p: &Point) -> PointDto {
    let etat = if p.is_info {
        "information"
    } else if a.point_termine(p) {
        "termine"
    } else {
        "pas_encore"
    };
    PointDto {
        id: p.id,
        numero: p.numero,
        titre: p.titre.clone(),
        projet_resolution: p.projet_resolution.clone(),
        is_info: p.is_info,
        etat: etat.to_owned(),
        resolutions: p
            .resolutions
            .iter()
            .map(|r| resolution(a, p.id, r))
            .collect(),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OccupantNom {
    pub id: i64,
    pub nom: String,
}

/// A signatory (spec 3 §3 "Signataire") with the co-owner's name.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignataireDto {
    /// `president`, `secretaire` or `scrutateur`.
    pub role: String,
    pub occupant_id: i64,
    pub nom: String,
}

/// `{id, occupant{id, nom}}`: a co-owner present or represented, to pick signatories from.
#[derive(Debug, Serialize, ToSchema)]
pub struct PresentDto {
    pub id: i64,
    pub occupant: OccupantNom,
    /// `present` or `represente` (scrutineers are chosen among `present`).
    pub is_present: String,
}

/// Step 5's meeting: the meeting and what its closing needs.
#[derive(Debug, Serialize, ToSchema)]
pub struct AssembleeEtape5 {
    #[serde(flatten)]
    pub assemblee: AssembleeDto,
    #[serde(rename = "pvsSignes")]
    pub pvs_signes: Vec<DocumentAssemblee>,
    #[serde(rename = "presencesSignees")]
    pub presences_signees: Vec<DocumentAssemblee>,
    pub signataires: Vec<SignataireDto>,
    pub presences: Vec<PresentDto>,
}

pub fn etape5(a: &Assemblee) -> AssembleeEtape5 {
    let nom = |occupant_id: i64| {
        a.coproprietaires
            .iter()
            .find(|c| c.occupant_id == occupant_id)
            .map(|c| c.nom.clone())
            .unwrap_or_default()
    };
    AssembleeEtape5 {
        assemblee: a.into(),
        pvs_signes: a.pv_signe.iter().map(DocumentAssemblee::from).collect(),
        presences_signees: a
            .presence_signee
            .iter()
            .map(DocumentAssemblee::from)
            .collect(),
        signataires: a
            .infos_finales
            .iter()
            .flat_map(|f| &f.signataires)
            .map(|s| SignataireDto {
                role: s.role.code().to_owned(),
                occupant_id: s.occupant_id,
                nom: nom(s.occupant_id),
            })
            .collect(),
        presences: a
            .presences
            .iter()
            .filter(|p| p.statut.vote())
            .map(|p| PresentDto {
                id: p.occupant_id,
                occupant: OccupantNom {
                    id: p.occupant_id,
                    nom: nom(p.occupant_id),
                },
                is_present: p.statut.code().to_owned(),
            })
            .collect(),
    }
}

/// `{url}` of a signed attendance sheet, as the co-owner's page opens it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UrlDto {
    pub url: String,
}

/// A meeting as a co-owner sees it (spec 3 §3 "Co-owner version").
#[derive(Debug, Serialize, ToSchema)]
pub struct AssembleeCoproprietaire {
    #[serde(flatten)]
    pub assemblee: AssembleeDto,
    /// `realise` (finished) or `upcoming`.
    pub status: String,
    pub is_pv_available: bool,
    pub is_presence_available: bool,
    #[serde(rename = "presencesSignees")]
    pub presences_signees: Vec<UrlDto>,
}

pub fn pour_coproprietaire(a: &Assemblee) -> AssembleeCoproprietaire {
    let terminee = a.etape() == ETAPE_TERMINEE;
    AssembleeCoproprietaire {
        assemblee: a.into(),
        status: if terminee { "realise" } else { "upcoming" }.to_owned(),
        is_pv_available: terminee,
        is_presence_available: a.presence_signee.is_some(),
        presences_signees: a
            .presence_signee
            .iter()
            .map(|p| UrlDto {
                url: DocumentAssemblee::from(p).url,
            })
            .collect(),
    }
}

/// The votes of a resolution keyed by occupant, as the vote call sends them.
pub type VotesParOccupant = BTreeMap<String, String>;
