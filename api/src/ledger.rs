//! The API's door to the residence ledger: run a command with the caller's identity as
//! metadata, map a refusal to its coded error, and wait until the read models show the result
//! so that the client reads its own write.

use std::time::Duration;

use cqrs_es::AggregateError;
use daftar_domain::assemblees::{Assemblees, AssembleesCommand, AssembleesEvent};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::visibilite::{VisibiliteCommand, VisibiliteEvent, Visibilites};
use daftar_domain::votes::{Votes, VotesCommand, VotesEvent};
use daftar_domain::CodeErreur;
use daftar_projections::{CommandMetadata, Committed, Ledger, Projector};

use crate::error::{ApiError, ErrorCode};
use crate::telemetry::RequestId;

/// How long a write waits for the projector before answering anyway (the events are committed
/// either way; the read models follow as soon as the projector catches up).
const PROJECTION_WAIT: Duration = Duration::from_secs(5);

/// The command side and the projector, shared by every worker.
pub struct LedgerService {
    pub ledger: Ledger<GrandLivre>,
    /// The residences' general assemblies: an aggregate of their own on the same journal (one
    /// stream per residence, ADR 0005), so their commands never queue behind the books'.
    pub assemblees: Ledger<Assemblees>,
    /// The residences' votes (consultations outside assemblies): an aggregate of their own in
    /// the same way (one stream per residence, ADR 0005).
    pub votes: Ledger<Votes>,
    /// The history of the co-owners' visibility rights (the rights live in the identity
    /// tables; each change is recorded here, one stream per residence, ADR 0005).
    pub visibilite: Ledger<Visibilites>,
    pub projector: Projector,
}

impl LedgerService {
    /// Builds an answer from the residence's decision state as the journal holds it now,
    /// without copying it (one look at the stream's head first). Handlers with a signed-in
    /// caller use [`LedgerService::read_since`] with the head their session lookup read.
    pub async fn read<R>(
        &self,
        residence: ResidenceId,
        read: impl FnOnce(&GrandLivre) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        self.ledger
            .read(&residence.stream_id(), read)
            .await
            .map_err(ledger_error)?
    }

    /// Builds an answer from the residence's decision state once it reflects at least stream
    /// sequence `sequence` (a request's [`crate::auth::CurrentUser::ledger_head`]), without
    /// another look at the stream's head; `read` is also given the sequence the state
    /// reflects: the version of the answer (see [`crate::answer_cache`]).
    pub async fn read_since<R>(
        &self,
        residence: ResidenceId,
        sequence: i64,
        read: impl FnOnce(&GrandLivre, i64) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        self.ledger
            .read_since(&residence.stream_id(), sequence, read)
            .await
            .map_err(ledger_error)?
    }

    /// Builds the answer to a command this server just committed from a state that includes
    /// it, without another look at the stream's head (the append was one).
    pub async fn read_after<R>(
        &self,
        residence: ResidenceId,
        committed: &Committed<GrandLivre>,
        read: impl FnOnce(&GrandLivre) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        if committed.last_sequence == 0 {
            return self.read(residence, read).await;
        }
        self.read_since(residence, committed.last_sequence, |livre, _| read(livre))
            .await
    }

    /// Runs `command` on the residence's stream as `acting_user`, for HTTP request
    /// `request_id` (both stored with every event the command produces).
    pub async fn execute(
        &self,
        residence: ResidenceId,
        command: GrandLivreCommand,
        acting_user: UserId,
        request_id: &RequestId,
    ) -> Result<Committed<GrandLivre>, ApiError> {
        let metadata = CommandMetadata {
            acting_user: acting_user.to_string(),
            request_id: request_id.0.clone(),
        };
        let committed = self
            .ledger
            .execute(&residence.stream_id(), command, &metadata)
            .await
            .map_err(ledger_error)?;
        if committed.last_position > 0
            && !self
                .projector
                .wait_for(committed.last_position, PROJECTION_WAIT)
                .await
        {
            tracing::warn!(
                residence = %residence,
                position = committed.last_position,
                "read models lag behind a committed command"
            );
        }
        Ok(committed)
    }
}

impl LedgerService {
    /// Builds an answer from the residence's assemblies as the journal holds them now.
    pub async fn read_assemblees<R>(
        &self,
        residence: ResidenceId,
        read: impl FnOnce(&Assemblees) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        read_stream(&self.assemblees, residence, read).await
    }

