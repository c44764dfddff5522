-- A reseller's package (decision 072): a combo booked through OCTO is one booking, its parts' orders
-- its packageBookings. The parts carry the reseller (its channel, its cap on held places), so without
-- this each part's payment and refund would reach the reseller's webhook as a booking of its own. A
-- part's status follows its combo's order, whose own events say 'created' and 'cancelled'; a paid
-- part's change the booking shows (a redemption, its contact) is an 'updated' of the combo's booking.
-- The rest is migration 0023's function unchanged.
CREATE OR REPLACE FUNCTION webhook_order_events() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_action text;
  v_booking uuid := coalesce(NEW.combo_order_id, NEW.id);
  v_old_slot uuid;
  v_new_slot uuid;
  v_old_places integer := 0;
  v_new_places integer := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF NEW.reseller_id IS NOT NULL THEN
    IF NEW.combo_order_id IS NOT NULL THEN
      IF TG_OP = 'UPDATE' AND NEW.status = 'paid' AND OLD.status = 'paid' AND (
        OLD.slot_id, OLD.selected_date, OLD.contact, OLD.claimed_at, OLD.ticket_revision
      ) IS DISTINCT FROM (
        NEW.slot_id, NEW.selected_date, NEW.contact, NEW.claimed_at, NEW.ticket_revision
      ) THEN
        v_action := 'updated';
      END IF;
    ELSIF TG_OP = 'INSERT' THEN
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
      PERFORM webhook_enqueue('booking_update', v_action, NEW.reseller_id, v_booking, NEW.slot_id, NEW.package_id,
        'order:' || v_booking);
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
