/**
 * zod schemas of checkout.ts (requests and answers of spec §7: checkout, payments, tickets, claims).
 * Kept apart from the pure rules so a bundle that uses only the rules (the visitor's web app) carries
 * no zod; the types below are type-only for the web.
 */
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from './checkout';
import { GIFT_CARD_MESSAGES } from './gift-card';
import { checkoutInvoiceField } from './invoice.schema';
import { LOCALES } from './locales';
import { ORDER_STATUSES } from './order';
import { extraTicketsViewSchema } from './price-categories.schema';
import { WAITLIST_MESSAGES } from './waitlist';

/** A form field's text (a checkout form never needs more). */
const formText = z.string().max(10_000);
/** A ticket count as the form sends it ("2") or as JSON (2); validateCheckout checks it is a whole number. */
const ticketCount = z.union([z.string().max(20, { error: CHECKOUT_MESSAGES.badCount }), z.number()], {
  error: CHECKOUT_MESSAGES.badCount,
});

/** The price categories' counts (decision 070): a JSON object, or its text in a form. */
export const extraCountsSchema = z.union([z.string().max(500), z.record(z.string().max(40), ticketCount)], {
  error: CHECKOUT_MESSAGES.badCount,
});

/**
 * Spec §3 Checkout payload (sent as multipart form fields). Prices the client sends are ignored, and so
 * are title, description and image: the order is priced from the database. Fields it does not name are
 * dropped. The counts' and the date's rules are `validateCheckout`'s (checkout.ts).
 */
export const checkoutPayloadSchema = z
  .object({
    title: formText.optional(),
    description: formText.optional(),
    image: formText.optional(),
    date: z
      .string({ error: CHECKOUT_MESSAGES.dateNotOffered })
      .max(100, { error: CHECKOUT_MESSAGES.dateNotOffered })
      .optional(),
    /** Beside the spec's fields: the chosen time of a package sold in slots (GET packages/{package_tag}/availability/). */
    slot_id: z.string().max(100, { error: 'The selected time is not available.' }).optional(),
    /** Beside the spec's fields: the page's language (decision 024), kept with the order for its e-mails. */
    language: z.enum(LOCALES, { error: 'Unknown language.' }).optional(),
    /**
     * Beside the spec's fields (decision 050): a promo code, priced again here on the server; absent
     * or empty buys at the full price, as the spec's checkout always did.
     */
    promo_code: z.string().max(64, { error: 'This promo code is not valid.' }).optional(),
    /**
     * Beside the spec's fields (decision 053): a gift card's code; the card pays min(balance, total)
     * of the order, the rest is paid by card (none when it covers everything).
     */
    gift_card_code: z.string().max(64, { error: GIFT_CARD_MESSAGES.invalid }).optional(),
    /**
     * Beside the spec's fields (decision 065): 'true' when the buyer asks for one e-mail reminding them
     * of this choice if they do not finish paying; anything else (or absent) sends none.
     */
    remind_me: z.string().max(10).optional(),
    /**
     * Beside the spec's fields (decision 063): a waiting-list offer's token (its e-mail's link); the
     * places it holds in `slot_id` are this checkout's, and nobody else's.
     */
    waitlist_token: z.string().max(100, { error: WAITLIST_MESSAGES.linkInvalid }).optional(),
    /**
     * Beside the spec's fields (decision 069): the billing details of 'I need an invoice', kept with the
     * order; its invoice is issued when the payment is fulfilled. Absent or empty: none.
     */
    invoice: checkoutInvoiceField.optional(),
    adult_count: ticketCount,
    youth_count: ticketCount,
    infant_count: ticketCount.optional(),
    /**
     * Beside the spec's fields (decision 070): the counts of the package's price categories, as a JSON
     * object (`{"reduced_eu": 1, "disabled": 1, "carer": 1}`; in a form, its JSON text). Priced from the
     * database; a category the package does not sell, or a carer without a disabled visitor, is a 400.
     */
    extra_counts: extraCountsSchema.optional(),
    /**
     * Beside the spec's fields (decision 071): a combo's chosen time of each part that sells in times, as
     * an object of part package tag to slot id (`{"RM-BOR": "<slot id>"}`; in a form, its JSON text).
     */
    combo_slots: z
      .union([z.string().max(2000), z.record(z.string().max(200), z.string().max(100))], {
        error: 'The chosen times of the combo could not be read.',
      })
      .optional(),
    package_id: z
      .union([z.string().max(50), z.number()], { error: CHECKOUT_MESSAGES.unknownPackage })
      .optional(),
    package_identifier: z
      .string({ error: CHECKOUT_MESSAGES.unknownPackage })
      .trim()
      .min(1, { error: CHECKOUT_MESSAGES.unknownPackage })
      .max(200, { error: CHECKOUT_MESSAGES.unknownPackage }),
  })
  .meta({
    examples: [
      {
        title: 'Big Bus Rome Classic 24h',
        date: '',
        adult_count: '2',
        youth_count: '1',
        infant_count: '0',
        package_id: '1',
        package_identifier: 'BB-24',
      },
    ],
  });
