//! Read model "which bank statements were imported for an account, with which lines, and
//! which line was each movement pointed with?" (issue 22, docs/api-releves.md), and the column
//! mapping remembered per bank. Rows are inserted by `ReleveImporte`; a pointing with a line
//! (`MouvementPointe` naming it) links the movement to the line, any other pointing or
//! unpointing of the movement unlinks it. Whether a linked movement is still pointed is read
//! from the bank model when asked (a movement deleted or changed is pointed again).

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::NaiveDate;
use daftar_domain::banque::releves::{FormatReleve, LigneReleve, MappingReleve};
use daftar_domain::banque::{BanqueEvent, CompteBancaireId, Mouvement, ReleveId, TableMouvement};
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::Montant;
use sqlx::{AnyConnection, Row};

use crate::db::Database;
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{insert_all, ColumnType, TableRow, Value};
use crate::text::{as_text, date_column, enum_column};

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "releves";

pub struct RelevesView;

type CleLien = (i64, TableMouvement, i64);

#[async_trait]
impl ReadModel for RelevesView {
    fn name(&self) -> &'static str {
        MODEL
    }

    fn version(&self) -> i64 {
        1
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "releves_view",
            "releves_lignes_view",
            "releves_liens_view",
            "releves_mappings_view",
        ]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        let mut releves = Vec::new();
        let mut lignes = Vec::new();
        // The batch's last word on each movement's link, and on each bank's mapping.
        let mut liens: BTreeMap<CleLien, Option<(ReleveId, u32)>> = BTreeMap::new();
        let mut mappings: BTreeMap<(i64, String), String> = BTreeMap::new();
        for event in events {
            let Some((residence_id, GrandLivreEvent::Banque(decoded))) = event.residence() else {
                continue;
            };
            match decoded {
                BanqueEvent::ReleveImporte {
                    releve_id,
                    compte_id,
                    fiche,
                } => {
                    releves.push(ReleveViewRow {
                        residence_id,
                        releve_id: *releve_id,
                        compte_id: *compte_id,
                        format: as_text(fiche.format),
                        sha256: fiche.sha256.clone(),
                        nom_fichier: fiche.nom_fichier.clone(),
                        du: fiche.du.to_string(),
                        au: fiche.au.to_string(),
                        importe_le: fiche.importe_le.to_string(),
                        solde_ouverture: fiche.solde_ouverture.map(Montant::millimes),
                        solde_cloture: fiche.solde_cloture.map(Montant::millimes),
                    });
                    lignes.extend(fiche.lignes.iter().map(|ligne| LigneViewRow {
                        residence_id,
                        releve_id: *releve_id,
                        numero: i64::from(ligne.numero),
                        date: ligne.date.to_string(),
                        libelle: ligne.libelle.clone(),
                        montant: ligne.montant.millimes(),
                        reference: ligne.reference.clone(),
                    }));
                    if let (Some(mapping), Some(banque)) = (&fiche.mapping, &fiche.banque) {
                        mappings.insert(
                            (residence_id, banque.clone()),
                            serde_json::to_string(mapping).unwrap_or_default(),
                        );
                    }
                }
                BanqueEvent::MouvementPointe {
                    mouvement,
                    date_banque,
                    ligne,
                } => {
                    let lien = match (date_banque, ligne) {
                        (Some(_), Some(ligne)) => Some((ligne.releve_id, ligne.numero)),
                        _ => None,
                    };
                    liens.insert((residence_id, mouvement.table, mouvement.id), lien);
                }
                BanqueEvent::CompteBancaireCree { .. }
                | BanqueEvent::CompteBancaireModifie { .. }
                | BanqueEvent::CompteBancaireSupprime { .. }
                | BanqueEvent::SoldeInitialModifie { .. }
                | BanqueEvent::OperationBancaireCreee { .. }
                | BanqueEvent::OperationBancaireModifiee { .. }
                | BanqueEvent::OperationBancaireSupprimee { .. }
                | BanqueEvent::TransfertCree { .. }
                | BanqueEvent::TransfertModifie { .. }
                | BanqueEvent::TransfertSupprime { .. }
                | BanqueEvent::RemiseChequesCreee { .. }
                | BanqueEvent::RemiseChequesSupprimee { .. }
                | BanqueEvent::ReglementPasserelleEnregistre { .. } => {}
            }
        }
        insert_all(conn, &releves).await?;
        insert_all(conn, &lignes).await?;
        for ((residence_id, table, id), lien) in liens {
            sqlx::query(
                "DELETE FROM releves_liens_view \
                 WHERE residence_id = $1 AND mouvement = $2 AND mouvement_id = $3",
            )
            .bind(residence_id)
            .bind(table.nom())
            .bind(id)
            .execute(&mut *conn)
            .await?;
            if let Some((releve_id, numero)) = lien {
                sqlx::query(
                    "INSERT INTO releves_liens_view \
                     (residence_id, mouvement, mouvement_id, releve_id, numero) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(residence_id)
                .bind(table.nom())
                .bind(id)
                .bind(releve_id)
                .bind(i64::from(numero))
                .execute(&mut *conn)
                .await?;
            }
        }
        for ((residence_id, banque), mapping) in mappings {
            sqlx::query(
                "DELETE FROM releves_mappings_view WHERE residence_id = $1 AND banque = $2",
            )
            .bind(residence_id)
            .bind(&banque)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "INSERT INTO releves_mappings_view (residence_id, banque, mapping) \
                 VALUES ($1, $2, $3)",
            )
            .bind(residence_id)
            .bind(&banque)
            .bind(&mapping)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}

