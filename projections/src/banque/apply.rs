//! How the bank's facts and the collections change the bank read model, a batch at a time (see
//! [`crate::rows`]): a record a batch creates is a new row, written with the batch's others at
//! its end; a change to a row the batch created is made in memory; a stored row replaced whole
//! or deleted is replaced or deleted when the batch is written, a change of some of its columns
//! is a statement of its own, at once. The model reads no other model's tables while applying.
//!
//! The pointing mirrors the domain's `Banque::appliquer` and the aggregate's apply
//! (`domain/src/banque/events.rs`, `domain/src/grand_livre/aggregate.rs`): a movement is pointed
//! by `MouvementPointe`; an operation's pointing is its form's `date_banque`; a transfer that is
//! modified, and a collection that is corrected or cancelled, are pointed again.

use async_trait::async_trait;
use chrono::NaiveDate;
use daftar_domain::banque::{BanqueEvent, FicheCompte, FicheOperation, Mouvement, TableMouvement};
use daftar_domain::contrats::{
    ContratsEvent, Contrepartie, FicheRevenuExceptionnel, MethodePaiementContrat,
    PaiementContratFait,
};
use daftar_domain::depenses::{DepensesEvent, PaiementFait};
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::revenus::{MethodePaiement, RevenusEvent};
use daftar_domain::salaires::{ChargePatronaleFaite, PaiementSalaireFait, SalairesEvent};
use daftar_domain::Montant;
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{update_stored, ColumnType, NewRows, TableRow, Value};
use crate::text::as_text;

use super::MODEL;

/// The bank read model (queries in [`super`]).
pub struct BanqueView;

type Key = (i64, i64);

/// `update_stored` changes the rows it finds by key whatever they hold.
const TOUTES: &str = "residence_id IS NOT NULL";

struct CompteViewRow {
    residence_id: i64,
    compte_id: i64,
    libelle: String,
    banque: String,
    type_compte: String,
    adresse_agence: Option<String>,
    rib: Option<String>,
    swift: Option<String>,
    iban: Option<String>,
    commentaire: Option<String>,
    is_main: bool,
    solde_initial: i64,
    date_solde_initial: String,
}

impl CompteViewRow {
    fn new(residence_id: i64, compte_id: i64, fiche: &FicheCompte) -> Self {
        CompteViewRow {
            residence_id,
            compte_id,
            libelle: fiche.libelle.clone(),
            banque: fiche.banque.clone(),
            type_compte: as_text(fiche.type_compte),
            adresse_agence: fiche.adresse_agence.clone(),
            rib: fiche.rib.clone(),
            swift: fiche.swift.clone(),
            iban: fiche.iban.clone(),
            commentaire: fiche.commentaire.clone(),
            is_main: fiche.is_main,
            solde_initial: fiche.solde_initial.millimes(),
            date_solde_initial: fiche.date_solde_initial.to_string(),
        }
    }
}

impl TableRow for CompteViewRow {
    const TABLE: &'static str = "banque_comptes_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("libelle", ColumnType::Text),
        ("banque", ColumnType::Text),
        ("type_compte", ColumnType::Text),
        ("adresse_agence", ColumnType::Text),
        ("rib", ColumnType::Text),
        ("swift", ColumnType::Text),
        ("iban", ColumnType::Text),
        ("commentaire", ColumnType::Text),
        ("is_main", ColumnType::BigInt),
        ("solde_initial", ColumnType::BigInt),
        ("date_solde_initial", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.compte_id),
            Value::Text(&self.libelle),
            Value::Text(&self.banque),
            Value::Text(&self.type_compte),
            (&self.adresse_agence).into(),
            (&self.rib).into(),
            (&self.swift).into(),
            (&self.iban).into(),
            (&self.commentaire).into(),
            Value::from(self.is_main),
            Value::Int(self.solde_initial),
            Value::Text(&self.date_solde_initial),
        ]
    }
}

struct OperationViewRow {
    residence_id: i64,
    operation_id: i64,
    compte_id: i64,
    type_operation: String,
    libelle: String,
    montant: i64,
    date_operation: String,
    date_banque: Option<String>,
    commentaire: Option<String>,
}

impl OperationViewRow {
    fn new(residence_id: i64, operation_id: i64, compte_id: i64, fiche: &FicheOperation) -> Self {
        OperationViewRow {
            residence_id,
            operation_id,
            compte_id,
            type_operation: as_text(fiche.type_operation),
            libelle: fiche.libelle.clone(),
            montant: fiche.montant.millimes(),
            date_operation: fiche.date.to_string(),
            date_banque: fiche.date_banque.map(|d| d.to_string()),
            commentaire: fiche.commentaire.clone(),
        }
    }
}

impl TableRow for OperationViewRow {
    const TABLE: &'static str = "banque_operations_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("operation_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("type_operation", ColumnType::Text),
        ("libelle", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_operation", ColumnType::Text),
        ("date_banque", ColumnType::Text),
        ("commentaire", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.operation_id),
            Value::Int(self.compte_id),
            Value::Text(&self.type_operation),
            Value::Text(&self.libelle),
            Value::Int(self.montant),
            Value::Text(&self.date_operation),
            (&self.date_banque).into(),
            (&self.commentaire).into(),
        ]
    }
}

