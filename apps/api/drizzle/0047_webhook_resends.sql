-- A Resend is an extra try: counted apart from the automatic ones, so a failed resend neither moves the delivery's
-- next try nor spends a step of its retry schedule (the step is attempts - resends).
ALTER TABLE "webhook_deliveries" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;
