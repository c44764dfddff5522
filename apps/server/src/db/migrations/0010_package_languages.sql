CREATE TABLE "package_translations" (
	"package_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"type" text,
	"description" text,
	"meta_title" text,
	"meta_description" text,
	"meta_keywords" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_translations_package_id_language_pk" PRIMARY KEY("package_id","language")
);
--> statement-breakpoint
ALTER TABLE "package_translations" ADD CONSTRAINT "package_translations_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;