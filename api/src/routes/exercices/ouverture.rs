//! The exercice of the current calendar year opens by itself (docs/api-exercices.md
//! "Opening"): the spec shows no call that opens a year, and a year is closed months after it
//! ends, so nothing else would open the new one. When the server starts, and every hour, each
//! residence whose last year is the previous calendar year gets the current one opened
//! (`ExerciceOuvert`, recorded by `server:exercice`). A year further ahead, or before the
//! residence's first, is never opened: a date there still answers 409 `aucun_exercice_ouvert`.

use std::time::Duration;

use chrono::Datelike;
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::GrandLivreCommand;
use daftar_domain::ids::ResidenceId;
use daftar_projections::ledger::CommandMetadata;
use sqlx::Row;

use crate::startup::AppState;

/// How often the server looks for a year to open.
const INTERVALLE: Duration = Duration::from_secs(3600);

/// Opens, for every residence whose last year is the previous calendar year, the current one.
/// Answers the residences whose year it opened.
pub async fn ouvrir_annee_courante(state: &AppState) -> anyhow::Result<Vec<i64>> {
    let annee = state.today().year();
    let rows = sqlx::query(
        "SELECT residence_id, CAST(MAX(annee) AS BIGINT) AS derniere FROM exercices_view \
         GROUP BY residence_id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let mut ouvertes = Vec::new();
    for row in rows {
        let residence_id: i64 = row.try_get("residence_id")?;
        let derniere: i64 = row.try_get("derniere")?;
        if derniere != i64::from(annee) - 1 {
            continue;
        }
        let metadata = CommandMetadata {
            acting_user: "server:exercice".to_owned(),
            request_id: uuid::Uuid::new_v4().to_string(),
        };
        // Another server may open it first: its refusal (already open) is expected.
        match state
            .ledger
            .ledger
            .execute(
                &ResidenceId(residence_id).stream_id(),
                GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee }),
                &metadata,
            )
            .await
        {
            Ok(_) => {
                tracing::info!(residence_id, annee, "exercice opened for the new year");
                ouvertes.push(residence_id);
            }
            Err(error) => tracing::info!(residence_id, annee, %error, "exercice not opened"),
        }
    }
    Ok(ouvertes)
}

/// Runs [`ouvrir_annee_courante`] now and every hour, for as long as the server runs.
pub async fn veiller(state: actix_web::web::Data<AppState>) {
    loop {
        if let Err(error) = ouvrir_annee_courante(&state).await {
            tracing::warn!(%error, "could not look for a year to open");
        }
        tokio::time::sleep(INTERVALLE).await;
    }
}