struct TransfertViewRow {
    residence_id: i64,
    transfert_id: i64,
    source: i64,
    destination: i64,
    montant: i64,
    date_transfert: String,
    reference: Option<String>,
    commentaire: Option<String>,
    date_banque_sortie: Option<String>,
    date_banque_entree: Option<String>,
}

impl TableRow for TransfertViewRow {
    const TABLE: &'static str = "banque_transferts_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("transfert_id", ColumnType::BigInt),
        ("source", ColumnType::BigInt),
        ("destination", ColumnType::BigInt),
        ("montant", ColumnType::BigInt),
        ("date_transfert", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("commentaire", ColumnType::Text),
        ("date_banque_sortie", ColumnType::Text),
        ("date_banque_entree", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.transfert_id),
            Value::Int(self.source),
            Value::Int(self.destination),
            Value::Int(self.montant),
            Value::Text(&self.date_transfert),
            (&self.reference).into(),
            (&self.commentaire).into(),
            (&self.date_banque_sortie).into(),
            (&self.date_banque_entree).into(),
        ]
    }
}

struct RemiseViewRow {
    residence_id: i64,
    remise_id: i64,
    compte_id: i64,
    date_remise: String,
    reference: Option<String>,
    commentaire: Option<String>,
    montant: i64,
    nombre_cheques: i64,
    date_banque: Option<String>,
}

impl TableRow for RemiseViewRow {
    const TABLE: &'static str = "banque_remises_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("remise_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("date_remise", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("commentaire", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("nombre_cheques", ColumnType::BigInt),
        ("date_banque", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.remise_id),
            Value::Int(self.compte_id),
            Value::Text(&self.date_remise),
            (&self.reference).into(),
            (&self.commentaire).into(),
            Value::Int(self.montant),
            Value::Int(self.nombre_cheques),
            (&self.date_banque).into(),
        ]
    }
}

struct EncaissementBanqueRow {
    residence_id: i64,
    encaissement_id: i64,
    /// The receipt's kind as the reconciliation names it: `encaissement`, `paiement_contrat`,
    /// `revenu_exceptionnel` or `reglement_passerelle` (their ids are one sequence).
    origine: &'static str,
    methode: String,
    compte_id: Option<i64>,
    montant: i64,
    date_paiement: String,
    reference: Option<String>,
    remise_id: Option<i64>,
    date_banque: Option<String>,
}

/// A collection as the bank sees it, when it does: a cheque (pending until deposited), or a
/// transfer or bank deposit on the account it landed on. Not pointed, in no deposit.
fn collection(
    residence_id: i64,
    encaissement_id: i64,
    (montant, date_paiement, methode): (Montant, NaiveDate, MethodePaiement),
    reference: &Option<String>,
    compte_id: Option<i64>,
) -> Option<EncaissementBanqueRow> {
    let compte_id = match methode {
        MethodePaiement::Cheque => None,
        MethodePaiement::Virement | MethodePaiement::Versement => Some(compte_id?),
        // Online payments reach the bank with the gateway's settlement, not one by one.
        MethodePaiement::Espece | MethodePaiement::Enligne => return None,
    };
    Some(EncaissementBanqueRow {
        residence_id,
        encaissement_id,
        origine: TableMouvement::Encaissement.nom(),
        methode: as_text(methode),
        compte_id,
        montant: montant.millimes(),
        date_paiement: date_paiement.to_string(),
        reference: reference.clone(),
        remise_id: None,
        date_banque: None,
    })
}

impl TableRow for EncaissementBanqueRow {
    const TABLE: &'static str = "banque_encaissements_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("encaissement_id", ColumnType::BigInt),
        ("origine", ColumnType::Text),
        ("methode", ColumnType::Text),
        ("compte_id", ColumnType::BigInt),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("remise_id", ColumnType::BigInt),
        ("date_banque", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.encaissement_id),
            Value::Text(self.origine),
            Value::Text(&self.methode),
            self.compte_id.into(),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            (&self.reference).into(),
            self.remise_id.into(),
            (&self.date_banque).into(),
        ]
    }
}

struct PaiementDepenseBanqueRow {
    residence_id: i64,
    paiement_id: i64,
    depense_id: i64,
    compte_id: i64,
    methode: String,
    montant: i64,
    date_paiement: String,
    reference: Option<String>,
    date_banque: Option<String>,
}

/// A payment of an expense as the bank sees it, when it does: it left a bank account. Not
/// pointed.
fn paiement_depense(
    residence_id: i64,
    paiement_id: i64,
    depense_id: i64,
    paiement: &PaiementFait,
) -> Option<PaiementDepenseBanqueRow> {
    if !paiement.methode.par_banque() {
        return None;
    }
    Some(PaiementDepenseBanqueRow {
        residence_id,
        paiement_id,
        depense_id,
        compte_id: paiement.compte_id?,
        methode: as_text(paiement.methode),
        montant: paiement.montant.millimes(),
        date_paiement: paiement.date_paiement.to_string(),
        reference: paiement.reference.clone(),
        date_banque: None,
    })
}

