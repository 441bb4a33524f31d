//! Read model "what do the residence's bank accounts hold, and what did the bank book?" (spec 2
//! §2 "Banking", §3 bank entities, §4 "Reconciliation"; the answers of docs/api-banque.md): the
//! accounts, their operations, the transfers between them, the cheques received and their
//! deposits, and each account's movements for the reconciliation. Amounts are integer millimes;
//! a movement's amount is signed (money in positive, money out negative).
//!
//! Balances are read when asked, from the movements, never kept: a movement is one row, and a
//! replay never updates an account it wrote. The names of a cheque's payer and property, and
//! of a collection's cotisation, are read from the revenue, occupancy and property models'
//! tables at query time (the model reads no other model's tables while applying).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use daftar_domain::banque::{
    CompteBancaireId, Mouvement, OperationId, RemiseId, TableMouvement, TransfertId, TypeCompte,
    TypeOperation,
};
use daftar_domain::revenus::EncaissementId;
use daftar_domain::Montant;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::Database;
use crate::text::{as_text, date_column, enum_column, montant_column, optional_date_column};

mod apply;

pub use apply::BanqueView;

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "banque";

/// A bank account with its balance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompteRow {
    pub id: CompteBancaireId,
    pub libelle: String,
    pub banque: String,
    pub type_compte: TypeCompte,
    pub adresse_agence: Option<String>,
    pub rib: Option<String>,
    pub swift: Option<String>,
    pub iban: Option<String>,
    pub commentaire: Option<String>,
    pub is_main: bool,
    pub solde_initial: Montant,
    pub date_solde_initial: NaiveDate,
    /// The balance at the end of the day asked: the opening balance once its date is reached,
    /// plus the movements dated until then.
    pub solde: Montant,
    /// Something moved money on it (an operation, a transfer, a deposit, a collection): it
    /// cannot be deleted (`compte_avec_operations`).
    pub has_operations: bool,
}

/// The accounts of a residence, the main one first, then by libellé, each with its balance at
/// the end of `date`.
pub async fn comptes(
    db: &Database,
    residence_id: i64,
    date: NaiveDate,
) -> Result<Vec<CompteRow>, sqlx::Error> {
    compte_rows(db, residence_id, None, date).await
}

/// One account of a residence (`None` when the residence has no such account).
pub async fn compte(
    db: &Database,
    residence_id: i64,
    compte_id: CompteBancaireId,
    date: NaiveDate,
) -> Result<Option<CompteRow>, sqlx::Error> {
    Ok(compte_rows(db, residence_id, Some(compte_id), date)
        .await?
        .into_iter()
        .next())
}

