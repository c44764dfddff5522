-- Operators' people (decision 066): a superuser invites an address to an operator (a company folder)
-- with a role; the invitation is taken by signing in with that address and opening the e-mailed link,
-- which proves the mailbox. Only taken invitations (user_id set) give any right.
CREATE TABLE "operator_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid,
	"token_hash" text,
	"invited_by" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "operator_staff_role_check" CHECK ("role" IN ('manager', 'sales', 'door'))
);
--> statement-breakpoint
ALTER TABLE "operator_staff" ADD CONSTRAINT "operator_staff_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "operator_staff" ADD CONSTRAINT "operator_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_staff_folder_email_idx" ON "operator_staff" USING btree ("folder_id","email");
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_staff_token_idx" ON "operator_staff" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "operator_staff_user_idx" ON "operator_staff" USING btree ("user_id");
--> statement-breakpoint
-- A manager must have a second factor like a superuser (decision 051). The flag sits on the account row
-- so the sign-in and every guard read it without another query; the database keeps it true to the
-- memberships, whoever writes them.
ALTER TABLE "users" ADD COLUMN "is_operator_manager" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION operator_manager_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    UPDATE users SET is_operator_manager = EXISTS (
      SELECT 1 FROM operator_staff s WHERE s.user_id = OLD.user_id AND s.role = 'manager')
    WHERE id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    UPDATE users SET is_operator_manager = EXISTS (
      SELECT 1 FROM operator_staff s WHERE s.user_id = NEW.user_id AND s.role = 'manager')
    WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "operator_staff_manager_flag" AFTER INSERT OR UPDATE OR DELETE ON "operator_staff"
  FOR EACH ROW EXECUTE FUNCTION operator_manager_flag();
--> statement-breakpoint
-- An agent may work for one operator only: it then redeems that operator's tickets and no other's.
ALTER TABLE "agents" ADD COLUMN "folder_id" integer;
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;
