/**
 * The OCTO supplier API's calls, once: what each takes (the OCTO standard's own schemas from
 * @octocloud/types, which the routes parse with) and answers. `routes.ts` registers and parses from
 * this table; `octoOpenApi()` describes it as an OpenAPI 3.1 document (`GET /octo/openapi.json`), so
 * the document cannot list a call the shop does not serve or a body it does not read.
 *
 * The standard's schemas are written with zod's version 3 API (`zod/v3`), which zod 4's own
 * `toJSONSchema` does not read; zod-to-json-schema turns them into JSON Schema.
 */
import {
  zAvailability,
  zAvailabilityCalendar,
  zAvailabilityCalendarBody,
  zAvailabilityCheckBody,
  zBooking,
  zBookingCancellationBody,
  zBookingConfirmationBody,
  zBookingReservationBody,
  zBookingUpdateBody,
  zCapability,
  zExtendReservationBody,
  zOption,
  zPricing,
  zProduct,
  zSupplier,
  zTax,
  zUnitItem,
} from '@octocloud/types';
import { z } from 'zod/v3';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { OCTO_ERRORS, type OctoErrorCode } from './errors';

/**
 * Ventrata's redemption extension (partners' gate scanners redeem a ticket by its code): not in
 * @octocloud/types, so written here in the same zod 3 API.
 */
export const zRedeemBody = z.object({
  redemptionCode: z.union([z.string(), z.array(z.string())], {
    errorMap: () => ({ message: 'a code or a list of codes is required' }),
  }),
});

/**
 * OCTO's webhooks (the octo/webhooks capability, as Ventrata and others serve it): register a URL for
 * one event, list, delete. The answer to a registration carries the signing secret, once (decision 056).
 */