async fn compte_rows(
    db: &Database,
    residence_id: i64,
    compte_id: Option<CompteBancaireId>,
    date: NaiveDate,
) -> Result<Vec<CompteRow>, sqlx::Error> {
    let sql = "SELECT k.compte_id, k.libelle, k.banque, k.type_compte, k.adresse_agence, k.rib, \
         k.swift, k.iban, k.commentaire, k.is_main, k.solde_initial, k.date_solde_initial, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM banque_operations_view o \
             WHERE o.residence_id = k.residence_id AND o.compte_id = k.compte_id) \
           OR EXISTS (SELECT 1 FROM banque_transferts_view t WHERE t.residence_id = k.residence_id \
             AND (t.source = k.compte_id OR t.destination = k.compte_id)) \
           OR EXISTS (SELECT 1 FROM banque_remises_view r \
             WHERE r.residence_id = k.residence_id AND r.compte_id = k.compte_id) \
           OR EXISTS (SELECT 1 FROM banque_encaissements_view e \
             WHERE e.residence_id = k.residence_id AND e.compte_id = k.compte_id) \
           OR EXISTS (SELECT 1 FROM banque_paiements_depenses_view pd \
             WHERE pd.residence_id = k.residence_id AND pd.compte_id = k.compte_id) \
           OR EXISTS (SELECT 1 FROM banque_paiements_salaires_view ps \
             WHERE ps.residence_id = k.residence_id AND ps.compte_id = k.compte_id) \
           OR EXISTS (SELECT 1 FROM banque_charges_patronales_view cp \
             WHERE cp.residence_id = k.residence_id AND cp.compte_id = k.compte_id) \
           OR EXISTS (SELECT 1 FROM banque_paiements_contrats_view pc \
             WHERE pc.residence_id = k.residence_id AND pc.compte_id = k.compte_id) \
           THEN 1 ELSE 0 END AS BIGINT) AS has_operations \
         FROM banque_comptes_view k \
         WHERE k.residence_id = $1 AND ($2 = 0 OR k.compte_id = $2) \
         ORDER BY k.is_main DESC, k.libelle, k.compte_id";
    let rows = sqlx::query(sql)
        .bind(residence_id)
        .bind(compte_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    let soldes = soldes_au(db, residence_id, date).await?;
    rows.iter()
        .map(|row| {
            let id: i64 = row.try_get("compte_id")?;
            Ok(CompteRow {
                id,
                libelle: row.try_get("libelle")?,
                banque: row.try_get("banque")?,
                type_compte: enum_column(row, "type_compte")?,
                adresse_agence: row.try_get("adresse_agence")?,
                rib: row.try_get("rib")?,
                swift: row.try_get("swift")?,
                iban: row.try_get("iban")?,
                commentaire: row.try_get("commentaire")?,
                is_main: row.try_get::<i64, _>("is_main")? != 0,
                solde_initial: montant_column(row, "solde_initial")?,
                date_solde_initial: date_column(row, "date_solde_initial")?,
                solde: soldes.get(&id).copied().unwrap_or(Montant::ZERO),
                has_operations: row.try_get::<i64, _>("has_operations")? != 0,
            })
        })
        .collect()
}

/// What names a receipt of a contract or an exceptional revenue (`e`, a row of
/// `banque_encaissements_view`): the contract's or the revenue's title (`ct.titre`,
/// `re.titre`) and the client (`cl.nom`), from the contracts model's tables.
const JOINTURES_RECETTES: &str = " LEFT JOIN contrats_paiements_view cp \
       ON e.origine = 'paiement_contrat' AND cp.residence_id = e.residence_id \
       AND cp.paiement_id = e.encaissement_id \
     LEFT JOIN contrats_view ct \
       ON ct.residence_id = e.residence_id AND ct.contrat_id = cp.contrat_id \
     LEFT JOIN revenus_exceptionnels_view re \
       ON e.origine = 'revenu_exceptionnel' AND re.residence_id = e.residence_id \
       AND re.revenu_id = e.encaissement_id \
     LEFT JOIN clients_view cl \
       ON cl.residence_id = e.residence_id AND cl.client_id = COALESCE(ct.client_id, re.client_id)";

/// Every movement of every account of residence `$1`, one row each: the account, its kind
/// (`mouvement`, the reconciliation's `table`), the record's id, the signed amount, its date
/// and bank date, its reference, and (`noms`) what names it: the operation's libellé or the
/// collection's cotisation (`libelle`), the collection's property or the transfer's other
/// account (`contrepartie`), the deposit's number of cheques (`nombre`).
fn mouvements_sql(noms: bool) -> String {
    let (libelle, contrepartie, jointures) = if noms {
        (
            "COALESCE(c.titre, ct.titre, re.titre)",
            "COALESCE(p.nom, cl.nom)",
            // Each join names `e`: PostgreSQL may then not join the revenue tables to each
            // other first (every collection of the residence, then the account's year kept),
            // which it did with statistics on some of the tables only: 150 ms instead of 7.
            " LEFT JOIN encaissements_view v \
               ON v.residence_id = e.residence_id AND v.encaissement_id = e.encaissement_id \
             LEFT JOIN montants_dus_view d \
               ON d.residence_id = e.residence_id AND d.montant_du_id = v.montant_du_id \
             LEFT JOIN cotisations_view c \
               ON c.residence_id = e.residence_id AND c.cotisation_id = d.cotisation_id \
             LEFT JOIN proprietes_view p \
               ON p.residence_id = e.residence_id AND p.propriete_id = d.propriete_id"
                .to_owned()
                + JOINTURES_RECETTES,
        )
    } else {
        ("CAST(NULL AS TEXT)", "CAST(NULL AS TEXT)", String::new())
    };
    let (autre_source, autre_destination, jointure_source, jointure_destination) = if noms {
        (
            "k.libelle",
            "k.libelle",
            " LEFT JOIN banque_comptes_view k \
               ON k.residence_id = t.residence_id AND k.compte_id = t.destination",
            " LEFT JOIN banque_comptes_view k \
               ON k.residence_id = t.residence_id AND k.compte_id = t.source",
        )
    } else {
        ("CAST(NULL AS TEXT)", "CAST(NULL AS TEXT)", "", "")
    };
    // An expense's payment is named by the expense's title and its supplier (the expenses
    // model's tables).
    let (depense, fournisseur, jointure_depense) = if noms {
        (
            "dp.titre",
            "fr.nom",
            " LEFT JOIN depenses_view dp \
               ON dp.residence_id = pd.residence_id AND dp.depense_id = pd.depense_id \
             LEFT JOIN fournisseurs_view fr \
               ON fr.residence_id = pd.residence_id AND fr.fournisseur_id = dp.fournisseur_id",
        )
    } else {
        ("CAST(NULL AS TEXT)", "CAST(NULL AS TEXT)", "")
    };
    // A salary is named by its employee (the payroll model's table) and its month.
    let (salarie, jointure_salarie) = if noms {
        (
            "sa.nom",
            " LEFT JOIN salaries_view sa \
               ON sa.residence_id = ps.residence_id AND sa.salarie_id = ps.salarie_id",
        )
    } else {
        ("CAST(NULL AS TEXT)", "")
    };
    // An expense contract's payment is named by the contract's title and its supplier (the
    // contracts' and suppliers' models' tables).
    let (contrat, fournisseur_contrat, jointure_contrat) = if noms {
        (
            "cs.titre",
            "fs.nom",
            " LEFT JOIN contrats_view cs \
               ON cs.residence_id = pc.residence_id AND cs.contrat_id = pc.contrat_id \
             LEFT JOIN fournisseurs_view fs \
               ON fs.residence_id = pc.residence_id AND fs.fournisseur_id = cs.fournisseur_id",
        )
    } else {
        ("CAST(NULL AS TEXT)", "CAST(NULL AS TEXT)", "")
    };
    // Money in: deposits of cash and interest; money out: withdrawals and fees.
    let entrees = format!(
        "'{}', '{}'",
        as_text(TypeOperation::Depot),
        as_text(TypeOperation::Interets)
    );
    format!(
        "SELECT e.compte_id AS compte_id, e.origine AS mouvement, e.encaissement_id AS id, \
           e.montant AS montant, e.date_paiement AS date_mouvement, e.date_banque AS date_banque, \
           e.reference AS reference, {libelle} AS libelle, {contrepartie} AS contrepartie, \
           CAST(NULL AS BIGINT) AS nombre \
         FROM banque_encaissements_view e{jointures} \
         WHERE e.residence_id = $1 AND e.compte_id IS NOT NULL \
         UNION ALL \
         SELECT o.compte_id, 'operation', o.operation_id, \
           CASE WHEN o.type_operation IN ({entrees}) THEN o.montant ELSE -o.montant END, \
           o.date_operation, o.date_banque, CAST(NULL AS TEXT), o.libelle, CAST(NULL AS TEXT), \
           CAST(NULL AS BIGINT) \
         FROM banque_operations_view o WHERE o.residence_id = $1 \
         UNION ALL \
         SELECT t.source, 'transfert_sortie', t.transfert_id, -t.montant, t.date_transfert, \
           t.date_banque_sortie, t.reference, CAST(NULL AS TEXT), {autre_source}, \
           CAST(NULL AS BIGINT) \
         FROM banque_transferts_view t{jointure_source} WHERE t.residence_id = $1 \
         UNION ALL \
         SELECT t.destination, 'transfert_entree', t.transfert_id, t.montant, t.date_transfert, \
           t.date_banque_entree, t.reference, CAST(NULL AS TEXT), {autre_destination}, \
           CAST(NULL AS BIGINT) \
         FROM banque_transferts_view t{jointure_destination} WHERE t.residence_id = $1 \
         UNION ALL \
         SELECT r.compte_id, 'remise', r.remise_id, r.montant, r.date_remise, r.date_banque, \
           r.reference, CAST(NULL AS TEXT), CAST(NULL AS TEXT), r.nombre_cheques \
         FROM banque_remises_view r WHERE r.residence_id = $1 \
         UNION ALL \
         SELECT pd.compte_id, 'paiement_depense', pd.paiement_id, -pd.montant, pd.date_paiement, \
           pd.date_banque, pd.reference, {depense}, {fournisseur}, CAST(NULL AS BIGINT) \
         FROM banque_paiements_depenses_view pd{jointure_depense} WHERE pd.residence_id = $1 \
         UNION ALL \
         SELECT ps.compte_id, 'paiement_salaire', ps.paiement_id, -ps.montant, ps.date_paiement, \
           ps.date_banque, ps.reference, {salarie}, ps.mois, CAST(NULL AS BIGINT) \
         FROM banque_paiements_salaires_view ps{jointure_salarie} WHERE ps.residence_id = $1 \
         UNION ALL \
         SELECT cp.compte_id, 'charge_patronale', cp.charge_id, -cp.montant, cp.date_paiement, \
           cp.date_banque, cp.reference, cp.titre, CAST(NULL AS TEXT), CAST(NULL AS BIGINT) \
         FROM banque_charges_patronales_view cp WHERE cp.residence_id = $1 \
         UNION ALL \
         SELECT pc.compte_id, 'paiement_contrat', pc.paiement_id, -pc.montant, pc.date_paiement, \
           pc.date_banque, pc.reference, {contrat}, {fournisseur_contrat}, CAST(NULL AS BIGINT) \
         FROM banque_paiements_contrats_view pc{jointure_contrat} WHERE pc.residence_id = $1"
    )
}

/// The balance of each account of a residence at the end of `date`: its opening balance once
/// its date is reached, plus its movements dated until then.
pub async fn soldes_au(
    db: &Database,
    residence_id: i64,
    date: NaiveDate,
) -> Result<BTreeMap<CompteBancaireId, Montant>, sqlx::Error> {
    // Each kind of movement summed per account on its own (from the index alone for the
    // collections), not the movements' union summed row by row.
    let entrees = format!(
        "'{}', '{}'",
        as_text(TypeOperation::Depot),
        as_text(TypeOperation::Interets)
    );
    let sql = format!(
        "SELECT k.compte_id, k.solde_initial, k.date_solde_initial, \
           COALESCE(m.total, 0) AS total \
         FROM banque_comptes_view k LEFT JOIN ( \
           SELECT compte_id, CAST(SUM(total) AS BIGINT) AS total FROM ( \
             SELECT compte_id, SUM(montant) AS total FROM banque_encaissements_view \
             WHERE residence_id = $1 AND compte_id IS NOT NULL AND date_paiement <= $2 \
             GROUP BY compte_id \
             UNION ALL \
             SELECT compte_id, \
               SUM(CASE WHEN type_operation IN ({entrees}) THEN montant ELSE -montant END) \
             FROM banque_operations_view WHERE residence_id = $1 AND date_operation <= $2 \
             GROUP BY compte_id \
             UNION ALL \
             SELECT source, -SUM(montant) FROM banque_transferts_view \
             WHERE residence_id = $1 AND date_transfert <= $2 GROUP BY source \
             UNION ALL \
             SELECT destination, SUM(montant) FROM banque_transferts_view \
             WHERE residence_id = $1 AND date_transfert <= $2 GROUP BY destination \
             UNION ALL \
             SELECT compte_id, SUM(montant) FROM banque_remises_view \
             WHERE residence_id = $1 AND date_remise <= $2 GROUP BY compte_id \
             UNION ALL \
             SELECT compte_id, -SUM(montant) FROM banque_paiements_depenses_view \
             WHERE residence_id = $1 AND date_paiement <= $2 GROUP BY compte_id \
             UNION ALL \
             SELECT compte_id, -SUM(montant) FROM banque_paiements_salaires_view \
             WHERE residence_id = $1 AND date_paiement <= $2 GROUP BY compte_id \
             UNION ALL \
             SELECT compte_id, -SUM(montant) FROM banque_charges_patronales_view \
             WHERE residence_id = $1 AND date_paiement <= $2 GROUP BY compte_id \
             UNION ALL \
             SELECT compte_id, -SUM(montant) FROM banque_paiements_contrats_view \
             WHERE residence_id = $1 AND date_paiement <= $2 GROUP BY compte_id) u \
           GROUP BY compte_id) m ON m.compte_id = k.compte_id \
         WHERE k.residence_id = $1"
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(date.to_string())
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            let initial = if date_column(row, "date_solde_initial")? <= date {
                row.try_get::<i64, _>("solde_initial")?
            } else {
                0
            };
            let total: i64 = row.try_get("total")?;
            Ok((
                row.try_get("compte_id")?,
                Montant::from_millimes(initial.saturating_add(total)),
            ))
        })
        .collect()
}

