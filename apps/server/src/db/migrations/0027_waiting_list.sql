CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"package_id" integer NOT NULL,
	"email" text NOT NULL,
	"places" integer NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"leave_token_hash" text NOT NULL,
	"offer_token_hash" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"order_id" uuid,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_leave_token_hash_unique" UNIQUE("leave_token_hash"),
	CONSTRAINT "waitlist_entries_offer_token_hash_unique" UNIQUE("offer_token_hash"),
	CONSTRAINT "waitlist_entries_places_positive" CHECK ("places" > 0),
	CONSTRAINT "waitlist_entries_status_known" CHECK ("status" IN ('waiting', 'offered', 'bought', 'expired', 'left'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_slot_email_idx" ON "waitlist_entries" USING btree ("slot_id","email");--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("slot_id","status","joined_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_status_idx" ON "waitlist_entries" USING btree ("status","offer_expires_at");--> statement-breakpoint
-- A waiting-list offer holds its places (decision 063) as a pending order does: until it runs out,
-- nobody else can take them. Written once, like order_holds_places (decision 031): the hold below and
-- every count the shop shows (apps/server/src/modules/orders/slots.ts, placesTaken) ask it.
CREATE OR REPLACE FUNCTION waitlist_offer_holds(p_status text, p_offer_expires_at timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'offered' AND coalesce(p_offer_expires_at > p_now, false)
$$;
--> statement-breakpoint
-- The hold of decisions 030 and 031, counting the waiting list's open offers beside the orders. The
-- offer's holder checks out by first marking the offer used in the same transaction (so its places
-- are no longer counted twice) and then taking them here.
CREATE OR REPLACE FUNCTION hold_slot_places(
  p_slot uuid, p_package integer, p_places integer, p_now timestamptz, p_cutoff_minutes integer
) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
  v_taken integer;
  v_offered integer;
BEGIN
  SELECT id, capacity, closed, starts_at INTO s FROM slots
    WHERE id = p_slot AND package_id = p_package FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'slot_refused' USING DETAIL = json_build_object('unknown', true)::text;
  END IF;
  SELECT coalesce(sum(places), 0) INTO v_taken FROM orders
    WHERE slot_id = p_slot AND order_holds_places(status, hold_expires_at, p_now);
  SELECT coalesce(sum(places), 0) INTO v_offered FROM waitlist_entries
    WHERE slot_id = p_slot AND waitlist_offer_holds(status, offer_expires_at, p_now);
  v_taken := v_taken + v_offered;
  IF s.starts_at - make_interval(mins => p_cutoff_minutes) <= p_now
     OR s.closed
     OR s.capacity - v_taken < p_places THEN
    RAISE EXCEPTION 'slot_refused' USING DETAIL = json_build_object(
      'capacity', s.capacity, 'closed', s.closed, 'starts_at', s.starts_at, 'taken', v_taken)::text;
  END IF;
  RETURN p_places;
END $$;
