-- The floor of a gate cycle on PostgreSQL (Benchmarks/scripts/postgres-cycle.sh): the
-- statements PostgresStore runs for Gate.begin, the read of the answer, and a passing
-- Gate.answer, in the same transactions and order, with nothing else: no rules, no record
-- decoding, no hashing (a fixed hash is written), no threads waiting on the network.
-- Profile 1 is 'emma', made by gate-stress before pgbench runs this, in the household home (1);
-- pgbench runs as the store's role, to which row-level security applies, and each transaction
-- sets the household first, as the store does.

-- begin
BEGIN ISOLATION LEVEL READ COMMITTED;
SELECT set_config('parental_gate.household', '1', true);
SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now \gset
SELECT * FROM profiles WHERE name_key = 'emma';
SELECT profile_id FROM gate_states WHERE profile_id = 1 FOR UPDATE;
SELECT * FROM profiles WHERE name_key = 'emma';
SELECT * FROM policies WHERE profile_id IS NULL;
SELECT * FROM policies WHERE profile_id = 1;
SELECT * FROM gate_states WHERE profile_id = 1;
SELECT * FROM challenges WHERE profile_id = 1 AND status = 'open';
SELECT * FROM parent_sessions WHERE profile_id = 1 AND ended_at IS NULL AND expires_at > :now ORDER BY expires_at DESC LIMIT 1;
SELECT default_locale FROM household WHERE id = 1;
SELECT md5(random()::text || clock_timestamp()::text) AS cid \gset
INSERT INTO challenges (id, profile_id, source, question_id, locale, prompt, answer, answer_format, choices, issued_at, deadline, max_wrong_answers, min_response_time_ms, wrong_answers, status, ended_at, client) VALUES (:cid, 1, 'arithmetic', NULL, 'en', 'What is 6 + 7?', 13, 'entry', NULL, :now, :now::bigint + 30000, 3, 0, 0, 'open', NULL, 'gate-stress');
SELECT last_id AS tail FROM audit_head WHERE id = 1 FOR UPDATE \gset
SELECT * FROM audit_repeats WHERE closed = 0;
INSERT INTO audit_log (id, occurred_at, kind, profile_id, profile_name, actor, client, challenge_id, details, prev_hash, hash) VALUES (:tail::bigint + 1, :now, 'challengeIssued', 1, 'emma', NULL, 'gate-stress', :cid, '{"deadline":"0","format":"entry","locale":"en","source":"arithmetic"}', decode(repeat('ab', 32), 'hex'), decode(repeat('ab', 32), 'hex'));
UPDATE gate_states SET failures_in_row = 0, last_failure_at = NULL, lockout_level = 0, locked_until = NULL, hard_locked = 0, latest_seen_at = :now, updated_at = :now WHERE profile_id = 1;
UPDATE audit_head SET last_id = :tail::bigint + 1, last_hash = decode(repeat('ab', 32), 'hex') WHERE id = 1;
COMMIT;

-- the client reads the answer (gate-stress asks for it, as a test does)
BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
SELECT set_config('parental_gate.household', '1', true);
SELECT * FROM challenges WHERE id = :cid;
COMMIT;

-- a passing answer
BEGIN ISOLATION LEVEL READ COMMITTED;
SELECT set_config('parental_gate.household', '1', true);
SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now \gset
SELECT * FROM challenges WHERE id = :cid;
SELECT profile_id FROM gate_states WHERE profile_id = 1 FOR UPDATE;
SELECT * FROM challenges WHERE id = :cid;
SELECT * FROM profiles WHERE id = 1;
SELECT * FROM policies WHERE profile_id IS NULL;
SELECT * FROM policies WHERE profile_id = 1;
SELECT * FROM gate_states WHERE profile_id = 1;
SELECT coalesce(max(id), 0) AS sid FROM (SELECT id FROM parent_sessions WHERE profile_id = 1 AND ended_at IS NULL AND expires_at > :now ORDER BY expires_at DESC LIMIT 1) live \gset
INSERT INTO attempts (challenge_id, profile_id, given_value, outcome, response_ms, answered_at, client) VALUES (:cid, 1, 13, 'correct', 0, :now, 'gate-stress') RETURNING id;
SELECT last_id AS tail FROM audit_head WHERE id = 1 FOR UPDATE \gset
SELECT * FROM audit_repeats WHERE closed = 0;
INSERT INTO audit_log (id, occurred_at, kind, profile_id, profile_name, actor, client, challenge_id, details, prev_hash, hash) VALUES (:tail::bigint + 1, :now, 'answerRecorded', 1, 'emma', NULL, 'gate-stress', :cid, '{"outcome":"correct","responseMs":"0","status":"open","value":"13"}', decode(repeat('ab', 32), 'hex'), decode(repeat('ab', 32), 'hex'));
UPDATE challenges SET status = 'passed', ended_at = :now WHERE id = :cid AND status = 'open';
INSERT INTO audit_log (id, occurred_at, kind, profile_id, profile_name, actor, client, challenge_id, details, prev_hash, hash) VALUES (:tail::bigint + 2, :now, 'challengePassed', 1, 'emma', NULL, 'gate-stress', :cid, '{"wrongAnswers":"0"}', decode(repeat('ab', 32), 'hex'), decode(repeat('ab', 32), 'hex'));
SELECT * FROM parent_sessions WHERE id = :sid;
UPDATE parent_sessions SET ended_at = :now, end_reason = 'replaced' WHERE id = :sid;
INSERT INTO audit_log (id, occurred_at, kind, profile_id, profile_name, actor, client, challenge_id, details, prev_hash, hash) VALUES (:tail::bigint + 3, :now, 'sessionEnded', 1, 'emma', NULL, NULL, :cid, '{"reason":"replaced","session":"0"}', decode(repeat('ab', 32), 'hex'), decode(repeat('ab', 32), 'hex'));
INSERT INTO parent_sessions (profile_id, token_hash, challenge_id, opened_at, expires_at) VALUES (1, decode(md5(random()::text) || md5(random()::text), 'hex'), :cid, :now, :now::bigint + 600000) RETURNING id;
INSERT INTO audit_log (id, occurred_at, kind, profile_id, profile_name, actor, client, challenge_id, details, prev_hash, hash) VALUES (:tail::bigint + 4, :now, 'sessionOpened', 1, 'emma', NULL, NULL, :cid, '{"expiresAt":"0","session":"0"}', decode(repeat('ab', 32), 'hex'), decode(repeat('ab', 32), 'hex'));
UPDATE gate_states SET failures_in_row = 0, last_failure_at = NULL, lockout_level = 0, locked_until = NULL, hard_locked = 0, latest_seen_at = :now, updated_at = :now WHERE profile_id = 1;
UPDATE audit_head SET last_id = :tail::bigint + 4, last_hash = decode(repeat('ab', 32), 'hex') WHERE id = 1;
COMMIT;
