-- Read models: occupants and the occupancy history of properties.
CREATE TABLE IF NOT EXISTS occupants_view (
    residence_id BIGINT  NOT NULL,
    occupant_id  BIGINT  NOT NULL,
    nom          TEXT    NOT NULL,
    tel          TEXT,
    email        TEXT,
    sexe         TEXT    NOT NULL,
    PRIMARY KEY (residence_id, occupant_id)
);

CREATE TABLE IF NOT EXISTS occupations_view (
    residence_id    BIGINT  NOT NULL,
    occupation_id   BIGINT  NOT NULL,
    propriete_id    BIGINT  NOT NULL,
    occupant_id     BIGINT  NOT NULL,
    type_occupation TEXT    NOT NULL,
    date_debut      TEXT    NOT NULL,
    date_fin        TEXT,
    is_payer        BIGINT  NOT NULL,
    PRIMARY KEY (residence_id, occupation_id)
);
CREATE INDEX IF NOT EXISTS occupations_view_propriete ON occupations_view (residence_id, propriete_id);
