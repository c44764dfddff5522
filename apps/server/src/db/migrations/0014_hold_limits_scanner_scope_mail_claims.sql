ALTER TABLE "mail_outbox" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_address" text;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "redeem_products" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_hold_address_idx" ON "orders" USING btree ("hold_address","status");--> statement-breakpoint
CREATE INDEX "orders_reseller_status_idx" ON "orders" USING btree ("reseller_id","status");--> statement-breakpoint
-- Scanner keys made before the scope keep their door working: every product of today. A superuser
-- replaces them with keys for their own doors (docs/security.md).
UPDATE "resellers" SET "redeem_products" = ARRAY(SELECT "package_tag" FROM "packages" ORDER BY "package_tag") WHERE "can_redeem" AND "revoked_at" IS NULL;