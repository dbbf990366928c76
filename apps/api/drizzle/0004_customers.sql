CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"label" text NOT NULL,
	"full_address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text,
	"cell_number" text,
	"gender" text DEFAULT 'N/A' NOT NULL,
	"member_card_number" text,
	"status" text NOT NULL,
	"birthday" text,
	"member_date" text NOT NULL,
	"loyalty_sign_up" boolean DEFAULT true NOT NULL,
	"get_communication" boolean DEFAULT false NOT NULL,
	"agrees_terms_and_conditions" boolean DEFAULT false NOT NULL,
	"communication_method" text[] DEFAULT '{}'::text[] NOT NULL,
	"member_branch_id" text,
	"total_order_value_minor" bigint DEFAULT 0 NOT NULL,
	"last_order_amount_minor" bigint DEFAULT 0 NOT NULL,
	"last_transacted_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower("customers"."name" || ' ' || "customers"."surname" || ' ' || coalesce("customers"."email", '') || ' ' || coalesce("customers"."cell_number", '') || ' ' || coalesce('0' || substr("customers"."cell_number", 4), ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"loyalty_number" text NOT NULL,
	"card_number" text NOT NULL,
	"card_linked" boolean DEFAULT true NOT NULL,
	"member_date" text NOT NULL,
	"member_branch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text,
	"branch_id" text,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"total_minor" bigint NOT NULL,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_unique" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_client_idx" ON "api_keys" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("client_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_client_email_unique" ON "customers" USING btree ("client_id",lower("email")) WHERE "customers"."email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_client_cell_unique" ON "customers" USING btree ("client_id","cell_number") WHERE "customers"."cell_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_client_card_unique" ON "customers" USING btree ("client_id","member_card_number") WHERE "customers"."member_card_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_client_created_idx" ON "customers" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_client_branch_created_idx" ON "customers" USING btree ("client_id","member_branch_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_client_status_created_idx" ON "customers" USING btree ("client_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_customer_unique" ON "loyalty_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_client_number_unique" ON "loyalty_accounts" USING btree ("client_id","loyalty_number");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_client_card_unique" ON "loyalty_accounts" USING btree ("client_id","card_number");--> statement-breakpoint
CREATE INDEX "orders_client_customer_idx" ON "orders" USING btree ("client_id","customer_id","ordered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "payment_methods" USING btree ("client_id","customer_id","created_at");