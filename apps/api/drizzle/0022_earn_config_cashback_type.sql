ALTER TABLE "earn_configs" ADD COLUMN "cashback_type" text;--> statement-breakpoint
-- Cashback configs saved before the type was kept: a percentage where the amount can be one (0 to 100 in steps
-- of 0.1, the console's old guess), else a fixed amount. XP configs have none.
UPDATE "earn_configs" SET "cashback_type" = CASE
    WHEN "earn_amount" BETWEEN 0 AND 100 AND "earn_amount" * 10 = trunc("earn_amount" * 10) THEN 'percentage'
    ELSE 'fixed'
  END
  WHERE "type" = 'Currency';--> statement-breakpoint
ALTER TABLE "earn_configs" ADD CONSTRAINT "earn_configs_cashback_type" CHECK (CASE WHEN "earn_configs"."type" = 'Currency' THEN "earn_configs"."cashback_type" IS NOT NULL AND "earn_configs"."cashback_type" IN ('percentage', 'fixed') ELSE "earn_configs"."cashback_type" IS NULL END);
