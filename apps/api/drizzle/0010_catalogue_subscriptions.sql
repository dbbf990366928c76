CREATE TABLE "customer_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"price_minor" bigint NOT NULL,
	"amount_paid_minor" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"last_redeemed_at" timestamp with time zone,
	"issued_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_category_links" (
	"client_id" text NOT NULL,
	"product_id" text NOT NULL,
	"category_id" text NOT NULL,
	CONSTRAINT "product_category_links_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"title" text NOT NULL,
	"sku" text NOT NULL,
	"pid" text,
	"price_minor" bigint NOT NULL,
	"image_url" text,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower("products"."title" || ' ' || "products"."sku" || ' ' || coalesce("products"."pid", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sku" text NOT NULL,
	"image" text,
	"notes" text,
	"price_minor" bigint NOT NULL,
	"period" text NOT NULL,
	"custom_days" integer,
	"type" text NOT NULL,
	"number_of_periods" integer,
	"apply_to" text NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"primary_product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"branch_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"expires" boolean DEFAULT false NOT NULL,
	"expires_in" integer NOT NULL,
	"free_trial" boolean DEFAULT false NOT NULL,
	"trial_period" integer,
	"trial_conversion" boolean DEFAULT false NOT NULL,
	"auto_renewal" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"cheapest_only" boolean DEFAULT false NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"discountable" boolean DEFAULT false NOT NULL,
	"carry_over" boolean DEFAULT false NOT NULL,
	"payment_type" text NOT NULL,
	"usage_type" text NOT NULL,
	"on_payment_failure" text NOT NULL,
	"pause_while_retrying" boolean DEFAULT false NOT NULL,
	"retry_days" integer,
	"retry_count" integer,
	"max_per_user" integer,
	"max_redemptions_per_day" integer,
	"max_redemptions_per_period" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("subscription_plans"."name" || ' ' || "subscription_plans"."sku")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"external_id" text NOT NULL,
	"payload_hash" text NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_subscription_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"branch_id" text,
	"product_id" text,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_subscription_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_subscriptions" ADD CONSTRAINT "customer_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_redemptions" ADD CONSTRAINT "subscription_redemptions_subscription_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_redemptions" ADD CONSTRAINT "subscription_redemptions_customer_subscription_id_customer_subscriptions_id_fk" FOREIGN KEY ("customer_subscription_id") REFERENCES "public"."customer_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_subscriptions_customer_idx" ON "customer_subscriptions" USING btree ("client_id","customer_id","issued_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_subscriptions_plan_idx" ON "customer_subscriptions" USING btree ("client_id","subscription_id","issued_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_client_name_unique" ON "product_categories" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_categories_name_trgm_idx" ON "product_categories" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_category_links_category_idx" ON "product_category_links" USING btree ("client_id","category_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_client_sku_unique" ON "products" USING btree ("client_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_client_title_idx" ON "products" USING btree ("client_id","title","id");--> statement-breakpoint
CREATE INDEX "products_client_price_idx" ON "products" USING btree ("client_id","price_minor","id");--> statement-breakpoint
CREATE INDEX "products_client_created_idx" ON "products" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_client_sku_unique" ON "subscription_plans" USING btree ("client_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "subscription_plans_client_created_idx" ON "subscription_plans" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscription_plans_client_status_created_idx" ON "subscription_plans" USING btree ("client_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscription_plans_search_trgm_idx" ON "subscription_plans" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_redemptions_client_external_unique" ON "subscription_redemptions" USING btree ("client_id","external_id");--> statement-breakpoint
CREATE INDEX "subscription_redemptions_holder_idx" ON "subscription_redemptions" USING btree ("customer_subscription_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "subscription_redemptions_plan_idx" ON "subscription_redemptions" USING btree ("client_id","subscription_id","redeemed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);