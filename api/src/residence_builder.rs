//! A residence described in one fluent call: its users (identity tables), then its books as
//! ledger commands — fiscal years, properties, occupants and occupations, the allocation table,
//! cotisations and their encaissements, bank accounts, their operations, transfers, cheque
//! deposits and pointing, expense categories and suppliers. `daftar demo` and the API tests
//! build their residences with it, so seeding follows the same rules everywhere (an occupant's
//! phone number gives a co-owner sign-in, as through the API).
//!
//! ```no_run
//! # use daftar_api::residence_builder::{OccupationSpec, ResidenceBuilder, Role};
//! # use daftar_domain::occupation::Sexe;
//! # async fn example(db: &daftar_projections::Database) -> anyhow::Result<()> {
//! let debut = chrono::NaiveDate::from_ymd_opt(2019, 2, 1).unwrap_or_default();
//! let built = ResidenceBuilder::new(db, "Résidence Les Oliviers", "Sfax")
//!     .password("motdepasse-solide")
//!     .user("21000001", "Amira Trabelsi", Role::Tresorier)
//!     .exercice(2026)
//!     .propriete("A1")
//!     .occupation(
//!         OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, debut).tel("20000004"),
//!     )
//!     .build()
//!     .await?;
//! assert_eq!(built.proprietes["A1"], 1);
//! # Ok(())
//! # }
//! ```
//!
//! **Idempotent.** Each step is skipped when its result exists: a residence of that name is
//! completed, not duplicated, and a user's phone number, a property's or an occupant's name, an
//! occupation's (property, occupant, start), a cotisation's title, a category's title and a
//! supplier's name identify what exists. Building the same residence again changes nothing, and
//! a build interrupted halfway is completed by the next one: the demo relies on it.
//!
//! **Order.** Users are created first, then the ledger steps run in the order they were given,
//! each as its own command with its own metadata (`acting_user`, `cli:residence-builder` unless
//! [`ResidenceBuilder::acting_user`] says otherwise), as the CLI would run them.
//!
//! **Read models.** The builder only appends to the journal; the caller runs the projector (the
//! demo does) or starts a server, which projects the journal before it listens.

use std::collections::BTreeMap;

use anyhow::{anyhow, bail, Context};
use chrono::NaiveDate;
use daftar_domain::banque::{
    BanqueCommand, CompteBancaireId, DemandeTransfert, FicheCompte, FicheOperation, Mouvement,
    TableMouvement, TypeCompte,
};
use daftar_domain::depenses::{
    CategorieId, DepensesCommand, FicheFournisseur, FournisseurId, TypeFournisseur,
};
use daftar_domain::exercice::{ExerciceCommand, StatutExercice};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::ResidenceId;
use daftar_domain::occupation::{OccupantId, OccupationCommand, Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::{ProprieteCommand, ProprieteId, TypePropriete};
use daftar_domain::revenus::{
    CotisationId, DemandeCotisation, MethodePaiement, MontantDu, MontantDuId, Repartition,
    RevenusCommand, RevenusEvent, TypeCotisation,
};
use daftar_domain::Montant;
use daftar_projections::{CommandMetadata, Committed, Database, Ledger};
use rust_decimal::Decimal;
use sqlx::Row;

use crate::identity::{self, NewUser, Tel};
use crate::ledger::ledger_error;
use crate::routes::occupants::sign_in;

mod budgets;
mod contrats;
mod depenses;
mod exercices;
mod salaires;

pub use budgets::BudgetSpec;
pub use contrats::{ClientSpec, ContratSpec, RevenuExceptionnelSpec};
pub use depenses::DepenseSpec;
pub use exercices::ClotureSpec;
pub use salaires::{ChargePatronaleSpec, SalarieSpec};

/// A user's place in the residence: the council's president and treasurer, a council member,
/// or a co-owner outside the council.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    President,
    Tresorier,
    Membre,
    Coproprietaire,
}

impl Role {
    /// (is_syndic, is_finance, is_president)
    fn flags(self) -> (bool, bool, bool) {
        match self {
            Role::President => (true, false, true),
            Role::Tresorier => (true, true, false),
            Role::Membre => (true, false, false),
            Role::Coproprietaire => (false, false, false),
        }
    }
}

/// A property to register; `"A1".into()` is an apartment without surface or description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProprieteSpec {
    nom: String,
    type_propriete: TypePropriete,
    surface: Option<Decimal>,
    description: Option<String>,
}

impl ProprieteSpec {
    pub fn new(nom: &str, type_propriete: TypePropriete) -> Self {
        Self {
            nom: nom.to_owned(),
            type_propriete,
            surface: None,
            description: None,
        }
    }

    /// Square metres.
    pub fn surface(mut self, surface: Decimal) -> Self {
        self.surface = Some(surface);
        self
    }

    pub fn description(mut self, description: &str) -> Self {
        self.description = Some(description.to_owned());
        self
    }
}

impl From<&str> for ProprieteSpec {
    fn from(nom: &str) -> Self {
        ProprieteSpec::new(nom, TypePropriete::Appartement)
    }
}

impl From<(&str, TypePropriete)> for ProprieteSpec {
    fn from((nom, type_propriete): (&str, TypePropriete)) -> Self {
        ProprieteSpec::new(nom, type_propriete)
    }
}

/// A period of an occupant in a property, named by their names. The occupant is created the
/// first time its name appears (with the phone number and sex given then); paying by default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OccupationSpec {
    propriete: String,
    occupant: String,
    tel: Option<String>,
    sexe: Sexe,
    type_occupation: TypeOccupation,
    date_debut: NaiveDate,
    date_fin: Option<NaiveDate>,
    is_payer: bool,
}

impl OccupationSpec {
    pub fn new(
        type_occupation: TypeOccupation,
        propriete: &str,
        occupant: &str,
        sexe: Sexe,
        date_debut: NaiveDate,
    ) -> Self {
        Self {
            propriete: propriete.to_owned(),
            occupant: occupant.to_owned(),
            tel: None,
            sexe,
            type_occupation,
            date_debut,
            date_fin: None,
            is_payer: true,
        }
    }

