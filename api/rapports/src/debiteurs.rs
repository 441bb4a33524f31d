//! The debtor co-owners on 31 December: per property, the dues fallen due by then (calls
//! dated on their due date, as the books post them) minus the payments dated by then. The
//! same rule as the books' 450 account, so the sum over every property (debtors less the
//! advances of those in credit) is that account's balance.

use std::collections::BTreeMap;

use daftar_domain::comptabilite::{Compte, Livres, Source};
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::propriete::ProprieteId;

use crate::comptes::bornes;
use crate::format::{date_fr, montant_fr};
use crate::modele::{Cellule, Colonne, Ligne, Rapport, Tableau};

/// A property that owes money on 31 December.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Debiteur {
    pub propriete_id: ProprieteId,
    pub propriete: String,
    /// Its payer on 31 December, if it has one.
    pub payeur: Option<String>,
    /// Σ dues fallen due by 31 December.
    pub appele: i128,
    /// Σ payments dated by 31 December.
    pub paye: i128,
    /// appele − paye (> 0).
    pub reste_du: i128,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Debiteurs {
    /// By property name.
    pub debiteurs: Vec<Debiteur>,
    /// What the properties in credit have paid ahead (> 0).
    pub avances: i128,
    /// Payments the state no longer ties to a property (a cancelled payment and its
    /// contra-entry: zero unless the books and the state disagree).
    pub non_ventile: i128,
}

impl Debiteurs {
    pub fn total_du(&self) -> i128 {
        self.debiteurs.iter().map(|d| d.reste_du).sum()
    }
}

/// The debtor co-owners of `annee`, on its 31 December.
pub fn coproprietaires_debiteurs(livre: &GrandLivre, livres: &Livres, annee: i32) -> Debiteurs {
    let (_, fin) = bornes(annee);
    let mut soldes: BTreeMap<ProprieteId, (i128, i128)> = BTreeMap::new();
    for (_, du, _) in livre.revenus.montants_dus_payes() {
        if du.appel.echeance <= fin && du.montant.is_positive() {
            soldes.entry(du.propriete_id).or_default().0 += i128::from(du.montant.millimes());
        }
    }
    let mut non_ventile = 0;
    for ecriture in livres.journal() {
        let Source::Encaissement(encaissement_id) = ecriture.ecriture.source else {
            continue;
        };
        if ecriture.ecriture.date > fin {
            continue;
        }
        let paye: i128 = ecriture
            .ecriture
            .lignes
            .iter()
            .filter(|l| l.compte == Compte::Coproprietaires)
            .map(|l| i128::from(l.credit.millimes()) - i128::from(l.debit.millimes()))
            .sum();
        let propriete = livre
            .revenus
            .encaissement(encaissement_id)
            .and_then(|e| livre.revenus.montant_du(e.montant_du_id))
            .map(|du| du.propriete_id);
        match propriete {
            Some(id) => soldes.entry(id).or_default().1 += paye,
            None => non_ventile += paye,
        }
    }
    let mut avances = 0;
    let mut debiteurs: Vec<Debiteur> = Vec::new();
    for (propriete_id, (appele, paye)) in soldes {
        let reste = appele - paye;
        if reste < 0 {
            avances -= reste;
        }
        if reste <= 0 {
            continue;
        }
        debiteurs.push(Debiteur {
            propriete_id,
            propriete: livre
                .proprietes
                .get(propriete_id)
                .map(|p| p.nom.clone())
                .unwrap_or_else(|| format!("Propriété n° {propriete_id}")),
            payeur: livre
                .occupancy
                .payeur(propriete_id, fin)
                .and_then(|id| livre.occupancy.occupant(id))
                .map(|o| o.nom.clone()),
            appele,
            paye,
            reste_du: reste,
        });
    }
    debiteurs.sort_by(|a, b| {
        a.propriete
            .cmp(&b.propriete)
            .then(a.propriete_id.cmp(&b.propriete_id))
    });
    Debiteurs {
        debiteurs,
        avances,
        non_ventile,
    }
}

pub(crate) fn rapport(livre: &GrandLivre, livres: &Livres, annee: i32) -> Rapport {
    let (_, fin) = bornes(annee);
    let d = coproprietaires_debiteurs(livre, livres, annee);
    let mut lignes: Vec<Ligne> = d
        .debiteurs
        .iter()
        .map(|x| {
            Ligne::normale(vec![
                Cellule::texte(&x.propriete),
                Cellule::texte(x.payeur.clone().unwrap_or_default()),
                Cellule::Montant(x.appele),
                Cellule::Montant(x.paye),
                Cellule::Montant(x.reste_du),
            ])
        })
        .collect();
    lignes.push(Ligne::total(vec![
        Cellule::texte(format!("Total ({} propriétés)", d.debiteurs.len())),
        Cellule::Vide,
        Cellule::Montant(d.debiteurs.iter().map(|x| x.appele).sum()),
        Cellule::Montant(d.debiteurs.iter().map(|x| x.paye).sum()),
        Cellule::Montant(d.total_du()),
    ]));
    let mut notes = vec![format!(
        "Appels échus au {fin} moins les paiements datés au plus tard du {fin}.",
        fin = date_fr(fin)
    )];
    notes.push(format!(
        "Avances des copropriétaires créditeurs : {}. Solde du compte 450 au {} : {}.",
        montant_fr(d.avances),
        date_fr(fin),
        montant_fr(livres.solde_au(Compte::Coproprietaires, fin))
    ));
    if d.non_ventile != 0 {
        notes.push(format!(
            "Paiements non rattachés à une propriété : {}.",
            montant_fr(d.non_ventile)
        ));
    }
    Rapport {
        nom: format!("coproprietaires_debiteurs_{annee}"),
        titre: format!("Copropriétaires débiteurs au {}", date_fr(fin)),
        feuille: "Débiteurs".to_owned(),
        paysage: false,
        tableaux: vec![Tableau {
            titre: None,
            colonnes: vec![
                Colonne::texte("Propriété", 3),
                Colonne::texte("Payeur", 4),
                Colonne::montant("Appelé"),
                Colonne::montant("Payé"),
                Colonne::montant("Reste dû"),
            ],
            lignes,
        }],
        notes,
    }
}
