-- A residence whose event a read model could not apply: that model skips the residence's later
-- events (the other residences go on) and the API answers the residence's requests with
-- 503 `projection_en_echec` until a rebuild succeeds for it. One row per (residence, model).
CREATE TABLE projection_failures (
    residence_id BIGINT NOT NULL,
    model        TEXT   NOT NULL,
    position     BIGINT NOT NULL,
    error        TEXT   NOT NULL,
    failed_at    TEXT   NOT NULL,
    PRIMARY KEY (residence_id, model)
);
