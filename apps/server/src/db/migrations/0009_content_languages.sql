CREATE TABLE "content_translations" (
	"unique_tag" text NOT NULL,
	"language" text NOT NULL,
	"block_content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_translations_unique_tag_language_pk" PRIMARY KEY("unique_tag","language")
);
--> statement-breakpoint
CREATE TABLE "page_translations" (
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_translations_slug_language_pk" PRIMARY KEY("slug","language")
);
