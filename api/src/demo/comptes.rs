//! The demo users' e-mail addresses (issue 19), so the settings page is not empty: every
//! finalized user has one, verified, but Leïla Haddad's (20000004), which waits for its
//! verification (the settings page then shows its warning and send button). Only addresses not
//! recorded yet are set: a second run changes nothing.

use chrono::Utc;
use daftar_projections::db::timestamp;
use daftar_projections::Database;

/// (tel, e-mail, verified)
const EMAILS: [(&str, &str, bool); 12] = [
    ("20000001", "mohamed.bensalah@exemple.tn", true),
    ("20000002", "amira.trabelsi@exemple.tn", true),
    ("20000003", "karim.jaziri@exemple.tn", true),
    ("20000004", "leila.haddad@exemple.tn", false),
    ("20000005", "sami.gharbi@exemple.tn", true),
    ("20000006", "nour.ayari@exemple.tn", true),
    ("20000007", "hichem.mejri@exemple.tn", true),
    ("20000008", "ines.chaabane@exemple.tn", true),
    ("20000009", "walid.khelifi@exemple.tn", true),
    ("20000010", "rim.bouazizi@exemple.tn", true),
    ("20000011", "yassine.dridi@exemple.tn", true),
    ("20000012", "salma.ferchichi@exemple.tn", true),
];

pub async fn emails(db: &Database) -> anyhow::Result<()> {
    let now = timestamp(Utc::now());
    for (tel, email, verified) in EMAILS {
        sqlx::query(
            "UPDATE users SET email = $1, email_verified_at = $2 \
             WHERE tel = $3 AND email IS NULL AND is_registration_finalized = 1",
        )
        .bind(email)
        .bind(verified.then(|| now.clone()))
        .bind(tel)
        .execute(&db.pool)
        .await?;
    }
    Ok(())
}
