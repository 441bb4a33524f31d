-- Read model of revenue: the encaissements (collections) against the montants dûs. What a due
-- was paid is the sum of its live (annule = 0) encaissements. Amounts are integer millimes.
CREATE TABLE IF NOT EXISTS encaissements_view (
    residence_id    BIGINT  NOT NULL,
    encaissement_id BIGINT  NOT NULL,
    montant_du_id   BIGINT  NOT NULL,
    montant         BIGINT  NOT NULL,
    date_paiement   TEXT    NOT NULL,
    methode         TEXT    NOT NULL,
    reference       TEXT,
    numero_recu     TEXT    NOT NULL,
    annule          BIGINT  NOT NULL,
    modifie_le      TEXT    NOT NULL,
    PRIMARY KEY (residence_id, encaissement_id)
);
CREATE INDEX IF NOT EXISTS encaissements_view_du ON encaissements_view (residence_id, montant_du_id);
