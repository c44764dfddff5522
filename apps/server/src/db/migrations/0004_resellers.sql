CREATE TABLE "resellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"rate_per_minute" integer DEFAULT 300 NOT NULL,
	"can_redeem" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "resellers_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reseller_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booking_uuid" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reseller_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_items" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claimed_by_reseller_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_claimed_by_reseller_id_resellers_id_fk" FOREIGN KEY ("claimed_by_reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reseller_booking_idx" ON "orders" USING btree ("reseller_id","booking_uuid");