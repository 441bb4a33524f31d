-- The residence's rules documents (règlement de copropriété, règlement intérieur): spec 3 §3
-- "Reglement creation", §4 "Rules document". A plain table (ADR 0005): a document can be
-- withdrawn (`supprime_le`), and the row stays for whoever asks what was in force when.
-- The PDF itself is in the documents' object store under its SHA-256 (ADR 0008).
-- `est_actuel` is 0/1: at most one current document per residence among those not withdrawn.
CREATE TABLE IF NOT EXISTS reglements (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id  BIGINT  NOT NULL,
    titre         TEXT    NOT NULL,
    commentaire   TEXT,
    est_actuel    INTEGER NOT NULL CHECK (est_actuel IN (0, 1)),
    nom_fichier   TEXT    NOT NULL,
    content_type  TEXT    NOT NULL,
    taille        BIGINT  NOT NULL,
    sha256        TEXT    NOT NULL,
    cree_par      BIGINT  NOT NULL,
    cree_le       TEXT    NOT NULL,
    supprime_par  BIGINT,
    supprime_le   TEXT
);
CREATE INDEX IF NOT EXISTS reglements_par_residence ON reglements (residence_id, supprime_le);
-- Two documents made current at the same time by two requests: the second one's insert fails
-- here and is retried after the first committed (so it unsets the first).
CREATE UNIQUE INDEX IF NOT EXISTS reglements_un_seul_actuel ON reglements (residence_id)
    WHERE est_actuel = 1 AND supprime_le IS NULL;
