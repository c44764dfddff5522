/**
 * zod schemas of checkout.ts (requests and responses of spec §7). Kept apart from the pure rules so a
 * bundle that uses only the rules (the visitor's web app) carries no zod.
 */
import { z } from 'zod';

/** Spec §3 Checkout payload (sent as multipart form fields). Prices the client sends are ignored. */
export const checkoutPayloadSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  date: z.string().optional(),
  adult_count: z.string().or(z.number()),
  youth_count: z.string().or(z.number()),
  infant_count: z.string().or(z.number()).optional(),
  package_id: z.string().or(z.number()).optional(),
  package_identifier: z.string(),
});
export const checkoutResponseSchema = z.object({ id: z.string(), url: z.string() });
/** A purchased ticket as `GET dashboard/` lists it (spec §3 Purchased ticket, plus what the page shows). */
export const purchasedTicketSchema = z.object({
  unique_id: z.string(),
  selected_date: z.string().nullable(),
  package: z.string(),
  package_tag: z.string(),
  ticket_type: z.string(),
  adults: z.number(),
  youths: z.number(),
  infants: z.number(),
  total_price: z.string(),
  qr_code: z.string().nullable(),
  qr_code_scanned: z.boolean(),
  purchased_at: z.string(),
});
/** Spec §3 Claim info (the authenticate response). */
export const claimInfoSchema = z.object({
  claimed: z.boolean(),
  msg: z.string(),
  agent_list: z.array(z.string()),
  data: z
    .object({
      package: z.string(),
      user: z.string(),
      total_price: z.string(),
      paid: z.boolean(),
      package_tag: z.string(),
      adults: z.number(),
      youths: z.number(),
      infants: z.number(),
      selected_date: z.string().nullable(),
    })
    .nullable(),
});
