CREATE TABLE IF NOT EXISTS "activity_totals" (
	"action" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_totals_action_source_status_pk" PRIMARY KEY("action","source","status")
);
--> statement-breakpoint
DROP INDEX IF EXISTS "activity_action_time_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_action_time_visitor_idx" ON "activity_events" USING btree ("action","occurred_at","device","user_id","ip_address");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_server_action_status_time_idx" ON "activity_events" USING btree ("action","status","occurred_at") WHERE "activity_events"."source" = 'server';
--> statement-breakpoint
-- Totals follow activity_events through statement-level triggers (one upsert per INSERT or DELETE
-- statement, whatever its row count). Keys are locked in a fixed order so concurrent writers cannot
-- deadlock. The dashboard's all-time counts read these few rows instead of counting the event table.
CREATE OR REPLACE FUNCTION activity_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_totals (action, source, status, events, amount_cents)
  SELECT action, source, coalesce(status, ''), count(*), coalesce(sum(amount_cents), 0)
  FROM activity_new GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (action, source, status) DO UPDATE
    SET events = activity_totals.events + excluded.events,
        amount_cents = activity_totals.amount_cents + excluded.amount_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_totals_subtract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE activity_totals t
    SET events = t.events - d.events, amount_cents = t.amount_cents - d.amount_cents
  FROM (SELECT action, source, coalesce(status, '') AS status, count(*) AS events,
               coalesce(sum(amount_cents), 0) AS amount_cents
        FROM activity_old GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
  WHERE t.action = d.action AND t.source = d.source AND t.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_totals (action, source, status, events, amount_cents)
  SELECT action, source, status, sum(events), sum(amount_cents) FROM (
    SELECT action, source, coalesce(status, '') AS status, count(*) AS events,
           coalesce(sum(amount_cents), 0) AS amount_cents FROM activity_new GROUP BY 1, 2, 3
    UNION ALL
    SELECT action, source, coalesce(status, ''), -count(*), -coalesce(sum(amount_cents), 0)
    FROM activity_old GROUP BY 1, 2, 3) c
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (action, source, status) DO UPDATE
    SET events = activity_totals.events + excluded.events,
        amount_cents = activity_totals.amount_cents + excluded.amount_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS activity_totals_on_insert ON activity_events;
--> statement-breakpoint
CREATE TRIGGER activity_totals_on_insert AFTER INSERT ON activity_events
  REFERENCING NEW TABLE AS activity_new FOR EACH STATEMENT EXECUTE FUNCTION activity_totals_add();
--> statement-breakpoint
DROP TRIGGER IF EXISTS activity_totals_on_delete ON activity_events;
--> statement-breakpoint
CREATE TRIGGER activity_totals_on_delete AFTER DELETE ON activity_events
  REFERENCING OLD TABLE AS activity_old FOR EACH STATEMENT EXECUTE FUNCTION activity_totals_subtract();
--> statement-breakpoint
DROP TRIGGER IF EXISTS activity_totals_on_update ON activity_events;
--> statement-breakpoint
CREATE TRIGGER activity_totals_on_update AFTER UPDATE ON activity_events
  REFERENCING OLD TABLE AS activity_old NEW TABLE AS activity_new
  FOR EACH STATEMENT EXECUTE FUNCTION activity_totals_change();
--> statement-breakpoint
-- Totals from the events already stored, recomputed from scratch so that a database which ran an
-- earlier draft of this migration ends up the same as a fresh one (every statement here is idempotent).
TRUNCATE activity_totals;
--> statement-breakpoint
INSERT INTO activity_totals (action, source, status, events, amount_cents)
SELECT action, source, coalesce(status, ''), count(*), coalesce(sum(amount_cents), 0)
FROM activity_events GROUP BY 1, 2, 3;
