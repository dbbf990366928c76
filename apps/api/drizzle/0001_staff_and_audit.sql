CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"summary" text NOT NULL,
	"changes" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"display_name" text NOT NULL,
	"branch_number" text,
	"email" text,
	"image_url" text,
	"registered_name" text,
	"registration_number" text,
	"vat_number" text,
	"vat_registered" boolean NOT NULL,
	"franchise" boolean NOT NULL,
	"offline" boolean NOT NULL,
	"country_code" text NOT NULL,
	"country_code_extension" text NOT NULL,
	"contact_number" text,
	"full_address" text,
	"latitude" double precision,
	"longitude" double precision,
	"banking_details" jsonb,
	"replace_by_default" boolean NOT NULL,
	"delivery" boolean NOT NULL,
	"delivery_fee_type" text NOT NULL,
	"max_delivery_radius" numeric(10, 2),
	"base_delivery_radius" numeric(10, 2),
	"delivery_fee_per_km_minor" integer,
	"delivery_fee_minor" integer,
	"delivery_radii" jsonb,
	"trading_times" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_client_time_idx" ON "audit_log" USING btree ("client_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_client_actor_idx" ON "audit_log" USING btree ("client_id","actor_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_client_entity_idx" ON "audit_log" USING btree ("client_id","entity","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "branches_client_name_idx" ON "branches" USING btree ("client_id",lower("display_name"));