-- Debt recovery (issue 16; docs/api-recouvrement.md): SMS credits, reminders sent, letters
-- issued. Plain tables (ADR 0005): none of this is money of the books.
-- The residence's SMS balance, one row per residence: every change of credits updates it in the
-- transaction that records the movement, and takes its row first (the lock that orders two
-- sends of one residence).
CREATE TABLE IF NOT EXISTS sms_soldes (
    residence_id BIGINT PRIMARY KEY,
    solde        BIGINT NOT NULL
);
-- SMS packs bought (recorded by support: `daftar sms acheter`). Totals in millimes.
CREATE TABLE IF NOT EXISTS sms_achats (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id  BIGINT NOT NULL,
    units         BIGINT NOT NULL CHECK (units > 0),
    date_facture  TEXT   NOT NULL,
    total_ht      BIGINT NOT NULL,
    total_ttc     BIGINT NOT NULL,
    cree_le       TEXT   NOT NULL
);
CREATE INDEX IF NOT EXISTS sms_achats_par_residence ON sms_achats (residence_id);
-- One reminder: stored `queued` before the gateway is called, then `sent`, `delivered` or
-- `failed`. `cree_le_ms` (epoch milliseconds) serves the double-submit window.
CREATE TABLE IF NOT EXISTS sms_messages (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id     BIGINT NOT NULL,
    occupant_id      BIGINT NOT NULL,
    tel              TEXT   NOT NULL,
    contenu          TEXT   NOT NULL,
    langue           TEXT   NOT NULL,
    segments         BIGINT NOT NULL,
    credits          BIGINT NOT NULL,
    etat             TEXT   NOT NULL CHECK (etat IN ('queued', 'sent', 'delivered', 'failed')),
    passerelle       TEXT   NOT NULL,
    provider_id      TEXT,
    erreur           TEXT,
    idempotency_key  TEXT,
    envoye_par       BIGINT NOT NULL,
    sender_nom       TEXT   NOT NULL,
    cree_le          TEXT   NOT NULL,
    cree_le_ms       BIGINT NOT NULL,
    maj_le           TEXT   NOT NULL
);
CREATE INDEX IF NOT EXISTS sms_messages_par_occupant ON sms_messages (residence_id, occupant_id);
CREATE INDEX IF NOT EXISTS sms_messages_fournisseur ON sms_messages (provider_id);
CREATE UNIQUE INDEX IF NOT EXISTS sms_messages_cle ON sms_messages (residence_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
-- Every change of the balance: a purchase (+units), a send (-credits), a refund (+credits).
-- A message is debited once and refunded at most once (the unique index).
CREATE TABLE IF NOT EXISTS sms_credits (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id  BIGINT NOT NULL,
    delta         BIGINT NOT NULL,
    motif         TEXT   NOT NULL CHECK (motif IN ('achat', 'envoi', 'remboursement')),
    achat_id      BIGINT,
    message_id    BIGINT,
    le            TEXT   NOT NULL
);
CREATE INDEX IF NOT EXISTS sms_credits_par_residence ON sms_credits (residence_id);
CREATE UNIQUE INDEX IF NOT EXISTS sms_credits_une_fois ON sms_credits (message_id, motif)
    WHERE message_id IS NOT NULL;
-- A reminder letter issued: who, when, which type and language, the amounts it listed (JSON)
-- and their total in millimes.
CREATE TABLE IF NOT EXISTS lettres_recouvrement (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id  BIGINT NOT NULL,
    occupant_id   BIGINT NOT NULL,
    lettre_type   TEXT   NOT NULL,
    langue        TEXT   NOT NULL,
    total         BIGINT NOT NULL,
    montants      TEXT   NOT NULL,
    emis_par      BIGINT NOT NULL,
    emetteur_nom  TEXT   NOT NULL,
    emis_le       TEXT   NOT NULL
);
CREATE INDEX IF NOT EXISTS lettres_recouvrement_par_occupant
    ON lettres_recouvrement (residence_id, occupant_id);
