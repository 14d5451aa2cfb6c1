-- ParentalGate schema, version 1.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.
-- Times are INTEGER milliseconds since 1970-01-01T00:00:00Z (up to the year 9999); durations
-- are INTEGER milliseconds. Every table is STRICT. Text limits count code points: a name of
-- 64 characters may hold up to 1024 (emoji sequences are several code points each).

-- Which migrations have run. Its presence is what makes a database ours.
CREATE TABLE parental_gate_schema (
    version     INTEGER PRIMARY KEY CHECK (version >= 1),
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    checksum    TEXT    NOT NULL CHECK (length(checksum) = 64),
    applied_at  INTEGER NOT NULL
) STRICT;

-- A family member (a child, or a device) the gate protects.
CREATE TABLE profiles (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 1024 AND name = trim(name)),
    -- The name case-folded and normalized: what makes two names "the same".
    name_key      TEXT    NOT NULL UNIQUE CHECK (length(name_key) BETWEEN 1 AND 4096),
    display_name  TEXT    NOT NULL CHECK (length(display_name) BETWEEN 1 AND 2048),
    locale        TEXT    NOT NULL CHECK (
                      length(locale) BETWEEN 2 AND 35
                      AND locale GLOB '[a-z][a-z]*'
                      AND locale NOT GLOB '*[^A-Za-z0-9-]*'
                      AND locale NOT GLOB '*--*'
                      AND locale NOT GLOB '*-'),
    is_enabled    INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL CHECK (updated_at >= created_at)
) STRICT;

-- Gate policy: one household row (profile_id NULL) and at most one override row per
-- profile. A NULL field inherits (profile → household → built-in default).
CREATE TABLE policies (
    id                     INTEGER PRIMARY KEY,
    profile_id             INTEGER UNIQUE REFERENCES profiles(id) ON DELETE CASCADE,
    version                INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    answer_format          TEXT    CHECK (answer_format IN ('entry', 'choice')),
    choice_count           INTEGER CHECK (choice_count BETWEEN 2 AND 8),
    difficulty             TEXT    CHECK (difficulty IN ('easy', 'standard', 'hard')),
    question_source        TEXT    CHECK (
                               question_source IN ('arithmetic', 'mixed')
                               OR (question_source GLOB 'questionSet:?*'
                                   AND length(question_source) <= 1036)),
    max_wrong_answers      INTEGER CHECK (max_wrong_answers BETWEEN 1 AND 10),
    time_limit_ms          INTEGER CHECK (time_limit_ms BETWEEN 5000 AND 600000),
    min_response_time_ms   INTEGER CHECK (min_response_time_ms BETWEEN 0 AND 10000),
    max_failed_challenges  INTEGER CHECK (max_failed_challenges BETWEEN 1 AND 100),
    failure_window_ms      INTEGER CHECK (failure_window_ms BETWEEN 60000 AND 2592000000),
    lockout_ms             INTEGER CHECK (lockout_ms BETWEEN 1000 AND 604800000),
    lockout_growth         REAL    CHECK (lockout_growth BETWEEN 1.0 AND 10.0),
    max_lockout_ms         INTEGER CHECK (max_lockout_ms BETWEEN 1000 AND 2592000000),
    hard_lock_after        INTEGER CHECK (hard_lock_after BETWEEN 0 AND 100),
    parent_session_ms      INTEGER CHECK (parent_session_ms BETWEEN 10000 AND 86400000),
    audit_retention_ms     INTEGER CHECK (audit_retention_ms BETWEEN 86400000 AND 315360000000),
    updated_at             INTEGER,
    updated_by             TEXT    CHECK (updated_by IS NULL OR length(updated_by) BETWEEN 1 AND 2048)
) STRICT;

-- Exactly one household row.
CREATE UNIQUE INDEX policies_single_household ON policies ((profile_id IS NULL)) WHERE profile_id IS NULL;
INSERT INTO policies (profile_id, version) VALUES (NULL, 0);

