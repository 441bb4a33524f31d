-- Read model of the payroll (spec 2 §3 "Employee", "Salary payment", "Employer-charge
-- payment"). Amounts are integer millimes, dates ISO texts; a rate is in hundredths of a
-- percent. What an employee was paid is read when asked from the payments, never kept.
CREATE TABLE IF NOT EXISTS salaries_view (
    residence_id    BIGINT NOT NULL,
    salarie_id      BIGINT NOT NULL,
    nom             TEXT   NOT NULL,
    poste           TEXT   NOT NULL,
    tel             TEXT   NOT NULL,
    cin             TEXT,
    date_naissance  TEXT,
    adresse         TEXT,
    salaire         BIGINT NOT NULL,
    -- NULL: declared without employer charges ("sans")
    taux_centiemes  BIGINT,
    numero_cnss     TEXT,
    rib             TEXT,
    date_debut      TEXT   NOT NULL,
    date_fin        TEXT,
    commentaire     TEXT,
    PRIMARY KEY (residence_id, salarie_id)
);

CREATE TABLE IF NOT EXISTS salaires_paiements_view (
    residence_id  BIGINT NOT NULL,
    paiement_id   BIGINT NOT NULL,
    salarie_id    BIGINT NOT NULL,
    -- the first day of the month paid
    mois          TEXT   NOT NULL,
    montant       BIGINT NOT NULL,
    date_paiement TEXT   NOT NULL,
    methode       TEXT   NOT NULL,
    reference     TEXT,
    commentaire   TEXT,
    compte_id     BIGINT,
    PRIMARY KEY (residence_id, paiement_id)
);
CREATE INDEX IF NOT EXISTS salaires_paiements_view_salarie ON salaires_paiements_view (residence_id, salarie_id);

CREATE TABLE IF NOT EXISTS charges_patronales_view (
    residence_id  BIGINT NOT NULL,
    charge_id     BIGINT NOT NULL,
    titre         TEXT   NOT NULL,
    montant       BIGINT NOT NULL,
    date_paiement TEXT   NOT NULL,
    methode       TEXT   NOT NULL,
    reference     TEXT,
    commentaire   TEXT,
    compte_id     BIGINT,
    PRIMARY KEY (residence_id, charge_id)
);
