//! The answers of the charges and works (docs/api-depenses.md "Current charges", "Works",
//! "Documents"): a record as listed (`Charge`, `Travaux`), with its files and payments
//! (`ChargeDetail`, `TravauxDetail`), a payment, a file.

use chrono::NaiveDate;
use daftar_domain::depenses::{MethodePaiementDepense, TypeApprobateur};
use daftar_domain::document::NatureDocument;
use daftar_projections::depenses::{DepenseRow, DocumentRow, EtatPaiement, Nomme, PaiementRow};
use serde::Serialize;
use utoipa::ToSchema;

use crate::exercices_clotures::ExercicesClotures;
use crate::money::Dt;

/// How much of a record is paid (spec 2 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EtatPaiementDepense {
    Impaye,
    Partiel,
    Complet,
}

impl From<EtatPaiement> for EtatPaiementDepense {
    fn from(etat: EtatPaiement) -> Self {
        match etat {
            EtatPaiement::Impaye => Self::Impaye,
            EtatPaiement::Partiel => Self::Partiel,
            EtatPaiement::Complet => Self::Complet,
        }
    }
}

/// How an expense is paid (spec 2 §9: charges and works).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiementDepenseApi {
    Espece,
    Cheque,
    Virement,
    Tpe,
    Enligne,
}

impl From<MethodePaiementDepenseApi> for MethodePaiementDepense {
    fn from(value: MethodePaiementDepenseApi) -> Self {
        match value {
            MethodePaiementDepenseApi::Espece => Self::Espece,
            MethodePaiementDepenseApi::Cheque => Self::Cheque,
            MethodePaiementDepenseApi::Virement => Self::Virement,
            MethodePaiementDepenseApi::Tpe => Self::Tpe,
            MethodePaiementDepenseApi::Enligne => Self::Enligne,
        }
    }
}

impl From<MethodePaiementDepense> for MethodePaiementDepenseApi {
    fn from(value: MethodePaiementDepense) -> Self {
        match value {
            MethodePaiementDepense::Espece => Self::Espece,
            MethodePaiementDepense::Cheque => Self::Cheque,
            MethodePaiementDepense::Virement => Self::Virement,
            MethodePaiementDepense::Tpe => Self::Tpe,
            MethodePaiementDepense::Enligne => Self::Enligne,
        }
    }
}

/// Who approved or refused works.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeApprobateurApi {
    Assemblee,
    Vote,
}

impl From<TypeApprobateur> for TypeApprobateurApi {
    fn from(value: TypeApprobateur) -> Self {
        match value {
            TypeApprobateur::Assemblee => Self::Assemblee,
            TypeApprobateur::Vote => Self::Vote,
        }
    }
}

/// A record's supplier (or another name by its id).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NomRef {
    pub id: i64,
    pub nom: String,
}

impl From<Nomme> for NomRef {
    fn from(value: Nomme) -> Self {
        NomRef {
            id: value.id,
            nom: value.nom,
        }
    }
}

/// A category as the selectors list it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CategorieChoix {
    pub id: i64,
    pub titre: String,
}

/// An assembly or vote as the works' approval names it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TitreRef {
    pub id: i64,
    pub titre: String,
}

/// What a file is to its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeDocument {
    Facture,
    Devis,
    Doc,
}

impl From<NatureDocument> for TypeDocument {
    fn from(value: NatureDocument) -> Self {
        match value {
            NatureDocument::Facture => Self::Facture,
            NatureDocument::Devis => Self::Devis,
            NatureDocument::Doc => Self::Doc,
        }
    }
}

/// A file attached to a record (docs/api-depenses.md "Documents").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Document {
    pub id: i64,
    /// The file's name as sent.
    pub titre: String,
    #[serde(rename = "type")]
    pub type_document: TypeDocument,
    /// `application/pdf`, `image/png` or `image/jpeg`.
    pub content_type: String,
    /// Bytes as stored.
    pub taille: i64,
    /// `/api/documents/{id}`.
    pub url: String,
    /// `/api/documents/{id}/miniature`: a PNG of at most 256 px.
    pub miniature_url: String,
}

impl From<DocumentRow> for Document {
    fn from(row: DocumentRow) -> Self {
        Document {
            url: format!("/api/documents/{}", row.id),
            miniature_url: format!("/api/documents/{}/miniature", row.id),
            id: row.id,
            titre: row.titre,
            type_document: row.nature.into(),
            content_type: row.content_type,
            taille: row.taille,
        }
    }
}

/// A payment of a charge or works item.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaiementDepense {
    pub id: i64,
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    pub methode_paiement: MethodePaiementDepenseApi,
    /// Kept for `cheque` and `virement` only.
    pub reference_paiement: Option<String>,
    /// The bank account it left (the main account when it was recorded); `null` for cash.
    pub compte_id: Option<i64>,
    /// Its date lies in a closed exercice: it can no longer be changed.
    pub is_closed: bool,
}

