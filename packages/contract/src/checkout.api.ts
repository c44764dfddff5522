/**
 * Checkout, payments, tickets and agent claims (spec §7: create-checkout-session, success, dashboard,
 * authenticate, claim), plus the built-in test checkout and the Stripe webhook.
 */
import { z } from 'zod';
import {
  agentListSchema,
  checkoutPayloadSchema,
  checkoutResponseSchema,
  claimInfoSchema,
  claimRequestSchema,
  claimResponseSchema,
  dashboardResponseSchema,
  guestCheckoutPayloadSchema,
  guestKeepSchema,
  guestKeptSchema,
  paymentsConfigSchema,
  stripeWebhookResponseSchema,
  successPaidSchema,
  successPendingSchema,
  testCheckoutCancelResponseSchema,
  testCheckoutPayResponseSchema,
  testCheckoutSessionSchema,
} from './checkout.schema';
import { apiErrorSchema, endpoint, errors } from './endpoint';

const sessionParams = z.object({ session: z.string().min(1).max(300) });
const AGENT_ACCESS =
  'No account: the agent proves who they are with their name and security code, checked against the ' +
  'agents table; five wrong codes for one ticket lock it for 15 minutes.';

/** Both claim forms answer alike. */
const claimResponses = {
  200: claimResponseSchema,
  400: errors[400],
  404: errors[404],
  409: errors[409],
  429: errors[429],
} as const;

