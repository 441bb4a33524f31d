//! Read model "which clients, contracts and exceptional revenues does the residence have, and
//! what was paid?" (spec 1 §2–§3 contracts, clients, exceptional revenues; spec 2 §3 "Expense
//! contract"; the answers of docs/api-contrats.md).
//!
//! Names come from other models' tables at query time (suppliers and categories from
//! `fournisseurs_view`, `categories_view`; whether a cheque is deposited from the bank model's
//! `banque_encaissements_view`), never while applying. Lists are sorted in Rust by
//! [`crate::fournisseurs::cle_de_tri`] where they are sorted by a name.

use chrono::NaiveDate;
use daftar_domain::banque::CompteBancaireId;
use daftar_domain::contrats::{
    ClientId, ContratId, Contrepartie, FicheContrat, MethodePaiementContrat, PaiementContratId,
    Periodicite, RevenuExceptionnelId, SensContrat,
};
use daftar_domain::depenses::gouvernorat;
use daftar_domain::Montant;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::Database;
use crate::fournisseurs::{cle_de_tri, GouvernoratRow};
use crate::text::{as_text, date_column, enum_column, montant_column, optional_date_column};

mod apply;

pub use apply::ContratsView;

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "contrats";

/// `documents_view.proprietaire` of a contract's file.
pub const PROPRIETAIRE_CONTRAT: &str = "contrat";

/// `{id, nom}` of a record another names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Nomme {
    pub id: i64,
    pub nom: String,
}

/// A client.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClientRow {
    pub id: ClientId,
    pub nom: String,
    pub tel: Option<String>,
    pub email: Option<String>,
    pub adresse: Option<String>,
    pub ville: Option<String>,
    pub gouvernorat: Option<GouvernoratRow>,
    pub activite: Option<String>,
    pub matricule_fiscal: Option<String>,
    pub commentaire: Option<String>,
    /// A contract or an exceptional revenue names it: it cannot be deleted.
    pub utilise: bool,
}

/// The clients of a residence, by name (then id).
pub async fn clients(db: &Database, residence_id: i64) -> Result<Vec<ClientRow>, sqlx::Error> {
    let mut rows = client_rows(db, residence_id, None).await?;
    rows.sort_by_cached_key(|row| (cle_de_tri(&row.nom), row.id));
    Ok(rows)
}

pub async fn client(
    db: &Database,
    residence_id: i64,
    client_id: ClientId,
) -> Result<Option<ClientRow>, sqlx::Error> {
    Ok(client_rows(db, residence_id, Some(client_id))
        .await?
        .into_iter()
        .next())
}

async fn client_rows(
    db: &Database,
    residence_id: i64,
    client_id: Option<ClientId>,
) -> Result<Vec<ClientRow>, sqlx::Error> {
    let sql = "SELECT c.client_id, c.nom, c.tel, c.email, c.adresse, c.ville, c.gouvernorat, \
         c.activite, c.matricule_fiscal, c.commentaire, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM contrats_view k \
             WHERE k.residence_id = c.residence_id AND k.client_id = c.client_id) \
           OR EXISTS (SELECT 1 FROM revenus_exceptionnels_view r \
             WHERE r.residence_id = c.residence_id AND r.client_id = c.client_id) \
           THEN 1 ELSE 0 END AS BIGINT) AS utilise \
         FROM clients_view c \
         WHERE c.residence_id = $1 AND ($2 = 0 OR c.client_id = $2)";
    let rows = sqlx::query(sql)
        .bind(residence_id)
        .bind(client_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            let gouvernorat_id: Option<i64> = row.try_get("gouvernorat")?;
            Ok(ClientRow {
                id: row.try_get("client_id")?,
                nom: row.try_get("nom")?,
                tel: row.try_get("tel")?,
                email: row.try_get("email")?,
                adresse: row.try_get("adresse")?,
                ville: row.try_get("ville")?,
                gouvernorat: gouvernorat_id.and_then(|id| {
                    gouvernorat(id).map(|nom| GouvernoratRow {
                        id,
                        nom: nom.to_owned(),
                    })
                }),
                activite: row.try_get("activite")?,
                matricule_fiscal: row.try_get("matricule_fiscal")?,
                commentaire: row.try_get("commentaire")?,
                utilise: row.try_get::<i64, _>("utilise")? != 0,
            })
        })
        .collect()
}

