ALTER TABLE "folders" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "vat_rate_bp" integer DEFAULT 2200 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "vat_nature" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "vat_law" text;--> statement-breakpoint
UPDATE "packages" SET "vat_rate_bp" = 1000 WHERE "ticket_type" = 'bus_tour';--> statement-breakpoint
UPDATE "packages" SET "vat_rate_bp" = 0, "vat_nature" = 'N4', "vat_law" = 'Esente art. 10, comma 1, n. 22, DPR 633/72' WHERE "ticket_type" = 'museum';--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_vat_treatment" CHECK (("vat_rate_bp" > 0 AND "vat_rate_bp" < 10000 AND "vat_nature" IS NULL AND "vat_law" IS NULL) OR ("vat_rate_bp" = 0 AND "vat_nature" IS NOT NULL AND "vat_law" IS NOT NULL));--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"folder_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_folder_id_year_pk" PRIMARY KEY("folder_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"folder_id" integer NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"issue_date" date NOT NULL,
	"refers_to_id" uuid,
	"language" text DEFAULT 'en' NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"vat" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_number_positive" CHECK ("number" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refers_to_id_invoices_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("folder_id","year","number");
