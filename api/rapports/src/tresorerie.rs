//! The simplified treasury table ("Tableau de trésorerie simplifié"): the cash box and each
//! bank account on 1 January, the year's receipts and payments by nature, the internal
//! movements (which net out), and the cash and banks on 31 December. It reconciles by
//! construction with the books: opening + initial balances + receipts − payments + internal
//! (zero) = closing, each account's closing being its balance in the books.
//!
//! A movement's nature is the account on the other side of its entry, followed back to what
//! was paid when that account only passes money through: a supplier payment (401) to its
//! invoice's category or to works; a collection (450) to its cotisation, current or
//! exceptional; a cheque deposit (5112) to each cheque's receipt.

use std::collections::BTreeMap;

use daftar_domain::comptabilite::{Compte, EcritureNumerotee, Ligne, Livres, Source};
use daftar_domain::depenses::{CategorieId, NatureDepense};
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::revenus::TypeCotisation;

use crate::comptes::{bornes, est_cloture, intitule, numero_et_intitule, porte_des_soldes, veille};
use crate::format::date_fr;
use crate::modele::{en_pdf, en_xlsx, Cellule, Colonne, Ligne as Rangee, Rapport, Tableau};
use crate::{Contexte, RapportError};

/// One treasury account over the year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompteTresorerie {
    pub compte: Compte,
    /// "53 — Caisse", "512001 — Courant".
    pub libelle: String,
    /// The balance at the end of the previous 31 December (plus what a carried-forward entry
    /// dated 1 January brings, when the books have one).
    pub ouverture: i128,
    /// Σ debits of the year (money in), internal movements included.
    pub entrees: i128,
    /// Σ credits of the year (money out).
    pub sorties: i128,
    /// The balance in the books at the end of 31 December (before a closing entry of that
    /// day carrying balances to class 1, should the books have one).
    pub cloture: i128,
}

/// A line of receipts or payments: a nature and its amount (positive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LigneTresorerie {
    pub libelle: String,
    pub montant: i128,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableauTresorerie {
    pub annee: i32,
    /// The cash box first, then the bank accounts by number.
    pub comptes: Vec<CompteTresorerie>,
    pub recettes: Vec<LigneTresorerie>,
    pub depenses: Vec<LigneTresorerie>,
    /// Opening balances of bank accounts declared during the year (890): money the books
    /// start following, neither received nor paid.
    pub soldes_initiaux: i128,
    /// Per account, the net of transfers between own accounts and cash deposits and
    /// withdrawals; they add up to zero.
    pub internes: Vec<LigneTresorerie>,
    /// Cheques received and not yet deposited on 31 December (5112): not treasury.
    pub cheques_a_encaisser: i128,
}

fn somme<'a>(lignes: impl IntoIterator<Item = &'a LigneTresorerie>) -> i128 {
    lignes.into_iter().map(|l| l.montant).sum()
}

impl TableauTresorerie {
    pub fn total_ouverture(&self) -> i128 {
        self.comptes.iter().map(|c| c.ouverture).sum()
    }

    pub fn total_recettes(&self) -> i128 {
        somme(&self.recettes)
    }

    pub fn total_depenses(&self) -> i128 {
        somme(&self.depenses)
    }

    pub fn total_internes(&self) -> i128 {
        somme(&self.internes)
    }

    pub fn total_cloture(&self) -> i128 {
        self.comptes.iter().map(|c| c.cloture).sum()
    }

    /// opening + initial balances + receipts − payments + internal movements.
    pub fn cloture_calculee(&self) -> i128 {
        self.total_ouverture() + self.soldes_initiaux + self.total_recettes()
            - self.total_depenses()
            + self.total_internes()
    }
}

/// What a movement of treasury was for, in the order the table lists them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Nature {
    AppelsCourants,
    AppelsExceptionnels,
    Coproprietaires,
    Contrats,
    Exceptionnels,
    Financiers,
    ChequesNonVentiles,
    Charges(Option<CategorieId>),
    Travaux,
    Fournisseurs,
    Salaires,
    ChargesSociales,
    FraisBancaires,
    SoldesInitiaux,
    /// An account no rule above names (one added to the chart later): its own line, on the
    /// side its net amount falls.
    Autre(Compte),
}

