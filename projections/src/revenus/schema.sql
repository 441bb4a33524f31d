-- Read model of revenue: cotisations, their montants dûs and the allocation table (the
-- encaissements against the dues are a model of their own: encaissements.sql).
-- Amounts are integer millimes. What a due was paid is the sum of its live encaissements, read
-- when asked (version 2; version 1 kept it in montants_dus_view.paye, updated by every
-- collection).
CREATE TABLE IF NOT EXISTS cotisations_view (
    residence_id    BIGINT  NOT NULL,
    cotisation_id   BIGINT  NOT NULL,
    titre           TEXT    NOT NULL,
    type_cotisation TEXT    NOT NULL,
    repartition     TEXT    NOT NULL,
    date_debut      TEXT    NOT NULL,
    date_fin        TEXT    NOT NULL,
    date_echeance   TEXT    NOT NULL,
    PRIMARY KEY (residence_id, cotisation_id)
);

CREATE TABLE IF NOT EXISTS montants_dus_view (
    residence_id  BIGINT  NOT NULL,
    montant_du_id BIGINT  NOT NULL,
    cotisation_id BIGINT  NOT NULL,
    appel         BIGINT  NOT NULL,
    appel_debut   TEXT    NOT NULL,
    appel_fin     TEXT    NOT NULL,
    date_echeance TEXT    NOT NULL,
    propriete_id  BIGINT  NOT NULL,
    payeur_id     BIGINT,
    montant       BIGINT  NOT NULL,
    PRIMARY KEY (residence_id, montant_du_id)
);
CREATE INDEX IF NOT EXISTS montants_dus_view_cotisation ON montants_dus_view (residence_id, cotisation_id);
CREATE INDEX IF NOT EXISTS montants_dus_view_propriete ON montants_dus_view (residence_id, propriete_id);
CREATE INDEX IF NOT EXISTS montants_dus_view_payeur ON montants_dus_view (residence_id, payeur_id);

CREATE TABLE IF NOT EXISTS repartition_view (
    residence_id BIGINT  NOT NULL,
    propriete_id BIGINT  NOT NULL,
    montant      BIGINT  NOT NULL,
    PRIMARY KEY (residence_id, propriete_id)
);