    pub fn proprietaire(
        propriete: &str,
        occupant: &str,
        sexe: Sexe,
        date_debut: NaiveDate,
    ) -> Self {
        Self::new(
            TypeOccupation::Proprietaire,
            propriete,
            occupant,
            sexe,
            date_debut,
        )
    }

    pub fn locataire(propriete: &str, occupant: &str, sexe: Sexe, date_debut: NaiveDate) -> Self {
        Self::new(
            TypeOccupation::Locataire,
            propriete,
            occupant,
            sexe,
            date_debut,
        )
    }

    /// The occupant's phone number: also a co-owner sign-in of the residence (without
    /// password) unless a user of the residence has it.
    pub fn tel(mut self, tel: &str) -> Self {
        self.tel = Some(tel.to_owned());
        self
    }

    /// The last day of the period (none: still current).
    pub fn fin(mut self, date_fin: NaiveDate) -> Self {
        self.date_fin = Some(date_fin);
        self
    }

    /// An occupant who does not pay the property's dues (a co-owner beside the payer).
    pub fn non_payeur(mut self) -> Self {
        self.is_payer = false;
        self
    }
}

/// One montant dû of a cotisation, as an encaissement rule sees it.
#[derive(Debug, Clone, Copy)]
pub struct Du<'a> {
    pub montant_du_id: MontantDuId,
    /// Its rank among the cotisation's dues (0, 1, 2… in the order of their ids).
    pub rang: usize,
    /// The name of the property that owes it.
    pub propriete: &'a str,
    pub montant_du: &'a MontantDu,
    pub restant_du: Montant,
}

/// Decides the payment of one montant dû, or none.
pub type RegleEncaissement =
    Box<dyn Fn(&Du<'_>) -> Option<Paiement<MethodePaiement>> + Send + Sync>;

/// A cotisation to launch (split by the allocation table unless told otherwise), and the
/// payments to record on its dues once launched.
pub struct CotisationSpec {
    demande: DemandeCotisation,
    /// A custom split's amounts by property name.
    personnalisation: Vec<(String, Montant)>,
    encaissements: Option<RegleEncaissement>,
    encaissement_annule: Option<RegleEncaissement>,
}

impl CotisationSpec {
    /// Calls from `date_debut` to `date_fin`, the first one due on `date_echeance` (see
    /// [`daftar_domain::revenus`]), of the amounts of the residence's allocation table.
    pub fn new(
        titre: &str,
        type_cotisation: TypeCotisation,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        date_echeance: NaiveDate,
    ) -> Self {
        Self {
            demande: DemandeCotisation {
                titre: titre.to_owned(),
                type_cotisation,
                repartition: Repartition::Predefinie,
                date_debut,
                date_fin,
                date_echeance,
                montant: None,
                personnalisation: Vec::new(),
            },
            personnalisation: Vec::new(),
            encaissements: None,
            encaissement_annule: None,
        }
    }

    /// The same `montant` for every property, per call.
    pub fn egale(mut self, montant: Montant) -> Self {
        self.demande.repartition = Repartition::Egale;
        self.demande.montant = Some(montant);
        self
    }

    /// An amount for each property, by name.
    pub fn personnalisee<'n>(
        mut self,
        montants: impl IntoIterator<Item = (&'n str, Montant)>,
    ) -> Self {
        self.demande.repartition = Repartition::Personnalisee;
        self.personnalisation = par_nom(montants);
        self
    }

    /// Once the cotisation is launched, records on each of its dues (in id order) the payment
    /// `regle` gives it, if any.
    pub fn encaissements(
        mut self,
        regle: impl Fn(&Du<'_>) -> Option<Paiement<MethodePaiement>> + Send + Sync + 'static,
    ) -> Self {
        self.encaissements = Some(Box::new(regle));
        self
    }

    /// Then records the payment `regle` gives the first due it gives one, and cancels it (a
    /// payment entered by mistake: its receipt number stays a visible gap).
    pub fn encaissement_annule(
        mut self,
        regle: impl Fn(&Du<'_>) -> Option<Paiement<MethodePaiement>> + Send + Sync + 'static,
    ) -> Self {
        self.encaissement_annule = Some(Box::new(regle));
        self
    }
}

/// A bank account to create (unless the residence has an account of that libellé).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompteBancaireSpec {
    libelle: String,
    banque: String,
    type_compte: TypeCompte,
    adresse_agence: Option<String>,
    rib: Option<String>,
    iban: Option<String>,
    is_main: bool,
    solde_initial: Montant,
    /// The builder's day when not given.
    date_solde_initial: Option<NaiveDate>,
}

impl CompteBancaireSpec {
    pub fn new(libelle: &str, banque: &str, type_compte: TypeCompte) -> Self {
        Self {
            libelle: libelle.to_owned(),
            banque: banque.to_owned(),
            type_compte,
            adresse_agence: None,
            rib: None,
            iban: None,
            is_main: false,
            solde_initial: Montant::ZERO,
            date_solde_initial: None,
        }
    }

    /// Declared main (the first account is main anyway).
    pub fn principal(mut self) -> Self {
        self.is_main = true;
        self
    }

    pub fn adresse_agence(mut self, adresse: &str) -> Self {
        self.adresse_agence = Some(adresse.to_owned());
        self
    }

    pub fn rib(mut self, rib: &str) -> Self {
        self.rib = Some(rib.to_owned());
        self
    }

    pub fn iban(mut self, iban: &str) -> Self {
        self.iban = Some(iban.to_owned());
        self
    }

    /// The balance on `date`, when the books start following the account (its exercice must
    /// be open when the amount is not zero).
    pub fn solde_initial(mut self, montant: Montant, date: NaiveDate) -> Self {
        self.solde_initial = montant;
        self.date_solde_initial = Some(date);
        self
    }
}

/// An expense category to create (unless the residence has one of that title).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategorieSpec {
    titre: String,
    description: Option<String>,
}

impl CategorieSpec {
    pub fn new(titre: &str) -> Self {
        Self {
            titre: titre.to_owned(),
            description: None,
        }
    }

    pub fn description(mut self, description: &str) -> Self {
        self.description = Some(description.to_owned());
        self
    }
}

impl From<&str> for CategorieSpec {
    fn from(titre: &str) -> Self {
        CategorieSpec::new(titre)
    }
}

/// A supplier to create (unless the residence has one of that name); a person by default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FournisseurSpec {
    fiche: FicheFournisseur,
}