/// A contract with what its payments add up to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContratRow {
    pub id: ContratId,
    pub sens: SensContrat,
    pub titre: String,
    /// Per period.
    pub montant: Montant,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    pub periodicite: Periodicite,
    pub client: Option<Nomme>,
    pub fournisseur: Option<Nomme>,
    /// `{id, nom}` holds the category's title.
    pub categorie: Option<Nomme>,
    pub commentaire: Option<String>,
    pub montant_paye: Montant,
    pub nombre_paiements: i64,
}

impl ContratRow {
    /// The contract's terms as the domain reads them (its schedule and payment ceiling).
    pub fn fiche(&self) -> FicheContrat {
        let contrepartie = match self.sens {
            SensContrat::Revenu => Contrepartie::Client {
                client_id: self.client.as_ref().map_or(0, |c| c.id),
            },
            SensContrat::Depense => Contrepartie::Fournisseur {
                fournisseur_id: self.fournisseur.as_ref().map_or(0, |f| f.id),
                categorie_id: self.categorie.as_ref().map(|c| c.id),
            },
        };
        FicheContrat {
            titre: self.titre.clone(),
            montant: self.montant,
            date_debut: self.date_debut,
            date_fin: self.date_fin,
            periodicite: self.periodicite,
            contrepartie,
            commentaire: self.commentaire.clone(),
        }
    }
}

/// The contracts of one side, newest start first (then newest id).
pub async fn contrats(
    db: &Database,
    residence_id: i64,
    sens: SensContrat,
) -> Result<Vec<ContratRow>, sqlx::Error> {
    contrat_rows(db, residence_id, sens, None).await
}

/// One contract of that side (`None` when the residence has no such contract on that side).
pub async fn contrat(
    db: &Database,
    residence_id: i64,
    sens: SensContrat,
    contrat_id: ContratId,
) -> Result<Option<ContratRow>, sqlx::Error> {
    Ok(contrat_rows(db, residence_id, sens, Some(contrat_id))
        .await?
        .into_iter()
        .next())
}

fn nomme(row: &AnyRow, id: &str, nom: &str) -> Result<Option<Nomme>, sqlx::Error> {
    let id: Option<i64> = row.try_get(id)?;
    let nom: Option<String> = row.try_get(nom)?;
    Ok(id.map(|id| Nomme {
        id,
        nom: nom.unwrap_or_default(),
    }))
}

async fn contrat_rows(
    db: &Database,
    residence_id: i64,
    sens: SensContrat,
    contrat_id: Option<ContratId>,
) -> Result<Vec<ContratRow>, sqlx::Error> {
    let sql = "SELECT k.contrat_id, k.sens, k.titre, k.montant, k.date_debut, k.date_fin, \
         k.periodicite, k.client_id, cl.nom AS client_nom, k.fournisseur_id, \
         f.nom AS fournisseur_nom, k.categorie_id, cat.titre AS categorie_titre, k.commentaire, \
         CAST(COALESCE((SELECT SUM(p.montant) FROM contrats_paiements_view p \
           WHERE p.residence_id = k.residence_id AND p.contrat_id = k.contrat_id), 0) AS BIGINT) \
           AS montant_paye, \
         CAST((SELECT COUNT(*) FROM contrats_paiements_view p \
           WHERE p.residence_id = k.residence_id AND p.contrat_id = k.contrat_id) AS BIGINT) \
           AS nombre_paiements \
         FROM contrats_view k \
         LEFT JOIN clients_view cl ON cl.residence_id = k.residence_id AND cl.client_id = k.client_id \
         LEFT JOIN fournisseurs_view f \
           ON f.residence_id = k.residence_id AND f.fournisseur_id = k.fournisseur_id \
         LEFT JOIN categories_view cat \
           ON cat.residence_id = k.residence_id AND cat.categorie_id = k.categorie_id \
         WHERE k.residence_id = $1 AND k.sens = $2 AND ($3 = 0 OR k.contrat_id = $3) \
         ORDER BY k.date_debut DESC, k.contrat_id DESC";
    let rows = sqlx::query(sql)
        .bind(residence_id)
        .bind(as_text(sens))
        .bind(contrat_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(ContratRow {
                id: row.try_get("contrat_id")?,
                sens: enum_column(row, "sens")?,
                titre: row.try_get("titre")?,
                montant: montant_column(row, "montant")?,
                date_debut: date_column(row, "date_debut")?,
                date_fin: optional_date_column(row, "date_fin")?,
                periodicite: enum_column(row, "periodicite")?,
                client: nomme(row, "client_id", "client_nom")?,
                fournisseur: nomme(row, "fournisseur_id", "fournisseur_nom")?,
                categorie: nomme(row, "categorie_id", "categorie_titre")?,
                commentaire: row.try_get("commentaire")?,
                montant_paye: montant_column(row, "montant_paye")?,
                nombre_paiements: row.try_get("nombre_paiements")?,
            })
        })
        .collect()
}

