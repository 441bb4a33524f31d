//! The demo's online payment (issue 21), when `ops/run` starts the Konnect stand-in: the
//! residence's settings (the stand-in's wallet and key, settlements to the main account), and
//! a payment of last weeks already through — a co-owner paid a due by card, the collection is
//! recorded with method `enligne` and its receipt, and Konnect's settlement of it reached the
//! bank a few days later, less its fees. Sami and Leïla keep their dues to pay online themselves.

use chrono::{Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use daftar_domain::banque::BanqueCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::ResidenceId;
use daftar_domain::revenus::{MontantDuId, RevenusCommand};
use daftar_domain::Montant;
use daftar_projections::paiements_en_ligne::{self as registre, DuDemande, Reservation};
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector};

use crate::ledger::ledger_error;
use crate::residence_builder::Role;

/// The co-owners whose due the past payment settles, in this order of preference: not Leïla
/// nor Sami, whom the guides and the end-to-end scenarios sign in to pay online.
fn payeurs_possibles() -> impl Iterator<Item = &'static str> {
    super::USERS
        .iter()
        .filter(|(tel, _, role, finalized)| {
            *finalized
                && matches!(role, Role::Coproprietaire)
                && !matches!(*tel, "20000004" | "20000005")
        })
        .map(|(tel, _, _, _)| *tel)
}

/// Konnect's fee on the settlement of the demo's payment: 1.5 %, to the millime below.
fn frais_de(montant: Montant) -> Montant {
    Montant::from_millimes(montant.millimes() * 15 / 1000)
}

/// The oldest due of the co-owner `tel` left unpaid and due by `jour`, with what is left on it.
fn du_a_payer(livre: &GrandLivre, tel: &str, jour: NaiveDate) -> Option<(MontantDuId, Montant)> {
    livre
        .revenus
        .montants_dus_payes()
        .filter(|(id, du, _)| {
            du.appel.echeance <= jour
                && crate::routes::paiement_en_ligne::du_du_proprietaire(livre, *id, tel)
        })
        .filter_map(|(id, _, _)| {
            let restant = livre.revenus.restant_du(id)?;
            restant.is_positive().then_some((id, restant))
        })
        .min_by_key(|(id, _)| *id)
}

/// The residence's books as they stand.
async fn livre_de(
    ledger: &Ledger<GrandLivre>,
    residence: ResidenceId,
) -> anyhow::Result<GrandLivre> {
    ledger
        .current(&residence.stream_id())
        .await
        .map_err(|error| anyhow::anyhow!("reading the ledger: {}", ledger_error(error)))
}

