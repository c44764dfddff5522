-- A delivery put back in line after it was given up (`webhooks:retry`): its give-up time counts from here.
ALTER TABLE "webhook_deliveries" ADD COLUMN "requeued_at" timestamp with time zone;