impl TableRow for PaiementDepenseBanqueRow {
    const TABLE: &'static str = "banque_paiements_depenses_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("paiement_id", ColumnType::BigInt),
        ("depense_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("methode", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("date_banque", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.paiement_id),
            Value::Int(self.depense_id),
            Value::Int(self.compte_id),
            Value::Text(&self.methode),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            (&self.reference).into(),
            (&self.date_banque).into(),
        ]
    }
}

/// A payroll payment as the bank sees it, when it does: it left a bank account. Not pointed.
/// One row type for two tables: `SALAIRE` picks the table (the salaries or the employer
/// charges), `texte` holds the month or the title.
struct PaiementPaieBanqueRow<const SALAIRE: bool> {
    residence_id: i64,
    id: i64,
    compte_id: i64,
    methode: String,
    montant: i64,
    date_paiement: String,
    /// A salary: its employee's id.
    salarie_id: i64,
    /// A salary: the month's first day; an employer charge: its title.
    texte: String,
    reference: Option<String>,
    date_banque: Option<String>,
}

type PaiementSalaireBanqueRow = PaiementPaieBanqueRow<true>;
type ChargePatronaleBanqueRow = PaiementPaieBanqueRow<false>;

fn paiement_salaire(
    residence_id: i64,
    paiement_id: i64,
    salarie_id: i64,
    paiement: &PaiementSalaireFait,
) -> Option<PaiementSalaireBanqueRow> {
    if !paiement.methode.par_banque() {
        return None;
    }
    Some(PaiementPaieBanqueRow {
        residence_id,
        id: paiement_id,
        compte_id: paiement.compte_id?,
        methode: as_text(paiement.methode),
        montant: paiement.montant.millimes(),
        date_paiement: paiement.date_paiement.to_string(),
        salarie_id,
        texte: paiement.mois.to_string(),
        reference: paiement.reference.clone(),
        date_banque: None,
    })
}

fn charge_patronale(
    residence_id: i64,
    charge_id: i64,
    paiement: &ChargePatronaleFaite,
) -> Option<ChargePatronaleBanqueRow> {
    if !paiement.methode.par_banque() {
        return None;
    }
    Some(PaiementPaieBanqueRow {
        residence_id,
        id: charge_id,
        compte_id: paiement.compte_id?,
        methode: as_text(paiement.methode),
        montant: paiement.montant.millimes(),
        date_paiement: paiement.date_paiement.to_string(),
        salarie_id: 0,
        texte: paiement.titre.clone(),
        reference: paiement.reference.clone(),
        date_banque: None,
    })
}

impl TableRow for PaiementSalaireBanqueRow {
    const TABLE: &'static str = "banque_paiements_salaires_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("paiement_id", ColumnType::BigInt),
        ("salarie_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("methode", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("mois", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("date_banque", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.id),
            Value::Int(self.salarie_id),
            Value::Int(self.compte_id),
            Value::Text(&self.methode),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            Value::Text(&self.texte),
            (&self.reference).into(),
            (&self.date_banque).into(),
        ]
    }
}

impl TableRow for ChargePatronaleBanqueRow {
    const TABLE: &'static str = "banque_charges_patronales_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("charge_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("methode", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("titre", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("date_banque", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.id),
            Value::Int(self.compte_id),
            Value::Text(&self.methode),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            Value::Text(&self.texte),
            (&self.reference).into(),
            (&self.date_banque).into(),
        ]
    }
}

/// Money received on a revenue contract or as an exceptional revenue, as the bank sees it
/// when it does: a cheque (pending until deposited) or a transfer on the account it entered.
fn recette(
    residence_id: i64,
    id: i64,
    origine: TableMouvement,
    (montant, date_paiement, methode): (Montant, NaiveDate, MethodePaiementContrat),
    reference: &Option<String>,
    compte_id: Option<i64>,
) -> Option<EncaissementBanqueRow> {
    let compte_id = match methode {
        MethodePaiementContrat::Cheque => None,
        MethodePaiementContrat::Virement | MethodePaiementContrat::Enligne => Some(compte_id?),
        MethodePaiementContrat::Espece => return None,
    };
    Some(EncaissementBanqueRow {
        residence_id,
        encaissement_id: id,
        origine: origine.nom(),
        methode: as_text(methode),
        compte_id,
        montant: montant.millimes(),
        date_paiement: date_paiement.to_string(),
        reference: reference.clone(),
        remise_id: None,
        date_banque: None,
    })
}

fn recette_contrat(
    residence_id: i64,
    paiement_id: i64,
    paiement: &PaiementContratFait,
) -> Option<EncaissementBanqueRow> {
    recette(
        residence_id,
        paiement_id,
        TableMouvement::PaiementContrat,
        (paiement.montant, paiement.date_paiement, paiement.methode),
        &paiement.reference,
        paiement.compte_id,
    )
}

fn recette_exceptionnelle(
    residence_id: i64,
    revenu_id: i64,
    fiche: &FicheRevenuExceptionnel,
    compte_id: Option<i64>,
) -> Option<EncaissementBanqueRow> {
    recette(
        residence_id,
        revenu_id,
        TableMouvement::RevenuExceptionnel,
        (fiche.montant, fiche.date_paiement, fiche.methode),
        &fiche.reference,
        compte_id,
    )
}

