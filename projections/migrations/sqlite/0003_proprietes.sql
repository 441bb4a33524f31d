-- Read model: the properties of each residence.
CREATE TABLE proprietes_view (
    residence_id   INTEGER NOT NULL,
    propriete_id   INTEGER NOT NULL,
    nom            TEXT    NOT NULL,
    type_propriete TEXT    NOT NULL,
    surface        TEXT,
    description    TEXT,
    PRIMARY KEY (residence_id, propriete_id)
);
