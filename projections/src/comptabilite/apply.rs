//! How the events post to the books, a batch at a time (see [`crate::rows`]), by the rules of
//! the domain's [`Livres`](daftar_domain::comptabilite::Livres): each event's
//! [`passations`], in order; an entry takes the next number of its exercice; a contra-entry
//! reverses every entry still standing for its record.
//!
//! Per batch: the postings of every event are computed first, numbered in memory 1, 2, 3… per
//! exercice of the batch; only a batch that reverses something reads the entries standing
//! before it for those records. Then, one statement each: the counters'
//! upsert adds the batch's count to each exercice's last number and answers it (`RETURNING`:
//! the batch's numbers are shifted by what was there, no read of the counters); the stored
//! entries it reversed are marked (only if there are some); and the batch's entries (each with
//! its lines in its row, [`super::lignes`]) and its debit and credit per account and month,
//! added to the running totals the trial balance reads (`ecritures_soldes`), are written
//! together ([`Writes`]: one statement on PostgreSQL). A live batch that posts without
//! reversing is two statements; one that posts nothing writes nothing.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate};
use daftar_domain::comptabilite::{passations, Compte, Ecriture, Passation, Source};
use sqlx::{AnyConnection, Row};

use crate::db::{placeholder_rows, ROWS_PER_STATEMENT};
use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{update_stored, upsert_all, AnyQuery, ColumnType, TableRow, Value, Writes};
use crate::text::parse_date;

use super::{lignes, MODEL};

pub struct ComptabiliteView;

/// (residence, exercice, numero): an entry's key.
type Cle = (i64, i64, i64);

struct EcritureRow {
    residence_id: i64,
    exercice: i64,
    numero: i64,
    date: String,
    libelle: String,
    source_nature: &'static str,
    source_id: i64,
    extourne_de: Option<i64>,
    /// `extourne_de` is a number of the batch (shifted with the batch's numbers), not a stored
    /// entry's.
    extourne_du_lot: bool,
    en_vigueur: bool,
    /// The lines, as the row keeps them ([`super::lignes`]).
    lignes: String,
}

impl TableRow for EcritureRow {
    const TABLE: &'static str = "ecritures";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("exercice", ColumnType::BigInt),
        ("numero", ColumnType::BigInt),
        ("date_ecriture", ColumnType::Text),
        ("libelle", ColumnType::Text),
        ("source_nature", ColumnType::Text),
        ("source_id", ColumnType::BigInt),
        ("extourne_de", ColumnType::BigInt),
        ("en_vigueur", ColumnType::BigInt),
        ("lignes", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.exercice),
            Value::from(self.numero),
            Value::Text(self.date.as_str()),
            Value::Text(self.libelle.as_str()),
            Value::Text(self.source_nature),
            Value::from(self.source_id),
            Value::from(self.extourne_de),
            Value::from(self.en_vigueur),
            Value::Text(self.lignes.as_str()),
        ]
    }
}

/// The running totals of an account in a month of an exercice (what the trial balance, the
/// treasury and the dashboard's months read): a batch adds its lines' sums to them.
struct SoldeRow {
    residence_id: i64,
    exercice: i64,
    mois: i64,
    compte: String,
    debit: i64,
    credit: i64,
}

impl TableRow for SoldeRow {
    const TABLE: &'static str = "ecritures_soldes";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("exercice", ColumnType::BigInt),
        ("mois", ColumnType::BigInt),
        ("compte", ColumnType::Text),
        ("debit", ColumnType::BigInt),
        ("credit", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.exercice),
            Value::from(self.mois),
            Value::Text(self.compte.as_str()),
            Value::from(self.debit),
            Value::from(self.credit),
        ]
    }
}

/// How many entries a batch posts in an exercice (added to its counter).
struct CompteurRow {
    residence_id: i64,
    exercice: i64,
    nombre: i64,
}

impl TableRow for CompteurRow {
    const TABLE: &'static str = "ecritures_compteurs";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("exercice", ColumnType::BigInt),
        ("dernier_numero", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::from(self.residence_id),
            Value::from(self.exercice),
            Value::from(self.nombre),
        ]
    }
}

