//! The co-owners' visibility rights on finance items (spec 3 §2.4, §2.12, §3 "Visibility user",
//! §6; docs/api-visibilite.md): the ten permission keys, how a user's rights are resolved, and
//! the guard every co-owner finance route takes.
//!
//! A user's rights live in `users.features` (a JSON map key → granted), read from the database
//! with the session on every request ([`crate::auth::CurrentUser`]): a change takes effect at the
//! co-owner's next request, whatever server answers it. A key never set is granted
//! ([`PAR_DEFAUT`]: co-owners are entitled to the accounts they approve, the council may hide
//! items). Council members (`is_syndic`) are never restricted by these keys.
//!
//! A route gated by a key takes [`Voir<D>`] (`current: Voir<droits::Charges>`): a signed-in
//! user of the residence whose right `D` is granted, else 403 `visibilite_refusee`. A handler
//! that decides on a record it has read first (a document's download) calls [`exiger`].

use std::collections::BTreeMap;
use std::future::Future;
use std::marker::PhantomData;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Coproprietaire, CurrentUser};
use crate::error::{ApiError, ErrorCode};
use crate::identity::UserRecord;

/// A key never set on a user is granted (docs/decisions.md "Visibility rights (issue 19)").
pub const PAR_DEFAUT: bool = true;

/// One of the ten permission keys (spec 3 §3 "Visibility user"), by its wire name.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
pub enum Visibilite {
    /// The treasury balance card of the co-owner's dashboard.
    #[serde(rename = "see.dashboard.tresorerie")]
    DashboardTresorerie,
    /// The expense breakdown donut and total of the co-owner's dashboard.
    #[serde(rename = "see.dashboard.repartition_charges")]
    DashboardRepartitionCharges,
    /// The income and expense chart of the co-owner's dashboard.
    #[serde(rename = "see.dashboard.recettes_depenses")]
    DashboardRecettesDepenses,
    /// `/coproprietaire/revenus…`.
    #[serde(rename = "see.recettes")]
    Recettes,
    /// `/coproprietaire/charges…`.
    #[serde(rename = "see.charges")]
    Charges,
    /// `/coproprietaire/travaux…`.
    #[serde(rename = "see.travaux")]
    Travaux,
    /// `/coproprietaire/budgets`.
    #[serde(rename = "see.budgets")]
    Budgets,
    /// The fiscal years' reports, their downloads and closing documents.
    #[serde(rename = "see.rapports_financiers")]
    RapportsFinanciers,
    /// `/coproprietaire/contrats-revenus…`.
    #[serde(rename = "see.contrats.recettes")]
    ContratsRecettes,
    /// `/coproprietaire/contrats-depenses…`.
    #[serde(rename = "see.contrats.depenses")]
    ContratsDepenses,
}

impl Visibilite {
    /// Every key: the dashboard's three, then the pages' seven, in the spec's order.
    pub const ALL: [Visibilite; 10] = [
        Visibilite::DashboardTresorerie,
        Visibilite::DashboardRepartitionCharges,
        Visibilite::DashboardRecettesDepenses,
        Visibilite::Recettes,
        Visibilite::Charges,
        Visibilite::Travaux,
        Visibilite::Budgets,
        Visibilite::RapportsFinanciers,
        Visibilite::ContratsRecettes,
        Visibilite::ContratsDepenses,
    ];

    /// The wire name (`see.charges`).
    pub const fn cle(self) -> &'static str {
        match self {
            Visibilite::DashboardTresorerie => "see.dashboard.tresorerie",
            Visibilite::DashboardRepartitionCharges => "see.dashboard.repartition_charges",
            Visibilite::DashboardRecettesDepenses => "see.dashboard.recettes_depenses",
            Visibilite::Recettes => "see.recettes",
            Visibilite::Charges => "see.charges",
            Visibilite::Travaux => "see.travaux",
            Visibilite::Budgets => "see.budgets",
            Visibilite::RapportsFinanciers => "see.rapports_financiers",
            Visibilite::ContratsRecettes => "see.contrats.recettes",
            Visibilite::ContratsDepenses => "see.contrats.depenses",
        }
    }

    /// The key named `cle`, if it is one of the ten.
    pub fn from_cle(cle: &str) -> Option<Visibilite> {
        Visibilite::ALL.into_iter().find(|key| key.cle() == cle)
    }

    /// A part of the co-owner's dashboard (`keys.dashboard`), else a page (`keys.pages`).
    pub const fn du_tableau_de_bord(self) -> bool {
        matches!(
            self,
            Visibilite::DashboardTresorerie
                | Visibilite::DashboardRepartitionCharges
                | Visibilite::DashboardRecettesDepenses
        )
    }
}

/// Whether the key is granted in a stored map (a key never set: [`PAR_DEFAUT`]).
pub fn accordee(features: &BTreeMap<String, bool>, key: Visibilite) -> bool {
    features.get(key.cle()).copied().unwrap_or(PAR_DEFAUT)
}

