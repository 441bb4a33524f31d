//! How the payroll facts change the payroll read model, a batch at a time (see [`crate::rows`]):
//! a record or payment a batch creates is a new row, written with the batch's others at its
//! end; a change to a row the batch created is made in memory, a change to a stored row is a
//! statement of its own, at once. The other modules' facts change nothing here.

use async_trait::async_trait;
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::salaires::{
    ChargePatronaleFaite, FicheSalarie, PaiementSalaireFait, SalairesEvent,
};
use sqlx::AnyConnection;

use crate::projector::{ProjectedEvent, ProjectionError, ReadModel};
use crate::rows::{update_stored, ColumnType, NewRows, TableRow, Value};
use crate::text::as_text;

use super::MODEL;

/// The payroll read model (queries in [`super`]).
pub struct SalairesView;

type Key = (i64, i64);

/// `update_stored` changes the rows it finds by key whatever they hold.
const TOUTES: &str = "residence_id IS NOT NULL";

struct SalarieViewRow {
    residence_id: i64,
    salarie_id: i64,
    nom: String,
    poste: String,
    tel: String,
    cin: Option<String>,
    date_naissance: Option<String>,
    adresse: Option<String>,
    salaire: i64,
    taux_centiemes: Option<i64>,
    numero_cnss: Option<String>,
    rib: Option<String>,
    date_debut: String,
    date_fin: Option<String>,
    commentaire: Option<String>,
}

impl SalarieViewRow {
    fn new(residence_id: i64, salarie_id: i64, fiche: &FicheSalarie) -> Self {
        SalarieViewRow {
            residence_id,
            salarie_id,
            nom: fiche.nom.clone(),
            poste: fiche.poste.clone(),
            tel: fiche.tel.clone(),
            cin: fiche.cin.clone(),
            date_naissance: fiche.date_naissance.map(|d| d.to_string()),
            adresse: fiche.adresse.clone(),
            salaire: fiche.salaire.millimes(),
            taux_centiemes: fiche.taux_charges_patronales.map(|t| t.centiemes()),
            numero_cnss: fiche.numero_cnss.clone(),
            rib: fiche.rib.clone(),
            date_debut: fiche.date_debut.to_string(),
            date_fin: fiche.date_fin.map(|d| d.to_string()),
            commentaire: fiche.commentaire.clone(),
        }
    }
}

impl TableRow for SalarieViewRow {
    const TABLE: &'static str = "salaries_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("salarie_id", ColumnType::BigInt),
        ("nom", ColumnType::Text),
        ("poste", ColumnType::Text),
        ("tel", ColumnType::Text),
        ("cin", ColumnType::Text),
        ("date_naissance", ColumnType::Text),
        ("adresse", ColumnType::Text),
        ("salaire", ColumnType::BigInt),
        ("taux_centiemes", ColumnType::BigInt),
        ("numero_cnss", ColumnType::Text),
        ("rib", ColumnType::Text),
        ("date_debut", ColumnType::Text),
        ("date_fin", ColumnType::Text),
        ("commentaire", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.salarie_id),
            Value::Text(&self.nom),
            Value::Text(&self.poste),
            Value::Text(&self.tel),
            (&self.cin).into(),
            (&self.date_naissance).into(),
            (&self.adresse).into(),
            Value::Int(self.salaire),
            self.taux_centiemes.into(),
            (&self.numero_cnss).into(),
            (&self.rib).into(),
            Value::Text(&self.date_debut),
            (&self.date_fin).into(),
            (&self.commentaire).into(),
        ]
    }
}

struct PaiementViewRow {
    residence_id: i64,
    paiement_id: i64,
    salarie_id: i64,
    mois: String,
    montant: i64,
    date_paiement: String,
    methode: String,
    reference: Option<String>,
    commentaire: Option<String>,
    compte_id: Option<i64>,
}

impl PaiementViewRow {
    fn new(
        residence_id: i64,
        paiement_id: i64,
        salarie_id: i64,
        paiement: &PaiementSalaireFait,
    ) -> Self {
        PaiementViewRow {
            residence_id,
            paiement_id,
            salarie_id,
            mois: paiement.mois.to_string(),
            montant: paiement.montant.millimes(),
            date_paiement: paiement.date_paiement.to_string(),
            methode: as_text(paiement.methode),
            reference: paiement.reference.clone(),
            commentaire: paiement.commentaire.clone(),
            compte_id: paiement.compte_id,
        }
    }
}

impl TableRow for PaiementViewRow {
    const TABLE: &'static str = "salaires_paiements_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("paiement_id", ColumnType::BigInt),
        ("salarie_id", ColumnType::BigInt),
        ("mois", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("methode", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("commentaire", ColumnType::Text),
        ("compte_id", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.paiement_id),
            Value::Int(self.salarie_id),
            Value::Text(&self.mois),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            Value::Text(&self.methode),
            (&self.reference).into(),
            (&self.commentaire).into(),
            self.compte_id.into(),
        ]
    }
}

struct ChargeViewRow {
    residence_id: i64,
    charge_id: i64,
    titre: String,
    montant: i64,
    date_paiement: String,
    methode: String,
    reference: Option<String>,
    commentaire: Option<String>,
    compte_id: Option<i64>,
}

impl ChargeViewRow {
    fn new(residence_id: i64, charge_id: i64, paiement: &ChargePatronaleFaite) -> Self {
        ChargeViewRow {
            residence_id,
            charge_id,
            titre: paiement.titre.clone(),
            montant: paiement.montant.millimes(),
            date_paiement: paiement.date_paiement.to_string(),
            methode: as_text(paiement.methode),
            reference: paiement.reference.clone(),
            commentaire: paiement.commentaire.clone(),
            compte_id: paiement.compte_id,
        }
    }
}

