//! The bank and the cash box (spec 2 §2 "Banking", §3–§9): bank accounts, operations on them
//! (cash withdrawals and deposits, fees, interest), transfers between accounts, cheque
//! deposits (remises de chèques) and the reconciliation's pointing (date_banque). Rules in
//! docs/domain.md "The bank"; what each fact posts to the books in [`crate::comptabilite`].
//!
//! Money moves between the cash box (53), the bank accounts (512, one sub-account each) and
//! the cheques received and not yet deposited (5112). No rule checks that an account holds
//! enough: a bank account may be overdrawn and the books show it.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::error::CodeErreur;
use crate::exercice::ExerciceError;
use crate::montant::Montant;
use crate::revenus::EncaissementId;

mod decide;
mod events;
pub mod releves;

pub use events::{
    BanqueCommand, BanqueEvent, ChequeRemis, DemandeTransfert, FicheCompte, FicheOperation,
};
pub use releves::{
    FicheReleve, FormatReleve, LigneReleve, LigneReleveRef, MappingReleve, RapprochementLigne,
    Releve, ReleveId,
};

pub type CompteBancaireId = i64;
pub type OperationId = i64;
pub type TransfertId = i64;
pub type RemiseId = i64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeCompte {
    Courant,
    Epargne,
}

/// An operation on one bank account (spec 2 §9 "Bank operation types").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeOperation {
    /// Cash taken from the bank into the cash box.
    Retrait,
    /// Cash taken from the cash box to the bank.
    Depot,
    /// Bank fees.
    Frais,
    /// Interest earned.
    Interets,
}

/// A movement of a bank account as the reconciliation lists it and `POST /banque/pointer`
/// names it (`{id, table}`). A transfer shows on both accounts, each side pointed on its own
/// (the two banks do not book it on the same day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableMouvement {
    /// A collection received by transfer or bank deposit (virement, versement).
    Encaissement,
    /// A withdrawal, deposit, fee or interest.
    Operation,
    /// A transfer, on its source account.
    TransfertSortie,
    /// A transfer, on its destination account.
    TransfertEntree,
    /// A cheque deposit, for its total.
    Remise,
    /// A payment of a charge or works item that left the account (money out).
    PaiementDepense,
    /// A salary paid by cheque or transfer (money out).
    PaiementSalaire,
    /// An employer-charge payment that left the account (money out).
    ChargePatronale,
    /// A contract payment: received by transfer (revenue side, money in) or paid by any
    /// method but cash (expense side, money out).
    PaiementContrat,
    /// An exceptional revenue received by transfer (money in).
    RevenuExceptionnel,
    /// The online payment gateway's settlement, for its net (money in; issue 21).
    ReglementPasserelle,
}

impl TableMouvement {
    pub const ALL: [TableMouvement; 11] = [
        TableMouvement::Encaissement,
        TableMouvement::Operation,
        TableMouvement::TransfertSortie,
        TableMouvement::TransfertEntree,
        TableMouvement::Remise,
        TableMouvement::PaiementDepense,
        TableMouvement::PaiementSalaire,
        TableMouvement::ChargePatronale,
        TableMouvement::PaiementContrat,
        TableMouvement::RevenuExceptionnel,
        TableMouvement::ReglementPasserelle,
    ];

    /// The name on the wire (`table` of the reconciliation rows and of the pointing).
    pub fn nom(self) -> &'static str {
        match self {
            TableMouvement::Encaissement => "encaissement",
            TableMouvement::Operation => "operation",
            TableMouvement::TransfertSortie => "transfert_sortie",
            TableMouvement::TransfertEntree => "transfert_entree",
            TableMouvement::Remise => "remise",
            TableMouvement::PaiementDepense => "paiement_depense",
            TableMouvement::PaiementSalaire => "paiement_salaire",
            TableMouvement::ChargePatronale => "charge_patronale",
            TableMouvement::PaiementContrat => "paiement_contrat",
            TableMouvement::RevenuExceptionnel => "revenu_exceptionnel",
            TableMouvement::ReglementPasserelle => "reglement_passerelle",
        }
    }

    pub fn from_nom(nom: &str) -> Option<TableMouvement> {
        TableMouvement::ALL.into_iter().find(|t| t.nom() == nom)
    }
}

/// One movement: its kind and the id of its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Mouvement {
    pub table: TableMouvement,
    pub id: i64,
}

/// A bank account as the decisions need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompteBancaire {
    pub fiche: FicheCompte,
}

