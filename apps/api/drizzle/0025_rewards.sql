CREATE TABLE "reward_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"code" text NOT NULL,
	"redemption_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"reward_name" text NOT NULL,
	"reward_type" text NOT NULL,
	"customer_id" text NOT NULL,
	"branch_id" text,
	"idempotency_id" text NOT NULL,
	"status" text NOT NULL,
	"coupon_code" text,
	"expires_at" timestamp with time zone,
	"currency_id" text NOT NULL,
	"cost" numeric(20, 2) NOT NULL,
	"balance_after" numeric(20, 2) NOT NULL,
	"order_ref" text,
	"staff_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"type" text NOT NULL,
	"currency_id" text NOT NULL,
	"cost" numeric(20, 2) NOT NULL,
	"stock" integer,
	"per_customer_limit" integer,
	"available_from" timestamp with time zone,
	"available_to" timestamp with time zone,
	"segment_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"coupon" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_client_code_unique" ON "reward_codes" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "reward_codes_free_idx" ON "reward_codes" USING btree ("reward_id","created_at","id") WHERE "reward_codes"."redemption_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_redemptions_idempotency_unique" ON "reward_redemptions" USING btree ("client_id","idempotency_id");--> statement-breakpoint
CREATE INDEX "reward_redemptions_client_created_idx" ON "reward_redemptions" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reward_redemptions_customer_idx" ON "reward_redemptions" USING btree ("client_id","customer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reward_redemptions_limit_idx" ON "reward_redemptions" USING btree ("reward_id","customer_id") WHERE "reward_redemptions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "reward_redemptions_reward_created_idx" ON "reward_redemptions" USING btree ("client_id","reward_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rewards_client_created_idx" ON "rewards" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);