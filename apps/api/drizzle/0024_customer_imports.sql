CREATE TABLE "customer_import_errors" (
	"import_id" text NOT NULL,
	"row" integer NOT NULL,
	"field" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "customer_import_errors_import_id_row_field_pk" PRIMARY KEY("import_id","row","field")
);
--> statement-breakpoint
CREATE TABLE "customer_import_parts" (
	"import_id" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "customer_import_parts_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text,
	"created_by_name" text,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_sha256" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text NOT NULL,
	"columns" jsonb NOT NULL,
	"branch_scope" text[],
	"default_branch_id" text,
	"may_update" boolean NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"balances_set" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "customer_imports_client_created_idx" ON "customer_imports" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_imports_waiting_idx" ON "customer_imports" USING btree ("created_at") WHERE "customer_imports"."status" IN ('queued', 'running');--> statement-breakpoint
ALTER TABLE "customer_import_parts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;