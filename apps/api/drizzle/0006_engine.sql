CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"client_id" text NOT NULL,
	"external_id" text NOT NULL,
	"type" text NOT NULL,
	"customer_id" text NOT NULL,
	"branch_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_statistics" (
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"statistic_id" text NOT NULL,
	"version" integer NOT NULL,
	"value" numeric NOT NULL,
	"last_occurred_at" timestamp with time zone NOT NULL,
	"last_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_statistics_statistic_id_customer_id_version_pk" PRIMARY KEY("statistic_id","customer_id","version")
);
--> statement-breakpoint
CREATE TABLE "statistics" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"aggregation_method" text NOT NULL,
	"reset_interval" text NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"epoch_version" integer DEFAULT 0 NOT NULL,
	"epoch_start" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_statistics" ADD CONSTRAINT "player_statistics_statistic_id_statistics_id_fk" FOREIGN KEY ("statistic_id") REFERENCES "public"."statistics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics" ADD CONSTRAINT "statistics_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_client_external_unique" ON "events" USING btree ("client_id","external_id");--> statement-breakpoint
CREATE INDEX "events_pending_idx" ON "events" USING btree ("next_attempt_at","seq") WHERE "events"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "events_client_received_idx" ON "events" USING btree ("client_id","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_client_status_idx" ON "events" USING btree ("client_id","status","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_client_type_idx" ON "events" USING btree ("client_id","type","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_client_customer_idx" ON "events" USING btree ("client_id","customer_id","seq");--> statement-breakpoint
CREATE INDEX "player_statistics_customer_idx" ON "player_statistics" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_client_name_unique" ON "statistics" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "statistics_client_created_idx" ON "statistics" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_external_unique" ON "orders" USING btree ("client_id","external_id") WHERE "orders"."external_id" IS NOT NULL;--> statement-breakpoint
-- Clients created before the engine get its system statistics (new clients get them when provisioned).
INSERT INTO "statistics" ("id", "client_id", "name", "aggregation_method", "reset_interval", "system")
SELECT substr(md5(random()::text || c.id || s.name), 1, 24), c.id, s.name, s.method, 'Manual', true
FROM "clients" c CROSS JOIN (VALUES
  ('numberOfLogins', 'Sum'), ('totalOrderValue', 'Sum'), ('orderVolume', 'Sum'), ('numberOfGifts', 'Sum'),
  ('numberOfReferrals', 'Sum'), ('numberOfVouchers', 'Sum'), ('numberOfAppPayments', 'Sum'),
  ('numberOfQrScans', 'Sum'), ('numberOfSubscriptions', 'Sum'), ('xp', 'Sum'), ('level', 'Last'), ('tier', 'Last')
) AS s(name, method);
