//! A living journal for replay tests and the replay bench: residences with properties,
//! occupants, yearly cotisations called monthly, an exceptional call for works, the month's
//! collections of most properties, a few corrections and cancellations, a cotisation corrected
//! and one deleted, fiscal years opened and closed.
//!
//! Every event is decided by the domain's own rules on an in-memory `GrandLivre` (so the journal
//! is one the product could have written) and appended straight to the journal, month by month
//! and residence by residence, as a building's history interleaves with its neighbours'.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use cqrs_es::{Aggregate, DomainEvent};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::occupation::{OccupationCommand, OccupationEvent, Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::{ProprieteCommand, TypePropriete};
use daftar_domain::revenus::{
    DemandeCotisation, MethodePaiement, Repartition, RevenusCommand, RevenusEvent, TypeCotisation,
};
use daftar_domain::Montant;
use daftar_projections::chain::{canonical_json, GENESIS_HASH};
use daftar_projections::journal::{ExpectedHead, NewEvent};
use daftar_projections::Journal;

/// The size of the history written.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub residences: i64,
    pub properties: i64,
    pub first_year: i32,
    pub years: i32,
}

/// About 101,000 events: 43 residences of 40 properties over five years.
pub const BENCH: Shape = Shape {
    residences: 43,
    properties: 40,
    first_year: 2021,
    years: 5,
};

/// A few thousand events, every kind of revenue and occupancy event among them.
pub const SMALL: Shape = Shape {
    residences: 3,
    properties: 8,
    first_year: 2024,
    years: 2,
};

struct Residence {
    stream: String,
    livre: GrandLivre,
    sequence: i64,
    hash: String,
    /// The montant dû of (property, year, month) of the yearly cotisation.
    dues: BTreeMap<(i64, i32, u32), i64>,
    /// Encaissements recorded, in order, with their payment.
    encaissements: Vec<i64>,
    /// Encaissements cancelled.
    cancelled: std::collections::BTreeSet<i64>,
    /// Each encaissement's payment, for its corrections.
    payments: BTreeMap<i64, (i64, NaiveDate)>,
    pending: Vec<GrandLivreEvent>,
}

impl Residence {
    fn decide(&mut self, command: impl Into<GrandLivreCommand>) -> Vec<GrandLivreEvent> {
        let command = command.into();
        let events = self
            .livre
            .decide(command.clone())
            .unwrap_or_else(|refusal| panic!("{command:?} refused: {refusal:?}"));
        for event in &events {
            self.livre.apply(event.clone());
            self.note(event);
        }
        self.pending.extend(events.iter().cloned());
        events
    }

    fn note(&mut self, event: &GrandLivreEvent) {
        if let GrandLivreEvent::Revenus(revenus) = event {
            match revenus {
                RevenusEvent::CotisationLancee {
                    type_cotisation: TypeCotisation::Mensuelle,
                    montants_dus,
                    ..
                } => {
                    for du in montants_dus {
                        self.dues.insert(
                            (
                                du.propriete_id,
                                chrono::Datelike::year(&du.appel.debut),
                                chrono::Datelike::month(&du.appel.debut),
                            ),
                            du.montant_du_id,
                        );
                    }
                }
                RevenusEvent::EncaissementEnregistre {
                    encaissement_id, ..
                } => self.encaissements.push(*encaissement_id),
                _ => {}
            }
        }
    }

    async fn flush(&mut self, journal: &Journal, recorded_at: &str) {
        if self.pending.is_empty() {
            return;
        }
        let events: Vec<NewEvent> = std::mem::take(&mut self.pending)
            .into_iter()
            .map(|event| NewEvent {
                event_type: event.event_type(),
                event_version: event.event_version(),
                payload: canonical_json(&serde_json::to_value(&event).unwrap()),
                metadata: r#"{"acting_user":"1","request_id":"history"}"#.to_owned(),
            })
            .collect();
        let appended = journal
            .append(
                ExpectedHead {
                    aggregate_type: GrandLivre::TYPE,
                    aggregate_id: &self.stream,
                    sequence: self.sequence,
                    hash: &self.hash,
                },
                &events,
                recorded_at,
            )
            .await
            .unwrap();
        self.sequence += events.len() as i64;
        self.hash = appended.last_hash;
    }
}

fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap()
}

fn dinars(millimes: i64) -> Montant {
    Montant::from_millimes(millimes)
}

fn paiement(montant: i64, day: NaiveDate, n: i64) -> Paiement<MethodePaiement> {
    let methode = match n % 4 {
        0 => MethodePaiement::Espece,
        1 => MethodePaiement::Cheque,
        2 => MethodePaiement::Virement,
        _ => MethodePaiement::Versement,
    };
    Paiement {
        montant: dinars(montant),
        date_paiement: day,
        methode,
        reference: (methode != MethodePaiement::Espece).then(|| format!("REF-{n}")),
    }
}

