-- Read model of the books (issue 12, ADR 0007): the journal's entries of each residence,
-- numbered per exercice (the calendar year of their date) 1, 2, 3… without gaps in the order
-- they were posted, with their lines. An entry stands (en_vigueur = 1) until a correction of its
-- record posts its contra-entry (extourne_de = the reversed entry's number, same exercice).
-- Amounts are integer millimes; accounts are the chart's numbers as printed ("450", "512001").
-- An entry's lines are in its row (`lignes`, JSON: [[account, debit, credit], …] in order):
-- posting writes one row per entry, and every question asked of the lines is asked of one
-- residence's exercice (its entries read by the key's prefix), or of the running totals below.
CREATE TABLE IF NOT EXISTS ecritures (
    residence_id  BIGINT NOT NULL,
    exercice      BIGINT NOT NULL,
    numero        BIGINT NOT NULL,
    date_ecriture TEXT   NOT NULL,
    libelle       TEXT   NOT NULL,
    source_nature TEXT   NOT NULL,
    source_id     BIGINT NOT NULL,
    extourne_de   BIGINT,
    en_vigueur    BIGINT NOT NULL,
    lignes        TEXT   NOT NULL,
    PRIMARY KEY (residence_id, exercice, numero)
);
CREATE INDEX IF NOT EXISTS ecritures_source ON ecritures (residence_id, source_nature, source_id);
-- The entries of some days of an exercice: the days of a begun month that the treasury and the
-- dashboard's months take from the entries (usually none: the days after today).
CREATE INDEX IF NOT EXISTS ecritures_date ON ecritures (residence_id, exercice, date_ecriture);
-- The last number given in each exercice of a residence.
CREATE TABLE IF NOT EXISTS ecritures_compteurs (
    residence_id   BIGINT NOT NULL,
    exercice       BIGINT NOT NULL,
    dernier_numero BIGINT NOT NULL,
    PRIMARY KEY (residence_id, exercice)
);
-- Σ debit and Σ credit of the lines of each account in each month (1–12) of each exercice:
-- the trial balance (Σ over the exercice's months), the ledger's opening balances (Σ over the
-- earlier exercices), the treasury at a date and the dashboard's months (whole months from here,
-- the days of a month begun from its entries), read without summing the lines. Each batch adds
-- its lines' sums (one upsert); equal to the lines' sums by construction
-- (projections/tests/comptabilite.rs checks it).
CREATE TABLE IF NOT EXISTS ecritures_soldes (
    residence_id BIGINT NOT NULL,
    exercice     BIGINT NOT NULL,
    mois         BIGINT NOT NULL,
    compte       TEXT   NOT NULL,
    debit        BIGINT NOT NULL,
    credit       BIGINT NOT NULL,
    PRIMARY KEY (residence_id, exercice, mois, compte)
);
