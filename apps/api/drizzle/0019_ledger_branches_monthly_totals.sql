CREATE TABLE "economy_monthly_totals" (
	"client_id" text NOT NULL,
	"month" date NOT NULL,
	"branch_id" text NOT NULL,
	"transaction_type" text NOT NULL,
	"currency_id" text NOT NULL,
	"stripe" smallint NOT NULL,
	"value_sum" numeric NOT NULL,
	"credit_sum" numeric NOT NULL,
	"xp_sum" numeric NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "economy_monthly_totals_client_id_month_branch_id_transaction_type_currency_id_stripe_pk" PRIMARY KEY("client_id","month","branch_id","transaction_type","currency_id","stripe")
);
--> statement-breakpoint
CREATE INDEX "challenge_transactions_branch_occurred_idx" ON "challenge_transactions" USING btree ("client_id","branch_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "badge_transactions_branch_created_idx" ON "badge_transactions" USING btree ("client_id","branch_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reward_track_transactions_branch_occurred_idx" ON "reward_track_transactions" USING btree ("client_id","branch_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- Every ledger row carries the branch it was written at: the event's, else the customer's home branch at that
-- moment (expiry, log-ins and other writers without a branch). The reports compare this indexed column for branch
-- scope and the branch filter; a customer who moves later leaves their history where it happened.
CREATE FUNCTION ledger_branch_from_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT member_branch_id INTO NEW.branch_id FROM customers WHERE id = NEW.customer_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER economy_transactions_branch BEFORE INSERT ON economy_transactions
  FOR EACH ROW WHEN (NEW.branch_id IS NULL) EXECUTE FUNCTION ledger_branch_from_customer();
--> statement-breakpoint
CREATE TRIGGER challenge_transactions_branch BEFORE INSERT ON challenge_transactions
  FOR EACH ROW WHEN (NEW.branch_id IS NULL) EXECUTE FUNCTION ledger_branch_from_customer();
--> statement-breakpoint
CREATE TRIGGER badge_transactions_branch BEFORE INSERT ON badge_transactions
  FOR EACH ROW WHEN (NEW.branch_id IS NULL) EXECUTE FUNCTION ledger_branch_from_customer();
--> statement-breakpoint
CREATE TRIGGER reward_track_transactions_branch BEFORE INSERT ON reward_track_transactions
  FOR EACH ROW WHEN (NEW.branch_id IS NULL) EXECUTE FUNCTION ledger_branch_from_customer();
--> statement-breakpoint
-- Rows written before: the customer's home branch now (what the reports showed for them). The ledgers are
-- append-only; their guard is lifted for this migration's own transaction only.
ALTER TABLE economy_transactions DISABLE TRIGGER economy_transactions_append_only;
--> statement-breakpoint
UPDATE economy_transactions t SET branch_id = c.member_branch_id FROM customers c
  WHERE c.id = t.customer_id AND t.branch_id IS NULL AND c.member_branch_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE economy_transactions ENABLE TRIGGER economy_transactions_append_only;
--> statement-breakpoint
ALTER TABLE challenge_transactions DISABLE TRIGGER challenge_transactions_append_only;
--> statement-breakpoint
UPDATE challenge_transactions t SET branch_id = c.member_branch_id FROM customers c
  WHERE c.id = t.customer_id AND t.branch_id IS NULL AND c.member_branch_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE challenge_transactions ENABLE TRIGGER challenge_transactions_append_only;
--> statement-breakpoint
ALTER TABLE badge_transactions DISABLE TRIGGER badge_transactions_append_only;
--> statement-breakpoint
UPDATE badge_transactions t SET branch_id = c.member_branch_id FROM customers c
  WHERE c.id = t.customer_id AND t.branch_id IS NULL AND c.member_branch_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE badge_transactions ENABLE TRIGGER badge_transactions_append_only;
--> statement-breakpoint
ALTER TABLE reward_track_transactions DISABLE TRIGGER reward_track_transactions_append_only;
--> statement-breakpoint
UPDATE reward_track_transactions t SET branch_id = c.member_branch_id FROM customers c
  WHERE c.id = t.customer_id AND t.branch_id IS NULL AND c.member_branch_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE reward_track_transactions ENABLE TRIGGER reward_track_transactions_append_only;
--> statement-breakpoint
-- Each insert statement adds its rows to the day's and the month's totals, in the same transaction; the row's own
-- branch is the branch (the trigger above filled it).
CREATE OR REPLACE FUNCTION economy_daily_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO economy_daily_totals AS d
    (client_id, day, branch_id, transaction_type, currency_id, stripe, value_sum, credit_sum, xp_sum, row_count)
  SELECT n.client_id, (n.occurred_at AT TIME ZONE 'UTC')::date, COALESCE(n.branch_id, ''), n.transaction_type,
    COALESCE(n.currency_id, ''), (pg_backend_pid() % 64)::smallint,
    sum(n.value), COALESCE(sum(n.value) FILTER (WHERE n.value > 0), 0), sum(n.xp_points_earned), count(*)
  FROM inserted n
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (client_id, day, branch_id, transaction_type, currency_id, stripe) DO UPDATE SET
    value_sum = d.value_sum + EXCLUDED.value_sum,
    credit_sum = d.credit_sum + EXCLUDED.credit_sum,
    xp_sum = d.xp_sum + EXCLUDED.xp_sum,
    row_count = d.row_count + EXCLUDED.row_count;
  INSERT INTO economy_monthly_totals AS m
    (client_id, month, branch_id, transaction_type, currency_id, stripe, value_sum, credit_sum, xp_sum, row_count)
  SELECT n.client_id, date_trunc('month', n.occurred_at AT TIME ZONE 'UTC')::date, COALESCE(n.branch_id, ''),
    n.transaction_type, COALESCE(n.currency_id, ''), (pg_backend_pid() % 64)::smallint,
    sum(n.value), COALESCE(sum(n.value) FILTER (WHERE n.value > 0), 0), sum(n.xp_points_earned), count(*)
  FROM inserted n
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (client_id, month, branch_id, transaction_type, currency_id, stripe) DO UPDATE SET
    value_sum = m.value_sum + EXCLUDED.value_sum,
    credit_sum = m.credit_sum + EXCLUDED.credit_sum,
    xp_sum = m.xp_sum + EXCLUDED.xp_sum,
    row_count = m.row_count + EXCLUDED.row_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Both levels rebuilt from the ledger, so the totals agree with the rows' branches as filled above.
DELETE FROM economy_daily_totals;
--> statement-breakpoint
INSERT INTO economy_daily_totals
  (client_id, day, branch_id, transaction_type, currency_id, stripe, value_sum, credit_sum, xp_sum, row_count)
SELECT client_id, (occurred_at AT TIME ZONE 'UTC')::date, COALESCE(branch_id, ''), transaction_type,
  COALESCE(currency_id, ''), 0, sum(value), COALESCE(sum(value) FILTER (WHERE value > 0), 0), sum(xp_points_earned),
  count(*)
FROM economy_transactions GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO economy_monthly_totals
  (client_id, month, branch_id, transaction_type, currency_id, stripe, value_sum, credit_sum, xp_sum, row_count)
SELECT client_id, date_trunc('month', day)::date, branch_id, transaction_type, currency_id, 0, sum(value_sum),
  sum(credit_sum), sum(xp_sum), sum(row_count)
FROM economy_daily_totals GROUP BY 1, 2, 3, 4, 5;