impl TableRow for ChargeViewRow {
    const TABLE: &'static str = "charges_patronales_view";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("charge_id", ColumnType::BigInt),
        ("titre", ColumnType::Text),
        ("montant", ColumnType::BigInt),
        ("date_paiement", ColumnType::Text),
        ("methode", ColumnType::Text),
        ("reference", ColumnType::Text),
        ("commentaire", ColumnType::Text),
        ("compte_id", ColumnType::BigInt),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.charge_id),
            Value::Text(&self.titre),
            Value::Int(self.montant),
            Value::Text(&self.date_paiement),
            Value::Text(&self.methode),
            (&self.reference).into(),
            (&self.commentaire).into(),
            self.compte_id.into(),
        ]
    }
}

/// Replaces every column of the stored row of `R::TABLE` keyed by `row`'s first two values
/// (residence and record id).
async fn replace_stored<R: TableRow>(conn: &mut AnyConnection, row: &R) -> Result<(), sqlx::Error> {
    update_stored(
        conn,
        R::TABLE,
        &R::COLUMNS[..2],
        &R::COLUMNS[2..],
        TOUTES,
        vec![row.values()],
    )
    .await
}

/// Deletes the stored rows of `table` of one residence whose column `column` is `id`.
async fn delete_stored(
    conn: &mut AnyConnection,
    table: &str,
    column: &str,
    (residence_id, id): Key,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "DELETE FROM {table} WHERE residence_id = $1 AND {column} = $2"
    ))
    .bind(residence_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The rows a batch creates, written at its end.
#[derive(Default)]
struct Batch {
    salaries: NewRows<Key, SalarieViewRow>,
    paiements: NewRows<Key, PaiementViewRow>,
    charges: NewRows<Key, ChargeViewRow>,
}

impl Batch {
    /// Puts `row` in place of the row of the same key, new in this batch or stored.
    async fn remplacer<R: TableRow>(
        conn: &mut AnyConnection,
        rows: &mut NewRows<Key, R>,
        key: Key,
        row: R,
    ) -> Result<(), sqlx::Error> {
        match rows.get_mut(&key) {
            Some(stored) => *stored = row,
            None => replace_stored(conn, &row).await?,
        }
        Ok(())
    }

    async fn apply(
        &mut self,
        conn: &mut AnyConnection,
        residence_id: i64,
        event: &GrandLivreEvent,
    ) -> Result<(), sqlx::Error> {
        let GrandLivreEvent::Salaires(event) = event else {
            return Ok(());
        };
        match event {
            SalairesEvent::SalarieCree { salarie_id, fiche } => {
                self.salaries.insert(
                    (residence_id, *salarie_id),
                    SalarieViewRow::new(residence_id, *salarie_id, fiche),
                );
            }
            SalairesEvent::SalarieModifie { salarie_id, fiche } => {
                let row = SalarieViewRow::new(residence_id, *salarie_id, fiche);
                Self::remplacer(conn, &mut self.salaries, (residence_id, *salarie_id), row).await?;
            }
            SalairesEvent::SalarieSupprime { salarie_id } => {
                // An employee with payments is not deleted; none is left behind if one were.
                let key = (residence_id, *salarie_id);
                if !self.salaries.remove(&key) {
                    delete_stored(conn, SalarieViewRow::TABLE, "salarie_id", key).await?;
                }
                self.paiements
                    .forget_of_residence(residence_id, |row| row.salarie_id == *salarie_id);
                delete_stored(conn, PaiementViewRow::TABLE, "salarie_id", key).await?;
            }
            SalairesEvent::SalairePaye {
                paiement_id,
                salarie_id,
                paiement,
            } => {
                self.paiements.insert(
                    (residence_id, *paiement_id),
                    PaiementViewRow::new(residence_id, *paiement_id, *salarie_id, paiement),
                );
            }
            SalairesEvent::PaiementSalaireModifie {
                paiement_id,
                salarie_id,
                paiement,
            } => {
                let row = PaiementViewRow::new(residence_id, *paiement_id, *salarie_id, paiement);
                Self::remplacer(conn, &mut self.paiements, (residence_id, *paiement_id), row)
                    .await?;
            }
            SalairesEvent::PaiementSalaireSupprime { paiement_id, .. } => {
                let key = (residence_id, *paiement_id);
                if !self.paiements.remove(&key) {
                    delete_stored(conn, PaiementViewRow::TABLE, "paiement_id", key).await?;
                }
            }
            SalairesEvent::ChargePatronalePayee {
                charge_id,
                paiement,
            } => {
                self.charges.insert(
                    (residence_id, *charge_id),
                    ChargeViewRow::new(residence_id, *charge_id, paiement),
                );
            }
            SalairesEvent::ChargePatronaleModifiee {
                charge_id,
                paiement,
            } => {
                let row = ChargeViewRow::new(residence_id, *charge_id, paiement);
                Self::remplacer(conn, &mut self.charges, (residence_id, *charge_id), row).await?;
            }
            SalairesEvent::ChargePatronaleSupprimee { charge_id } => {
                let key = (residence_id, *charge_id);
                if !self.charges.remove(&key) {
                    delete_stored(conn, ChargeViewRow::TABLE, "charge_id", key).await?;
                }
            }
        }
        Ok(())
    }

    async fn write(self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let Batch {
            mut salaries,
            mut paiements,
            mut charges,
        } = self;
        salaries.write(conn).await?;
        paiements.write(conn).await?;
        charges.write(conn).await
    }
}

#[async_trait]
impl ReadModel for SalairesView {
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
            "salaries_view",
            "salaires_paiements_view",
            "charges_patronales_view",
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