impl FournisseurSpec {
    pub fn new(nom: &str, type_fournisseur: TypeFournisseur) -> Self {
        Self {
            fiche: FicheFournisseur {
                nom: nom.to_owned(),
                tel: None,
                type_fournisseur,
                email: None,
                adresse: None,
                ville: None,
                gouvernorat: None,
                activite: None,
                identifiant: None,
                commentaire: None,
            },
        }
    }

    /// A company.
    pub fn entreprise(nom: &str) -> Self {
        Self::new(nom, TypeFournisseur::Entreprise)
    }

    /// A person (a craftsman).
    pub fn particulier(nom: &str) -> Self {
        Self::new(nom, TypeFournisseur::Particulier)
    }

    /// 8 digits.
    pub fn tel(mut self, tel: &str) -> Self {
        self.fiche.tel = Some(tel.to_owned());
        self
    }

    pub fn email(mut self, email: &str) -> Self {
        self.fiche.email = Some(email.to_owned());
        self
    }

    pub fn adresse(mut self, adresse: &str) -> Self {
        self.fiche.adresse = Some(adresse.to_owned());
        self
    }

    /// The town and its governorate (by name, among [`daftar_domain::depenses::GOUVERNORATS`];
    /// an unknown name leaves the governorate out and the domain never sees it).
    pub fn ville(mut self, ville: &str, gouvernorat: &str) -> Self {
        self.fiche.ville = Some(ville.to_owned());
        self.fiche.gouvernorat = (1..)
            .zip(daftar_domain::depenses::GOUVERNORATS)
            .find(|(_, nom)| *nom == gouvernorat)
            .map(|(id, _)| id);
        self
    }

    pub fn activite(mut self, activite: &str) -> Self {
        self.fiche.activite = Some(activite.to_owned());
        self
    }

    /// The tax or trade identifier (matricule fiscal).
    pub fn identifiant(mut self, identifiant: &str) -> Self {
        self.fiche.identifiant = Some(identifiant.to_owned());
        self
    }

    pub fn commentaire(mut self, commentaire: &str) -> Self {
        self.fiche.commentaire = Some(commentaire.to_owned());
        self
    }
}

/// A pending cheque, as a deposit rule sees it.
#[derive(Debug, Clone, Copy)]
pub struct ChequeEnAttente {
    pub encaissement_id: i64,
    pub montant: Montant,
    pub date: NaiveDate,
}

/// Decides whether a deposit takes a pending cheque.
pub type RegleRemise = Box<dyn Fn(&ChequeEnAttente) -> bool + Send + Sync>;

/// The bank steps, accounts named by their libellé.
enum EtapeBanque {
    Compte(CompteBancaireSpec),
    Operation {
        compte: String,
        fiche: FicheOperation,
    },
    Transfert {
        source: String,
        destination: String,
        montant: Montant,
        date: NaiveDate,
        reference: Option<String>,
    },
    Remise {
        compte: String,
        date: NaiveDate,
        reference: String,
        regle: RegleRemise,
    },
    Pointage {
        compte: String,
        jusqu_au: NaiveDate,
        delai: chrono::Days,
    },
}

struct UserSpec {
    tel: String,
    nom: String,
    role: Role,
    is_registration_finalized: bool,
}

enum Step {
    OuvrirExercice(i32),
    CloturerExercice(i32),
    Cloture(Box<ClotureSpec>),
    Propriete(ProprieteSpec),
    Occupation(OccupationSpec),
    Repartition(Vec<(String, Montant)>),
    Cotisation(CotisationSpec),
    Banque(EtapeBanque),
    Depense(Box<DepenseSpec>),
    Categorie(CategorieSpec),
    Fournisseur(FournisseurSpec),
    Salarie(Box<SalarieSpec>),
    ChargePatronale(ChargePatronaleSpec),
    Client(ClientSpec),
    Contrat(Box<ContratSpec>),
    RevenuExceptionnel(Box<RevenuExceptionnelSpec>),
    Budget(BudgetSpec),
}

/// Describes a residence; [`ResidenceBuilder::build`] makes it so.
pub struct ResidenceBuilder {
    db: Database,
    nom: String,
    ville: String,
    adresse: Option<String>,
    password: Option<String>,
    acting_user: String,
    aujourd_hui: Option<NaiveDate>,
    users: Vec<UserSpec>,
    steps: Vec<Step>,
}

/// What a build left: the residence and the ids of what the builder was given, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltResidence {
    pub residence_id: i64,
    /// Whether this build created the residence (otherwise it existed and was completed).
    pub created: bool,
    /// User ids by phone number: the users given and the sign-ins occupants' numbers gave.
    pub users: BTreeMap<String, i64>,
    pub proprietes: BTreeMap<String, ProprieteId>,
    pub occupants: BTreeMap<String, OccupantId>,
    pub cotisations: BTreeMap<String, CotisationId>,
    /// Bank account ids by libellé.
    pub comptes_bancaires: BTreeMap<String, CompteBancaireId>,
    /// Expense category ids by title.
    pub categories: BTreeMap<String, CategorieId>,
    /// Supplier ids by name.
    pub fournisseurs: BTreeMap<String, FournisseurId>,
}

