-- ParentalGate schema, version 3: a day's statistics read only that day's challenges.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- `audit stats --since` counts a profile's challenges by how they ended since a time;
-- without this index it walked every challenge the profile ever had.
CREATE INDEX challenges_profile_ended ON challenges (profile_id, ended_at) WHERE ended_at IS NOT NULL;
