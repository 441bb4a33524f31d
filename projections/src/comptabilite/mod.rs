//! Read model of the books (issue 12, ADR 0007): "what did each money fact post, and what does
//! each account hold?" — the journal of an exercice, the general ledger, the trial balance and
//! the treasury at a date (GET /api/comptabilite/…).
//!
//! The entries are what the domain's [`passations`](daftar_domain::comptabilite::passations)
//! post, numbered as [`Livres`](daftar_domain::comptabilite::Livres) numbers them (the
//! reference this model is tested against): per exercice (the calendar year of the entry's
//! date) 1, 2, 3… without gaps, in posting order. Amounts are integer millimes; accounts are
//! the chart's numbers as printed. A bank sub-account's title is read at query time from the
//! bank model's table when it is there (this model reads no other model while applying).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use daftar_domain::banque::CompteBancaireId;
use daftar_domain::comptabilite::Compte;
use daftar_domain::Montant;
use serde::Serialize;
use sqlx::Row;

use crate::db::Database;
use crate::text::{date_column, montant_column};

mod apply;
mod lignes;
pub mod tableau;

pub use apply::ComptabiliteView;

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "comptabilite";

/// The bank model's table of accounts and the columns read from it for the titles of the bank
/// sub-accounts (read only if it exists).
const TABLE_COMPTES_BANCAIRES: &str = "banque_comptes_view";

/// One line of an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LigneEcriture {
    /// The account's number ("450", "512001").
    pub compte: String,
    pub debit: Montant,
    pub credit: Montant,
}

/// An entry of the journal with its lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EcritureJournal {
    pub exercice: i32,
    pub numero: i64,
    pub date: NaiveDate,
    pub libelle: String,
    /// The kind of record the entry stands for (`appels`, `encaissement`, …).
    pub source_nature: String,
    pub source_id: i64,
    /// For a contra-entry, the number of the entry it reverses.
    pub extourne_de: Option<i64>,
    /// Whether no correction has reversed it yet (contra-entries never stand).
    pub en_vigueur: bool,
    pub lignes: Vec<LigneEcriture>,
}

/// The journal of one exercice: its entries with their lines, in number order.
pub async fn journal(
    db: &Database,
    residence_id: i64,
    exercice: i32,
) -> Result<Vec<EcritureJournal>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT numero, date_ecriture, libelle, source_nature, source_id, extourne_de, \
         en_vigueur, lignes FROM ecritures WHERE residence_id = $1 AND exercice = $2 \
         ORDER BY numero",
    )
    .bind(residence_id)
    .bind(i64::from(exercice))
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(EcritureJournal {
                exercice,
                numero: row.try_get("numero")?,
                date: date_column(row, "date_ecriture")?,
                libelle: row.try_get("libelle")?,
                source_nature: row.try_get("source_nature")?,
                source_id: row.try_get("source_id")?,
                extourne_de: row.try_get("extourne_de")?,
                en_vigueur: row.try_get::<i64, _>("en_vigueur")? != 0,
                lignes: lignes::decoder(&row.try_get::<String, _>("lignes")?)?,
            })
        })
        .collect()
}

/// An account's Σ debit and Σ credit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Totaux {
    pub debit: Montant,
    pub credit: Montant,
}

impl Totaux {
    /// Debit minus credit, in millimes.
    pub fn solde(self) -> i64 {
        self.debit.millimes().saturating_sub(self.credit.millimes())
    }
}

/// The trial balance of one exercice: Σ debit and Σ credit of its lines per account, in the
/// chart's order (the accounts' numbers as text: 450, 5112, 512…, 53, 627, 70x…), read from
/// the running totals (`ecritures_soldes`), not summed from the lines.
pub async fn balance(
    db: &Database,
    residence_id: i64,
    exercice: i32,
) -> Result<Vec<(String, Totaux)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT compte, CAST(SUM(debit) AS BIGINT) AS debit, \
         CAST(SUM(credit) AS BIGINT) AS credit FROM ecritures_soldes \
         WHERE residence_id = $1 AND exercice = $2 GROUP BY compte ORDER BY compte",
    )
    .bind(residence_id)
    .bind(i64::from(exercice))
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get("compte")?,
                Totaux {
                    debit: montant_column(row, "debit")?,
                    credit: montant_column(row, "credit")?,
                },
            ))
        })
        .collect()
}

