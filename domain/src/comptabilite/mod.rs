//! The books: what each money fact of a residence posts, in double entry (ADR 0007, accounts
//! and postings in docs/domain.md "The books").
//!
//! [`passations`] is the one pure function from an event to its postings. The postings are
//! never stored in the journal a second time: the books are a read model, and a replay of the
//! same events always gives the same books. A fact that corrects or undoes an earlier one
//! posts a contra-entry ([`Passation::Extourner`]): the entries standing for its record are
//! posted again with debit and credit swapped, on their own dates (so a correction stays in the
//! exercice of what it corrects, which the closed-year guard protects), and never edited.
//!
//! [`Livres`] keeps books in memory by these rules: the reference the read model is compared
//! with, and what the property tests check the invariants on.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::banque::{
    BanqueEvent, CompteBancaireId, OperationId, RemiseId, TransfertId, TypeOperation,
};
use crate::contrats::{
    ContratId, ContratsEvent, Contrepartie, FicheRevenuExceptionnel, MethodePaiementContrat,
    PaiementContratFait, PaiementContratId, RevenuExceptionnelId,
};
use crate::depenses::{
    CategorieId, DepenseId, DepensesEvent, FicheDepense, NatureDepense, PaiementDepenseId,
    PaiementFait,
};
use crate::exercice::ExerciceEvent;
use crate::grand_livre::GrandLivreEvent;
use crate::montant::Montant;
use crate::revenus::{
    CotisationId, EncaissementId, MethodePaiement, RevenusEvent, TropPercuId, TypeCotisation,
};
use crate::salaires::{
    ChargePatronaleFaite, ChargePatronaleId, PaiementSalaireFait, PaiementSalaireId, SalairesEvent,
};

/// An account of the chart (ADR 0007: the French co-ownership chart of accounts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Compte {
    /// 450 — what the co-owners owe (calls) and pay.
    Coproprietaires,
    /// 401 — what the residence owes its suppliers (invoices) and pays them.
    Fournisseurs,
    /// 512 — one sub-account per bank account (512001, 512002…); `None` (512000) holds bank
    /// receipts recorded before any bank account existed.
    Banque(Option<CompteBancaireId>),
    /// 5112 — cheques received and not yet deposited.
    ChequesAEncaisser,
    /// 5115 — online payments the gateway (Konnect) collected and has not yet settled to the
    /// bank (issue 21; beside 5112, cheques to deposit: money received, not yet on an account).
    PaiementsEnLigne,
    /// 53 — the cash box.
    Caisse,
    /// 600 — current charges, one sub-account per expense category (600001, 600002…);
    /// `None` (600000) holds the charges without a category.
    ChargesCourantes(Option<CategorieId>),
    /// 627 — bank fees.
    FraisBancaires,
    /// 641 — salaries of the residence's staff (concierge, cleaner).
    Salaires,
    /// 645 — employer social charges (CNSS).
    ChargesSociales,
    /// 672 — works decided by the general assembly.
    Travaux,
    /// 701 — calls for current operations (recurring cotisations).
    ProvisionsOperationsCourantes,
    /// 702 — calls for works and exceptional operations (exceptional cotisations).
    ProvisionsOperationsExceptionnelles,
    /// 716 — financial income (interest earned).
    ProduitsFinanciers,
    /// 752 — income of the common parts let by contract (a rooftop antenna, a shop sign).
    RevenusContrats,
    /// 771 — exceptional income (old parts sold, an insurance refund).
    ProduitsExceptionnels,
    /// 890 — opening balance of what the books start following (a bank account's opening
    /// balance).
    BilanOuverture,
    /// 110 — report à nouveau: the results of the closed exercices, carried into the next
    /// one by its opening entry.
    ReportANouveau,
}

impl Compte {
    /// The account number as printed.
    pub fn numero(self) -> String {
        match self {
            Compte::Coproprietaires => "450".to_owned(),
            Compte::Fournisseurs => "401".to_owned(),
            Compte::ChargesCourantes(None) => "600000".to_owned(),
            Compte::ChargesCourantes(Some(id)) => format!("600{id:03}"),
            Compte::Travaux => "672".to_owned(),
            Compte::Banque(None) => "512000".to_owned(),
            Compte::Banque(Some(id)) => format!("512{id:03}"),
            Compte::ChequesAEncaisser => "5112".to_owned(),
            Compte::PaiementsEnLigne => "5115".to_owned(),
            Compte::Caisse => "53".to_owned(),
            Compte::FraisBancaires => "627".to_owned(),
            Compte::Salaires => "641".to_owned(),
            Compte::ChargesSociales => "645".to_owned(),
            Compte::ProvisionsOperationsCourantes => "701".to_owned(),
            Compte::ProvisionsOperationsExceptionnelles => "702".to_owned(),
            Compte::ProduitsFinanciers => "716".to_owned(),
            Compte::RevenusContrats => "752".to_owned(),
            Compte::ProduitsExceptionnels => "771".to_owned(),
            Compte::BilanOuverture => "890".to_owned(),
            Compte::ReportANouveau => "110".to_owned(),
        }
    }

