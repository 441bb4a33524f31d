-- Read model: the properties of each residence.
CREATE TABLE IF NOT EXISTS proprietes_view (
    residence_id   BIGINT  NOT NULL,
    propriete_id   BIGINT  NOT NULL,
    nom            TEXT    NOT NULL,
    type_propriete TEXT    NOT NULL,
    surface        TEXT,
    description    TEXT,
    PRIMARY KEY (residence_id, propriete_id)
);
