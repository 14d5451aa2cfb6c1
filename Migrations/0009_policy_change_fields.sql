-- ParentalGate schema, version 9: the policy history no longer lists the field names.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- A CHECK named every policy field, so each new field had to make the table again (as
-- migration 7 did). The names are the `PolicyField` enum's: the store writes only its cases
-- and refuses a row with any other name when it reads one (`PolicyChangeRecord`). A new
-- field is now a plain `ALTER TABLE policies ADD COLUMN`. SQLite cannot drop a CHECK in
-- place, so the table is made again with the same rows (nothing refers to it).
ALTER TABLE policy_changes RENAME TO policy_changes_before_9;
CREATE TABLE policy_changes (
    id          INTEGER PRIMARY KEY,
    profile_id  INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL CHECK (version >= 1),
    field       TEXT    NOT NULL CHECK (length(field) BETWEEN 1 AND 64),
    old_value   TEXT,
    new_value   TEXT,
    changed_by  TEXT    NOT NULL CHECK (length(changed_by) BETWEEN 1 AND 2048),
    changed_at  INTEGER NOT NULL
) STRICT;
INSERT INTO policy_changes SELECT * FROM policy_changes_before_9;
DROP TABLE policy_changes_before_9;
CREATE INDEX policy_changes_profile ON policy_changes (profile_id, id);
