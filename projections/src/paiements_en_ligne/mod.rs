//! Online payment through Konnect (issue 21; docs/api-paiement-en-ligne.md): the residence's
//! settings and the payment requests, plain tables owned by this module (ADR 0005: a request is
//! not money; the money is what the ledger records once the gateway confirms a payment).
//!
//! Rules kept here:
//! - a request covers an exact set of dues and amount (millimes) for a short time (`expire_le`);
//!   while one is pending (`en_attente`, not expired) no other request may cover any of its dues
//!   ([`reserver`], one transaction that first takes the residence's settings row: the lock that
//!   orders two requests on both stores);
//! - a request the gateway refused to open, failed or expired releases its dues;
//! - a paid request is marked once ([`marquer_payee`] changes only a request not yet paid).

use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::timestamp;
use crate::tables::{Etape, TablesDeModule};
use crate::Database;

/// This module's tables (registered in [`crate::tables_de_modules`]).
pub const TABLES: TablesDeModule = TablesDeModule {
    module: "paiements_en_ligne",
    etapes: &[Etape {
        sqlite: include_str!("sqlite.sql"),
        postgres: include_str!("postgres.sql"),
    }],
};

/// A residence's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Configuration {
    pub active: bool,
    pub wallet_id: Option<String>,
    /// The API key, encrypted by the server (base64 of nonce || ciphertext); never answered.
    pub cle_api_chiffree: Option<String>,
    pub frais_au_coproprietaire: bool,
    /// Konnect's method names (`bank_card`, `e-DINAR`, `wallet`, `flouci`).
    pub methodes: Vec<String>,
    /// The bank account the gateway's settlements land on.
    pub compte_id: Option<i64>,
}

fn configuration_de(row: &AnyRow) -> Result<Configuration, sqlx::Error> {
    let methodes: String = row.try_get("methodes")?;
    Ok(Configuration {
        active: row.try_get::<i64, _>("active")? != 0,
        wallet_id: row.try_get("wallet_id")?,
        cle_api_chiffree: row.try_get("cle_api_chiffree")?,
        frais_au_coproprietaire: row.try_get::<i64, _>("frais_au_coproprietaire")? != 0,
        methodes: serde_json::from_str(&methodes).unwrap_or_default(),
        compte_id: row.try_get("compte_id")?,
    })
}

/// The residence's settings, if it ever saved any.
pub async fn configuration(
    db: &Database,
    residence_id: i64,
) -> Result<Option<Configuration>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT active, wallet_id, cle_api_chiffree, frais_au_coproprietaire, methodes, compte_id \
         FROM paiement_en_ligne_configurations WHERE residence_id = $1",
    )
    .bind(residence_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(configuration_de).transpose()
}

