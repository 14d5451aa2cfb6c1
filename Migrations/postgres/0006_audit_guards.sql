-- The guards SQLite's 0001 and 0005 put on the audit log, which 0001_gate.sql left out (found
-- when the store's tests first ran on both databases): the chain's anchor is never deleted,
-- only moves forward and never reaches the newest record; a sealed run of repeats never
-- changes, an open one only grows; the chain's head never goes back; and only known kinds of
-- record are written.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

CREATE FUNCTION audit_guard_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'check_violation';
END $$;

CREATE TRIGGER audit_anchor_no_delete BEFORE DELETE ON audit_anchor
FOR EACH ROW EXECUTE FUNCTION audit_guard_refuse('the audit anchor cannot be deleted');

CREATE TRIGGER audit_anchor_forward_only BEFORE UPDATE ON audit_anchor
FOR EACH ROW WHEN (NEW.pruned_through_id < OLD.pruned_through_id)
EXECUTE FUNCTION audit_guard_refuse('the audit anchor only moves forward');

-- A trigger's WHEN cannot hold a subquery: the newest record is looked up in the function.
CREATE FUNCTION audit_anchor_keeps_newest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.pruned_through_id >= (SELECT coalesce(max(id), 0) FROM audit_log) THEN
        RAISE EXCEPTION 'pruning must keep the newest audit record' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER audit_anchor_keeps_newest BEFORE UPDATE ON audit_anchor
FOR EACH ROW EXECUTE FUNCTION audit_anchor_keeps_newest();

CREATE TRIGGER audit_repeats_sealed BEFORE UPDATE ON audit_repeats
FOR EACH ROW WHEN (OLD.closed = 1
    OR NEW.audit_id <> OLD.audit_id OR NEW.profile_id <> OLD.profile_id OR NEW.kind <> OLD.kind OR NEW.run_key <> OLD.run_key
    OR NEW.count < OLD.count OR NEW.last_at < OLD.last_at)
EXECUTE FUNCTION audit_guard_refuse('a sealed run of audit repeats never changes, an open one only grows');

CREATE TRIGGER audit_head_forward_only BEFORE UPDATE ON audit_head
FOR EACH ROW WHEN (NEW.last_id < OLD.last_id)
EXECUTE FUNCTION audit_guard_refuse('the audit chain''s head never goes back');

CREATE TRIGGER audit_head_no_delete BEFORE DELETE ON audit_head
FOR EACH ROW EXECUTE FUNCTION audit_guard_refuse('the audit chain''s head cannot be deleted');

-- The kinds of audit record, as SQLite's audit_event_kinds: a kind the code does not know is
-- refused, and a later kind is one INSERT in a later migration.
CREATE TABLE audit_event_kinds (
    name  TEXT PRIMARY KEY CHECK (name ~ '^[A-Za-z]{1,64}$')
);
INSERT INTO audit_event_kinds (name) VALUES
    ('profileAdded'), ('profileRenamed'), ('profileUpdated'), ('profileDisabled'), ('profileEnabled'),
    ('profileRemoved'), ('householdUpdated'), ('policyChanged'),
    ('questionSetImported'), ('questionSetRemoved'),
    ('challengeIssued'), ('answerRecorded'), ('challengePassed'), ('challengeFailed'),
    ('challengeTimedOut'), ('challengeCancelled'), ('challengeAbandoned'),
    ('replayRefused'), ('beginRefused'), ('answerRefused'),
    ('lockoutStarted'), ('hardLockStarted'), ('unlocked'), ('countersReset'),
    ('sessionOpened'), ('sessionEnded'),
    ('clockAnomaly'), ('auditPruned'),
    ('adminTokenCreated'),
    ('notificationAdded'), ('notificationRemoved'), ('notificationTested'),
    ('parentAsked'), ('requestApproved'), ('requestDenied'), ('requestExpired');
-- NOT VALID: the records already written are checked by 0007, without holding back the
-- daemons' writes meanwhile; every new record is checked from here on.
ALTER TABLE audit_log ADD CONSTRAINT audit_log_kind_known FOREIGN KEY (kind) REFERENCES audit_event_kinds (name) NOT VALID;
CREATE TRIGGER audit_event_kinds_no_delete BEFORE DELETE ON audit_event_kinds
FOR EACH ROW EXECUTE FUNCTION audit_guard_refuse('audit event kinds are never removed');
CREATE TRIGGER audit_event_kinds_no_update BEFORE UPDATE ON audit_event_kinds
FOR EACH ROW EXECUTE FUNCTION audit_guard_refuse('audit event kinds are never renamed');

-- Row triggers do not see TRUNCATE: the chain's tables refuse it outright.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION audit_guard_refuse('the audit log is append-only');
CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head
FOR EACH STATEMENT EXECUTE FUNCTION audit_guard_refuse('the audit chain''s head cannot be deleted');
CREATE TRIGGER audit_anchor_no_truncate BEFORE TRUNCATE ON audit_anchor
FOR EACH STATEMENT EXECUTE FUNCTION audit_guard_refuse('the audit anchor cannot be deleted');
CREATE TRIGGER audit_repeats_no_truncate BEFORE TRUNCATE ON audit_repeats
FOR EACH STATEMENT EXECUTE FUNCTION audit_guard_refuse('runs of audit repeats go only with their records');
CREATE TRIGGER audit_event_kinds_no_truncate BEFORE TRUNCATE ON audit_event_kinds
FOR EACH STATEMENT EXECUTE FUNCTION audit_guard_refuse('audit event kinds are never removed');

-- These guards keep mistakes and plain SQL from rewriting the chain; the account that owns
-- the tables can still drop them. What they cannot stop, `audit verify` finds.
