-- The waiting queue apart from the history (issue 28): `event_queue` holds the events not finished (accepted or
-- parked), kept by triggers from `events`' own status in the same statement, and `events` loses every index on its
-- status, so marking an event processed changes no indexed value. With half of each page free (fillfactor 50) that
-- update is a HOT one: no index is written, and the new row version stays on its page.
CREATE TABLE "event_queue" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "events_pending_idx";--> statement-breakpoint
DROP INDEX "events_pending_customer_idx";--> statement-breakpoint
DROP INDEX "events_client_status_idx";--> statement-breakpoint
CREATE INDEX "event_queue_due_idx" ON "event_queue" USING btree ("next_attempt_at","seq") WHERE "event_queue"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "event_queue_customer_idx" ON "event_queue" USING btree ("client_id","customer_id","seq");--> statement-breakpoint
CREATE INDEX "events_client_set_aside_idx" ON "events" USING btree ("client_id","seq" DESC NULLS FIRST) WHERE "events"."error" IS NOT NULL;
--> statement-breakpoint
-- Statement triggers with transition tables: one set-based write per statement, however many events it touched.
CREATE FUNCTION "event_queue_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_queue" ("event_id", "received_at", "seq", "client_id", "customer_id", "status", "next_attempt_at")
  SELECT "id", "received_at", "seq", "client_id", "customer_id", "status", "next_attempt_at" FROM "new_events"
  WHERE "status" IN ('accepted', 'parked');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update (also one that moves a row to another month's partition) leaves the queue as the new rows say.
CREATE FUNCTION "event_queue_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "event_queue" q USING "new_events" n
  WHERE q."event_id" = n."id" AND n."status" NOT IN ('accepted', 'parked');
  INSERT INTO "event_queue" ("event_id", "received_at", "seq", "client_id", "customer_id", "status", "next_attempt_at")
  SELECT "id", "received_at", "seq", "client_id", "customer_id", "status", "next_attempt_at" FROM "new_events"
  WHERE "status" IN ('accepted', 'parked')
  ON CONFLICT ("event_id") DO UPDATE SET "received_at" = excluded."received_at", "status" = excluded."status",
    "next_attempt_at" = excluded."next_attempt_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "event_queue_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "event_queue" q USING "old_events" o WHERE q."event_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "event_queue_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "new_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_queue_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "event_queue_update" AFTER UPDATE ON "events" REFERENCING NEW TABLE AS "new_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_queue_after_update"();
--> statement-breakpoint
CREATE TRIGGER "event_queue_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS "old_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_queue_after_delete"();
--> statement-breakpoint
-- The events waiting or parked now join the queue.
INSERT INTO "event_queue" ("event_id", "received_at", "seq", "client_id", "customer_id", "status", "next_attempt_at")
SELECT "id", "received_at", "seq", "client_id", "customer_id", "status", "next_attempt_at" FROM "events"
WHERE "status" IN ('accepted', 'parked');
--> statement-breakpoint
-- Room on each page for the processed version of its rows (a partitioned table takes no storage parameters: each
-- partition does; engine/events/event-partitions.ts creates the new months with it). Rows already stored keep
-- their pages as they are.
DO $$
DECLARE
  part regclass;
BEGIN
  FOR part IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = '"events"'::regclass LOOP
    EXECUTE format('ALTER TABLE %s SET (fillfactor = 50)', part);
  END LOOP;
END $$;
