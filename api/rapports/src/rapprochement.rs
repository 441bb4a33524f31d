//! The bank reconciliation of each account on 31 December: the balance in the books, the
//! movements the bank had not booked by then (not pointed, or pointed with a later bank
//! date), and the bank balance they explain (books − movements not pointed). Movements are
//! the entries that still stand on the account (corrections replaced by their last version),
//! named as the reconciliation screen names them (`TableMouvement`, the pointing's key).

use chrono::NaiveDate;
use daftar_domain::banque::{Mouvement, TableMouvement};
use daftar_domain::comptabilite::{Compte, EcritureNumerotee, Livres, Source};
use daftar_domain::grand_livre::GrandLivre;

use crate::comptes::{
    bornes, en_vigueur, net, numero_et_intitule, porte_des_soldes, solde_fin_exercice,
};
use crate::format::date_fr;
use crate::modele::{Cellule, Colonne, Ligne, Rapport, Tableau};

/// A movement the bank had not booked on 31 December.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LigneNonPointee {
    pub date: NaiveDate,
    pub libelle: String,
    /// Money in positive, money out negative.
    pub montant: i128,
    /// Its bank date, when pointed after 31 December.
    pub date_banque: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rapprochement {
    pub compte: Compte,
    pub libelle: String,
    pub solde_livres: i128,
    pub non_pointes: Vec<LigneNonPointee>,
    /// Movements of the year pointed by 31 December: how many, and their net.
    pub pointes_exercice: (usize, i128),
    pub date_dernier_pointage: Option<NaiveDate>,
}

impl Rapprochement {
    /// The bank's balance the reconciliation explains: the books less what the bank had not
    /// booked yet.
    pub fn solde_banque(&self) -> i128 {
        self.solde_livres - self.non_pointes.iter().map(|l| l.montant).sum::<i128>()
    }
}

/// The reconciliation's key of an entry's movement on a bank account.
fn mouvement(source: Source, montant: i128) -> Option<Mouvement> {
    let table = match source {
        Source::Encaissement(_) => TableMouvement::Encaissement,
        Source::Operation(_) => TableMouvement::Operation,
        Source::Transfert(_) if montant < 0 => TableMouvement::TransfertSortie,
        Source::Transfert(_) => TableMouvement::TransfertEntree,
        Source::Remise(_) => TableMouvement::Remise,
        Source::PaiementDepense(_) => TableMouvement::PaiementDepense,
        Source::PaiementSalaire(_) => TableMouvement::PaiementSalaire,
        Source::ChargePatronale(_) => TableMouvement::ChargePatronale,
        Source::PaiementContrat(_) => TableMouvement::PaiementContrat,
        Source::RevenuExceptionnel(_) => TableMouvement::RevenuExceptionnel,
        Source::ReglementPasserelle(_) => TableMouvement::ReglementPasserelle,
        // Balance lines (an opening balance) and entries that move no bank money.
        Source::SoldeInitial(_)
        | Source::Appels(_)
        | Source::Depense(_)
        | Source::ReportANouveau(_)
        | Source::TropPercu(_) => return None,
    };
    Some(Mouvement {
        table,
        id: source.id(),
    })
}

fn est_ligne_de_solde(ecriture: &EcritureNumerotee) -> bool {
    porte_des_soldes(ecriture)
}

/// The reconciliation of every bank account of the residence on 31 December of `annee`, by
/// account number.
pub fn rapprochements(livre: &GrandLivre, livres: &Livres, annee: i32) -> Vec<Rapprochement> {
    let (debut, fin) = bornes(annee);
    let standing: Vec<&EcritureNumerotee> = en_vigueur(livres)
        .filter(|e| e.ecriture.date <= fin && !est_ligne_de_solde(e))
        .collect();
    livre
        .banque
        .comptes()
        .map(|(id, _)| {
            let compte = Compte::Banque(Some(id));
            let mut non_pointes = Vec::new();
            let mut pointes = (0, 0);
            let mut dernier = None;
            for ecriture in &standing {
                let montant = net(ecriture, compte);
                if montant == 0 {
                    continue;
                }
                let Some(mouvement) = mouvement(ecriture.ecriture.source, montant) else {
                    continue;
                };
                match livre.banque.date_banque(mouvement) {
                    Some(date_banque) if date_banque <= fin => {
                        if ecriture.ecriture.date >= debut {
                            pointes.0 += 1;
                            pointes.1 += montant;
                        }
                        dernier = dernier.max(Some(date_banque));
                    }
                    date_banque => non_pointes.push(LigneNonPointee {
                        date: ecriture.ecriture.date,
                        libelle: ecriture.ecriture.libelle.clone(),
                        montant,
                        date_banque,
                    }),
                }
            }
            non_pointes.sort_by(|a, b| a.date.cmp(&b.date).then(a.libelle.cmp(&b.libelle)));
            Rapprochement {
                compte,
                libelle: numero_et_intitule(livre, compte),
                solde_livres: solde_fin_exercice(livres, compte, annee),
                non_pointes,
                pointes_exercice: pointes,
                date_dernier_pointage: dernier,
            }
        })
        .collect()
}

