//! The five statements of the French co-ownership model (décret n° 2005-240, annexes 1 to
//! 5), adapted to the residence's chart (ADR 0007), and the budget against actual:
//!
//! 1. the financial position on 31 December (what the syndicate holds and is owed, what it
//!    owes, and the cumulated result of its operations);
//! 2. the general management account of the year: charges and products by account, against
//!    the budget and the previous year;
//! 3. current operations: charges by category (600NNN), bank fees, salaries, social charges
//!    against the calls for current operations (701) and the other current products;
//! 4. works and exceptional operations: works invoiced (672) against the calls for works
//!    (702) and the exceptional products (771);
//! 5. works not yet closed: works items with something left to pay on 31 December.
//!
//! The budget comes with the context ([`crate::BudgetExercice`], filled by the budgets
//! module); without one the budget columns stay empty.

use std::collections::BTreeMap;

use chrono::Datelike;

use daftar_domain::comptabilite::{Compte, Livres};
use daftar_domain::depenses::NatureDepense;
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::revenus::TypeCotisation;

use crate::comptes::{bornes, est_cloture, intitule};
use crate::debiteurs::coproprietaires_debiteurs;
use crate::format::{date_fr, montant_fr};
use crate::modele::{Cellule, Colonne, Ligne, Rapport, Tableau};
use crate::{BudgetExercice, Contexte};

fn classe(compte: Compte) -> Option<char> {
    compte.numero().chars().next()
}

/// The budget per charge account (600NNN of each element's category).
fn budget_par_compte(budget: Option<&BudgetExercice>) -> Option<BTreeMap<Compte, i128>> {
    budget.map(|budget| {
        let mut par_compte = BTreeMap::new();
        for element in &budget.elements {
            *par_compte
                .entry(Compte::ChargesCourantes(element.categorie_id))
                .or_insert(0) += i128::from(element.montant.millimes());
        }
        par_compte
    })
}

/// The amount an account of class 6 (debit − credit) or 7 (credit − debit) shows for the year.
fn realise(balance: &BTreeMap<Compte, (i128, i128)>, compte: Compte) -> i128 {
    let (debit, credit) = balance.get(&compte).copied().unwrap_or((0, 0));
    if classe(compte) == Some('7') {
        credit - debit
    } else {
        debit - credit
    }
}

fn cellule_budget(budget: Option<&BTreeMap<Compte, i128>>, compte: Compte) -> Cellule {
    match budget {
        Some(budget) => Cellule::Montant(budget.get(&compte).copied().unwrap_or(0)),
        None => Cellule::Vide,
    }
}

fn colonnes_gestion(annee: i32) -> Vec<Colonne> {
    vec![
        Colonne::texte("Compte", 2),
        Colonne::texte("Intitulé", 7),
        Colonne::montant(&format!("Budget {annee}")),
        Colonne::montant(&format!("Réalisé {annee}")),
        Colonne::montant(&format!("Réalisé {}", annee - 1)),
    ]
}

/// A management table: the accounts that `garder` keeps, of the class given, with the budget
/// (charges only), the year and the previous year; returns the table and its totals.
fn tableau_gestion(
    livre: &GrandLivre,
    livres: &Livres,
    ctx: &Contexte,
    titre: &str,
    classe_voulue: char,
    garder: impl Fn(Compte) -> bool,
) -> (Tableau, i128, i128) {
    let annee = ctx.annee;
    let n = livres.balance(Some(annee));
    let n_1 = livres.balance(Some(annee - 1));
    let budget = if classe_voulue == '6' {
        budget_par_compte(ctx.budget.as_ref())
    } else {
        None
    };
    let mut comptes: Vec<Compte> = n
        .keys()
        .chain(n_1.keys())
        .chain(budget.iter().flat_map(|b| b.keys()))
        .copied()
        .filter(|c| classe(*c) == Some(classe_voulue) && garder(*c))
        .collect();
    comptes.sort_by_key(|c| c.numero());
    comptes.dedup();
    let (mut total_budget, mut total, mut total_1) = (0, 0, 0);
    let mut lignes: Vec<Ligne> = comptes
        .iter()
        .map(|compte| {
            let (r, r_1) = (realise(&n, *compte), realise(&n_1, *compte));
            total += r;
            total_1 += r_1;
            total_budget += budget
                .as_ref()
                .and_then(|b| b.get(compte))
                .copied()
                .unwrap_or(0);
            Ligne::normale(vec![
                Cellule::texte(compte.numero()),
                Cellule::texte(intitule(livre, *compte)),
                cellule_budget(budget.as_ref(), *compte),
                Cellule::Montant(r),
                Cellule::Montant(r_1),
            ])
        })
        .collect();
    lignes.push(Ligne::total(vec![
        Cellule::texte("Total"),
        Cellule::Vide,
        if budget.is_some() {
            Cellule::Montant(total_budget)
        } else {
            Cellule::Vide
        },
        Cellule::Montant(total),
        Cellule::Montant(total_1),
    ]));
    (
        Tableau {
            titre: Some(titre.to_owned()),
            colonnes: colonnes_gestion(annee),
            lignes,
        },
        total,
        total_1,
    )
}