    /// The account's title (a bank sub-account's title is its bank account's libellé, which
    /// the read side adds).
    pub fn intitule(self) -> &'static str {
        match self {
            Compte::Coproprietaires => "Copropriétaires",
            Compte::Fournisseurs => "Fournisseurs",
            Compte::ChargesCourantes(None) => "Charges courantes (sans catégorie)",
            Compte::ChargesCourantes(Some(_)) => "Charges courantes",
            Compte::Travaux => "Travaux décidés par l'assemblée générale",
            Compte::Banque(None) => "Banque (compte non désigné)",
            Compte::Banque(Some(_)) => "Banque",
            Compte::ChequesAEncaisser => "Chèques à encaisser",
            Compte::PaiementsEnLigne => "Paiements en ligne à recevoir (passerelle)",
            Compte::Caisse => "Caisse",
            Compte::FraisBancaires => "Frais bancaires",
            Compte::Salaires => "Salaires du personnel",
            Compte::ChargesSociales => "Charges sociales patronales",
            Compte::ProvisionsOperationsCourantes => "Provisions sur opérations courantes",
            Compte::ProvisionsOperationsExceptionnelles => {
                "Provisions sur travaux et opérations exceptionnelles"
            }
            Compte::ProduitsFinanciers => "Produits financiers",
            Compte::RevenusContrats => "Revenus des contrats des parties communes",
            Compte::ProduitsExceptionnels => "Produits exceptionnels",
            Compte::BilanOuverture => "Bilan d'ouverture",
            Compte::ReportANouveau => "Report à nouveau",
        }
    }

    /// The account a number names, if it is one of the chart's.
    pub fn from_numero(numero: &str) -> Option<Compte> {
        let fixed = [
            Compte::Coproprietaires,
            Compte::Fournisseurs,
            Compte::ChargesCourantes(None),
            Compte::Travaux,
            Compte::Banque(None),
            Compte::ChequesAEncaisser,
            Compte::PaiementsEnLigne,
            Compte::Caisse,
            Compte::FraisBancaires,
            Compte::Salaires,
            Compte::ChargesSociales,
            Compte::ProvisionsOperationsCourantes,
            Compte::ProvisionsOperationsExceptionnelles,
            Compte::ProduitsFinanciers,
            Compte::RevenusContrats,
            Compte::ProduitsExceptionnels,
            Compte::BilanOuverture,
            Compte::ReportANouveau,
        ];
        if let Some(compte) = fixed.into_iter().find(|c| c.numero() == numero) {
            return Some(compte);
        }
        // A sub-account: 512 and a bank account's id, 600 and a category's, at least 3 digits.
        let (prefixe, id) = numero.split_at_checked(3)?;
        if id.len() < 3 || !id.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let id: i64 = id.parse().ok()?;
        let compte = match prefixe {
            "512" => Compte::Banque(Some(id)),
            "600" => Compte::ChargesCourantes(Some(id)),
            _ => return None,
        };
        (id > 0 && compte.numero() == numero).then_some(compte)
    }

    /// Money the syndicate holds: the cash box and the bank accounts (spec 2 §3 "Closing
    /// balances"). Cheques not yet deposited are reported on their own.
    pub fn est_tresorerie(self) -> bool {
        matches!(self, Compte::Caisse | Compte::Banque(_))
    }

    /// A balance-sheet account (classes 1 to 5, and 890): its balance is carried into the next
    /// exercice. The others (charges, classes 6; income, 7) make the year's result.
    pub fn est_bilan(self) -> bool {
        match self {
            Compte::Coproprietaires
            | Compte::Fournisseurs
            | Compte::Banque(_)
            | Compte::ChequesAEncaisser
            | Compte::PaiementsEnLigne
            | Compte::Caisse
            | Compte::BilanOuverture
            | Compte::ReportANouveau => true,
            Compte::ChargesCourantes(_)
            | Compte::FraisBancaires
            | Compte::Salaires
            | Compte::ChargesSociales
            | Compte::Travaux
            | Compte::ProvisionsOperationsCourantes
            | Compte::ProvisionsOperationsExceptionnelles
            | Compte::ProduitsFinanciers
            | Compte::RevenusContrats
            | Compte::ProduitsExceptionnels => false,
        }
    }
}