struct ReleveViewRow {
    residence_id: i64,
    releve_id: i64,
    compte_id: i64,
    format: String,
    sha256: String,
    nom_fichier: Option<String>,
    du: String,
    au: String,
    importe_le: String,
    solde_ouverture: Option<i64>,
    solde_cloture: Option<i64>,
}

impl TableRow for ReleveViewRow {
    const TABLE: &'static str = "releves_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("releve_id", ColumnType::BigInt),
        ("compte_id", ColumnType::BigInt),
        ("format", ColumnType::Text),
        ("sha256", ColumnType::Text),
        ("nom_fichier", ColumnType::Text),
        ("du", ColumnType::Text),
        ("au", ColumnType::Text),
        ("importe_le", ColumnType::Text),
        ("solde_ouverture", ColumnType::BigInt),
        ("solde_cloture", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.releve_id),
            Value::from(self.compte_id),
            Value::from(&self.format),
            Value::from(&self.sha256),
            (&self.nom_fichier).into(),
            Value::from(&self.du),
            Value::from(&self.au),
            Value::from(&self.importe_le),
            self.solde_ouverture.into(),
            self.solde_cloture.into(),
        ]
    }
}

struct LigneViewRow {
    residence_id: i64,
    releve_id: i64,
    numero: i64,
    date: String,
    libelle: String,
    montant: i64,
    reference: Option<String>,
}

impl TableRow for LigneViewRow {
    const TABLE: &'static str = "releves_lignes_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("releve_id", ColumnType::BigInt),
        ("numero", ColumnType::BigInt),
        ("date", ColumnType::Text),
        ("libelle", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("reference", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.releve_id),
            Value::from(self.numero),
            Value::from(&self.date),
            Value::from(&self.libelle),
            Value::from(self.montant),
            (&self.reference).into(),
        ]
    }
}

/// A statement as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReleveRow {
    pub id: ReleveId,
    pub compte_id: CompteBancaireId,
    pub format: FormatReleve,
    pub sha256: String,
    pub nom_fichier: Option<String>,
    pub du: NaiveDate,
    pub au: NaiveDate,
    pub importe_le: NaiveDate,
    pub solde_ouverture: Option<Montant>,
    pub solde_cloture: Option<Montant>,
}

const COLONNES_RELEVE: &str = "releve_id, compte_id, format, sha256, nom_fichier, du, au, \
     importe_le, solde_ouverture, solde_cloture";

