-- E-mail verification (spec 3 §2.13, §4 "Email verification"). `email_verified_at` is set when
-- the user opens a verification link and cleared whenever the e-mail changes.
--
-- A verification link carries a random token; only its SHA-256 (hex) is stored, with the user
-- and the e-mail it was sent to: it verifies that user's e-mail only while the e-mail is still
-- the same, once (`used_at`), before `expires_at`. Rows are kept a day past their expiry so
-- that the number of mails sent to a user in the last hour can be counted (the send limit).
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
CREATE TABLE email_verifications (
    token_hash TEXT    NOT NULL PRIMARY KEY,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
CREATE INDEX email_verifications_user ON email_verifications (user_id, created_at);
