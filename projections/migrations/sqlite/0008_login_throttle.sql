-- The sign-in throttle counts attempts per key in a fixed window: `pair:<tel>|<address>` (one
-- phone from one client address) and `address:<address>` (every phone from one address). The
-- count is raised before the password is checked, in one statement, so parallel attempts each
-- see a different count (the check and the count are one atomic step); a success takes its
-- attempt back. Replaces `login_attempts` (per phone only, checked apart from the count).
DROP TABLE IF EXISTS login_attempts;
CREATE TABLE login_throttle (
    key          TEXT   NOT NULL PRIMARY KEY,
    window_start TEXT   NOT NULL,
    attempts     BIGINT NOT NULL
);
CREATE INDEX login_throttle_window ON login_throttle (window_start);
