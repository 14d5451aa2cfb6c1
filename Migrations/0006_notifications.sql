-- ParentalGate schema, version 6: notifications to parents, and the outbox that delivers them.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- The kinds of event a parent can be told about. A later migration adds a kind with one
-- INSERT (a child's request for approval will be `request`). `test` is never subscribed to:
-- `gatectl notify test` sends it to the subscriptions it names.
CREATE TABLE notification_event_kinds (
    name  TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64 AND name NOT GLOB '*[^A-Za-z]*')
) STRICT, WITHOUT ROWID;
INSERT INTO notification_event_kinds (name) VALUES
    ('passed'), ('failed'), ('lockedOut'), ('hardLocked'), ('unlocked'), ('test');

CREATE TRIGGER notification_event_kinds_no_delete
BEFORE DELETE ON notification_event_kinds
BEGIN
    SELECT RAISE(ABORT, 'notification event kinds are never removed');
END;

-- Where a parent is told: a webhook (JSON, signed with HMAC-SHA256) or an ntfy topic (plain
-- text). For one profile, or for every profile (profile_id NULL).
--
-- A webhook's secret is kept sealed (ChaCha20-Poly1305) with a key in a private file beside
-- the database (`<database>.notify-key`), not in this file: a copy or backup of the database
-- alone does not give it away. Only its fingerprint (the start of its SHA-256) is shown.
CREATE TABLE notification_subscriptions (
    id                  INTEGER PRIMARY KEY,
    profile_id          INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
    channel             TEXT    NOT NULL CHECK (channel IN ('webhook', 'ntfy')),
    url                 TEXT    NOT NULL CHECK (
                            length(url) BETWEEN 8 AND 2048
                            AND (url GLOB 'http://?*' OR url GLOB 'https://?*')),
    secret_box          BLOB    CHECK ((channel = 'webhook') = (secret_box IS NOT NULL)),
    secret_fingerprint  TEXT    CHECK ((secret_box IS NULL) = (secret_fingerprint IS NULL)
                                       AND (secret_fingerprint IS NULL OR length(secret_fingerprint) = 16)),
    -- ntfy's Title, Priority (1 min … 5 max) and Click headers; NULL: chosen per event.
    title               TEXT    CHECK (title IS NULL OR length(title) BETWEEN 1 AND 200),
    priority            INTEGER CHECK (priority IS NULL OR priority BETWEEN 1 AND 5),
    click               TEXT    CHECK (click IS NULL OR (length(click) <= 2048 AND (click GLOB 'http://?*' OR click GLOB 'https://?*'))),
    created_at          INTEGER NOT NULL CHECK (created_at BETWEEN 0 AND 253402300799999),
    created_by          TEXT    NOT NULL CHECK (length(created_by) BETWEEN 1 AND 2048),
    -- How delivery went: the last success, and the last failure (never the receiver's answer).
    last_delivered_at   INTEGER CHECK (last_delivered_at IS NULL OR last_delivered_at BETWEEN 0 AND 253402300799999),
    last_failed_at      INTEGER CHECK (last_failed_at IS NULL OR last_failed_at BETWEEN 0 AND 253402300799999),
    last_error          TEXT    CHECK (last_error IS NULL OR length(last_error) BETWEEN 1 AND 500)
) STRICT;
CREATE INDEX notification_subscriptions_profile ON notification_subscriptions (profile_id) WHERE profile_id IS NOT NULL;

-- The events each subscription is told about.
CREATE TABLE notification_subscription_events (
    subscription_id  INTEGER NOT NULL REFERENCES notification_subscriptions(id) ON DELETE CASCADE,
    event_kind       TEXT    NOT NULL REFERENCES notification_event_kinds(name) CHECK (event_kind <> 'test'),
    PRIMARY KEY (subscription_id, event_kind)
) STRICT, WITHOUT ROWID;

-- The outbox: one row per event and subscription, written in the same transaction as the
-- audit record of the event, so a crash between the event and its delivery loses nothing.
-- The daemon claims a due row by moving its next attempt past the time a try can take (a
-- daemon killed mid-try leaves it due again then), sends it, and marks it delivered or
-- schedules the next try. Delivery is at least once: the receiver de-duplicates by
-- `delivery_id`, which every try of a row carries.
CREATE TABLE notification_outbox (
    id               INTEGER PRIMARY KEY,
    delivery_id      TEXT    NOT NULL UNIQUE CHECK (length(delivery_id) = 32 AND delivery_id NOT GLOB '*[^0-9a-f]*'),
    subscription_id  INTEGER NOT NULL REFERENCES notification_subscriptions(id) ON DELETE CASCADE,
    -- The audit record of the event (kept as a number: pruning the log does not touch the outbox).
    audit_id         INTEGER NOT NULL,
    event_kind       TEXT    NOT NULL REFERENCES notification_event_kinds(name),
    profile_name     TEXT    CHECK (profile_name IS NULL OR length(profile_name) BETWEEN 1 AND 1024),
    occurred_at      INTEGER NOT NULL CHECK (occurred_at BETWEEN 0 AND 253402300799999),
    -- The event's facts (JSON object of strings), as delivered.
    details          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details) AND json_type(details) = 'object'),
    attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at  INTEGER NOT NULL CHECK (next_attempt_at BETWEEN 0 AND 253402300799999),
    delivered_at     INTEGER CHECK (delivered_at IS NULL OR delivered_at BETWEEN 0 AND 253402300799999),
    last_error       TEXT    CHECK (last_error IS NULL OR length(last_error) BETWEEN 1 AND 500)
) STRICT;
-- What is due next; what was delivered (kept a while, then dropped); a subscription's rows.
CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at) WHERE delivered_at IS NULL;
CREATE INDEX notification_outbox_delivered ON notification_outbox (delivered_at) WHERE delivered_at IS NOT NULL;
CREATE INDEX notification_outbox_subscription ON notification_outbox (subscription_id);

INSERT INTO audit_event_kinds (name) VALUES ('notificationAdded'), ('notificationRemoved'), ('notificationTested');