export const checkoutApi = {
  'POST /api/create-checkout-session/': endpoint({
    summary: 'Price an order and open a hosted checkout session',
    tag: 'checkout',
    access: 'user',
    description:
      'multipart/form-data with the fields of spec §3 Checkout payload (title, description, image, date, ' +
      'adult_count, youth_count, infant_count, package_id, package_identifier), parsed with the ' +
      "contract's checkoutPayloadSchema (the route reads the form itself; the reference shows its fields). " +
      'The order is priced from the database; prices the client sends are ignored. A JSON body with the ' +
      'same fields is also accepted. Answers the session id and the provider page to send the buyer to.',
    form: { fields: checkoutPayloadSchema, alsoJson: true },
    responses: {
      200: checkoutResponseSchema,
      400: errors[400],
      401: errors[401],
      429: errors[429],
    },
  }),
  'POST /api/guest-checkout-session/': endpoint({
    summary: 'A guest buys without an account: price the order and open a hosted checkout session',
    tag: 'checkout',
    access: 'public',
    description:
      "Beside the spec's create-checkout-session (decision 035): the same fields and `email`, where the " +
      'ticket and its link are sent. The answer sets the HttpOnly cookie `rbt_guest` (kept when the ' +
      'browser has one): it alone opens the guest calls below for the orders it made. Holds and limits ' +
      'as for an account: a new checkout of the same browser replaces its earlier hold; counted per address.',
    form: { fields: guestCheckoutPayloadSchema, alsoJson: true },
    responses: { 200: checkoutResponseSchema, 400: errors[400], 429: errors[429] },
  }),
  'GET /api/guest-orders/:uniqueId/': endpoint({
    summary: "A guest's ticket after payment: the success page's call, opened by the guest cookie",
    tag: 'tickets',
    access: 'public',
    description:
      'As GET success/{unique_id}/ for an order the browser made as a guest (its `rbt_guest` cookie); ' +
      'any other caller gets 404. 202 while the payment is being confirmed; 409 when it was not paid.',
    params: z.object({ uniqueId: z.string().min(1).max(300) }),
    responses: { 200: successPaidSchema, 202: successPendingSchema, 404: errors[404], 409: apiErrorSchema },
  }),
  'POST /api/guest-orders/:uniqueId/keep/': endpoint({
    summary: "Keep a guest's paid ticket in an account: the signed-in one, or one made now",
    tag: 'accounts',
    access: 'public',
    description:
      'Opened by the guest cookie of the browser that bought it (decision 035). Signed in: the order ' +
      "moves to that account. Not signed in: an account is made with the order's address and the " +
      "body's name, phone and password (the registration's rules), and the order moves to it; 409 " +
      '`email_taken` when the address has an account already (sign in, then call again). Afterwards ' +
      'the cookie no longer opens the order: the account does.',
    params: z.object({ uniqueId: z.string().min(1).max(300) }),
    body: guestKeepSchema,
    responses: {
      200: guestKeptSchema,
      400: errors[400],
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
  'GET /api/guest-checkout/:session/': endpoint({
    summary: "The built-in test checkout of a guest's order",
    tag: 'checkout',
    access: 'public',
    description: 'As GET test-checkout/{session}/, opened by the guest cookie of the browser that made it.',
    params: sessionParams,
    responses: { 200: testCheckoutSessionSchema, 404: errors[404] },
  }),
  'POST /api/guest-checkout/:session/pay/': endpoint({
    summary: "Pay a guest's test checkout (no money moves)",
    tag: 'checkout',
    access: 'public',
    description: 'As POST test-checkout/{session}/pay/, opened by the guest cookie.',
    params: sessionParams,
    responses: { 200: testCheckoutPayResponseSchema, 404: errors[404], 409: errors[409] },
  }),
  'POST /api/guest-checkout/:session/cancel/': endpoint({
    summary: "Cancel a guest's test checkout",
    tag: 'checkout',
    access: 'public',
    description: 'As POST test-checkout/{session}/cancel/, opened by the guest cookie.',
    params: sessionParams,
    responses: { 200: testCheckoutCancelResponseSchema, 404: errors[404], 409: errors[409] },
  }),
  'GET /api/payments/config/': endpoint({
    summary: 'The payment provider and its publishable key',
    tag: 'checkout',
    access: 'public',
    responses: { 200: paymentsConfigSchema },
  }),
  'GET /api/test-checkout/:session/': endpoint({
    summary: 'The built-in test checkout: the order behind a session',
    tag: 'checkout',
    access: 'user',
    description: 'Only when the test provider is on (no Stripe key). Only the buyer of the session sees it.',
    params: sessionParams,
    responses: { 200: testCheckoutSessionSchema, 401: errors[401], 404: errors[404] },
  }),
  'POST /api/test-checkout/:session/pay/': endpoint({
    summary: 'Pay a test checkout (no money moves): the order becomes a ticket',
    tag: 'checkout',
    access: 'user',
    description:
      'Goes through the same fulfilment as a Stripe payment. A session that is no longer open ' +
      '(cancelled, expired) answers 409 with code order_state; paying a paid one again changes nothing.',
    params: sessionParams,
    responses: {
      200: testCheckoutPayResponseSchema,
      401: errors[401],
      404: errors[404],
      409: errors[409],
    },
  }),
  'POST /api/test-checkout/:session/cancel/': endpoint({
    summary: 'Cancel a test checkout',
    tag: 'checkout',
    access: 'user',
    description: 'A paid or expired session cannot be cancelled: 409 with code order_state.',
    params: sessionParams,
    responses: {
      200: testCheckoutCancelResponseSchema,
      401: errors[401],
      404: errors[404],
      409: errors[409],
    },
  }),
  'POST /api/payments/stripe/webhook/': endpoint({
    summary: 'Stripe events (checkout session completed, async payment succeeded or failed, expired)',
    tag: 'checkout',
    access: 'public',
    description:
      'Called by Stripe only: the Stripe-Signature header signs the raw JSON body, which the route reads ' +
      'as bytes (so no body schema here). Answers 404 when the shop has no Stripe webhook secret.',
    responses: { 200: stripeWebhookResponseSchema, 400: errors[400], 404: errors[404] },
  }),
  'GET /api/success/:uniqueId/': endpoint({
    summary: "The buyer's ticket after payment: the QR image URL once paid",
    tag: 'tickets',
    access: 'user',
    description:
      '202 while the payment is being confirmed (the page asks again); 409 when the order was not paid ' +
      '(its status beside error and code).',
    params: z.object({ uniqueId: z.string().min(1).max(300) }),
    responses: {
      200: successPaidSchema,
      202: successPendingSchema,
      401: errors[401],
      404: errors[404],
      409: apiErrorSchema,
    },
  }),
  'GET /api/dashboard/': endpoint({
    summary: "The buyer's purchased tickets, newest first",
    tag: 'tickets',
    access: 'user',
    responses: { 200: dashboardResponseSchema, 401: errors[401] },
  }),
  'GET /api/authenticate/:code/': endpoint({
    summary: 'Claim info of a ticket: what it is, whether it is claimed, and the agents',
    tag: 'agents',
    access: 'public',
    description: `The ticket's code (from its QR) is the secret that opens it. ${AGENT_ACCESS} An unknown code answers 404 with claimed false, agent_list [] and data null beside error and code.`,
    params: z.object({ code: z.string().min(1).max(300) }),
    responses: { 200: claimInfoSchema, 404: errors[404], 429: errors[429] },
  }),
  'GET /api/claim/:code/:agentName/:securityCode/': endpoint({
    summary: 'An agent claims a ticket (spec path form)',
    tag: 'agents',
    access: 'public',
    description: `${AGENT_ACCESS} The security code is cut from logged URLs; prefer POST /api/claim/. Errors carry success false beside error and code; an already claimed ticket answers 409 with claimed true.`,
    params: z.object({
      code: z.string().min(1).max(300),
      agentName: z.string().min(1).max(300),
      securityCode: z.string().min(1).max(300),
    }),
    responses: claimResponses,
  }),
  'POST /api/claim/': endpoint({
    summary: 'An agent claims a ticket (JSON body: the security code stays out of URLs)',
    tag: 'agents',
    access: 'public',
    description: `${AGENT_ACCESS} Answers as the path form does.`,
    body: claimRequestSchema,
    invalid: 'Agent name and security code are required.',
    responses: claimResponses,
  }),
  'GET /api/agents/': endpoint({
    summary: 'The names of the active agents',
    tag: 'agents',
    access: 'public',
    responses: { 200: agentListSchema },
  }),
} as const;