/// One movement of an account, as the reconciliation lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MouvementRow {
    pub compte_id: CompteBancaireId,
    pub table: TableMouvement,
    pub id: i64,
    /// Signed: money in positive, money out negative.
    pub montant: Montant,
    pub date: NaiveDate,
    /// When the bank booked it (its pointing); `None` while not pointed.
    pub date_banque: Option<NaiveDate>,
    pub reference: Option<String>,
    /// The operation's libellé; the collection's cotisation; the expense's title; the
    /// employee's name of a salary; the title of an employer-charge payment.
    pub libelle: Option<String>,
    /// The collection's property; the transfer's other account; the expense's supplier; the
    /// month a salary pays (its first day, `YYYY-MM-DD`).
    pub contrepartie: Option<String>,
    /// The deposit's number of cheques.
    pub nombre_cheques: Option<i64>,
}

fn mouvement_from(row: &AnyRow) -> Result<MouvementRow, sqlx::Error> {
    Ok(MouvementRow {
        compte_id: row.try_get("compte_id")?,
        table: enum_column(row, "mouvement")?,
        id: row.try_get("id")?,
        montant: montant_column(row, "montant")?,
        date: date_column(row, "date_mouvement")?,
        date_banque: optional_date_column(row, "date_banque")?,
        reference: row.try_get("reference")?,
        libelle: row.try_get("libelle")?,
        contrepartie: row.try_get("contrepartie")?,
        nombre_cheques: row.try_get("nombre")?,
    })
}