/// The set-up of a residence: its first fiscal year, properties, owners and tenants, allocation.
fn set_up(residence: &mut Residence, shape: Shape) {
    residence.decide(ExerciceCommand::OuvrirExercice {
        annee: shape.first_year,
    });
    for p in 1..=shape.properties {
        residence.decide(ProprieteCommand::EnregistrerPropriete {
            nom: format!("A{p}"),
            type_propriete: if p % 10 == 0 {
                TypePropriete::Commerce
            } else {
                TypePropriete::Appartement
            },
            surface: Some(rust_decimal::Decimal::new(800 + p * 7, 1)),
            description: (p % 3 == 0).then(|| format!("Étage {}", p / 4)),
        });
    }
    for p in 1..=shape.properties {
        let created = residence.decide(OccupationCommand::CreerOccupant {
            nom: format!("Copropriétaire {p}"),
            tel: Some(format!("2{:07}", p)),
            email: (p % 2 == 0).then(|| format!("proprietaire{p}@example.tn")),
            sexe: if p % 2 == 0 { Sexe::Femme } else { Sexe::Homme },
        });
        let Some(GrandLivreEvent::Occupation(OccupationEvent::OccupantCree {
            occupant_id, ..
        })) = created.first()
        else {
            panic!("no occupant created");
        };
        residence.decide(OccupationCommand::AjouterOccupation {
            propriete_id: p,
            occupant_id: *occupant_id,
            type_occupation: TypeOccupation::Proprietaire,
            date_debut: date(shape.first_year - 3, 1, 1),
            date_fin: None,
            is_payer: true,
        });
        if p % 5 == 0 {
            let tenant = residence.decide(OccupationCommand::CreerOccupant {
                nom: format!("Locataire {p}"),
                tel: None,
                email: None,
                sexe: Sexe::Homme,
            });
            let Some(GrandLivreEvent::Occupation(OccupationEvent::OccupantCree {
                occupant_id,
                ..
            })) = tenant.first()
            else {
                panic!("no occupant created");
            };
            residence.decide(OccupationCommand::AjouterOccupation {
                propriete_id: p,
                occupant_id: *occupant_id,
                type_occupation: TypeOccupation::Locataire,
                date_debut: date(shape.first_year - 1, 6, 1),
                date_fin: None,
                is_payer: false,
            });
        }
    }
    residence.decide(RevenusCommand::ModifierRepartition {
        repartitions: (1..=shape.properties)
            .map(|p| (p, dinars(30_000 + p * 1_000)))
            .collect(),
    });
}