/// A movement of an account in the general ledger: what one entry posts to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mouvement {
    pub numero: i64,
    pub date: NaiveDate,
    pub libelle: String,
    pub debit: Montant,
    pub credit: Montant,
    /// The account's balance (debit − credit) after this movement.
    pub solde: Montant,
}

/// One account of the general ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompteGrandLivre {
    pub compte: String,
    /// Σ (debit − credit) of the account's lines dated before the exercice.
    pub solde_ouverture: Montant,
    /// By date, then number.
    pub mouvements: Vec<Mouvement>,
    pub total_debit: Montant,
    pub total_credit: Montant,
    /// The balance at the end of the exercice.
    pub solde: Montant,
}

fn plus(a: Montant, b: i64) -> Montant {
    Montant::from_millimes(a.millimes().saturating_add(b))
}

/// The first exercice a cumulative balance at the end of `exercice` sums: the last one up to it
/// that opens with a "report à nouveau" entry (which carries every year before it), or all.
async fn debut_du_cumul(
    db: &Database,
    residence_id: i64,
    exercice: i32,
) -> Result<i64, sqlx::Error> {
    // A "report à nouveau" is dated 1 January of the year it opens and its source's id is that
    // year: the sources' index finds the last one up to `exercice` by a seek. (Asked by
    // `exercice`, SQLite walked every entry of the residence backwards by the primary key.)
    let debut: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(MAX(source_id) AS BIGINT) FROM ecritures \
         WHERE residence_id = $1 AND source_nature = 'report_a_nouveau' AND source_id <= $2",
    )
    .bind(residence_id)
    .bind(i64::from(exercice))
    .fetch_one(&db.pool)
    .await?;
    Ok(debut.unwrap_or(i64::MIN))
}

