-- Every adult and youth price a package has had, and from when (decision 064): the EU Omnibus rule
-- lets a shop announce a reduction only against the lowest price of the 30 days before it.
CREATE TABLE "package_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"adult_price_cents" integer NOT NULL,
	"youth_price_cents" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_prices" ADD CONSTRAINT "package_prices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "package_prices_package_idx" ON "package_prices" USING btree ("package_id","valid_from");
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "prior_price_cents" integer;
--> statement-breakpoint
INSERT INTO "package_prices" ("package_id", "adult_price_cents", "youth_price_cents", "valid_from")
  SELECT "id", "adult_price_cents", "youth_price_cents", "created_at" FROM "packages";
--> statement-breakpoint
-- On every price change, in the writing transaction: the new price goes into the history, and the
-- adult price's prior price is worked out: the lowest adult price in effect at any moment of the 30
-- days before now (the one in effect 30 days ago included). Kept only when above the new price (a
-- reduction); an unchanged price keeps what was worked out when it began.
CREATE OR REPLACE FUNCTION package_price_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lowest integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.adult_price_cents IS NOT DISTINCT FROM OLD.adult_price_cents
     AND NEW.youth_price_cents IS NOT DISTINCT FROM OLD.youth_price_cents THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT min(p.adult_price_cents) INTO lowest FROM package_prices p
    WHERE p.package_id = NEW.id
      AND (p.valid_from > now() - interval '30 days'
        OR p.id = (SELECT q.id FROM package_prices q
                   WHERE q.package_id = NEW.id AND q.valid_from <= now() - interval '30 days'
                   ORDER BY q.valid_from DESC, q.id DESC LIMIT 1));
    IF NEW.adult_price_cents IS DISTINCT FROM OLD.adult_price_cents THEN
      NEW.prior_price_cents := CASE WHEN lowest > NEW.adult_price_cents THEN lowest END;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION package_price_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.adult_price_cents IS DISTINCT FROM OLD.adult_price_cents
     OR NEW.youth_price_cents IS DISTINCT FROM OLD.youth_price_cents THEN
    INSERT INTO package_prices (package_id, adult_price_cents, youth_price_cents)
      VALUES (NEW.id, NEW.adult_price_cents, NEW.youth_price_cents);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "packages_price_change" BEFORE UPDATE OF "adult_price_cents", "youth_price_cents" ON "packages"
  FOR EACH ROW EXECUTE FUNCTION package_price_change();
--> statement-breakpoint
CREATE TRIGGER "packages_price_log" AFTER INSERT OR UPDATE OF "adult_price_cents", "youth_price_cents" ON "packages"
  FOR EACH ROW EXECUTE FUNCTION package_price_log();