/// The record an entry stands for: what a later correction of that record reverses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Source {
    /// The calls of a cotisation (one entry per call).
    Appels(CotisationId),
    Encaissement(EncaissementId),
    SoldeInitial(CompteBancaireId),
    Operation(OperationId),
    Transfert(TransfertId),
    Remise(RemiseId),
    /// The invoice of a charge or works item.
    Depense(DepenseId),
    PaiementDepense(PaiementDepenseId),
    PaiementSalaire(PaiementSalaireId),
    ChargePatronale(ChargePatronaleId),
    PaiementContrat(PaiementContratId),
    RevenuExceptionnel(RevenuExceptionnelId),
    /// The opening entry of an exercice (its year), carrying the previous one's balances.
    ReportANouveau(i64),
    /// An online payment's overpayment (issue 21).
    TropPercu(TropPercuId),
    /// The online payment gateway's settlement to a bank account (issue 21).
    ReglementPasserelle(i64),
}

impl Source {
    /// The kind of record, as stored.
    pub fn nature(self) -> &'static str {
        match self {
            Source::Appels(_) => "appels",
            Source::Encaissement(_) => "encaissement",
            Source::SoldeInitial(_) => "solde_initial",
            Source::Operation(_) => "operation",
            Source::Transfert(_) => "transfert",
            Source::Remise(_) => "remise",
            Source::Depense(_) => "depense",
            Source::PaiementDepense(_) => "paiement_depense",
            Source::PaiementSalaire(_) => "paiement_salaire",
            Source::ChargePatronale(_) => "charge_patronale",
            Source::PaiementContrat(_) => "paiement_contrat",
            Source::RevenuExceptionnel(_) => "revenu_exceptionnel",
            Source::ReportANouveau(_) => "report_a_nouveau",
            Source::TropPercu(_) => "trop_percu",
            Source::ReglementPasserelle(_) => "reglement_passerelle",
        }
    }

    pub fn id(self) -> i64 {
        match self {
            Source::Appels(id)
            | Source::Encaissement(id)
            | Source::SoldeInitial(id)
            | Source::Operation(id)
            | Source::Transfert(id)
            | Source::Remise(id)
            | Source::Depense(id)
            | Source::PaiementDepense(id)
            | Source::PaiementSalaire(id)
            | Source::ChargePatronale(id) => id,
            Source::PaiementContrat(id)
            | Source::RevenuExceptionnel(id)
            | Source::ReportANouveau(id)
            | Source::TropPercu(id)
            | Source::ReglementPasserelle(id) => id,
        }
    }
}

/// One line of an entry: an amount to the debit or to the credit of an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ligne {
    pub compte: Compte,
    pub debit: Montant,
    pub credit: Montant,
}

impl Ligne {
    pub fn debit(compte: Compte, montant: Montant) -> Ligne {
        Ligne {
            compte,
            debit: montant,
            credit: Montant::ZERO,
        }
    }

    pub fn credit(compte: Compte, montant: Montant) -> Ligne {
        Ligne {
            compte,
            debit: Montant::ZERO,
            credit: montant,
        }
    }

    /// The same line on the other side (a contra-entry's line).
    pub fn inverse(self) -> Ligne {
        Ligne {
            compte: self.compte,
            debit: self.credit,
            credit: self.debit,
        }
    }
}

/// A balanced entry: Σ debit = Σ credit, dated, with a label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ecriture {
    pub source: Source,
    pub date: NaiveDate,
    pub libelle: String,
    pub lignes: Vec<Ligne>,
}

impl Ecriture {
    /// The exercice the entry belongs to: the calendar year of its date.
    pub fn exercice(&self) -> i32 {
        self.date.year()
    }

    /// Σ debit and Σ credit in millimes (i128: no sum of i64 amounts overflows).
    pub fn totaux(&self) -> (i128, i128) {
        self.lignes.iter().fold((0, 0), |(d, c), l| {
            (
                d + i128::from(l.debit.millimes()),
                c + i128::from(l.credit.millimes()),
            )
        })
    }

    /// The contra-entry: same date, lines swapped.
    pub fn extourne(&self) -> Ecriture {
        Ecriture {
            source: self.source,
            date: self.date,
            libelle: format!("Extourne : {}", self.libelle),
            lignes: self.lignes.iter().map(|l| l.inverse()).collect(),
        }
    }
}

/// What one event does to the books, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Passation {
    /// Posts a new entry for its record.
    Ecrire(Ecriture),
    /// Posts the contra-entry of every entry still standing for the record.
    Extourner(Source),
}

fn entree(source: Source, date: NaiveDate, libelle: String, lignes: Vec<Ligne>) -> Passation {
    Passation::Ecrire(Ecriture {
        source,
        date,
        libelle,
        lignes,
    })
}

