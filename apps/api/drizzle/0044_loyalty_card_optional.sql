ALTER TABLE "loyalty_accounts" ALTER COLUMN "card_number" DROP NOT NULL;--> statement-breakpoint
-- Members enrolled by loyalty number alone (API, import) were given that number as an unlinked card number; they
-- have no card. A 15-character one is left as it is: it may be a card a user entered.
UPDATE "loyalty_accounts" SET "card_number" = NULL, "updated_at" = now()
 WHERE NOT "card_linked" AND "card_number" = "loyalty_number" AND char_length("card_number") <> 15;
