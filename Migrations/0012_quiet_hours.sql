-- ParentalGate schema, version 12: quiet hours, the zone they are read in, and the longest approval.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- Weekly windows in which answering cannot open the gate, in their text form
-- ("mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00", or "off"), and the IANA time zone they
-- are read in ("Europe/Berlin", or "local": the machine's). NULL inherits, as every field.
-- The form and the zone are checked where they are parsed; the schema bounds their length.
ALTER TABLE policies ADD COLUMN quiet_hours TEXT CHECK (quiet_hours IS NULL OR length(quiet_hours) BETWEEN 3 AND 400);
ALTER TABLE policies ADD COLUMN time_zone TEXT CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64);

-- The longest parent mode a parent's approval opens (they choose 15 minutes, an hour, or until
-- the end of the day in time_zone), in milliseconds: 1 minute to 1 day.
ALTER TABLE policies ADD COLUMN max_approval_ms INTEGER CHECK (max_approval_ms BETWEEN 60000 AND 86400000);