/// The account's bank balance at the end of `au`, as the reconciliation counts it: the balance
/// carried into `au`'s year (and an opening balance dated in it by then), plus the movements
/// of the year pointed by `au`. What a bank statement's closing balance is checked against.
pub async fn solde_banque_au(
    db: &Database,
    residence_id: i64,
    compte: &CompteRow,
    au: NaiveDate,
) -> Result<Montant, sqlx::Error> {
    let debut = NaiveDate::from_ymd_opt(au.year(), 1, 1).unwrap_or(au);
    let veille = debut.pred_opt().unwrap_or(debut);
    let report = soldes_au(db, residence_id, veille)
        .await?
        .get(&compte.id)
        .copied()
        .unwrap_or(Montant::ZERO);
    let mut total = report.millimes();
    if (debut..=au).contains(&compte.date_solde_initial) {
        total = total.saturating_add(compte.solde_initial.millimes());
    }
    let fin_annee = NaiveDate::from_ymd_opt(au.year(), 12, 31).unwrap_or(au);
    for m in mouvements_du_compte(db, residence_id, compte.id, (debut, fin_annee)).await? {
        if m.date_banque.is_some_and(|d| d <= au) {
            total = total.saturating_add(m.montant.millimes());
        }
    }
    Ok(Montant::from_millimes(total))
}

