CREATE TABLE "disruptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"remedies" text[] NOT NULL,
	"target" jsonb NOT NULL,
	"folder_id" integer,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disruptions_remedies_not_empty" CHECK (cardinality("remedies") > 0)
);
--> statement-breakpoint
CREATE TABLE "disruption_slots" (
	"disruption_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	CONSTRAINT "disruption_slots_pk" PRIMARY KEY("disruption_id","slot_id")
);
--> statement-breakpoint
CREATE TABLE "disruption_orders" (
	"disruption_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"slot_id" uuid,
	"places" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"choice" text,
	"chosen_at" timestamp with time zone,
	CONSTRAINT "disruption_orders_pk" PRIMARY KEY("disruption_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "disruptions" ADD CONSTRAINT "disruptions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruptions" ADD CONSTRAINT "disruptions_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_slots" ADD CONSTRAINT "disruption_slots_disruption_id_fk" FOREIGN KEY ("disruption_id") REFERENCES "public"."disruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_slots" ADD CONSTRAINT "disruption_slots_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_orders" ADD CONSTRAINT "disruption_orders_disruption_id_fk" FOREIGN KEY ("disruption_id") REFERENCES "public"."disruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_orders" ADD CONSTRAINT "disruption_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_orders" ADD CONSTRAINT "disruption_orders_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disruption_orders_order_idx" ON "disruption_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disruption_orders_one_open_idx" ON "disruption_orders" USING btree ("order_id") WHERE "choice" IS NULL;
