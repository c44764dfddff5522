/**
 * Promo codes (decision 050): a buyer checks a code on the ticket page; the checkout calls take it as
 * `promo_code` and price it again on the server. Superusers make, list (with uses and revenue) and
 * switch codes off on the analytics dashboard.
 */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';
import {
  newPromoCodeSchema,
  promoCheckSchema,
  promoCodeChangeSchema,
  promoCodeSchema,
  promoQuoteSchema,
} from './promo.schema';

const GUESS =
  'Codes are case-insensitive; spaces and dashes do not matter. Wrong codes are counted per client ' +
  'address: past 10 in 15 minutes every code from it is refused with 429 (rate_limited) until the window ends.';

export const promoApi = {
  'POST /api/promo-codes/check/': endpoint({
    summary: 'Check a promo code against a ticket: the discount and the new total',
    tag: 'checkout',
    access: 'public',
    description:
      `${GUESS} A code that does not exist or is switched off answers 400 promo_invalid; one that exists ` +
      'but does not fit (not yet, expired, another ticket, under its minimum) 400 with its reason; a code ' +
      'with no use left 409 promo_used_up. The per-customer cap is judged at checkout, where the buyer is known. ' +
      'The checkout itself prices the code again: this answer is for showing only.',
    body: promoCheckSchema,
    responses: { 200: promoQuoteSchema, 400: errors[400], 409: errors[409], 429: errors[429] },
  }),
  'GET /api/admin/promo-codes/': endpoint({
    summary: 'Promo codes with their uses, revenue and discount given, newest first (superusers)',
    tag: 'promo codes',
    access: 'superuser',
    responses: {
      200: z.object({ promo_codes: z.array(promoCodeSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'POST /api/admin/promo-codes/': endpoint({
    summary: 'Make a promo code (superusers): the shop draws its random part',
    tag: 'promo codes',
    access: 'superuser',
    stepUp: true,
    body: newPromoCodeSchema,
    responses: {
      201: z.object({ promo_code: promoCodeSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
  'PATCH /api/admin/promo-codes/:id/': endpoint({
    summary: 'Switch a promo code off or on again (superusers); its orders keep their prices',
    tag: 'promo codes',
    access: 'superuser',
    // Switching an old code on again hands out its discount: the password first, as when making one.
    stepUp: true,
    params: z.object({ id: z.uuid({ error: 'No such promo code.' }) }),
    body: promoCodeChangeSchema,
    responses: {
      200: z.object({ promo_code: promoCodeSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
} as const;
