CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"buyer_email" text NOT NULL,
	"user_id" uuid,
	"guest_token_hash" text,
	"language" text DEFAULT 'en' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"amount_paid_cents" integer,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"code_key" text,
	"code_end" text,
	"link_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "gift_cards_code_key_unique" UNIQUE("code_key"),
	CONSTRAINT "gift_cards_link_token_hash_unique" UNIQUE("link_token_hash"),
	CONSTRAINT "gift_cards_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_cents_not_negative" CHECK ("gift_card_cents" >= 0);--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_gift_card_idx" ON "orders" USING btree ("gift_card_id");