pub(crate) fn rapport(livre: &GrandLivre, livres: &Livres, annee: i32) -> Rapport {
    let (_, fin) = bornes(annee);
    let mut tableaux = Vec::new();
    let rapprochements = rapprochements(livre, livres, annee);
    for r in &rapprochements {
        let entrees: i128 = r.non_pointes.iter().map(|l| l.montant.max(0)).sum();
        let sorties: i128 = r.non_pointes.iter().map(|l| (-l.montant).max(0)).sum();
        let texte = |t: &str| Cellule::texte(t);
        tableaux.push(Tableau {
            titre: Some(r.libelle.clone()),
            colonnes: vec![Colonne::texte("Libellé", 8), Colonne::montant("Montant")],
            lignes: vec![
                Ligne::normale(vec![
                    texte(&format!("Solde selon les livres au {}", date_fr(fin))),
                    Cellule::Montant(r.solde_livres),
                ]),
                Ligne::normale(vec![
                    texte("− Encaissements non pointés par la banque"),
                    Cellule::Montant(entrees),
                ]),
                Ligne::normale(vec![
                    texte("+ Décaissements non pointés par la banque"),
                    Cellule::Montant(sorties),
                ]),
                Ligne::total(vec![
                    texte("= Solde bancaire rapproché"),
                    Cellule::Montant(r.solde_banque()),
                ]),
                Ligne::normale(vec![
                    texte(&format!(
                        "Mouvements de l'exercice pointés : {} (net)",
                        r.pointes_exercice.0
                    )),
                    Cellule::Montant(r.pointes_exercice.1),
                ]),
                Ligne::normale(vec![
                    texte("Dernier pointage"),
                    r.date_dernier_pointage
                        .map_or(Cellule::texte("aucun"), Cellule::Date),
                ]),
            ],
        });
        let mut lignes: Vec<Ligne> = r
            .non_pointes
            .iter()
            .map(|l| {
                Ligne::normale(vec![
                    Cellule::Date(l.date),
                    Cellule::texte(&l.libelle),
                    l.date_banque.map_or(Cellule::Vide, Cellule::Date),
                    Cellule::Montant(l.montant),
                ])
            })
            .collect();
        if lignes.is_empty() {
            lignes.push(Ligne::normale(vec![
                Cellule::Vide,
                Cellule::texte("Aucun mouvement non pointé"),
                Cellule::Vide,
                Cellule::Vide,
            ]));
        }
        tableaux.push(Tableau {
            titre: Some(format!(
                "Mouvements non pointés au {} — {}",
                date_fr(fin),
                r.libelle
            )),
            colonnes: vec![
                Colonne::texte("Date", 2),
                Colonne::texte("Libellé", 7),
                Colonne::texte("Pointé le", 2),
                Colonne::montant("Montant"),
            ],
            lignes,
        });
    }
    if tableaux.is_empty() {
        tableaux.push(Tableau {
            titre: None,
            colonnes: vec![Colonne::texte("Libellé", 8)],
            lignes: vec![Ligne::normale(vec![Cellule::texte(
                "La résidence n'a pas de compte bancaire.",
            )])],
        });
    }
    Rapport {
        nom: format!("rapprochement_bancaire_{annee}"),
        titre: format!("Rapprochement bancaire au {}", date_fr(fin)),
        feuille: "Rapprochement".to_owned(),
        paysage: false,
        tableaux,
        notes: vec![
            "Montants signés : entrées positives, sorties négatives. Un mouvement pointé avec \
             une date de banque postérieure au 31 décembre est non pointé à cette date."
                .to_owned(),
        ],
    }
}
