-- ParentalGate schema, version 8: a request's number is never given twice, an approval link
-- belongs to its own request and dies with it, and a request keeps the local account that
-- asked through the daemon's gate socket.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- Request numbers came from `INTEGER PRIMARY KEY`: after a profile's removal took its
-- requests with it, the next request got a removed one's number, and a link found its
-- request by that number only, so an old link (used, denied, or another child's) decided the
-- new request. Now numbers only grow (AUTOINCREMENT), starting above every number the
-- table, the outbox or the audit log has ever named. SQLite cannot change a key in place, so
-- the table is made again with the same rows (no other table refers to it yet).
ALTER TABLE parent_requests RENAME TO parent_requests_before_8;
CREATE TABLE parent_requests (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    handle_hash  BLOB    NOT NULL UNIQUE CHECK (length(handle_hash) = 32),
    profile_id   INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    client       TEXT    CHECK (client IS NULL OR length(client) BETWEEN 1 AND 2048),
    created_at   INTEGER NOT NULL CHECK (created_at BETWEEN 0 AND 253402300799999),
    expires_at   INTEGER NOT NULL CHECK (expires_at > created_at AND expires_at <= 253402300799999),
    status       TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'expired')),
    -- Decided at the profile's gate time, which never goes back: never before it was asked.
    decided_at   INTEGER CHECK ((status = 'pending') = (decided_at IS NULL) AND (decided_at IS NULL OR decided_at >= created_at)),
    decided_by   TEXT    CHECK (decided_by IS NULL OR length(decided_by) BETWEEN 1 AND 2048),
    session_id   INTEGER REFERENCES parent_sessions(id) ON DELETE SET NULL,
    session_box  BLOB    CHECK (session_box IS NULL OR status = 'approved'),
    picked_up_at INTEGER CHECK (picked_up_at IS NULL OR status = 'approved'),
    -- The local account that asked, as the kernel told the daemon on its gate socket
    -- (SO_PEERCRED); NULL when the request came another way (HTTP, the library).
    account      TEXT    CHECK (account IS NULL OR length(account) BETWEEN 1 AND 256)
) STRICT;
INSERT INTO parent_requests
    (id, handle_hash, profile_id, client, created_at, expires_at, status, decided_at, decided_by, session_id, session_box, picked_up_at)
    SELECT id, handle_hash, profile_id, client, created_at, expires_at, status,
           CASE WHEN decided_at IS NULL THEN NULL ELSE max(decided_at, created_at) END,
           decided_by, session_id, session_box, picked_up_at
    FROM parent_requests_before_8;
DROP TABLE parent_requests_before_8;
CREATE INDEX parent_requests_profile ON parent_requests (profile_id, created_at);
CREATE INDEX parent_requests_session ON parent_requests (session_id) WHERE session_id IS NOT NULL;
CREATE UNIQUE INDEX parent_requests_one_pending ON parent_requests (profile_id) WHERE status = 'pending';
-- (Copying the rows may already have written the counter: there must be one.)
DELETE FROM sqlite_sequence WHERE name = 'parent_requests';
INSERT INTO sqlite_sequence (name, seq) SELECT 'parent_requests', max(
    ifnull((SELECT max(id) FROM parent_requests), 0),
    ifnull((SELECT max(CAST(json_extract(details, '$.request') AS INTEGER)) FROM notification_outbox WHERE event_kind = 'request'), 0),
    ifnull((SELECT max(CAST(json_extract(details, '$.request') AS INTEGER)) FROM audit_log
            WHERE kind IN ('parentAsked', 'requestApproved', 'requestDenied', 'requestExpired')), 0));

-- A request notification's delivery names its request by key: an approval link (made from
-- the delivery id) leads to that request or to nothing, and the request's removal (with its
-- profile) takes its deliveries, and so its links, with it.
ALTER TABLE notification_outbox ADD COLUMN request_id INTEGER
    REFERENCES parent_requests(id) ON DELETE CASCADE
    CHECK (request_id IS NULL OR event_kind = 'request');
CREATE INDEX notification_outbox_request ON notification_outbox (request_id) WHERE request_id IS NOT NULL;
-- Deliveries made before this version are bound to the request they were made for: the same
-- number, asked at the very millisecond of the event. One whose request is gone (or whose
-- number a later request took) keeps none, so its link finds nothing, and is not sent.
UPDATE notification_outbox SET request_id = (
    SELECT r.id FROM parent_requests r
    WHERE r.id = CAST(json_extract(notification_outbox.details, '$.request') AS INTEGER)
      AND r.created_at = notification_outbox.occurred_at)
WHERE event_kind = 'request';
DELETE FROM notification_outbox WHERE event_kind = 'request' AND request_id IS NULL AND delivered_at IS NULL;
