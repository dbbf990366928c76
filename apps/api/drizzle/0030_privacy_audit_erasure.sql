-- The audit log stays append-only, with one exception the law requires: erasing a member (privacy) rewrites the
-- entries that name them, inside the erasure's own transaction, which says so with a transaction-local setting.
-- Entries are never deleted, and nothing else may change them.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('laurel.privacy_erasure', true) = 'on' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