/// One month of a residence: the year's calls in January, collections, corrections.
fn month(residence: &mut Residence, shape: Shape, year: i32, month: u32, counter: &mut i64) {
    if month == 1 {
        if year > shape.first_year {
            residence.decide(ExerciceCommand::OuvrirExercice { annee: year });
        }
        residence.decide(RevenusCommand::LancerCotisation(DemandeCotisation {
            titre: format!("Charges courantes {year}"),
            type_cotisation: TypeCotisation::Mensuelle,
            repartition: Repartition::Predefinie,
            date_debut: date(year, 1, 1),
            date_fin: date(year, 12, 31),
            date_echeance: date(year, 1, 10),
            montant: None,
            personnalisation: Vec::new(),
        }));
    }
    if month == 3 && year > shape.first_year {
        residence.decide(ExerciceCommand::cloturer(year - 1));
    }
    if month == 6 {
        residence.decide(RevenusCommand::LancerCotisation(DemandeCotisation {
            titre: format!("Travaux d'étanchéité {year}"),
            type_cotisation: TypeCotisation::Exceptionnelle,
            repartition: Repartition::Egale,
            date_debut: date(year, 6, 1),
            date_fin: date(year, 6, 30),
            date_echeance: date(year, 7, 15),
            montant: Some(dinars(120_000)),
            personnalisation: Vec::new(),
        }));
    }
    if month == 9 {
        // A call launched by mistake, corrected, then withdrawn.
        let launched = residence.decide(RevenusCommand::LancerCotisation(DemandeCotisation {
            titre: format!("Ascenseur {year}"),
            type_cotisation: TypeCotisation::Exceptionnelle,
            repartition: Repartition::Egale,
            date_debut: date(year, 9, 1),
            date_fin: date(year, 9, 30),
            date_echeance: date(year, 10, 1),
            montant: Some(dinars(45_000)),
            personnalisation: Vec::new(),
        }));
        let Some(GrandLivreEvent::Revenus(RevenusEvent::CotisationLancee {
            cotisation_id, ..
        })) = launched.first()
        else {
            panic!("no cotisation launched");
        };
        let cotisation_id = *cotisation_id;
        residence.decide(RevenusCommand::ModifierCotisation {
            cotisation_id,
            demande: DemandeCotisation {
                titre: format!("Ascenseur {year} (corrigé)"),
                type_cotisation: TypeCotisation::Exceptionnelle,
                repartition: Repartition::Egale,
                date_debut: date(year, 9, 1),
                date_fin: date(year, 9, 30),
                date_echeance: date(year, 10, 15),
                montant: Some(dinars(40_000)),
                personnalisation: Vec::new(),
            },
        });
        if year % 2 == 0 {
            residence.decide(RevenusCommand::SupprimerCotisation { cotisation_id });
        }
    }
    if month == 11 {
        residence.decide(OccupationCommand::ModifierOccupant {
            occupant_id: 1,
            nom: format!("Copropriétaire 1 ({year})"),
            tel: Some("20000001".to_owned()),
            email: None,
            sexe: Sexe::Homme,
        });
    }
    let day = date(year, month, 5 + (month % 20));
    for p in 1..=shape.properties {
        // One property in nine pays late: it skips the month.
        if (p + i64::from(month)) % 9 == 0 {
            continue;
        }
        let Some(&montant_du_id) = residence.dues.get(&(p, year, month)) else {
            continue;
        };
        *counter += 1;
        let n = *counter;
        let due = 30_000 + p * 1_000;
        // Whole dinars, as collections are (spec 1 §5).
        let montant = if n % 7 == 0 { due / 2_000 * 1_000 } else { due };
        residence.decide(RevenusCommand::EncaisserMontantDu {
            montant_du_id,
            paiement: paiement(montant, day, n),
            aujourd_hui: day,
        });
        let encaissement_id = *residence.encaissements.last().unwrap();
        if n % 53 == 0 {
            residence.decide(RevenusCommand::ModifierEncaissement {
                encaissement_id,
                paiement: paiement(montant, day.pred_opt().unwrap(), n + 1),
                aujourd_hui: day,
            });
        }
        residence.payments.insert(encaissement_id, (montant, day));
        if n % 97 == 0 {
            residence.decide(RevenusCommand::AnnulerEncaissement { encaissement_id });
            residence.cancelled.insert(encaissement_id);
        }
    }
    // Corrections of collections of earlier months (stored before this month's batch).
    let recorded = residence.encaissements.len();
    let earlier = usize::try_from(shape.properties * 2).unwrap_or(usize::MAX);
    if recorded > earlier {
        let encaissement_id = residence.encaissements[recorded - earlier];
        if !residence.cancelled.contains(&encaissement_id) {
            let (montant, paid_on) = residence.payments[&encaissement_id];
            if month.is_multiple_of(3) {
                residence.decide(RevenusCommand::AnnulerEncaissement { encaissement_id });
                residence.cancelled.insert(encaissement_id);
            } else if month % 3 == 1 {
                residence.decide(RevenusCommand::ModifierEncaissement {
                    encaissement_id,
                    paiement: paiement(montant, paid_on, i64::from(month)),
                    aujourd_hui: day,
                });
            }
        }
    }
}

/// Writes the history of `shape` on `journal`; answers the number of events.
pub async fn write(journal: &Journal, shape: Shape) -> i64 {
    write_with(journal, shape, async || {}).await
}

/// As [`write`], calling `after_append` after each append (a residence's month).
pub async fn write_with(
    journal: &Journal,
    shape: Shape,
    mut after_append: impl AsyncFnMut(),
) -> i64 {
    let mut residences: Vec<Residence> = (1..=shape.residences)
        .map(|id| Residence {
            stream: (1_000 + id).to_string(),
            livre: GrandLivre::default(),
            sequence: 0,
            hash: GENESIS_HASH.to_owned(),
            dues: BTreeMap::new(),
            encaissements: Vec::new(),
            cancelled: std::collections::BTreeSet::new(),
            payments: BTreeMap::new(),
            pending: Vec::new(),
        })
        .collect();
    let mut written = 0;
    for residence in &mut residences {
        set_up(residence, shape);
        written += residence.pending.len() as i64;
        residence
            .flush(
                journal,
                &format!("{}-01-01T08:00:00.000000Z", shape.first_year),
            )
            .await;
        after_append().await;
    }
    let mut counter = 0;
    for year in shape.first_year..shape.first_year + shape.years {
        for m in 1..=12 {
            let recorded_at = format!("{year}-{m:02}-28T18:00:00.000000Z");
            for residence in &mut residences {
                month(residence, shape, year, m, &mut counter);
                written += residence.pending.len() as i64;
                residence.flush(journal, &recorded_at).await;
                after_append().await;
            }
        }
    }
    written
}
