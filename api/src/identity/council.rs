//! The syndic council in the identity tables (spec 2 §2 "Council", §6; spec 3 §2.11): a member is
//! a user flagged `is_syndic`; `is_president` and `is_finance` (treasurer) are roles only
//! support changes (`daftar user roles`). These functions change the flags; their callers
//! (`routes::conseil`, `cli`) record each change as an audit event of the residence's ledger.

use daftar_projections::Database;
use sqlx::Row;

use super::{flag_value, IdentityError, Tel, UserRecord, USER_COLUMNS};

/// The council flags of a user, to report a change or to put them back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CouncilFlags {
    pub is_syndic: bool,
    pub is_finance: bool,
    pub is_president: bool,
}

impl From<&UserRecord> for CouncilFlags {
    fn from(user: &UserRecord) -> Self {
        Self {
            is_syndic: user.is_syndic,
            is_finance: user.is_finance,
            is_president: user.is_president,
        }
    }
}

/// What [`join`] did.
#[derive(Debug)]
pub enum Join {
    /// The user is now a plain member; `before` holds its previous flags (see [`restore`]).
    Joined {
        user: Box<UserRecord>,
        before: CouncilFlags,
    },
    AlreadyMember,
    /// No active user with this id in this residence.
    NotFound,
}

/// What [`leave`] did.
#[derive(Debug)]
pub enum Leave {
    /// No longer a member; `before` holds its previous flags (see [`restore`]).
    Left { before: CouncilFlags },
    /// The member is the president or the treasurer: only support changes those.
    Protected,
    /// No council member with this id in this residence.
    NotFound,
}

/// One user whose council flags `set_roles` changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolesChange {
    pub user_id: i64,
    pub residence_id: i64,
    pub nom: String,
    pub before: CouncilFlags,
    pub after: CouncilFlags,
}

async fn users_where(
    db: &Database,
    residence_id: i64,
    condition: &str,
) -> Result<Vec<UserRecord>, IdentityError> {
    let sql = format!(
        "SELECT {USER_COLUMNS} FROM users u JOIN residences r ON r.id = u.residence_id \
         WHERE u.residence_id = $1 AND u.active = 1 AND {condition} \
         ORDER BY u.is_president DESC, u.is_finance DESC, u.nom, u.id"
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .fetch_all(&db.pool)
        .await?;
    Ok(rows
        .iter()
        .map(UserRecord::from_row)
        .collect::<Result<_, _>>()?)
}

/// The council of a residence: its active users flagged `is_syndic`, president first, then the
/// treasurer, then by name.
pub async fn members(db: &Database, residence_id: i64) -> Result<Vec<UserRecord>, IdentityError> {
    users_where(db, residence_id, "u.is_syndic = 1").await
}

/// The users the president may add to the council: active users of the residence who are not
/// members, by name.
pub async fn candidates(
    db: &Database,
    residence_id: i64,
) -> Result<Vec<UserRecord>, IdentityError> {
    users_where(db, residence_id, "u.is_syndic = 0").await
}

/// Makes an active user of `residence_id` a plain council member. A member added by the
/// president has no role: president and treasurer are given by support only, so flags that
/// were set without `is_syndic` (and never took effect) are cleared rather than activated.
pub async fn join(db: &Database, residence_id: i64, user_id: i64) -> Result<Join, IdentityError> {
    let Some(user) = super::find_user(db, user_id).await? else {
        return Ok(Join::NotFound);
    };
    if user.residence_id != residence_id || !user.active {
        return Ok(Join::NotFound);
    }
    if user.is_syndic {
        return Ok(Join::AlreadyMember);
    }
    // Conditional on `is_syndic = 0`: of two presidents adding the same user at once, one joins
    // it and the other learns it is already a member.
    let updated = sqlx::query(
        "UPDATE users SET is_syndic = 1, is_finance = 0, is_president = 0 \
         WHERE id = $1 AND residence_id = $2 AND active = 1 AND is_syndic = 0",
    )
    .bind(user_id)
    .bind(residence_id)
    .execute(&db.pool)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(Join::AlreadyMember);
    }
    let before = CouncilFlags::from(&user);
    match super::find_user(db, user_id).await? {
        Some(user) => Ok(Join::Joined {
            user: Box::new(user),
            before,
        }),
        None => Ok(Join::NotFound),
    }
}

