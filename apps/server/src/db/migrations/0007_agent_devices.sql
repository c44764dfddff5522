CREATE TABLE "agent_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_accounts_agent_id_unique" UNIQUE("agent_id"),
	CONSTRAINT "agent_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "agent_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"order_id" uuid,
	"offline" boolean NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text NOT NULL,
	"kept" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "agent_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "claim_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kept_agent_id" uuid,
	"kept_device_id" uuid,
	"kept_reseller_id" uuid,
	"kept_at" timestamp with time zone,
	"other_agent_id" uuid,
	"other_device_id" uuid,
	"other_reseller_id" uuid,
	"other_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_accounts" ADD CONSTRAINT "agent_accounts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_claims" ADD CONSTRAINT "agent_claims_device_id_agent_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."agent_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_claims" ADD CONSTRAINT "agent_claims_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_claims" ADD CONSTRAINT "agent_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_devices" ADD CONSTRAINT "agent_devices_account_id_agent_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."agent_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_devices" ADD CONSTRAINT "agent_devices_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_conflicts" ADD CONSTRAINT "claim_conflicts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_conflicts" ADD CONSTRAINT "claim_conflicts_kept_agent_id_agents_id_fk" FOREIGN KEY ("kept_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_conflicts" ADD CONSTRAINT "claim_conflicts_kept_device_id_agent_devices_id_fk" FOREIGN KEY ("kept_device_id") REFERENCES "public"."agent_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_conflicts" ADD CONSTRAINT "claim_conflicts_kept_reseller_id_resellers_id_fk" FOREIGN KEY ("kept_reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_conflicts" ADD CONSTRAINT "claim_conflicts_other_agent_id_agents_id_fk" FOREIGN KEY ("other_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_conflicts" ADD CONSTRAINT "claim_conflicts_other_device_id_agent_devices_id_fk" FOREIGN KEY ("other_device_id") REFERENCES "public"."agent_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_conflicts" ADD CONSTRAINT "claim_conflicts_other_reseller_id_resellers_id_fk" FOREIGN KEY ("other_reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_claims_order_idx" ON "agent_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "agent_devices_account_idx" ON "agent_devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "claim_conflicts_created_idx" ON "claim_conflicts" USING btree ("created_at");