/// The movements of one account dated from `du` to `au`, by date (then kind and id).
pub async fn mouvements_du_compte(
    db: &Database,
    residence_id: i64,
    compte_id: CompteBancaireId,
    (du, au): (NaiveDate, NaiveDate),
) -> Result<Vec<MouvementRow>, sqlx::Error> {
    let sql = format!(
        "SELECT * FROM ({}) m WHERE m.compte_id = $2 AND m.date_mouvement >= $3 \
         AND m.date_mouvement <= $4 ORDER BY m.date_mouvement, m.mouvement, m.id",
        mouvements_sql(true)
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(compte_id)
        .bind(du.to_string())
        .bind(au.to_string())
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(mouvement_from).collect()
}

/// One movement of a residence (`None` when it has no such movement).
pub async fn mouvement(
    db: &Database,
    residence_id: i64,
    mouvement: Mouvement,
) -> Result<Option<MouvementRow>, sqlx::Error> {
    let sql = format!(
        "SELECT * FROM ({}) m WHERE m.mouvement = $2 AND m.id = $3",
        mouvements_sql(true)
    );
    let row = sqlx::query(&sql)
        .bind(residence_id)
        .bind(mouvement.table.nom())
        .bind(mouvement.id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(mouvement_from).transpose()
}

/// A withdrawal, deposit, fee or interest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OperationRow {
    pub id: OperationId,
    pub compte_id: CompteBancaireId,
    pub type_operation: TypeOperation,
    pub libelle: String,
    /// Positive, whatever its direction (its type says it).
    pub montant: Montant,
    pub date: NaiveDate,
    pub date_banque: Option<NaiveDate>,
    pub commentaire: Option<String>,
}

fn operation_from(row: &AnyRow) -> Result<OperationRow, sqlx::Error> {
    Ok(OperationRow {
        id: row.try_get("operation_id")?,
        compte_id: row.try_get("compte_id")?,
        type_operation: enum_column(row, "type_operation")?,
        libelle: row.try_get("libelle")?,
        montant: montant_column(row, "montant")?,
        date: date_column(row, "date_operation")?,
        date_banque: optional_date_column(row, "date_banque")?,
        commentaire: row.try_get("commentaire")?,
    })
}

const OPERATION_COLUMNS: &str =
    "operation_id, compte_id, type_operation, libelle, montant, date_operation, date_banque, \
     commentaire";

/// The operations of a residence of one type, newest first.
pub async fn operations(
    db: &Database,
    residence_id: i64,
    type_operation: TypeOperation,
) -> Result<Vec<OperationRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {OPERATION_COLUMNS} FROM banque_operations_view \
         WHERE residence_id = $1 AND type_operation = $2 \
         ORDER BY date_operation DESC, operation_id DESC"
    ))
    .bind(residence_id)
    .bind(as_text(type_operation))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(operation_from).collect()
}