/// Where a collection lands (ADR 0007): the cash box, the cheques to deposit, or its bank
/// account.
fn compte_d_encaissement(methode: MethodePaiement, compte_id: Option<CompteBancaireId>) -> Compte {
    match methode {
        MethodePaiement::Espece => Compte::Caisse,
        MethodePaiement::Cheque => Compte::ChequesAEncaisser,
        MethodePaiement::Virement | MethodePaiement::Versement => Compte::Banque(compte_id),
        MethodePaiement::Enligne => Compte::PaiementsEnLigne,
    }
}

/// The calls of a cotisation: one entry per call, dated on its due date, a debit of 450 per
/// property that owes something and the credit of 701 (or 702 for an exceptional one).
fn appels(
    cotisation_id: CotisationId,
    titre: &str,
    type_cotisation: TypeCotisation,
    montants_dus: &[crate::revenus::MontantDuLance],
) -> Vec<Passation> {
    let produit = match type_cotisation {
        TypeCotisation::Exceptionnelle => Compte::ProvisionsOperationsExceptionnelles,
        _ => Compte::ProvisionsOperationsCourantes,
    };
    let mut par_appel: BTreeMap<u32, (NaiveDate, Vec<Ligne>, i64)> = BTreeMap::new();
    for du in montants_dus.iter().filter(|du| du.montant.is_positive()) {
        let (_, lignes, total) =
            par_appel
                .entry(du.appel.numero)
                .or_insert((du.appel.echeance, Vec::new(), 0));
        lignes.push(Ligne::debit(Compte::Coproprietaires, du.montant));
        *total = total.saturating_add(du.montant.millimes());
    }
    par_appel
        .into_iter()
        .map(|(numero, (date, mut lignes, total))| {
            lignes.push(Ligne::credit(produit, Montant::from_millimes(total)));
            entree(
                Source::Appels(cotisation_id),
                date,
                format!("Appel de fonds « {titre} » n° {numero}"),
                lignes,
            )
        })
        .collect()
}

fn encaissement(
    encaissement_id: EncaissementId,
    montant: Montant,
    date: NaiveDate,
    methode: MethodePaiement,
    compte_id: Option<CompteBancaireId>,
    libelle: String,
) -> Passation {
    entree(
        Source::Encaissement(encaissement_id),
        date,
        libelle,
        vec![
            Ligne::debit(compte_d_encaissement(methode, compte_id), montant),
            Ligne::credit(Compte::Coproprietaires, montant),
        ],
    )
}

fn solde_initial(compte_id: CompteBancaireId, montant: Montant, date: NaiveDate) -> Vec<Passation> {
    if montant.is_zero() {
        return Vec::new();
    }
    vec![entree(
        Source::SoldeInitial(compte_id),
        date,
        "Solde initial du compte bancaire".to_owned(),
        vec![
            Ligne::debit(Compte::Banque(Some(compte_id)), montant),
            Ligne::credit(Compte::BilanOuverture, montant),
        ],
    )]
}

fn operation(
    operation_id: OperationId,
    compte_id: CompteBancaireId,
    fiche: &crate::banque::FicheOperation,
) -> Passation {
    let banque = Compte::Banque(Some(compte_id));
    let (debit, credit) = match fiche.type_operation {
        TypeOperation::Retrait => (Compte::Caisse, banque),
        TypeOperation::Depot => (banque, Compte::Caisse),
        TypeOperation::Frais => (Compte::FraisBancaires, banque),
        TypeOperation::Interets => (banque, Compte::ProduitsFinanciers),
    };
    entree(
        Source::Operation(operation_id),
        fiche.date,
        fiche.libelle.clone(),
        vec![
            Ligne::debit(debit, fiche.montant),
            Ligne::credit(credit, fiche.montant),
        ],
    )
}

fn transfert(transfert_id: TransfertId, demande: &crate::banque::DemandeTransfert) -> Passation {
    entree(
        Source::Transfert(transfert_id),
        demande.date,
        "Transfert entre comptes".to_owned(),
        vec![
            Ligne::debit(Compte::Banque(Some(demande.destination)), demande.montant),
            Ligne::credit(Compte::Banque(Some(demande.source)), demande.montant),
        ],
    )
}

/// The postings of one event (the one pure function of the books; docs/domain.md lists them).
pub fn passations(event: &GrandLivreEvent) -> Vec<Passation> {
    match event {
        GrandLivreEvent::Revenus(event) => passations_revenus(event),
        GrandLivreEvent::Banque(event) => passations_banque(event),
        GrandLivreEvent::Depenses(event) => passations_depenses(event),
        GrandLivreEvent::Salaires(event) => passations_salaires(event),
        GrandLivreEvent::Contrats(event) => passations_contrats(event),
        GrandLivreEvent::Exercice(event) => passations_exercice(event),
        // Properties, occupancy and the council move no money.
        GrandLivreEvent::Propriete(_)
        | GrandLivreEvent::Occupation(_)
        | GrandLivreEvent::Conseil(_)
        // A budget is a plan, not a movement of money.
        | GrandLivreEvent::Budgets(_) => Vec::new(),
    }
}

