-- The kinds of the records written before 0006, checked against audit_event_kinds. A
-- migration of its own: VALIDATE reads the whole log while daemons go on writing (it blocks
-- no append), where 0006's ADD CONSTRAINT would have held every write back meanwhile.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.

ALTER TABLE audit_log VALIDATE CONSTRAINT audit_log_kind_known;
