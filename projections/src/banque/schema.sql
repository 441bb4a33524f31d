-- Read model of the bank (spec 2 §3 "Bank account", "Bank operation", "Transfer", "Cheque
-- deposit", "Reconciliation"): the accounts, their movements and the cheques received.
-- Amounts are integer millimes, dates ISO texts. A movement's `date_banque` is its pointing
-- (NULL: not pointed). Balances are read when asked, never kept (a movement is one row).
CREATE TABLE IF NOT EXISTS banque_comptes_view (
    residence_id       BIGINT  NOT NULL,
    compte_id          BIGINT  NOT NULL,
    libelle            TEXT    NOT NULL,
    banque             TEXT    NOT NULL,
    type_compte        TEXT    NOT NULL,
    adresse_agence     TEXT,
    rib                TEXT,
    swift              TEXT,
    iban               TEXT,
    commentaire        TEXT,
    is_main            BIGINT  NOT NULL,
    solde_initial      BIGINT  NOT NULL,
    date_solde_initial TEXT    NOT NULL,
    PRIMARY KEY (residence_id, compte_id)
);

-- Withdrawals, deposits, fees and interest, each on one account.
CREATE TABLE IF NOT EXISTS banque_operations_view (
    residence_id   BIGINT  NOT NULL,
    operation_id   BIGINT  NOT NULL,
    compte_id      BIGINT  NOT NULL,
    type_operation TEXT    NOT NULL,
    libelle        TEXT    NOT NULL,
    montant        BIGINT  NOT NULL,
    date_operation TEXT    NOT NULL,
    date_banque    TEXT,
    commentaire    TEXT,
    PRIMARY KEY (residence_id, operation_id)
);
-- An account's operations by date: its year's movements, its balance at a date.
CREATE INDEX IF NOT EXISTS banque_operations_view_compte ON banque_operations_view (residence_id, compte_id, date_operation);

-- A transfer is two movements, each side pointed on its own.
CREATE TABLE IF NOT EXISTS banque_transferts_view (
    residence_id       BIGINT  NOT NULL,
    transfert_id       BIGINT  NOT NULL,
    source             BIGINT  NOT NULL,
    destination        BIGINT  NOT NULL,
    montant            BIGINT  NOT NULL,
    date_transfert     TEXT    NOT NULL,
    reference          TEXT,
    commentaire        TEXT,
    date_banque_sortie TEXT,
    date_banque_entree TEXT,
    PRIMARY KEY (residence_id, transfert_id)
);

-- A cheque deposit, for the total of its cheques.
CREATE TABLE IF NOT EXISTS banque_remises_view (
    residence_id   BIGINT  NOT NULL,
    remise_id      BIGINT  NOT NULL,
    compte_id      BIGINT  NOT NULL,
    date_remise    TEXT    NOT NULL,
    reference      TEXT,
    commentaire    TEXT,
    montant        BIGINT  NOT NULL,
    nombre_cheques BIGINT  NOT NULL,
    date_banque    TEXT,
    PRIMARY KEY (residence_id, remise_id)
);

-- The live receipts the bank sees (collections, revenue contracts' payments, exceptional
-- revenues): cheques (compte_id NULL; remise_id NULL while pending)
-- and transfers or bank deposits (virement, versement) on the account they landed on. Cash,
-- and bank payments recorded before any account existed, have no row.
CREATE TABLE IF NOT EXISTS banque_encaissements_view (
    residence_id    BIGINT  NOT NULL,
    encaissement_id BIGINT  NOT NULL,
    -- encaissement | paiement_contrat | revenu_exceptionnel | reglement_passerelle (the online
    -- payment gateway's settlement, for its net): one id sequence for the four
    origine         TEXT    NOT NULL,
    methode         TEXT    NOT NULL,
    compte_id       BIGINT,
    montant         BIGINT  NOT NULL,
    date_paiement   TEXT    NOT NULL,
    reference       TEXT,
    remise_id       BIGINT,
    date_banque     TEXT,
    PRIMARY KEY (residence_id, encaissement_id)
);
CREATE INDEX IF NOT EXISTS banque_encaissements_view_remise ON banque_encaissements_view (residence_id, remise_id);
-- An account's collections by date, with their amounts: the reconciliation reads the year's
-- rows only, and a balance at a date sums them from the index alone.
CREATE INDEX IF NOT EXISTS banque_encaissements_view_compte ON banque_encaissements_view (residence_id, compte_id, date_paiement, montant);

-- The payments of charges and works that left an account (every method but cash, once a bank
-- account existed): money out.
CREATE TABLE IF NOT EXISTS banque_paiements_depenses_view (
    residence_id  BIGINT  NOT NULL,
    paiement_id   BIGINT  NOT NULL,
    depense_id    BIGINT  NOT NULL,
    compte_id     BIGINT  NOT NULL,
    methode       TEXT    NOT NULL,
    montant       BIGINT  NOT NULL,
    date_paiement TEXT    NOT NULL,
    reference     TEXT,
    date_banque   TEXT,
    PRIMARY KEY (residence_id, paiement_id)
);
CREATE INDEX IF NOT EXISTS banque_paiements_depenses_view_compte ON banque_paiements_depenses_view (residence_id, compte_id, date_paiement, montant);

-- The salaries paid by cheque or transfer, once a bank account existed: money out. The
-- employee's name is read from the payroll model's table when listed.
CREATE TABLE IF NOT EXISTS banque_paiements_salaires_view (
    residence_id  BIGINT  NOT NULL,
    paiement_id   BIGINT  NOT NULL,
    salarie_id    BIGINT  NOT NULL,
    compte_id     BIGINT  NOT NULL,
    methode       TEXT    NOT NULL,
    montant       BIGINT  NOT NULL,
    date_paiement TEXT    NOT NULL,
    -- the first day of the month paid
    mois          TEXT    NOT NULL,
    reference     TEXT,
    date_banque   TEXT,
    PRIMARY KEY (residence_id, paiement_id)
);
CREATE INDEX IF NOT EXISTS banque_paiements_salaires_view_compte ON banque_paiements_salaires_view (residence_id, compte_id, date_paiement, montant);

-- The employer-charge payments that left an account (every method but cash): money out.
CREATE TABLE IF NOT EXISTS banque_charges_patronales_view (
    residence_id  BIGINT  NOT NULL,
    charge_id     BIGINT  NOT NULL,
    compte_id     BIGINT  NOT NULL,
    methode       TEXT    NOT NULL,
    montant       BIGINT  NOT NULL,
    date_paiement TEXT    NOT NULL,
    titre         TEXT    NOT NULL,
    reference     TEXT,
    date_banque   TEXT,
    PRIMARY KEY (residence_id, charge_id)
);
CREATE INDEX IF NOT EXISTS banque_charges_patronales_view_compte ON banque_charges_patronales_view (residence_id, compte_id, date_paiement, montant);

-- The payments of expense contracts that left an account (every method but cash, once a bank
-- account existed): money out. Their ids are the receipts' sequence (see the domain's
-- `contrats`), never a collection's.
CREATE TABLE IF NOT EXISTS banque_paiements_contrats_view (
    residence_id  BIGINT  NOT NULL,
    paiement_id   BIGINT  NOT NULL,
    contrat_id    BIGINT  NOT NULL,
    compte_id     BIGINT  NOT NULL,
    methode       TEXT    NOT NULL,
    montant       BIGINT  NOT NULL,
    date_paiement TEXT    NOT NULL,
    reference     TEXT,
    date_banque   TEXT,
    PRIMARY KEY (residence_id, paiement_id)
);
CREATE INDEX IF NOT EXISTS banque_paiements_contrats_view_compte ON banque_paiements_contrats_view (residence_id, compte_id, date_paiement, montant);