/// A closing posts the next exercice's opening entry, dated 1 January, carrying the balances
/// the closing recorded (an exercice closed before Daftar recorded them posts nothing).
fn passations_exercice(event: &ExerciceEvent) -> Vec<Passation> {
    match event {
        ExerciceEvent::ExerciceOuvert { .. } => Vec::new(),
        ExerciceEvent::ExerciceCloture(cloture) => {
            let suivant = cloture.annee.saturating_add(1);
            match NaiveDate::from_ymd_opt(suivant, 1, 1) {
                Some(date) if !cloture.reports.is_empty() => vec![entree(
                    Source::ReportANouveau(i64::from(suivant)),
                    date,
                    format!("Report à nouveau de l'exercice {}", cloture.annee),
                    cloture.reports.iter().map(|r| r.ligne()).collect(),
                )],
                _ => Vec::new(),
            }
        }
    }
}

fn passations_revenus(event: &RevenusEvent) -> Vec<Passation> {
    match event {
        RevenusEvent::RepartitionModifiee { .. } => Vec::new(),
        RevenusEvent::CotisationLancee {
            cotisation_id,
            titre,
            type_cotisation,
            montants_dus,
            ..
        } => appels(*cotisation_id, titre, *type_cotisation, montants_dus),
        RevenusEvent::CotisationModifiee {
            cotisation_id,
            titre,
            type_cotisation,
            montants_dus,
            ..
        } => {
            let mut passations = vec![Passation::Extourner(Source::Appels(*cotisation_id))];
            passations.extend(appels(
                *cotisation_id,
                titre,
                *type_cotisation,
                montants_dus,
            ));
            passations
        }
        RevenusEvent::CotisationSupprimee { cotisation_id } => {
            vec![Passation::Extourner(Source::Appels(*cotisation_id))]
        }
        RevenusEvent::EncaissementEnregistre {
            encaissement_id,
            montant,
            date_paiement,
            methode,
            numero_recu,
            compte_id,
            ..
        } => vec![encaissement(
            *encaissement_id,
            *montant,
            *date_paiement,
            *methode,
            *compte_id,
            format!("Encaissement, reçu n° {numero_recu}"),
        )],
        RevenusEvent::EncaissementModifie {
            encaissement_id,
            montant,
            date_paiement,
            methode,
            compte_id,
            ..
        } => vec![
            Passation::Extourner(Source::Encaissement(*encaissement_id)),
            encaissement(
                *encaissement_id,
                *montant,
                *date_paiement,
                *methode,
                *compte_id,
                format!("Encaissement n° {encaissement_id} corrigé"),
            ),
        ],
        RevenusEvent::EncaissementAnnule { encaissement_id } => {
            vec![Passation::Extourner(Source::Encaissement(*encaissement_id))]
        }
        // The gateway holds the money (5115) and the co-owner's account is in credit (450).
        RevenusEvent::TropPercuEnregistre {
            trop_percu_id,
            montant,
            reference,
            date,
            ..
        } => vec![entree(
            Source::TropPercu(*trop_percu_id),
            *date,
            format!("Trop-perçu du paiement en ligne {reference}"),
            vec![
                Ligne::debit(Compte::PaiementsEnLigne, *montant),
                Ligne::credit(Compte::Coproprietaires, *montant),
            ],
        )],
    }
}

/// The gateway's settlement: the net on the account, its fees charged, the gross out of 5115.
fn reglement_passerelle(
    reglement_id: i64,
    compte_id: CompteBancaireId,
    date: NaiveDate,
    (montant_brut, frais): (Montant, Montant),
    reference: Option<&str>,
) -> Passation {
    let net = montant_brut.checked_sub(frais).unwrap_or(Montant::ZERO);
    let mut lignes = Vec::new();
    if net.is_positive() {
        lignes.push(Ligne::debit(Compte::Banque(Some(compte_id)), net));
    }
    if frais.is_positive() {
        lignes.push(Ligne::debit(Compte::FraisBancaires, frais));
    }
    lignes.push(Ligne::credit(Compte::PaiementsEnLigne, montant_brut));
    let libelle = match reference {
        Some(reference) => format!("Règlement de la passerelle de paiement en ligne ({reference})"),
        None => "Règlement de la passerelle de paiement en ligne".to_owned(),
    };
    entree(
        Source::ReglementPasserelle(reglement_id),
        date,
        libelle,
        lignes,
    )
}