-- Every policy change: who, when, which field, old → new (NULL = inherited).
CREATE TABLE policy_changes (
    id          INTEGER PRIMARY KEY,
    profile_id  INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL CHECK (version >= 1),
    field       TEXT    NOT NULL CHECK (field IN (
                    'answerFormat', 'choiceCount', 'difficulty', 'questionSource',
                    'maxWrongAnswers', 'timeLimit', 'minResponseTime', 'maxFailedChallenges',
                    'failureWindow', 'lockout', 'lockoutGrowth', 'maxLockout',
                    'hardLockAfter', 'parentSession', 'auditRetention')),
    old_value   TEXT,
    new_value   TEXT,
    changed_by  TEXT    NOT NULL CHECK (length(changed_by) BETWEEN 1 AND 2048),
    changed_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX policy_changes_profile ON policy_changes (profile_id, id);

-- Named question sets, one row per (name, locale).
CREATE TABLE question_sets (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 1024 AND name = trim(name)),
    name_key    TEXT    NOT NULL CHECK (length(name_key) BETWEEN 1 AND 4096),
    locale      TEXT    NOT NULL CHECK (
                    length(locale) BETWEEN 2 AND 35
                    AND locale GLOB '[a-z][a-z]*'
                    AND locale NOT GLOB '*[^A-Za-z0-9-]*'),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (name_key, locale)
) STRICT;

-- A free-form question with a whole-number answer and optional fixed choices (JSON array).
CREATE TABLE questions (
    id        INTEGER PRIMARY KEY,
    set_id    INTEGER NOT NULL REFERENCES question_sets(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL CHECK (position >= 0),
    prompt    TEXT    NOT NULL CHECK (length(prompt) BETWEEN 1 AND 1000),
    answer    INTEGER NOT NULL,
    choices   TEXT    CHECK (choices IS NULL OR (json_valid(choices) AND json_type(choices) = 'array')),
    UNIQUE (set_id, position)
) STRICT;

-- A challenge put to a profile. The answer never leaves the store through a client API.
-- The limits in force when it was issued are kept with it.
CREATE TABLE challenges (
    id                    TEXT    PRIMARY KEY CHECK (length(id) = 32 AND id NOT GLOB '*[^0-9a-f]*'),
    profile_id            INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    source                TEXT    NOT NULL CHECK (source IN ('arithmetic', 'questionSet')),
    question_id           INTEGER REFERENCES questions(id) ON DELETE SET NULL,
    locale                TEXT    NOT NULL CHECK (length(locale) BETWEEN 2 AND 35),
    prompt                TEXT    NOT NULL CHECK (length(prompt) BETWEEN 1 AND 1000),
    answer                INTEGER NOT NULL,
    answer_format         TEXT    NOT NULL CHECK (answer_format IN ('entry', 'choice')),
    choices               TEXT    CHECK (
                              (answer_format = 'entry' AND choices IS NULL)
                              OR (answer_format = 'choice' AND json_valid(choices)
                                  AND json_type(choices) = 'array' AND json_array_length(choices) BETWEEN 2 AND 8)),
    issued_at             INTEGER NOT NULL CHECK (issued_at BETWEEN 0 AND 253402300799999),
    deadline              INTEGER NOT NULL CHECK (deadline > issued_at AND deadline <= 253402300799999),
    max_wrong_answers     INTEGER NOT NULL CHECK (max_wrong_answers BETWEEN 1 AND 10),
    min_response_time_ms  INTEGER NOT NULL CHECK (min_response_time_ms BETWEEN 0 AND 10000),
    wrong_answers         INTEGER NOT NULL DEFAULT 0 CHECK (wrong_answers BETWEEN 0 AND max_wrong_answers),
    status                TEXT    NOT NULL DEFAULT 'open' CHECK (status IN (
                              'open', 'passed', 'failed', 'timedOut', 'cancelled', 'abandoned')),
    ended_at              INTEGER CHECK ((status = 'open') = (ended_at IS NULL) AND (ended_at IS NULL OR ended_at BETWEEN 0 AND 253402300799999)),
    client                TEXT    CHECK (client IS NULL OR length(client) <= 2048)
) STRICT;
-- At most one open challenge per profile.
CREATE UNIQUE INDEX challenges_open_per_profile ON challenges (profile_id) WHERE status = 'open';
CREATE INDEX challenges_profile_issued ON challenges (profile_id, issued_at);

-- A challenge ends exactly once, and an ended challenge never changes again.
CREATE TRIGGER challenges_end_once
BEFORE UPDATE OF id, profile_id, answer, deadline, wrong_answers, status, ended_at ON challenges
WHEN OLD.status <> 'open'
BEGIN
    SELECT RAISE(ABORT, 'challenge has already ended');
END;

-- Every answer given.
CREATE TABLE attempts (
    id            INTEGER PRIMARY KEY,
    challenge_id  TEXT    NOT NULL REFERENCES challenges(id) ON DELETE CASCADE,
    profile_id    INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    given_value   INTEGER NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('correct', 'wrong', 'tooFast', 'late', 'replay')),
    response_ms   INTEGER NOT NULL CHECK (response_ms >= 0),
    answered_at   INTEGER NOT NULL CHECK (answered_at BETWEEN 0 AND 253402300799999),
    client        TEXT    CHECK (client IS NULL OR length(client) <= 2048)
) STRICT;
-- A profile's recent attempts; attempts by time; attempts by outcome.
CREATE INDEX attempts_profile_time ON attempts (profile_id, answered_at DESC, id DESC);
CREATE INDEX attempts_time ON attempts (answered_at);
CREATE INDEX attempts_outcome_time ON attempts (outcome, answered_at);
CREATE INDEX attempts_challenge ON attempts (challenge_id);