/// One operation of a residence.
pub async fn operation(
    db: &Database,
    residence_id: i64,
    operation_id: OperationId,
) -> Result<Option<OperationRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {OPERATION_COLUMNS} FROM banque_operations_view \
         WHERE residence_id = $1 AND operation_id = $2"
    ))
    .bind(residence_id)
    .bind(operation_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(operation_from).transpose()
}

/// A transfer between two accounts, with their libellés.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TransfertRow {
    pub id: TransfertId,
    pub source: CompteBancaireId,
    pub source_libelle: String,
    pub destination: CompteBancaireId,
    pub destination_libelle: String,
    pub montant: Montant,
    pub date: NaiveDate,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
}

/// The transfers of a residence (all, or `transfert_id`), newest first.
pub async fn transferts(
    db: &Database,
    residence_id: i64,
    transfert_id: Option<TransfertId>,
) -> Result<Vec<TransfertRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT t.transfert_id, t.source, COALESCE(s.libelle, '') AS source_libelle, \
           t.destination, COALESCE(d.libelle, '') AS destination_libelle, t.montant, \
           t.date_transfert, t.reference, t.commentaire \
         FROM banque_transferts_view t \
         LEFT JOIN banque_comptes_view s ON s.residence_id = t.residence_id AND s.compte_id = t.source \
         LEFT JOIN banque_comptes_view d \
           ON d.residence_id = t.residence_id AND d.compte_id = t.destination \
         WHERE t.residence_id = $1 AND ($2 = 0 OR t.transfert_id = $2) \
         ORDER BY t.date_transfert DESC, t.transfert_id DESC",
    )
    .bind(residence_id)
    .bind(transfert_id.unwrap_or(0))
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(TransfertRow {
                id: row.try_get("transfert_id")?,
                source: row.try_get("source")?,
                source_libelle: row.try_get("source_libelle")?,
                destination: row.try_get("destination")?,
                destination_libelle: row.try_get("destination_libelle")?,
                montant: montant_column(row, "montant")?,
                date: date_column(row, "date_transfert")?,
                reference: row.try_get("reference")?,
                commentaire: row.try_get("commentaire")?,
            })
        })
        .collect()
}

/// A cheque received (a collection by cheque), with who wrote it and for what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChequeRow {
    /// The receipt's id (a collection's, a contract payment's or an exceptional revenue's: one
    /// sequence).
    pub encaissement_id: EncaissementId,
    /// Which kind of receipt: `Encaissement`, `PaiementContrat` or `RevenuExceptionnel`.
    pub origine: TableMouvement,
    pub montant: Montant,
    /// When it was received (the collection's payment date).
    pub date: NaiveDate,
    pub reference: Option<String>,
    /// The payer of the due it pays; the client of a contract or exceptional revenue.
    pub tireur: Option<String>,
    /// The property of the due it pays.
    pub propriete: Option<String>,
    /// The cotisation of the due it pays; the contract's or revenue's title.
    pub cotisation: Option<String>,
    /// The deposit it is in; `None` while pending.
    pub remise_id: Option<RemiseId>,
}

