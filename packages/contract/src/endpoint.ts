/**
 * What an API call is, once: method and path (the key, e.g. 'POST /api/register/'), what it takes
 * (params, query, body) and what it answers per status, as zod schemas. The server registers each
 * route from its entry (apps/server/src/lib/contract-route.ts), the OpenAPI document is generated from
 * the registered routes, and the web app infers request and answer types from the same entries with
 * type-only imports, so the visitor's bundle carries no zod.
 */
import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import type { OperatorRole } from './operator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: the server's preHandler enforces it; the OpenAPI document states it. */
/** 'session': the web app's HttpOnly session cookie opens it (decision 018), not a Bearer token. */
export type EndpointAccess =
  | 'public'
  | 'user'
  | 'editor'
  | 'superuser'
  | 'agent'
  | 'reseller'
  | 'session'
  /** An operator's people with one of `operatorRoles` at the path's `folder`, and superusers (decision 066). */
  | 'operator';

export type EndpointDef = {
  /** One line for the API reference. */
  summary: string;
  /** The reference's section (the shop's words: accounts, catalog, checkout, tickets, ...). */
  tag: string;
  access: EndpointAccess;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Absent for multipart calls (media, logos, checkout form) whose fields the route reads itself. */
  body?: z.ZodType;
  /**
   * A form the route reads itself (multipart/form-data, streamed): the schema it parses the fields
   * with and the name of its file field, if any. The API reference shows it as the request body;
   * Fastify does not validate it (the route does, with the same schema).
   */
  form?: { fields: z.ZodObject; file?: string; alsoJson?: boolean };
  /** Every status the call answers with on purpose, with its shape. */
  responses: Record<number, z.ZodType>;
  /**
   * The message a request that does not match params/query/body is answered with (400), where the
   * spec gives one; otherwise the first problem zod found, in plain words.
   */
  invalid?: string;
  /**
   * Each field of this call's schemas words its own problem as a whole sentence: a request that does
   * not match is answered with the first problem's message as it is (no field name around it).
   */
  ownMessages?: true;
  /** Keys the spec's answer of this call has beside the message, sent with `invalid` too. */
  invalidExtras?: Record<string, unknown>;
  /**
   * A write that needs the password again (STEP_UP_HEADER, decision 032): 403 step_up_required
   * without a proof from POST /api/session/step-up/.
   */
  stepUp?: true;
  /** For access 'operator': the roles at the operator that may call (OPERATOR_RIGHTS). */
  operatorRoles?: readonly OperatorRole[];
};

/** Identity with a precise type: `const x = { 'GET /api/x/': endpoint({...}) }`. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

/**
 * Every error answer: `error` is the message to show (the spec's text where it gives one), `code` a
 * stable machine word. Calls whose spec answer has more keys (`registered`, `detail`, `success`,
 * `retry_after`) keep them beside these two; `.loose()` lets them through.
 */
export const apiErrorSchema = z
  .object({
    error: z.string(),
    code: z.string(),
    message_id: z.string().optional().meta({
      description:
        "When `error` is made from numbers: the ICU message it was made from (the storefront catalogues' id), so a page shows it in its own language with `values`.",
    }),
    values: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({ description: 'The values that fill `message_id`.' }),
  })
  .loose()
  .meta({
    id: 'ApiError',
    examples: [
      { error: 'Not found.', code: ERROR_CODES.notFound },
      {
        error: 'Only 3 places left for this time.',
        code: ERROR_CODES.soldOut,
        message_id:
          '{left, plural, one {Only # place left for this time.} other {Only # places left for this time.}}',
        values: { left: 3 },
      },
    ],
  });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * A refusal's words (decision 024). `error` is the English the server always sent. A refusal made from
 * numbers ('Only 3 places left for this time.') cannot be a catalogue id, so it also names the ICU
 * message it was made from (`message_id`, marked /*i18n*\/ in the contract) and its `values`: the web
 * shows that in the page's language, and its English rendering is `error` character for character.
 */
export type Refusal = { error: string; message_id?: string; values?: Record<string, string | number> };

/** The common error answers, to spread into `responses`. */
export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
  507: apiErrorSchema,
} as const;
