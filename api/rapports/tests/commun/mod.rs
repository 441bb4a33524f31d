//! The residence the report tests share: two years of a small building, written as the
//! commands that happened (decided and applied one after the other, as the server does).

#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::NaiveDate;
use daftar_domain::banque::{
    BanqueCommand, DemandeTransfert, FicheCompte, FicheOperation, TypeCompte, TypeOperation,
};
use daftar_domain::comptabilite::Livres;
use daftar_domain::depenses::{
    DepensesCommand, FicheDepense, FicheFournisseur, MethodePaiementDepense, NatureDepense,
    TypeFournisseur,
};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::occupation::{OccupationCommand, Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::{ProprieteCommand, TypePropriete};
use daftar_domain::revenus::{
    DemandeCotisation, MethodePaiement, Repartition, RevenusCommand, TypeCotisation,
};
use daftar_domain::Montant;
use daftar_rapports::{rejouer, Contexte, Etat};

pub fn date(texte: &str) -> NaiveDate {
    NaiveDate::parse_from_str(texte, "%Y-%m-%d").unwrap()
}

/// The events `commands` produce, each decided on the state the previous ones left.
pub fn histoire(commands: Vec<GrandLivreCommand>) -> Vec<GrandLivreEvent> {
    let mut livre = GrandLivre::default();
    let mut events = Vec::new();
    for command in commands {
        let nouveaux = livre
            .decide(command.clone())
            .unwrap_or_else(|err| panic!("command refused: {command:?} → {err:?}"));
        for event in nouveaux {
            cqrs_es::Aggregate::apply(&mut livre, event.clone());
            events.push(event);
        }
    }
    events
}

pub fn compte(libelle: &str, solde_initial: Montant, date_solde: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
        fiche: FicheCompte {
            libelle: libelle.into(),
            banque: "STB".into(),
            type_compte: TypeCompte::Courant,
            adresse_agence: None,
            rib: None,
            swift: None,
            iban: None,
            commentaire: None,
            is_main: false,
            solde_initial,
            date_solde_initial: date(date_solde),
        },
    })
}

pub fn propriete(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
        nom: nom.into(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    })
}

pub fn occupant(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Occupation(OccupationCommand::CreerOccupant {
        nom: nom.into(),
        tel: None,
        email: None,
        sexe: Sexe::Femme,
    })
}

pub fn occupation(propriete_id: i64, occupant_id: i64) -> GrandLivreCommand {
    GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
        propriete_id,
        occupant_id,
        type_occupation: TypeOccupation::Proprietaire,
        date_debut: date("2020-01-01"),
        date_fin: None,
        is_payer: true,
    })
}

pub fn cotisation(
    titre: &str,
    type_cotisation: TypeCotisation,
    debut: &str,
    fin: &str,
    montant: i64,
) -> GrandLivreCommand {
    GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
        titre: titre.into(),
        type_cotisation,
        repartition: Repartition::Egale,
        date_debut: date(debut),
        date_fin: date(fin),
        date_echeance: date(debut) + chrono::Days::new(9),
        montant: Some(Montant::dinars(montant)),
        personnalisation: Vec::new(),
    }))
}

pub fn encaisser(
    montant_du_id: i64,
    montant: i64,
    le: &str,
    methode: MethodePaiement,
) -> GrandLivreCommand {
    GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
        montant_du_id,
        paiement: Paiement {
            montant: Montant::dinars(montant),
            date_paiement: date(le),
            methode,
            reference: None,
        },
        aujourd_hui: date("2026-11-22"),
    })
}

pub fn operation(type_operation: TypeOperation, montant: Montant, le: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerOperation {
        compte_id: 1,
        fiche: FicheOperation {
            type_operation,
            libelle: format!("Opération {type_operation:?}"),
            montant,
            date: date(le),
            date_banque: None,
            commentaire: None,
        },
    })
}

pub fn depense(
    titre: &str,
    nature: NatureDepense,
    categorie_id: Option<i64>,
    montant: Montant,
    le: &str,
) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
        nature,
        fiche: FicheDepense {
            titre: titre.into(),
            montant_total: montant,
            date_facture: date(le),
            fournisseur_id: 1,
            categorie_id,
            commentaire: None,
            description: None,
            approbation: None,
        },
        documents: Vec::new(),
    })
}

pub fn payer(
    depense_id: i64,
    nature: NatureDepense,
    montant: Montant,
    le: &str,
    methode: MethodePaiementDepense,
) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::Payer {
        depense_id,
        nature,
        paiement: Paiement {
            montant,
            date_paiement: date(le),
            methode,
            reference: None,
        },
    })
}

pub fn fournisseur() -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::CreerFournisseur {
        fiche: FicheFournisseur {
            nom: "STEG".into(),
            tel: None,
            type_fournisseur: TypeFournisseur::Entreprise,
            email: None,
            adresse: None,
            ville: None,
            gouvernorat: None,
            activite: None,
            identifiant: None,
            commentaire: None,
        },
    })
}

