ALTER TABLE "package_translations" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "facts" jsonb;