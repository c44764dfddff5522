/**
 * Resellers' API keys for the OCTO supplier API (served under /octo, docs/octo.md). Superusers make,
 * list and revoke them here and with `npm run admin -- reseller:create ...`. A key is shown once, in
 * the answer that made it; the shop keeps only its hash.
 */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';

export const RESELLER_RATE_LIMITS = { min: 10, max: 10_000, default: 300 } as const;

export const RESELLER_MESSAGES = {
  redeemProductsRequired: 'Choose the products this scanner redeems.',
  unknownProduct: 'No such product: ',
} as const;

export const resellerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The key's first characters, to tell keys apart (the key itself is never shown again). */
    key_prefix: z.string(),
    rate_per_minute: z.number().int(),
    can_redeem: z.boolean(),
    /** The products (package tags) a scanner key may look up and redeem; empty for a selling key. */
    redeem_products: z.array(z.string()),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'Reseller' });
export type ResellerKeyInfo = z.infer<typeof resellerSchema>;

export const newResellerSchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter a name.').max(120),
    rate_per_minute: z
      .number()
      .int()
      .min(RESELLER_RATE_LIMITS.min)
      .max(RESELLER_RATE_LIMITS.max)
      .default(RESELLER_RATE_LIMITS.default),
    /** For a partner's scanner: may look up and redeem tickets (octo/redemption)... */
    can_redeem: z.boolean().default(false),
    /** ...of these products (package tags) only: the door it stands at. Needed with can_redeem. */
    redeem_products: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
  })
  .refine((k) => !k.can_redeem || k.redeem_products.length > 0, {
    message: RESELLER_MESSAGES.redeemProductsRequired,
    path: ['redeem_products'],
  });

const idParams = z.object({ id: z.uuid({ error: 'No such reseller key.' }) });

/** Resellers' webhooks as superusers see them (decision 056): never the secret. */
export const adminWebhookSchema = z
  .object({
    id: z.uuid(),
    reseller_id: z.uuid(),
    reseller_name: z.string(),
    event: z.enum(['booking_update', 'availability_update']),
    url: z.string(),
    created_at: z.string(),
    /** Deliveries waiting, and given up, for this webhook. */
    pending: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: 'AdminWebhook' });
export type AdminWebhook = z.infer<typeof adminWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const adminWebhookDeliverySchema = z
  .object({
    id: z.uuid(),
    event_id: z.uuid(),
    webhook_id: z.uuid(),
    reseller_id: z.uuid(),
    reseller_name: z.string(),
    url: z.string(),
    event: z.string(),
    action: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminWebhookDelivery' });
export type AdminWebhookDelivery = z.infer<typeof adminWebhookDeliverySchema>;

const webhookIdParams = z.object({ id: z.uuid({ error: 'No such webhook.' }) });

export const resellerApi = {
  'GET /api/admin/resellers/': endpoint({
    summary: "Resellers' OCTO API keys, newest first (superusers)",
    tag: 'resellers',
    access: 'superuser',
    responses: {
      200: z.object({ resellers: z.array(resellerSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'POST /api/admin/resellers/': endpoint({
    summary: 'Make a reseller API key (superusers); the key is in this answer only',
    tag: 'resellers',
    access: 'superuser',
    stepUp: true,
    body: newResellerSchema,
    responses: {
      201: z.object({ reseller: resellerSchema, key: z.string() }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
  'DELETE /api/admin/resellers/:id/': endpoint({
    summary: 'Revoke a reseller API key at once (superusers); its bookings stay',
    tag: 'resellers',
    access: 'superuser',
    stepUp: true,
    params: idParams,
    responses: {
      200: z.object({ reseller: resellerSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'GET /api/admin/webhooks/': endpoint({
    summary: "Resellers' live webhooks with what waits and what was given up (superusers)",
    tag: 'resellers',
    access: 'superuser',
    responses: {
      200: z.object({ webhooks: z.array(adminWebhookSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'GET /api/admin/webhooks/deliveries/': endpoint({
    summary: "The webhooks' delivery log, newest first (superusers); no body, no secret",
    tag: 'resellers',
    access: 'superuser',
    query: z.object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    responses: {
      200: z.object({ deliveries: z.array(adminWebhookDeliverySchema) }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
  'DELETE /api/admin/webhooks/:id/': endpoint({
    summary: "Delete a reseller's webhook (superusers): nothing more is sent to it",
    tag: 'resellers',
    access: 'superuser',
    stepUp: true,
    params: webhookIdParams,
    responses: {
      200: z.object({ webhook: adminWebhookSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
} as const;