-- The durable gate counters of a profile.
CREATE TABLE gate_states (
    profile_id        INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    failures_in_row   INTEGER NOT NULL DEFAULT 0 CHECK (failures_in_row BETWEEN 0 AND 100),
    last_failure_at   INTEGER CHECK (last_failure_at IS NULL OR last_failure_at BETWEEN 0 AND 253402300799999),
    lockout_level     INTEGER NOT NULL DEFAULT 0 CHECK (lockout_level BETWEEN 0 AND 1000000),
    locked_until      INTEGER CHECK (locked_until IS NULL OR locked_until BETWEEN 0 AND 253402300799999),
    hard_locked       INTEGER NOT NULL DEFAULT 0 CHECK (hard_locked IN (0, 1)),
    latest_seen_at    INTEGER NOT NULL DEFAULT 0 CHECK (latest_seen_at BETWEEN 0 AND 253402300799999),
    updated_at        INTEGER NOT NULL
) STRICT;

-- Parent mode after a pass. Only a SHA-256 hash of the token is kept.
CREATE TABLE parent_sessions (
    id            INTEGER PRIMARY KEY,
    profile_id    INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    token_hash    BLOB    NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    challenge_id  TEXT    REFERENCES challenges(id) ON DELETE SET NULL,
    opened_at     INTEGER NOT NULL CHECK (opened_at BETWEEN 0 AND 253402300799999),
    expires_at    INTEGER NOT NULL CHECK (expires_at > opened_at AND expires_at <= 253402300799999),
    ended_at      INTEGER CHECK (ended_at IS NULL OR ended_at >= opened_at),
    end_reason    TEXT    CHECK ((ended_at IS NULL) = (end_reason IS NULL)
                                 AND (end_reason IS NULL OR end_reason IN ('ended', 'replaced')))
) STRICT;
CREATE INDEX parent_sessions_profile ON parent_sessions (profile_id, expires_at);

-- Household-wide settings: the language challenges fall back to before English.
CREATE TABLE household (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    default_locale  TEXT    NOT NULL DEFAULT 'en' CHECK (
                        length(default_locale) BETWEEN 2 AND 35
                        AND default_locale GLOB '[a-z][a-z]*'
                        AND default_locale NOT GLOB '*[^A-Za-z0-9-]*'),
    updated_at      INTEGER,
    updated_by      TEXT    CHECK (updated_by IS NULL OR length(updated_by) BETWEEN 1 AND 2048)
) STRICT;
INSERT INTO household (id) VALUES (1);