    /// Runs `command` on the residence's assemblies stream (see [`execute_stream`]).
    pub async fn execute_assemblees<R>(
        &self,
        residence: ResidenceId,
        command: AssembleesCommand,
        acting_user: UserId,
        request_id: &RequestId,
        read: impl FnOnce(&Assemblees, &[AssembleesEvent]) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        execute_stream(
            &self.assemblees,
            residence,
            command,
            acting_user,
            request_id,
            read,
        )
        .await
    }

    /// Builds an answer from the residence's votes as the journal holds them now.
    pub async fn read_votes<R>(
        &self,
        residence: ResidenceId,
        read: impl FnOnce(&Votes) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        read_stream(&self.votes, residence, read).await
    }

    /// Runs `command` on the residence's votes stream (see [`execute_stream`]).
    pub async fn execute_votes<R>(
        &self,
        residence: ResidenceId,
        command: VotesCommand,
        acting_user: UserId,
        request_id: &RequestId,
        read: impl FnOnce(&Votes, &[VotesEvent]) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        execute_stream(
            &self.votes,
            residence,
            command,
            acting_user,
            request_id,
            read,
        )
        .await
    }
}

impl LedgerService {
    /// Builds an answer from the residence's history of visibility rights as the journal
    /// holds it now.
    pub async fn read_visibilite<R>(
        &self,
        residence: ResidenceId,
        read: impl FnOnce(&Visibilites) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        read_stream(&self.visibilite, residence, read).await
    }

    /// Records a change of visibility rights on the residence's stream (see
    /// [`execute_stream`]).
    pub async fn execute_visibilite<R>(
        &self,
        residence: ResidenceId,
        command: VisibiliteCommand,
        acting_user: UserId,
        request_id: &RequestId,
        read: impl FnOnce(&Visibilites, &[VisibiliteEvent]) -> Result<R, ApiError>,
    ) -> Result<R, ApiError> {
        execute_stream(
            &self.visibilite,
            residence,
            command,
            acting_user,
            request_id,
            read,
        )
        .await
    }
}

/// Builds an answer from a residence's stream of a module that is not the books (assemblies,
/// votes, visibility rights: ADR 0005) as the journal holds it now.
async fn read_stream<A, R>(
    ledger: &Ledger<A>,
    residence: ResidenceId,
    read: impl FnOnce(&A) -> Result<R, ApiError>,
) -> Result<R, ApiError>
where
    A: cqrs_es::Aggregate + 'static,
    A::Command: Clone + Send + Sync,
    A::Error: CodeErreur + Send + Sync,
{
    ledger
        .read(&residence.stream_id(), read)
        .await
        .map_err(ledger_error)?
}

/// Runs `command` on a residence's stream of a module that is not the books as `acting_user`,
/// then builds the answer from the state that includes it and from the command's own events
/// (the ids it gave: the state may already hold later commands of the same batch). No read
/// model reads these streams (the answers come from the warm aggregate), so nothing waits for
/// the projector.
async fn execute_stream<A, R>(
    ledger: &Ledger<A>,
    residence: ResidenceId,
    command: A::Command,
    acting_user: UserId,
    request_id: &RequestId,
    read: impl FnOnce(&A, &[A::Event]) -> Result<R, ApiError>,
) -> Result<R, ApiError>
where
    A: cqrs_es::Aggregate + 'static,
    A::Command: Clone + Send + Sync,
    A::Error: CodeErreur + Send + Sync,
{
    let metadata = CommandMetadata {
        acting_user: acting_user.to_string(),
        request_id: request_id.0.clone(),
    };
    let stream = residence.stream_id();
    let committed = ledger
        .execute(&stream, command, &metadata)
        .await
        .map_err(ledger_error)?;
    let events: Vec<A::Event> = committed
        .events
        .into_iter()
        .map(|envelope| envelope.payload)
        .collect();
    ledger
        .read_since(&stream, committed.last_sequence, |aggregate, _| {
            read(aggregate, &events)
        })
        .await
        .map_err(ledger_error)?
}