impl Nature {
    fn est_recette(&self) -> Option<bool> {
        match self {
            Nature::AppelsCourants
            | Nature::AppelsExceptionnels
            | Nature::Coproprietaires
            | Nature::Contrats
            | Nature::Exceptionnels
            | Nature::Financiers
            | Nature::ChequesNonVentiles => Some(true),
            Nature::Charges(_)
            | Nature::Travaux
            | Nature::Fournisseurs
            | Nature::Salaires
            | Nature::ChargesSociales
            | Nature::FraisBancaires => Some(false),
            Nature::SoldesInitiaux | Nature::Autre(_) => None,
        }
    }

    fn libelle(&self, livre: &GrandLivre) -> String {
        match self {
            Nature::AppelsCourants => {
                "Appels de fonds des copropriétaires — opérations courantes".to_owned()
            }
            Nature::AppelsExceptionnels => {
                "Appels de fonds des copropriétaires — travaux et opérations exceptionnelles"
                    .to_owned()
            }
            Nature::Coproprietaires => "Versements des copropriétaires (non ventilés)".to_owned(),
            Nature::Contrats => "Revenus des contrats des parties communes (752)".to_owned(),
            Nature::Exceptionnels => "Produits exceptionnels (771)".to_owned(),
            Nature::Financiers => "Produits financiers (716)".to_owned(),
            Nature::ChequesNonVentiles => "Remises de chèques (non ventilées)".to_owned(),
            Nature::Charges(categorie) => format!(
                "{} ({})",
                intitule(livre, Compte::ChargesCourantes(*categorie)),
                Compte::ChargesCourantes(*categorie).numero()
            ),
            Nature::Travaux => "Travaux décidés par l'assemblée générale (672)".to_owned(),
            Nature::Fournisseurs => "Paiements aux fournisseurs (non ventilés)".to_owned(),
            Nature::Salaires => "Salaires du personnel (641)".to_owned(),
            Nature::ChargesSociales => "Charges sociales patronales (645)".to_owned(),
            Nature::FraisBancaires => "Frais bancaires (627)".to_owned(),
            Nature::SoldesInitiaux => "Soldes initiaux de comptes (890)".to_owned(),
            Nature::Autre(compte) => numero_et_intitule(livre, *compte),
        }
    }
}

fn nature_appel(livre: &GrandLivre, encaissement_id: i64) -> Option<Nature> {
    let encaissement = livre.revenus.encaissement(encaissement_id)?;
    let du = livre.revenus.montant_du(encaissement.montant_du_id)?;
    let cotisation = livre.revenus.cotisation(du.cotisation_id)?;
    Some(
        if cotisation.type_cotisation == TypeCotisation::Exceptionnelle {
            Nature::AppelsExceptionnels
        } else {
            Nature::AppelsCourants
        },
    )
}

/// What a deposited cheque paid: a co-owner's due, a contract, an exceptional revenue (the
/// three share one id sequence).
fn nature_cheque(livre: &GrandLivre, recette_id: i64) -> Nature {
    if livre.revenus.encaissement(recette_id).is_some() {
        nature_appel(livre, recette_id).unwrap_or(Nature::Coproprietaires)
    } else if livre.contrats.revenu(recette_id).is_some() {
        Nature::Exceptionnels
    } else if livre.contrats.cheque_recu(recette_id).is_some() {
        Nature::Contrats
    } else {
        Nature::ChequesNonVentiles
    }
}

fn nature_paiement(livre: &GrandLivre, source: Source) -> Nature {
    let Source::PaiementDepense(paiement_id) = source else {
        return Nature::Fournisseurs;
    };
    livre
        .depenses
        .paiement(paiement_id)
        .and_then(|(depense_id, _)| livre.depenses.depense(depense_id))
        .map_or(Nature::Fournisseurs, |depense| match depense.nature {
            NatureDepense::Charge => Nature::Charges(depense.fiche.categorie_id),
            NatureDepense::Travaux => Nature::Travaux,
        })
}

