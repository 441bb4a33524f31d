-- Read model: the fiscal years of each residence (first created by migration 0001).
CREATE TABLE IF NOT EXISTS exercices_view (
    residence_id BIGINT  NOT NULL,
    annee        BIGINT  NOT NULL,
    statut       TEXT    NOT NULL,
    ouvert_le    TEXT    NOT NULL,
    cloture_le   TEXT,
    PRIMARY KEY (residence_id, annee)
);
-- The closing pack of each closed year: each document's file name and SHA-256 (its bytes are
-- in the documents' store under that hash).
CREATE TABLE IF NOT EXISTS exercices_pack (
    residence_id BIGINT NOT NULL,
    annee        BIGINT NOT NULL,
    document     TEXT   NOT NULL,
    sha256       TEXT   NOT NULL,
    PRIMARY KEY (residence_id, annee, document)
);
