-- Combos across operators (decision 071): a package sold as one product whose parts are other packages,
-- each with its share of the price; the buyer's order pays, one order per part holds its places and is
-- its ticket.
CREATE TABLE "combos" (
	"package_id" integer PRIMARY KEY NOT NULL REFERENCES "packages"("id"),
	"cancel_cutoff_hours" integer CHECK ("cancel_cutoff_hours" IS NULL OR "cancel_cutoff_hours" BETWEEN 0 AND 720),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "combo_parts" (
	"combo_package_id" integer NOT NULL REFERENCES "combos"("package_id") ON DELETE cascade,
	"part_package_id" integer NOT NULL REFERENCES "packages"("id"),
	"position" integer NOT NULL,
	"adult_share_cents" integer NOT NULL CHECK ("adult_share_cents" >= 0),
	"youth_share_cents" integer NOT NULL CHECK ("youth_share_cents" >= 0),
	CONSTRAINT "combo_parts_pk" PRIMARY KEY("combo_package_id","part_package_id"),
	CONSTRAINT "combo_parts_not_itself" CHECK ("combo_package_id" <> "part_package_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_combo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "combo_order_id" uuid REFERENCES "orders"("id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "combo_share_cents" integer;
--> statement-breakpoint
CREATE INDEX "orders_combo_order_idx" ON "orders" USING btree ("combo_order_id") WHERE "combo_order_id" IS NOT NULL;
