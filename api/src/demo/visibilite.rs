//! The demo's visibility rights: every co-owner keeps the defaults (everything visible) but one,
//! from whom the council hid the charges and the works, so the feature is seen in the demo.

use daftar_projections::Database;

use crate::visibilite::{self, Cible, Visibilite};

/// Hides the charges and the works from the co-owner `user_id`, unless the council already set
/// those keys (a run again changes nothing the council did).
pub(super) async fn visibilite(
    db: &Database,
    residence_id: i64,
    user_id: i64,
) -> anyhow::Result<()> {
    let Some(user) = crate::identity::find_user(db, user_id).await? else {
        return Ok(());
    };
    let changements: Vec<_> = [Visibilite::Charges, Visibilite::Travaux]
        .into_iter()
        .filter(|key| !user.features.contains_key(key.cle()))
        .map(|key| (key, false))
        .collect();
    if !changements.is_empty() {
        visibilite::modifier(db, residence_id, Cible::Un(user_id), &changements).await?;
    }
    Ok(())
}
