//! The books of the exercice: the journal, the general ledger and the trial balance, as the
//! API's `/comptabilite/*` answers them (docs/api-banque.md "The books").

use std::collections::BTreeMap;

use daftar_domain::comptabilite::{Compte, EcritureNumerotee, Livres};
use daftar_domain::grand_livre::GrandLivre;

use crate::comptes::{bornes, intitule, veille};
use crate::format::date_fr;
use crate::modele::{Cellule, Colonne, Ligne, Rapport, Tableau};

fn debit_credit(ecriture: &EcritureNumerotee, compte: Compte) -> (i128, i128) {
    ecriture
        .ecriture
        .lignes
        .iter()
        .filter(|l| l.compte == compte)
        .fold((0, 0), |(d, c), l| {
            (
                d + i128::from(l.debit.millimes()),
                c + i128::from(l.credit.millimes()),
            )
        })
}

fn ecritures_de(livres: &Livres, annee: i32) -> Vec<&EcritureNumerotee> {
    let mut ecritures: Vec<&EcritureNumerotee> = livres
        .journal()
        .iter()
        .filter(|e| e.exercice == annee)
        .collect();
    ecritures.sort_by_key(|e| e.numero);
    ecritures
}

/// The journal of the exercice: every entry in its number's order, one row per line, the
/// entry's number, date and label on its first row; totals Σ debit = Σ credit.
pub(crate) fn journal(livre: &GrandLivre, livres: &Livres, annee: i32) -> Rapport {
    let mut lignes = Vec::new();
    let (mut total_debit, mut total_credit) = (0_i128, 0_i128);
    for ecriture in ecritures_de(livres, annee) {
        let libelle = match ecriture.extourne_de {
            Some(numero) => format!(
                "{} (extourne de l'écriture n° {numero})",
                ecriture.ecriture.libelle
            ),
            None => ecriture.ecriture.libelle.clone(),
        };
        for (rang, ligne) in ecriture.ecriture.lignes.iter().enumerate() {
            let debit = i128::from(ligne.debit.millimes());
            let credit = i128::from(ligne.credit.millimes());
            total_debit += debit;
            total_credit += credit;
            let (numero, date, libelle) = if rang == 0 {
                (
                    Cellule::texte(ecriture.numero.to_string()),
                    Cellule::Date(ecriture.ecriture.date),
                    Cellule::texte(libelle.clone()),
                )
            } else {
                (Cellule::Vide, Cellule::Vide, Cellule::Vide)
            };
            lignes.push(Ligne::normale(vec![
                numero,
                date,
                libelle,
                Cellule::texte(ligne.compte.numero()),
                Cellule::texte(intitule(livre, ligne.compte)),
                Cellule::montant_ou_vide(debit),
                Cellule::montant_ou_vide(credit),
            ]));
        }
    }
    lignes.push(Ligne::total(vec![
        Cellule::texte("Total"),
        Cellule::Vide,
        Cellule::Vide,
        Cellule::Vide,
        Cellule::Vide,
        Cellule::Montant(total_debit),
        Cellule::Montant(total_credit),
    ]));
    Rapport {
        nom: format!("journal_{annee}"),
        titre: "Journal".to_owned(),
        feuille: "Journal".to_owned(),
        paysage: true,
        tableaux: vec![Tableau {
            titre: None,
            colonnes: vec![
                Colonne::texte("N°", 1),
                Colonne::texte("Date", 2),
                Colonne::texte("Libellé", 7),
                Colonne::texte("Compte", 2),
                Colonne::texte("Intitulé", 5),
                Colonne::montant("Débit"),
                Colonne::montant("Crédit"),
            ],
            lignes,
        }],
        notes: vec![
            "Les écritures sont numérotées sans trou dans l'exercice, dans l'ordre où elles ont \
             été passées ; une correction passe l'extourne de l'écriture corrigée puis la \
             nouvelle écriture."
                .to_owned(),
        ],
    }
}

/// One account of the general ledger.
struct CompteGrandLivre<'a> {
    ouverture: i128,
    mouvements: Vec<(&'a EcritureNumerotee, i128, i128)>,
}

