-- The places rule, written once (decision 031): an order's places count against its slot when it is
-- bought ('paid') or held ('pending' with a hold that has not run out). The hold (hold_slot_places)
-- and every count the shop shows or checks (apps/server/src/modules/orders/slots.ts, holdsPlaces)
-- ask this function, so the two can no longer disagree. IMMUTABLE and plain SQL: the planner inlines
-- it into the query that calls it, so a count costs what the written-out condition cost. A pending
-- order without a hold time holds nothing (false, not NULL).
CREATE OR REPLACE FUNCTION order_holds_places(p_status text, p_hold_expires_at timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'paid' OR (p_status = 'pending' AND coalesce(p_hold_expires_at > p_now, false))
$$;
--> statement-breakpoint
-- The hold of decision 030, unchanged but for the rule: it now asks order_holds_places.
CREATE OR REPLACE FUNCTION hold_slot_places(
  p_slot uuid, p_package integer, p_places integer, p_now timestamptz, p_cutoff_minutes integer
) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
  v_taken integer;
BEGIN
  SELECT id, capacity, closed, starts_at INTO s FROM slots
    WHERE id = p_slot AND package_id = p_package FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'slot_refused' USING DETAIL = json_build_object('unknown', true)::text;
  END IF;
  SELECT coalesce(sum(places), 0) INTO v_taken FROM orders
    WHERE slot_id = p_slot AND order_holds_places(status, hold_expires_at, p_now);
  IF s.starts_at - make_interval(mins => p_cutoff_minutes) <= p_now
     OR s.closed
     OR s.capacity - v_taken < p_places THEN
    RAISE EXCEPTION 'slot_refused' USING DETAIL = json_build_object(
      'capacity', s.capacity, 'closed', s.closed, 'starts_at', s.starts_at, 'taken', v_taken)::text;
  END IF;
  RETURN p_places;
END $$;