/// Two years of "Les Jasmins": 2025 and 2026 open; the current account (1,000 DT on
/// 1 January 2025) and a savings account; A1 and A2 with their owners; monthly charges of
/// 40 DT in January and February 2025 and works called by an exceptional cotisation; cash,
/// cheque (deposited) and transfer collections; an electricity invoice paid in part, works
/// paid in part; a withdrawal, fees, interest, a transfer to savings; a 2026 collection of a
/// 2025 due.
pub fn residence() -> Vec<GrandLivreCommand> {
    vec![
        GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee: 2025 }),
        GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee: 2026 }),
        compte("Courant", Montant::dinars(1_000), "2025-01-01"),
        compte("Épargne", Montant::ZERO, "2025-01-01"),
        propriete("A1"),
        propriete("A2"),
        occupant("Leïla Haddad"),
        occupant("Sami Gharbi"),
        occupation(1, 1),
        occupation(2, 2),
        GrandLivreCommand::Depenses(DepensesCommand::CreerCategorie {
            titre: "Électricité".into(),
            description: None,
        }),
        fournisseur(),
        // Dues 1–4: A1 and A2, January and February.
        cotisation(
            "Charges 2025",
            TypeCotisation::Mensuelle,
            "2025-01-01",
            "2025-02-28",
            40,
        ),
        // Dues 5–6: the works call, 500 DT each.
        cotisation(
            "Ravalement",
            TypeCotisation::Exceptionnelle,
            "2025-06-01",
            "2025-06-30",
            500,
        ),
        encaisser(1, 40, "2025-01-15", MethodePaiement::Espece),
        encaisser(2, 40, "2025-01-16", MethodePaiement::Cheque),
        encaisser(3, 40, "2025-02-15", MethodePaiement::Virement),
        encaisser(5, 500, "2025-06-20", MethodePaiement::Virement),
        GrandLivreCommand::Banque(BanqueCommand::CreerRemise {
            compte_id: 1,
            cheques: vec![2],
            date: date("2025-01-20"),
            reference: None,
            commentaire: None,
        }),
        depense(
            "Électricité T1",
            NatureDepense::Charge,
            Some(1),
            Montant::from_millimes(300_250),
            "2025-03-10",
        ),
        payer(
            1,
            NatureDepense::Charge,
            Montant::dinars(100),
            "2025-03-20",
            MethodePaiementDepense::Espece,
        ),
        payer(
            1,
            NatureDepense::Charge,
            Montant::from_millimes(150_125),
            "2025-03-21",
            MethodePaiementDepense::Virement,
        ),
        depense(
            "Ravalement de façade",
            NatureDepense::Travaux,
            None,
            Montant::dinars(9_000),
            "2025-06-10",
        ),
        payer(
            2,
            NatureDepense::Travaux,
            Montant::dinars(600),
            "2025-07-01",
            MethodePaiementDepense::Virement,
        ),
        operation(TypeOperation::Retrait, Montant::dinars(50), "2025-04-01"),
        operation(
            TypeOperation::Frais,
            Montant::from_millimes(12_400),
            "2025-04-30",
        ),
        operation(
            TypeOperation::Interets,
            Montant::from_millimes(5_600),
            "2025-12-31",
        ),
        GrandLivreCommand::Banque(BanqueCommand::CreerTransfert(DemandeTransfert {
            source: 1,
            destination: 2,
            montant: Montant::dinars(200),
            date: date("2025-09-01"),
            reference: None,
            commentaire: None,
        })),
        encaisser(4, 40, "2026-01-15", MethodePaiement::Espece),
    ]
}

pub fn livres_de(commands: Vec<GrandLivreCommand>) -> (GrandLivre, Livres) {
    rejouer(histoire(commands))
}

pub fn provisoire(annee: i32) -> Contexte {
    Contexte {
        residence: "Les Jasmins".to_owned(),
        annee,
        etat: Etat::Provisoire {
            au: date("2026-11-22"),
        },
        budget: None,
    }
}

pub fn cloture(annee: i32) -> Contexte {
    Contexte {
        residence: "Les Jasmins".to_owned(),
        annee,
        etat: Etat::Cloture {
            le: date("2026-05-12"),
        },
        budget: None,
    }
}

/// The PDF's text, extracted with poppler's `pdftotext -layout` (ops/test installs
/// poppler-utils).
pub fn texte_pdf(pdf: &[u8]) -> String {
    static NUMERO: AtomicUsize = AtomicUsize::new(0);
    let chemin: PathBuf = std::env::temp_dir().join(format!(
        "daftar-rapports-{}-{}.pdf",
        std::process::id(),
        NUMERO.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&chemin, pdf).unwrap();
    let sortie = Command::new("pdftotext")
        .args(["-layout".as_ref(), chemin.as_os_str(), "-".as_ref()])
        .output()
        .expect("pdftotext (poppler-utils) is needed by the PDF tests");
    let _ = std::fs::remove_file(&chemin);
    assert!(sortie.status.success(), "pdftotext failed");
    String::from_utf8(sortie.stdout).unwrap()
}

/// The cells of the xlsx's first sheet, read back with calamine.
pub fn cellules_xlsx(xlsx: &[u8]) -> calamine::Range<calamine::Data> {
    use calamine::Reader;
    let mut classeur: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(xlsx.to_vec())).unwrap();
    classeur.worksheet_range_at(0).unwrap().unwrap()
}

/// The value right of the first cell that reads `libelle` (column `decalage` further).
pub fn a_droite_de(
    cellules: &calamine::Range<calamine::Data>,
    libelle: &str,
    decalage: usize,
) -> Option<calamine::Data> {
    cellules.rows().find_map(|rangee| {
        let index = rangee
            .iter()
            .position(|c| matches!(c, calamine::Data::String(s) if s == libelle))?;
        rangee.get(index + decalage).cloned()
    })
}

/// An entry of a zip (an xlsx is one), read back with the zip crate.
pub fn zip_entree(archive: &[u8], nom: &str) -> Vec<u8> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(archive.to_vec())).unwrap();
    let mut entree = archive.by_name(nom).unwrap();
    let mut octets = Vec::new();
    entree.read_to_end(&mut octets).unwrap();
    octets
}
