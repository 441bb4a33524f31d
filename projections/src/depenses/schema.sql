-- Read model of the current charges and works, their payments and their files (spec 2 §3
-- "Charge", "Travaux", "Payment"). Amounts are integer millimes, dates ISO texts. What is paid
-- and what remains are read when asked from the payments, never kept.
CREATE TABLE IF NOT EXISTS depenses_view (
    residence_id     BIGINT NOT NULL,
    depense_id       BIGINT NOT NULL,
    -- charge | travaux
    nature           TEXT   NOT NULL,
    titre            TEXT   NOT NULL,
    montant_total    BIGINT NOT NULL,
    date_facture     TEXT   NOT NULL,
    fournisseur_id   BIGINT NOT NULL,
    categorie_id     BIGINT,
    commentaire      TEXT,
    description      TEXT,
    -- 1 approved, 0 refused, NULL undecided (works only)
    is_approved      BIGINT,
    -- assemblee | vote | NULL
    approbateur_type TEXT,
    approbateur_id   BIGINT,
    PRIMARY KEY (residence_id, depense_id)
);

CREATE TABLE IF NOT EXISTS depenses_paiements_view (
    residence_id  BIGINT NOT NULL,
    paiement_id   BIGINT NOT NULL,
    depense_id    BIGINT NOT NULL,
    montant       BIGINT NOT NULL,
    date_paiement TEXT   NOT NULL,
    methode       TEXT   NOT NULL,
    reference     TEXT,
    compte_id     BIGINT,
    PRIMARY KEY (residence_id, paiement_id)
);
CREATE INDEX IF NOT EXISTS depenses_paiements_view_depense ON depenses_paiements_view (residence_id, depense_id);

-- Every file attached to a record, whichever module owns the record (`proprietaire`: depense…).
CREATE TABLE IF NOT EXISTS documents_view (
    residence_id    BIGINT NOT NULL,
    document_id     BIGINT NOT NULL,
    proprietaire    TEXT   NOT NULL,
    proprietaire_id BIGINT NOT NULL,
    -- facture | devis | doc
    nature          TEXT   NOT NULL,
    titre           TEXT   NOT NULL,
    content_type    TEXT   NOT NULL,
    taille          BIGINT NOT NULL,
    sha256          TEXT   NOT NULL,
    PRIMARY KEY (residence_id, document_id)
);
CREATE INDEX IF NOT EXISTS documents_view_proprietaire ON documents_view (residence_id, proprietaire, proprietaire_id);
