DROP INDEX "challenge_players_customer_idx";--> statement-breakpoint
DROP INDEX "challenges_released_end_idx";--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "challenges_released_end_idx" ON "challenges" USING btree ("end_date") WHERE "challenges"."status" = 'released' AND "challenges"."expired_at" IS NULL;