-- The kinds of audit record. A later migration adds a kind with one INSERT.
CREATE TABLE audit_event_kinds (
    name  TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64 AND name NOT GLOB '*[^A-Za-z]*')
) STRICT, WITHOUT ROWID;
INSERT INTO audit_event_kinds (name) VALUES
    ('profileAdded'), ('profileRenamed'), ('profileUpdated'), ('profileDisabled'), ('profileEnabled'),
    ('profileRemoved'), ('householdUpdated'), ('policyChanged'),
    ('questionSetImported'), ('questionSetRemoved'),
    ('challengeIssued'), ('answerRecorded'), ('challengePassed'), ('challengeFailed'),
    ('challengeTimedOut'), ('challengeCancelled'), ('challengeAbandoned'),
    ('replayRefused'), ('beginRefused'), ('answerRefused'),
    ('lockoutStarted'), ('hardLockStarted'), ('unlocked'), ('countersReset'),
    ('sessionOpened'), ('sessionEnded'),
    ('clockAnomaly'), ('auditPruned');

-- The append-only audit log. Each record carries the SHA-256 of its predecessor and its
-- own hash over its contents, so an edited or deleted record is detected.
CREATE TABLE audit_log (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    occurred_at   INTEGER NOT NULL,
    kind          TEXT    NOT NULL REFERENCES audit_event_kinds(name),
    profile_id    INTEGER,
    profile_name  TEXT,
    actor         TEXT    CHECK (actor IS NULL OR length(actor) BETWEEN 1 AND 2048),
    client        TEXT    CHECK (client IS NULL OR length(client) <= 2048),
    challenge_id  TEXT,
    details       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details) AND json_type(details) = 'object'),
    prev_hash     BLOB    NOT NULL CHECK (length(prev_hash) = 32),
    hash          BLOB    NOT NULL CHECK (length(hash) = 32)
) STRICT;
CREATE INDEX audit_log_profile_time ON audit_log (profile_id, occurred_at);
CREATE INDEX audit_log_time ON audit_log (occurred_at);
CREATE INDEX audit_log_kind_time ON audit_log (kind, occurred_at);

-- Where the chain starts after pruning: the id and hash of the last pruned record.
CREATE TABLE audit_anchor (
    id                   INTEGER PRIMARY KEY CHECK (id = 1),
    pruned_through_id    INTEGER NOT NULL DEFAULT 0 CHECK (pruned_through_id >= 0),
    pruned_through_hash  BLOB    NOT NULL CHECK (length(pruned_through_hash) = 32)
) STRICT;
INSERT INTO audit_anchor (id, pruned_through_id, pruned_through_hash) VALUES (1, 0, zeroblob(32));

CREATE TRIGGER audit_log_no_update
BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

-- Only records already behind the anchor (pruned) may be deleted.
CREATE TRIGGER audit_log_no_delete
BEFORE DELETE ON audit_log
WHEN OLD.id > (SELECT pruned_through_id FROM audit_anchor WHERE id = 1)
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

CREATE TRIGGER audit_event_kinds_no_delete
BEFORE DELETE ON audit_event_kinds
BEGIN
    SELECT RAISE(ABORT, 'audit event kinds are never removed');
END;

CREATE TRIGGER audit_anchor_no_delete
BEFORE DELETE ON audit_anchor
BEGIN
    SELECT RAISE(ABORT, 'the audit anchor cannot be deleted');
END;

CREATE TRIGGER audit_anchor_forward_only
BEFORE UPDATE ON audit_anchor
WHEN NEW.pruned_through_id < OLD.pruned_through_id
BEGIN
    SELECT RAISE(ABORT, 'the audit anchor only moves forward');
END;

-- Pruning always keeps the newest record: the anchor never reaches the end of the log.
CREATE TRIGGER audit_anchor_keeps_newest
BEFORE UPDATE ON audit_anchor
WHEN NEW.pruned_through_id >= (SELECT ifnull(max(id), 0) FROM audit_log)
BEGIN
    SELECT RAISE(ABORT, 'pruning must keep the newest audit record');
END;
