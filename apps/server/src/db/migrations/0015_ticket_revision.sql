ALTER TABLE "orders" ADD COLUMN "ticket_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ticket_changed_at" timestamp with time zone;