-- The event log partitioned by month of arrival (issue 28), so whole old months of finished events can be dropped
-- (EVENT_RETENTION_DAYS) and the log stays small. Idempotency keys move to event_keys: a unique index on a
-- partitioned table must hold the partition key, and a key must outlive its event's month.
CREATE TABLE "event_keys" (
	"client_id" text NOT NULL,
	"external_id" text NOT NULL,
	"event_id" text NOT NULL,
	"payload_hash" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_keys_client_id_external_id_pk" PRIMARY KEY("client_id","external_id")
);
--> statement-breakpoint
INSERT INTO "event_keys" ("client_id", "external_id", "event_id", "payload_hash", "received_at")
SELECT "client_id", "external_id", "id", "payload_hash", "received_at" FROM "events";
--> statement-breakpoint
CREATE INDEX "event_keys_received_idx" ON "event_keys" USING btree ("received_at");
--> statement-breakpoint
-- The arrival counter outlives the old table.
ALTER SEQUENCE "events_seq_seq" OWNED BY NONE;
--> statement-breakpoint
ALTER TABLE "events" RENAME TO "events_unpartitioned";
--> statement-breakpoint
CREATE TABLE "events" (LIKE "events_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("received_at");
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_id_received_at_pk" PRIMARY KEY ("id", "received_at");
--> statement-breakpoint
-- A safety net for a month no one created ahead (the engine keeps the current and next month ready).
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;
--> statement-breakpoint
DO $$
DECLARE
  m date := date_trunc('month', coalesce((SELECT min("received_at") FROM "events_unpartitioned"), now()) AT TIME ZONE 'UTC')::date;
  last date := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months')::date;
BEGIN
  WHILE m < last LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "events" FOR VALUES FROM (%L) TO (%L)',
      'events_' || to_char(m, 'YYYY_MM'),
      to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char((m + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00'
    );
    m := (m + interval '1 month')::date;
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "events" SELECT * FROM "events_unpartitioned";
--> statement-breakpoint
DROP TABLE "events_unpartitioned";
--> statement-breakpoint
ALTER SEQUENCE "events_seq_seq" OWNED BY "events"."seq";
--> statement-breakpoint
CREATE INDEX "events_client_external_idx" ON "events" USING btree ("client_id","external_id");
--> statement-breakpoint
CREATE INDEX "events_pending_idx" ON "events" USING btree ("next_attempt_at","seq") WHERE "events"."status" = 'accepted';
--> statement-breakpoint
CREATE INDEX "events_pending_customer_idx" ON "events" USING btree ("client_id","customer_id","seq") WHERE "events"."status" = 'accepted';
--> statement-breakpoint
CREATE INDEX "events_client_received_idx" ON "events" USING btree ("client_id","seq" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "events_client_status_idx" ON "events" USING btree ("client_id","status","seq" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "events_client_type_idx" ON "events" USING btree ("client_id","type","seq" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "events_client_customer_idx" ON "events" USING btree ("client_id","customer_id","seq");
