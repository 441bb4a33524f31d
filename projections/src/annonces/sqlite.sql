-- The residence's announcements (spec 3 §2.8, §3 "Annonce", §7 "Announcements"; issue 18). A
-- plain table (ADR 0005): an announcement is corrected in place and withdrawn (`supprime_le`),
-- the row staying. `date_fin` (`yyyy-MM-dd`) is its last day shown: active through it, archived
-- the day after, by the residence's clock.
CREATE TABLE IF NOT EXISTS annonces (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id  BIGINT  NOT NULL,
    description   TEXT    NOT NULL,
    date_fin      TEXT    NOT NULL,
    cree_par      BIGINT  NOT NULL,
    cree_le       TEXT    NOT NULL,
    modifie_par   BIGINT,
    modifie_le    TEXT,
    supprime_par  BIGINT,
    supprime_le   TEXT
);
CREATE INDEX IF NOT EXISTS annonces_par_residence ON annonces (residence_id, date_fin);