/// The general ledger of one exercice (of one account when `compte` is given): every account
/// with a balance carried in or a movement in the exercice, in the chart's order.
pub async fn grand_livre(
    db: &Database,
    residence_id: i64,
    exercice: i32,
    compte: Option<&str>,
) -> Result<Vec<CompteGrandLivre>, sqlx::Error> {
    let filtre = if compte.is_some() {
        " AND compte = $3"
    } else {
        ""
    };
    let filtre = filtre.replace("$3", "$4");
    let sql = format!(
        "SELECT compte, CAST(SUM(debit) - SUM(credit) AS BIGINT) AS solde \
         FROM ecritures_soldes WHERE residence_id = $1 AND exercice < $2 AND exercice >= $3{filtre} \
         GROUP BY compte"
    );
    let debut = debut_du_cumul(db, residence_id, exercice).await?;
    let mut query = sqlx::query(&sql)
        .bind(residence_id)
        .bind(i64::from(exercice))
        .bind(debut);
    if let Some(compte) = compte {
        query = query.bind(compte);
    }
    let mut comptes: BTreeMap<String, CompteGrandLivre> = BTreeMap::new();
    for row in query.fetch_all(&db.pool).await? {
        let numero: String = row.try_get("compte")?;
        let solde = montant_column(&row, "solde")?;
        if solde.is_zero() {
            continue;
        }
        comptes.insert(
            numero.clone(),
            CompteGrandLivre {
                compte: numero,
                solde_ouverture: solde,
                mouvements: Vec::new(),
                total_debit: Montant::ZERO,
                total_credit: Montant::ZERO,
                solde,
            },
        );
    }
    // What each entry of the exercice posts to each account (an entry may have several lines
    // on one account), then each account's movements by date, then number.
    let mut mouvements: BTreeMap<String, Vec<Mouvement>> = BTreeMap::new();
    for ecriture in journal(db, residence_id, exercice).await? {
        let mut par_compte: BTreeMap<String, Totaux> = BTreeMap::new();
        for ligne in ecriture.lignes {
            if compte.is_some_and(|compte| compte != ligne.compte) {
                continue;
            }
            let total = par_compte.entry(ligne.compte).or_insert(Totaux {
                debit: Montant::ZERO,
                credit: Montant::ZERO,
            });
            total.debit = plus(total.debit, ligne.debit.millimes());
            total.credit = plus(total.credit, ligne.credit.millimes());
        }
        for (numero_compte, total) in par_compte {
            mouvements
                .entry(numero_compte)
                .or_default()
                .push(Mouvement {
                    numero: ecriture.numero,
                    date: ecriture.date,
                    libelle: ecriture.libelle.clone(),
                    debit: total.debit,
                    credit: total.credit,
                    // Set below, once the account's movements are in order.
                    solde: Montant::ZERO,
                });
        }
    }
    for (numero_compte, mut du_compte) in mouvements {
        du_compte.sort_by_key(|mouvement| (mouvement.date, mouvement.numero));
        let entry = comptes
            .entry(numero_compte.clone())
            .or_insert_with(|| CompteGrandLivre {
                compte: numero_compte,
                solde_ouverture: Montant::ZERO,
                mouvements: Vec::new(),
                total_debit: Montant::ZERO,
                total_credit: Montant::ZERO,
                solde: Montant::ZERO,
            });
        for mut mouvement in du_compte {
            let (debit, credit) = (mouvement.debit.millimes(), mouvement.credit.millimes());
            entry.total_debit = plus(entry.total_debit, debit);
            entry.total_credit = plus(entry.total_credit, credit);
            entry.solde = plus(entry.solde, debit.saturating_sub(credit));
            mouvement.solde = entry.solde;
            entry.mouvements.push(mouvement);
        }
    }
    Ok(comptes.into_values().collect())
}

/// The money accounts' balances (debit − credit) at the end of a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tresorerie {
    /// 53, the cash box.
    pub caisse: Montant,
    /// 512NNN per bank account (and 512000, bank receipts recorded before any bank account
    /// existed, under `None`), by account id.
    pub banques: BTreeMap<Option<CompteBancaireId>, Montant>,
    /// 5112, cheques received and not yet deposited.
    pub cheques_a_encaisser: Montant,
}