fn tableau_solde(annee: i32, produits: (i128, i128), charges: (i128, i128)) -> Tableau {
    let solde = |p: i128, c: i128| p - c;
    Tableau {
        titre: Some("Solde".to_owned()),
        colonnes: vec![
            Colonne::texte("Libellé", 9),
            Colonne::montant(&format!("Exercice {annee}")),
            Colonne::montant(&format!("Exercice {}", annee - 1)),
        ],
        lignes: vec![
            Ligne::normale(vec![
                Cellule::texte("Total des produits"),
                Cellule::Montant(produits.0),
                Cellule::Montant(produits.1),
            ]),
            Ligne::normale(vec![
                Cellule::texte("Total des charges"),
                Cellule::Montant(charges.0),
                Cellule::Montant(charges.1),
            ]),
            Ligne::total(vec![
                Cellule::texte("Excédent (insuffisance) des produits sur les charges"),
                Cellule::Montant(solde(produits.0, charges.0)),
                Cellule::Montant(solde(produits.1, charges.1)),
            ]),
        ],
    }
}

fn note_budget(ctx: &Contexte) -> String {
    match &ctx.budget {
        Some(budget) => format!("Budget de l'exercice : « {} ».", budget.titre),
        None => format!(
            "Aucun budget n'est enregistré pour l'exercice {} : la colonne budget est vide.",
            ctx.annee
        ),
    }
}

/// Annexe 1: the financial position on 31 December.
fn etat_financier(livre: &GrandLivre, livres: &Livres, ctx: &Contexte) -> Rapport {
    let annee = ctx.annee;
    let (_, fin) = bornes(annee);
    let mut soldes: BTreeMap<Compte, i128> = BTreeMap::new();
    for ecriture in livres
        .journal()
        .iter()
        .filter(|e| e.ecriture.date <= fin && !est_cloture(e, annee))
    {
        for ligne in &ecriture.ecriture.lignes {
            *soldes.entry(ligne.compte).or_insert(0) +=
                i128::from(ligne.debit.millimes()) - i128::from(ligne.credit.millimes());
        }
    }
    let debiteurs = coproprietaires_debiteurs(livre, livres, annee);
    let mut actif: Vec<(String, i128)> = Vec::new();
    let mut passif: Vec<(String, i128)> = Vec::new();
    let mut resultat = 0;
    let mut comptes: Vec<(Compte, i128)> = soldes.into_iter().collect();
    comptes.sort_by_key(|(c, _)| c.numero());
    for (compte, solde) in comptes {
        let libelle = format!("{} — {}", compte.numero(), intitule(livre, compte));
        match compte {
            _ if matches!(classe(compte), Some('6' | '7')) => resultat -= solde,
            Compte::Coproprietaires => {
                actif.push((
                    "450 — Copropriétaires débiteurs".to_owned(),
                    debiteurs.total_du(),
                ));
                passif.push((
                    "450 — Copropriétaires créditeurs (avances)".to_owned(),
                    debiteurs.avances + debiteurs.non_ventile,
                ));
            }
            _ if compte.est_tresorerie() || compte == Compte::ChequesAEncaisser => {
                actif.push((libelle, solde))
            }
            _ if solde == 0 => {}
            _ if solde > 0 => actif.push((libelle, solde)),
            _ => passif.push((libelle, -solde)),
        }
    }
    passif.push((
        "Excédent (insuffisance) cumulé des produits sur les charges".to_owned(),
        resultat,
    ));
    let tableau = |titre: &str, lignes: Vec<(String, i128)>, total: &str| {
        let somme = lignes.iter().map(|(_, m)| m).sum();
        let mut rangees: Vec<Ligne> = lignes
            .into_iter()
            .map(|(l, m)| Ligne::normale(vec![Cellule::texte(l), Cellule::Montant(m)]))
            .collect();
        rangees.push(Ligne::total(vec![
            Cellule::texte(total),
            Cellule::Montant(somme),
        ]));
        Tableau {
            titre: Some(titre.to_owned()),
            colonnes: vec![Colonne::texte("Poste", 9), Colonne::montant("Montant")],
            lignes: rangees,
        }
    };
    Rapport {
        nom: format!("annexe1_etat_financier_{annee}"),
        titre: format!("Annexe 1 — État financier au {}", date_fr(fin)),
        feuille: "Annexe 1".to_owned(),
        paysage: false,
        tableaux: vec![
            tableau(
                "Trésorerie, créances et avoirs",
                actif,
                "Total des avoirs et créances",
            ),
            tableau(
                "Dettes, fonds et résultat",
                passif,
                "Total des dettes, fonds et résultat",
            ),
        ],
        notes: vec![
            "Soldes des comptes au 31 décembre selon les livres. Aucune répartition du \
             résultat entre copropriétaires n'est passée dans les livres : le résultat cumulé \
             figure tel quel, à répartir selon la décision de l'assemblée générale."
                .to_owned(),
        ],
    }
}

