-- Online payment through Konnect (issue 21). Plain tables (ADR 0005): a payment request is not
-- money (the money is the encaissements the ledger records once the gateway confirms).
-- The residence's settings: the API key is stored encrypted (AES-256-GCM, nonce || ciphertext,
-- base64) with a server key kept outside the database; `verrou` is bumped first by every new
-- request, the lock that orders two requests of one residence on both stores.
CREATE TABLE IF NOT EXISTS paiement_en_ligne_configurations (
    residence_id             BIGINT  PRIMARY KEY,
    active                   BIGINT  NOT NULL,
    wallet_id                TEXT,
    cle_api_chiffree         TEXT,
    frais_au_coproprietaire  BIGINT  NOT NULL,
    methodes                 TEXT    NOT NULL,
    compte_id                BIGINT,
    verrou                   BIGINT  NOT NULL DEFAULT 0,
    modifie_par              BIGINT  NOT NULL,
    modifie_le               TEXT    NOT NULL
);
-- A payment request: an exact set of dues (`paiement_en_ligne_dus`) and amount (millimes), a short
-- life (`expire_le`, UTC). `statut`: en_attente, payee, echouee, expiree. "Pending covers the due"
-- = en_attente and expire_le > now. `reference` is the gateway's paymentRef (unique).
CREATE TABLE IF NOT EXISTS paiements_en_ligne (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id      BIGINT  NOT NULL,
    user_id           BIGINT  NOT NULL,
    propriete_id      BIGINT  NOT NULL,
    reference         TEXT    UNIQUE,
    pay_url           TEXT,
    montant           BIGINT  NOT NULL,
    montant_paye      BIGINT,
    statut            TEXT    NOT NULL,
    expire_le         TEXT    NOT NULL,
    cree_le           TEXT    NOT NULL,
    paye_le           TEXT,
    encaissements     TEXT,
    trop_percu        BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS paiements_en_ligne_par_residence ON paiements_en_ligne (residence_id, statut);
CREATE TABLE IF NOT EXISTS paiement_en_ligne_dus (
    paiement_id    BIGINT  NOT NULL,
    residence_id   BIGINT  NOT NULL,
    montant_du_id  BIGINT  NOT NULL,
    montant        BIGINT  NOT NULL,
    PRIMARY KEY (paiement_id, montant_du_id)
);
CREATE INDEX IF NOT EXISTS paiement_en_ligne_dus_par_du ON paiement_en_ligne_dus (residence_id, montant_du_id);
