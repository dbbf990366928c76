-- How many of an import's opening balances went down against the ones imported before (the difference is taken
-- back): the import page warns of it, in a check before the run.
ALTER TABLE "customer_imports" ADD COLUMN "balances_lowered" integer DEFAULT 0 NOT NULL;