/// The treasury at the end of `date`.
pub async fn tresorerie(
    db: &Database,
    residence_id: i64,
    date: NaiveDate,
) -> Result<Tresorerie, sqlx::Error> {
    // The earlier exercices (since the last "report à nouveau") from their totals; the date's
    // month from the lines of its days until the date, or from the month's totals less the
    // lines of its days after the date (`lignes::lecture`).
    let debut = debut_du_cumul(db, residence_id, date.year()).await?;
    let (premier, dernier) = lignes::bornes_du_mois(date);
    let (mois, signe, jours, borne) = match lignes::lecture(premier, date) {
        lignes::Lecture::Jours => (
            "mois < $5",
            "",
            "e.date_ecriture >= $6 AND e.date_ecriture <= $3",
            premier,
        ),
        lignes::Lecture::Complement => (
            "mois <= $5",
            "-",
            "e.date_ecriture > $3 AND e.date_ecriture <= $6",
            dernier,
        ),
    };
    let sql = format!(
        "SELECT compte, CAST(SUM(solde) AS BIGINT) AS solde FROM ( \
           SELECT compte, debit - credit AS solde FROM ecritures_soldes \
           WHERE residence_id = $1 \
             AND ((exercice < $2 AND exercice >= $4) OR (exercice = $2 AND {mois})) \
           UNION ALL \
           SELECT compte, {signe}(debit - credit) FROM ({} AND {jours}) l) u \
         WHERE compte = '53' OR compte = '5112' OR compte LIKE '512%' \
         GROUP BY compte",
        lignes::lignes_de_l_exercice(db.dialect)
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(i64::from(date.year()))
        .bind(date.to_string())
        .bind(debut)
        .bind(i64::from(date.month()))
        .bind(borne.to_string())
        .fetch_all(&db.pool)
        .await?;
    let mut tresorerie = Tresorerie {
        caisse: Montant::ZERO,
        banques: BTreeMap::new(),
        cheques_a_encaisser: Montant::ZERO,
    };
    for row in &rows {
        let numero: String = row.try_get("compte")?;
        let solde = montant_column(row, "solde")?;
        match Compte::from_numero(&numero) {
            Some(Compte::Caisse) => tresorerie.caisse = solde,
            Some(Compte::ChequesAEncaisser) => tresorerie.cheques_a_encaisser = solde,
            Some(Compte::Banque(id)) => {
                tresorerie.banques.insert(id, solde);
            }
            // The query reads only the treasury's accounts; a new account of the chart must be
            // placed here (treasury or not) before this compiles.
            Some(
                Compte::Coproprietaires
                | Compte::Fournisseurs
                | Compte::PaiementsEnLigne
                | Compte::ChargesCourantes(_)
                | Compte::Travaux
                | Compte::FraisBancaires
                | Compte::Salaires
                | Compte::ChargesSociales
                | Compte::ProvisionsOperationsCourantes
                | Compte::ProvisionsOperationsExceptionnelles
                | Compte::ProduitsFinanciers
                | Compte::RevenusContrats
                | Compte::ProduitsExceptionnels
                | Compte::BilanOuverture
                | Compte::ReportANouveau,
            )
            | None => {}
        }
    }
    Ok(tresorerie)
}

/// The libellé of each bank account of the residence, from the bank model's table (every
/// model's tables exist once the database is opened: `Database::migrate`).
pub async fn libelles_bancaires(
    db: &Database,
    residence_id: i64,
) -> Result<BTreeMap<CompteBancaireId, String>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT compte_id, libelle FROM {TABLE_COMPTES_BANCAIRES} WHERE residence_id = $1"
    ))
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("compte_id")?, row.try_get("libelle")?)))
        .collect()
}

/// The title of each expense category of the residence, from the categories model's table
/// (the current charges' sub-accounts 600NNN).
pub async fn titres_categories(
    db: &Database,
    residence_id: i64,
) -> Result<BTreeMap<i64, String>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT categorie_id, titre FROM categories_view WHERE residence_id = $1")
            .bind(residence_id)
            .fetch_all(&db.pool)
            .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("categorie_id")?, row.try_get("titre")?)))
        .collect()
}

/// What names the sub-accounts of a residence's books: its bank accounts' libellés and its
/// expense categories' titles.
#[derive(Debug, Clone, Default)]
pub struct NomsSousComptes {
    pub banques: BTreeMap<CompteBancaireId, String>,
    pub categories: BTreeMap<i64, String>,
}

impl NomsSousComptes {
    pub async fn lire(db: &Database, residence_id: i64) -> Result<Self, sqlx::Error> {
        Ok(NomsSousComptes {
            banques: libelles_bancaires(db, residence_id).await?,
            categories: titres_categories(db, residence_id).await?,
        })
    }
}

/// An account's title as the books print it: the chart's, or for a bank sub-account
/// "Banque — <its bank account's libellé>" (its number when the libellé is not known), for a
/// category's "Charges courantes — <its title>".
pub fn intitule(numero: &str, noms: &NomsSousComptes) -> String {
    match Compte::from_numero(numero) {
        Some(Compte::Banque(Some(id))) => match noms.banques.get(&id) {
            Some(libelle) => format!("Banque — {libelle}"),
            None => format!("Banque — {numero}"),
        },
        Some(Compte::ChargesCourantes(Some(id))) => match noms.categories.get(&id) {
            Some(titre) => format!("Charges courantes — {titre}"),
            None => format!("Charges courantes — {numero}"),
        },
        Some(compte) => compte.intitule().to_owned(),
        None => numero.to_owned(),
    }
}
