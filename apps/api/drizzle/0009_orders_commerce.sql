CREATE TABLE "baskets" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"external_id" text NOT NULL,
	"customer_id" text,
	"customer_name" text,
	"customer_email" text,
	"customer_contact_number" text,
	"branch_id" text,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"items" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	"request_hash" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("baskets"."external_id" || ' ' || coalesce("baskets"."customer_name", '') || ' ' || coalesce("baskets"."customer_email", '') || ' ' || coalesce("baskets"."customer_contact_number", '') || ' ' || coalesce('0' || substr("baskets"."customer_contact_number", 4), ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"order_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" text,
	"sku" text,
	"title" text NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"line_total_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_parcels" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"order_id" text NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"order_id" text NOT NULL,
	"seq" integer NOT NULL,
	"parcel_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_location" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_contact_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_fulfilment_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "history_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("orders"."code" || ' ' || coalesce("orders"."external_id", '') || ' ' || coalesce("orders"."customer_name", '') || ' ' || coalesce("orders"."customer_email", '') || ' ' || coalesce("orders"."customer_contact_number", '') || ' ' || coalesce('0' || substr("orders"."customer_contact_number", 4), ''))) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parcels" ADD CONSTRAINT "order_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_parcel_id_order_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."order_parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_client_external_unique" ON "baskets" USING btree ("client_id","external_id");--> statement-breakpoint
CREATE INDEX "baskets_client_updated_idx" ON "baskets" USING btree ("client_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "baskets_client_branch_updated_idx" ON "baskets" USING btree ("client_id","branch_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "baskets_client_customer_updated_idx" ON "baskets" USING btree ("client_id","customer_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "baskets_client_status_updated_idx" ON "baskets" USING btree ("client_id","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "baskets_client_type_updated_idx" ON "baskets" USING btree ("client_id","type","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "baskets_client_total_idx" ON "baskets" USING btree ("client_id","total_minor");--> statement-breakpoint
CREATE INDEX "baskets_search_trgm_idx" ON "baskets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_line_unique" ON "order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "order_parcels_order_number_unique" ON "order_parcels" USING btree ("order_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_status_history_order_seq_unique" ON "order_status_history" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "orders_client_ordered_idx" ON "orders" USING btree ("client_id","ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_branch_ordered_idx" ON "orders" USING btree ("client_id","branch_id","ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_status_idx" ON "orders" USING btree ("client_id","status" DESC NULLS FIRST,"ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_method_idx" ON "orders" USING btree ("client_id","method" DESC NULLS FIRST,"ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_total_idx" ON "orders" USING btree ("client_id","total_minor" DESC NULLS FIRST,"ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_code_idx" ON "orders" USING btree ("client_id","code" DESC NULLS FIRST,"ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_customer_name_idx" ON "orders" USING btree ("client_id","customer_name" DESC NULLS FIRST,"ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_client_eta_idx" ON "orders" USING btree ("client_id","expected_fulfilment_date" DESC NULLS FIRST,"ordered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- An order's status history is append-only: no process, however it connects, may rewrite or erase it.
CREATE OR REPLACE FUNCTION order_status_history_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'order_status_history is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_status_history_append_only
  BEFORE UPDATE OR DELETE ON order_status_history
  FOR EACH ROW EXECUTE FUNCTION order_status_history_refuse_change();
--> statement-breakpoint
-- An order made by an order.created event alone names only its customer: copy their name, email and number at
-- insert, as the integrator API does, so that every order sorts and is found by its buyer.
CREATE OR REPLACE FUNCTION orders_copy_customer() RETURNS trigger AS $$
BEGIN
  IF NEW.customer_id IS NOT NULL AND NEW.customer_name IS NULL THEN
    SELECT c.name || ' ' || c.surname, c.email, c.cell_number
      INTO NEW.customer_name, NEW.customer_email, NEW.customer_contact_number
      FROM customers c WHERE c.id = NEW.customer_id AND c.client_id = NEW.client_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_copy_customer
  BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_copy_customer();
--> statement-breakpoint
UPDATE "orders" o SET "customer_name" = c.name || ' ' || c.surname, "customer_email" = c.email,
  "customer_contact_number" = c.cell_number
FROM "customers" c
WHERE o."customer_id" = c."id" AND o."client_id" = c."client_id" AND o."customer_name" IS NULL;
