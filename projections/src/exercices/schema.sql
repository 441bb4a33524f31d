-- Read model: the fiscal years of each residence (first created by migration 0001).
CREATE TABLE IF NOT EXISTS exercices_view (
    residence_id BIGINT  NOT NULL,
    annee        BIGINT  NOT NULL,
    statut       TEXT    NOT NULL,
    ouvert_le    TEXT    NOT NULL,
    cloture_le   TEXT,
    PRIMARY KEY (residence_id, annee)
);