fn passations_banque(event: &BanqueEvent) -> Vec<Passation> {
    match event {
        BanqueEvent::ReglementPasserelleEnregistre {
            reglement_id,
            compte_id,
            date,
            montant_brut,
            frais,
            reference,
        } => vec![reglement_passerelle(
            *reglement_id,
            *compte_id,
            *date,
            (*montant_brut, *frais),
            reference.as_deref(),
        )],
        BanqueEvent::CompteBancaireCree { compte_id, fiche } => {
            solde_initial(*compte_id, fiche.solde_initial, fiche.date_solde_initial)
        }
        BanqueEvent::SoldeInitialModifie {
            compte_id,
            solde_initial: montant,
            date_solde_initial,
        } => {
            let mut passations = vec![Passation::Extourner(Source::SoldeInitial(*compte_id))];
            passations.extend(solde_initial(*compte_id, *montant, *date_solde_initial));
            passations
        }
        BanqueEvent::CompteBancaireModifie { .. }
        | BanqueEvent::MouvementPointe { .. }
        | BanqueEvent::ReleveImporte { .. } => Vec::new(),
        BanqueEvent::CompteBancaireSupprime { compte_id } => {
            vec![Passation::Extourner(Source::SoldeInitial(*compte_id))]
        }
        BanqueEvent::OperationBancaireCreee {
            operation_id,
            compte_id,
            fiche,
        } => vec![operation(*operation_id, *compte_id, fiche)],
        BanqueEvent::OperationBancaireModifiee {
            operation_id,
            compte_id,
            fiche,
        } => vec![
            Passation::Extourner(Source::Operation(*operation_id)),
            operation(*operation_id, *compte_id, fiche),
        ],
        BanqueEvent::OperationBancaireSupprimee { operation_id } => {
            vec![Passation::Extourner(Source::Operation(*operation_id))]
        }
        BanqueEvent::TransfertCree {
            transfert_id,
            demande,
        } => vec![transfert(*transfert_id, demande)],
        BanqueEvent::TransfertModifie {
            transfert_id,
            demande,
        } => vec![
            Passation::Extourner(Source::Transfert(*transfert_id)),
            transfert(*transfert_id, demande),
        ],
        BanqueEvent::TransfertSupprime { transfert_id } => {
            vec![Passation::Extourner(Source::Transfert(*transfert_id))]
        }
        BanqueEvent::RemiseChequesCreee {
            remise_id,
            compte_id,
            date,
            reference,
            cheques,
            ..
        } => {
            let total = cheques
                .iter()
                .fold(0_i64, |t, c| t.saturating_add(c.montant.millimes()));
            let mut lignes = vec![Ligne::debit(
                Compte::Banque(Some(*compte_id)),
                Montant::from_millimes(total),
            )];
            lignes.extend(
                cheques
                    .iter()
                    .map(|c| Ligne::credit(Compte::ChequesAEncaisser, c.montant)),
            );
            let libelle = match reference {
                Some(reference) => format!("Remise de chèques {reference}"),
                None => format!("Remise de chèques n° {remise_id}"),
            };
            vec![entree(Source::Remise(*remise_id), *date, libelle, lignes)]
        }
        BanqueEvent::RemiseChequesSupprimee { remise_id } => {
            vec![Passation::Extourner(Source::Remise(*remise_id))]
        }
    }
}

/// The invoice of a charge or works item (ADR 0007): the charge's account (600 of its
/// category, or 672 for works) to the debit, what is owed to the supplier (401) to the credit,
/// on the invoice's date.
fn facture(depense_id: DepenseId, nature: NatureDepense, fiche: &FicheDepense) -> Passation {
    let (compte, libelle) = match nature {
        NatureDepense::Charge => (
            Compte::ChargesCourantes(fiche.categorie_id),
            format!("Facture « {} »", fiche.titre),
        ),
        NatureDepense::Travaux => (Compte::Travaux, format!("Travaux « {} »", fiche.titre)),
    };
    entree(
        Source::Depense(depense_id),
        fiche.date_facture,
        libelle,
        vec![
            Ligne::debit(compte, fiche.montant_total),
            Ligne::credit(Compte::Fournisseurs, fiche.montant_total),
        ],
    )
}

/// A payment to a supplier: 401 to the debit, the cash box or the bank account it left to the
/// credit.
fn paiement_depense(
    paiement_id: PaiementDepenseId,
    depense_id: DepenseId,
    paiement: &PaiementFait,
) -> Passation {
    let tresorerie = if paiement.methode.par_banque() {
        Compte::Banque(paiement.compte_id)
    } else {
        Compte::Caisse
    };
    entree(
        Source::PaiementDepense(paiement_id),
        paiement.date_paiement,
        format!("Paiement de la dépense n° {depense_id}"),
        vec![
            Ligne::debit(Compte::Fournisseurs, paiement.montant),
            Ligne::credit(tresorerie, paiement.montant),
        ],
    )
}

