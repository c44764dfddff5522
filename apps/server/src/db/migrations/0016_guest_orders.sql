ALTER TABLE "orders" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_token_hash" text;--> statement-breakpoint
CREATE INDEX "orders_guest_token_idx" ON "orders" USING btree ("guest_token_hash","status");