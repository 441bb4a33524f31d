-- Each read model has its own checkpoint row (projector = the model's name) with the version of
-- the model that wrote it; the row "read_models" is the projector's lock.
ALTER TABLE projector_checkpoints ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