impl ResidenceBuilder {
    pub fn new(db: &Database, nom: &str, ville: &str) -> Self {
        Self {
            db: db.clone(),
            nom: nom.to_owned(),
            ville: ville.to_owned(),
            adresse: None,
            password: None,
            acting_user: "cli:residence-builder".to_owned(),
            aujourd_hui: None,
            users: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// The residence's street address (printed on its receipts).
    pub fn adresse(mut self, adresse: &str) -> Self {
        self.adresse = Some(adresse.to_owned());
        self
    }

    /// The password of the users given with [`ResidenceBuilder::user`] (none by default: they
    /// cannot sign in until one is set).
    pub fn password(mut self, password: &str) -> Self {
        self.password = Some(password.to_owned());
        self
    }

    /// The `acting_user` stored with every event (`cli:demo` for the demo).
    pub fn acting_user(mut self, acting_user: &str) -> Self {
        self.acting_user = acting_user.to_owned();
        self
    }

    /// The date collections are recorded on (no payment may be dated after it); today in
    /// Tunisia by default.
    pub fn aujourd_hui(mut self, aujourd_hui: NaiveDate) -> Self {
        self.aujourd_hui = Some(aujourd_hui);
        self
    }

    /// A user whose first-login profile is completed.
    pub fn user(self, tel: &str, nom: &str, role: Role) -> Self {
        self.add_user(tel, nom, role, true)
    }

    /// A user whose first-login profile is still to complete.
    pub fn user_a_finaliser(self, tel: &str, nom: &str, role: Role) -> Self {
        self.add_user(tel, nom, role, false)
    }

    fn add_user(mut self, tel: &str, nom: &str, role: Role, finalized: bool) -> Self {
        self.users.push(UserSpec {
            tel: tel.to_owned(),
            nom: nom.to_owned(),
            role,
            is_registration_finalized: finalized,
        });
        self
    }

    /// Opens the fiscal year `annee`.
    pub fn exercice(mut self, annee: i32) -> Self {
        self.steps.push(Step::OuvrirExercice(annee));
        self
    }

    /// Opens the fiscal year `annee` (unless open) and closes it.
    pub fn exercice_cloture(mut self, annee: i32) -> Self {
        self.steps.push(Step::OuvrirExercice(annee));
        self.steps.push(Step::CloturerExercice(annee));
        self
    }

    /// Closes a year as the treasurer does: on a given day, with its closing pack rendered and
    /// recorded, and the files uploaded at closing.
    pub fn cloture(mut self, cloture: ClotureSpec) -> Self {
        self.steps.push(Step::Cloture(Box::new(cloture)));
        self
    }

    /// Registers a property; ids follow the order of registration (1, 2, 3…).
    pub fn propriete(mut self, propriete: impl Into<ProprieteSpec>) -> Self {
        self.steps.push(Step::Propriete(propriete.into()));
        self
    }

    /// Adds an occupation (creating its occupant first if needed).
    pub fn occupation(mut self, occupation: OccupationSpec) -> Self {
        self.steps.push(Step::Occupation(occupation));
        self
    }

    /// Sets the allocation table (amounts by property name) when the residence has none yet.
    pub fn repartition<'n>(
        mut self,
        montants: impl IntoIterator<Item = (&'n str, Montant)>,
    ) -> Self {
        self.steps.push(Step::Repartition(par_nom(montants)));
        self
    }

    /// Launches a cotisation and records its encaissements, unless one has its title.
    pub fn cotisation(mut self, cotisation: CotisationSpec) -> Self {
        self.steps.push(Step::Cotisation(cotisation));
        self
    }

    /// Creates a bank account unless one has its libellé. Create it before the collections that
    /// should land on it: a transfer or bank deposit goes to the main account of its day.
    pub fn compte_bancaire(mut self, compte: CompteBancaireSpec) -> Self {
        self.steps.push(Step::Banque(EtapeBanque::Compte(compte)));
        self
    }

    /// Records an operation on the account of libellé `compte`, unless it has one of that type,
    /// libellé, date and amount.
    pub fn operation_bancaire(mut self, compte: &str, fiche: FicheOperation) -> Self {
        self.steps.push(Step::Banque(EtapeBanque::Operation {
            compte: compte.to_owned(),
            fiche,
        }));
        self
    }

    /// Records a transfer between two accounts (by libellé), unless one of that amount on that
    /// day between them exists.
    pub fn transfert(
        mut self,
        (source, destination): (&str, &str),
        montant: Montant,
        date: NaiveDate,
        reference: Option<&str>,
    ) -> Self {
        self.steps.push(Step::Banque(EtapeBanque::Transfert {
            source: source.to_owned(),
            destination: destination.to_owned(),
            montant,
            date,
            reference: reference.map(str::to_owned),
        }));
        self
    }

    /// Deposits onto the account of libellé `compte`, on `date`, the pending cheques received
    /// by then that `regle` picks, unless the account has a deposit of that day (or no cheque
    /// is picked).
    pub fn remise_cheques(
        mut self,
        compte: &str,
        date: NaiveDate,
        reference: &str,
        regle: impl Fn(&ChequeEnAttente) -> bool + Send + Sync + 'static,
    ) -> Self {
        self.steps.push(Step::Banque(EtapeBanque::Remise {
            compte: compte.to_owned(),
            date,
            reference: reference.to_owned(),
            regle: Box::new(regle),
        }));
        self
    }

    /// Points every movement of the account of libellé `compte` dated until `jusqu_au` and not
    /// pointed yet, as booked by the bank `delai_jours` after its date.
    pub fn pointage(mut self, compte: &str, jusqu_au: NaiveDate, delai_jours: u64) -> Self {
        self.steps.push(Step::Banque(EtapeBanque::Pointage {
            compte: compte.to_owned(),
            jusqu_au,
            delai: chrono::Days::new(delai_jours),
        }));
        self
    }

    /// Creates an expense category unless one has its title.
    pub fn categorie(mut self, categorie: impl Into<CategorieSpec>) -> Self {
        self.steps.push(Step::Categorie(categorie.into()));
        self
    }

    /// Creates a supplier unless one has its name.
    pub fn fournisseur(mut self, fournisseur: FournisseurSpec) -> Self {
        self.steps.push(Step::Fournisseur(fournisseur));
        self
    }

    /// Records a charge or works item (its supplier and category, named, created by earlier
    /// steps) with its files and payments, unless one of its nature, title and invoice date
    /// exists.
    pub fn depense(mut self, depense: DepenseSpec) -> Self {
        self.steps.push(Step::Depense(Box::new(depense)));
        self
    }

    /// Records an employee with its salary payments (unless one of its name exists: then only
    /// the payments not yet recorded).
    pub fn salarie(mut self, salarie: SalarieSpec) -> Self {
        self.steps.push(Step::Salarie(Box::new(salarie)));
        self
    }

    /// Records an employer-charge payment, unless one of its title exists.
    pub fn charge_patronale(mut self, charge: ChargePatronaleSpec) -> Self {
        self.steps.push(Step::ChargePatronale(charge));
        self
    }

    /// Creates a client unless one has its name.
    pub fn client(mut self, client: ClientSpec) -> Self {
        self.steps.push(Step::Client(client));
        self
    }

    /// Records a contract of either side (its client, or supplier and category, named and
    /// created by earlier steps) with its payments, unless one of its title and start exists.
    pub fn contrat(mut self, contrat: ContratSpec) -> Self {
        self.steps.push(Step::Contrat(Box::new(contrat)));
        self
    }

    /// Records an exceptional revenue unless one of its title and date exists.
    pub fn revenu_exceptionnel(mut self, revenu: RevenuExceptionnelSpec) -> Self {
        self.steps.push(Step::RevenuExceptionnel(Box::new(revenu)));
        self
    }

    /// Sets a fiscal year's budget (its year opened and its categories created by earlier
    /// steps), unless it already says so.
    pub fn budget(mut self, budget: BudgetSpec) -> Self {
        self.steps.push(Step::Budget(budget));
        self
    }

    /// Creates or completes the residence.
    pub async fn build(self) -> anyhow::Result<BuiltResidence> {
        let (residence_id, created) = self.residence().await?;
        let residence = ResidenceId(residence_id);
        let mut users = BTreeMap::new();
        for user in &self.users {
            let id = self
                .ensure_user(residence_id, user)
                .await
                .with_context(|| format!("user {}", user.tel))?;
            users.insert(user.tel.clone(), id);
        }
        let books = Books {
            db: self.db.clone(),
            ledger: Ledger::new(self.db.clone(), ()),
            residence,
            acting_user: self.acting_user,
            aujourd_hui: self
                .aujourd_hui
                .unwrap_or_else(|| crate::clock::Clock::system().today()),
        };
        let (mut proprietes, mut occupants, mut cotisations) = (vec![], vec![], vec![]);
        let mut comptes_bancaires = vec![];
        let (mut categories, mut fournisseurs) = (vec![], vec![]);
        for step in self.steps {
            match step {
                Step::OuvrirExercice(annee) => books.ouvrir_exercice(annee).await?,
                Step::CloturerExercice(annee) => books.cloturer_exercice(annee).await?,
                Step::Cloture(cloture) => books.cloture(*cloture).await?,
                Step::Propriete(propriete) => {
                    proprietes.push(propriete.nom.clone());
                    books.propriete(propriete).await?;
                }
                Step::Occupation(occupation) => {
                    occupants.push((occupation.occupant.clone(), occupation.tel.clone()));
                    books.occupation(occupation).await?;
                }
                Step::Repartition(montants) => books.repartition(montants).await?,
                Step::Cotisation(cotisation) => {
                    cotisations.push(cotisation.demande.titre.clone());
                    books.cotisation(cotisation).await?;
                }
                Step::Banque(etape) => {
                    if let EtapeBanque::Compte(compte) = &etape {
                        comptes_bancaires.push(compte.libelle.clone());
                    }
                    books.banque(etape).await?;
                }
                Step::Depense(depense) => books.depense(*depense).await?,
                Step::Salarie(salarie) => books.salarie(*salarie).await?,
                Step::ChargePatronale(charge) => books.charge_patronale(charge).await?,
                Step::Categorie(categorie) => {
                    categories.push(categorie.titre.clone());
                    books.categorie(categorie).await?;
                }
                Step::Fournisseur(fournisseur) => {
                    fournisseurs.push(fournisseur.fiche.nom.clone());
                    books.fournisseur(fournisseur).await?;
                }
                Step::Client(client) => books.client(client).await?,
                Step::Contrat(contrat) => books.contrat(*contrat).await?,
                Step::RevenuExceptionnel(revenu) => books.revenu_exceptionnel(*revenu).await?,
                Step::Budget(budget) => books.budget(budget).await?,
            }
        }

        let livre = books.state().await?;
        let mut built = BuiltResidence {
            residence_id,
            created,
            users,
            proprietes: BTreeMap::new(),
            occupants: BTreeMap::new(),
            cotisations: BTreeMap::new(),
            comptes_bancaires: BTreeMap::new(),
            categories: BTreeMap::new(),
            fournisseurs: BTreeMap::new(),
        };
        for libelle in comptes_bancaires {
            if let Some(id) = compte_bancaire_id(&livre, &libelle) {
                built.comptes_bancaires.insert(libelle, id);
            }
        }
        let (ids_categories, ids_fournisseurs) = (
            par_nom_depenses(&livre, ListeDepenses::Categories),
            par_nom_depenses(&livre, ListeDepenses::Fournisseurs),
        );
        for titre in categories {
            if let Some(id) = ids_categories.get(&titre) {
                built.categories.insert(titre, *id);
            }
        }
        for nom in fournisseurs {
            if let Some(id) = ids_fournisseurs.get(&nom) {
                built.fournisseurs.insert(nom, *id);
            }
        }
        for nom in proprietes {
            if let Some(id) = livre.proprietes.id_par_nom(&nom) {
                built.proprietes.insert(nom, id);
            }
        }
        for (nom, tel) in occupants {
            if let Some(id) = occupant_id(&livre, &nom) {
                built.occupants.insert(nom, id);
            }
            if let Some(tel) = tel {
                if let Some(user) = identity::find_user_by_tel(&self.db, &Tel::parse(&tel)?).await?
                {
                    built.users.insert(tel, user.id);
                }
            }
        }
        for titre in cotisations {
            if let Some(id) = cotisation_id(&livre, &titre) {
                built.cotisations.insert(titre, id);
            }
        }
        Ok(built)
    }

    /// The residence of this name (the first one), or a new one.
    async fn residence(&self) -> anyhow::Result<(i64, bool)> {
        let existing = sqlx::query("SELECT id FROM residences WHERE nom = $1 ORDER BY id LIMIT 1")
            .bind(&self.nom)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(match existing {
            Some(row) => (row.try_get::<i64, _>("id")?, false),
            None => {
                let id = identity::create_residence(&self.db, &self.nom, &self.ville).await?;
                if let Some(adresse) = &self.adresse {
                    identity::set_residence_address(&self.db, id, adresse).await?;
                }
                (id, true)
            }
        })
    }

    /// The user with this phone number, created unless it exists in this residence.
    async fn ensure_user(&self, residence_id: i64, user: &UserSpec) -> anyhow::Result<i64> {
        if let Some(existing) =
            identity::find_user_by_tel(&self.db, &Tel::parse(&user.tel)?).await?
        {
            if existing.residence_id != residence_id {
                bail!(
                    "a user of residence {} has this number",
                    existing.residence_id
                );
            }
            return Ok(existing.id);
        }
        let (is_syndic, is_finance, is_president) = user.role.flags();
        let id = identity::add_user(
            &self.db,
            NewUser {
                residence_id,
                tel: user.tel.clone(),
                nom: user.nom.clone(),
                password: self.password.clone(),
                is_syndic,
                is_finance,
                is_president,
                is_registration_finalized: user.is_registration_finalized,
            },
        )
        .await?;
        Ok(id)
    }
}

/// The residence's ledger, as the builder writes it.
struct Books {
    db: Database,
    ledger: Ledger<GrandLivre>,
    residence: ResidenceId,
    acting_user: String,
    aujourd_hui: NaiveDate,
}

impl Books {
    async fn state(&self) -> anyhow::Result<GrandLivre> {
        self.ledger
            .current(&self.residence.stream_id())
            .await
            .map_err(|error| anyhow!("reading the ledger: {}", ledger_error(error)))
    }

    async fn execute(
        &self,
        command: impl Into<GrandLivreCommand>,
    ) -> anyhow::Result<Committed<GrandLivre>> {
        let command = command.into();
        let metadata = CommandMetadata {
            acting_user: self.acting_user.clone(),
            request_id: uuid::Uuid::new_v4().to_string(),
        };
        self.ledger
            .execute(&self.residence.stream_id(), command.clone(), &metadata)
            .await
            .map_err(|error| anyhow!("{command:?} refused: {}", ledger_error(error)))
    }

    async fn ouvrir_exercice(&self, annee: i32) -> anyhow::Result<()> {
        if self.state().await?.exercices.statut(annee).is_none() {
            self.execute(ExerciceCommand::OuvrirExercice { annee })
                .await?;
        }
        Ok(())
    }

    async fn cloturer_exercice(&self, annee: i32) -> anyhow::Result<()> {
        if self.state().await?.exercices.statut(annee) != Some(StatutExercice::Cloture) {
            self.execute(ExerciceCommand::cloturer(annee)).await?;
        }
        Ok(())
    }

    async fn propriete(&self, propriete: ProprieteSpec) -> anyhow::Result<()> {
        if !self.state().await?.proprietes.nom_pris(&propriete.nom) {
            self.execute(ProprieteCommand::EnregistrerPropriete {
                nom: propriete.nom,
                type_propriete: propriete.type_propriete,
                surface: propriete.surface,
                description: propriete.description,
            })
            .await?;
        }
        Ok(())
    }

    async fn occupation(&self, occupation: OccupationSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        let propriete_id = propriete_id(&livre, &occupation.propriete)?;
        let occupant_id = match occupant_id(&livre, &occupation.occupant) {
            Some(id) => id,
            None => {
                let residence_id = self.residence.0;
                let tel = occupation.tel.as_deref();
                let sign_in = sign_in::check(&self.db, residence_id, tel)
                    .await
                    .map_err(|error| anyhow!("occupant {}: {error}", occupation.occupant))?;
                self.execute(OccupationCommand::CreerOccupant {
                    nom: occupation.occupant.clone(),
                    tel: occupation.tel.clone(),
                    email: None,
                    sexe: occupation.sexe,
                })
                .await?;
                sign_in::grant(&self.db, residence_id, tel, &occupation.occupant, sign_in)
                    .await
                    .map_err(|error| anyhow!("occupant {}: {error}", occupation.occupant))?;
                livre.occupancy.prochain_occupant_id()
            }
        };
        let exists = livre.occupancy.occupations().any(|(_, o)| {
            o.propriete_id == propriete_id
                && o.occupant_id == occupant_id
                && o.date_debut == occupation.date_debut
        });
        if !exists {
            self.execute(OccupationCommand::AjouterOccupation {
                propriete_id,
                occupant_id,
                type_occupation: occupation.type_occupation,
                date_debut: occupation.date_debut,
                date_fin: occupation.date_fin,
                is_payer: occupation.is_payer,
            })
            .await?;
        }
        Ok(())
    }

    async fn repartition(&self, montants: Vec<(String, Montant)>) -> anyhow::Result<()> {
        let livre = self.state().await?;
        if livre.revenus.repartition().is_empty() {
            let repartitions = par_propriete(&livre, montants)?;
            self.execute(RevenusCommand::ModifierRepartition { repartitions })
                .await?;
        }
        Ok(())
    }

    async fn cotisation(&self, cotisation: CotisationSpec) -> anyhow::Result<()> {
        let CotisationSpec {
            mut demande,
            personnalisation,
            encaissements,
            encaissement_annule,
        } = cotisation;
        let titre = demande.titre.clone();
        let livre = self.state().await?;
        if cotisation_id(&livre, &titre).is_some() {
            return Ok(());
        }
        demande.personnalisation = par_propriete(&livre, personnalisation)?;
        self.execute(RevenusCommand::LancerCotisation(demande))
            .await?;
        let cotisation_id = cotisation_id(&self.state().await?, &titre)
            .with_context(|| format!("cotisation {titre} not found once launched"))?;

        if let Some(regle) = &encaissements {
            for paiement in self.paiements(cotisation_id, regle).await? {
                self.encaisser(paiement).await?;
            }
        }
        if let Some(regle) = &encaissement_annule {
            let paiements = self.paiements(cotisation_id, regle).await?;
            if let Some(paiement) = paiements.into_iter().next() {
                let encaissement_id = self.encaisser(paiement).await?;
                self.execute(RevenusCommand::AnnulerEncaissement { encaissement_id })
                    .await?;
            }
        }
        Ok(())
    }

    /// The payments `regle` gives the cotisation's dues, in the order of their ids, from the
    /// ledger as it is now.
    async fn paiements(
        &self,
        cotisation_id: CotisationId,
        regle: &RegleEncaissement,
    ) -> anyhow::Result<Vec<(MontantDuId, Paiement<MethodePaiement>)>> {
        let livre = self.state().await?;
        let mut paiements = Vec::new();
        for (rang, (montant_du_id, montant_du)) in
            livre.revenus.montants_dus_de(cotisation_id).enumerate()
        {
            let propriete = livre
                .proprietes
                .get(montant_du.propriete_id)
                .with_context(|| format!("montant dû {montant_du_id} of an unknown property"))?;
            let du = Du {
                montant_du_id,
                rang,
                propriete: &propriete.nom,
                montant_du,
                restant_du: livre
                    .revenus
                    .restant_du(montant_du_id)
                    .unwrap_or(montant_du.montant),
            };
            if let Some(paiement) = regle(&du) {
                paiements.push((montant_du_id, paiement));
            }
        }
        Ok(paiements)
    }

    /// Records one payment; returns its encaissement id.
    async fn encaisser(
        &self,
        (montant_du_id, paiement): (MontantDuId, Paiement<MethodePaiement>),
    ) -> anyhow::Result<i64> {
        let command = RevenusCommand::EncaisserMontantDu {
            montant_du_id,
            paiement,
            aujourd_hui: self.aujourd_hui,
        };
        for event in self.execute(command).await?.events {
            if let GrandLivreEvent::Revenus(RevenusEvent::EncaissementEnregistre {
                encaissement_id,
                ..
            }) = event.payload
            {
                return Ok(encaissement_id);
            }
        }
        bail!("montant dû {montant_du_id} collected without an encaissement")
    }
}

impl Books {
    async fn banque(&self, etape: EtapeBanque) -> anyhow::Result<()> {
        let livre = self.state().await?;
        let compte = |libelle: &str| {
            compte_bancaire_id(&livre, libelle)
                .with_context(|| format!("no bank account named {libelle}"))
        };
        let banque = &livre.banque;
        let command = match etape {
            EtapeBanque::Compte(spec) => {
                if compte_bancaire_id(&livre, &spec.libelle).is_some() {
                    return Ok(());
                }
                BanqueCommand::CreerCompte {
                    fiche: FicheCompte {
                        libelle: spec.libelle,
                        banque: spec.banque,
                        type_compte: spec.type_compte,
                        adresse_agence: spec.adresse_agence,
                        rib: spec.rib,
                        swift: None,
                        iban: spec.iban,
                        commentaire: None,
                        is_main: spec.is_main,
                        solde_initial: spec.solde_initial,
                        date_solde_initial: spec.date_solde_initial.unwrap_or(self.aujourd_hui),
                    },
                }
            }
            EtapeBanque::Operation { compte: nom, fiche } => {
                let compte_id = compte(&nom)?;
                let exists = banque.operations().any(|(_, o)| {
                    o.compte_id == compte_id
                        && o.fiche.type_operation == fiche.type_operation
                        && o.fiche.libelle == fiche.libelle
                        && o.fiche.date == fiche.date
                        && o.fiche.montant == fiche.montant
                });
                if exists {
                    return Ok(());
                }
                BanqueCommand::CreerOperation { compte_id, fiche }
            }
            EtapeBanque::Transfert {
                source,
                destination,
                montant,
                date,
                reference,
            } => {
                let (source, destination) = (compte(&source)?, compte(&destination)?);
                let exists = banque.transferts().any(|(_, t)| {
                    (t.source, t.destination, t.montant, t.date)
                        == (source, destination, montant, date)
                });
                if exists {
                    return Ok(());
                }
                BanqueCommand::CreerTransfert(DemandeTransfert {
                    source,
                    destination,
                    montant,
                    date,
                    reference,
                    commentaire: None,
                })
            }
            EtapeBanque::Remise {
                compte: nom,
                date,
                reference,
                regle,
            } => {
                let compte_id = compte(&nom)?;
                if banque
                    .remises()
                    .any(|(_, r)| r.compte_id == compte_id && r.date == date)
                {
                    return Ok(());
                }
                let cheques: Vec<i64> = cheques_en_attente(&livre)
                    .filter(|cheque| cheque.date <= date && regle(cheque))
                    .map(|cheque| cheque.encaissement_id)
                    .collect();
                if cheques.is_empty() {
                    return Ok(());
                }
                BanqueCommand::CreerRemise {
                    compte_id,
                    cheques,
                    date,
                    reference: Some(reference),
                    commentaire: None,
                }
            }
            EtapeBanque::Pointage {
                compte: nom,
                jusqu_au,
                delai,
            } => {
                let compte_id = compte(&nom)?;
                for (mouvement, date) in mouvements(&livre, compte_id) {
                    if date <= jusqu_au && banque.date_banque(mouvement).is_none() {
                        self.execute(BanqueCommand::Pointer {
                            mouvement,
                            date_banque: Some(date + delai),
                        })
                        .await?;
                    }
                }
                return Ok(());
            }
        };
        self.execute(command).await?;
        Ok(())
    }
}

impl Books {
    async fn categorie(&self, categorie: CategorieSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        if !par_nom_depenses(&livre, ListeDepenses::Categories).contains_key(&categorie.titre) {
            self.execute(DepensesCommand::CreerCategorie {
                titre: categorie.titre,
                description: categorie.description,
            })
            .await?;
        }
        Ok(())
    }

    async fn fournisseur(&self, fournisseur: FournisseurSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        if !par_nom_depenses(&livre, ListeDepenses::Fournisseurs)
            .contains_key(&fournisseur.fiche.nom)
        {
            self.execute(DepensesCommand::CreerFournisseur {
                fiche: fournisseur.fiche,
            })
            .await?;
        }
        Ok(())
    }
}

/// The ids of the residence's expense categories (`"categories"`) or suppliers
/// (`"fournisseurs"`) by title or name. The domain's `Depenses` lists neither (it answers one
/// id's name only), so they are read from its serialized state, where each is a map of id to
/// name.
/// Which of the expenses' lists a name is looked up in.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ListeDepenses {
    Categories,
    Fournisseurs,
}

fn par_nom_depenses(livre: &GrandLivre, liste: ListeDepenses) -> BTreeMap<String, i64> {
    let depenses = &livre.depenses;
    match liste {
        ListeDepenses::Categories => depenses
            .categories()
            .map(|(id, titre)| (titre.to_owned(), id))
            .collect(),
        ListeDepenses::Fournisseurs => depenses
            .fournisseurs()
            .map(|(id, nom)| (nom.to_owned(), id))
            .collect(),
    }
}

fn compte_bancaire_id(livre: &GrandLivre, libelle: &str) -> Option<CompteBancaireId> {
    livre
        .banque
        .comptes()
        .find(|(_, c)| c.fiche.libelle == libelle)
        .map(|(id, _)| id)
}

/// The cheques received and not deposited (collections, revenue contracts' payments,
/// exceptional revenues), in the order of their ids.
fn cheques_en_attente(livre: &GrandLivre) -> impl Iterator<Item = ChequeEnAttente> + '_ {
    let mut cheques: Vec<ChequeEnAttente> = livre
        .revenus
        .montants_dus_payes()
        .flat_map(|(montant_du_id, _, _)| livre.revenus.encaissements_de(montant_du_id))
        .filter(|(_, e)| e.methode == MethodePaiement::Cheque)
        .map(|(id, e)| ChequeEnAttente {
            encaissement_id: id,
            montant: e.montant,
            date: e.date_paiement,
        })
        .collect();
    let contrats = &livre.contrats;
    let recettes = contrats
        .contrats()
        .flat_map(|(_, c)| c.paiements.keys().copied())
        .chain(contrats.revenus().map(|(id, _)| id));
    cheques.extend(recettes.filter_map(|id| {
        let (date, montant) = contrats.cheque_recu(id)?;
        Some(ChequeEnAttente {
            encaissement_id: id,
            montant,
            date,
        })
    }));
    cheques.retain(|cheque| {
        livre
            .banque
            .remise_du_cheque(cheque.encaissement_id)
            .is_none()
    });
    cheques.sort_by_key(|cheque| cheque.encaissement_id);
    cheques.into_iter()
}

