ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders made so far came from order.created events and were counted by the engine unless refunded or cancelled.
UPDATE "orders" SET "source" = 'event', "counted_at" = "created_at", "counted" = "status" NOT IN ('REFUNDED', 'CANCELLED')
WHERE "external_id" IS NOT NULL;