/// The general ledger: per account (by number), the balance carried in (Σ of the lines dated
/// before the exercice), the year's movements by date then number with the running balance,
/// the totals and the closing balance.
pub(crate) fn grand_livre(livre: &GrandLivre, livres: &Livres, annee: i32) -> Rapport {
    let avant = veille(annee);
    let (_, fin) = bornes(annee);
    let mut comptes: BTreeMap<Compte, CompteGrandLivre<'_>> = BTreeMap::new();
    for ecriture in livres.journal() {
        let date = ecriture.ecriture.date;
        if date > fin {
            continue;
        }
        for ligne in &ecriture.ecriture.lignes {
            let entree = comptes.entry(ligne.compte).or_insert(CompteGrandLivre {
                ouverture: 0,
                mouvements: Vec::new(),
            });
            if date <= avant {
                entree.ouverture +=
                    i128::from(ligne.debit.millimes()) - i128::from(ligne.credit.millimes());
            } else if !entree
                .mouvements
                .last()
                .is_some_and(|(e, _, _)| std::ptr::eq(*e, ecriture))
            {
                // An entry with several lines on the account is one movement (their sums).
                let (debit, credit) = debit_credit(ecriture, ligne.compte);
                entree.mouvements.push((ecriture, debit, credit));
            }
        }
    }
    let mut comptes: Vec<(Compte, CompteGrandLivre<'_>)> = comptes
        .into_iter()
        .filter(|(_, c)| c.ouverture != 0 || !c.mouvements.is_empty())
        .collect();
    comptes.sort_by_key(|(compte, _)| compte.numero());
    let tableaux = comptes
        .into_iter()
        .map(|(compte, mut c)| {
            c.mouvements
                .sort_by_key(|(e, _, _)| (e.ecriture.date, e.numero));
            let mut solde = c.ouverture;
            let mut lignes = vec![Ligne::normale(vec![
                Cellule::Vide,
                Cellule::Vide,
                Cellule::texte("Solde reporté"),
                Cellule::Vide,
                Cellule::Vide,
                Cellule::Montant(c.ouverture),
            ])];
            let (mut total_debit, mut total_credit) = (0_i128, 0_i128);
            for (ecriture, debit, credit) in &c.mouvements {
                solde += debit - credit;
                total_debit += debit;
                total_credit += credit;
                lignes.push(Ligne::normale(vec![
                    Cellule::texte(ecriture.numero.to_string()),
                    Cellule::Date(ecriture.ecriture.date),
                    Cellule::texte(ecriture.ecriture.libelle.clone()),
                    Cellule::montant_ou_vide(*debit),
                    Cellule::montant_ou_vide(*credit),
                    Cellule::Montant(solde),
                ]));
            }
            lignes.push(Ligne::total(vec![
                Cellule::Vide,
                Cellule::Date(fin),
                Cellule::texte("Total et solde de clôture"),
                Cellule::Montant(total_debit),
                Cellule::Montant(total_credit),
                Cellule::Montant(solde),
            ]));
            Tableau {
                titre: Some(format!("{} — {}", compte.numero(), intitule(livre, compte))),
                colonnes: vec![
                    Colonne::texte("N°", 1),
                    Colonne::texte("Date", 2),
                    Colonne::texte("Libellé", 8),
                    Colonne::montant("Débit"),
                    Colonne::montant("Crédit"),
                    Colonne::montant("Solde"),
                ],
                lignes,
            }
        })
        .collect();
    Rapport {
        nom: format!("grand_livre_{annee}"),
        titre: "Grand livre".to_owned(),
        feuille: "Grand livre".to_owned(),
        paysage: true,
        tableaux,
        notes: vec![format!(
            "Soldes en débit moins crédit : un solde négatif est créditeur. Solde reporté : \
             écritures datées jusqu'au {}.",
            date_fr(avant)
        )],
    }
}

/// The trial balance of the exercice: per account, Σ debit and Σ credit of the year and the
/// debit or credit balance; Σ debit = Σ credit.
pub(crate) fn balance_generale(livre: &GrandLivre, livres: &Livres, annee: i32) -> Rapport {
    let mut comptes: Vec<(Compte, (i128, i128))> =
        livres.balance(Some(annee)).into_iter().collect();
    comptes.sort_by_key(|(compte, _)| compte.numero());
    let mut totaux = [0_i128; 4];
    let mut lignes: Vec<Ligne> = comptes
        .iter()
        .map(|(compte, (debit, credit))| {
            let solde = debit - credit;
            let (solde_debiteur, solde_crediteur) =
                if solde >= 0 { (solde, 0) } else { (0, -solde) };
            for (total, valeur) in
                totaux
                    .iter_mut()
                    .zip([*debit, *credit, solde_debiteur, solde_crediteur])
            {
                *total += valeur;
            }
            Ligne::normale(vec![
                Cellule::texte(compte.numero()),
                Cellule::texte(intitule(livre, *compte)),
                Cellule::Montant(*debit),
                Cellule::Montant(*credit),
                Cellule::montant_ou_vide(solde_debiteur),
                Cellule::montant_ou_vide(solde_crediteur),
            ])
        })
        .collect();
    lignes.push(Ligne::total(vec![
        Cellule::texte("Total"),
        Cellule::Vide,
        Cellule::Montant(totaux[0]),
        Cellule::Montant(totaux[1]),
        Cellule::Montant(totaux[2]),
        Cellule::Montant(totaux[3]),
    ]));
    let equilibre = if totaux[0] == totaux[1] {
        "La balance est équilibrée : total des débits = total des crédits.".to_owned()
    } else {
        format!(
            "ATTENTION : la balance n'est pas équilibrée (écart de {}).",
            crate::format::montant_fr(totaux[0] - totaux[1])
        )
    };
    Rapport {
        nom: format!("balance_generale_{annee}"),
        titre: "Balance générale".to_owned(),
        feuille: "Balance".to_owned(),
        paysage: false,
        tableaux: vec![Tableau {
            titre: None,
            colonnes: vec![
                Colonne::texte("Compte", 2),
                Colonne::texte("Intitulé", 6),
                Colonne::montant("Débit"),
                Colonne::montant("Crédit"),
                Colonne::montant("Solde débiteur"),
                Colonne::montant("Solde créditeur"),
            ],
            lignes,
        }],
        notes: vec![
            equilibre,
            "Mouvements des écritures de l'exercice.".to_owned(),
        ],
    }
}
