CREATE TABLE "economy_daily_totals" (
	"client_id" text NOT NULL,
	"day" date NOT NULL,
	"branch_id" text NOT NULL,
	"transaction_type" text NOT NULL,
	"currency_id" text NOT NULL,
	"stripe" smallint NOT NULL,
	"value_sum" numeric NOT NULL,
	"credit_sum" numeric NOT NULL,
	"xp_sum" numeric NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "economy_daily_totals_client_id_day_branch_id_transaction_type_currency_id_stripe_pk" PRIMARY KEY("client_id","day","branch_id","transaction_type","currency_id","stripe")
);
--> statement-breakpoint
-- Each insert statement into the append-only economy ledger adds its rows to the day's totals, in the same
-- transaction, so the Economy Transactions cards never disagree with the ledger. Grouped and sorted, one upsert
-- per statement; the stripe (the backend's pid) keeps concurrent writers on different rows.
CREATE FUNCTION economy_daily_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO economy_daily_totals AS d
    (client_id, day, branch_id, transaction_type, currency_id, stripe, value_sum, credit_sum, xp_sum, row_count)
  SELECT n.client_id, (n.occurred_at AT TIME ZONE 'UTC')::date, COALESCE(n.branch_id, c.member_branch_id, ''),
    n.transaction_type, COALESCE(n.currency_id, ''), (pg_backend_pid() % 64)::smallint,
    sum(n.value), COALESCE(sum(n.value) FILTER (WHERE n.value > 0), 0), sum(n.xp_points_earned), count(*)
  FROM inserted n LEFT JOIN customers c ON c.id = n.customer_id
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (client_id, day, branch_id, transaction_type, currency_id, stripe) DO UPDATE SET
    value_sum = d.value_sum + EXCLUDED.value_sum,
    credit_sum = d.credit_sum + EXCLUDED.credit_sum,
    xp_sum = d.xp_sum + EXCLUDED.xp_sum,
    row_count = d.row_count + EXCLUDED.row_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER economy_daily_totals_add AFTER INSERT ON economy_transactions
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION economy_daily_totals_add();
