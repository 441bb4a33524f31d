-- Read models: occupants and the occupancy history of properties.
CREATE TABLE occupants_view (
    residence_id INTEGER NOT NULL,
    occupant_id  INTEGER NOT NULL,
    nom          TEXT    NOT NULL,
    tel          TEXT,
    email        TEXT,
    sexe         TEXT    NOT NULL,
    PRIMARY KEY (residence_id, occupant_id)
);

CREATE TABLE occupations_view (
    residence_id    INTEGER NOT NULL,
    occupation_id   INTEGER NOT NULL,
    propriete_id    INTEGER NOT NULL,
    occupant_id     INTEGER NOT NULL,
    type_occupation TEXT    NOT NULL,
    date_debut      TEXT    NOT NULL,
    date_fin        TEXT,
    is_payer        INTEGER NOT NULL,
    PRIMARY KEY (residence_id, occupation_id)
);
CREATE INDEX occupations_view_propriete ON occupations_view (residence_id, propriete_id);