/// Annexe 2: the general management account of the year.
fn compte_gestion_general(livre: &GrandLivre, livres: &Livres, ctx: &Contexte) -> Rapport {
    let (charges, c, c_1) = tableau_gestion(livre, livres, ctx, "Charges", '6', |_| true);
    let (produits, p, p_1) = tableau_gestion(livre, livres, ctx, "Produits", '7', |_| true);
    Rapport {
        nom: format!("annexe2_compte_gestion_general_{}", ctx.annee),
        titre: "Annexe 2 — Compte de gestion général de l'exercice".to_owned(),
        feuille: "Annexe 2".to_owned(),
        paysage: false,
        tableaux: vec![
            charges,
            produits,
            tableau_solde(ctx.annee, (p, p_1), (c, c_1)),
        ],
        notes: vec![note_budget(ctx)],
    }
}

fn est_courant(compte: Compte) -> bool {
    !matches!(
        compte,
        Compte::Travaux
            | Compte::ProvisionsOperationsExceptionnelles
            | Compte::ProduitsExceptionnels
    )
}

/// Annexe 3: current operations.
fn operations_courantes(livre: &GrandLivre, livres: &Livres, ctx: &Contexte) -> Rapport {
    let (charges, c, c_1) = tableau_gestion(
        livre,
        livres,
        ctx,
        "Charges pour opérations courantes",
        '6',
        est_courant,
    );
    let (produits, p, p_1) = tableau_gestion(
        livre,
        livres,
        ctx,
        "Produits pour opérations courantes",
        '7',
        est_courant,
    );
    Rapport {
        nom: format!("annexe3_operations_courantes_{}", ctx.annee),
        titre: "Annexe 3 — Compte de gestion pour opérations courantes".to_owned(),
        feuille: "Annexe 3".to_owned(),
        paysage: false,
        tableaux: vec![
            charges,
            produits,
            tableau_solde(ctx.annee, (p, p_1), (c, c_1)),
        ],
        notes: vec![note_budget(ctx)],
    }
}