impl PaiementDepense {
    pub fn new(row: PaiementRow, clotures: &ExercicesClotures) -> Self {
        PaiementDepense {
            is_closed: clotures.date(row.date_paiement),
            id: row.id,
            montant: row.montant.into(),
            date_paiement: row.date_paiement,
            methode_paiement: row.methode.into(),
            reference_paiement: row.reference,
            compte_id: row.compte_id,
        }
    }
}

/// A current charge as listed (spec 2 §3 "Charge").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Charge {
    pub id: i64,
    pub titre: String,
    pub montant_total: Dt,
    /// The sum of its payments.
    pub montant_paye: Dt,
    pub restant_du: Dt,
    pub etat_paiement: EtatPaiementDepense,
    pub date_facture: NaiveDate,
    pub categorie: Option<NomRef>,
    pub fournisseur: NomRef,
    pub commentaire: Option<String>,
    /// Its invoice date is in a closed exercice (edit, delete, pay disabled).
    pub is_closed: bool,
    /// It has payments: it cannot be deleted (`depense_avec_paiements`).
    pub has_paiements: bool,
}

impl Charge {
    pub fn new(row: DepenseRow, clotures: &ExercicesClotures) -> Self {
        Charge {
            is_closed: clotures.date(row.date_facture),
            restant_du: row.restant_du().into(),
            etat_paiement: row.etat_paiement().into(),
            id: row.id,
            titre: row.titre,
            montant_total: row.montant_total.into(),
            montant_paye: row.montant_paye.into(),
            date_facture: row.date_facture,
            categorie: row.categorie.map(NomRef::from),
            fournisseur: row.fournisseur.into(),
            commentaire: row.commentaire,
            has_paiements: row.has_paiements,
        }
    }
}

/// Works as listed (spec 2 §3 "Travaux"): a charge's fields, the description and the approval.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Travaux {
    pub id: i64,
    pub titre: String,
    pub montant_total: Dt,
    pub montant_paye: Dt,
    pub restant_du: Dt,
    pub etat_paiement: EtatPaiementDepense,
    pub date_facture: NaiveDate,
    pub categorie: Option<NomRef>,
    pub fournisseur: NomRef,
    pub commentaire: Option<String>,
    pub is_closed: bool,
    pub has_paiements: bool,
    pub description: Option<String>,
    /// 1 approved, 0 refused, `null` undecided.
    pub is_approved: Option<i64>,
    pub approvable_type: Option<TypeApprobateurApi>,
    /// The approving assembly or vote.
    pub approvable: Option<TitreRef>,
}

impl Travaux {
    pub fn new(row: DepenseRow, clotures: &ExercicesClotures) -> Self {
        let approbation = row.approbation;
        let par = approbation.and_then(|a| a.par);
        let description = row.description.clone();
        let charge = Charge::new(row, clotures);
        Travaux {
            id: charge.id,
            titre: charge.titre,
            montant_total: charge.montant_total,
            montant_paye: charge.montant_paye,
            restant_du: charge.restant_du,
            etat_paiement: charge.etat_paiement,
            date_facture: charge.date_facture,
            categorie: charge.categorie,
            fournisseur: charge.fournisseur,
            commentaire: charge.commentaire,
            is_closed: charge.is_closed,
            has_paiements: charge.has_paiements,
            description,
            is_approved: approbation.map(|a| i64::from(a.approuve)),
            approvable_type: par.map(|(type_approbateur, _)| type_approbateur.into()),
            // The id only: the meeting's or vote's title lives in its own stream (the screens
            // name it from `GET /travaux/ags-votes`).
            approvable: par.map(|(_, id)| TitreRef {
                id,
                titre: String::new(),
            }),
        }
    }
}

/// A record's files by kind and its payments.
#[derive(Debug, Clone, Default)]
pub struct Pieces {
    pub factures: Vec<Document>,
    pub devis: Vec<Document>,
    pub paiements: Vec<PaiementDepense>,
}

impl Pieces {
    pub fn new(
        documents: Vec<DocumentRow>,
        paiements: Vec<PaiementRow>,
        clotures: &ExercicesClotures,
    ) -> Self {
        let mut pieces = Pieces::default();
        for document in documents {
            match document.nature {
                NatureDocument::Facture => pieces.factures.push(document.into()),
                NatureDocument::Devis => pieces.devis.push(document.into()),
                // A charge's or works item's files are invoices and quotes only.
                NatureDocument::Doc => {}
            }
        }
        pieces.paiements = paiements
            .into_iter()
            .map(|row| PaiementDepense::new(row, clotures))
            .collect();
        pieces
    }
}

/// A charge with its files and payments.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChargeDetail {
    pub id: i64,
    pub titre: String,
    pub montant_total: Dt,
    pub montant_paye: Dt,
    pub restant_du: Dt,
    pub etat_paiement: EtatPaiementDepense,
    pub date_facture: NaiveDate,
    pub categorie: Option<NomRef>,
    pub fournisseur: NomRef,
    pub commentaire: Option<String>,
    pub is_closed: bool,
    pub has_paiements: bool,
    pub factures: Vec<Document>,
    pub devis: Vec<Document>,
    /// By date.
    pub paiements: Vec<PaiementDepense>,
}