/// Saves the residence's settings (the whole record; the caller keeps the stored key when no
/// new one was given).
pub async fn enregistrer_configuration(
    db: &Database,
    residence_id: i64,
    configuration: &Configuration,
    par: i64,
    le: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let methodes = serde_json::to_string(&configuration.methodes).unwrap_or_else(|_| "[]".into());
    let mut tx = db.pool.begin().await?;
    let modifiees = sqlx::query(
        "UPDATE paiement_en_ligne_configurations SET active = $1, wallet_id = $2, \
         cle_api_chiffree = $3, frais_au_coproprietaire = $4, methodes = $5, compte_id = $6, \
         modifie_par = $7, modifie_le = $8 WHERE residence_id = $9",
    )
    .bind(i64::from(configuration.active))
    .bind(configuration.wallet_id.as_deref())
    .bind(configuration.cle_api_chiffree.as_deref())
    .bind(i64::from(configuration.frais_au_coproprietaire))
    .bind(methodes.as_str())
    .bind(configuration.compte_id)
    .bind(par)
    .bind(timestamp(le))
    .bind(residence_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if modifiees == 0 {
        sqlx::query(
            "INSERT INTO paiement_en_ligne_configurations (residence_id, active, wallet_id, \
             cle_api_chiffree, frais_au_coproprietaire, methodes, compte_id, modifie_par, \
             modifie_le) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(residence_id)
        .bind(i64::from(configuration.active))
        .bind(configuration.wallet_id.as_deref())
        .bind(configuration.cle_api_chiffree.as_deref())
        .bind(i64::from(configuration.frais_au_coproprietaire))
        .bind(methodes.as_str())
        .bind(configuration.compte_id)
        .bind(par)
        .bind(timestamp(le))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// The stored status of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Statut {
    EnAttente,
    Payee,
    Echouee,
    Expiree,
}

impl Statut {
    pub fn as_str(self) -> &'static str {
        match self {
            Statut::EnAttente => "en_attente",
            Statut::Payee => "payee",
            Statut::Echouee => "echouee",
            Statut::Expiree => "expiree",
        }
    }

    pub fn parse(text: &str) -> Option<Statut> {
        [
            Statut::EnAttente,
            Statut::Payee,
            Statut::Echouee,
            Statut::Expiree,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// One due of a request and what the request asked for it (millimes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DuDemande {
    pub montant_du_id: i64,
    pub montant: i64,
}

/// A payment request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paiement {
    pub id: i64,
    pub residence_id: i64,
    pub user_id: i64,
    pub propriete_id: i64,
    pub reference: Option<String>,
    pub pay_url: Option<String>,
    /// What was asked (millimes).
    pub montant: i64,
    /// What the gateway said was paid (fees included when the co-owner pays them).
    pub montant_paye: Option<i64>,
    statut: Statut,
    /// UTC, as stored (`timestamp`).
    pub expire_le: String,
    pub cree_le: String,
    pub paye_le: Option<String>,
    /// `[{id, numero_recu, montant_du_id}]` of the collections recorded, once paid.
    pub encaissements: Option<String>,
    pub trop_percu: i64,
    pub dus: Vec<DuDemande>,
}

impl Paiement {
    /// The status at `now`: a pending request past its end is expired.
    pub fn statut(&self, now: DateTime<Utc>) -> Statut {
        if self.statut == Statut::EnAttente && self.expire_le <= timestamp(now) {
            Statut::Expiree
        } else {
            self.statut
        }
    }

    /// The status as stored (a pending request past its end still says pending).
    pub fn statut_enregistre(&self) -> Statut {
        self.statut
    }
}

const COLONNES: &str = "id, residence_id, user_id, propriete_id, reference, pay_url, montant, \
     montant_paye, statut, expire_le, cree_le, paye_le, encaissements, trop_percu";

fn paiement_de(row: &AnyRow) -> Result<Paiement, sqlx::Error> {
    let statut: String = row.try_get("statut")?;
    Ok(Paiement {
        id: row.try_get("id")?,
        residence_id: row.try_get("residence_id")?,
        user_id: row.try_get("user_id")?,
        propriete_id: row.try_get("propriete_id")?,
        reference: row.try_get("reference")?,
        pay_url: row.try_get("pay_url")?,
        montant: row.try_get("montant")?,
        montant_paye: row.try_get("montant_paye")?,
        statut: Statut::parse(&statut).unwrap_or(Statut::Echouee),
        expire_le: row.try_get("expire_le")?,
        cree_le: row.try_get("cree_le")?,
        paye_le: row.try_get("paye_le")?,
        encaissements: row.try_get("encaissements")?,
        trop_percu: row.try_get("trop_percu")?,
        dus: Vec::new(),
    })
}

async fn avec_dus(
    db: &Database,
    mut paiements: Vec<Paiement>,
) -> Result<Vec<Paiement>, sqlx::Error> {
    let Some(residence_id) = paiements.first().map(|p| p.residence_id) else {
        return Ok(paiements);
    };
    let rows = sqlx::query(
        "SELECT paiement_id, montant_du_id, montant FROM paiement_en_ligne_dus \
         WHERE residence_id = $1 ORDER BY paiement_id, montant_du_id",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    for row in rows {
        let paiement_id: i64 = row.try_get("paiement_id")?;
        if let Some(paiement) = paiements.iter_mut().find(|p| p.id == paiement_id) {
            paiement.dus.push(DuDemande {
                montant_du_id: row.try_get("montant_du_id")?,
                montant: row.try_get("montant")?,
            });
        }
    }
    Ok(paiements)
}

/// What [`reserver`] answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reservation {
    /// The new request's id.
    Reservee(i64),
    /// A pending, unexpired request already covers one of the dues.
    EnCours,
}

/// Records a pending request for `dus` unless a pending, unexpired one covers any of them, in
/// one transaction that first takes the residence's settings row (so two requests of the
/// residence are ordered, on both stores).
#[allow(clippy::too_many_arguments)]
pub async fn reserver(
    db: &Database,
    residence_id: i64,
    user_id: i64,
    propriete_id: i64,
    dus: &[DuDemande],
    maintenant: DateTime<Utc>,
    expire_le: DateTime<Utc>,
) -> Result<Reservation, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    sqlx::query(
        "UPDATE paiement_en_ligne_configurations SET verrou = verrou + 1 WHERE residence_id = $1",
    )
    .bind(residence_id)
    .execute(&mut *tx)
    .await?;
    let maintenant_texte = timestamp(maintenant);
    for du in dus {
        let couvert = sqlx::query(
            "SELECT p.id FROM paiement_en_ligne_dus d JOIN paiements_en_ligne p ON p.id = d.paiement_id \
             WHERE d.residence_id = $1 AND d.montant_du_id = $2 AND p.statut = 'en_attente' \
             AND p.expire_le > $3 LIMIT 1",
        )
        .bind(residence_id)
        .bind(du.montant_du_id)
        .bind(maintenant_texte.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        if couvert.is_some() {
            return Ok(Reservation::EnCours);
        }
    }
    let montant: i64 = dus.iter().map(|d| d.montant).sum();
    let id: i64 = sqlx::query(
        "INSERT INTO paiements_en_ligne (residence_id, user_id, propriete_id, montant, statut, \
         expire_le, cree_le) VALUES ($1, $2, $3, $4, 'en_attente', $5, $6) RETURNING id",
    )
    .bind(residence_id)
    .bind(user_id)
    .bind(propriete_id)
    .bind(montant)
    .bind(timestamp(expire_le))
    .bind(maintenant_texte.as_str())
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    for du in dus {
        sqlx::query(
            "INSERT INTO paiement_en_ligne_dus (paiement_id, residence_id, montant_du_id, montant) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(residence_id)
        .bind(du.montant_du_id)
        .bind(du.montant)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Reservation::Reservee(id))
}

/// The gateway opened the payment: its reference and the page the co-owner pays on.
pub async fn ouvrir(
    db: &Database,
    id: i64,
    reference: &str,
    pay_url: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE paiements_en_ligne SET reference = $1, pay_url = $2 WHERE id = $3")
        .bind(reference)
        .bind(pay_url)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A pending request ends unpaid (the gateway refused to open it, the payment failed or
/// expired): its dues are released. `false` when it was no longer pending.
pub async fn terminer(db: &Database, id: i64, statut: Statut) -> Result<bool, sqlx::Error> {
    let changees = sqlx::query(
        "UPDATE paiements_en_ligne SET statut = $1 WHERE id = $2 AND statut = 'en_attente'",
    )
    .bind(statut.as_str())
    .bind(id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(changees == 1)
}

/// Marks a request paid, once: `false` when it already was.
pub async fn marquer_payee(
    db: &Database,
    id: i64,
    montant_paye: i64,
    paye_le: DateTime<Utc>,
    encaissements: &str,
    trop_percu: i64,
) -> Result<bool, sqlx::Error> {
    let changees = sqlx::query(
        "UPDATE paiements_en_ligne SET statut = 'payee', montant_paye = $1, paye_le = $2, \
         encaissements = $3, trop_percu = $4 WHERE id = $5 AND statut <> 'payee'",
    )
    .bind(montant_paye)
    .bind(timestamp(paye_le))
    .bind(encaissements)
    .bind(trop_percu)
    .bind(id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(changees == 1)
}

/// The request the gateway knows by `reference`, with its dues.
pub async fn par_reference(
    db: &Database,
    reference: &str,
) -> Result<Option<Paiement>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLONNES} FROM paiements_en_ligne WHERE reference = $1"
    ))
    .bind(reference)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let paiement = paiement_de(&row)?;
    let id = paiement.id;
    let mut paiements = avec_dus(db, vec![paiement]).await?;
    paiements.retain(|p| p.id == id);
    Ok(paiements.pop())
}

/// The residence's requests opened by the gateway (a request it refused to open is not listed),
/// newest first.
pub async fn liste(db: &Database, residence_id: i64) -> Result<Vec<Paiement>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLONNES} FROM paiements_en_ligne WHERE residence_id = $1 \
         AND reference IS NOT NULL ORDER BY cree_le DESC, id DESC"
    ))
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    let paiements = rows
        .iter()
        .map(paiement_de)
        .collect::<Result<Vec<_>, _>>()?;
    avec_dus(db, paiements).await
}