/// An operation as the decisions need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Operation {
    pub compte_id: CompteBancaireId,
    pub fiche: FicheOperation,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfert {
    pub source: CompteBancaireId,
    pub destination: CompteBancaireId,
    pub montant: Montant,
    pub date: NaiveDate,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Remise {
    pub compte_id: CompteBancaireId,
    pub date: NaiveDate,
    pub cheques: Vec<ChequeRemis>,
}

/// The bank state of a residence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Banque {
    pub(crate) comptes: BTreeMap<CompteBancaireId, CompteBancaire>,
    pub(crate) compte_principal: Option<CompteBancaireId>,
    pub(crate) operations: BTreeMap<OperationId, Operation>,
    pub(crate) transferts: BTreeMap<TransfertId, Transfert>,
    pub(crate) remises: BTreeMap<RemiseId, Remise>,
    /// The deposit each deposited cheque is in, by the id of the receipt it paid (an
    /// encaissement, a contract payment or an exceptional revenue: one id sequence).
    pub(crate) cheques_remis: BTreeMap<EncaissementId, RemiseId>,
    /// The pointed movements and their bank date.
    pub(crate) pointages: BTreeMap<Mouvement, NaiveDate>,
    /// The highest id ever issued per kind of record: ids of deleted records are not reused,
    /// so the books' entries of a deleted record never name a later one.
    pub(crate) derniers_ids: BTreeMap<String, i64>,
    /// The imported statements (issue 22).
    #[serde(default)]
    pub(crate) releves: BTreeMap<ReleveId, Releve>,
    /// How many lines of each key the account's statements brought (the dedupe of lines).
    #[serde(default)]
    pub(crate) cles_releves: BTreeMap<releves::CleLigne, u32>,
    /// The statement line each movement was pointed with, while it stays pointed.
    #[serde(default)]
    pub(crate) liens_releves: BTreeMap<Mouvement, LigneReleveRef>,
    /// The online payment gateway's settlements (issue 21), by id: their ids are the receipts'
    /// sequence (a collection's, a contract payment's), so the bank lists them beside them.
    #[serde(default)]
    pub(crate) reglements_passerelle: BTreeMap<i64, ReglementPasserelle>,
}

/// A settlement of the online payment gateway to an account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReglementPasserelle {
    pub compte_id: CompteBancaireId,
    pub date: NaiveDate,
    pub montant_brut: Montant,
    pub frais: Montant,
}

impl ReglementPasserelle {
    /// What landed on the account.
    pub fn net(&self) -> Montant {
        self.montant_brut
            .checked_sub(self.frais)
            .unwrap_or(Montant::ZERO)
    }
}

impl Banque {
    pub fn compte(&self, id: CompteBancaireId) -> Option<&CompteBancaire> {
        self.comptes.get(&id)
    }

    pub fn comptes(&self) -> impl Iterator<Item = (CompteBancaireId, &CompteBancaire)> {
        self.comptes.iter().map(|(id, c)| (*id, c))
    }

    /// The account later bank receipts attach to (spec 2 §4 "Main bank account").
    pub fn compte_principal(&self) -> Option<CompteBancaireId> {
        self.compte_principal
    }

    pub fn operation(&self, id: OperationId) -> Option<&Operation> {
        self.operations.get(&id)
    }

    pub fn operations(&self) -> impl Iterator<Item = (OperationId, &Operation)> {
        self.operations.iter().map(|(id, o)| (*id, o))
    }

    pub fn transferts(&self) -> impl Iterator<Item = (TransfertId, &Transfert)> {
        self.transferts.iter().map(|(id, t)| (*id, t))
    }

    pub fn remises(&self) -> impl Iterator<Item = (RemiseId, &Remise)> {
        self.remises.iter().map(|(id, r)| (*id, r))
    }

    pub fn transfert(&self, id: TransfertId) -> Option<&Transfert> {
        self.transferts.get(&id)
    }

    pub fn remise(&self, id: RemiseId) -> Option<&Remise> {
        self.remises.get(&id)
    }

    /// The deposit a cheque (an encaissement by cheque) is in, if it was deposited.
    pub fn remise_du_cheque(&self, encaissement_id: EncaissementId) -> Option<RemiseId> {
        self.cheques_remis.get(&encaissement_id).copied()
    }

    pub fn date_banque(&self, mouvement: Mouvement) -> Option<NaiveDate> {
        self.pointages.get(&mouvement).copied()
    }