/// The nature of a non-treasury line of an entry that moves treasury; `rang_cheque` is the
/// line's rank among the entry's 5112 lines (a deposit credits one line per cheque, in the
/// deposit's order).
fn nature(livre: &GrandLivre, source: Source, ligne: &Ligne, rang_cheque: usize) -> Nature {
    match ligne.compte {
        Compte::Coproprietaires => match source {
            Source::Encaissement(id) => nature_appel(livre, id).unwrap_or(Nature::Coproprietaires),
            _ => Nature::Coproprietaires,
        },
        Compte::ChequesAEncaisser => match source {
            Source::Remise(id) => livre
                .banque
                .remise(id)
                .and_then(|remise| remise.cheques.get(rang_cheque))
                .map_or(Nature::ChequesNonVentiles, |cheque| {
                    nature_cheque(livre, cheque.encaissement_id)
                }),
            _ => Nature::ChequesNonVentiles,
        },
        Compte::RevenusContrats => Nature::Contrats,
        Compte::ProduitsExceptionnels => Nature::Exceptionnels,
        Compte::ProduitsFinanciers => Nature::Financiers,
        Compte::Fournisseurs => nature_paiement(livre, source),
        Compte::ChargesCourantes(categorie) => Nature::Charges(categorie),
        Compte::Travaux => Nature::Travaux,
        Compte::Salaires => Nature::Salaires,
        Compte::ChargesSociales => Nature::ChargesSociales,
        Compte::FraisBancaires => Nature::FraisBancaires,
        Compte::BilanOuverture => Nature::SoldesInitiaux,
        autre => Nature::Autre(autre),
    }
}

fn debit_moins_credit(ligne: &Ligne) -> i128 {
    i128::from(ligne.debit.millimes()) - i128::from(ligne.credit.millimes())
}

#[derive(Default)]
struct Totaux {
    ouverture: i128,
    entrees: i128,
    sorties: i128,
    interne: i128,
}

/// Whether the entry carries balances forward on 1 January (an entry against class 1).
fn est_report(ecriture: &EcritureNumerotee, annee: i32) -> bool {
    let (premier_janvier, _) = bornes(annee);
    ecriture.ecriture.date == premier_janvier && porte_des_soldes(ecriture)
}

/// The simplified treasury table of `annee`, from the books.
pub fn tableau_tresorerie(livre: &GrandLivre, livres: &Livres, annee: i32) -> TableauTresorerie {
    let (_, fin) = bornes(annee);
    let avant = veille(annee);
    let mut comptes: BTreeMap<Compte, Totaux> = BTreeMap::new();
    comptes.entry(Compte::Caisse).or_default();
    for (id, _) in livre.banque.comptes() {
        comptes.entry(Compte::Banque(Some(id))).or_default();
    }
    let mut natures: BTreeMap<Nature, i128> = BTreeMap::new();
    let mut cheques_a_encaisser = 0;
    for ecriture in livres.journal() {
        let date = ecriture.ecriture.date;
        if date > fin || est_cloture(ecriture, annee) {
            continue;
        }
        for ligne in &ecriture.ecriture.lignes {
            if ligne.compte == Compte::ChequesAEncaisser {
                cheques_a_encaisser += debit_moins_credit(ligne);
            }
        }
        let touche_tresorerie = ecriture
            .ecriture
            .lignes
            .iter()
            .any(|l| l.compte.est_tresorerie());
        if !touche_tresorerie {
            continue;
        }
        if date <= avant {
            for ligne in ecriture.ecriture.lignes.iter() {
                if ligne.compte.est_tresorerie() {
                    comptes.entry(ligne.compte).or_default().ouverture += debit_moins_credit(ligne);
                }
            }
            continue;
        }
        let report = est_report(ecriture, annee);
        let interne = ecriture
            .ecriture
            .lignes
            .iter()
            .all(|l| l.compte.est_tresorerie());
        let mut rang_cheque = 0;
        for ligne in &ecriture.ecriture.lignes {
            if ligne.compte.est_tresorerie() {
                let totaux = comptes.entry(ligne.compte).or_default();
                if report {
                    totaux.ouverture += debit_moins_credit(ligne);
                } else {
                    totaux.entrees += i128::from(ligne.debit.millimes());
                    totaux.sorties += i128::from(ligne.credit.millimes());
                    if interne {
                        totaux.interne += debit_moins_credit(ligne);
                    }
                }
            } else if !report {
                let nature = nature(livre, ecriture.ecriture.source, ligne, rang_cheque);
                // Money in for the treasury is a credit of the other side.
                *natures.entry(nature).or_default() -= debit_moins_credit(ligne);
            }
            if ligne.compte == Compte::ChequesAEncaisser {
                rang_cheque += 1;
            }
        }
    }
    let mut comptes: Vec<CompteTresorerie> = comptes
        .into_iter()
        .map(|(compte, t)| CompteTresorerie {
            compte,
            libelle: numero_et_intitule(livre, compte),
            ouverture: t.ouverture,
            entrees: t.entrees,
            sorties: t.sorties,
            cloture: t.ouverture + t.entrees - t.sorties,
        })
        .collect();
    // The cash box first, then the banks by number (Compte's order puts 512 before 53).
    comptes.sort_by_key(|c| (c.compte != Compte::Caisse, c.compte.numero()));
    let mut recettes = Vec::new();
    let mut depenses = Vec::new();
    let mut soldes_initiaux = 0;
    for (nature, flux) in natures {
        if flux == 0 {
            continue;
        }
        let libelle = nature.libelle(livre);
        match nature.est_recette() {
            _ if nature == Nature::SoldesInitiaux => soldes_initiaux += flux,
            Some(true) => recettes.push(LigneTresorerie {
                libelle,
                montant: flux,
            }),
            Some(false) => depenses.push(LigneTresorerie {
                libelle,
                montant: -flux,
            }),
            None if flux > 0 => recettes.push(LigneTresorerie {
                libelle,
                montant: flux,
            }),
            None => depenses.push(LigneTresorerie {
                libelle,
                montant: -flux,
            }),
        }
    }
    let internes = comptes
        .iter()
        .filter_map(|c| {
            let interne: i128 = livres
                .journal()
                .iter()
                .filter(|e| e.ecriture.date > avant && e.ecriture.date <= fin)
                .filter(|e| e.ecriture.lignes.iter().all(|l| l.compte.est_tresorerie()))
                .filter(|e| !est_report(e, annee) && !est_cloture(e, annee))
                .map(|e| crate::comptes::net(e, c.compte))
                .sum();
            (interne != 0).then(|| LigneTresorerie {
                libelle: c.libelle.clone(),
                montant: interne,
            })
        })
        .collect();
    comptes.retain(|c| {
        c.compte == Compte::Caisse
            || matches!(c.compte, Compte::Banque(Some(id)) if livre.banque.compte(id).is_some())
            || c.ouverture != 0
            || c.entrees != 0
            || c.sorties != 0
    });
    TableauTresorerie {
        annee,
        comptes,
        recettes,
        depenses,
        soldes_initiaux,
        internes,
        cheques_a_encaisser,
    }
}