/// An expense contract's payment that left a bank account (every method but cash).
struct PaiementContratBanqueRow {
    residence_id: i64,
    paiement_id: i64,
    contrat_id: i64,
    compte_id: i64,
    methode: String,
    montant: i64,
    date_paiement: String,
    reference: Option<String>,
    date_banque: Option<String>,
}

fn sortie_contrat(
    residence_id: i64,
    paiement_id: i64,
    contrat_id: i64,
    paiement: &PaiementContratFait,
) -> Option<PaiementContratBanqueRow> {
    if paiement.methode == MethodePaiementContrat::Espece {
        return None;
    }
    Some(PaiementContratBanqueRow {
        residence_id,
        paiement_id,
        contrat_id,
        compte_id: paiement.compte_id?,
        methode: as_text(paiement.methode),
        montant: paiement.montant.millimes(),
        date_paiement: paiement.date_paiement.to_string(),
        reference: paiement.reference.clone(),
        date_banque: None,
    })
}

impl TableRow for PaiementContratBanqueRow {
    const TABLE: &'static str = "banque_paiements_contrats_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("paiement_id", ColumnType::BigInt),
        ("contrat_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("methode", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("date_banque", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.paiement_id),
            Value::Int(self.contrat_id),
            Value::Int(self.compte_id),
            Value::Text(&self.methode),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            (&self.reference).into(),
            (&self.date_banque).into(),
        ]
    }
}

/// The rows a batch creates, replaces or deletes, written at its end.
#[derive(Default)]
struct Batch {
    comptes: NewRows<Key, CompteViewRow>,
    operations: NewRows<Key, OperationViewRow>,
    transferts: NewRows<Key, TransfertViewRow>,
    remises: NewRows<Key, RemiseViewRow>,
    encaissements: NewRows<Key, EncaissementBanqueRow>,
    paiements_depenses: NewRows<Key, PaiementDepenseBanqueRow>,
    paiements_salaires: NewRows<Key, PaiementSalaireBanqueRow>,
    charges_patronales: NewRows<Key, ChargePatronaleBanqueRow>,
    paiements_contrats: NewRows<Key, PaiementContratBanqueRow>,
}

/// Sets one column of the stored row of `table` whose key column `id_column` is `id`.
async fn set_stored(
    conn: &mut AnyConnection,
    (table, id_column): (&str, &str),
    (residence_id, id): Key,
    column: (&str, ColumnType),
    value: Value<'_>,
) -> Result<(), sqlx::Error> {
    update_stored(
        conn,
        table,
        &[
            ("residence_id", ColumnType::BigInt),
            (id_column, ColumnType::BigInt),
        ],
        &[column],
        TOUTES,
        vec![vec![Value::Int(residence_id), Value::Int(id), value]],
    )
    .await
}

impl Batch {
    async fn apply(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        event: &GrandLivreEvent,
    ) -> Result<(), sqlx::Error> {
        // Only the bank's own facts change stored rows at once; the others' changes are the
        // batch's, written at its end.
        match event {
            GrandLivreEvent::Banque(event) => return self.banque(conn, residence_id, event).await,
            GrandLivreEvent::Revenus(event) => self.revenus(residence_id, event),
            GrandLivreEvent::Depenses(event) => self.depenses(residence_id, event),
            GrandLivreEvent::Salaires(event) => self.salaires(residence_id, event),
            GrandLivreEvent::Contrats(event) => self.contrats(residence_id, event),
            GrandLivreEvent::Exercice(_)
            | GrandLivreEvent::Propriete(_)
            | GrandLivreEvent::Occupation(_)
            | GrandLivreEvent::Conseil(_)
            | GrandLivreEvent::Budgets(_) => {}
        }
        Ok(())
    }

