//! What each property and each occupant owes today, from the residence's ledger (ADR 0004): the
//! one walk of the dues that the encaissement screen's balance list
//! (`GET /api/cotisations/proprietes-soldes`) and the debt recovery (`/api/recouvrement/…`) both
//! count with, so that a debtor's balance is the sum of his properties' balances there.
//!
//! A montant dû counts once its due date is reached (today in Tunisia, [`exigible`]); a
//! property's arrears are owed by its payer today (the occupancy's payer rule), so a property
//! that changed hands keeps its arrears on the property and the new payer answers for them, as
//! the collection sheet does. A vacant property's arrears belong to no occupant.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use daftar_domain::grand_livre::GrandLivre;

/// A montant dû is exigible once its due date is reached.
pub fn exigible(date_echeance: NaiveDate, today: NaiveDate) -> bool {
    date_echeance <= today
}

/// An unpaid montant dû of a property (exigible or not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuOuvert {
    pub cotisation_id: i64,
    pub cotisation_nom: String,
    pub montant_du_id: i64,
    /// Millimes, above 0.
    pub restant_du: i64,
    pub date_echeance: NaiveDate,
    pub exigible: bool,
}

/// The residence's dues on a day.
#[derive(Debug, Default)]
pub struct SoldesDuLivre {
    /// Every unpaid montant dû per property, oldest due date first.
    pub ouverts: BTreeMap<i64, Vec<DuOuvert>>,
    /// What remains due on the exigible dues, per property (millimes; properties up to date are
    /// absent).
    pub arrieres: BTreeMap<i64, i64>,
    /// What the exigible dues called, and what was paid on them (millimes).
    pub appele: i64,
    pub paye: i64,
}

/// One ordered walk of the residence's dues with what was paid on each.
pub fn soldes_du_livre(livre: &GrandLivre, today: NaiveDate) -> SoldesDuLivre {
    let revenus = &livre.revenus;
    let mut soldes = SoldesDuLivre::default();
    for (montant_du_id, du, paye_du) in revenus.montants_dus_payes() {
        let exigible = exigible(du.appel.echeance, today);
        let paye_du = paye_du.millimes();
        if exigible {
            soldes.appele += du.montant.millimes();
            soldes.paye += paye_du;
        }
        let restant_du = du.montant.millimes() - paye_du;
        if restant_du <= 0 {
            continue;
        }
        if exigible {
            *soldes.arrieres.entry(du.propriete_id).or_insert(0) += restant_du;
        }
        soldes
            .ouverts
            .entry(du.propriete_id)
            .or_default()
            .push(DuOuvert {
                cotisation_id: du.cotisation_id,
                cotisation_nom: revenus
                    .cotisation(du.cotisation_id)
                    .map(|c| c.titre.clone())
                    .unwrap_or_default(),
                montant_du_id,
                restant_du,
                date_echeance: du.appel.echeance,
                exigible,
            });
    }
    for dus in soldes.ouverts.values_mut() {
        dus.sort_by_key(|du| (du.date_echeance, du.montant_du_id));
    }
    soldes
}

/// The payer of a property on `today` (occupant id and name); `None` when vacant.
pub fn payeur(livre: &GrandLivre, propriete_id: i64, today: NaiveDate) -> Option<(i64, String)> {
    livre
        .occupancy
        .payeur(propriete_id, today)
        .and_then(|occupant_id| {
            livre
                .occupancy
                .occupant(occupant_id)
                .map(|occupant| (occupant_id, occupant.nom.clone()))
        })
}

/// An exigible unpaid montant dû of a debtor, with its property.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuDebiteur {
    pub propriete_id: i64,
    pub propriete_nom: String,
    pub du: DuOuvert,
}

/// An occupant who owes money today: the payer today of properties in arrears.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Debiteur {
    pub occupant_id: i64,
    pub occupant_nom: String,
    /// Eight digits, when known.
    pub tel: Option<String>,
    /// What he owes (millimes, above 0): the sum of `dus`.
    pub solde: i64,
    /// The properties in arrears he pays today, in registration order.
    pub proprietes: Vec<(i64, String)>,
    /// His exigible unpaid dues, oldest due date first.
    pub dus: Vec<DuDebiteur>,
}

impl Debiteur {
    /// The oldest due date among what he owes.
    pub fn plus_ancienne_echeance(&self) -> Option<NaiveDate> {
        self.dus.first().map(|du| du.du.date_echeance)
    }
}

/// Every occupant owing more than 0 today, by what he owes (most first, then by name and id).
pub fn debiteurs(livre: &GrandLivre, today: NaiveDate) -> Vec<Debiteur> {
    let soldes = soldes_du_livre(livre, today);
    let mut par_occupant: BTreeMap<i64, Debiteur> = BTreeMap::new();
    for propriete_id in livre.proprietes.ids() {
        let Some(propriete) = livre.proprietes.get(propriete_id) else {
            continue;
        };
        if soldes.arrieres.get(&propriete_id).copied().unwrap_or(0) <= 0 {
            continue;
        }
        let Some((occupant_id, occupant_nom)) = payeur(livre, propriete_id, today) else {
            continue;
        };
        let debiteur = par_occupant.entry(occupant_id).or_insert_with(|| Debiteur {
            occupant_id,
            occupant_nom,
            tel: livre
                .occupancy
                .occupant(occupant_id)
                .and_then(|occupant| occupant.tel.clone()),
            solde: 0,
            proprietes: Vec::new(),
            dus: Vec::new(),
        });
        debiteur
            .proprietes
            .push((propriete_id, propriete.nom.clone()));
        for du in soldes.ouverts.get(&propriete_id).into_iter().flatten() {
            if du.exigible {
                debiteur.solde += du.restant_du;
                debiteur.dus.push(DuDebiteur {
                    propriete_id,
                    propriete_nom: propriete.nom.clone(),
                    du: du.clone(),
                });
            }
        }
    }
    let mut debiteurs: Vec<Debiteur> = par_occupant
        .into_values()
        .filter(|debiteur| debiteur.solde > 0)
        .collect();
    for debiteur in &mut debiteurs {
        debiteur
            .dus
            .sort_by_key(|du| (du.du.date_echeance, du.du.montant_du_id));
    }
    debiteurs.sort_by(|a, b| {
        b.solde
            .cmp(&a.solde)
            .then_with(|| a.occupant_nom.cmp(&b.occupant_nom))
            .then_with(|| a.occupant_id.cmp(&b.occupant_id))
    });
    debiteurs
}

/// One occupant's debts today: `None` when the residence has no such occupant; a debtor with
/// nothing owed (solde 0, no dues) when he owes nothing.
pub fn debiteur(livre: &GrandLivre, occupant_id: i64, today: NaiveDate) -> Option<Debiteur> {
    let occupant = livre.occupancy.occupant(occupant_id)?;
    Some(
        debiteurs(livre, today)
            .into_iter()
            .find(|debiteur| debiteur.occupant_id == occupant_id)
            .unwrap_or_else(|| Debiteur {
                occupant_id,
                occupant_nom: occupant.nom.clone(),
                tel: occupant.tel.clone(),
                solde: 0,
                proprietes: Vec::new(),
                dus: Vec::new(),
            }),
    )
}