impl ChargeDetail {
    pub fn new(charge: Charge, pieces: Pieces) -> Self {
        ChargeDetail {
            id: charge.id,
            titre: charge.titre,
            montant_total: charge.montant_total,
            montant_paye: charge.montant_paye,
            restant_du: charge.restant_du,
            etat_paiement: charge.etat_paiement,
            date_facture: charge.date_facture,
            categorie: charge.categorie,
            fournisseur: charge.fournisseur,
            commentaire: charge.commentaire,
            is_closed: charge.is_closed,
            has_paiements: charge.has_paiements,
            factures: pieces.factures,
            devis: pieces.devis,
            paiements: pieces.paiements,
        }
    }
}

/// Works with their files and payments.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TravauxDetail {
    pub id: i64,
    pub titre: String,
    pub montant_total: Dt,
    pub montant_paye: Dt,
    pub restant_du: Dt,
    pub etat_paiement: EtatPaiementDepense,
    pub date_facture: NaiveDate,
    pub categorie: Option<NomRef>,
    pub fournisseur: NomRef,
    pub commentaire: Option<String>,
    pub is_closed: bool,
    pub has_paiements: bool,
    pub description: Option<String>,
    pub is_approved: Option<i64>,
    pub approvable_type: Option<TypeApprobateurApi>,
    pub approvable: Option<TitreRef>,
    pub factures: Vec<Document>,
    pub devis: Vec<Document>,
    pub paiements: Vec<PaiementDepense>,
}

impl TravauxDetail {
    pub fn new(travaux: Travaux, pieces: Pieces) -> Self {
        TravauxDetail {
            id: travaux.id,
            titre: travaux.titre,
            montant_total: travaux.montant_total,
            montant_paye: travaux.montant_paye,
            restant_du: travaux.restant_du,
            etat_paiement: travaux.etat_paiement,
            date_facture: travaux.date_facture,
            categorie: travaux.categorie,
            fournisseur: travaux.fournisseur,
            commentaire: travaux.commentaire,
            is_closed: travaux.is_closed,
            has_paiements: travaux.has_paiements,
            description: travaux.description,
            is_approved: travaux.is_approved,
            approvable_type: travaux.approvable_type,
            approvable: travaux.approvable,
            factures: pieces.factures,
            devis: pieces.devis,
            paiements: pieces.paiements,
        }
    }
}

/// The answers of one nature's routes, each under the nature's key (`charge`/`charges` or
/// `travaux`), as docs/api-depenses.md says.
macro_rules! reponses_de_nature {
    (
        $item:ident, $detail:ident, liste: $liste:ident . $champ_liste:ident,
        fiche: $reponse:ident . $champ:ident, resume: $reponse_item:ident,
        paiement: $reponse_paiement:ident $(,)?
    ) => {
        #[derive(Debug, Serialize, ToSchema)]
        pub struct $liste {
            pub success: bool,
            /// Newest invoice first.
            pub $champ_liste: Vec<$item>,
        }

        #[derive(Debug, Serialize, ToSchema)]
        pub struct $reponse {
            pub success: bool,
            pub $champ: $detail,
        }

        #[derive(Debug, Serialize, ToSchema)]
        pub struct $reponse_item {
            pub success: bool,
            pub $champ: $item,
        }

        #[derive(Debug, Serialize, ToSchema)]
        pub struct $reponse_paiement {
            pub success: bool,
            pub paiement: PaiementDepense,
            /// The record as it now is.
            pub $champ: $item,
        }
    };
}

reponses_de_nature!(
    Charge,
    ChargeDetail,
    liste: ChargesResponse.charges,
    fiche: ChargeResponse.charge,
    resume: ChargeResumeResponse,
    paiement: ChargePaiementResponse,
);

reponses_de_nature!(
    Travaux,
    TravauxDetail,
    liste: TravauxListeResponse.travaux,
    fiche: TravauxResponse.travaux,
    resume: TravauxResumeResponse,
    paiement: TravauxPaiementResponse,
);

/// `GET /charges-courantes/fournisseurs-categories`.
#[derive(Debug, Serialize, ToSchema)]
pub struct FournisseursCategoriesResponse {
    pub success: bool,
    /// By name.
    pub fournisseurs: Vec<NomRef>,
    /// By title.
    pub categories: Vec<CategorieChoix>,
}

/// `GET /travaux/ags-votes`: the assemblies and votes that may approve works or a budget.
#[derive(Debug, Serialize, ToSchema)]
pub struct AgsVotesResponse {
    pub success: bool,
    pub ags: Vec<TitreRef>,
    pub votes: Vec<TitreRef>,
}
