-- The drag gate (HTKUltimateParentalGate's moving balls) and a step before the question (hold,
-- or MKParentalGate's two targets): SQLite's migration 13 says how.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.
ALTER TABLE policies DROP CONSTRAINT policies_answer_format_check;
ALTER TABLE policies ADD CONSTRAINT policies_answer_format_check CHECK (answer_format IN ('entry', 'choice', 'drag'));
ALTER TABLE policies ADD COLUMN drag_ball_size BIGINT CHECK (drag_ball_size BETWEEN 20 AND 100);
ALTER TABLE policies ADD COLUMN drag_min_speed BIGINT CHECK (drag_min_speed BETWEEN 0 AND 1000);
ALTER TABLE policies ADD COLUMN drag_max_speed BIGINT CHECK (drag_max_speed BETWEEN 0 AND 1000);
ALTER TABLE policies ADD COLUMN drag_box_size BIGINT CHECK (drag_box_size BETWEEN 30 AND 150);
ALTER TABLE policies ADD COLUMN drag_first_touch_ms BIGINT CHECK (drag_first_touch_ms BETWEEN 0 AND 5000);
ALTER TABLE policies ADD COLUMN step TEXT CHECK (step IN ('none', 'hold', 'twoTargets'));
ALTER TABLE policies ADD COLUMN hold_time_ms BIGINT CHECK (hold_time_ms BETWEEN 1000 AND 30000);

ALTER TABLE challenges ADD COLUMN motion TEXT CHECK (
    motion IS NULL OR (answer_format = 'choice' AND length(motion) <= 2000 AND motion::jsonb IS NOT NULL));
ALTER TABLE challenges ADD COLUMN shown_still BIGINT NOT NULL DEFAULT 0 CHECK (shown_still IN (0, 1) AND NOT (shown_still = 1 AND motion IS NOT NULL));

ALTER TABLE challenges ADD COLUMN step TEXT CHECK (step IS NULL OR (length(step) <= 1000 AND step::jsonb IS NOT NULL));
ALTER TABLE challenges ADD COLUMN step_pressed_at BIGINT CHECK (
    step_pressed_at IS NULL OR (step IS NOT NULL AND step_pressed_at BETWEEN 0 AND 253402300799999));
ALTER TABLE challenges ADD COLUMN step_done_at BIGINT CHECK (
    step_done_at IS NULL OR (step IS NOT NULL AND step_done_at BETWEEN 0 AND 253402300799999));

INSERT INTO audit_event_kinds (name) VALUES ('dragRefused'), ('stepRefused'), ('stepPassed');
