-- The audit guards, whatever the transaction's household setting (an attack on migration 12):
-- a statement that changed `parental_gate.household` midway made `household_gone` see no
-- household, and the anchor no row, so the guards let a household's audit log, head and anchor
-- be deleted; a temporary table named `households` could stand in for the real one.
--
-- Now whether a household is gone is read by the tables' owner, past row-level security (not
-- forced on the owner for `households` alone: the daemons' role still sees only its own row),
-- with a fixed search path; and an anchor that cannot be seen protects every record.
--
-- Never edit this file once it has landed: a schema change is a new numbered file.
ALTER TABLE households NO FORCE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION household_gone(household BIGINT) RETURNS BOOLEAN
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    SELECT NOT EXISTS (SELECT 1 FROM public.households WHERE id = household)
$$;

CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
    IF TG_OP = 'DELETE' AND public.household_gone(OLD.household_id) THEN
        RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' OR OLD.id > coalesce((SELECT pruned_through_id FROM public.audit_anchor
                                              WHERE household_id = OLD.household_id AND id = 1), 0) THEN
        RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION audit_guard_refuse_while_household() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
    IF public.household_gone(OLD.household_id) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'check_violation';
END $$;
