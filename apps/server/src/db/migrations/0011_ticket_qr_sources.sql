CREATE TABLE "ticket_qr_sources" (
	"file_key" text PRIMARY KEY NOT NULL,
	"qr_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