/// An entry standing for its record: what its contra-entry needs.
struct EnVigueur {
    exercice: i64,
    /// The stored entry's number, or the batch's number of an entry the batch posted.
    numero: i64,
    ecriture: Ecriture,
    /// Stored before the batch (else the batch created it).
    stored: bool,
}

/// What a batch posts, written at its end. The batch numbers its entries 1, 2, 3… per
/// (residence, exercice); the real numbers follow the exercice's last number, known once the
/// counters are written ([`Batch::numeroter_apres`]).
#[derive(Default)]
struct Batch {
    /// By (residence, exercice, the batch's number).
    ecritures: BTreeMap<Cle, EcritureRow>,
    /// Σ debit and Σ credit of the batch's lines per (residence, exercice, month, account): by
    /// the account itself, its number (a `String`) made once per total, not once per line.
    soldes: BTreeMap<(i64, i64, i64, Compte), (i64, i64)>,
    /// Per (residence, record), the entries standing, in the order they were posted.
    en_vigueur: HashMap<(i64, Source), Vec<EnVigueur>>,
    /// Per (residence, exercice), how many entries the batch posts.
    compteurs: BTreeMap<(i64, i64), i64>,
    /// Stored entries the batch reversed.
    extournees: Vec<Cle>,
}

impl Batch {
    fn passer(&mut self, residence_id: i64, passation: Passation) {
        match passation {
            Passation::Ecrire(ecriture) => {
                let (exercice, numero) = self.numeroter(residence_id, &ecriture, None, true);
                self.en_vigueur
                    .entry((residence_id, ecriture.source))
                    .or_default()
                    .push(EnVigueur {
                        exercice,
                        numero,
                        ecriture,
                        stored: false,
                    });
            }
            Passation::Extourner(source) => {
                for original in self
                    .en_vigueur
                    .remove(&(residence_id, source))
                    .unwrap_or_default()
                {
                    let cle = (residence_id, original.exercice, original.numero);
                    if original.stored {
                        self.extournees.push(cle);
                    } else if let Some(row) = self.ecritures.get_mut(&cle) {
                        row.en_vigueur = false;
                    }
                    let contra = original.ecriture.extourne();
                    self.numeroter(
                        residence_id,
                        &contra,
                        Some((original.numero, !original.stored)),
                        false,
                    );
                }
            }
        }
    }

    /// Gives `ecriture` the batch's next number in its exercice and keeps its rows;
    /// `extourne_de`: the number it reverses, and whether it is the batch's.
    fn numeroter(
        &mut self,
        residence_id: i64,
        ecriture: &Ecriture,
        extourne_de: Option<(i64, bool)>,
        en_vigueur: bool,
    ) -> (i64, i64) {
        let exercice = i64::from(ecriture.exercice());
        let dernier = self.compteurs.entry((residence_id, exercice)).or_insert(0);
        *dernier += 1;
        let numero = *dernier;
        let mois = i64::from(ecriture.date.month());
        for ligne in &ecriture.lignes {
            let total = self
                .soldes
                .entry((residence_id, exercice, mois, ligne.compte))
                .or_default();
            total.0 = total.0.saturating_add(ligne.debit.millimes());
            total.1 = total.1.saturating_add(ligne.credit.millimes());
        }
        self.ecritures.insert(
            (residence_id, exercice, numero),
            EcritureRow {
                residence_id,
                exercice,
                numero,
                date: ecriture.date.to_string(),
                libelle: ecriture.libelle.clone(),
                source_nature: ecriture.source.nature(),
                source_id: ecriture.source.id(),
                extourne_de: extourne_de.map(|(numero, _)| numero),
                extourne_du_lot: extourne_de.is_some_and(|(_, du_lot)| du_lot),
                en_vigueur,
                lignes: lignes::encoder(&ecriture.lignes),
            },
        );
        (exercice, numero)
    }

    /// The batch's entries with their real numbers: each exercice's numbers follow
    /// `derniers`, its last number before the batch.
    fn numeroter_apres(
        ecritures: BTreeMap<Cle, EcritureRow>,
        derniers: &BTreeMap<(i64, i64), i64>,
    ) -> Vec<EcritureRow> {
        let mut ecritures: Vec<EcritureRow> = ecritures.into_values().collect();
        for row in &mut ecritures {
            let base = derniers
                .get(&(row.residence_id, row.exercice))
                .copied()
                .unwrap_or(0);
            row.numero = row.numero.saturating_add(base);
            if row.extourne_du_lot {
                row.extourne_de = row.extourne_de.map(|numero| numero.saturating_add(base));
            }
        }
        ecritures
    }