export type CheckoutPayload = z.infer<typeof checkoutPayloadSchema>;

/**
 * A guest's checkout (decision 035): the same fields and the address the ticket goes to. No account:
 * the browser that opened it keeps a cookie that alone opens its test checkout and success page.
 */
export const guestCheckoutPayloadSchema = checkoutPayloadSchema.extend({
  email: z
    .string({ error: CHECKOUT_MESSAGES.guestEmail })
    .trim()
    .max(254, { error: CHECKOUT_MESSAGES.guestEmail })
    .pipe(z.email({ error: CHECKOUT_MESSAGES.guestEmail })),
});
export type GuestCheckoutPayload = z.infer<typeof guestCheckoutPayloadSchema>;

/**
 * Keeping a guest's ticket in an account after paying: the signed-in one (no body needed), or one made
 * now with the order's address and these (the registration's rules).
 */
export const guestKeepSchema = z.object({
  full_name: z.string().max(200).optional(),
  phone_number: z.string().max(50).optional(),
  password: z.string().max(1000).optional(),
});
export const guestKeptSchema = z
  .object({ kept: z.literal(true), registered: z.boolean(), email: z.string() })
  .meta({ examples: [{ kept: true, registered: true, email: 'tourist@example.com' }] });

/** The hosted checkout session: its id and the page the buyer is sent to. */
export const checkoutResponseSchema = z
  .object({ id: z.string(), url: z.string() })
  .meta({ examples: [{ id: 'cs_test_a1B2c3', url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3' }] });

/** An amount as the API writes it: euros with 2 decimals ("19.00"), money.ts centsToDecimal. */
const decimal = z.string().meta({ examples: ['29.00'] });

/** What the web needs of the payment provider (the publishable key is public by design). */
export const paymentsConfigSchema = z
  .object({
    provider: z.enum(['stripe', 'test']),
    publishable_key: z.string().nullable(),
    test_mode: z.boolean(),
  })
  .meta({ examples: [{ provider: 'test', publishable_key: null, test_mode: true }] });

/** The built-in test checkout's page: the order and its amounts, marked as test mode. */
export const testCheckoutSessionSchema = z
  .object({
    session: z.string(),
    test_mode: z.literal(true),
    status: z.enum(ORDER_STATUSES),
    package: z.string(),
    selected_date: z.string().nullable(),
    /** A timed entry's Rome time (HH:MM); null without a slot. */
    time: z.string().nullable(),
    adults: z.number().int(),
    youths: z.number().int(),
    infants: z.number().int(),
    adult_price: decimal,
    youth_price: decimal,
    total_price: decimal,
    /** Beside the page's amounts (decision 070): the price categories' lines, each at its price. */
    extra_tickets: extraTicketsViewSchema.optional(),
    /** Beside the page's amounts (decision 050): the promo code and what it took off; absent without one. */
    promo_code: z.string().nullable().optional(),
    discount: decimal.optional(),
    /** Beside the page's amounts (decision 053): what a gift card pays of the order; absent without one. */
    gift_card: decimal.optional(),
    /** What the card is charged: the total less the gift card's part. */
    to_pay: decimal.optional(),
    success_url: z.string(),
    cancel_url: z.string(),
  })
  .meta({
    examples: [
      {
        session: 'test_cs_Q2x9',
        test_mode: true,
        status: 'pending',
        package: 'Big Bus Rome Classic 24h',
        selected_date: null,
        time: null,
        adults: 2,
        youths: 1,
        infants: 0,
        adult_price: '29.00',
        youth_price: '19.00',
        total_price: '77.00',
        success_url: '/success/k3Jd9s/',
        cancel_url: '/cancel/',
      },
    ],
  });

/** How a confirmed payment ended (fulfilment): a ticket made, or why not. */
export const FULFIL_RESULTS = [
  'fulfilled',
  'already_paid',
  'amount_mismatch',
  'order_closed',
  'unknown_session',
  /** Paid after its hold ran out, when the places had gone meanwhile: refunded at once. */
  'refunded_sold_out',
  /** Paid after its hold had gone, when its promo code had been used up meanwhile: refunded at once. */
  'refunded_promo_used_up',
  /** Paid after its hold had gone, when its gift card's balance had been spent meanwhile: refunded at once. */
  'refunded_gift_card_spent',
] as const;
export type FulfilResult = (typeof FULFIL_RESULTS)[number];

export const testCheckoutPayResponseSchema = z
  .object({ result: z.enum(FULFIL_RESULTS), redirect: z.string() })
  .meta({ examples: [{ result: 'fulfilled', redirect: '/success/k3Jd9s/' }] });
export const testCheckoutCancelResponseSchema = z
  .object({ redirect: z.string() })
  .meta({ examples: [{ redirect: '/cancel/' }] });

/** A purchased ticket as `GET dashboard/` lists it (spec §3 Purchased ticket, plus what the page shows). */
export const purchasedTicketSchema = z
  .object({
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
    /** Beside the spec's fields (inventory): the order's state, its slot and whether it can be cancelled. */
    status: z.enum(ORDER_STATUSES),
    starts_at: z.string().nullable().meta({ description: "The slot's instant (ISO, UTC), if it has one" }),
    time: z.string().nullable().meta({ description: "The slot's Rome time, HH:MM" }),
    cancellable: z.boolean(),
    cancel_until: z.string().nullable(),
    /** Beside the spec's fields (decision 071): a combo's part names its combo (absent otherwise). */
    combo: z.string().optional(),
  })
  .meta({ id: 'PurchasedTicket' });
export type PurchasedTicket = z.infer<typeof purchasedTicketSchema>;

const ticketExample = {
  unique_id: 'k3Jd9s',
  selected_date: null,
  package: 'Big Bus Rome Classic 24h',
  package_tag: 'BB-24',
  ticket_type: 'bus',
  adults: 2,
  youths: 1,
  infants: 0,
  total_price: '77.00',
  qr_code: '/media/4f1c.png',
  qr_code_scanned: false,
  purchased_at: '2026-11-22T10:00:00.000Z',
  status: 'paid',
  starts_at: null,
  time: null,
  cancellable: true,
  cancel_until: null,
};

export const dashboardResponseSchema = z
  .object({ data: z.array(purchasedTicketSchema) })
  .meta({ examples: [{ data: [ticketExample] }] });

/** GET success/{unique_id}/ once paid: the QR image's URL and the ticket. */
export const successPaidSchema = z
  .object({
    status: z.literal('paid'),
    url: z.string().nullable(),
    data: purchasedTicketSchema,
    /** Beside the spec's fields (decision 071): a combo's order has no QR of its own, one per part here. */
    parts: z.array(purchasedTicketSchema).optional(),
  })
  .meta({ examples: [{ status: 'paid', url: '/media/4f1c.png', data: ticketExample }] });
/** GET success/{unique_id}/ while the payment is being confirmed (202): the page asks again. */
export const successPendingSchema = z
  .object({ status: z.literal('pending'), url: z.null() })
  .meta({ examples: [{ status: 'pending', url: null }] });

/** Spec §3 Claim info (the authenticate response). */
export const claimInfoSchema = z
  .object({
    claimed: z.boolean(),
    msg: z.string(),
    /**
     * Beside the spec's fields, for a claimed ticket: when (ISO) and by whom (an agent, or a partner's
     * scanner), so the claim page writes `msg` in its own language (contract claim.ts).
     */
    claimed_at: z.string().nullable().optional(),
    claimed_by: z.string().nullable().optional(),
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
        /** Beside the spec's fields: the slot's Rome time (HH:MM) and whether the ticket was refunded. */
        time: z.string().nullable().optional(),
        refunded: z.boolean().optional(),
        /** Beside the spec's counts (decision 070): the price categories and the proof the door checks. */
        extra_tickets: extraTicketsViewSchema.optional(),
      })
      .nullable(),
  })
  .meta({
    examples: [
      {
        claimed: false,
        msg: 'Ticket is valid and ready to be claimed.',
        agent_list: ['Agent Alpha', 'Agent Beta'],
        data: {
          package: 'Big Bus Rome Classic 24h',
          user: 'Anna Buyer',
          total_price: '77.00',
          paid: true,
          package_tag: 'BB-24',
          adults: 2,
          youths: 1,
          infants: 0,
          selected_date: null,
        },
      },
    ],
  });
export type ClaimInfo = z.infer<typeof claimInfoSchema>;

/** The agent's claim as a JSON body (the web app's form), so the security code never sits in a URL. */
export const claimRequestSchema = z
  .object({
    code: z.string().min(1, 'Ticket not found.').max(200),
    agent_name: z.string().min(1, 'Agent name is required.').max(200),
    security_code: z.string().min(1, 'Security code is required.').max(200),
  })
  .meta({ examples: [{ code: 'Zk3n8QpL2vX9aB7cD4eF', agent_name: 'Agent Alpha', security_code: '4711' }] });

export const claimResponseSchema = z
  .object({ success: z.literal(true), msg: z.string() })
  .meta({ examples: [{ success: true, msg: 'Ticket claimed successfully.' }] });

export const agentListSchema = z
  .object({ agent_list: z.array(z.string()) })
  .meta({ examples: [{ agent_list: ['Agent Alpha', 'Agent Beta'] }] });

/** The Stripe webhook's acknowledgement (what the event led to, for the logs of both sides). */
export const stripeWebhookResponseSchema = z
  .object({ received: z.literal(true), outcome: z.string() })
  .meta({ examples: [{ received: true, outcome: 'fulfilled' }] });
