-- A generated challenge keeps its form and operands (SQLite's migration 10 says why):
-- "productPlus 7 8 3", NULL for a stored question and every challenge issued before.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.
ALTER TABLE challenges ADD COLUMN arithmetic TEXT CHECK (
    arithmetic IS NULL OR (source = 'arithmetic' AND length(arithmetic) BETWEEN 5 AND 80));
