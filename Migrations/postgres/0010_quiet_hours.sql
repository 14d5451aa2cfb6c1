-- Quiet hours, the zone they are read in, and the longest approval (SQLite's migration 12 says how).
--
-- Never edit this file once it has landed: a schema change is a new numbered file.
ALTER TABLE policies ADD COLUMN quiet_hours TEXT CHECK (quiet_hours IS NULL OR length(quiet_hours) BETWEEN 3 AND 400);
ALTER TABLE policies ADD COLUMN time_zone TEXT CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64);
ALTER TABLE policies ADD COLUMN max_approval_ms BIGINT CHECK (max_approval_ms BETWEEN 60000 AND 86400000);
