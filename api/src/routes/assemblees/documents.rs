//! The assembly's printed documents (issue 17): the convocation (in French, or in Arabic on
//! request), the attendance sheet, the draft minutes and the minutes, rendered with typst
//! (`api/templates/assemblee.typ`) from the meeting as its events made it. A render depends only
//! on that data (no clock, fixed fonts, the PDF's identifier from the meeting, the document and
//! its language), so the same meeting always prints the same bytes.

use actix_web::{web, HttpResponse};
use daftar_domain::assemblees::{
    Assemblee, Coproprietaire, Issue, MethodeConvocation, StatutPresence, TypeVote, ETAPE_TERMINEE,
    VOTE_ABSTENTION, VOTE_CONTRE, VOTE_POUR,
};
use serde::{Deserialize, Serialize};

use super::{coproprietaires, residence, trouver, IdQuery};
use crate::auth::{Coproprietaire as Utilisateur, CurrentUser};
use crate::documents::reponse_telechargement;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiQuery;
use crate::startup::AppState;

/// Which document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    Convocation,
    FeuilleDePresence,
    ProjetDeProcesVerbal,
    ProcesVerbal,
}

impl Document {
    fn code(self) -> &'static str {
        match self {
            Document::Convocation => "convocation",
            Document::FeuilleDePresence => "feuille_presence",
            Document::ProjetDeProcesVerbal => "pv_minute",
            Document::ProcesVerbal => "proces_verbal",
        }
    }

    fn titre(self, langue: Langue) -> &'static str {
        match self {
            Document::Convocation if langue == Langue::Ar => "دعوة لحضور الجلسة العامة",
            Document::Convocation => "Convocation à l'assemblée générale",
            Document::FeuilleDePresence => "Feuille de présence",
            Document::ProjetDeProcesVerbal => "Projet de procès-verbal",
            Document::ProcesVerbal => "Procès-verbal de l'assemblée générale",
        }
    }

    /// The download's name (spec 3 §9 "Default download names"); the Arabic convocation's is
    /// its own, so that both versions can be kept side by side.
    fn nom_fichier(self, langue: Langue) -> &'static str {
        match self {
            Document::Convocation if langue == Langue::Ar => "convocation-ar.pdf",
            Document::Convocation => "convocation.pdf",
            Document::FeuilleDePresence => "feuille-presence.pdf",
            Document::ProjetDeProcesVerbal => "pv-minute.pdf",
            Document::ProcesVerbal => "proces-verbal.pdf",
        }
    }
}

/// The language a document is printed in. Only the convocation has an Arabic version (issue 17:
/// "Arabic version of the convocation on request"); the other documents are French.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Langue {
    Fr,
    /// Right to left, Noto Sans Arabic first; dates dd/MM/yyyy in Western digits, as the
    /// Arabic receipts and letters print them.
    Ar,
}

impl Langue {
    fn code(self) -> &'static str {
        match self {
            Langue::Fr => "fr",
            Langue::Ar => "ar",
        }
    }

    /// A text typed by a user, isolated in an Arabic document so that its own direction holds
    /// ("Salle commune" stays as written inside a right-to-left line): Unicode's first-strong
    /// isolate, as the Arabic receipts and letters do.
    fn saisie(self, texte: &str) -> String {
        match self {
            Langue::Fr => texte.to_owned(),
            Langue::Ar => format!("\u{2068}{texte}\u{2069}"),
        }
    }
}

/// `?id=&langue=` of the convocation's download.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConvocationQuery {
    pub id: i64,
    /// `fr` (default) or `ar` (the Arabic version, right to left).
    #[serde(default)]
    pub langue: Option<String>,
}

/// The requested language: absent or empty is French; anything but `fr` and `ar` is refused.
fn langue_demandee(valeur: Option<&str>) -> Result<Langue, ApiError> {
    match valeur.map(str::trim) {
        None | Some("" | "fr") => Ok(Langue::Fr),
        Some("ar") => Ok(Langue::Ar),
        Some(_) => {
            let mut errors = FieldErrors::new();
            errors.add("langue", ErrorCode::ValeurInvalide);
            Err(ApiError::validation(errors))
        }
    }
}