    /// The batch's sums, a row per (residence, exercice, month, account number).
    fn soldes(soldes: BTreeMap<(i64, i64, i64, Compte), (i64, i64)>) -> Vec<SoldeRow> {
        // Grouped again by number: the upsert must see each row's key once.
        let mut par_numero: BTreeMap<(i64, i64, i64, String), (i64, i64)> = BTreeMap::new();
        for ((residence_id, exercice, mois, compte), (debit, credit)) in soldes {
            let total = par_numero
                .entry((residence_id, exercice, mois, compte.numero()))
                .or_default();
            total.0 = total.0.saturating_add(debit);
            total.1 = total.1.saturating_add(credit);
        }
        par_numero
            .into_iter()
            .map(
                |((residence_id, exercice, mois, compte), (debit, credit))| SoldeRow {
                    residence_id,
                    exercice,
                    mois,
                    compte,
                    debit,
                    credit,
                },
            )
            .collect()
    }
}

/// Adds the batch's count of entries to each exercice's counter (one upsert) and answers each
/// exercice's last number before the batch.
async fn reserver_numeros(
    conn: &mut AnyConnection,
    compteurs: &BTreeMap<(i64, i64), i64>,
) -> Result<BTreeMap<(i64, i64), i64>, sqlx::Error> {
    let rows: Vec<CompteurRow> = compteurs
        .iter()
        .map(|((residence_id, exercice), nombre)| CompteurRow {
            residence_id: *residence_id,
            exercice: *exercice,
            nombre: *nombre,
        })
        .collect();
    let answered = upsert_all(
        conn,
        &rows,
        &["residence_id", "exercice"],
        "dernier_numero = ecritures_compteurs.dernier_numero + excluded.dernier_numero",
        Some("residence_id, exercice, dernier_numero"),
    )
    .await?;
    let mut derniers = BTreeMap::new();
    for row in answered {
        let cle: (i64, i64) = (row.try_get("residence_id")?, row.try_get("exercice")?);
        let apres: i64 = row.try_get("dernier_numero")?;
        let nombre = compteurs.get(&cle).copied().unwrap_or(0);
        derniers.insert(cle, apres.saturating_sub(nombre));
    }
    Ok(derniers)
}

/// The entries standing before the batch for `sources`, with their lines, in the order they
/// were posted (exercice, then number: numbers of different exercices are independent).
async fn load_en_vigueur(
    conn: &mut AnyConnection,
    sources: &BTreeSet<(i64, Source)>,
) -> Result<HashMap<(i64, Source), Vec<EnVigueur>>, sqlx::Error> {
    let mut found: HashMap<(i64, Source), Vec<EnVigueur>> = HashMap::new();
    let by_key: HashMap<(i64, &str, i64), Source> = sources
        .iter()
        .map(|(residence_id, source)| ((*residence_id, source.nature(), source.id()), *source))
        .collect();
    let sources: Vec<&(i64, Source)> = sources.iter().collect();
    for chunk in sources.chunks(ROWS_PER_STATEMENT) {
        // `CROSS JOIN`: SQLite joins in the order written (PostgreSQL plans it as an inner
        // join), so each source finds its entries by `ecritures_source`.
        let sql = format!(
            "WITH v (residence_id, source_nature, source_id) AS (VALUES {}) \
             SELECT e.residence_id, e.source_nature, e.source_id, e.exercice, e.numero, \
             e.date_ecriture, e.libelle, e.lignes \
             FROM v CROSS JOIN ecritures e \
             WHERE e.residence_id = v.residence_id \
               AND e.source_nature = v.source_nature AND e.source_id = v.source_id \
               AND e.en_vigueur = 1 \
             ORDER BY e.residence_id, e.source_nature, e.source_id, e.exercice, e.numero",
            placeholder_rows(conn, chunk.len(), 3)
        );
        let mut query: AnyQuery<'_> = sqlx::query(&sql);
        for (residence_id, source) in chunk {
            query = query
                .bind(*residence_id)
                .bind(source.nature())
                .bind(source.id());
        }
        for row in query.fetch_all(&mut *conn).await? {
            let residence_id: i64 = row.try_get("residence_id")?;
            let nature: String = row.try_get("source_nature")?;
            let source_id: i64 = row.try_get("source_id")?;
            let Some(source) = by_key
                .get(&(residence_id, nature.as_str(), source_id))
                .copied()
            else {
                continue;
            };
            let date: NaiveDate = parse_date(&row.try_get::<String, _>("date_ecriture")?)?;
            found
                .entry((residence_id, source))
                .or_default()
                .push(EnVigueur {
                    exercice: row.try_get("exercice")?,
                    numero: row.try_get("numero")?,
                    ecriture: Ecriture {
                        source,
                        date,
                        libelle: row.try_get("libelle")?,
                        lignes: lignes::decoder_du_plan(&row.try_get::<String, _>("lignes")?)?,
                    },
                    stored: true,
                });
        }
    }
    Ok(found)
}