/// Whether `user` may see what `key` gates: always for a council member.
pub fn peut_voir(user: &UserRecord, key: Visibilite) -> bool {
    user.is_syndic || accordee(&user.features, key)
}

/// The ten keys as they apply to `user`, resolved (what every answer carrying `features` gives).
pub fn resolues(user: &UserRecord) -> BTreeMap<String, bool> {
    Visibilite::ALL
        .into_iter()
        .map(|key| (key.cle().to_owned(), peut_voir(user, key)))
        .collect()
}

/// 403 `visibilite_refusee` unless `current` may see what `key` gates.
pub fn exiger(current: &CurrentUser, key: Visibilite) -> Result<(), ApiError> {
    if peut_voir(&current.user, key) {
        Ok(())
    } else {
        Err(ErrorCode::VisibiliteRefusee.into())
    }
}

/// A right a route requires (a marker type of [`droits`]).
pub trait Droit: 'static {
    const CLE: Visibilite;
}

/// The markers of [`Voir`], one per page key.
pub mod droits {
    use super::{Droit, Visibilite};

    macro_rules! droit {
        ($($nom:ident => $cle:ident),+ $(,)?) => {
            $(
                #[doc = concat!("Requires [`Visibilite::", stringify!($cle), "`].")]
                #[derive(Debug, Clone, Copy)]
                pub struct $nom;
                impl Droit for $nom {
                    const CLE: Visibilite = Visibilite::$cle;
                }
            )+
        };
    }

    droit!(
        Recettes => Recettes,
        Charges => Charges,
        Travaux => Travaux,
        Budgets => Budgets,
        RapportsFinanciers => RapportsFinanciers,
        ContratsRecettes => ContratsRecettes,
        ContratsDepenses => ContratsDepenses,
    );
}

/// A signed-in user of the residence (as [`Coproprietaire`]) whose right `D` is granted, else
/// 403 `visibilite_refusee`.
#[derive(Debug, Clone)]
pub struct Voir<D: Droit>(pub CurrentUser, PhantomData<D>);

impl<D: Droit> Deref for Voir<D> {
    type Target = CurrentUser;
    fn deref(&self) -> &CurrentUser {
        &self.0
    }
}

impl<D: Droit> FromRequest for Voir<D> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let Coproprietaire(current) =
                Coproprietaire::from_request(&req, &mut Payload::None).await?;
            exiger(&current, D::CLE)?;
            Ok(Voir(current, PhantomData))
        })
    }
}

/// What a change of rights does to one key: granted or refused.
pub type Changement = (Visibilite, bool);

/// Whom a change of rights touches among the co-owners of a residence.
#[derive(Debug, Clone, Copy)]
pub enum Cible<'a> {
    /// One co-owner, by id.
    Un(i64),
    /// Every co-owner but these ids ("apply to all except").
    TousSauf(&'a [i64]),
}

