-- Each move of a paid ticket to another time by its holder (decision 067): counted against the limit,
-- and a cheaper time's difference refunded from here.
CREATE TABLE "ticket_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_slot_id" uuid,
	"to_slot_id" uuid,
	"channel" text NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"gift_card_back_cents" integer DEFAULT 0 NOT NULL,
	"refund_status" text,
	"refund_id" text,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_from_slot_id_slots_id_fk" FOREIGN KEY ("from_slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_to_slot_id_slots_id_fk" FOREIGN KEY ("to_slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "ticket_moves_order_idx" ON "ticket_moves" USING btree ("order_id","moved_at");
--> statement-breakpoint
CREATE INDEX "ticket_moves_pending_idx" ON "ticket_moves" USING btree ("moved_at") WHERE "refund_status" = 'pending';
