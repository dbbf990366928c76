-- The endpoints list's failed count by an index of the few failed deliveries (its pending count reads webhook_queue),
-- instead of a read of every delivery the client ever had.
CREATE INDEX "webhook_deliveries_failed_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE "webhook_deliveries"."status" = 'failed';