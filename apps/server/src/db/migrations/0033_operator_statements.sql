-- Operators' statements (decision 068). The shop's commission per operator, in basis points of what the
-- operator's sales kept (1500 = 15 %): data a superuser sets, not code.
ALTER TABLE "folders" ADD COLUMN "commission_bps" integer DEFAULT 1500 NOT NULL;
--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_commission_bps_range" CHECK ("commission_bps" BETWEEN 0 AND 10000);
--> statement-breakpoint
-- Part of a payment given back while the ticket stays valid (a goodwill gesture made at the payment
-- provider): one row per refund, dated when it happened, so a statement puts it in its own period.
-- `source_ref` keys the provider's report, so a report delivered twice records one refund.
CREATE TABLE "order_partial_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"cents" integer NOT NULL CONSTRAINT "order_partial_refunds_cents_positive" CHECK ("cents" > 0),
	"refunded_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_partial_refunds_source_known" CHECK ("source" IN ('provider'))
);
--> statement-breakpoint
CREATE INDEX "order_partial_refunds_order_idx" ON "order_partial_refunds" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "order_partial_refunds_at_idx" ON "order_partial_refunds" USING btree ("refunded_at");
