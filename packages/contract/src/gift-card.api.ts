/**
 * Gift cards (decisions 053, 054): bought like a ticket, opened by the link in their e-mail, checked
 * and spent at checkout (`gift_card_code` beside the checkout's fields), listed for superusers.
 */
import { z } from 'zod';
import { checkoutResponseSchema } from './checkout.schema';
import { endpoint, errors } from './endpoint';
import {
  giftCardAdminSchema,
  giftCardBalanceSchema,
  giftCardBuySchema,
  giftCardCheckSchema,
  giftCardTotalsSchema,
  giftCardViewSchema,
} from './gift-card.schema';
import { pdfFileSchema } from './tickets.schema';

const GUESS =
  'Codes are case-insensitive; spaces and dashes do not matter. Wrong codes count with wrong promo codes ' +
  'per client address: past 10 in 15 minutes every code from it is refused with 429 (rate_limited).';
const LINK =
  'The token is the one in the e-mail link (256 random bits; only its hash is stored). Unknown tokens ' +
  'are counted per address like ticket links (429 past the limit).';
const tokenParams = z.object({ token: z.string().max(100) });

export const giftCardApi = {
  'POST /api/gift-cards/': endpoint({
    summary: 'Buy a gift card: open a hosted checkout session for its amount',
    tag: 'gift cards',
    access: 'public',
    description:
      'A fixed or chosen amount in whole euros from 10 to 500; the card, its code and its link are ' +
      'e-mailed to `email` in `language` once it is paid. Sets the guest cookie `rbt_guest` like a guest ' +
      'checkout (it opens the test checkout of the purchase). Counted per address like guest checkouts.',
    body: giftCardBuySchema,
    ownMessages: true,
    responses: { 200: checkoutResponseSchema, 400: errors[400], 429: errors[429] },
  }),
  'POST /api/gift-cards/check/': endpoint({
    summary: "A gift card's balance and expiry, by its code (the checkout shows it)",
    tag: 'gift cards',
    access: 'public',
    description: `${GUESS} Unknown, expired and empty cards answer 400 with the reason.`,
    body: giftCardCheckSchema,
    ownMessages: true,
    responses: { 200: giftCardBalanceSchema, 400: errors[400], 429: errors[429] },
  }),
  'GET /api/gift-card-links/:token/': endpoint({
    summary: 'A gift card by its link: code, balance, expiry and history',
    tag: 'gift cards',
    access: 'public',
    description: LINK,
    params: tokenParams,
    responses: { 200: giftCardViewSchema, 404: errors[404], 429: errors[429] },
  }),
  'GET /api/gift-card-links/:token/pdf/': endpoint({
    summary: 'The gift card as a PDF (application/pdf), by its link',
    tag: 'gift cards',
    access: 'public',
    description: LINK,
    params: tokenParams,
    responses: { 200: pdfFileSchema, 404: errors[404], 429: errors[429] },
  }),
  'GET /api/admin/gift-cards/': endpoint({
    summary:
      'Gift cards with their balance, holds and uses, newest first, and the totals sold and redeemed (superusers)',
    tag: 'gift cards',
    access: 'superuser',
    responses: {
      200: z.object({ gift_cards: z.array(giftCardAdminSchema), totals: giftCardTotalsSchema }),
      401: errors[401],
      403: errors[403],
    },
  }),
} as const;
