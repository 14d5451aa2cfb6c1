-- ParentalGate schema, version 12: quiet hours, and the zone they are read in.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- Weekly windows in which answering cannot open the gate, in their text form
-- ("mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00", or "off"), and the IANA time zone they
-- are read in ("Europe/Berlin", or "local": the machine's). NULL inherits, as every field.
-- The form and the zone are checked where they are parsed; the schema bounds their length.
ALTER TABLE policies ADD COLUMN quiet_hours TEXT CHECK (quiet_hours IS NULL OR length(quiet_hours) BETWEEN 3 AND 400);
ALTER TABLE policies ADD COLUMN time_zone TEXT CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64);