    /// Whether anything moved money on the account: an operation, a transfer, a deposit.
    /// (Collections attached to it are checked by the decision, which sees the revenue.)
    pub fn a_des_mouvements_propres(&self, id: CompteBancaireId) -> bool {
        self.operations.values().any(|o| o.compte_id == id)
            || self
                .transferts
                .values()
                .any(|t| t.source == id || t.destination == id)
            || self.remises.values().any(|r| r.compte_id == id)
    }

    pub fn releve(&self, id: ReleveId) -> Option<&Releve> {
        self.releves.get(&id)
    }

    /// The statement of the account with this file's SHA-256, if it was imported.
    pub fn releve_par_sha256(&self, compte_id: CompteBancaireId, sha256: &str) -> Option<ReleveId> {
        self.releves
            .iter()
            .find(|(_, r)| r.compte_id == compte_id && r.sha256 == sha256)
            .map(|(id, _)| *id)
    }

    /// For each line of a file, whether an earlier statement of the account already brought it
    /// (same date, amount and reference or label; equal lines counted).
    pub fn lignes_deja_importees(
        &self,
        compte_id: CompteBancaireId,
        lignes: &[LigneReleve],
    ) -> Vec<bool> {
        releves::rangs_des_lignes(compte_id, lignes)
            .into_iter()
            .map(|(cle, rang)| self.cles_releves.get(&cle).copied().unwrap_or(0) >= rang)
            .collect()
    }

    /// The movements pointed with a statement's line.
    pub fn mouvements_de_la_ligne(&self, ligne: LigneReleveRef) -> Vec<Mouvement> {
        self.liens_releves
            .iter()
            .filter(|(_, l)| **l == ligne)
            .map(|(m, _)| *m)
            .collect()
    }

    /// The statement line a movement was pointed with.
    pub fn ligne_du_mouvement(&self, mouvement: Mouvement) -> Option<LigneReleveRef> {
        self.liens_releves.get(&mouvement).copied()
    }

    pub fn prochain_releve_id(&self) -> ReleveId {
        self.prochain_id("releve")
    }

    fn prochain_id(&self, kind: &str) -> i64 {
        self.derniers_ids.get(kind).copied().unwrap_or(0) + 1
    }

    fn noter_id(&mut self, kind: &str, id: i64) {
        let last = self.derniers_ids.entry(kind.to_owned()).or_insert(0);
        *last = (*last).max(id);
    }

    pub fn reglement_passerelle(&self, id: i64) -> Option<&ReglementPasserelle> {
        self.reglements_passerelle.get(&id)
    }

    /// The highest settlement id issued (0 when none): the receipts' sequence skips it.
    pub fn dernier_reglement_passerelle(&self) -> i64 {
        self.derniers_ids
            .get("reglement_passerelle")
            .copied()
            .unwrap_or(0)
    }

    pub fn prochain_compte_id(&self) -> CompteBancaireId {
        self.prochain_id("compte")
    }

    pub fn prochaine_operation_id(&self) -> OperationId {
        self.prochain_id("operation")
    }

    pub fn prochain_transfert_id(&self) -> TransfertId {
        self.prochain_id("transfert")
    }

    pub fn prochaine_remise_id(&self) -> RemiseId {
        self.prochain_id("remise")
    }
}

