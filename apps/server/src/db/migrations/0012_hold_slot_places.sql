-- A timed departure's hold in one statement (issue #22, decision 030): the order's INSERT takes its
-- `places` from this function, which locks the slot's row, counts the places held in it and answers
-- the places asked for, or raises 'slot_refused' with what it found (the shop words the refusal with
-- the contract's slotStatus). Each statement of a VOLATILE PL/pgSQL function takes a new snapshot, so
-- the count sees every hold committed before the lock was granted: a single SQL statement would count
-- with the snapshot it started with and could oversell. The lock lasts until the INSERT's transaction
-- ends: a statement of its own outside a transaction, so microseconds instead of four round trips.
-- The rules mirror apps/server/src/modules/inventory (holdsPlaces: paid, or pending with a hold not
-- run out; slotStatus: past the booking cut-off, closed, fewer places left than asked).
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
    WHERE slot_id = p_slot
      AND (status = 'paid' OR (status = 'pending' AND hold_expires_at > p_now));
  IF s.starts_at - make_interval(mins => p_cutoff_minutes) <= p_now
     OR s.closed
     OR s.capacity - v_taken < p_places THEN
    RAISE EXCEPTION 'slot_refused' USING DETAIL = json_build_object(
      'capacity', s.capacity, 'closed', s.closed, 'starts_at', s.starts_at, 'taken', v_taken)::text;
  END IF;
  RETURN p_places;
END $$;
