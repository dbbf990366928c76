CREATE TABLE "reward_track_players" (
	"client_id" text NOT NULL,
	"reward_track_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"floor_value" numeric DEFAULT '0' NOT NULL,
	"review_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_track_players_reward_track_id_customer_id_pk" PRIMARY KEY("reward_track_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "reward_track_source_months" (
	"client_id" text NOT NULL,
	"reward_track_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"month" integer NOT NULL,
	"max_value" numeric NOT NULL,
	"last_value" numeric NOT NULL,
	CONSTRAINT "reward_track_source_months_reward_track_id_customer_id_month_pk" PRIMARY KEY("reward_track_id","customer_id","month")
);
--> statement-breakpoint
CREATE TABLE "reward_track_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"branch_id" text,
	"reward_track_id" text NOT NULL,
	"reward_track_name" text NOT NULL,
	"reward_track_type" text NOT NULL,
	"milestone_index" integer NOT NULL,
	"milestone_reached" text NOT NULL,
	"reward_claimed" text NOT NULL,
	"reward_value" numeric NOT NULL,
	"xp_points_earned" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'In Progress' NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"event_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"reset_points_annually" boolean DEFAULT false NOT NULL,
	"persist_tier_levels_annually" boolean DEFAULT false NOT NULL,
	"milestones" jsonb NOT NULL,
	"qualification_window" text DEFAULT 'NONE' NOT NULL,
	"qualification_months" integer DEFAULT 12 NOT NULL,
	"downgrade_one_tier_per_review" boolean DEFAULT true NOT NULL,
	"rebuild_requested_at" timestamp with time zone,
	"year_closed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_track_players" ADD CONSTRAINT "reward_track_players_reward_track_id_reward_tracks_id_fk" FOREIGN KEY ("reward_track_id") REFERENCES "public"."reward_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_track_source_months" ADD CONSTRAINT "reward_track_source_months_reward_track_id_reward_tracks_id_fk" FOREIGN KEY ("reward_track_id") REFERENCES "public"."reward_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_tracks" ADD CONSTRAINT "reward_tracks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_track_players_review_idx" ON "reward_track_players" USING btree ("review_at") WHERE "reward_track_players"."review_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_track_transactions_once" ON "reward_track_transactions" USING btree ("reward_track_id","customer_id","cycle","milestone_index");--> statement-breakpoint
CREATE INDEX "reward_track_transactions_client_occurred_idx" ON "reward_track_transactions" USING btree ("client_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reward_track_transactions_customer_idx" ON "reward_track_transactions" USING btree ("client_id","customer_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_tracks_one_progression_per_client" ON "reward_tracks" USING btree ("client_id","type") WHERE "reward_tracks"."type" IN ('TIER_PROGRESSION', 'LEVEL_PROGRESSION');--> statement-breakpoint
CREATE INDEX "reward_tracks_client_created_idx" ON "reward_tracks" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reward_tracks_rebuild_idx" ON "reward_tracks" USING btree ("rebuild_requested_at") WHERE "reward_tracks"."rebuild_requested_at" IS NOT NULL;--> statement-breakpoint
-- The reward-track ledger is append-only, like the badge ledger: a milestone once written is never taken back.
CREATE OR REPLACE FUNCTION reward_track_transactions_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'reward_track_transactions is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reward_track_transactions_append_only
  BEFORE UPDATE OR DELETE ON reward_track_transactions
  FOR EACH ROW EXECUTE FUNCTION reward_track_transactions_refuse_change();
