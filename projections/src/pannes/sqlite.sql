-- The residence's breakdown reports, their comments and photos (spec 3 §2.7, §3 "Panne",
-- "Comment", §4 "Panne status", §7 "Pannes"; issue 18). Plain tables (ADR 0005): reports and
-- comments are corrected in place and withdrawn (`supprime_le`), the rows staying.
-- `statut` is one of ouvert, analyse, reparation, resolu, archive; `statut_modifie_le` is set
-- the first time a council member changes it: from then on the report cannot be withdrawn.
CREATE TABLE IF NOT EXISTS pannes (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id       BIGINT  NOT NULL,
    description        TEXT    NOT NULL,
    statut             TEXT    NOT NULL
        CHECK (statut IN ('ouvert', 'analyse', 'reparation', 'resolu', 'archive')),
    auteur_id          BIGINT  NOT NULL,
    cree_le            TEXT    NOT NULL,
    modifie_le         TEXT,
    statut_modifie_par BIGINT,
    statut_modifie_le  TEXT,
    supprime_par       BIGINT,
    supprime_le        TEXT
);
CREATE INDEX IF NOT EXISTS pannes_par_residence ON pannes (residence_id, supprime_le);
CREATE TABLE IF NOT EXISTS panne_commentaires (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id  BIGINT  NOT NULL,
    panne_id      BIGINT  NOT NULL,
    auteur_id     BIGINT  NOT NULL,
    description   TEXT    NOT NULL,
    cree_le       TEXT    NOT NULL,
    modifie_le    TEXT,
    supprime_le   TEXT
);
CREATE INDEX IF NOT EXISTS panne_commentaires_par_panne ON panne_commentaires (panne_id);
-- A photo belongs to a report (`commentaire_id` NULL) or to one of its comments. Its bytes are
-- in the documents' object store under their SHA-256 (ADR 0008); `retire_le` is set when a
-- comment's edit drops it.
CREATE TABLE IF NOT EXISTS panne_photos (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id    BIGINT  NOT NULL,
    panne_id        BIGINT  NOT NULL,
    commentaire_id  BIGINT,
    titre           TEXT    NOT NULL,
    content_type    TEXT    NOT NULL,
    taille          BIGINT  NOT NULL,
    sha256          TEXT    NOT NULL,
    cree_le         TEXT    NOT NULL,
    retire_le       TEXT
);
CREATE INDEX IF NOT EXISTS panne_photos_par_panne ON panne_photos (panne_id);