/// Removes a plain member from the council of `residence_id`. The president and the treasurer
/// are protected (spec 2 §6: "only an administrator can").
pub async fn leave(db: &Database, residence_id: i64, user_id: i64) -> Result<Leave, IdentityError> {
    let Some(user) = super::find_user(db, user_id).await? else {
        return Ok(Leave::NotFound);
    };
    if user.residence_id != residence_id || !user.is_syndic {
        return Ok(Leave::NotFound);
    }
    if user.is_finance || user.is_president {
        return Ok(Leave::Protected);
    }
    // Conditional on the flags read above: a role granted meanwhile by support wins.
    let updated = sqlx::query(
        "UPDATE users SET is_syndic = 0 WHERE id = $1 AND residence_id = $2 AND is_syndic = 1 \
         AND is_finance = 0 AND is_president = 0",
    )
    .bind(user_id)
    .bind(residence_id)
    .execute(&db.pool)
    .await?;
    if updated.rows_affected() == 0 {
        return match super::find_user(db, user_id).await? {
            Some(now) if now.is_syndic => Ok(Leave::Protected),
            _ => Ok(Leave::NotFound),
        };
    }
    Ok(Leave::Left {
        before: CouncilFlags::from(&user),
    })
}

/// Puts a user's council flags back (when the audit event of a change could not be recorded,
/// the change is undone rather than left unaudited).
pub async fn restore(
    db: &Database,
    user_id: i64,
    flags: CouncilFlags,
) -> Result<(), IdentityError> {
    sqlx::query(
        "UPDATE users SET is_syndic = $1, is_finance = $2, is_president = $3 WHERE id = $4",
    )
    .bind(flag_value(flags.is_syndic))
    .bind(flag_value(flags.is_finance))
    .bind(flag_value(flags.is_president))
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Support's change of president or treasurer (`daftar user roles`): sets the user's
/// `is_finance` and/or `is_president` (`None`: unchanged), and makes it a council member when
/// one becomes true. A residence has at most one president and one treasurer: granting a role
/// takes it from its previous holder. Returns every user whose flags changed (previous holders
/// first), all changed in one transaction.
pub async fn set_roles(
    db: &Database,
    tel: &str,
    finance: Option<bool>,
    president: Option<bool>,
) -> Result<Vec<RolesChange>, IdentityError> {
    let tel = Tel::parse(tel)?;
    let user = super::find_user_by_tel(db, &tel)
        .await?
        .ok_or_else(|| IdentityError::UserNotFound(tel.to_string()))?;
    let residence_id = user.residence_id;
    let mut tx = db.pool.begin().await?;
    // Writing the residence's row first serializes role changes of one residence (a row lock
    // on PostgreSQL, the write lock on SQLite), so two concurrent grants cannot both keep
    // their previous holder out and leave two presidents.
    sqlx::query("UPDATE residences SET nom = nom WHERE id = $1")
        .bind(residence_id)
        .execute(&mut *tx)
        .await?;
    let rows = sqlx::query(
        "SELECT id, nom, is_syndic, is_finance, is_president FROM users \
         WHERE residence_id = $1 ORDER BY id",
    )
    .bind(residence_id)
    .fetch_all(&mut *tx)
    .await?;
    let mut changes = Vec::new();
    let mut target = None;
    for row in &rows {
        let id: i64 = row.try_get("id")?;
        let before = CouncilFlags {
            is_syndic: row.try_get::<i64, _>("is_syndic")? != 0,
            is_finance: row.try_get::<i64, _>("is_finance")? != 0,
            is_president: row.try_get::<i64, _>("is_president")? != 0,
        };
        let nom: String = row.try_get("nom")?;
        if id == user.id {
            target = Some((nom, before));
            continue;
        }
        let mut after = before;
        if finance == Some(true) {
            after.is_finance = false;
        }
        if president == Some(true) {
            after.is_president = false;
        }
        if after != before {
            changes.push(RolesChange {
                user_id: id,
                residence_id,
                nom,
                before,
                after,
            });
        }
    }
    let (nom, before) = target.ok_or_else(|| IdentityError::UserNotFound(tel.to_string()))?;
    let after = CouncilFlags {
        is_syndic: before.is_syndic || finance == Some(true) || president == Some(true),
        is_finance: finance.unwrap_or(before.is_finance),
        is_president: president.unwrap_or(before.is_president),
    };
    if after != before {
        changes.push(RolesChange {
            user_id: user.id,
            residence_id,
            nom,
            before,
            after,
        });
    }
    for change in &changes {
        sqlx::query(
            "UPDATE users SET is_syndic = $1, is_finance = $2, is_president = $3 WHERE id = $4",
        )
        .bind(flag_value(change.after.is_syndic))
        .bind(flag_value(change.after.is_finance))
        .bind(flag_value(change.after.is_president))
        .bind(change.user_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(changes)
}
