-- ParentalGate schema, version 13: the drag gate (HTKUltimateParentalGate's moving balls),
-- and a step before the question: press and hold, or MKParentalGate's two moving targets.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- A policy's answer_format may now be 'drag', and the drag gate has five fields: the balls'
-- size and speeds along each axis (points, points a second), the box's side, and how soon
-- after the balls are shown a press may start. `step` is what comes before the question
-- ('none', 'hold', 'twoTargets'), and hold_time_ms how long 'hold' holds. SQLite cannot change
-- a CHECK in place, so the table is made again with the same rows (nothing refers to it), as
-- migration 9 did.
ALTER TABLE policies RENAME TO policies_before_13;
DROP INDEX policies_single_household;
CREATE TABLE policies (
    id                     INTEGER PRIMARY KEY,
    profile_id             INTEGER UNIQUE REFERENCES profiles(id) ON DELETE CASCADE,
    version                INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    answer_format          TEXT    CHECK (answer_format IN ('entry', 'choice', 'drag')),
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
    updated_by             TEXT    CHECK (updated_by IS NULL OR length(updated_by) BETWEEN 1 AND 2048),
    ask_parent             TEXT    CHECK (ask_parent IN ('allowed', 'off')),
    ask_expiry_ms          INTEGER CHECK (ask_expiry_ms BETWEEN 60000 AND 86400000),
    ask_cooldown_ms        INTEGER CHECK (ask_cooldown_ms BETWEEN 0 AND 3600000),
    quiet_hours            TEXT    CHECK (quiet_hours IS NULL OR length(quiet_hours) BETWEEN 3 AND 400),
    time_zone              TEXT    CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64),
    max_approval_ms        INTEGER CHECK (max_approval_ms BETWEEN 60000 AND 86400000),
    drag_ball_size         INTEGER CHECK (drag_ball_size BETWEEN 20 AND 100),
    drag_min_speed         INTEGER CHECK (drag_min_speed BETWEEN 0 AND 1000),
    drag_max_speed         INTEGER CHECK (drag_max_speed BETWEEN 0 AND 1000),
    drag_box_size          INTEGER CHECK (drag_box_size BETWEEN 30 AND 150),
    drag_first_touch_ms    INTEGER CHECK (drag_first_touch_ms BETWEEN 0 AND 5000),
    step                   TEXT    CHECK (step IN ('none', 'hold', 'twoTargets')),
    hold_time_ms           INTEGER CHECK (hold_time_ms BETWEEN 1000 AND 30000)
) STRICT;
INSERT INTO policies (
    id, profile_id, version, answer_format, choice_count, difficulty, question_source, max_wrong_answers, time_limit_ms,
    min_response_time_ms, max_failed_challenges, failure_window_ms, lockout_ms, lockout_growth, max_lockout_ms,
    hard_lock_after, parent_session_ms, audit_retention_ms, updated_at, updated_by, ask_parent, ask_expiry_ms,
    ask_cooldown_ms, quiet_hours, time_zone, max_approval_ms)
SELECT
    id, profile_id, version, answer_format, choice_count, difficulty, question_source, max_wrong_answers, time_limit_ms,
    min_response_time_ms, max_failed_challenges, failure_window_ms, lockout_ms, lockout_growth, max_lockout_ms,
    hard_lock_after, parent_session_ms, audit_retention_ms, updated_at, updated_by, ask_parent, ask_expiry_ms,
    ask_cooldown_ms, quiet_hours, time_zone, max_approval_ms
FROM policies_before_13;
DROP TABLE policies_before_13;
CREATE UNIQUE INDEX policies_single_household ON policies ((profile_id IS NULL)) WHERE profile_id IS NULL;

-- A drag challenge is a choice made by dragging: its row keeps answer_format 'choice' (the
-- challenges table, which attempts refer to, is not made again) and `motion` holds how its
-- balls move, as JSON (DragMotion: sizes, the box's corner, each ball's start and velocity).
-- `shown_still` marks a drag challenge shown as buttons, to a client that cannot draw moving
-- balls (the terminal gate).
ALTER TABLE challenges ADD COLUMN motion TEXT CHECK (
    motion IS NULL OR (answer_format = 'choice' AND json_valid(motion) AND length(motion) <= 2000));
ALTER TABLE challenges ADD COLUMN shown_still INTEGER NOT NULL DEFAULT 0 CHECK (shown_still IN (0, 1) AND NOT (shown_still = 1 AND motion IS NOT NULL));

-- A challenge's step, as JSON (ChallengeStep: {"kind": "hold", "holdMs"} or {"kind":
-- "twoTargets", "targets": {…}}), NULL for none; when `hold` was pressed (cleared by a release
-- too early) and when the step was passed. Its question may be answered only after that.
ALTER TABLE challenges ADD COLUMN step TEXT CHECK (step IS NULL OR (json_valid(step) AND length(step) <= 1000));
ALTER TABLE challenges ADD COLUMN step_pressed_at INTEGER CHECK (
    step_pressed_at IS NULL OR (step IS NOT NULL AND step_pressed_at BETWEEN 0 AND 253402300799999));
ALTER TABLE challenges ADD COLUMN step_done_at INTEGER CHECK (
    step_done_at IS NULL OR (step IS NOT NULL AND step_done_at BETWEEN 0 AND 253402300799999));

-- A drag or a step the server refused (it counts as a wrong answer): its reason is in the
-- details. A step passed.
INSERT INTO audit_event_kinds (name) VALUES ('dragRefused'), ('stepRefused'), ('stepPassed');