/// A domain refusal keeps its stable code; a lost race after every retry is a 409; anything
/// else is an unexpected failure (logged, opaque 500).
pub fn ledger_error<E: CodeErreur + std::error::Error>(error: AggregateError<E>) -> ApiError {
    match error {
        AggregateError::UserError(refusal) => match ErrorCode::from_code(refusal.code()) {
            Some(code) => code.into(),
            None => ApiError::internal(anyhow::anyhow!(
                "domain code {} is missing from the error table",
                refusal.code()
            )),
        },
        AggregateError::AggregateConflict => ErrorCode::ConflitConcurrent.into(),
        other => ApiError::internal(anyhow::anyhow!("ledger: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use daftar_domain::assemblees::AssembleesError;
    use daftar_domain::banque::BanqueError;
    use daftar_domain::exercice::ExerciceError;
    use daftar_domain::occupation::OccupationError;
    use daftar_domain::propriete::ProprieteError;
    use daftar_domain::revenus::RevenusError;
    use daftar_domain::salaires::SalairesError;
    use daftar_domain::votes::VotesError;

    use daftar_domain::grand_livre::GrandLivreError;

    use super::*;

    /// Every refusal of every module, named without a wildcard: a new refusal does not compile
    /// until it is listed here, which is the reminder to give it a row in the error table.
    fn every_refusal() -> Vec<GrandLivreError> {
        let exercice = |error: ExerciceError| match error {
            ExerciceError::AucunExerciceOuvert { .. }
            | ExerciceError::ExerciceCloture { .. }
            | ExerciceError::ExerciceDejaOuvert { .. }
            | ExerciceError::ExerciceDejaCloture { .. }
            | ExerciceError::ExerciceInconnu { .. }
            | ExerciceError::AnneeInvalide { .. }
            | ExerciceError::ExerciceAnterieurCloture { .. }
            | ExerciceError::ExerciceNonTermine { .. }
            | ExerciceError::ExercicePrecedentOuvert { .. }
            | ExerciceError::LivresDesequilibres { .. }
            | ExerciceError::ExerciceModifiePendantCloture { .. } => {
                GrandLivreError::Exercice(error)
            }
        };
        let propriete = |error: ProprieteError| match error {
            ProprieteError::ProprieteNomExiste { .. }
            | ProprieteError::ProprieteNomInvalide
            | ProprieteError::SurfaceInvalide => GrandLivreError::Propriete(error),
        };
        let occupation = |error: OccupationError| match error {
            OccupationError::DatesInvalides
            | OccupationError::PayeurManquant { .. }
            | OccupationError::OccupationPayeurNonSupprimable
            | OccupationError::OccupantNomInvalide
            | OccupationError::TelInvalide
            | OccupationError::EmailInvalide
            | OccupationError::TelDejaUtilise
            | OccupationError::OccupantInconnu(_)
            | OccupationError::ProprieteInconnue(_)
            | OccupationError::OccupationInconnue(_) => GrandLivreError::Occupation(error),
        };
        let revenus = |error: RevenusError| match error {
            RevenusError::Exercice(_)
            | RevenusError::TitreInvalide
            | RevenusError::PeriodeInvalide
            | RevenusError::TropDAppels
            | RevenusError::MontantInvalide
            | RevenusError::RepartitionIncomplete(_)
            | RevenusError::RepartitionNonModifiable
            | RevenusError::CotisationAvecEncaissements
            | RevenusError::CotisationInconnue(_)
            | RevenusError::MontantDuInconnu(_)
            | RevenusError::EncaissementInconnu(_)
            | RevenusError::MontantMaximumDepasse { .. }
            | RevenusError::DatePaiementFuture
            | RevenusError::MontantNonModifiable
            | RevenusError::AucunePropriete
            | RevenusError::ProprieteInconnue(_)
            | RevenusError::ChequeRemis(_)
            | RevenusError::MethodeReserveeALaPasserelle
            | RevenusError::PaiementEnLigneDejaEnregistre(_)
            | RevenusError::ReferencePasserelleInvalide => GrandLivreError::from(error),
        };
        let banque = |error: BanqueError| match error {
            BanqueError::Exercice(_)
            | BanqueError::LibelleInvalide
            | BanqueError::BanqueInvalide
            | BanqueError::RibInvalide
            | BanqueError::IbanInvalide
            | BanqueError::MontantInvalide
            | BanqueError::SoldeInitialInvalide
            | BanqueError::CompteInconnu(_)
            | BanqueError::ComptePrincipalNonSupprimable
            | BanqueError::CompteAvecOperations
            | BanqueError::OperationInconnue(_)
            | BanqueError::TransfertInconnu(_)
            | BanqueError::ComptesIdentiques
            | BanqueError::RemiseInconnue(_)
            | BanqueError::AucunCheque
            | BanqueError::ChequeIndisponible(_)
            | BanqueError::RemiseAvantCheque(_)
            | BanqueError::MouvementInconnu
            | BanqueError::ReleveDejaImporte
            | BanqueError::ReleveInconnu(_)
            | BanqueError::LigneReleveInconnue
            | BanqueError::DejaPointe
            | BanqueError::MontantsDifferents
            | BanqueError::AucunMouvement
            | BanqueError::LigneDejaRapprochee
            | BanqueError::LigneNonRapprochee
            | BanqueError::TypeIncompatible
            | BanqueError::ReleveVide => GrandLivreError::from(error),
        };
        let salaires = |error: SalairesError| match error {
            SalairesError::Exercice(_)
            | SalairesError::NomInvalide
            | SalairesError::PosteInvalide
            | SalairesError::TitreInvalide
            | SalairesError::TelInvalide
            | SalairesError::CinInvalide
            | SalairesError::MontantInvalide
            | SalairesError::MontantTropEleve
            | SalairesError::TauxInvalide
            | SalairesError::DateHorsPlage
            | SalairesError::FinAvantDebut
            | SalairesError::DatePaiementFuture
            | SalairesError::SalarieInconnu(_)
            | SalairesError::SalarieAvecPaiements
            | SalairesError::PaiementInconnu(_) => GrandLivreError::from(error),
        };
        vec![
            salaires(SalairesError::NomInvalide),
            salaires(SalairesError::PosteInvalide),
            salaires(SalairesError::TitreInvalide),
            salaires(SalairesError::TelInvalide),
            salaires(SalairesError::CinInvalide),
            salaires(SalairesError::MontantInvalide),
            salaires(SalairesError::MontantTropEleve),
            salaires(SalairesError::TauxInvalide),
            salaires(SalairesError::DateHorsPlage),
            salaires(SalairesError::FinAvantDebut),
            salaires(SalairesError::DatePaiementFuture),
            salaires(SalairesError::SalarieInconnu(1)),
            salaires(SalairesError::SalarieAvecPaiements),
            salaires(SalairesError::PaiementInconnu(1)),
            exercice(ExerciceError::AucunExerciceOuvert { annee: 2027 }),
            exercice(ExerciceError::ExerciceCloture { annee: 2024 }),
            exercice(ExerciceError::ExerciceDejaOuvert { annee: 2026 }),
            exercice(ExerciceError::ExerciceDejaCloture { annee: 2026 }),
            exercice(ExerciceError::ExerciceInconnu { annee: 2026 }),
            exercice(ExerciceError::AnneeInvalide { annee: 1 }),
            exercice(ExerciceError::ExerciceAnterieurCloture {
                annee: 2024,
                cloture: 2025,
            }),
            exercice(ExerciceError::ExerciceNonTermine { annee: 2026 }),
            exercice(ExerciceError::ExercicePrecedentOuvert {
                annee: 2025,
                precedent: 2024,
            }),
            exercice(ExerciceError::LivresDesequilibres { annee: 2025 }),
            exercice(ExerciceError::ExerciceModifiePendantCloture { annee: 2025 }),
            propriete(ProprieteError::ProprieteNomExiste { nom: "A1".into() }),
            propriete(ProprieteError::ProprieteNomInvalide),
            propriete(ProprieteError::SurfaceInvalide),
            occupation(OccupationError::DatesInvalides),
            occupation(OccupationError::PayeurManquant {
                date: NaiveDate::MIN,
            }),
            occupation(OccupationError::OccupationPayeurNonSupprimable),
            occupation(OccupationError::OccupantNomInvalide),
            occupation(OccupationError::TelInvalide),
            occupation(OccupationError::EmailInvalide),
            occupation(OccupationError::TelDejaUtilise),
            occupation(OccupationError::OccupantInconnu(1)),
            occupation(OccupationError::ProprieteInconnue(1)),
            occupation(OccupationError::OccupationInconnue(1)),
            revenus(RevenusError::Exercice(ExerciceError::ExerciceCloture {
                annee: 2024,
            })),
            revenus(RevenusError::TitreInvalide),
            revenus(RevenusError::PeriodeInvalide),
            revenus(RevenusError::TropDAppels),
            revenus(RevenusError::MontantInvalide),
            revenus(RevenusError::RepartitionIncomplete(1)),
            revenus(RevenusError::RepartitionNonModifiable),
            revenus(RevenusError::CotisationAvecEncaissements),
            revenus(RevenusError::CotisationInconnue(1)),
            revenus(RevenusError::MontantDuInconnu(1)),
            revenus(RevenusError::EncaissementInconnu(1)),
            revenus(RevenusError::MontantMaximumDepasse {
                restant_du: daftar_domain::Montant::ZERO,
            }),
            revenus(RevenusError::DatePaiementFuture),
            revenus(RevenusError::MontantNonModifiable),
            revenus(RevenusError::AucunePropriete),
            revenus(RevenusError::ProprieteInconnue(1)),
            revenus(RevenusError::ChequeRemis(1)),
            revenus(RevenusError::MethodeReserveeALaPasserelle),
            revenus(RevenusError::PaiementEnLigneDejaEnregistre("KP".to_owned())),
            revenus(RevenusError::ReferencePasserelleInvalide),
            banque(BanqueError::Exercice(ExerciceError::AucunExerciceOuvert {
                annee: 2027,
            })),
            banque(BanqueError::LibelleInvalide),
            banque(BanqueError::BanqueInvalide),
            banque(BanqueError::RibInvalide),
            banque(BanqueError::IbanInvalide),
            banque(BanqueError::MontantInvalide),
            banque(BanqueError::SoldeInitialInvalide),
            banque(BanqueError::CompteInconnu(1)),
            banque(BanqueError::ComptePrincipalNonSupprimable),
            banque(BanqueError::CompteAvecOperations),
            banque(BanqueError::OperationInconnue(1)),
            banque(BanqueError::TransfertInconnu(1)),
            banque(BanqueError::ComptesIdentiques),
            banque(BanqueError::RemiseInconnue(1)),
            banque(BanqueError::AucunCheque),
            banque(BanqueError::ChequeIndisponible(1)),
            banque(BanqueError::RemiseAvantCheque(1)),
            banque(BanqueError::MouvementInconnu),
            banque(BanqueError::ReleveDejaImporte),
            banque(BanqueError::ReleveInconnu(1)),
            banque(BanqueError::LigneReleveInconnue),
            banque(BanqueError::DejaPointe),
            banque(BanqueError::MontantsDifferents),
            banque(BanqueError::AucunMouvement),
            banque(BanqueError::LigneDejaRapprochee),
            banque(BanqueError::LigneNonRapprochee),
            banque(BanqueError::TypeIncompatible),
            banque(BanqueError::ReleveVide),
        ]
    }

    #[test]
    fn every_ledger_refusal_has_a_row_in_the_error_table() {
        for refusal in every_refusal() {
            let code = refusal.code();
            let api = ledger_error(AggregateError::UserError(refusal));
            assert_eq!(api.code().code(), code);
        }
    }

    #[test]
    fn the_closed_year_and_missing_year_refusals_answer_the_specified_statuses() {
        let closed = ledger_error(AggregateError::UserError(GrandLivreError::Exercice(
            ExerciceError::ExerciceCloture { annee: 2024 },
        )));
        let missing = ledger_error(AggregateError::UserError(GrandLivreError::Exercice(
            ExerciceError::AucunExerciceOuvert { annee: 2027 },
        )));
        assert_eq!(closed.code().status_u16(), 403);
        assert_eq!(missing.code().status_u16(), 409);
        assert_eq!(
            closed.body().message,
            "Cette action est impossible car la date correspond à un exercice clôturé"
        );
    }

    #[test]
    fn deleting_the_payer_occupation_answers_the_specified_refusal() {
        let refusal = ledger_error(AggregateError::UserError(GrandLivreError::Occupation(
            OccupationError::OccupationPayeurNonSupprimable,
        )));
        assert_eq!(refusal.code().status_u16(), 422);
        assert_eq!(
            refusal.body().message,
            "L'occupation du payeur ne peut pas être supprimée."
        );
        for unknown in [
            GrandLivreError::Occupation(OccupationError::OccupantInconnu(7)),
            GrandLivreError::Occupation(OccupationError::ProprieteInconnue(7)),
            GrandLivreError::Occupation(OccupationError::OccupationInconnue(7)),
        ] {
            let api = ledger_error(AggregateError::UserError(unknown));
            assert_eq!(api.code().status_u16(), 404, "{}", api.code());
        }
    }

    /// Every refusal of the assemblies, named without a wildcard (see [`every_refusal`]).
    fn every_assembly_refusal() -> Vec<AssembleesError> {
        let named = |error: AssembleesError| match error {
            AssembleesError::AssembleeInconnue(_)
            | AssembleesError::PointInconnu(_)
            | AssembleesError::ResolutionInconnue(_)
            | AssembleesError::PieceInconnue(_)
            | AssembleesError::DateHorsPlage
            | AssembleesError::AssembleeNonSupprimable
            | AssembleesError::AssembleeConvoquee
            | AssembleesError::AssembleeTerminee
            | AssembleesError::EtapeNonAtteinte { .. }
            | AssembleesError::TitrePointInvalide
            | AssembleesError::OrdreDuJourVide
            | AssembleesError::AucunPresent
            | AssembleesError::CoproprietaireInconnu(_)
            | AssembleesError::PresencesNonEnregistrees
            | AssembleesError::VotesIncomplets
            | AssembleesError::VoteInvalide
            | AssembleesError::ChoixInvalides
            | AssembleesError::PointInformation
            | AssembleesError::PointNonSupprimable
            | AssembleesError::SignataireNonPresent(_)
            | AssembleesError::FinAvantDebut
            | AssembleesError::InfosFinalesManquantes
            | AssembleesError::PvSigneManquant
            | AssembleesError::PresenceSigneeManquante => error,
        };
        [
            AssembleesError::AssembleeInconnue(1),
            AssembleesError::PointInconnu(1),
            AssembleesError::ResolutionInconnue(1),
            AssembleesError::PieceInconnue(1),
            AssembleesError::DateHorsPlage,
            AssembleesError::AssembleeNonSupprimable,
            AssembleesError::AssembleeConvoquee,
            AssembleesError::AssembleeTerminee,
            AssembleesError::EtapeNonAtteinte { etape: 5 },
            AssembleesError::TitrePointInvalide,
            AssembleesError::OrdreDuJourVide,
            AssembleesError::AucunPresent,
            AssembleesError::CoproprietaireInconnu(1),
            AssembleesError::PresencesNonEnregistrees,
            AssembleesError::VotesIncomplets,
            AssembleesError::VoteInvalide,
            AssembleesError::ChoixInvalides,
            AssembleesError::PointInformation,
            AssembleesError::PointNonSupprimable,
            AssembleesError::SignataireNonPresent(1),
            AssembleesError::FinAvantDebut,
            AssembleesError::InfosFinalesManquantes,
            AssembleesError::PvSigneManquant,
            AssembleesError::PresenceSigneeManquante,
        ]
        .into_iter()
        .map(named)
        .collect()
    }

    #[test]
    fn every_assembly_refusal_has_a_row_in_the_error_table() {
        for refusal in every_assembly_refusal() {
            let code = refusal.code();
            let api = ledger_error(AggregateError::UserError(refusal));
            assert_eq!(api.code().code(), code);
        }
    }

    /// Every refusal of the votes, named without a wildcard (see [`every_refusal`]).
    fn every_vote_refusal() -> Vec<VotesError> {
        let named = |error: VotesError| match error {
            VotesError::VoteInconnu(_)
            | VotesError::CreateurRequis
            | VotesError::VoteVerrouille
            | VotesError::VoteTermine
            | VotesError::VoteNonOuvert
            | VotesError::FinAvantDebut
            | VotesError::DateFinPassee
            | VotesError::ChoixInvalides
            | VotesError::TropDeChoix
            | VotesError::ChoixEnDouble
            | VotesError::ChoixInconnu(_)
            | VotesError::DejaVote
            | VotesError::PasEncoreVote => error,
        };
        [
            VotesError::VoteInconnu(1),
            VotesError::CreateurRequis,
            VotesError::VoteVerrouille,
            VotesError::VoteTermine,
            VotesError::VoteNonOuvert,
            VotesError::FinAvantDebut,
            VotesError::DateFinPassee,
            VotesError::ChoixInvalides,
            VotesError::TropDeChoix,
            VotesError::ChoixEnDouble,
            VotesError::ChoixInconnu(1),
            VotesError::DejaVote,
            VotesError::PasEncoreVote,
        ]
        .into_iter()
        .map(named)
        .collect()
    }

    #[test]
    fn every_vote_refusal_has_a_row_in_the_error_table() {
        for refusal in every_vote_refusal() {
            let code = refusal.code();
            let api = ledger_error(AggregateError::UserError(refusal));
            assert_eq!(api.code().code(), code);
        }
    }

    #[test]
    fn a_race_lost_after_every_retry_is_a_conflict() {
        assert_eq!(
            ledger_error::<GrandLivreError>(AggregateError::AggregateConflict).code(),
            ErrorCode::ConflitConcurrent
        );
    }
}