fn releve_row(row: &sqlx::any::AnyRow) -> Result<ReleveRow, sqlx::Error> {
    let montant = |colonne: &str| -> Result<Option<Montant>, sqlx::Error> {
        Ok(row
            .try_get::<Option<i64>, _>(colonne)?
            .map(Montant::from_millimes))
    };
    Ok(ReleveRow {
        id: row.try_get("releve_id")?,
        compte_id: row.try_get("compte_id")?,
        format: enum_column(row, "format")?,
        sha256: row.try_get("sha256")?,
        nom_fichier: row.try_get("nom_fichier")?,
        du: date_column(row, "du")?,
        au: date_column(row, "au")?,
        importe_le: date_column(row, "importe_le")?,
        solde_ouverture: montant("solde_ouverture")?,
        solde_cloture: montant("solde_cloture")?,
    })
}

/// The account's statements, newest first (by period end, then import).
pub async fn releves_du_compte(
    db: &Database,
    residence_id: i64,
    compte_id: CompteBancaireId,
) -> Result<Vec<ReleveRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLONNES_RELEVE} FROM releves_view WHERE residence_id = $1 AND compte_id = $2 \
         ORDER BY au DESC, releve_id DESC"
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(compte_id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(releve_row).collect()
}

pub async fn releve(
    db: &Database,
    residence_id: i64,
    releve_id: ReleveId,
) -> Result<Option<ReleveRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLONNES_RELEVE} FROM releves_view WHERE residence_id = $1 AND releve_id = $2"
    );
    let row = sqlx::query(&sql)
        .bind(residence_id)
        .bind(releve_id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(releve_row).transpose()
}

/// The statement's lines, in file order.
pub async fn lignes(
    db: &Database,
    residence_id: i64,
    releve_id: ReleveId,
) -> Result<Vec<LigneReleve>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT numero, date, libelle, montant, reference FROM releves_lignes_view \
         WHERE residence_id = $1 AND releve_id = $2 ORDER BY numero",
    )
    .bind(residence_id)
    .bind(releve_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(LigneReleve {
                numero: u32::try_from(row.try_get::<i64, _>("numero")?).unwrap_or(0),
                date: date_column(row, "date")?,
                libelle: row.try_get("libelle")?,
                montant: Montant::from_millimes(row.try_get("montant")?),
                reference: row.try_get("reference")?,
            })
        })
        .collect()
}

/// The movements linked to each line of the statement.
pub async fn liens(
    db: &Database,
    residence_id: i64,
    releve_id: ReleveId,
) -> Result<BTreeMap<u32, Vec<Mouvement>>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT mouvement, mouvement_id, numero FROM releves_liens_view \
         WHERE residence_id = $1 AND releve_id = $2 ORDER BY numero, mouvement, mouvement_id",
    )
    .bind(residence_id)
    .bind(releve_id)
    .fetch_all(&db.pool)
    .await?;
    let mut liens: BTreeMap<u32, Vec<Mouvement>> = BTreeMap::new();
    for row in &rows {
        let table: String = row.try_get("mouvement")?;
        let Some(table) = TableMouvement::from_nom(&table) else {
            continue;
        };
        let numero = u32::try_from(row.try_get::<i64, _>("numero")?).unwrap_or(0);
        liens.entry(numero).or_default().push(Mouvement {
            table,
            id: row.try_get("mouvement_id")?,
        });
    }
    Ok(liens)
}

/// The mapping last used with a bank (its name as the account has it, any case).
pub async fn mapping(
    db: &Database,
    residence_id: i64,
    banque: &str,
) -> Result<Option<MappingReleve>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT mapping FROM releves_mappings_view WHERE residence_id = $1 AND banque = $2",
    )
    .bind(residence_id)
    .bind(banque.trim().to_lowercase())
    .fetch_optional(&db.pool)
    .await?;
    match row {
        // A mapping that no longer reads (never: the type only grows optional fields) is
        // asked again.
        Some(row) => Ok(serde_json::from_str(&row.try_get::<String, _>("mapping")?).ok()),
        None => Ok(None),
    }
}