/// Annexe 4: works and exceptional operations of the year, item by item.
fn travaux_operations_exceptionnelles(
    livre: &GrandLivre,
    livres: &Livres,
    ctx: &Contexte,
) -> Rapport {
    let annee = ctx.annee;
    let colonnes = || {
        vec![
            Colonne::texte("Date", 2),
            Colonne::texte("Libellé", 9),
            Colonne::montant("Montant"),
        ]
    };
    let mut travaux: Vec<Ligne> = Vec::new();
    let mut total_travaux = 0;
    for (_, depense) in livre.depenses.depenses() {
        if depense.nature != NatureDepense::Travaux || depense.fiche.date_facture.year() != annee {
            continue;
        }
        let montant = i128::from(depense.fiche.montant_total.millimes());
        total_travaux += montant;
        let fournisseur = livre
            .depenses
            .fournisseur(depense.fiche.fournisseur_id)
            .unwrap_or_default();
        travaux.push(Ligne::normale(vec![
            Cellule::Date(depense.fiche.date_facture),
            Cellule::texte(format!("{} — {fournisseur}", depense.fiche.titre)),
            Cellule::Montant(montant),
        ]));
    }
    travaux.push(Ligne::total(vec![
        Cellule::Vide,
        Cellule::texte("Total des travaux (672)"),
        Cellule::Montant(total_travaux),
    ]));
    let mut produits: Vec<Ligne> = Vec::new();
    let mut total_produits = 0;
    let (debut, fin) = bornes(annee);
    let mut appels: BTreeMap<i64, i128> = BTreeMap::new();
    for (_, du, _) in livre.revenus.montants_dus_payes() {
        if du.appel.echeance >= debut && du.appel.echeance <= fin && du.montant.is_positive() {
            *appels.entry(du.cotisation_id).or_insert(0) += i128::from(du.montant.millimes());
        }
    }
    for (cotisation_id, montant) in appels {
        let Some(cotisation) = livre.revenus.cotisation(cotisation_id) else {
            continue;
        };
        if cotisation.type_cotisation != TypeCotisation::Exceptionnelle {
            continue;
        }
        total_produits += montant;
        produits.push(Ligne::normale(vec![
            Cellule::Date(cotisation.date_echeance),
            Cellule::texte(format!("Appel « {} » (702)", cotisation.titre)),
            Cellule::Montant(montant),
        ]));
    }
    for (_, revenu) in livre.contrats.revenus() {
        if revenu.fiche.date_paiement < debut || revenu.fiche.date_paiement > fin {
            continue;
        }
        let montant = i128::from(revenu.fiche.montant.millimes());
        total_produits += montant;
        produits.push(Ligne::normale(vec![
            Cellule::Date(revenu.fiche.date_paiement),
            Cellule::texte(format!("{} (771)", revenu.fiche.titre)),
            Cellule::Montant(montant),
        ]));
    }
    produits.push(Ligne::total(vec![
        Cellule::Vide,
        Cellule::texte("Total des produits (702, 771)"),
        Cellule::Montant(total_produits),
    ]));
    let n = livres.balance(Some(annee));
    let n_1 = livres.balance(Some(annee - 1));
    let exceptionnel = |b: &BTreeMap<Compte, (i128, i128)>| {
        (
            realise(b, Compte::ProvisionsOperationsExceptionnelles)
                + realise(b, Compte::ProduitsExceptionnels),
            realise(b, Compte::Travaux),
        )
    };
    let ((p, c), (p_1, c_1)) = (exceptionnel(&n), exceptionnel(&n_1));
    Rapport {
        nom: format!("annexe4_travaux_operations_exceptionnelles_{annee}"),
        titre: "Annexe 4 — Travaux et opérations exceptionnelles".to_owned(),
        feuille: "Annexe 4".to_owned(),
        paysage: false,
        tableaux: vec![
            Tableau {
                titre: Some("Charges : travaux facturés dans l'exercice".to_owned()),
                colonnes: colonnes(),
                lignes: travaux,
            },
            Tableau {
                titre: Some("Produits : appels pour travaux et produits exceptionnels".to_owned()),
                colonnes: colonnes(),
                lignes: produits,
            },
            tableau_solde(annee, (p, p_1), (c, c_1)),
        ],
        notes: vec![],
    }
}

/// Annexe 5: works not yet closed on 31 December (something left to pay).
fn travaux_non_clotures(livre: &GrandLivre, ctx: &Contexte) -> Rapport {
    let annee = ctx.annee;
    let (_, fin) = bornes(annee);
    let mut lignes = Vec::new();
    let mut totaux = [0_i128; 3];
    for (_, depense) in livre.depenses.depenses() {
        if depense.nature != NatureDepense::Travaux || depense.fiche.date_facture > fin {
            continue;
        }
        let montant = i128::from(depense.fiche.montant_total.millimes());
        let paye: i128 = depense
            .paiements
            .values()
            .filter(|p| p.date_paiement <= fin)
            .map(|p| i128::from(p.montant.millimes()))
            .sum();
        let reste = montant - paye;
        if reste <= 0 {
            continue;
        }
        for (total, valeur) in totaux.iter_mut().zip([montant, paye, reste]) {
            *total += valeur;
        }
        let approbation = match &depense.fiche.approbation {
            Some(a) if a.approuve => "Approuvés",
            Some(_) => "Refusés",
            None => "Non décidé",
        };
        lignes.push(Ligne::normale(vec![
            Cellule::Date(depense.fiche.date_facture),
            Cellule::texte(&depense.fiche.titre),
            Cellule::texte(
                livre
                    .depenses
                    .fournisseur(depense.fiche.fournisseur_id)
                    .unwrap_or_default(),
            ),
            Cellule::texte(approbation),
            Cellule::Montant(montant),
            Cellule::Montant(paye),
            Cellule::Montant(reste),
        ]));
    }
    lignes.push(Ligne::total(vec![
        Cellule::Vide,
        Cellule::texte("Total"),
        Cellule::Vide,
        Cellule::Vide,
        Cellule::Montant(totaux[0]),
        Cellule::Montant(totaux[1]),
        Cellule::Montant(totaux[2]),
    ]));
    Rapport {
        nom: format!("annexe5_travaux_non_clotures_{annee}"),
        titre: format!("Annexe 5 — Travaux non clôturés au {}", date_fr(fin)),
        feuille: "Annexe 5".to_owned(),
        paysage: true,
        tableaux: vec![Tableau {
            titre: None,
            colonnes: vec![
                Colonne::texte("Facture du", 2),
                Colonne::texte("Travaux", 6),
                Colonne::texte("Fournisseur", 4),
                Colonne::texte("Approbation", 2),
                Colonne::montant("Montant"),
                Colonne::montant("Payé au 31/12"),
                Colonne::montant("Reste à payer"),
            ],
            lignes,
        }],
        notes: vec![format!(
            "Travaux facturés au plus tard le {} et non entièrement payés à cette date.",
            date_fr(fin)
        )],
    }
}

