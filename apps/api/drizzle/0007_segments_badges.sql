CREATE TABLE "badge_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"badge_id" text NOT NULL,
	"badge_name" text NOT NULL,
	"badge_category" text NOT NULL,
	"badge_level" integer NOT NULL,
	"quantity" integer NOT NULL,
	"xp_points_earned" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"event_id" text,
	"branch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sub_copy" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"quantity_limited" boolean DEFAULT false NOT NULL,
	"granted_quantity" integer DEFAULT 0 NOT NULL,
	"dates_enabled" boolean DEFAULT false NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"icon" jsonb NOT NULL,
	"theme" jsonb NOT NULL,
	"category" text DEFAULT 'Achievement' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_badges" (
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"badge_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"first_granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_badges_badge_id_customer_id_pk" PRIMARY KEY("badge_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "segment_members" (
	"client_id" text NOT NULL,
	"segment_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segment_members_segment_id_customer_id_pk" PRIMARY KEY("segment_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filters" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"rebuild_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_badges" ADD CONSTRAINT "player_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_transactions_client_created_idx" ON "badge_transactions" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "badge_transactions_customer_idx" ON "badge_transactions" USING btree ("client_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "badges_client_created_idx" ON "badges" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "player_badges_customer_idx" ON "player_badges" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE INDEX "segment_members_customer_idx" ON "segment_members" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE INDEX "segment_members_entered_idx" ON "segment_members" USING btree ("segment_id","entered_at" DESC NULLS FIRST,"customer_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "segments_client_name_unique" ON "segments" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "segments_client_created_idx" ON "segments" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "segments_rebuild_idx" ON "segments" USING btree ("rebuild_requested_at") WHERE "segments"."rebuild_requested_at" IS NOT NULL;--> statement-breakpoint
-- The badge ledger is append-only, like the audit log.
CREATE OR REPLACE FUNCTION badge_transactions_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'badge_transactions is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER badge_transactions_append_only
  BEFORE UPDATE OR DELETE ON badge_transactions
  FOR EACH ROW EXECUTE FUNCTION badge_transactions_refuse_change();
--> statement-breakpoint
-- Clients created before segments get the system segments (new clients get them when provisioned).
INSERT INTO "segments" ("id", "client_id", "name", "description", "filters", "actions", "system")
SELECT substr(md5(random()::text || c.id || s.name), 1, 24), c.id, s.name, s.description, s.filters::jsonb, '[]'::jsonb, true
FROM "clients" c CROSS JOIN (VALUES
  ('AllPlayers', 'Every player with activity', '[{"id":"filter_all","type":"all_players","statistic_name":null,"comparison":null,"filter_value":null}]'),
  ('tierBronze', 'Players in the Bronze tier', '[{"id":"filter_tier","type":"statistic","statistic_name":"tier","comparison":"EqualTo","filter_value":1}]'),
  ('tierSilver', 'Players in the Silver tier', '[{"id":"filter_tier","type":"statistic","statistic_name":"tier","comparison":"EqualTo","filter_value":2}]'),
  ('tierGold', 'Players in the Gold tier', '[{"id":"filter_tier","type":"statistic","statistic_name":"tier","comparison":"EqualTo","filter_value":3}]'),
  ('tierPlatinum', 'Players in the Platinum tier', '[{"id":"filter_tier","type":"statistic","statistic_name":"tier","comparison":"EqualTo","filter_value":4}]'),
  ('tierDiamond', 'Players in the Diamond tier', '[{"id":"filter_tier","type":"statistic","statistic_name":"tier","comparison":"EqualTo","filter_value":5}]')
) AS s(name, description, filters);
--> statement-breakpoint
-- Existing players join AllPlayers (and any tier segment their statistics already match) on the first rebuild.
UPDATE "segments" SET "rebuild_requested_at" = now() WHERE "system" = true;