#[derive(Debug, Serialize)]
struct PointDoc {
    numero: u32,
    titre: String,
    projet_resolution: String,
    is_info: bool,
    resolutions: Vec<ResolutionDoc>,
}

#[derive(Debug, Serialize)]
struct ResolutionDoc {
    numero: u32,
    texte: String,
    decomptes: Vec<DecompteDoc>,
    issue_par_tete: String,
    issue_par_quote_part: String,
    reduction: Option<String>,
}

#[derive(Debug, Serialize)]
struct DecompteDoc {
    option: String,
    voix: i64,
    quote_parts: String,
}

#[derive(Debug, Serialize)]
struct CoproprietaireDoc {
    nom: String,
    quote_part: String,
    presence: String,
    representant: String,
}

#[derive(Debug, Serialize)]
struct SignataireDoc {
    role: String,
    nom: String,
}

/// What the template reads (`/data.json`).
#[derive(Debug, Serialize)]
struct Donnees {
    #[serde(rename = "type")]
    type_document: &'static str,
    langue: &'static str,
    document_titre: &'static str,
    residence_nom: String,
    residence_adresse: Option<String>,
    residence_ville: String,
    titre: String,
    date: String,
    heure: String,
    lieu: String,
    mention_convocation: String,
    date_convocation: String,
    signataire: String,
    points: Vec<PointDoc>,
    coproprietaires: Vec<CoproprietaireDoc>,
    total_quote_parts: String,
    nombre_coproprietaires: usize,
    nombre_votants: usize,
    quote_parts_votants: String,
    date_debut: String,
    heure_debut: String,
    date_fin: String,
    heure_fin: String,
    mot_intro: Option<String>,
    mot_fin: Option<String>,
    signataires: Vec<SignataireDoc>,
}

