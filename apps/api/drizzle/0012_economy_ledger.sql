CREATE TABLE "currencies" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"conversion_rate" numeric(20, 6) DEFAULT '0' NOT NULL,
	"icon" jsonb NOT NULL,
	"expiry_policy" text DEFAULT 'never' NOT NULL,
	"expiry_days" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"trigger_value" numeric(20, 2) NOT NULL,
	"earn_amount" numeric(20, 2) NOT NULL,
	"segment_id" text NOT NULL,
	"currency_id" text,
	"exclude_type" text DEFAULT 'product' NOT NULL,
	"excluded_product_ids" text[],
	"excluded_category_ids" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "economy_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"branch_id" text,
	"currency_id" text,
	"transaction_type" text NOT NULL,
	"value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"xp_points_earned" numeric(20, 2) DEFAULT '0' NOT NULL,
	"wallet_balance_post_transaction" numeric(20, 2),
	"shortfall" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cause_kind" text NOT NULL,
	"cause_id" text NOT NULL,
	"event_id" text NOT NULL,
	"order_ref" text,
	"reference" text NOT NULL,
	"reason" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spend_requests" (
	"client_id" text NOT NULL,
	"idempotency_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spend_requests_client_id_idempotency_id_pk" PRIMARY KEY("client_id","idempotency_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_lots" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"remaining" numeric(20, 2) NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_lots_remaining_range" CHECK ("wallet_lots"."remaining" >= 0 AND "wallet_lots"."remaining" <= "wallet_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_customer_id_currency_id_pk" PRIMARY KEY("customer_id","currency_id"),
	CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_configs" ADD CONSTRAINT "earn_configs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_client_code_unique" ON "currencies" USING btree ("client_id",lower("code")) WHERE "currencies"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "currencies_client_created_idx" ON "currencies" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "earn_configs_client_type_created_idx" ON "earn_configs" USING btree ("client_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "economy_transactions_effect_unique" ON "economy_transactions" USING btree ("client_id","cause_kind","cause_id","event_id",coalesce("currency_id", ''));--> statement-breakpoint
CREATE INDEX "economy_transactions_client_occurred_idx" ON "economy_transactions" USING btree ("client_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "economy_transactions_branch_occurred_idx" ON "economy_transactions" USING btree ("client_id","branch_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "economy_transactions_customer_occurred_idx" ON "economy_transactions" USING btree ("client_id","customer_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "economy_transactions_order_idx" ON "economy_transactions" USING btree ("client_id","order_ref") WHERE "economy_transactions"."order_ref" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_lots_wallet_idx" ON "wallet_lots" USING btree ("customer_id","currency_id","expires_at","created_at","id") WHERE "wallet_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "wallet_lots_expiry_idx" ON "wallet_lots" USING btree ("expires_at") WHERE "wallet_lots"."remaining" > 0 AND "wallet_lots"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallets_client_customer_idx" ON "wallets" USING btree ("client_id","customer_id");--> statement-breakpoint
-- The economy ledger is append-only: balances are derived from it, so history is never rewritten or erased.
CREATE OR REPLACE FUNCTION economy_transactions_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'economy_transactions is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER economy_transactions_append_only
  BEFORE UPDATE OR DELETE ON economy_transactions
  FOR EACH ROW EXECUTE FUNCTION economy_transactions_refuse_change();
