-- ParentalGate schema, version 4: deleting a challenge or a question no longer scans a table.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- A parent session names the challenge that opened it, and a challenge the question it asked;
-- SQLite clears those references when the challenge or the question goes (ON DELETE SET NULL).
-- Without an index on the referring column, each deleted row made SQLite scan the whole
-- referring table: `audit prune` of 50,000 challenges with 80,000 sessions ran for minutes,
-- and re-importing a question set scanned every challenge once per question.
CREATE INDEX parent_sessions_challenge ON parent_sessions (challenge_id) WHERE challenge_id IS NOT NULL;
CREATE INDEX challenges_question ON challenges (question_id) WHERE question_id IS NOT NULL;