fn jour(date: chrono::NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// `part` of `total` as a percentage with two decimals ("60,00 %"), rounded half up.
pub fn pourcentage(part: i64, total: i64) -> String {
    if total <= 0 {
        return "0,00 %".to_owned();
    }
    let centiemes = (i128::from(part) * 20_000 / i128::from(total) + 1) / 2;
    format!("{},{:02} %", centiemes / 100, centiemes % 100)
}

/// The legal mention of the convocation method (spec 3 §2.5 step 2), in the document's
/// language; the Arabic words are the screens' (step 2's legal rule).
fn mention(methode: Option<MethodeConvocation>, langue: Langue) -> String {
    match (langue, methode) {
        (Langue::Fr, Some(MethodeConvocation::EnMain)) => {
            "Convocation remise en main propre contre décharge signée par le copropriétaire."
        }
        (Langue::Fr, Some(MethodeConvocation::LettreRecommandee)) => {
            "Convocation adressée par lettre recommandée avec accusé de réception."
        }
        (Langue::Fr, None) => "Mode de convocation non encore enregistré.",
        (Langue::Ar, Some(MethodeConvocation::EnMain)) => {
            "سُلّمت الدعوة باليد مقابل وصل استلام ممضى من المالك."
        }
        (Langue::Ar, Some(MethodeConvocation::LettreRecommandee)) => {
            "وُجّهت الدعوة برسالة مضمونة الوصول مع الإعلام بالبلوغ."
        }
        (Langue::Ar, None) => "لم تُسجَّل طريقة الدعوة بعد.",
    }
    .to_owned()
}

fn option_affichee(option: &str) -> String {
    match option {
        VOTE_POUR => "Pour".to_owned(),
        VOTE_CONTRE => "Contre".to_owned(),
        VOTE_ABSTENTION => "Abstention".to_owned(),
        choix => choix.to_owned(),
    }
}

fn issue_affichee(issue: &Issue) -> String {
    match issue {
        Issue::Adoptee => "Adoptée".to_owned(),
        Issue::Rejetee => "Rejetée".to_owned(),
        Issue::Choix(choix) => format!("« {choix} » retenu"),
        Issue::Egalite => "Égalité, aucun choix n'est retenu".to_owned(),
    }
}

fn role_affiche(role: daftar_domain::assemblees::RoleSignataire) -> String {
    use daftar_domain::assemblees::RoleSignataire;
    match role {
        RoleSignataire::President => "Président de séance",
        RoleSignataire::Secretaire => "Secrétaire",
        RoleSignataire::Scrutateur => "Scrutateur",
    }
    .to_owned()
}

fn presence_affichee(statut: StatutPresence) -> String {
    match statut {
        StatutPresence::Present => "Présent",
        StatutPresence::Represente => "Représenté",
        StatutPresence::Absent => "Absent",
    }
    .to_owned()
}

/// The template's data for `document` of meeting `a` in `langue`; `actuels`: the co-owners at
/// the meeting's date as the books say now (used until the presences are recorded).
fn donnees(
    (document, langue): (Document, Langue),
    residence: &crate::identity::Residence,
    a: &Assemblee,
    actuels: &[Coproprietaire],
    signataire: String,
) -> Donnees {
    let roster: &[Coproprietaire] = if a.coproprietaires.is_empty() {
        actuels
    } else {
        &a.coproprietaires
    };
    let total: i64 = roster.iter().map(|c| c.quote_part).sum();
    let votants = a.votants();
    let nom_de = |occupant_id: i64| {
        roster
            .iter()
            .find(|c| c.occupant_id == occupant_id)
            .map(|c| c.nom.clone())
            .unwrap_or_default()
    };
    let points = a
        .points
        .iter()
        .map(|p| PointDoc {
            numero: p.numero,
            titre: langue.saisie(&p.titre),
            projet_resolution: if p.projet_resolution.is_empty() {
                String::new()
            } else {
                langue.saisie(&p.projet_resolution)
            },
            is_info: p.is_info,
            resolutions: p
                .resolutions
                .iter()
                .map(|r| {
                    let resultat = a.resultat(r);
                    let residence_total = resultat.quote_parts_residence;
                    ResolutionDoc {
                        numero: r.numero,
                        texte: match &r.type_vote {
                            TypeVote::Simple => r.texte.clone(),
                            TypeVote::Multiple { choix } => {
                                format!("{} (choix : {})", r.texte, choix.join(", "))
                            }
                        },
                        decomptes: resultat
                            .decomptes
                            .iter()
                            .map(|d| DecompteDoc {
                                option: option_affichee(&d.option),
                                voix: d.voix,
                                quote_parts: pourcentage(d.quote_parts, residence_total),
                            })
                            .collect(),
                        issue_par_tete: issue_affichee(&resultat.issue_par_tete),
                        issue_par_quote_part: issue_affichee(&resultat.issue_par_quote_part),
                        reduction: resultat.reduction.map(|reduction| {
                            format!(
                                "Code des droits réels, art. 91 : les voix de {} ({}) sont réduites à la somme des quotes-parts des autres copropriétaires ({}).",
                                nom_de(reduction.occupant_id),
                                pourcentage(reduction.quote_part, residence_total),
                                pourcentage(reduction.retenue, residence_total)
                            )
                        }),
                    }
                })
                .collect(),
        })
        .collect();
    let coproprietaires = roster
        .iter()
        .map(|c| {
            let presence = a.presences.iter().find(|p| p.occupant_id == c.occupant_id);
            CoproprietaireDoc {
                nom: c.nom.clone(),
                quote_part: pourcentage(c.quote_part, total),
                presence: if a.presences.is_empty() {
                    String::new()
                } else {
                    presence_affichee(a.statut_de(c.occupant_id))
                },
                representant: presence
                    .and_then(|p| p.representant.clone())
                    .unwrap_or_default(),
            }
        })
        .collect();
    let quote_parts_votants: i64 = roster
        .iter()
        .filter(|c| votants.contains(&c.occupant_id))
        .map(|c| c.quote_part)
        .sum();
    let fin = a.infos_finales.as_ref();
    Donnees {
        type_document: document.code(),
        langue: langue.code(),
        document_titre: document.titre(langue),
        residence_nom: langue.saisie(&residence.nom),
        residence_adresse: Some(residence.adresse.as_str())
            .filter(|a| !a.is_empty())
            .map(|a| langue.saisie(a)),
        residence_ville: langue.saisie(&residence.ville),
        titre: langue.saisie(&a.titre),
        date: jour(a.date),
        heure: a.heure.as_str().to_owned(),
        lieu: langue.saisie(&a.lieu),
        mention_convocation: mention(a.methode_convocation, langue),
        date_convocation: a.date_convocation.map(jour).unwrap_or_default(),
        signataire: langue.saisie(&signataire),
        points,
        coproprietaires,
        total_quote_parts: pourcentage(total, total),
        nombre_coproprietaires: roster.len(),
        nombre_votants: votants.len(),
        quote_parts_votants: pourcentage(quote_parts_votants, total),
        date_debut: a.date_debut.map(jour).unwrap_or_default(),
        heure_debut: a
            .heure_debut
            .as_ref()
            .map(|h| h.as_str().to_owned())
            .unwrap_or_default(),
        date_fin: fin.map(|f| jour(f.date_fin)).unwrap_or_default(),
        heure_fin: fin
            .map(|f| f.heure_fin.as_str().to_owned())
            .unwrap_or_default(),
        mot_intro: fin.and_then(|f| f.mot_intro.clone()),
        mot_fin: fin.and_then(|f| f.mot_fin.clone()),
        signataires: fin
            .map(|f| {
                f.signataires
                    .iter()
                    .map(|s| SignataireDoc {
                        role: role_affiche(s.role),
                        nom: nom_de(s.occupant_id),
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// Who may download `document` of `a`: the council any document (the minutes once the end is
/// recorded); a co-owner the convocation of a meeting he sees and the minutes once finished.
fn autoriser(document: Document, a: &Assemblee, current: &CurrentUser) -> Result<(), ApiError> {
    let syndic = current.user.is_syndic;
    if !syndic && !a.visible_aux_coproprietaires() {
        return Err(ErrorCode::AssembleeIntrouvable.into());
    }
    match document {
        Document::Convocation => Ok(()),
        Document::FeuilleDePresence | Document::ProjetDeProcesVerbal if syndic => Ok(()),
        Document::FeuilleDePresence | Document::ProjetDeProcesVerbal => {
            Err(ErrorCode::SyndicRequired.into())
        }
        Document::ProcesVerbal if syndic && a.infos_finales.is_some() => Ok(()),
        Document::ProcesVerbal if a.etape() == ETAPE_TERMINEE => Ok(()),
        Document::ProcesVerbal => Err(ErrorCode::ProcesVerbalIndisponible.into()),
    }
}

/// Renders `document` of meeting `id` in `langue` for the caller.
pub async fn telecharger(
    state: &AppState,
    current: &CurrentUser,
    id: i64,
    (document, langue): (Document, Langue),
) -> Result<HttpResponse, ApiError> {
    let assemblee = state
        .ledger
        .read_assemblees(residence(current), |assemblees| {
            Ok(trouver(assemblees, id)?.clone())
        })
        .await?;
    autoriser(document, &assemblee, current)?;
    let actuels = coproprietaires(state, current, assemblee.date).await?;
    let residence = crate::identity::find_residence(&state.db, current.residence_id)
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!(e)))?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("residence without its row")))?;
    let conseil = crate::identity::council::members(&state.db, current.residence_id)
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!(e)))?;
    let signataire = conseil
        .into_iter()
        .find(|membre| membre.is_president)
        .map_or_else(
            || match langue {
                Langue::Fr => "Le conseil syndical".to_owned(),
                Langue::Ar => "مجلس النقابة".to_owned(),
            },
            |president| president.nom,
        );
    let donnees = donnees(
        (document, langue),
        &residence,
        &assemblee,
        &actuels,
        signataire,
    );
    let ident = format!(
        "assemblee_{}_{}_{}_{}",
        current.residence_id,
        assemblee.id,
        document.code(),
        langue.code()
    );
    let modele = state.assemblee_pdf.clone();
    let rendu = web::block(move || modele.rendre(&donnees, &ident))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(reponse_telechargement(
        document.nom_fichier(langue).to_owned(),
        "application/pdf",
        rendu.pdf,
    ))
}

macro_rules! telechargement {
    ($nom:ident, $chemin:literal, $operation:literal, $document:expr, $quoi:literal) => {
        #[doc = $quoi]
        #[utoipa::path(get, path = $chemin, operation_id = $operation, tag = "assemblees",
            params(IdQuery),
            responses((status = 200, description = "The PDF; its name in `x-file-name`", content_type = "application/pdf", body = Vec<u8>),
                (status = 403, description = "`syndic_required` (a co-owner asking a council's document)", body = ErrorBody),
                (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
                (status = 422, description = "`proces_verbal_indisponible`", body = ErrorBody),
                crate::answers::SignedIn),
            security(("session" = [])))]
        pub async fn $nom(
            state: web::Data<AppState>,
            current: Utilisateur,
            query: ApiQuery<IdQuery>,
        ) -> Result<HttpResponse, ApiError> {
            telecharger(&state, &current, query.id, ($document, Langue::Fr)).await
        }
    };
}