    async fn banque(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        event: &BanqueEvent,
    ) -> Result<(), sqlx::Error> {
        match event {
            BanqueEvent::CompteBancaireCree { compte_id, fiche } => {
                self.compte_principal(conn, residence_id, *compte_id, fiche)
                    .await?;
                self.comptes.insert(
                    (residence_id, *compte_id),
                    CompteViewRow::new(residence_id, *compte_id, fiche),
                );
            }
            BanqueEvent::CompteBancaireModifie { compte_id, fiche } => {
                self.compte_principal(conn, residence_id, *compte_id, fiche)
                    .await?;
                let row = CompteViewRow::new(residence_id, *compte_id, fiche);
                self.comptes.replace((residence_id, *compte_id), row);
            }
            BanqueEvent::CompteBancaireSupprime { compte_id } => {
                let key = (residence_id, *compte_id);
                self.comptes.delete(key);
            }
            BanqueEvent::SoldeInitialModifie {
                compte_id,
                solde_initial,
                date_solde_initial,
            } => {
                let key = (residence_id, *compte_id);
                match self.comptes.get_mut(&key) {
                    Some(row) => {
                        row.solde_initial = solde_initial.millimes();
                        row.date_solde_initial = date_solde_initial.to_string();
                    }
                    None => {
                        let date = date_solde_initial.to_string();
                        update_stored(
                            conn,
                            CompteViewRow::TABLE,
                            &CompteViewRow::COLUMNS[..2],
                            &[
                                ("solde_initial", ColumnType::BigInt),
                                ("date_solde_initial", ColumnType::Text),
                            ],
                            TOUTES,
                            vec![vec![
                                Value::Int(residence_id),
                                Value::Int(*compte_id),
                                Value::Int(solde_initial.millimes()),
                                Value::Text(&date),
                            ]],
                        )
                        .await?;
                    }
                }
            }
            BanqueEvent::OperationBancaireCreee {
                operation_id,
                compte_id,
                fiche,
            } => {
                self.operations.insert(
                    (residence_id, *operation_id),
                    OperationViewRow::new(residence_id, *operation_id, *compte_id, fiche),
                );
            }
            BanqueEvent::OperationBancaireModifiee {
                operation_id,
                compte_id,
                fiche,
            } => {
                // The whole record as it now is, its pointing included (its form's date_banque).
                let key = (residence_id, *operation_id);
                let row = OperationViewRow::new(residence_id, *operation_id, *compte_id, fiche);
                self.operations.replace(key, row);
            }
            BanqueEvent::OperationBancaireSupprimee { operation_id } => {
                let key = (residence_id, *operation_id);
                self.operations.delete(key);
            }
            BanqueEvent::TransfertCree {
                transfert_id,
                demande,
            }
            | BanqueEvent::TransfertModifie {
                transfert_id,
                demande,
            } => {
                // A transfer changed is no longer what the banks booked: both sides are pointed
                // again.
                let key = (residence_id, *transfert_id);
                let row = TransfertViewRow {
                    residence_id,
                    transfert_id: *transfert_id,
                    source: demande.source,
                    destination: demande.destination,
                    montant: demande.montant.millimes(),
                    date_transfert: demande.date.to_string(),
                    reference: demande.reference.clone(),
                    commentaire: demande.commentaire.clone(),
                    date_banque_sortie: None,
                    date_banque_entree: None,
                };
                let created = matches!(event, BanqueEvent::TransfertCree { .. });
                if created {
                    self.transferts.insert(key, row);
                } else {
                    self.transferts.replace(key, row);
                }
            }
            BanqueEvent::TransfertSupprime { transfert_id } => {
                let key = (residence_id, *transfert_id);
                self.transferts.delete(key);
            }
            BanqueEvent::RemiseChequesCreee {
                remise_id,
                compte_id,
                date,
                reference,
                commentaire,
                cheques,
            } => {
                let mut stored = Vec::new();
                for cheque in cheques {
                    match self
                        .encaissements
                        .get_mut(&(residence_id, cheque.encaissement_id))
                    {
                        Some(row) => row.remise_id = Some(*remise_id),
                        None => stored.push(vec![
                            Value::Int(residence_id),
                            Value::Int(cheque.encaissement_id),
                            Value::Int(*remise_id),
                        ]),
                    }
                }
                update_stored(
                    conn,
                    EncaissementBanqueRow::TABLE,
                    &EncaissementBanqueRow::COLUMNS[..2],
                    &[("remise_id", ColumnType::BigInt)],
                    TOUTES,
                    stored,
                )
                .await?;
                let montant = cheques
                    .iter()
                    .map(|cheque| cheque.montant.millimes())
                    .fold(0_i64, i64::saturating_add);
                self.remises.insert(
                    (residence_id, *remise_id),
                    RemiseViewRow {
                        residence_id,
                        remise_id: *remise_id,
                        compte_id: *compte_id,
                        date_remise: date.to_string(),
                        reference: reference.clone(),
                        commentaire: commentaire.clone(),
                        montant,
                        nombre_cheques: i64::try_from(cheques.len()).unwrap_or(i64::MAX),
                        date_banque: None,
                    },
                );
            }
            BanqueEvent::RemiseChequesSupprimee { remise_id } => {
                // Its cheques are pending again; its pointing goes with it.
                let key = (residence_id, *remise_id);
                self.remises.delete(key);
                for (_, row) in self.encaissements.of_residence(residence_id) {
                    if row.remise_id == Some(*remise_id) {
                        row.remise_id = None;
                    }
                }
                sqlx::query(
                    "UPDATE banque_encaissements_view SET remise_id = NULL \
                     WHERE residence_id = $1 AND remise_id = $2",
                )
                .bind(residence_id)
                .bind(*remise_id)
                .execute(&mut *conn)
                .await?;
            }
            BanqueEvent::MouvementPointe {
                mouvement,
                date_banque,
                ..
            } => {
                self.pointer(conn, residence_id, *mouvement, *date_banque)
                    .await?;
            }
            // Statements are the `releves` model's.
            BanqueEvent::ReleveImporte { .. } => {}
            // The gateway's settlement lands on the account for its net: a receipt the
            // reconciliation lists and points (its id is the receipts' sequence).
            BanqueEvent::ReglementPasserelleEnregistre {
                reglement_id,
                compte_id,
                date,
                montant_brut,
                frais,
                reference,
            } => {
                let net = montant_brut.millimes().saturating_sub(frais.millimes());
                self.encaissements.insert(
                    (residence_id, *reglement_id),
                    EncaissementBanqueRow {
                        residence_id,
                        encaissement_id: *reglement_id,
                        origine: TableMouvement::ReglementPasserelle.nom(),
                        methode: "virement".to_owned(),
                        compte_id: Some(*compte_id),
                        montant: net,
                        date_paiement: date.to_string(),
                        reference: reference.clone(),
                        remise_id: None,
                        date_banque: None,
                    },
                );
            }
        }
        Ok(())
    }