/// Why a bank command is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BanqueError {
    /// The date guard of the fiscal years (closed or missing exercice).
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error("le libellé est obligatoire (1 à 200 caractères)")]
    LibelleInvalide,
    #[error("la banque est obligatoire (1 à 200 caractères)")]
    BanqueInvalide,
    #[error("le RIB doit compter 20 chiffres")]
    RibInvalide,
    #[error("l'IBAN doit s'écrire TN suivi de 22 chiffres")]
    IbanInvalide,
    #[error("le montant doit être strictement positif")]
    MontantInvalide,
    #[error("le solde initial ne peut pas être négatif")]
    SoldeInitialInvalide,
    #[error("compte bancaire {0} inconnu")]
    CompteInconnu(CompteBancaireId),
    #[error("le compte principal ne peut pas être supprimé")]
    ComptePrincipalNonSupprimable,
    #[error("le compte a des opérations et ne peut pas être supprimé")]
    CompteAvecOperations,
    #[error("opération {0} inconnue")]
    OperationInconnue(OperationId),
    #[error("transfert {0} inconnu")]
    TransfertInconnu(TransfertId),
    #[error("les comptes source et destination doivent être différents")]
    ComptesIdentiques,
    #[error("remise {0} inconnue")]
    RemiseInconnue(RemiseId),
    #[error("sélectionnez au moins un chèque")]
    AucunCheque,
    #[error("le chèque {0} n'est pas en attente de remise")]
    ChequeIndisponible(EncaissementId),
    #[error("la remise ne peut pas précéder la réception du chèque {0}")]
    RemiseAvantCheque(EncaissementId),
    #[error("mouvement bancaire inconnu")]
    MouvementInconnu,
    #[error("ce relevé a déjà été importé pour ce compte")]
    ReleveDejaImporte,
    #[error("relevé {0} inconnu")]
    ReleveInconnu(ReleveId),
    #[error("ligne de relevé inconnue")]
    LigneReleveInconnue,
    #[error("un mouvement est déjà pointé")]
    DejaPointe,
    #[error("les mouvements ne font pas le montant de la ligne")]
    MontantsDifferents,
    #[error("sélectionnez au moins un mouvement")]
    AucunMouvement,
    #[error("la ligne est déjà rapprochée")]
    LigneDejaRapprochee,
    #[error("la ligne n'est pas rapprochée")]
    LigneNonRapprochee,
    #[error("le type d'opération ne correspond pas au sens de la ligne")]
    TypeIncompatible,
    #[error("le relevé n'a aucune ligne")]
    ReleveVide,
}

impl CodeErreur for BanqueError {
    fn code(&self) -> &'static str {
        match self {
            BanqueError::Exercice(inner) => inner.code(),
            BanqueError::LibelleInvalide => "libelle_invalide",
            BanqueError::BanqueInvalide => "banque_invalide",
            BanqueError::RibInvalide => "rib_invalide",
            BanqueError::IbanInvalide => "iban_invalide",
            BanqueError::MontantInvalide => "montant_positif",
            BanqueError::SoldeInitialInvalide => "montant_negatif",
            BanqueError::CompteInconnu(_) => "compte_inconnu",
            BanqueError::ComptePrincipalNonSupprimable => "compte_principal_non_supprimable",
            BanqueError::CompteAvecOperations => "compte_avec_operations",
            BanqueError::OperationInconnue(_) => "operation_inconnue",
            BanqueError::TransfertInconnu(_) => "transfert_inconnu",
            BanqueError::ComptesIdentiques => "comptes_identiques",
            BanqueError::RemiseInconnue(_) => "remise_inconnue",
            BanqueError::AucunCheque => "aucun_cheque",
            BanqueError::ChequeIndisponible(_) => "cheque_indisponible",
            BanqueError::RemiseAvantCheque(_) => "remise_avant_cheque",
            BanqueError::MouvementInconnu => "mouvement_inconnu",
            BanqueError::ReleveDejaImporte => "releve_deja_importe",
            BanqueError::ReleveInconnu(_) => "releve_inconnu",
            BanqueError::LigneReleveInconnue => "ligne_releve_inconnue",
            BanqueError::DejaPointe => "deja_pointe",
            BanqueError::MontantsDifferents => "montants_differents",
            BanqueError::AucunMouvement => "aucun_mouvement",
            BanqueError::LigneDejaRapprochee => "ligne_deja_rapprochee",
            BanqueError::LigneNonRapprochee => "ligne_non_rapprochee",
            BanqueError::TypeIncompatible => "type_incompatible",
            BanqueError::ReleveVide => "releve_vide",
        }
    }
}

/// A RIB is 20 digits (bank 2, branch 3, account 13, key 2). The key is checked by the form
/// only: a RIB typed from a statement is accepted even when its key does not check.
pub fn rib_valide(rib: &str) -> bool {
    rib.len() == 20 && rib.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a RIB's two-digit key checks: 97 − ((89 × bank + 15 × branch + 3 × account) mod 97),
/// the key of Tunisian RIBs.
pub fn cle_rib_correcte(rib: &str) -> bool {
    if !rib_valide(rib) {
        return false;
    }
    let number = |range: std::ops::Range<usize>| rib[range].parse::<u128>().unwrap_or(0);
    let (banque, agence, compte, cle) = (number(0..2), number(2..5), number(5..18), number(18..20));
    let reste = (89 * banque + 15 * agence + 3 * compte) % 97;
    97 - reste == cle
}

/// A Tunisian IBAN: TN and 22 digits (spaces ignored by the caller).
pub fn iban_valide(iban: &str) -> bool {
    iban.len() == 24 && iban.starts_with("TN") && iban.bytes().skip(2).all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests;
