-- The economy ledger stays append-only, with the one exception the audit log has (0030): erasing a member may rewrite
-- the free-text reason of a row (an integrator's "Mug for Thandiwe"), inside the erasure's own transaction, which
-- says so with a transaction-local setting. Amounts, balances, references and dates never change.
CREATE OR REPLACE FUNCTION economy_transactions_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('laurel.privacy_erasure', true) = 'on'
     AND (to_jsonb(NEW) - 'reason') = (to_jsonb(OLD) - 'reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'economy_transactions is append-only';
END;
$$ LANGUAGE plpgsql;