/// The cheques of a residence, pending (`remises: false`) or deposited, oldest first.
async fn cheques(
    db: &Database,
    residence_id: i64,
    remises: bool,
) -> Result<Vec<ChequeRow>, sqlx::Error> {
    let condition = if remises {
        "e.remise_id IS NOT NULL"
    } else {
        "e.remise_id IS NULL"
    };
    let rows = sqlx::query(&format!(
        "SELECT e.encaissement_id, e.origine, e.montant, e.date_paiement, e.reference, \
           e.remise_id, COALESCE(o.nom, cl.nom) AS tireur, p.nom AS propriete, \
           COALESCE(c.titre, ct.titre, re.titre) AS cotisation \
         FROM banque_encaissements_view e \
         LEFT JOIN encaissements_view v \
           ON v.residence_id = e.residence_id AND v.encaissement_id = e.encaissement_id \
         LEFT JOIN montants_dus_view d \
           ON d.residence_id = v.residence_id AND d.montant_du_id = v.montant_du_id \
         LEFT JOIN cotisations_view c \
           ON c.residence_id = d.residence_id AND c.cotisation_id = d.cotisation_id \
         LEFT JOIN proprietes_view p \
           ON p.residence_id = d.residence_id AND p.propriete_id = d.propriete_id \
         LEFT JOIN occupants_view o \
           ON o.residence_id = d.residence_id AND o.occupant_id = d.payeur_id{JOINTURES_RECETTES} \
         WHERE e.residence_id = $1 AND e.methode = 'cheque' AND {condition} \
         ORDER BY e.date_paiement, e.encaissement_id"
    ))
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ChequeRow {
                encaissement_id: row.try_get("encaissement_id")?,
                origine: enum_column(row, "origine")?,
                montant: montant_column(row, "montant")?,
                date: date_column(row, "date_paiement")?,
                reference: row.try_get("reference")?,
                tireur: row.try_get("tireur")?,
                propriete: row.try_get("propriete")?,
                cotisation: row.try_get("cotisation")?,
                remise_id: row.try_get("remise_id")?,
            })
        })
        .collect()
}

/// The cheques received and not deposited, oldest first.
pub async fn cheques_en_attente(
    db: &Database,
    residence_id: i64,
) -> Result<Vec<ChequeRow>, sqlx::Error> {
    cheques(db, residence_id, false).await
}

/// A cheque deposit with its cheques.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RemiseRow {
    pub id: RemiseId,
    pub compte_id: CompteBancaireId,
    pub compte_libelle: String,
    pub date: NaiveDate,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    pub montant: Montant,
    pub date_banque: Option<NaiveDate>,
    /// Oldest first.
    pub cheques: Vec<ChequeRow>,
}

/// The cheque deposits of a residence (all, or `remise_id`), newest first.
pub async fn remises(
    db: &Database,
    residence_id: i64,
    remise_id: Option<RemiseId>,
) -> Result<Vec<RemiseRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.remise_id, r.compte_id, COALESCE(k.libelle, '') AS compte_libelle, \
           r.date_remise, r.reference, r.commentaire, r.montant, r.date_banque \
         FROM banque_remises_view r LEFT JOIN banque_comptes_view k \
           ON k.residence_id = r.residence_id AND k.compte_id = r.compte_id \
         WHERE r.residence_id = $1 AND ($2 = 0 OR r.remise_id = $2) \
         ORDER BY r.date_remise DESC, r.remise_id DESC",
    )
    .bind(residence_id)
    .bind(remise_id.unwrap_or(0))
    .fetch_all(&db.pool)
    .await?;
    let mut par_remise: BTreeMap<RemiseId, Vec<ChequeRow>> = BTreeMap::new();
    for cheque in cheques(db, residence_id, true).await? {
        if let Some(remise_id) = cheque.remise_id {
            par_remise.entry(remise_id).or_default().push(cheque);
        }
    }
    rows.iter()
        .map(|row| {
            let id: RemiseId = row.try_get("remise_id")?;
            Ok(RemiseRow {
                id,
                compte_id: row.try_get("compte_id")?,
                compte_libelle: row.try_get("compte_libelle")?,
                date: date_column(row, "date_remise")?,
                reference: row.try_get("reference")?,
                commentaire: row.try_get("commentaire")?,
                montant: montant_column(row, "montant")?,
                date_banque: optional_date_column(row, "date_banque")?,
                cheques: par_remise.remove(&id).unwrap_or_default(),
            })
        })
        .collect()
}
