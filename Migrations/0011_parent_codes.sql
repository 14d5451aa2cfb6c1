-- ParentalGate schema, version 11: parents' codes from an authenticator app.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- A parent's code (TOTP, RFC 6238: six digits from an authenticator app, a new one every 30
-- seconds) opens parent mode on any profile at once. The secret must be kept to check a code
-- (a hash would not do), so it is sealed (ChaCha20-Poly1305) with the key the webhook secrets
-- are sealed with, `<database>.notify-key`: a copy of this file alone gives no code away.
-- `last_step` is the time step of the newest code used: a code works once, and never one
-- older than it (RFC 6238 §5.2), so a code seen being typed cannot be typed again.
-- A code tried and wrong (or used) is audited as parentCodeWrong: the household's recent ones
-- limit how fast codes can be guessed, whichever profile they are typed at; a code not tried
-- (a locked or disabled gate, or that limit) as parentCodeRefused.
CREATE TABLE parent_codes (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 256),
    name_key      TEXT    NOT NULL UNIQUE CHECK (length(name_key) BETWEEN 1 AND 1024),
    secret_box    BLOB    NOT NULL CHECK (length(secret_box) BETWEEN 28 AND 1024),
    last_step     INTEGER CHECK (last_step IS NULL OR last_step >= 0),
    last_used_at  INTEGER CHECK (last_used_at IS NULL OR last_used_at BETWEEN 0 AND 253402300799999),
    created_at    INTEGER NOT NULL CHECK (created_at BETWEEN 0 AND 253402300799999),
    created_by    TEXT    NOT NULL CHECK (length(created_by) BETWEEN 1 AND 2048)
) STRICT;

INSERT INTO audit_event_kinds (name) VALUES
    ('parentCodeAdded'), ('parentCodeRemoved'), ('parentCodeAccepted'), ('parentCodeWrong'), ('parentCodeRefused');
-- Parents are told of codes: one that opened a gate, and a wrong or used one.
INSERT INTO notification_event_kinds (name) VALUES ('parentCode');
