CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	"subscription_id" uuid NOT NULL,
	"reseller_id" uuid NOT NULL,
	"event" text NOT NULL,
	"action" text NOT NULL,
	"order_id" uuid,
	"slot_id" uuid,
	"package_id" integer,
	"order_key" text NOT NULL,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reseller_id" uuid NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"capabilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_key_idx" ON "webhook_deliveries" USING btree ("subscription_id","order_key","seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_reseller_idx" ON "webhook_deliveries" USING btree ("reseller_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_event_idx" ON "webhook_subscriptions" USING btree ("event","reseller_id");--> statement-breakpoint
-- Resellers' webhooks (decision 056). The events are written by the database, in the transaction that
-- changes the order or the slot: every path that writes an order (a web payment's one statement, a
-- reseller's call, a refund, an agent's claim) emits without knowing webhooks exist, and an event is
-- never written for a change that rolled back nor lost for one that committed. With no webhook
-- subscribed, a write costs one index probe and inserts nothing.
CREATE OR REPLACE FUNCTION webhook_enqueue(
  p_event text, p_action text, p_reseller uuid, p_order uuid, p_slot uuid, p_package integer, p_key text
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_event uuid := gen_random_uuid();
BEGIN
  INSERT INTO webhook_deliveries (event_id, subscription_id, reseller_id, event, action, order_id, slot_id, package_id, order_key)
  SELECT v_event, s.id, s.reseller_id, p_event, p_action, p_order, p_slot, p_package, p_key
  FROM webhook_subscriptions s JOIN resellers r ON r.id = s.reseller_id
  WHERE s.event = p_event AND s.deleted_at IS NULL AND r.revoked_at IS NULL
    AND (p_reseller IS NULL OR s.reseller_id = p_reseller);
END $$;
--> statement-breakpoint
-- An order's events. booking_update, to the reseller that made the booking: 'created' when it is
-- confirmed, 'updated' when a confirmed booking changes in what OCTO's booking shows (time, product,
-- people, contact, references, redemption, ticket), 'cancelled' when a confirmed one is cancelled or
-- refunded. availability_update, to every reseller: the places an order holds on a slot changed (a
-- hold taken, a booking moved, cancelled or refunded). A hold that runs out frees its places by time,
-- with no write, and so sends nothing.
CREATE OR REPLACE FUNCTION webhook_order_events() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_action text;
  v_old_slot uuid;
  v_new_slot uuid;
  v_old_places integer := 0;
  v_new_places integer := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF NEW.reseller_id IS NOT NULL THEN
    IF TG_OP = 'INSERT' THEN
      v_action := CASE WHEN NEW.status = 'paid' THEN 'created' END;
    ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
      v_action := CASE
        WHEN NEW.status = 'paid' THEN 'created'
        WHEN OLD.status = 'paid' AND NEW.status IN ('cancelled', 'refunded') THEN 'cancelled'
      END;
    ELSIF NEW.status = 'paid' AND (
      OLD.package_id, OLD.slot_id, OLD.selected_date, OLD.adult_count, OLD.youth_count, OLD.infant_count,
      OLD.unit_items, OLD.contact, OLD.notes, OLD.reseller_reference, OLD.total_cents, OLD.claimed_at,
      OLD.ticket_revision
    ) IS DISTINCT FROM (
      NEW.package_id, NEW.slot_id, NEW.selected_date, NEW.adult_count, NEW.youth_count, NEW.infant_count,
      NEW.unit_items, NEW.contact, NEW.notes, NEW.reseller_reference, NEW.total_cents, NEW.claimed_at,
      NEW.ticket_revision
    ) THEN
      v_action := 'updated';
    END IF;
    IF v_action IS NOT NULL THEN
      PERFORM webhook_enqueue('booking_update', v_action, NEW.reseller_id, NEW.id, NEW.slot_id, NEW.package_id,
        'order:' || NEW.id);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND order_holds_places(OLD.status, OLD.hold_expires_at, now()) THEN
    v_old_slot := OLD.slot_id;
    v_old_places := OLD.places;
  END IF;
  IF order_holds_places(NEW.status, NEW.hold_expires_at, now()) THEN
    v_new_slot := NEW.slot_id;
    v_new_places := NEW.places;
  END IF;
  IF v_old_slot IS NOT NULL AND (v_old_slot IS DISTINCT FROM v_new_slot OR v_old_places <> v_new_places) THEN
    PERFORM webhook_enqueue('availability_update', 'changed', NULL, NULL, v_old_slot, OLD.package_id,
      'slot:' || v_old_slot);
  END IF;
  IF v_new_slot IS NOT NULL AND (v_old_slot IS DISTINCT FROM v_new_slot OR v_old_places <> v_new_places) THEN
    PERFORM webhook_enqueue('availability_update', 'changed', NULL, NULL, v_new_slot, NEW.package_id,
      'slot:' || v_new_slot);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_webhook_events AFTER INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION webhook_order_events();
--> statement-breakpoint
-- A slot's capacity changed, or it was closed or opened by an editor.
CREATE OR REPLACE FUNCTION webhook_slot_events() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF (OLD.capacity, OLD.closed) IS DISTINCT FROM (NEW.capacity, NEW.closed)
     AND EXISTS (SELECT 1 FROM webhook_subscriptions WHERE deleted_at IS NULL) THEN
    PERFORM webhook_enqueue('availability_update', CASE WHEN NEW.closed AND NOT OLD.closed THEN 'closed' ELSE 'changed' END,
      NULL, NULL, NEW.id, NEW.package_id, 'slot:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER slots_webhook_events AFTER UPDATE ON slots
  FOR EACH ROW EXECUTE FUNCTION webhook_slot_events();
