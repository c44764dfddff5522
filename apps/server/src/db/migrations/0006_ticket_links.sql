ALTER TABLE "orders" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_link_token_hash_unique" UNIQUE("link_token_hash");