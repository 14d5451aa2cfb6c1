-- ParentalGate schema, version 5: repeated refusals and replays are counted, not recorded again.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- During a lockout every refused begin, and every answer to an ended challenge, wrote an
-- audit record: a script could grow the file by megabytes a minute. Now a run of the same
-- refusal (or replay, or clock anomaly) for one profile, while nothing but such repeats is
-- recorded for that profile, is one audit record (the first, chained as before) and one row
-- here with how many times it happened and when it last did.
--
-- The audit log itself stays append-only. The count of an open run is not covered by the
-- hash chain while it grows; the profile's next other audit record closes the run and seals
-- its final count and last time into its own (chained) details (`sealedRuns`), which
-- `audit verify` compares with this row.
CREATE TABLE audit_repeats (
    audit_id    INTEGER PRIMARY KEY REFERENCES audit_log(id) ON DELETE CASCADE,
    profile_id  INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('beginRefused', 'answerRefused', 'replayRefused', 'clockAnomaly')),
    -- What makes a later event the same as the first: its kind and the details that matter.
    run_key     TEXT    NOT NULL CHECK (length(run_key) BETWEEN 1 AND 200),
    -- How many times it happened, the first included.
    count       INTEGER NOT NULL CHECK (count >= 1),
    last_at     INTEGER NOT NULL CHECK (last_at BETWEEN 0 AND 253402300799999),
    -- 0 while the run is open (still counting), 1 once sealed.
    closed      INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1))
) STRICT;
-- At most one open run per profile and kind, found without reading the closed ones.
CREATE UNIQUE INDEX audit_repeats_open ON audit_repeats (profile_id, kind) WHERE closed = 0;
-- Runs still going at a time (`audit list --since`, `audit stats`, `audit prune`).
CREATE INDEX audit_repeats_profile_last ON audit_repeats (profile_id, last_at);
CREATE INDEX audit_repeats_last ON audit_repeats (last_at);

-- A sealed run never changes again; an open one only grows.
CREATE TRIGGER audit_repeats_sealed
BEFORE UPDATE ON audit_repeats
WHEN OLD.closed = 1
  OR NEW.audit_id <> OLD.audit_id OR NEW.profile_id <> OLD.profile_id OR NEW.kind <> OLD.kind OR NEW.run_key <> OLD.run_key
  OR NEW.count < OLD.count OR NEW.last_at < OLD.last_at
BEGIN
    SELECT RAISE(ABORT, 'a sealed run of audit repeats never changes, an open one only grows');
END;