fn passations_depenses(event: &DepensesEvent) -> Vec<Passation> {
    match event {
        DepensesEvent::CategorieCreee { .. }
        | DepensesEvent::CategorieModifiee { .. }
        | DepensesEvent::CategorieSupprimee { .. }
        | DepensesEvent::FournisseurCree { .. }
        | DepensesEvent::FournisseurModifie { .. }
        | DepensesEvent::FournisseurSupprime { .. }
        | DepensesEvent::DocumentsDepenseJoints { .. }
        | DepensesEvent::DocumentDepenseRetire { .. } => Vec::new(),
        DepensesEvent::DepenseEnregistree {
            depense_id,
            nature,
            fiche,
        } => vec![facture(*depense_id, *nature, fiche)],
        DepensesEvent::DepenseModifiee {
            depense_id,
            nature,
            fiche,
        } => vec![
            Passation::Extourner(Source::Depense(*depense_id)),
            facture(*depense_id, *nature, fiche),
        ],
        DepensesEvent::DepenseSupprimee { depense_id, .. } => {
            vec![Passation::Extourner(Source::Depense(*depense_id))]
        }
        DepensesEvent::DepensePayee {
            paiement_id,
            depense_id,
            paiement,
        } => vec![paiement_depense(*paiement_id, *depense_id, paiement)],
        DepensesEvent::PaiementDepenseModifie {
            paiement_id,
            depense_id,
            paiement,
        } => vec![
            Passation::Extourner(Source::PaiementDepense(*paiement_id)),
            paiement_depense(*paiement_id, *depense_id, paiement),
        ],
        DepensesEvent::PaiementDepenseSupprime { paiement_id, .. } => {
            vec![Passation::Extourner(Source::PaiementDepense(*paiement_id))]
        }
    }
}

/// Where a payment leaves from: the cash box, or the bank account it left.
fn tresorerie(par_banque: bool, compte_id: Option<CompteBancaireId>) -> Compte {
    if par_banque {
        Compte::Banque(compte_id)
    } else {
        Compte::Caisse
    }
}

/// A salary paid: 641 to the debit, the cash box or the bank account to the credit, on its
/// date. (No payable 421 is posted first: the residence books a salary when it pays it.)
fn paiement_salaire(paiement_id: PaiementSalaireId, paiement: &PaiementSalaireFait) -> Passation {
    entree(
        Source::PaiementSalaire(paiement_id),
        paiement.date_paiement,
        format!("Salaire {}", paiement.mois.format("%m/%Y")),
        vec![
            Ligne::debit(Compte::Salaires, paiement.montant),
            Ligne::credit(
                tresorerie(paiement.methode.par_banque(), paiement.compte_id),
                paiement.montant,
            ),
        ],
    )
}

/// Where money received on a contract or as an exceptional revenue lands: the cash box, the
/// cheques to deposit, or the bank account it entered.
fn compte_de_recette(
    methode: MethodePaiementContrat,
    compte_id: Option<CompteBancaireId>,
) -> Compte {
    match methode {
        MethodePaiementContrat::Espece => Compte::Caisse,
        MethodePaiementContrat::Cheque => Compte::ChequesAEncaisser,
        MethodePaiementContrat::Virement | MethodePaiementContrat::Enligne => {
            Compte::Banque(compte_id)
        }
    }
}

/// A contract payment, posted when paid (a contract issues no invoice): a revenue contract's
/// money to its treasury account against 752; an expense contract's charge account (600 of its
/// category, like a current charge) against the cash box or the bank account it left.
fn paiement_contrat(
    paiement_id: PaiementContratId,
    contrat_id: ContratId,
    contrepartie: Contrepartie,
    paiement: &PaiementContratFait,
) -> Passation {
    let montant = paiement.montant;
    let lignes = match contrepartie {
        Contrepartie::Client { .. } => vec![
            Ligne::debit(
                compte_de_recette(paiement.methode, paiement.compte_id),
                montant,
            ),
            Ligne::credit(Compte::RevenusContrats, montant),
        ],
        Contrepartie::Fournisseur { categorie_id, .. } => {
            let tresorerie = if paiement.methode == MethodePaiementContrat::Espece {
                Compte::Caisse
            } else {
                Compte::Banque(paiement.compte_id)
            };
            vec![
                Ligne::debit(Compte::ChargesCourantes(categorie_id), montant),
                Ligne::credit(tresorerie, montant),
            ]
        }
    };
    entree(
        Source::PaiementContrat(paiement_id),
        paiement.date_paiement,
        format!("Paiement du contrat n° {contrat_id}"),
        lignes,
    )
}

