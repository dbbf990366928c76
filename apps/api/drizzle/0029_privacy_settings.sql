CREATE TABLE "client_privacy_settings" (
	"client_id" text PRIMARY KEY NOT NULL,
	"event_payload_retention_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_privacy_settings" ADD CONSTRAINT "client_privacy_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;