/// Turns online payment on for the demo residence with the stand-in gateway's wallet and key
/// (`daftar-konnect-essai`'s defaults) and records a past payment and its settlement, unless
/// the residence already has settings.
pub async fn paiement_en_ligne(
    db: &Database,
    settings: &crate::configuration::Settings,
    residence_id: i64,
) -> anyhow::Result<()> {
    if registre::configuration(db, residence_id).await?.is_some() {
        return Ok(());
    }
    let ledger: Ledger<GrandLivre> = Ledger::new(db.clone(), ());
    let residence = ResidenceId(residence_id);
    let livre = livre_de(&ledger, residence).await?;
    let compte_principal = livre.banque.compte_principal();
    let cle = crate::paiement_en_ligne::cle::CleServeur::charger(
        settings.konnect.secret_key.as_deref(),
        &settings.data_dir,
    )?;
    let configuration = registre::Configuration {
        active: true,
        wallet_id: Some("wallet-essai".to_owned()),
        cle_api_chiffree: Some(cle.chiffrer("cle-essai-konnect")?),
        frais_au_coproprietaire: false,
        methodes: crate::routes::paiement_en_ligne::METHODES
            .iter()
            .map(|m| (*m).to_owned())
            .collect(),
        compte_id: compte_principal,
    };
    let user_id = |tel: &'static str| async move {
        sqlx::query_scalar::<_, i64>("SELECT id FROM users WHERE residence_id = $1 AND tel = $2")
            .bind(residence_id)
            .bind(tel)
            .fetch_optional(&db.pool)
            .await
    };
    let Some(tresoriere) = user_id("20000002").await? else {
        anyhow::bail!("the demo residence has no treasurer");
    };
    registre::enregistrer_configuration(db, residence_id, &configuration, tresoriere, Utc::now())
        .await?;

    // Twelve days ago (not before this year's first day: last year may be closed).
    let today = crate::clock::Clock::system().today();
    let debut_annee = NaiveDate::from_ymd_opt(today.year(), 1, 1).unwrap_or(today);
    let jour = (today - Duration::days(12)).max(debut_annee);
    // A demo run in a year the demo's books do not open records no payment.
    if livre.exercices.exige_ouvert(jour).is_err() {
        return Ok(());
    }
    let Some((tel, (montant_du_id, montant))) =
        payeurs_possibles().find_map(|tel| du_a_payer(&livre, tel, jour).map(|du| (tel, du)))
    else {
        return Ok(());
    };
    let Some(payeur) = user_id(tel).await? else {
        return Ok(());
    };
    let propriete_id = livre
        .revenus
        .montant_du(montant_du_id)
        .map_or(0, |du| du.propriete_id);
    let paye_le = Utc
        .from_utc_datetime(&jour.and_time(NaiveTime::from_hms_opt(19, 42, 0).unwrap_or_default()));
    let Reservation::Reservee(id) = registre::reserver(
        db,
        residence_id,
        payeur,
        propriete_id,
        &[DuDemande {
            montant_du_id,
            montant: montant.millimes(),
        }],
        paye_le - Duration::minutes(3),
        paye_le + Duration::minutes(12),
    )
    .await?
    else {
        return Ok(());
    };
    let reference = format!("demo-konnect-{residence_id}-{id}");
    registre::ouvrir(
        db,
        id,
        &reference,
        "https://gateway.sandbox.konnect.network/pay",
    )
    .await?;
    let metadata = |acting_user: i64| CommandMetadata {
        acting_user: acting_user.to_string(),
        request_id: uuid::Uuid::new_v4().to_string(),
    };
    let execute = |command: GrandLivreCommand, acting_user: i64| {
        let ledger = &ledger;
        async move {
            ledger
                .execute(
                    &residence.stream_id(),
                    command.clone(),
                    &metadata(acting_user),
                )
                .await
                .map_err(|error| anyhow::anyhow!("{command:?} refused: {}", ledger_error(error)))
        }
    };
    execute(
        GrandLivreCommand::Revenus(RevenusCommand::EncaisserPaiementEnLigne {
            reference: reference.clone(),
            montant_du_ids: vec![montant_du_id],
            montant,
            propriete_id,
            date: jour,
        }),
        payeur,
    )
    .await?;
    let livre = livre_de(&ledger, residence).await?;
    let (encaissements, trop_percu) =
        crate::routes::paiement_en_ligne::enregistre(&livre, &reference);
    registre::marquer_payee(
        db,
        id,
        montant.millimes(),
        paye_le,
        &serde_json::to_string(&encaissements)?,
        trop_percu.millimes(),
    )
    .await?;

    // Konnect's transfer to the main account, three days later (today at the latest).
    if let Some(compte_id) = compte_principal {
        execute(
            GrandLivreCommand::Banque(BanqueCommand::EnregistrerReglementPasserelle {
                compte_id,
                date: (jour + Duration::days(3)).min(today),
                montant_brut: montant,
                frais: frais_de(montant),
                reference: Some(format!("KONNECT-VIR-{}", jour.format("%Y%m%d"))),
            }),
            tresoriere,
        )
        .await?;
    }
    Projector::new(db.clone(), read_models()).catch_up().await?;
    Ok(())
}
