-- Read model of the clients, the revenue and expense contracts with their payments, and the
-- exceptional revenues (spec 1 §3 "Client", "Revenue contract", "Exceptional revenue"; spec 2
-- §3 "Expense contract"). Amounts are integer millimes, dates ISO texts. What is paid and what
-- is due are read when asked, never kept. Contracts' files are rows of `documents_view` (the
-- expenses model's register of attached files, `proprietaire = 'contrat'`).
CREATE TABLE IF NOT EXISTS clients_view (
    residence_id     BIGINT NOT NULL,
    client_id        BIGINT NOT NULL,
    nom              TEXT   NOT NULL,
    tel              TEXT,
    email            TEXT,
    adresse          TEXT,
    ville            TEXT,
    gouvernorat      BIGINT,
    activite         TEXT,
    matricule_fiscal TEXT,
    commentaire      TEXT,
    PRIMARY KEY (residence_id, client_id)
);

CREATE TABLE IF NOT EXISTS contrats_view (
    residence_id   BIGINT NOT NULL,
    contrat_id     BIGINT NOT NULL,
    -- revenu | depense
    sens           TEXT   NOT NULL,
    titre          TEXT   NOT NULL,
    montant        BIGINT NOT NULL,
    date_debut     TEXT   NOT NULL,
    date_fin       TEXT,
    periodicite    TEXT   NOT NULL,
    client_id      BIGINT,
    fournisseur_id BIGINT,
    categorie_id   BIGINT,
    commentaire    TEXT,
    PRIMARY KEY (residence_id, contrat_id)
);

CREATE TABLE IF NOT EXISTS contrats_paiements_view (
    residence_id  BIGINT NOT NULL,
    paiement_id   BIGINT NOT NULL,
    contrat_id    BIGINT NOT NULL,
    montant       BIGINT NOT NULL,
    date_paiement TEXT   NOT NULL,
    methode       TEXT   NOT NULL,
    reference     TEXT,
    compte_id     BIGINT,
    PRIMARY KEY (residence_id, paiement_id)
);
CREATE INDEX IF NOT EXISTS contrats_paiements_view_contrat ON contrats_paiements_view (residence_id, contrat_id);

CREATE TABLE IF NOT EXISTS revenus_exceptionnels_view (
    residence_id  BIGINT NOT NULL,
    revenu_id     BIGINT NOT NULL,
    titre         TEXT   NOT NULL,
    montant       BIGINT NOT NULL,
    date_paiement TEXT   NOT NULL,
    methode       TEXT   NOT NULL,
    reference     TEXT,
    commentaire   TEXT,
    client_id     BIGINT,
    compte_id     BIGINT,
    PRIMARY KEY (residence_id, revenu_id)
);
