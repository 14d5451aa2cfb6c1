-- ParentalGate schema, version 7: "ask a parent". A child asks instead of answering; each
-- parent told about it gets a one-time approval link; an approval opens parent mode.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- Three policy fields: whether a profile may ask (NULL: inherited; the default is allowed),
-- how long a request and its links live, and how soon after one ended another may be made.
ALTER TABLE policies ADD COLUMN ask_parent TEXT CHECK (ask_parent IN ('allowed', 'off'));
ALTER TABLE policies ADD COLUMN ask_expiry_ms INTEGER CHECK (ask_expiry_ms BETWEEN 60000 AND 86400000);
ALTER TABLE policies ADD COLUMN ask_cooldown_ms INTEGER CHECK (ask_cooldown_ms BETWEEN 0 AND 3600000);

-- The policy history names the new fields too: SQLite cannot change a CHECK in place, so the
-- table is made again with the same rows (nothing refers to it).
ALTER TABLE policy_changes RENAME TO policy_changes_before_7;
CREATE TABLE policy_changes (
    id          INTEGER PRIMARY KEY,
    profile_id  INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL CHECK (version >= 1),
    field       TEXT    NOT NULL CHECK (field IN (
                    'answerFormat', 'choiceCount', 'difficulty', 'questionSource',
                    'maxWrongAnswers', 'timeLimit', 'minResponseTime', 'maxFailedChallenges',
                    'failureWindow', 'lockout', 'lockoutGrowth', 'maxLockout',
                    'hardLockAfter', 'parentSession', 'auditRetention',
                    'askParent', 'askExpiry', 'askCooldown')),
    old_value   TEXT,
    new_value   TEXT,
    changed_by  TEXT    NOT NULL CHECK (length(changed_by) BETWEEN 1 AND 2048),
    changed_at  INTEGER NOT NULL
) STRICT;
INSERT INTO policy_changes SELECT * FROM policy_changes_before_7;
DROP TABLE policy_changes_before_7;
CREATE INDEX policy_changes_profile ON policy_changes (profile_id, id);

-- A child's request. `handle_hash` is the SHA-256 of the handle the asking client got (it
-- polls with it; the handle itself is not stored). Once approved, `session_box` holds the
-- new session's token sealed with the notification key, until the asking client picks it up
-- (then NULL): the token is handed over once.
CREATE TABLE parent_requests (
    id           INTEGER PRIMARY KEY,
    handle_hash  BLOB    NOT NULL UNIQUE CHECK (length(handle_hash) = 32),
    profile_id   INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    client       TEXT    CHECK (client IS NULL OR length(client) BETWEEN 1 AND 2048),
    created_at   INTEGER NOT NULL CHECK (created_at BETWEEN 0 AND 253402300799999),
    expires_at   INTEGER NOT NULL CHECK (expires_at > created_at AND expires_at <= 253402300799999),
    status       TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'expired')),
    decided_at   INTEGER CHECK ((status = 'pending') = (decided_at IS NULL)),
    decided_by   TEXT    CHECK (decided_by IS NULL OR length(decided_by) BETWEEN 1 AND 2048),
    session_id   INTEGER REFERENCES parent_sessions(id) ON DELETE SET NULL,
    session_box  BLOB    CHECK (session_box IS NULL OR status = 'approved'),
    picked_up_at INTEGER CHECK (picked_up_at IS NULL OR status = 'approved')
) STRICT;
-- A profile's newest request (the cooldown, the pending one) without reading the rest.
CREATE INDEX parent_requests_profile ON parent_requests (profile_id, created_at);
-- Deleting a session looks here for requests naming it (see 0004).
CREATE INDEX parent_requests_session ON parent_requests (session_id) WHERE session_id IS NOT NULL;
-- At most one pending request per profile.
CREATE UNIQUE INDEX parent_requests_one_pending ON parent_requests (profile_id) WHERE status = 'pending';

INSERT INTO audit_event_kinds (name) VALUES ('parentAsked'), ('requestApproved'), ('requestDenied'), ('requestExpired');

-- Parents are told about requests; a subscription to every event so far gets them too.
INSERT INTO notification_event_kinds (name) VALUES ('request');
INSERT INTO notification_subscription_events (subscription_id, event_kind)
    SELECT subscription_id, 'request' FROM notification_subscription_events
    WHERE event_kind IN ('passed', 'failed', 'lockedOut', 'hardLocked', 'unlocked')
    GROUP BY subscription_id HAVING count(*) = 5;