    /// A record that says it is the main account makes it so, and no other (the domain keeps
    /// the flag in one place; its decisions set `is_main` on the first account and keep it on
    /// the main one, so the record's flag is the truth).
    async fn compte_principal(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        compte_id: i64,
        fiche: &FicheCompte,
    ) -> Result<(), sqlx::Error> {
        if !fiche.is_main {
            return Ok(());
        }
        for ((_, id), row) in self.comptes.of_residence(residence_id) {
            if *id != compte_id {
                row.is_main = false;
            }
        }
        sqlx::query(
            "UPDATE banque_comptes_view SET is_main = 0 \
             WHERE residence_id = $1 AND compte_id <> $2 AND is_main = 1",
        )
        .bind(residence_id)
        .bind(compte_id)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn pointer(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        mouvement: Mouvement,
        date_banque: Option<NaiveDate>,
    ) -> Result<(), sqlx::Error> {
        let key = (residence_id, mouvement.id);
        let date = date_banque.map(|d| d.to_string());
        let in_memory = match mouvement.table {
            TableMouvement::Encaissement => self
                .encaissements
                .get_mut(&key)
                .map(|row| row.date_banque.clone_from(&date))
                .is_some(),
            TableMouvement::Operation => self
                .operations
                .get_mut(&key)
                .map(|row| row.date_banque.clone_from(&date))
                .is_some(),
            TableMouvement::TransfertSortie => self
                .transferts
                .get_mut(&key)
                .map(|row| row.date_banque_sortie.clone_from(&date))
                .is_some(),
            TableMouvement::TransfertEntree => self
                .transferts
                .get_mut(&key)
                .map(|row| row.date_banque_entree.clone_from(&date))
                .is_some(),
            TableMouvement::Remise => self
                .remises
                .get_mut(&key)
                .map(|row| row.date_banque.clone_from(&date))
                .is_some(),
            TableMouvement::PaiementDepense => self
                .paiements_depenses
                .get_mut(&key)
                .map(|row| row.date_banque.clone_from(&date))
                .is_some(),
            TableMouvement::PaiementSalaire => self
                .paiements_salaires
                .get_mut(&key)
                .map(|row| row.date_banque.clone_from(&date))
                .is_some(),
            TableMouvement::ChargePatronale => self
                .charges_patronales
                .get_mut(&key)
                .map(|row| row.date_banque.clone_from(&date))
                .is_some(),
            // A contract payment is money in (revenue side) or out (expense side): one of the
            // two tables holds it.
            TableMouvement::ReglementPasserelle => self
                .encaissements
                .get_mut(&key)
                .map(|row| row.date_banque.clone_from(&date))
                .is_some(),
            TableMouvement::PaiementContrat | TableMouvement::RevenuExceptionnel => {
                let recu = self
                    .encaissements
                    .get_mut(&key)
                    .map(|row| row.date_banque.clone_from(&date))
                    .is_some();
                let paye = self
                    .paiements_contrats
                    .get_mut(&key)
                    .map(|row| row.date_banque.clone_from(&date))
                    .is_some();
                recu || paye
            }
        };
        if in_memory {
            return Ok(());
        }
        let (place, column) = match mouvement.table {
            TableMouvement::Encaissement | TableMouvement::ReglementPasserelle => (
                (EncaissementBanqueRow::TABLE, "encaissement_id"),
                "date_banque",
            ),
            TableMouvement::Operation => ((OperationViewRow::TABLE, "operation_id"), "date_banque"),
            TableMouvement::TransfertSortie => (
                (TransfertViewRow::TABLE, "transfert_id"),
                "date_banque_sortie",
            ),
            TableMouvement::TransfertEntree => (
                (TransfertViewRow::TABLE, "transfert_id"),
                "date_banque_entree",
            ),
            TableMouvement::Remise => ((RemiseViewRow::TABLE, "remise_id"), "date_banque"),
            TableMouvement::PaiementDepense => (
                (PaiementDepenseBanqueRow::TABLE, "paiement_id"),
                "date_banque",
            ),
            TableMouvement::PaiementSalaire => (
                (PaiementSalaireBanqueRow::TABLE, "paiement_id"),
                "date_banque",
            ),
            TableMouvement::ChargePatronale => (
                (ChargePatronaleBanqueRow::TABLE, "charge_id"),
                "date_banque",
            ),
            TableMouvement::PaiementContrat | TableMouvement::RevenuExceptionnel => {
                set_stored(
                    conn,
                    (PaiementContratBanqueRow::TABLE, "paiement_id"),
                    key,
                    ("date_banque", ColumnType::Text),
                    (&date).into(),
                )
                .await?;
                (
                    (EncaissementBanqueRow::TABLE, "encaissement_id"),
                    "date_banque",
                )
            }
        };
        set_stored(conn, place, key, (column, ColumnType::Text), (&date).into()).await
    }

    fn revenus(&mut self, residence_id: i64, event: &RevenusEvent) {
        match event {
            RevenusEvent::EncaissementEnregistre {
                encaissement_id,
                montant,
                date_paiement,
                methode,
                reference,
                compte_id,
                montant_du_id: _,
                numero_recu: _,
            } => {
                if let Some(row) = collection(
                    residence_id,
                    *encaissement_id,
                    (*montant, *date_paiement, *methode),
                    reference,
                    *compte_id,
                ) {
                    self.encaissements
                        .insert((residence_id, *encaissement_id), row);
                }
            }
            RevenusEvent::EncaissementModifie {
                encaissement_id,
                montant,
                date_paiement,
                methode,
                reference,
                compte_id,
                modifie_le: _,
            } => {
                // The correction replaces the row: unpointed (the aggregate's apply), in no
                // deposit (a deposited cheque cannot be corrected: `cheque_remis`), and gone
                // when the payment became one the bank does not see.
                let key = (residence_id, *encaissement_id);
                self.encaissements.delete(key);
                if let Some(row) = collection(
                    residence_id,
                    *encaissement_id,
                    (*montant, *date_paiement, *methode),
                    reference,
                    *compte_id,
                ) {
                    self.encaissements.insert(key, row);
                }
            }
            RevenusEvent::EncaissementAnnule { encaissement_id } => {
                let key = (residence_id, *encaissement_id);
                self.encaissements.delete(key);
            }
            RevenusEvent::RepartitionModifiee { .. }
            | RevenusEvent::CotisationLancee { .. }
            | RevenusEvent::CotisationModifiee { .. }
            | RevenusEvent::CotisationSupprimee { .. }
            // An overpayment stays with the gateway (5115) until its settlement.
            | RevenusEvent::TropPercuEnregistre { .. } => {}
        }
    }

    fn depenses(&mut self, residence_id: i64, event: &DepensesEvent) {
        match event {
            DepensesEvent::DepensePayee {
                paiement_id,
                depense_id,
                paiement,
            } => {
                if let Some(row) =
                    paiement_depense(residence_id, *paiement_id, *depense_id, paiement)
                {
                    self.paiements_depenses
                        .insert((residence_id, *paiement_id), row);
                }
            }
            DepensesEvent::PaiementDepenseModifie {
                paiement_id,
                depense_id,
                paiement,
            } => {
                // The correction replaces the row, unpointed (the aggregate's apply), and gone
                // when the payment became cash.
                let key = (residence_id, *paiement_id);
                self.paiements_depenses.delete(key);
                if let Some(row) =
                    paiement_depense(residence_id, *paiement_id, *depense_id, paiement)
                {
                    self.paiements_depenses.insert(key, row);
                }
            }
            DepensesEvent::PaiementDepenseSupprime { paiement_id, .. } => {
                let key = (residence_id, *paiement_id);
                self.paiements_depenses.delete(key);
            }
            DepensesEvent::CategorieCreee { .. }
            | DepensesEvent::CategorieModifiee { .. }
            | DepensesEvent::CategorieSupprimee { .. }
            | DepensesEvent::FournisseurCree { .. }
            | DepensesEvent::FournisseurModifie { .. }
            | DepensesEvent::FournisseurSupprime { .. }
            | DepensesEvent::DepenseEnregistree { .. }
            | DepensesEvent::DepenseModifiee { .. }
            | DepensesEvent::DepenseSupprimee { .. }
            | DepensesEvent::DocumentsDepenseJoints { .. }
            | DepensesEvent::DocumentDepenseRetire { .. } => {}
        }
    }

    fn salaires(&mut self, residence_id: i64, event: &SalairesEvent) {
        match event {
            SalairesEvent::SalairePaye {
                paiement_id,
                salarie_id,
                paiement,
            } => {
                if let Some(row) =
                    paiement_salaire(residence_id, *paiement_id, *salarie_id, paiement)
                {
                    self.paiements_salaires
                        .insert((residence_id, *paiement_id), row);
                }
            }
            SalairesEvent::PaiementSalaireModifie {
                paiement_id,
                salarie_id,
                paiement,
            } => {
                // The correction replaces the row, unpointed (the aggregate's apply), and gone
                // when the payment became cash.
                let key = (residence_id, *paiement_id);
                self.paiements_salaires.delete(key);
                if let Some(row) =
                    paiement_salaire(residence_id, *paiement_id, *salarie_id, paiement)
                {
                    self.paiements_salaires.insert(key, row);
                }
            }
            SalairesEvent::PaiementSalaireSupprime { paiement_id, .. } => {
                let key = (residence_id, *paiement_id);
                self.paiements_salaires.delete(key);
            }
            SalairesEvent::ChargePatronalePayee {
                charge_id,
                paiement,
            } => {
                if let Some(row) = charge_patronale(residence_id, *charge_id, paiement) {
                    self.charges_patronales
                        .insert((residence_id, *charge_id), row);
                }
            }
            SalairesEvent::ChargePatronaleModifiee {
                charge_id,
                paiement,
            } => {
                let key = (residence_id, *charge_id);
                self.charges_patronales.delete(key);
                if let Some(row) = charge_patronale(residence_id, *charge_id, paiement) {
                    self.charges_patronales.insert(key, row);
                }
            }
            SalairesEvent::ChargePatronaleSupprimee { charge_id } => {
                let key = (residence_id, *charge_id);
                self.charges_patronales.delete(key);
            }
            SalairesEvent::SalarieCree { .. }
            | SalairesEvent::SalarieModifie { .. }
            | SalairesEvent::SalarieSupprime { .. } => {}
        }
    }

    /// Removes a receipt's or a contract payment's row, wherever it is.
    fn oublier(&mut self, key: Key) {
        self.encaissements.delete(key);
        self.paiements_contrats.delete(key);
    }

    fn paiement_contrat(
        &mut self,
        residence_id: i64,
        (paiement_id, contrat_id): (i64, i64),
        contrepartie: Contrepartie,
        paiement: &PaiementContratFait,
    ) {
        let key = (residence_id, paiement_id);
        match contrepartie {
            Contrepartie::Client { .. } => {
                if let Some(row) = recette_contrat(residence_id, paiement_id, paiement) {
                    self.encaissements.insert(key, row);
                }
            }
            Contrepartie::Fournisseur { .. } => {
                if let Some(row) = sortie_contrat(residence_id, paiement_id, contrat_id, paiement) {
                    self.paiements_contrats.insert(key, row);
                }
            }
        }
    }

    fn contrats(&mut self, residence_id: i64, event: &ContratsEvent) {
        match event {
            ContratsEvent::ContratPaye {
                paiement_id,
                contrat_id,
                contrepartie,
                paiement,
            } => self.paiement_contrat(
                residence_id,
                (*paiement_id, *contrat_id),
                *contrepartie,
                paiement,
            ),
            ContratsEvent::PaiementContratModifie {
                paiement_id,
                contrat_id,
                contrepartie,
                paiement,
            } => {
                // The correction replaces the row: unpointed (the aggregate's apply), in no
                // deposit (a deposited cheque cannot be corrected).
                self.oublier((residence_id, *paiement_id));
                self.paiement_contrat(
                    residence_id,
                    (*paiement_id, *contrat_id),
                    *contrepartie,
                    paiement,
                );
            }
            ContratsEvent::PaiementContratSupprime { paiement_id, .. } => {
                self.oublier((residence_id, *paiement_id));
            }
            ContratsEvent::RevenuExceptionnelEnregistre {
                revenu_id,
                fiche,
                compte_id,
            } => {
                if let Some(row) =
                    recette_exceptionnelle(residence_id, *revenu_id, fiche, *compte_id)
                {
                    self.encaissements.insert((residence_id, *revenu_id), row);
                }
            }
            ContratsEvent::RevenuExceptionnelSupprime { revenu_id } => {
                self.oublier((residence_id, *revenu_id));
            }
            ContratsEvent::ClientCree { .. }
            | ContratsEvent::ClientModifie { .. }
            | ContratsEvent::ClientSupprime { .. }
            | ContratsEvent::ContratEnregistre { .. }
            | ContratsEvent::ContratModifie { .. }
            | ContratsEvent::ContratSupprime { .. }
            | ContratsEvent::DocumentsContratJoints { .. }
            | ContratsEvent::DocumentContratRetire { .. } => {}
        }
    }

    async fn write(self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let Batch {
            mut comptes,
            mut operations,
            mut transferts,
            mut remises,
            mut encaissements,
            mut paiements_depenses,
            mut paiements_salaires,
            mut charges_patronales,
            mut paiements_contrats,
        } = self;
        paiements_depenses.write(conn).await?;
        paiements_salaires.write(conn).await?;
        charges_patronales.write(conn).await?;
        paiements_contrats.write(conn).await?;
        comptes.write(conn).await?;
        operations.write(conn).await?;
        transferts.write(conn).await?;
        remises.write(conn).await?;
        encaissements.write(conn).await
    }
}

#[async_trait]
impl ReadModel for BanqueView {
    fn name(&self) -> &'static str {
        MODEL
    }

