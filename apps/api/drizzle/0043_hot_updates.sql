-- Room for HOT updates (issue 28). A row updated where no indexed value changes keeps its new version on its own page
-- when the page has room: no index entry is added (on customers that is nine indexes, a trigram one among them) and
-- the old version is pruned without a VACUUM. At the default fillfactor (100) the pages these tables fill are full,
-- so their every update added index entries: the engine's per-batch updates of customers' order totals, players'
-- statistics and wallets' balances, a spend's balance, and the dispatcher's lease and result of each delivery.
-- Only pages written from now on keep the room; a VACUUM FULL or pg_repack applies it to what is already there.
ALTER TABLE "customers" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "player_statistics" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "wallets" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "webhook_queue" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" SET (fillfactor = 75);--> statement-breakpoint
-- The failed index's predicate read the status, so no delivery's result could be a HOT update: it reads a generated
-- column instead, which changes only when a delivery gives up (or a failed one is resent).
DROP INDEX "webhook_deliveries_failed_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "failed" boolean GENERATED ALWAYS AS (status = 'failed') STORED;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_failed_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE "webhook_deliveries"."failed";
