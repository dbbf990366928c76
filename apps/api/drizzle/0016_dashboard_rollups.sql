CREATE TABLE "dashboard_days" (
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"stripe" smallint NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"challenges_completed" integer DEFAULT 0 NOT NULL,
	"badges_earned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_days_client_id_scope_day_stripe_pk" PRIMARY KEY("client_id","scope","day","stripe")
);
--> statement-breakpoint
CREATE TABLE "dashboard_gaps" (
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"gap" smallint NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "dashboard_gaps_client_id_scope_kind_day_gap_pk" PRIMARY KEY("client_id","scope","kind","day","gap")
);
--> statement-breakpoint
CREATE TABLE "dashboard_player_days" (
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "dashboard_player_days_client_id_scope_kind_customer_id_day_pk" PRIMARY KEY("client_id","scope","kind","customer_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_tier_days" (
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"tier" smallint NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "dashboard_tier_days_client_id_scope_day_tier_pk" PRIMARY KEY("client_id","scope","day","tier")
);
--> statement-breakpoint
-- Challenge completions and badge grants count in the dashboard's daily sums in the transaction that writes the
-- ledger row, whoever writes it (an event batch, a segment rebuild...): on the local day of the event behind the
-- row (a grant without one: the day it was made), at the row's branch and for all branches (scope ''). One upsert
-- per statement, grouped and sorted; the stripe (the backend's pid) keeps concurrent writers on separate rows.
-- engine/dashboard/rebuild-dashboard.ts computes the same from the whole ledgers.
CREATE FUNCTION dashboard_challenges_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_days AS d (client_id, scope, day, stripe, challenges_completed)
  SELECT n.client_id, s.scope, (n.occurred_at AT TIME ZONE cl.time_zone)::date, (pg_backend_pid() % 16)::smallint,
    count(*)
  FROM inserted n JOIN clients cl ON cl.id = n.client_id
  CROSS JOIN LATERAL (VALUES (''), (n.branch_id)) AS s(scope)
  WHERE n.challenge_status = 'Completed' AND s.scope IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (client_id, scope, day, stripe) DO UPDATE SET
    challenges_completed = d.challenges_completed + EXCLUDED.challenges_completed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_challenges_add AFTER INSERT ON challenge_transactions
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_challenges_add();
--> statement-breakpoint
CREATE FUNCTION dashboard_badges_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_days AS d (client_id, scope, day, stripe, badges_earned)
  SELECT n.client_id, s.scope, (COALESCE(e.occurred_at, n.created_at) AT TIME ZONE cl.time_zone)::date,
    (pg_backend_pid() % 16)::smallint, sum(n.quantity)
  FROM inserted n JOIN clients cl ON cl.id = n.client_id
  LEFT JOIN events e ON e.id = n.event_id
  CROSS JOIN LATERAL (VALUES (''), (n.branch_id)) AS s(scope)
  WHERE s.scope IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (client_id, scope, day, stripe) DO UPDATE SET badges_earned = d.badges_earned + EXCLUDED.badges_earned;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_badges_add AFTER INSERT ON badge_transactions
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_badges_add();