const WEBHOOK_EVENT = z.enum(['booking_update', 'availability_update'], {
  errorMap: () => ({ message: 'one of booking_update, availability_update' }),
});
export const zWebhookBody = z.object({
  url: z.string({ required_error: 'a webhook URL is required' }),
  event: WEBHOOK_EVENT,
});
const zWebhook = z.object({
  id: z.string().uuid(),
  event: WEBHOOK_EVENT,
  url: z.string(),
  capabilities: z.array(z.string()),
  createdAt: z.string(),
  secret: z
    .string()
    .optional()
    .describe('The signing secret: in the answer to the registration only, never again'),
});
const zWebhookDelivery = z.object({
  id: z.string().uuid(),
  eventId: z.string().uuid().describe("The event's id, the same on every try and in the payload's id"),
  webhookId: z.string().uuid(),
  url: z.string(),
  event: WEBHOOK_EVENT,
  action: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  tries: z.array(
    z.object({
      at: z.string(),
      status: z.number().int().nullable(),
      durationMs: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
});

/**
 * The octo/packages capability (decision 072), in octo-types' shapes (`Package`, `Include`,
 * `PackageBooking`; not in @octocloud/types 2): a package product's option lists its includes in
 * groups, an availability its includes' availabilities, a reservation each include's time, a booking
 * its includes' bookings. `packageIncludeId` on an include's availability is the shop's: the standard
 * gives no way to tell whose it is.
 */
/** The standard's schemas seen as plain zod objects: extending their full types is slow for tsc. */
const loose = (schema: unknown) => schema as z.AnyZodObject;
const zInclude: z.ZodTypeAny = z.object({
  id: z.string(),
  required: z.boolean(),
  limit: z.number().int(),
  productId: z.string(),
  // The part's product and option as GET /products gives them (not repeated here: the document stays small).
  product: z.object({ id: z.string() }).passthrough(),
  optionId: z.string(),
  option: z.object({ id: z.string() }).passthrough(),
  validityDays: z.number().int(),
});
const zPackageGroup = z.object({ title: z.string(), count: z.number().int(), includes: z.array(zInclude) });
const zPackageProduct: z.ZodTypeAny = loose(zProduct).extend({
  isPackage: z.boolean().optional(),
  options: z.array(loose(zOption).extend({ packageIncludes: z.array(zPackageGroup).optional() })),
});
/**
 * The octo/offers capability (decision 074), in octo-types 1.x's shapes (`Offer`, `OfferDiscount`,
 * `AvailabilityOffers`, `BookingOffers`, the bodies' `offerCode`; not in @octocloud/types 2): a
 * promo code as an offer, what it took off a pricing, and the offer fields of an availability and a
 * booking.
 */
const zOffer = z.object({
  title: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  netDiscount: z.enum(['NONE', 'FULL', 'SPLIT', 'PRORATED']).nullable(),
  restrictions: z.object({
    minUnits: z.number().int().nullable(),
    maxUnits: z.number().int().nullable(),
    minTotal: z.number().int().nullable(),
    maxTotal: z.number().int().nullable(),
    unitIds: z.array(z.string()),
  }),
  usable: z.boolean(),
});
const zOfferPricing = loose(zPricing).extend({
  offerDiscount: z
    .object({
      net: z.number().int().nullable(),
      retail: z.number().int(),
      includedTaxes: z.array(loose(zTax)),
    })
    .optional(),
});
const OFFER_FIELDS = {
  offerCode: z.string().nullable().optional(),
  offerTitle: z.string().nullable().optional(),
  offer: zOffer.nullable().optional(),
  offers: z.array(zOffer).optional(),
};
const zOfferCode = { offerCode: z.string().optional() };
const zOfferAvailability = loose(zAvailability).extend({
  ...OFFER_FIELDS,
  pricing: zOfferPricing.optional(),
});
const zPackageAvailability: z.ZodTypeAny = zOfferAvailability.extend({
  packageAvailabilities: z.array(loose(zAvailability).extend({ packageIncludeId: z.string() })).optional(),
});
const zOfferCalendarDay = loose(zAvailabilityCalendar).extend(OFFER_FIELDS);
/** A booking's offer fields; comparisons and combinations the shop does not make (always empty). */
const zOfferBooking = loose(zBooking).extend({
  ...OFFER_FIELDS,
  offerComparisons: z
    .array(z.object({ productId: z.string(), optionId: z.string() }).passthrough())
    .optional(),
  offerIsCombination: z.boolean().optional(),
  pricing: zOfferPricing.optional(),
  unitItems: z.array(loose(zUnitItem).extend({ pricing: zOfferPricing.optional() })),
});
export const zPackageBookingBody = z.object({
  packageIncludeId: z.string({ required_error: 'packageIncludeId is required' }),
  availabilityId: z.string({ required_error: 'availabilityId is required' }),
});
const zPackageBooking: z.ZodTypeAny = zOfferBooking.extend({
  isPackage: z.boolean().optional(),
  packageBookings: z
    .array(zOfferBooking.extend({ packageIncludeId: z.string(), packageInclude: zInclude }))
    .optional(),
});
const zPackageReservationBody: z.ZodTypeAny = loose(zBookingReservationBody).extend({
  packageBookings: z.array(zPackageBookingBody).optional(),
  ...zOfferCode,
});

/** A named schema of the document's components: `name` is its key under components.schemas. */
type Named = { name: string; schema: unknown };
const named = (name: string, schema: unknown): Named => ({ name, schema });

const SUPPLIER = named('Supplier', zSupplier);
const CAPABILITY = named('Capability', zCapability);
const PRODUCT = named('Product', zPackageProduct);
const AVAILABILITY = named('Availability', zPackageAvailability);
const CALENDAR_DAY = named('AvailabilityCalendar', zOfferCalendarDay);
const BOOKING = named('Booking', zPackageBooking);
const WEBHOOK = named('Webhook', zWebhook);
const WEBHOOK_DELIVERY = named('WebhookDelivery', zWebhookDelivery);

export type OctoCall = {
  summary: string;
  /** The JSON body, parsed with this schema (an OCTO error names its first problem). */
  body?: Named;
  /** Query parameters, all optional strings. */
  query?: readonly string[];
  /** The answer: one of the schema, or a list of them. */
  answer?: { of: Named; list?: boolean };
  /** A redemption call: only keys allowed to redeem. */
  redemption?: boolean;
  /** The OCTO errors this call can answer beside the ones every call can. */
  errors?: readonly OctoErrorCode[];
};

const BOOKING_ERRORS = ['INVALID_BOOKING_UUID', 'UNPROCESSABLE_ENTITY'] as const;
const AVAILABILITY_ERRORS = ['INVALID_PRODUCT_ID', 'INVALID_OPTION_ID', 'INVALID_UNIT_ID'] as const;

/** Every call under /octo, keyed 'METHOD /path' with OpenAPI's {param} placeholders. */
export const OCTO_API = {
  'GET /supplier': { summary: 'The supplier: the shop and how to reach it', answer: { of: SUPPLIER } },
  'GET /capabilities': {
    summary:
      'The capabilities this supplier offers (octo/pricing, octo/content, octo/packages, octo/offers, octo/webhooks)',
    answer: { of: CAPABILITY, list: true },
  },
  'GET /products': {
    summary:
      'The packages on sale, as OCTO products with one option each; with octo/packages also the combos, their parts as includes',
    answer: { of: PRODUCT, list: true },
  },
  'GET /products/{id}': {
    summary: 'One product',
    answer: { of: PRODUCT },
    errors: ['INVALID_PRODUCT_ID'],
  },
  'POST /availability': {
    summary:
      'Availabilities of a product between two dates or for given ids, with the places left; with octo/offers an offerCode prices the units asked',
    body: named('AvailabilityCheckBody', loose(zAvailabilityCheckBody).extend(zOfferCode)),
    answer: { of: AVAILABILITY, list: true },
    errors: [...AVAILABILITY_ERRORS, 'INVALID_AVAILABILITY_ID'],
  },
  'POST /availability/calendar': {
    summary: 'One entry per day: open or not, and the places left',
    body: named('AvailabilityCalendarBody', loose(zAvailabilityCalendarBody).extend(zOfferCode)),
    answer: { of: CALENDAR_DAY, list: true },
    errors: AVAILABILITY_ERRORS,
  },
  'POST /bookings': {
    summary:
      "Holds places for a reseller's booking (the same places the web shop sells); a package's parts in packageBookings; with octo/offers an offerCode (a promo code) discounts it",
    body: named('BookingReservationBody', zPackageReservationBody),
    answer: { of: BOOKING },
    errors: [...AVAILABILITY_ERRORS, 'INVALID_AVAILABILITY_ID', 'UNPROCESSABLE_ENTITY'],
  },
  'GET /bookings': {
    summary: "This key's bookings, filtered by reference, date or product",
    query: [
      'resellerReference',
      'supplierReference',
      'localDate',
      'localDateStart',
      'localDateEnd',
      'productId',
    ],
    answer: { of: BOOKING, list: true },
  },
  'GET /bookings/{uuid}': {
    summary: 'One booking of this key',
    answer: { of: BOOKING },
    errors: BOOKING_ERRORS,
  },
  'PATCH /bookings/{uuid}': {
    summary: "Changes a booking: its product, time, people, contact or the reseller's reference",
    body: named('BookingUpdateBody', zBookingUpdateBody),
    answer: { of: BOOKING },
    errors: [...BOOKING_ERRORS, 'INVALID_AVAILABILITY_ID', 'INVALID_UNIT_ID'],
  },
  'POST /bookings/{uuid}/confirm': {
    summary: 'Confirms a held booking into a ticket the agents redeem (the reseller took the money)',
    body: named('BookingConfirmationBody', zBookingConfirmationBody),
    answer: { of: BOOKING },
    errors: BOOKING_ERRORS,
  },
  'POST /bookings/{uuid}/cancel': {
    summary: 'Cancels a booking: a hold frees its places; a confirmed one is refunded within the cut-off',
    body: named('BookingCancellationBody', zBookingCancellationBody),
    answer: { of: BOOKING },
    errors: BOOKING_ERRORS,
  },
  'DELETE /bookings/{uuid}': {
    summary: 'The same cancellation, as OCTO also names it',
    body: named('BookingCancellationBody', zBookingCancellationBody),
    answer: { of: BOOKING },
    errors: BOOKING_ERRORS,
  },
  'POST /bookings/{uuid}/extend': {
    summary: 'Extends the hold of an unconfirmed booking',
    body: named('ExtendReservationBody', zExtendReservationBody),
    answer: { of: BOOKING },
    errors: BOOKING_ERRORS,
  },
  'POST /webhooks': {
    summary:
      'Registers a webhook: events of this kind are POSTed to the URL, signed (Webhook-Signature); the answer holds the secret, once',
    body: named('WebhookBody', zWebhookBody),
    answer: { of: WEBHOOK },
  },
  'GET /webhooks': { summary: "This key's webhooks", answer: { of: WEBHOOK, list: true } },
  'DELETE /webhooks/{id}': {
    summary: 'Deletes a webhook: nothing more is sent to it (its deliveries stay in the log)',
    answer: { of: WEBHOOK },
  },
  'GET /webhooks/deliveries': {
    summary: "The delivery log of this key's webhooks, newest first, each with its tries",
    query: ['status', 'limit'],
    answer: { of: WEBHOOK_DELIVERY, list: true },
  },
  'GET /redemption/lookup': {
    summary: "Finds a ticket by its QR's text, its claim code or its reference (keys that may redeem)",
    query: ['reference'],
    redemption: true,
  },
  'POST /redemption/redeem': {
    summary: 'Redeems tickets by the redemption codes the lookup gave, once each (keys that may redeem)',
    body: named('RedeemBody', zRedeemBody),
    redemption: true,
    errors: ['UNPROCESSABLE_ENTITY'],
  },
} as const satisfies Record<string, OctoCall>;
export type OctoKey = keyof typeof OCTO_API;

/** 'GET /products/{id}' -> Fastify's 'GET', '/products/:id'. */
export function octoRoute(key: OctoKey): { method: string; url: string } {
  const [method, path] = key.split(' ');
  return { method, url: path.replace(/\{(\w+)\}/g, ':$1') };
}

/** Every call can answer these: a bad request, no key, a key that is not valid. */
const COMMON_ERRORS: readonly OctoErrorCode[] = ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN'];

const jsonSchema = (schema: unknown): Record<string, unknown> => {
  const { $schema: _, ...rest } = zodToJsonSchema(schema as Parameters<typeof zodToJsonSchema>[0], {
    target: 'jsonSchema7',
    $refStrategy: 'none',
  }) as Record<string, unknown>;
  return rest;
};
const ref = (n: Named) => ({ $ref: `#/components/schemas/${n.name}` });

/** The OpenAPI 3.1 document of the OCTO API, its server at `publicUrl`/octo. */
export function octoOpenApi(publicUrl: string) {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: {
        error: { type: 'string', enum: Object.keys(OCTO_ERRORS) },
        errorMessage: { type: 'string' },
      },
      required: ['error', 'errorMessage'],
      description: "OCTO's error: a code, a message, and the id it names where there is one.",
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, call] of Object.entries(OCTO_API) as [OctoKey, OctoCall][]) {
    const [method, path] = key.split(' ');
    for (const n of [call.body, call.answer?.of])
      if (n && !schemas[n.name]) schemas[n.name] = jsonSchema(n.schema);
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = (call.query ?? []).map((name) => ({ name, in: 'query', schema: { type: 'string' } }));
    const answer = call.answer
      ? call.answer.list
        ? { type: 'array', items: ref(call.answer.of) }
        : ref(call.answer.of)
      : { type: 'object', description: 'The ticket(s) found or redeemed (Ventrata redemption).' };
    const codes = [...COMMON_ERRORS, ...(call.errors ?? [])];
    const errors: Record<string, unknown> = {};
    for (const status of new Set(codes.map((code) => OCTO_ERRORS[code]))) {
      errors[String(status)] = {
        description: `OCTO error: ${codes.filter((code) => OCTO_ERRORS[code] === status).join(', ')}`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      operationId: `octo_${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+/g, '_')}`,
      summary: call.summary,
      tags: [call.redemption ? 'Redemption' : 'OCTO'],
      ...(params.length || query.length ? { parameters: [...params, ...query] } : {}),
      ...(call.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: ref(call.body) } } } }
        : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: answer } } },
        ...errors,
        429: {
          description: "Over the key's rate (Retry-After says when to try again)",
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rome Bus Tickets: OCTO supplier API',
      version: '1.0.0',
      description:
        'The OCTO standard for resellers (products, availability, bookings on the same places the web ' +
        "shop sells, redemption for partners' scanners). Every call takes `Authorization: Bearer <reseller " +
        'key>`; `Octo-Capabilities` asks for pricing and content.',
    },
    servers: [{ url: `${publicUrl}/octo` }],
    security: [{ resellerKey: [] }],
    components: {
      securitySchemes: { resellerKey: { type: 'http', scheme: 'bearer', bearerFormat: 'reseller API key' } },
      schemas,
    },
    paths,
  };
}
