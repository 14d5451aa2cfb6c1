-- Quiet hours, and the zone they are read in (SQLite's migration 12 says how).
--
-- Never edit this file once it has landed: a schema change is a new numbered file.
ALTER TABLE policies ADD COLUMN quiet_hours TEXT CHECK (quiet_hours IS NULL OR length(quiet_hours) BETWEEN 3 AND 400);
ALTER TABLE policies ADD COLUMN time_zone TEXT CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64);
