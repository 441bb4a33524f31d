-- Read model of the expense categories and the suppliers (spec 2 §3 "Category", "Supplier").
CREATE TABLE IF NOT EXISTS categories_view (
    residence_id BIGINT NOT NULL,
    categorie_id BIGINT NOT NULL,
    titre        TEXT   NOT NULL,
    description  TEXT,
    PRIMARY KEY (residence_id, categorie_id)
);

CREATE TABLE IF NOT EXISTS fournisseurs_view (
    residence_id     BIGINT NOT NULL,
    fournisseur_id   BIGINT NOT NULL,
    nom              TEXT   NOT NULL,
    tel              TEXT,
    type_fournisseur TEXT   NOT NULL,
    email            TEXT,
    adresse          TEXT,
    ville            TEXT,
    gouvernorat      BIGINT,
    activite         TEXT,
    identifiant      TEXT,
    commentaire      TEXT,
    PRIMARY KEY (residence_id, fournisseur_id)
);
