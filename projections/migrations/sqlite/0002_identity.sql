-- Identity and access: residences, their users, server-side sessions and the login throttle.
--
-- Flags are INTEGER 0/1 on both stores: sqlx's Any driver maps a SQLite value by its storage
-- class (integer), so a BOOLEAN column could not be decoded as `bool` on both stores.
-- Ids are never reused (AUTOINCREMENT): the ledger and the audit trail refer to them forever.
CREATE TABLE residences (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    nom        TEXT    NOT NULL,
    ville      TEXT    NOT NULL,
    active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at TEXT    NOT NULL
);

-- One sign-in per phone number: `tel` is unique across all residences.
-- `password_hash` is NULL until a password is set (such a user cannot sign in).
-- `features` is a JSON object mapping a permission key to a boolean.
CREATE TABLE users (
    id                        INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id              INTEGER NOT NULL REFERENCES residences (id),
    tel                       TEXT    NOT NULL UNIQUE,
    nom                       TEXT    NOT NULL,
    email                     TEXT,
    birthday                  TEXT,
    gender                    TEXT,
    password_hash             TEXT,
    is_syndic                 INTEGER NOT NULL DEFAULT 0 CHECK (is_syndic IN (0, 1)),
    is_finance                INTEGER NOT NULL DEFAULT 0 CHECK (is_finance IN (0, 1)),
    is_president              INTEGER NOT NULL DEFAULT 0 CHECK (is_president IN (0, 1)),
    features                  TEXT    NOT NULL DEFAULT '{}',
    is_registration_finalized INTEGER NOT NULL DEFAULT 0 CHECK (is_registration_finalized IN (0, 1)),
    active                    INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at                TEXT    NOT NULL
);
CREATE INDEX users_residence ON users (residence_id);

-- The cookie carries a random token; only its SHA-256 (hex) is stored, so a leaked table does
-- not hand out live sessions.
CREATE TABLE sessions (
    token_hash   TEXT    NOT NULL PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TEXT    NOT NULL,
    last_seen_at TEXT    NOT NULL,
    expires_at   TEXT    NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- Failed sign-ins per phone number, kept in the database so the throttle survives a restart.
CREATE TABLE login_attempts (
    tel          TEXT NOT NULL,
    attempted_at TEXT NOT NULL
);
CREATE INDEX login_attempts_tel ON login_attempts (tel, attempted_at);
