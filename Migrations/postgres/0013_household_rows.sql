-- Households, read and managed apart (a review of migration 12): a transaction scoped to one
-- household may read its own row of `households`, and nothing more; only an operator's adds,
-- renames or removes one. (Migration 12's one policy also let a household delete its own row,
-- and with it its whole audit chain.)
--
-- Never edit this file once it has landed: a schema change is a new numbered file.
DROP POLICY own_or_operator ON households;
CREATE POLICY households_read ON households FOR SELECT USING (id = gate_household() OR gate_operator());
CREATE POLICY households_add ON households FOR INSERT WITH CHECK (gate_operator());
CREATE POLICY households_change ON households FOR UPDATE USING (gate_operator()) WITH CHECK (gate_operator());
CREATE POLICY households_remove ON households FOR DELETE USING (gate_operator());
