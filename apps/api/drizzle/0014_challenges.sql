CREATE TABLE "challenge_objective_progress" (
	"client_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"objective_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"progress" numeric(20, 2) DEFAULT '0' NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_objective_progress_challenge_id_customer_id_objective_id_pk" PRIMARY KEY("challenge_id","customer_id","objective_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_players" (
	"client_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"granted" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"granted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_players_challenge_id_customer_id_pk" PRIMARY KEY("challenge_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_segments" (
	"client_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"segment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_segments_challenge_id_segment_id_pk" PRIMARY KEY("challenge_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"branch_id" text,
	"challenge_id" text NOT NULL,
	"challenge_name" text NOT NULL,
	"challenge_start_date" timestamp with time zone,
	"challenge_end_date" timestamp with time zone,
	"challenge_status" text DEFAULT 'Active' NOT NULL,
	"reward_earned" text DEFAULT '' NOT NULL,
	"xp_points_earned" bigint DEFAULT 0 NOT NULL,
	"event_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" jsonb NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"objectives" jsonb NOT NULL,
	"rewards" jsonb NOT NULL,
	"flow" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_objective_progress" ADD CONSTRAINT "challenge_objective_progress_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_players" ADD CONSTRAINT "challenge_players_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_segments" ADD CONSTRAINT "challenge_segments_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_segments" ADD CONSTRAINT "challenge_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_objective_progress_customer_idx" ON "challenge_objective_progress" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE INDEX "challenge_players_customer_idx" ON "challenge_players" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE INDEX "challenge_players_challenge_status_idx" ON "challenge_players" USING btree ("challenge_id","status");--> statement-breakpoint
CREATE INDEX "challenge_segments_segment_idx" ON "challenge_segments" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "challenge_segments_client_idx" ON "challenge_segments" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_transactions_once" ON "challenge_transactions" USING btree ("challenge_id","customer_id","challenge_status");--> statement-breakpoint
CREATE INDEX "challenge_transactions_client_occurred_idx" ON "challenge_transactions" USING btree ("client_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "challenge_transactions_customer_idx" ON "challenge_transactions" USING btree ("client_id","customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "challenges_client_created_idx" ON "challenges" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "challenges_client_released_idx" ON "challenges" USING btree ("client_id") WHERE "challenges"."status" = 'released';--> statement-breakpoint
CREATE INDEX "challenges_released_end_idx" ON "challenges" USING btree ("end_date") WHERE "challenges"."status" = 'released';--> statement-breakpoint
-- The challenge ledger is append-only: each status is a new row, a completion once written is never taken back.
CREATE OR REPLACE FUNCTION challenge_transactions_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'challenge_transactions is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER challenge_transactions_append_only
  BEFORE UPDATE OR DELETE ON challenge_transactions
  FOR EACH ROW EXECUTE FUNCTION challenge_transactions_refuse_change();
