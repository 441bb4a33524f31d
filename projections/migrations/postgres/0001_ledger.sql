-- The ledger: one stream per residence, hash-chained, with a gapless global position.
-- Column layout follows cqrs-es/postgres-es (aggregate_type, aggregate_id, sequence, event_type,
-- event_version, payload, metadata) plus position, hash and recorded_at.
CREATE TABLE events (
    position       BIGINT  NOT NULL UNIQUE,
    aggregate_type TEXT    NOT NULL,
    aggregate_id   TEXT    NOT NULL,
    sequence       BIGINT  NOT NULL CHECK (sequence >= 1),
    event_type     TEXT    NOT NULL,
    event_version  TEXT    NOT NULL,
    payload        TEXT    NOT NULL,
    metadata       TEXT    NOT NULL,
    recorded_at    TEXT    NOT NULL,
    hash           TEXT    NOT NULL,
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);

-- Global positions are taken from this one row inside the appending transaction. The row lock is
-- held until commit, so positions become visible strictly in order and a projector reading
-- "position > checkpoint" can never step over an event that commits later.
CREATE TABLE event_log_head (
    id       INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    position BIGINT  NOT NULL
);
INSERT INTO event_log_head (id, position) VALUES (1, 0);

CREATE TABLE projector_checkpoints (
    projector TEXT    NOT NULL PRIMARY KEY,
    position  BIGINT  NOT NULL
);

-- Read model: the fiscal years of each residence.
CREATE TABLE exercices_view (
    residence_id BIGINT  NOT NULL,
    annee        BIGINT  NOT NULL,
    statut       TEXT    NOT NULL,
    ouvert_le    TEXT    NOT NULL,
    cloture_le   TEXT,
    PRIMARY KEY (residence_id, annee)
);