    fn version(&self) -> i64 {
        // 2: the collections and operations indexed by account and date; 3: the payments of
        // expenses that left an account; 4: the salaries and employer charges that left one,
        // the receipts of contracts and exceptional revenues (`origine`) and the expense
        // contracts' payments.
        4
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn replay_weight(&self) -> u32 {
        3
    }

    /// The movements by account (and date) serve the statements, the reconciliation and the
    /// treasury; applying events finds rows by their key. A deposit's collections are found by
    /// their deposit only when it is deleted (rare: within the residence's collections, by the
    /// key's prefix, during a rebuild), and by the screens.
    fn indexes_after_replay(&self) -> &'static [&'static str] {
        &[
            "banque_encaissements_view_remise",
            "banque_operations_view_compte",
            "banque_encaissements_view_compte",
            "banque_paiements_depenses_view_compte",
            "banque_paiements_salaires_view_compte",
            "banque_charges_patronales_view_compte",
            "banque_paiements_contrats_view_compte",
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "banque_comptes_view",
            "banque_operations_view",
            "banque_transferts_view",
            "banque_remises_view",
            "banque_encaissements_view",
            "banque_paiements_depenses_view",
            "banque_paiements_salaires_view",
            "banque_charges_patronales_view",
            "banque_paiements_contrats_view",
        ]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut batch = Batch::default();
        for event in events {
            if let Some((residence_id, decoded)) = event.residence() {
                batch.apply(conn, residence_id, decoded).await?;
            }
        }
        batch.write(conn).await?;
        Ok(())
    }
}
