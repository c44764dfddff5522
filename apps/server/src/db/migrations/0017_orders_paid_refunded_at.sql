CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_refunded_at_idx" ON "orders" USING btree ("refunded_at");