/// A contract payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaiementContratRow {
    pub id: PaiementContratId,
    pub contrat_id: ContratId,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementContrat,
    pub reference: Option<String>,
    pub compte_id: Option<CompteBancaireId>,
    /// Its cheque is in a deposit.
    pub cheque_remis: bool,
}

/// The payments of a contract (or `None`: one payment by its id), by date then id.
pub async fn paiements(
    db: &Database,
    residence_id: i64,
    contrat_id: Option<ContratId>,
    paiement_id: Option<PaiementContratId>,
) -> Result<Vec<PaiementContratRow>, sqlx::Error> {
    let sql = "SELECT p.paiement_id, p.contrat_id, p.montant, p.date_paiement, p.methode, \
         p.reference, p.compte_id, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM banque_encaissements_view e \
             WHERE e.residence_id = p.residence_id AND e.encaissement_id = p.paiement_id \
             AND e.remise_id IS NOT NULL) THEN 1 ELSE 0 END AS BIGINT) AS cheque_remis \
         FROM contrats_paiements_view p \
         WHERE p.residence_id = $1 AND ($2 = 0 OR p.contrat_id = $2) \
           AND ($3 = 0 OR p.paiement_id = $3) \
         ORDER BY p.date_paiement, p.paiement_id";
    let rows = sqlx::query(sql)
        .bind(residence_id)
        .bind(contrat_id.unwrap_or(0))
        .bind(paiement_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(PaiementContratRow {
                id: row.try_get("paiement_id")?,
                contrat_id: row.try_get("contrat_id")?,
                montant: montant_column(row, "montant")?,
                date_paiement: date_column(row, "date_paiement")?,
                methode: enum_column(row, "methode")?,
                reference: row.try_get("reference")?,
                compte_id: row.try_get("compte_id")?,
                cheque_remis: row.try_get::<i64, _>("cheque_remis")? != 0,
            })
        })
        .collect()
}

/// An exceptional revenue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RevenuRow {
    pub id: RevenuExceptionnelId,
    pub titre: String,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementContrat,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    pub client: Option<Nomme>,
    pub compte_id: Option<CompteBancaireId>,
    pub cheque_remis: bool,
}

/// The exceptional revenues (all, or one by id), newest first.
pub async fn revenus(
    db: &Database,
    residence_id: i64,
    revenu_id: Option<RevenuExceptionnelId>,
) -> Result<Vec<RevenuRow>, sqlx::Error> {
    let sql = "SELECT r.revenu_id, r.titre, r.montant, r.date_paiement, r.methode, r.reference, \
         r.commentaire, r.client_id, cl.nom AS client_nom, r.compte_id, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM banque_encaissements_view e \
             WHERE e.residence_id = r.residence_id AND e.encaissement_id = r.revenu_id \
             AND e.remise_id IS NOT NULL) THEN 1 ELSE 0 END AS BIGINT) AS cheque_remis \
         FROM revenus_exceptionnels_view r \
         LEFT JOIN clients_view cl ON cl.residence_id = r.residence_id AND cl.client_id = r.client_id \
         WHERE r.residence_id = $1 AND ($2 = 0 OR r.revenu_id = $2) \
         ORDER BY r.date_paiement DESC, r.revenu_id DESC";
    let rows = sqlx::query(sql)
        .bind(residence_id)
        .bind(revenu_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(RevenuRow {
                id: row.try_get("revenu_id")?,
                titre: row.try_get("titre")?,
                montant: montant_column(row, "montant")?,
                date_paiement: date_column(row, "date_paiement")?,
                methode: enum_column(row, "methode")?,
                reference: row.try_get("reference")?,
                commentaire: row.try_get("commentaire")?,
                client: nomme(row, "client_id", "client_nom")?,
                compte_id: row.try_get("compte_id")?,
                cheque_remis: row.try_get::<i64, _>("cheque_remis")? != 0,
            })
        })
        .collect()
}
