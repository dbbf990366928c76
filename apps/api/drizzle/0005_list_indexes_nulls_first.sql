DROP INDEX "audit_log_client_time_idx";--> statement-breakpoint
DROP INDEX "audit_log_client_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_client_entity_idx";--> statement-breakpoint
DROP INDEX "customers_client_created_idx";--> statement-breakpoint
DROP INDEX "customers_client_branch_created_idx";--> statement-breakpoint
DROP INDEX "customers_client_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_client_customer_idx";--> statement-breakpoint
CREATE INDEX "audit_log_client_time_idx" ON "audit_log" USING btree ("client_id","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_client_actor_idx" ON "audit_log" USING btree ("client_id","actor_id","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_client_entity_idx" ON "audit_log" USING btree ("client_id","entity","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_client_created_idx" ON "customers" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_client_branch_created_idx" ON "customers" USING btree ("client_id","member_branch_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_client_status_created_idx" ON "customers" USING btree ("client_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_customer_idx" ON "orders" USING btree ("client_id","customer_id","ordered_at" DESC NULLS FIRST);