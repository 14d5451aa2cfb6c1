-- ParentalGate schema, version 2: tokens that open the HTTP admin API.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- Only a SHA-256 hash of each token is kept; the token is shown once, when it is made.
CREATE TABLE admin_tokens (
    id          INTEGER PRIMARY KEY,
    token_hash  BLOB    NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    label       TEXT    NOT NULL CHECK (length(label) BETWEEN 1 AND 2048),
    created_at  INTEGER NOT NULL CHECK (created_at BETWEEN 0 AND 253402300799999),
    created_by  TEXT    NOT NULL CHECK (length(created_by) BETWEEN 1 AND 2048)
) STRICT;

INSERT INTO audit_event_kinds (name) VALUES ('adminTokenCreated');
