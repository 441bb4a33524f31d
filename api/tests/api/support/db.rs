//! What tests do to and read from a world's database outside the servers: ledger commands as
//! the CLI runs them, the ledger's decision state, counts.

use daftar_api::identity::{self, Tel, UserRecord};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_projections::{read_models, CommandMetadata, Committed, Database, Ledger, Projector};
use sqlx::Row;

/// Runs a command on a residence's ledger outside the servers (as the CLI does), then projects
/// it.
pub async fn execute(
    db: &Database,
    residence_id: i64,
    command: impl Into<GrandLivreCommand>,
) -> Committed<GrandLivre> {
    let ledger = Ledger::<GrandLivre>::new(db.clone(), ());
    let metadata = CommandMetadata {
        acting_user: "test".into(),
        request_id: "t".into(),
    };
    let committed = ledger
        .execute(&residence_id.to_string(), command.into(), &metadata)
        .await
        .unwrap();
    Projector::new(db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    committed
}

/// The ledger's decision state of a residence, replayed from the journal.
pub async fn ledger_state(db: &Database, residence_id: i64) -> GrandLivre {
    Ledger::<GrandLivre>::new(db.clone(), ())
        .current(&residence_id.to_string())
        .await
        .unwrap()
}

/// The first column of the first row of `sql` (a `COUNT(*)`).
pub async fn count(db: &Database, sql: &str) -> i64 {
    sqlx::query(sql)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

/// How many events a residence's stream holds.
pub async fn count_events(db: &Database, residence_id: i64) -> i64 {
    sqlx::query("SELECT COUNT(*) AS n FROM events WHERE aggregate_id = $1")
        .bind(residence_id.to_string())
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get("n")
        .unwrap()
}

/// The user signing in with `tel`, if any.
pub async fn user_with_tel(db: &Database, tel: &str) -> Option<UserRecord> {
    identity::find_user_by_tel(db, &Tel::parse(tel).unwrap())
        .await
        .unwrap()
}
