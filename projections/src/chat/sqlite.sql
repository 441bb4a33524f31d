-- The chat between each co-owner and the syndic (spec 3 §2.9, §3 "Conversation", "Message";
-- issue 18). Plain tables (ADR 0005): one conversation per co-owner of a residence, created on
-- its first read or write; a message is never edited. `lu_le` is set when the other side marks
-- the conversation read. `chat_presences` holds the open WebSockets of every server (refreshed
-- by their server, `vu_le`), so that a message notifies only a recipient with no open socket on
-- any server.
CREATE TABLE IF NOT EXISTS conversations (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id       BIGINT  NOT NULL,
    coproprietaire_id  BIGINT  NOT NULL,
    cree_le            TEXT    NOT NULL,
    UNIQUE (residence_id, coproprietaire_id)
);
CREATE TABLE IF NOT EXISTS messages (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    residence_id     BIGINT  NOT NULL,
    conversation_id  BIGINT  NOT NULL,
    user_id          BIGINT  NOT NULL,
    message          TEXT    NOT NULL,
    cree_le          TEXT    NOT NULL,
    lu_le            TEXT
);
CREATE INDEX IF NOT EXISTS messages_par_conversation ON messages (conversation_id, id);
CREATE INDEX IF NOT EXISTS messages_par_residence ON messages (residence_id, id);
CREATE TABLE IF NOT EXISTS chat_presences (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    serveur       TEXT    NOT NULL,
    residence_id  BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    vu_le         TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_presences_par_utilisateur ON chat_presences (user_id, vu_le);
