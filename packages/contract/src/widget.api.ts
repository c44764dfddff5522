/**
 * The booking widget's calls (decision 060) and the superusers' partners. The widget page is framed by
 * partners' sites: none of these calls needs a cookie of the frame (third-party cookies are blocked).
 */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';
import {
  newPartnerSchema,
  partnerSchema,
  widgetCheckoutPayloadSchema,
  widgetCheckoutResponseSchema,
  widgetStartedSchema,
  widgetStartSchema,
} from './widget.schema';

export const widgetApi = {
  'POST /api/widget/start/': endpoint({
    summary: "Start a booking widget: its signed token, crediting the script tag's partner",
    tag: 'widget',
    access: 'public',
    description:
      "The widget page asks once when it opens. A partner code that is not an active partner's is " +
      'ignored (the widget sells, nobody is credited; `partner` is null); such codes are counted per ' +
      'client address: past 30 in 10 minutes the call answers 429. 400 when the ticket is not on sale.',
    body: widgetStartSchema,
    responses: { 200: widgetStartedSchema, 400: errors[400], 429: errors[429] },
  }),
  'POST /api/widget/checkout/': endpoint({
    summary: "A widget's guest checkout: price the order, credit the token's partner, open a payment link",
    tag: 'widget',
    access: 'public',
    description:
      "The guest checkout's fields (decision 035) and `widget_token` from POST widget/start/: the partner " +
      "is read from the token alone, which must be the shop's, unexpired and for the same ticket (400 " +
      'otherwise, nothing stored). No cookie is set (the widget is in a third-party frame): the answer is ' +
      'a one-time link, valid 15 minutes, that the widget opens in a tab of its own; it sets the guest ' +
      'cookie there and goes on to the payment page. Limits as for a guest checkout.',
    form: { fields: widgetCheckoutPayloadSchema, alsoJson: true },
    responses: { 200: widgetCheckoutResponseSchema, 400: errors[400], 429: errors[429] },
  }),
  'GET /api/widget/handoff/:code/': endpoint({
    summary: "A widget checkout's one-time link: sets the guest cookie and goes on to the payment page",
    tag: 'widget',
    access: 'public',
    description:
      'Opened once, within 15 minutes, as a top-level page: 303 to the payment page (Stripe Checkout or ' +
      'the test checkout) with the `rbt_guest` cookie that opens the order. A used, expired or unknown ' +
      'link answers 404; unknown links are counted per address (429 past 30 in 10 minutes).',
    params: z.object({ code: z.string().min(1).max(200) }),
    responses: {
      303: z.null().meta({ description: 'Location: the payment page' }),
      404: errors[404],
      429: errors[429],
    },
  }),
  'GET /api/admin/partners/': endpoint({
    summary: 'Widget partners with the sales their widgets made, newest first (superusers)',
    tag: 'widget',
    access: 'superuser',
    responses: {
      200: z.object({ partners: z.array(partnerSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'POST /api/admin/partners/': endpoint({
    summary: 'Make a widget partner (superusers): its code is answered once, only its hash is kept',
    tag: 'widget',
    access: 'superuser',
    // A partner code is credited with sales: the password first, as for reseller keys.
    stepUp: true,
    ownMessages: true,
    body: newPartnerSchema,
    responses: {
      201: z.object({ partner: partnerSchema, code: z.string() }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
} as const;
