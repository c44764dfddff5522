-- Hourly roll-ups of the two browser events the dashboard reads by the hundred thousand, page_view and
-- ticket_view (decision 076). A week of a busy shop is some 400,000 of them; the dashboard's statistics
-- sum about 170 hours of these rows instead of reading the events, and estimate unique visitors from
-- HyperLogLog registers kept per hour. Both follow activity_events through statement-level triggers, as
-- activity_totals does (migration 0002), so they are exact for every event stored, late ones included.
--
-- Hours are UTC hours: a window whose bounds fall on whole hours (midnight in Rome, in Dhaka, in any zone
-- whose offset is whole hours) is a sum of them; the dashboard reads the events for any other window.
-- Locks: the triggers take their rows in key order, activity_hours before activity_totals before
-- activity_hour_visitors (triggers fire in name order), so concurrent writers cannot deadlock.
CREATE TABLE IF NOT EXISTS "activity_hours" (
	"action" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	"mobile" bigint DEFAULT 0 NOT NULL,
	"with_device" bigint DEFAULT 0 NOT NULL,
	"signed_in" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A label is what a ticket view names (up to a few KB of the browser's details): keyed by its digest.
CREATE UNIQUE INDEX IF NOT EXISTS "activity_hours_key" ON "activity_hours" ("action", "hour", md5("label"));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "activity_hour_visitors" (
	"action" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"registers" bytea NOT NULL,
	CONSTRAINT "activity_hour_visitors_pk" PRIMARY KEY ("action", "hour")
);
--> statement-breakpoint
-- What a ticket view names: the ticket the browser reported, else the page ('' when neither).
CREATE OR REPLACE FUNCTION activity_hour_label(action text, details jsonb, page text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN action = 'ticket_view' THEN coalesce(details->>'package_tag', details->>'packageTag',
    details->>'title', details->>'package', page, '') ELSE '' END
$$;
--> statement-breakpoint
-- HyperLogLog with 16,384 registers (standard error 0.8%). A visitor (the signed-in account, else the
-- address) hashes to 64 bits: the low 14 pick the register, the rank is 1 + the trailing zeros of the
-- other 50 (51 when all are zero). A register keeps the highest rank it has seen.
CREATE OR REPLACE FUNCTION activity_visitor_rank(h bigint) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  -- One expression (no FROM), so that PostgreSQL inlines it into the queries that call it.
  SELECT CASE WHEN (h >> 14) & 1125899906842623 = 0 THEN 51
    ELSE round(ln((((h >> 14) & 1125899906842623) & -((h >> 14) & 1125899906842623))::float8)
               / ln(2::float8))::integer + 1 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_hours_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_hours AS h (action, hour, label, events, mobile, with_device, signed_in)
  SELECT action, date_trunc('hour', occurred_at, 'UTC'), activity_hour_label(action, details, page),
         count(*), count(*) FILTER (WHERE device = 'mobile'), count(device), count(user_id)
  FROM activity_new WHERE action IN ('page_view', 'ticket_view')
  GROUP BY 1, 2, 3 ORDER BY 1, 2, md5(activity_hour_label(action, details, page))
  ON CONFLICT (action, hour, md5(label)) DO UPDATE
    SET events = h.events + excluded.events, mobile = h.mobile + excluded.mobile,
        with_device = h.with_device + excluded.with_device, signed_in = h.signed_in + excluded.signed_in;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_hours_subtract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE activity_hours h
    SET events = h.events - d.events, mobile = h.mobile - d.mobile,
        with_device = h.with_device - d.with_device, signed_in = h.signed_in - d.signed_in
  FROM (SELECT action, date_trunc('hour', occurred_at, 'UTC') AS hour,
               activity_hour_label(action, details, page) AS label, count(*) AS events,
               count(*) FILTER (WHERE device = 'mobile') AS mobile, count(device) AS with_device,
               count(user_id) AS signed_in
        FROM activity_old WHERE action IN ('page_view', 'ticket_view')
        GROUP BY 1, 2, 3 ORDER BY 1, 2, md5(activity_hour_label(action, details, page))) d
  WHERE h.action = d.action AND h.hour = d.hour AND md5(h.label) = md5(d.label);
  -- Hours the retention job has emptied go with their events.
  DELETE FROM activity_hours h USING (SELECT DISTINCT action, date_trunc('hour', occurred_at, 'UTC') AS hour
                                      FROM activity_old WHERE action IN ('page_view', 'ticket_view')) d
  WHERE h.action = d.action AND h.hour = d.hour AND h.events = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE (an account's erasure clears user_id) moves counts from the old rows to the new.
CREATE OR REPLACE FUNCTION activity_hours_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_hours AS h (action, hour, label, events, mobile, with_device, signed_in)
  SELECT action, hour, label, sum(events), sum(mobile), sum(with_device), sum(signed_in) FROM (
    SELECT action, date_trunc('hour', occurred_at, 'UTC') AS hour,
           activity_hour_label(action, details, page) AS label, count(*) AS events,
           count(*) FILTER (WHERE device = 'mobile') AS mobile, count(device) AS with_device,
           count(user_id) AS signed_in
    FROM activity_new WHERE action IN ('page_view', 'ticket_view') GROUP BY 1, 2, 3
    UNION ALL
    SELECT action, date_trunc('hour', occurred_at, 'UTC'), activity_hour_label(action, details, page),
           -count(*), -count(*) FILTER (WHERE device = 'mobile'), -count(device), -count(user_id)
    FROM activity_old WHERE action IN ('page_view', 'ticket_view') GROUP BY 1, 2, 3) c
  GROUP BY 1, 2, 3 ORDER BY 1, 2, md5(label)
  ON CONFLICT (action, hour, md5(label)) DO UPDATE
    SET events = h.events + excluded.events, mobile = h.mobile + excluded.mobile,
        with_device = h.with_device + excluded.with_device, signed_in = h.signed_in + excluded.signed_in;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- New visitors into their hour's registers: each (hour, register) once with the highest rank the
-- statement brings, in key order; each hour's row is made (empty) if new, locked, raised where the new
-- rank is higher, and written back. Registers are never lowered: an event deleted or anonymised later
-- still counts as seen in its hour.
CREATE OR REPLACE FUNCTION activity_visitors_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
  k_action text;
  k_hour timestamptz;
  r bytea;
BEGIN
  FOR p IN
    SELECT action, hour, reg, max(activity_visitor_rank(h)) AS rank
    FROM (SELECT action, date_trunc('hour', occurred_at, 'UTC') AS hour, h, (h & 16383)::integer AS reg
          FROM activity_new,
               LATERAL (SELECT hashtextextended(coalesce(user_id::text, ip_address), 0) AS h) x
          WHERE action IN ('page_view', 'ticket_view') AND coalesce(user_id::text, ip_address) IS NOT NULL) e
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  LOOP
    IF k_action IS DISTINCT FROM p.action OR k_hour IS DISTINCT FROM p.hour THEN
      IF r IS NOT NULL THEN
        UPDATE activity_hour_visitors SET registers = r WHERE action = k_action AND hour = k_hour;
      END IF;
      k_action := p.action;
      k_hour := p.hour;
      INSERT INTO activity_hour_visitors (action, hour, registers)
      VALUES (k_action, k_hour, decode(repeat('00', 16384), 'hex'))
      ON CONFLICT (action, hour) DO NOTHING;
      SELECT registers INTO r FROM activity_hour_visitors
      WHERE action = k_action AND hour = k_hour FOR UPDATE;
    END IF;
    IF get_byte(r, p.reg) < p.rank THEN
      r := set_byte(r, p.reg, p.rank);
    END IF;
  END LOOP;
  IF r IS NOT NULL THEN
    UPDATE activity_hour_visitors SET registers = r WHERE action = k_action AND hour = k_hour;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS activity_hours_on_insert ON activity_events;
--> statement-breakpoint
CREATE TRIGGER activity_hours_on_insert AFTER INSERT ON activity_events
  REFERENCING NEW TABLE AS activity_new FOR EACH STATEMENT EXECUTE FUNCTION activity_hours_add();
--> statement-breakpoint
DROP TRIGGER IF EXISTS activity_hours_on_delete ON activity_events;
--> statement-breakpoint
CREATE TRIGGER activity_hours_on_delete AFTER DELETE ON activity_events
  REFERENCING OLD TABLE AS activity_old FOR EACH STATEMENT EXECUTE FUNCTION activity_hours_subtract();
--> statement-breakpoint
DROP TRIGGER IF EXISTS activity_hours_on_update ON activity_events;
--> statement-breakpoint
CREATE TRIGGER activity_hours_on_update AFTER UPDATE ON activity_events
  REFERENCING OLD TABLE AS activity_old NEW TABLE AS activity_new
  FOR EACH STATEMENT EXECUTE FUNCTION activity_hours_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS activity_visitors_on_insert ON activity_events;
--> statement-breakpoint
CREATE TRIGGER activity_visitors_on_insert AFTER INSERT ON activity_events
  REFERENCING NEW TABLE AS activity_new FOR EACH STATEMENT EXECUTE FUNCTION activity_visitors_add();
--> statement-breakpoint
-- The roll-ups of the events already stored (every statement here is idempotent).
TRUNCATE activity_hours;
--> statement-breakpoint
INSERT INTO activity_hours (action, hour, label, events, mobile, with_device, signed_in)
SELECT action, date_trunc('hour', occurred_at, 'UTC'), activity_hour_label(action, details, page),
       count(*), count(*) FILTER (WHERE device = 'mobile'), count(device), count(user_id)
FROM activity_events WHERE action IN ('page_view', 'ticket_view')
GROUP BY 1, 2, 3;
--> statement-breakpoint
TRUNCATE activity_hour_visitors;
--> statement-breakpoint
INSERT INTO activity_hour_visitors (action, hour, registers)
SELECT k.action, k.hour,
       decode(string_agg(lpad(to_hex(coalesce(r.rank, 0)), 2, '0'), '' ORDER BY i), 'hex')
FROM (SELECT DISTINCT action, date_trunc('hour', occurred_at, 'UTC') AS hour FROM activity_events
      WHERE action IN ('page_view', 'ticket_view') AND coalesce(user_id::text, ip_address) IS NOT NULL) k
CROSS JOIN generate_series(0, 16383) i
LEFT JOIN (
  SELECT action, hour, reg, max(activity_visitor_rank(h)) AS rank
  FROM (SELECT action, date_trunc('hour', occurred_at, 'UTC') AS hour, h, (h & 16383)::integer AS reg
        FROM activity_events,
             LATERAL (SELECT hashtextextended(coalesce(user_id::text, ip_address), 0) AS h) x
        WHERE action IN ('page_view', 'ticket_view') AND coalesce(user_id::text, ip_address) IS NOT NULL) e
  GROUP BY 1, 2, 3) r ON r.action = k.action AND r.hour = k.hour AND r.reg = i
GROUP BY k.action, k.hour;