#[async_trait]
impl ReadModel for ComptabiliteView {
    fn name(&self) -> &'static str {
        MODEL
    }

    fn version(&self) -> i64 {
        // 2: the running totals per account and exercice (`ecritures_soldes`); 3: an entry's
        // lines in its row (`ecritures.lignes`), no table of lines; 4: the running totals per
        // month.
        4
    }

    fn schema(&self) -> &'static str {
        include_str!("schema.sql")
    }

    fn replay_weight(&self) -> u32 {
        5
    }

    fn tables(&self) -> &'static [&'static str] {
        &["ecritures", "ecritures_compteurs", "ecritures_soldes"]
    }

    fn retired_tables(&self) -> &'static [&'static str] {
        // Version 2's lines, a row each.
        &["ecriture_lignes"]
    }

    /// Applying events reads entries by their key and by their source, never by their date.
    fn indexes_after_replay(&self) -> &'static [&'static str] {
        &["ecritures_date"]
    }

    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        // Every event's postings, and what the batch must read from the store.
        let mut postings: Vec<(i64, Vec<Passation>)> = Vec::new();
        let mut reversed = BTreeSet::new();
        for event in events {
            let Some((residence_id, decoded)) = event.residence() else {
                continue;
            };
            let passations = passations(decoded);
            if passations.is_empty() {
                continue;
            }
            for passation in &passations {
                if let Passation::Extourner(source) = passation {
                    reversed.insert((residence_id, *source));
                }
            }
            postings.push((residence_id, passations));
        }
        if postings.is_empty() {
            return Ok(());
        }
        let mut batch = Batch {
            en_vigueur: load_en_vigueur(conn, &reversed).await?,
            ..Batch::default()
        };
        for (residence_id, passations) in postings {
            for passation in passations {
                batch.passer(residence_id, passation);
            }
        }
        let Batch {
            ecritures,
            soldes,
            compteurs,
            extournees,
            ..
        } = batch;
        if compteurs.is_empty() {
            // Nothing posted (a reversal of a record with no entry standing).
            return Ok(());
        }
        let derniers = reserver_numeros(conn, &compteurs).await?;
        let ecritures = Batch::numeroter_apres(ecritures, &derniers);
        if !extournees.is_empty() {
            update_stored(
                conn,
                "ecritures",
                &[
                    ("residence_id", ColumnType::BigInt),
                    ("exercice", ColumnType::BigInt),
                    ("numero", ColumnType::BigInt),
                ],
                &[("en_vigueur", ColumnType::BigInt)],
                "en_vigueur = 1",
                extournees
                    .iter()
                    .map(|(residence_id, exercice, numero)| {
                        vec![
                            Value::Int(*residence_id),
                            Value::Int(*exercice),
                            Value::Int(*numero),
                            Value::Int(0),
                        ]
                    })
                    .collect(),
            )
            .await?;
        }
        let soldes = Batch::soldes(soldes);
        let mut writes = Writes::default();
        writes.insert(&ecritures);
        writes.upsert(
            &soldes,
            &["residence_id", "exercice", "mois", "compte"],
            "debit = ecritures_soldes.debit + excluded.debit, \
             credit = ecritures_soldes.credit + excluded.credit",
        );
        writes.write(conn).await?;
        Ok(())
    }
}
