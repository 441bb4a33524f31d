-- The notifications of each user (spec 3 §3 "Notification", §4 "Notifications"; issue 18). A
-- plain table (ADR 0005): rows are written by the modules that notify (announcements, breakdown
-- reports…) in their own transaction, and read and marked read by their user only.
-- `title_key` is a key of the client's `notifications:titres` catalogue (docs/api-communaute.md
-- "Notification titles"), `params` a JSON object the client may interpolate, `lien` a path of
-- the app. `lu_le` is NULL while unread.
CREATE TABLE IF NOT EXISTS notifications (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id  BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    icon          TEXT    NOT NULL,
    title_key     TEXT    NOT NULL,
    params        TEXT    NOT NULL,
    lien          TEXT,
    cree_le       TEXT    NOT NULL,
    lu_le         TEXT
);
CREATE INDEX IF NOT EXISTS notifications_par_utilisateur ON notifications (user_id, id);