/// Every movement of an account with its date.
fn mouvements(livre: &GrandLivre, compte_id: CompteBancaireId) -> Vec<(Mouvement, NaiveDate)> {
    let mouvement = |table, id| Mouvement { table, id };
    let banque = &livre.banque;
    let mut all: Vec<(Mouvement, NaiveDate)> = livre
        .revenus
        .encaissements_sur_compte()
        .filter(|(_, compte)| *compte == compte_id)
        .filter_map(|(id, _)| {
            let date = livre.revenus.encaissement(id)?.date_paiement;
            Some((mouvement(TableMouvement::Encaissement, id), date))
        })
        .collect();
    all.extend(
        banque
            .operations()
            .filter(|(_, o)| o.compte_id == compte_id)
            .map(|(id, o)| (mouvement(TableMouvement::Operation, id), o.fiche.date)),
    );
    for (id, t) in banque.transferts() {
        if t.source == compte_id {
            all.push((mouvement(TableMouvement::TransfertSortie, id), t.date));
        }
        if t.destination == compte_id {
            all.push((mouvement(TableMouvement::TransfertEntree, id), t.date));
        }
    }
    all.extend(
        banque
            .remises()
            .filter(|(_, r)| r.compte_id == compte_id)
            .map(|(id, r)| (mouvement(TableMouvement::Remise, id), r.date)),
    );
    all.extend(
        livre
            .depenses
            .paiements_sur_compte()
            .filter(|(_, compte)| *compte == compte_id)
            .filter_map(|(id, _)| {
                let (_, paiement) = livre.depenses.paiement(id)?;
                Some((
                    mouvement(TableMouvement::PaiementDepense, id),
                    paiement.date_paiement,
                ))
            }),
    );
    for (_, salarie) in livre.salaires.salaries() {
        all.extend(
            salarie
                .paiements
                .iter()
                .filter(|(_, p)| p.compte_id == Some(compte_id))
                .map(|(id, p)| {
                    (
                        mouvement(TableMouvement::PaiementSalaire, *id),
                        p.date_paiement,
                    )
                }),
        );
    }
    all.extend(
        livre
            .salaires
            .charges_patronales()
            .filter(|(_, c)| c.compte_id == Some(compte_id))
            .map(|(id, c)| {
                (
                    mouvement(TableMouvement::ChargePatronale, id),
                    c.date_paiement,
                )
            }),
    );
    let contrats = &livre.contrats;
    for (_, contrat) in contrats.contrats() {
        for (id, paiement) in &contrat.paiements {
            if paiement.compte_id == Some(compte_id) {
                all.push((
                    mouvement(TableMouvement::PaiementContrat, *id),
                    paiement.date_paiement,
                ));
            }
        }
    }
    for (id, revenu) in contrats.revenus() {
        if revenu.compte_id == Some(compte_id) {
            all.push((
                mouvement(TableMouvement::RevenuExceptionnel, id),
                revenu.fiche.date_paiement,
            ));
        }
    }
    all
}

fn propriete_id(livre: &GrandLivre, nom: &str) -> anyhow::Result<ProprieteId> {
    livre
        .proprietes
        .id_par_nom(nom)
        .with_context(|| format!("no property named {nom}"))
}

fn occupant_id(livre: &GrandLivre, nom: &str) -> Option<OccupantId> {
    livre
        .occupancy
        .occupants()
        .find(|(_, o)| o.nom == nom)
        .map(|(id, _)| id)
}

fn cotisation_id(livre: &GrandLivre, titre: &str) -> Option<CotisationId> {
    livre
        .revenus
        .cotisations()
        .find(|(_, c)| c.titre == titre)
        .map(|(id, _)| id)
}

fn par_propriete(
    livre: &GrandLivre,
    montants: Vec<(String, Montant)>,
) -> anyhow::Result<Vec<(ProprieteId, Montant)>> {
    montants
        .into_iter()
        .map(|(nom, montant)| Ok((propriete_id(livre, &nom)?, montant)))
        .collect()
}

fn par_nom<'n>(montants: impl IntoIterator<Item = (&'n str, Montant)>) -> Vec<(String, Montant)> {
    montants
        .into_iter()
        .map(|(nom, montant)| (nom.to_owned(), montant))
        .collect()
}
