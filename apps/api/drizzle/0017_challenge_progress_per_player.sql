CREATE TABLE "challenge_order_progress" (
	"client_id" text NOT NULL,
	"order_ref" text NOT NULL,
	"customer_id" text NOT NULL,
	"added" jsonb NOT NULL,
	"taken_back" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_order_progress_client_id_order_ref_pk" PRIMARY KEY("client_id","order_ref")
);
--> statement-breakpoint
CREATE TABLE "challenge_progress" (
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"challenges" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_progress_client_id_customer_id_pk" PRIMARY KEY("client_id","customer_id")
);
--> statement-breakpoint
-- Every batch rewrites its players' rows: room on each page lets the new version stay there (a HOT update, no
-- index entry to add).
ALTER TABLE "challenge_progress" SET (fillfactor = 70);--> statement-breakpoint
CREATE INDEX "challenge_players_granted_idx" ON "challenge_players" USING btree ("customer_id","challenge_id") WHERE "challenge_players"."granted";
--> statement-breakpoint
-- Progress moves from one row per player and objective to one row per player, a jsonb entry per challenge (objective
-- progress, completion, condition memory), so that no progress is lost on upgrade.
INSERT INTO "challenge_progress" ("client_id", "customer_id", "challenges")
SELECT e.client_id, e.customer_id, jsonb_object_agg(e.challenge_id, e.entry)
FROM (
  SELECT o.client_id, o.customer_id, o.challenge_id,
         jsonb_strip_nulls(jsonb_build_object(
           'c', CASE WHEN bool_or(p.status = 'completed') THEN 1 END,
           'x', CASE WHEN bool_or(p.status = 'expired') THEN 1 END,
           'o', jsonb_object_agg(o.objective_id, jsonb_build_object('p', o.progress)
                  || jsonb_strip_nulls(jsonb_build_object(
                       'c', to_char(o.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                       'u', o.state -> 'unique', 'r', o.state -> 'period', 'n', o.state -> 'periodCount',
                       'm', o.state -> 'matched'))))) AS entry
  FROM "challenge_objective_progress" o
  LEFT JOIN "challenge_players" p ON p.challenge_id = o.challenge_id AND p.customer_id = o.customer_id
  GROUP BY o.client_id, o.customer_id, o.challenge_id
) e
GROUP BY e.client_id, e.customer_id;--> statement-breakpoint
DROP TABLE "challenge_objective_progress" CASCADE;