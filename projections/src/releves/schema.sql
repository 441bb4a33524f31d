-- Read model: the bank statements imported for each account (issue 22).
CREATE TABLE IF NOT EXISTS releves_view (
    residence_id    BIGINT NOT NULL,
    releve_id       BIGINT NOT NULL,
    compte_id       BIGINT NOT NULL,
    format          TEXT   NOT NULL,
    sha256          TEXT   NOT NULL,
    nom_fichier     TEXT,
    du              TEXT   NOT NULL,
    au              TEXT   NOT NULL,
    importe_le      TEXT   NOT NULL,
    solde_ouverture BIGINT,
    solde_cloture   BIGINT,
    PRIMARY KEY (residence_id, releve_id)
);
CREATE INDEX IF NOT EXISTS releves_view_compte ON releves_view (residence_id, compte_id);
-- The new lines each statement brought.
CREATE TABLE IF NOT EXISTS releves_lignes_view (
    residence_id BIGINT NOT NULL,
    releve_id    BIGINT NOT NULL,
    numero       BIGINT NOT NULL,
    date         TEXT   NOT NULL,
    libelle      TEXT   NOT NULL,
    montant      BIGINT NOT NULL,
    reference    TEXT,
    PRIMARY KEY (residence_id, releve_id, numero)
);
-- The statement line each movement was pointed with (while it stays so).
CREATE TABLE IF NOT EXISTS releves_liens_view (
    residence_id BIGINT NOT NULL,
    mouvement    TEXT   NOT NULL,
    mouvement_id BIGINT NOT NULL,
    releve_id    BIGINT NOT NULL,
    numero       BIGINT NOT NULL,
    PRIMARY KEY (residence_id, mouvement, mouvement_id)
);
CREATE INDEX IF NOT EXISTS releves_liens_view_ligne ON releves_liens_view (residence_id, releve_id);
-- The column mapping last used with each bank (its name lowercased).
CREATE TABLE IF NOT EXISTS releves_mappings_view (
    residence_id BIGINT NOT NULL,
    banque       TEXT   NOT NULL,
    mapping      TEXT   NOT NULL,
    PRIMARY KEY (residence_id, banque)
)
