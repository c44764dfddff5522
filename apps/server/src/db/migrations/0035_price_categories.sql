-- Price categories beside adult and youth (decision 070): what a package sells at what price (no row:
-- not sold), and an order's category lines with their prices at purchase (its places count them).
CREATE TABLE "package_price_categories" (
	"package_id" integer NOT NULL REFERENCES "packages"("id") ON DELETE cascade,
	"category" text NOT NULL,
	"price_cents" integer NOT NULL CHECK ("price_cents" >= 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_price_categories_package_id_category_pk" PRIMARY KEY("package_id","category")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extra_tickets" jsonb DEFAULT '[]'::jsonb NOT NULL;
