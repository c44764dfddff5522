-- An unpaid checkout's one reminder (decision 065): asked for by the buyer at checkout, sent once.
ALTER TABLE "orders" ADD COLUMN "reminder_consent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp with time zone;
--> statement-breakpoint
-- The reminder pass looks for consenting unpaid checkouts only: a small partial index.
CREATE INDEX "orders_reminder_idx" ON "orders" USING btree ("created_at") WHERE "reminder_consent" AND "reminded_at" IS NULL;
