-- The billing details a buyer gives at checkout (decision 069): kept with the order, not yet an invoice
-- (no number is taken for an unpaid order); the invoice is issued from them when the payment is fulfilled.
ALTER TABLE "orders" ADD COLUMN "invoice_request" jsonb;