/// The convocation (council; a co-owner once the meeting is convoked), in French or, with
/// `langue=ar`, in Arabic (right to left).
#[utoipa::path(get, path = "/api/assemblees/convocation/download", operation_id = "getConvocation",
    tag = "assemblees",
    params(ConvocationQuery),
    responses((status = 200, description = "The PDF; its name in `x-file-name` (`convocation.pdf`, `convocation-ar.pdf`)", content_type = "application/pdf", body = Vec<u8>),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `langue` not `fr` or `ar` (`valeur_invalide`)", body = ErrorBody),
        crate::answers::SignedIn),
    security(("session" = [])))]
pub async fn convocation(
    state: web::Data<AppState>,
    current: Utilisateur,
    query: ApiQuery<ConvocationQuery>,
) -> Result<HttpResponse, ApiError> {
    let langue = langue_demandee(query.langue.as_deref())?;
    telecharger(&state, &current, query.id, (Document::Convocation, langue)).await
}
telechargement!(
    feuille_presence,
    "/api/assemblees/feuille-presence/download",
    "getFeuillePresence",
    Document::FeuilleDePresence,
    "The attendance sheet, with each co-owner's share and a signature column (council)."
);
telechargement!(
    pv_minute,
    "/api/assemblees/pv-minute/download",
    "getPvMinute",
    Document::ProjetDeProcesVerbal,
    "The draft minutes, before the meeting (council)."
);
telechargement!(
    proces_verbal,
    "/api/assemblees/proces-verbal/download",
    "getProcesVerbal",
    Document::ProcesVerbal,
    "The minutes (council once the end is recorded; a co-owner once the meeting is finished)."
);

#[cfg(test)]
mod tests {
    use super::pourcentage;

    #[test]
    fn a_share_prints_as_a_percentage_with_two_decimals_rounded_half_up() {
        assert_eq!(pourcentage(60, 100), "60,00 %");
        assert_eq!(pourcentage(1, 3), "33,33 %");
        assert_eq!(pourcentage(2, 3), "66,67 %");
        assert_eq!(pourcentage(1, 0), "0,00 %");
    }
}