fn revenu_exceptionnel(
    revenu_id: RevenuExceptionnelId,
    fiche: &FicheRevenuExceptionnel,
    compte_id: Option<CompteBancaireId>,
) -> Passation {
    entree(
        Source::RevenuExceptionnel(revenu_id),
        fiche.date_paiement,
        format!("Revenu exceptionnel « {} »", fiche.titre),
        vec![
            Ligne::debit(compte_de_recette(fiche.methode, compte_id), fiche.montant),
            Ligne::credit(Compte::ProduitsExceptionnels, fiche.montant),
        ],
    )
}

/// Employer charges paid: 645 to the debit, the cash box or the bank account to the credit.
fn charge_patronale(charge_id: ChargePatronaleId, paiement: &ChargePatronaleFaite) -> Passation {
    entree(
        Source::ChargePatronale(charge_id),
        paiement.date_paiement,
        format!("Charges patronales « {} »", paiement.titre),
        vec![
            Ligne::debit(Compte::ChargesSociales, paiement.montant),
            Ligne::credit(
                tresorerie(paiement.methode.par_banque(), paiement.compte_id),
                paiement.montant,
            ),
        ],
    )
}

fn passations_salaires(event: &SalairesEvent) -> Vec<Passation> {
    match event {
        // An employee's record moves no money.
        SalairesEvent::SalarieCree { .. }
        | SalairesEvent::SalarieModifie { .. }
        | SalairesEvent::SalarieSupprime { .. } => Vec::new(),
        SalairesEvent::SalairePaye {
            paiement_id,
            paiement,
            ..
        } => vec![paiement_salaire(*paiement_id, paiement)],
        SalairesEvent::PaiementSalaireModifie {
            paiement_id,
            paiement,
            ..
        } => vec![
            Passation::Extourner(Source::PaiementSalaire(*paiement_id)),
            paiement_salaire(*paiement_id, paiement),
        ],
        SalairesEvent::PaiementSalaireSupprime { paiement_id, .. } => {
            vec![Passation::Extourner(Source::PaiementSalaire(*paiement_id))]
        }
        SalairesEvent::ChargePatronalePayee {
            charge_id,
            paiement,
        } => vec![charge_patronale(*charge_id, paiement)],
        SalairesEvent::ChargePatronaleModifiee {
            charge_id,
            paiement,
        } => vec![
            Passation::Extourner(Source::ChargePatronale(*charge_id)),
            charge_patronale(*charge_id, paiement),
        ],
        SalairesEvent::ChargePatronaleSupprimee { charge_id } => {
            vec![Passation::Extourner(Source::ChargePatronale(*charge_id))]
        }
    }
}

fn passations_contrats(event: &ContratsEvent) -> Vec<Passation> {
    match event {
        ContratsEvent::ClientCree { .. }
        | ContratsEvent::ClientModifie { .. }
        | ContratsEvent::ClientSupprime { .. }
        | ContratsEvent::ContratEnregistre { .. }
        | ContratsEvent::ContratModifie { .. }
        | ContratsEvent::ContratSupprime { .. }
        | ContratsEvent::DocumentsContratJoints { .. }
        | ContratsEvent::DocumentContratRetire { .. } => Vec::new(),
        ContratsEvent::ContratPaye {
            paiement_id,
            contrat_id,
            contrepartie,
            paiement,
        } => vec![paiement_contrat(
            *paiement_id,
            *contrat_id,
            *contrepartie,
            paiement,
        )],
        ContratsEvent::PaiementContratModifie {
            paiement_id,
            contrat_id,
            contrepartie,
            paiement,
        } => vec![
            Passation::Extourner(Source::PaiementContrat(*paiement_id)),
            paiement_contrat(*paiement_id, *contrat_id, *contrepartie, paiement),
        ],
        ContratsEvent::PaiementContratSupprime { paiement_id, .. } => {
            vec![Passation::Extourner(Source::PaiementContrat(*paiement_id))]
        }
        ContratsEvent::RevenuExceptionnelEnregistre {
            revenu_id,
            fiche,
            compte_id,
        } => vec![revenu_exceptionnel(*revenu_id, fiche, *compte_id)],
        ContratsEvent::RevenuExceptionnelSupprime { revenu_id } => {
            vec![Passation::Extourner(Source::RevenuExceptionnel(*revenu_id))]
        }
    }
}

mod livres;
mod soldes;

pub use livres::{EcritureNumerotee, Livres};
pub use soldes::{ReportANouveau, SoldesComptables};

#[cfg(test)]
mod tests;