fn deux_colonnes(titre_montant: &str) -> Vec<Colonne> {
    vec![
        Colonne::texte("Libellé", 8),
        Colonne::montant(titre_montant),
    ]
}

fn ligne(libelle: &str, montant: i128) -> Rangee {
    Rangee::normale(vec![Cellule::texte(libelle), Cellule::Montant(montant)])
}

fn total(libelle: &str, montant: i128) -> Rangee {
    Rangee::total(vec![Cellule::texte(libelle), Cellule::Montant(montant)])
}

pub(crate) fn rapport(livre: &GrandLivre, livres: &Livres, ctx: &Contexte) -> Rapport {
    let t = tableau_tresorerie(livre, livres, ctx.annee);
    let (debut, fin) = bornes(ctx.annee);
    let mut tableaux = Vec::new();
    let mut ouverture: Vec<Rangee> = t
        .comptes
        .iter()
        .map(|c| ligne(&c.libelle, c.ouverture))
        .collect();
    ouverture.push(total(
        "Total de la trésorerie d'ouverture",
        t.total_ouverture(),
    ));
    tableaux.push(Tableau {
        titre: Some(format!("Trésorerie au {}", date_fr(debut))),
        colonnes: deux_colonnes("Solde"),
        lignes: ouverture,
    });
    let mut recettes: Vec<Rangee> = t
        .recettes
        .iter()
        .map(|l| ligne(&l.libelle, l.montant))
        .collect();
    recettes.push(total("Total des recettes", t.total_recettes()));
    tableaux.push(Tableau {
        titre: Some("Recettes de l'exercice par nature".to_owned()),
        colonnes: deux_colonnes("Montant"),
        lignes: recettes,
    });
    let mut depenses: Vec<Rangee> = t
        .depenses
        .iter()
        .map(|l| ligne(&l.libelle, l.montant))
        .collect();
    depenses.push(total("Total des dépenses", t.total_depenses()));
    tableaux.push(Tableau {
        titre: Some("Dépenses de l'exercice par nature".to_owned()),
        colonnes: deux_colonnes("Montant"),
        lignes: depenses,
    });
    if !t.internes.is_empty() {
        let mut internes: Vec<Rangee> = t
            .internes
            .iter()
            .map(|l| ligne(&l.libelle, l.montant))
            .collect();
        internes.push(total(
            "Total (sans effet sur la trésorerie)",
            t.total_internes(),
        ));
        tableaux.push(Tableau {
            titre: Some(
                "Mouvements internes (virements entre comptes, dépôts et retraits d'espèces)"
                    .to_owned(),
            ),
            colonnes: deux_colonnes("Net"),
            lignes: internes,
        });
    }
    let mut cloture: Vec<Rangee> = t
        .comptes
        .iter()
        .map(|c| ligne(&c.libelle, c.cloture))
        .collect();
    cloture.push(total(
        "Total de la trésorerie de clôture",
        t.total_cloture(),
    ));
    tableaux.push(Tableau {
        titre: Some(format!("Trésorerie au {}", date_fr(fin))),
        colonnes: deux_colonnes("Solde"),
        lignes: cloture,
    });
    let mut synthese = vec![ligne(
        &format!("Trésorerie au {}", date_fr(debut)),
        t.total_ouverture(),
    )];
    if t.soldes_initiaux != 0 {
        synthese.push(ligne(
            "+ Soldes initiaux de comptes ouverts dans l'exercice",
            t.soldes_initiaux,
        ));
    }
    synthese.push(ligne("+ Recettes", t.total_recettes()));
    synthese.push(ligne("− Dépenses", t.total_depenses()));
    synthese.push(total(
        &format!("= Trésorerie au {}", date_fr(fin)),
        t.cloture_calculee(),
    ));
    tableaux.push(Tableau {
        titre: Some("Synthèse".to_owned()),
        colonnes: deux_colonnes("Montant"),
        lignes: synthese,
    });
    let mut par_compte: Vec<Rangee> = t
        .comptes
        .iter()
        .map(|c| {
            Rangee::normale(vec![
                Cellule::texte(&c.libelle),
                Cellule::Montant(c.ouverture),
                Cellule::Montant(c.entrees),
                Cellule::Montant(c.sorties),
                Cellule::Montant(c.cloture),
            ])
        })
        .collect();
    par_compte.push(Rangee::total(vec![
        Cellule::texte("Total"),
        Cellule::Montant(t.total_ouverture()),
        Cellule::Montant(t.comptes.iter().map(|c| c.entrees).sum()),
        Cellule::Montant(t.comptes.iter().map(|c| c.sorties).sum()),
        Cellule::Montant(t.total_cloture()),
    ]));
    tableaux.push(Tableau {
        titre: Some("Mouvements par compte".to_owned()),
        colonnes: vec![
            Colonne::texte("Compte", 5),
            Colonne::montant(&format!("Au {}", date_fr(debut))),
            Colonne::montant("Entrées"),
            Colonne::montant("Sorties"),
            Colonne::montant(&format!("Au {}", date_fr(fin))),
        ],
        lignes: par_compte,
    });
    let mut notes = vec![
        "Les mouvements internes (virements entre comptes de la résidence, dépôts et retraits \
         d'espèces) ne sont ni des recettes ni des dépenses ; leur total est nul."
            .to_owned(),
    ];
    if t.cheques_a_encaisser != 0 {
        notes.push(format!(
            "Chèques reçus non encore remis en banque au {} (hors trésorerie) : {}.",
            date_fr(fin),
            crate::format::montant_fr(t.cheques_a_encaisser)
        ));
    }
    Rapport {
        nom: format!("tresorerie_{}", ctx.annee),
        titre: "Tableau de trésorerie simplifié".to_owned(),
        feuille: "Trésorerie".to_owned(),
        paysage: false,
        tableaux,
        notes,
    }
}

/// The treasury table as a PDF (`tresorerie_{annee}.pdf`).
pub fn tableau_tresorerie_pdf(
    livre: &GrandLivre,
    livres: &Livres,
    ctx: &Contexte,
) -> Result<Vec<u8>, RapportError> {
    en_pdf(&rapport(livre, livres, ctx), ctx)
}

/// The treasury table as an .xlsx (`tresorerie_{annee}.xlsx`), amounts as numbers in DT.
pub fn tableau_tresorerie_xlsx(
    livre: &GrandLivre,
    livres: &Livres,
    ctx: &Contexte,
) -> Result<Vec<u8>, RapportError> {
    en_xlsx(&rapport(livre, livres, ctx), ctx)
}
