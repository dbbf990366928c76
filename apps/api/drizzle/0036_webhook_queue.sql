-- The deliveries still to send apart from their history (the pattern of 0033's event_queue): `webhook_queue` holds
-- the pending deliveries, kept by triggers from `webhook_deliveries`' own status, next try and attempts in the same
-- statement, and carries the lease. The claim's plans then follow a table of the size of the backlog: on the shared
-- table, statistics of its history (an ANALYZE while nothing was pending, a VACUUM that left the pending indexes few
-- entries in many pages) turned the planner to plans that read the whole backlog for every claim.
CREATE TABLE "webhook_queue" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"endpoint_id" text NOT NULL,
	"customer_id" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"leased_until" timestamp with time zone
);
--> statement-breakpoint
-- A row trigger for inserts: a statement that writes no delivery (an effect no endpoint subscribes to, the usual
-- case in a redemption or a spend) runs nothing.
CREATE FUNCTION "webhook_queue_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_queue" ("delivery_id", "seq", "endpoint_id", "customer_id", "next_attempt_at", "attempts")
  VALUES (NEW."id", NEW."seq", NEW."endpoint_id", NEW."customer_id", NEW."next_attempt_at", NEW."attempts");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates come in sets (the dispatcher writes its results together): one set-based write per statement. A try
-- written (attempts moved) ends the row's lease; an update that wrote none (a scrubbed body) changes nothing here.
CREATE FUNCTION "webhook_queue_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "webhook_queue" q USING "new_deliveries" n
  WHERE q."delivery_id" = n."id" AND n."status" <> 'pending';
  INSERT INTO "webhook_queue" ("delivery_id", "seq", "endpoint_id", "customer_id", "next_attempt_at", "attempts")
  SELECT "id", "seq", "endpoint_id", "customer_id", "next_attempt_at", "attempts" FROM "new_deliveries"
  WHERE "status" = 'pending'
  ON CONFLICT ("delivery_id") DO UPDATE SET "next_attempt_at" = excluded."next_attempt_at",
    "attempts" = excluded."attempts", "leased_until" = NULL
  WHERE ("webhook_queue"."next_attempt_at", "webhook_queue"."attempts")
    IS DISTINCT FROM (excluded."next_attempt_at", excluded."attempts");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "webhook_queue_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "webhook_queue" q USING "old_deliveries" o WHERE q."delivery_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_queue_insert" AFTER INSERT ON "webhook_deliveries"
  FOR EACH ROW WHEN (NEW."status" = 'pending') EXECUTE FUNCTION "webhook_queue_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "webhook_queue_update" AFTER UPDATE ON "webhook_deliveries" REFERENCING NEW TABLE AS "new_deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_queue_after_update"();
--> statement-breakpoint
CREATE TRIGGER "webhook_queue_delete" AFTER DELETE ON "webhook_deliveries" REFERENCING OLD TABLE AS "old_deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_queue_after_delete"();
--> statement-breakpoint
-- The deliveries pending now join the queue, their leases with them.
INSERT INTO "webhook_queue" ("delivery_id", "seq", "endpoint_id", "customer_id", "next_attempt_at", "attempts", "leased_until")
SELECT "id", "seq", "endpoint_id", "customer_id", "next_attempt_at", "attempts", "leased_until"
FROM "webhook_deliveries" WHERE "status" = 'pending';
--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_order_idx";--> statement-breakpoint
CREATE INDEX "webhook_queue_due_idx" ON "webhook_queue" USING btree ("next_attempt_at","seq");--> statement-breakpoint
CREATE INDEX "webhook_queue_order_idx" ON "webhook_queue" USING btree ("endpoint_id","customer_id","seq");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "leased_until";