/// The budget against actual, per charge account of a category.
fn budget_realise(livre: &GrandLivre, livres: &Livres, ctx: &Contexte) -> Rapport {
    let annee = ctx.annee;
    let n = livres.balance(Some(annee));
    let budget = budget_par_compte(ctx.budget.as_ref());
    let mut comptes: Vec<Compte> = n
        .keys()
        .chain(budget.iter().flat_map(|b| b.keys()))
        .copied()
        .filter(|c| matches!(c, Compte::ChargesCourantes(_)))
        .collect();
    comptes.sort_by_key(|c| c.numero());
    comptes.dedup();
    let mut totaux = (0_i128, 0_i128);
    let mut lignes: Vec<Ligne> = comptes
        .iter()
        .map(|compte| {
            let r = realise(&n, *compte);
            totaux.1 += r;
            let prevu = budget.as_ref().map(|b| b.get(compte).copied().unwrap_or(0));
            totaux.0 += prevu.unwrap_or(0);
            Ligne::normale(vec![
                Cellule::texte(compte.numero()),
                Cellule::texte(intitule(livre, *compte)),
                prevu.map_or(Cellule::Vide, Cellule::Montant),
                Cellule::Montant(r),
                prevu.map_or(Cellule::Vide, |p| Cellule::Montant(r - p)),
                Cellule::texte(prevu.map_or(String::new(), |p| ratio(r, p))),
            ])
        })
        .collect();
    lignes.push(Ligne::total(vec![
        Cellule::texte("Total"),
        Cellule::Vide,
        budget
            .as_ref()
            .map_or(Cellule::Vide, |_| Cellule::Montant(totaux.0)),
        Cellule::Montant(totaux.1),
        budget
            .as_ref()
            .map_or(Cellule::Vide, |_| Cellule::Montant(totaux.1 - totaux.0)),
        Cellule::texte(
            budget
                .as_ref()
                .map_or(String::new(), |_| ratio(totaux.1, totaux.0)),
        ),
    ]));
    let mut notes = vec![note_budget(ctx)];
    if budget.is_some() {
        notes.push(format!(
            "Un taux au-delà de 100 % signale une dépense supérieure au budget (total réalisé {}).",
            montant_fr(totaux.1)
        ));
    }
    Rapport {
        nom: format!("budget_realise_{annee}"),
        titre: "Budget et réalisé par catégorie".to_owned(),
        feuille: "Budget".to_owned(),
        paysage: false,
        tableaux: vec![Tableau {
            titre: None,
            colonnes: vec![
                Colonne::texte("Compte", 2),
                Colonne::texte("Catégorie", 6),
                Colonne::montant("Budget"),
                Colonne::montant("Réalisé"),
                Colonne::montant("Écart"),
                Colonne {
                    titre: "Taux".to_owned(),
                    largeur: 1,
                    droite: true,
                },
            ],
            lignes,
        }],
        notes,
    }
}

/// The spend ratio, rounded to the percent ("112 %"); "—" without a budget amount.
fn ratio(realise: i128, budget: i128) -> String {
    if budget <= 0 {
        return "—".to_owned();
    }
    format!("{} %", (realise * 100 + budget / 2).div_euclid(budget))
}

pub(crate) fn rapports(livre: &GrandLivre, livres: &Livres, ctx: &Contexte) -> Vec<Rapport> {
    vec![
        etat_financier(livre, livres, ctx),
        compte_gestion_general(livre, livres, ctx),
        operations_courantes(livre, livres, ctx),
        travaux_operations_exceptionnelles(livre, livres, ctx),
        travaux_non_clotures(livre, ctx),
        budget_realise(livre, livres, ctx),
    ]
}
