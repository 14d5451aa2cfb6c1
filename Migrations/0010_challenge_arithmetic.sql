-- ParentalGate schema, version 10: a generated challenge keeps its form and operands.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

-- An app that renders the question itself (its own words, or symbols: 7 × 8 + 3) needs the
-- arithmetic's structure, not only the finished sentence, for as long as the challenge is
-- open: `Challenge.arithmetic`, and `arithmetic` in its JSON. Written as the form and the
-- operands, separated by spaces ("productPlus 7 8 3"); NULL for a stored question and for
-- every challenge issued before this version. Never the answer.
ALTER TABLE challenges ADD COLUMN arithmetic TEXT CHECK (
    arithmetic IS NULL OR (source = 'arithmetic' AND length(arithmetic) BETWEEN 5 AND 80));