/// The co-owners of a residence whose rights the council sets: its active users who are not
/// council members (a council member is never restricted), by name then id.
pub async fn coproprietaires(
    db: &daftar_projections::Database,
    residence_id: i64,
) -> Result<Vec<UserRecord>, sqlx::Error> {
    let sql = format!(
        "SELECT {} FROM users u JOIN residences r ON r.id = u.residence_id \
         WHERE u.residence_id = $1 AND u.active = 1 AND u.is_syndic = 0 ORDER BY u.nom, u.id",
        crate::identity::USER_COLUMNS
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(UserRecord::from_row).collect()
}

/// The keys granted by a stored map, resolved (a key never set: [`PAR_DEFAUT`]), in the
/// spec's order: what the rights' history records before and after a change.
pub fn cles_accordees(features: &BTreeMap<String, bool>) -> Vec<String> {
    Visibilite::ALL
        .into_iter()
        .filter(|key| accordee(features, *key))
        .map(|key| key.cle().to_owned())
        .collect()
}

/// One co-owner's stored rights before and after a change that changed them.
#[derive(Debug, Clone)]
pub struct DroitsStockes {
    pub user_id: i64,
    pub nom: String,
    pub avant: BTreeMap<String, bool>,
    pub apres: BTreeMap<String, bool>,
}

/// What [`modifier`] did: the co-owners named as they now are (by name; the excluded ones
/// unchanged) and, for each whose stored rights changed, their rights before and after.
#[derive(Debug, Clone, Default)]
pub struct Modification {
    pub users: Vec<UserRecord>,
    pub changes: Vec<DroitsStockes>,
}

/// Sets `changements` on the co-owners `cible` names, in one transaction (all or none), and
/// answers them as they now are (by name) with what changed. Keys not named keep their value; keys outside the ten
/// are left as stored. On PostgreSQL the rows are locked first, so two changes at once never
/// lose one another's keys (SQLite has one writer at a time).
pub async fn modifier(
    db: &daftar_projections::Database,
    residence_id: i64,
    cible: Cible<'_>,
    changements: &[Changement],
) -> Result<Modification, sqlx::Error> {
    let verrou = match db.dialect {
        daftar_projections::db::Dialect::Postgres => " FOR UPDATE OF u",
        daftar_projections::db::Dialect::Sqlite => "",
    };
    let (condition, id) = match cible {
        Cible::Un(id) => (" AND u.id = $2", id),
        Cible::TousSauf(_) => (" AND $2 = 0", 0),
    };
    let sql = format!(
        "SELECT {} FROM users u JOIN residences r ON r.id = u.residence_id \
         WHERE u.residence_id = $1 AND u.active = 1 AND u.is_syndic = 0{condition} \
         ORDER BY u.nom, u.id{verrou}",
        crate::identity::USER_COLUMNS
    );
    let mut tx = db.pool.begin().await?;
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
    let mut users = Vec::with_capacity(rows.len());
    let mut changes = Vec::new();
    for row in &rows {
        let mut user = UserRecord::from_row(row)?;
        if let Cible::TousSauf(exclus) = cible {
            if exclus.contains(&user.id) {
                users.push(user);
                continue;
            }
        }
        let avant = user.features.clone();
        for (key, accorde) in changements {
            user.features.insert(key.cle().to_owned(), *accorde);
        }
        if user.features == avant {
            users.push(user);
            continue;
        }
        changes.push(DroitsStockes {
            user_id: user.id,
            nom: user.nom.clone(),
            avant,
            apres: user.features.clone(),
        });
        let texte = serde_json::to_string(&user.features)
            .map_err(|error| sqlx::Error::Encode(Box::new(error)))?;
        sqlx::query("UPDATE users SET features = $1 WHERE id = $2 AND residence_id = $3")
            .bind(texte)
            .bind(user.id)
            .bind(residence_id)
            .execute(&mut *tx)
            .await?;
        users.push(user);
    }
    tx.commit().await?;
    Ok(Modification { users, changes })
}

/// Undoes a change [`modifier`] made whose record failed (a change is never left without its
/// history): each co-owner gets their rights before back, unless another change has already
/// replaced those it set (that one stands).
pub async fn restaurer(
    db: &daftar_projections::Database,
    residence_id: i64,
    changes: &[DroitsStockes],
) -> Result<(), sqlx::Error> {
    let texte = |features: &BTreeMap<String, bool>| {
        serde_json::to_string(features).map_err(|error| sqlx::Error::Encode(Box::new(error)))
    };
    let mut tx = db.pool.begin().await?;
    for change in changes {
        sqlx::query(
            "UPDATE users SET features = $1 WHERE id = $2 AND residence_id = $3 AND features = $4",
        )
        .bind(texte(&change.avant)?)
        .bind(change.user_id)
        .bind(residence_id)
        .bind(texte(&change.apres)?)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(is_syndic: bool, features: &[(&str, bool)]) -> UserRecord {
        UserRecord {
            id: 1,
            residence_id: 1,
            residence_nom: "Les Jasmins".into(),
            residence_active: true,
            nom: "Leïla".into(),
            tel: "50000001".into(),
            email: None,
            birthday: None,
            gender: None,
            password_hash: None,
            is_syndic,
            is_finance: false,
            is_president: false,
            features: features
                .iter()
                .map(|(k, v)| ((*k).to_owned(), *v))
                .collect(),
            is_registration_finalized: true,
            active: true,
        }
    }

    #[test]
    fn a_key_never_set_is_granted() {
        let copro = user(false, &[]);
        for key in Visibilite::ALL {
            assert!(peut_voir(&copro, key), "{}", key.cle());
        }
    }

    #[test]
    fn a_key_set_to_false_is_refused_to_a_co_owner_only() {
        let copro = user(false, &[("see.charges", false), ("see.travaux", true)]);
        assert!(!peut_voir(&copro, Visibilite::Charges));
        assert!(peut_voir(&copro, Visibilite::Travaux));
        let council = user(true, &[("see.charges", false)]);
        assert!(peut_voir(&council, Visibilite::Charges));
    }

    #[test]
    fn resolved_features_give_the_ten_keys_and_only_them() {
        let copro = user(false, &[("see.budgets", false), ("autre.chose", false)]);
        let resolved = resolues(&copro);
        assert_eq!(resolved.len(), 10);
        assert!(!resolved["see.budgets"]);
        assert!(resolved["see.recettes"]);
        assert!(!resolved.contains_key("autre.chose"));
    }

    #[test]
    fn wire_names_read_back_and_split_into_dashboard_and_pages() {
        for key in Visibilite::ALL {
            assert_eq!(Visibilite::from_cle(key.cle()), Some(key));
            let json = serde_json::to_string(&key).unwrap();
            assert_eq!(json, format!("\"{}\"", key.cle()));
        }
        assert_eq!(Visibilite::from_cle("see.tout"), None);
        let dashboard = Visibilite::ALL
            .into_iter()
            .filter(|k| k.du_tableau_de_bord())
            .count();
        assert_eq!(dashboard, 3);
    }
}
