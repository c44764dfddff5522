/**
 * The checkout form (spec §3 Checkout payload), sent as multipart/form-data (or, for scripts, JSON):
 * its fields are collected as they come and parsed with the contract's `checkoutPayloadSchema`, so
 * the service gets typed input and a bad field answers 400 with the contract's message. Files are
 * refused: the payload has none, and an unexpected upload must not be buffered.
 */
import {
  type CheckoutPayload,
  checkoutPayloadSchema,
  type GuestCheckoutPayload,
  guestCheckoutPayloadSchema,
  type WidgetCheckoutPayload,
  widgetCheckoutPayloadSchema,
} from '@rome/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, HttpError } from '../../lib/errors';

/** A multipart body's plain fields, as sent (the schema judges them). */
async function formFields(req: FastifyRequest): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fields: 30, fieldSize: 10_000, files: 0 } })) {
      if (part.type === 'file') {
        part.file.resume();
        throw badRequest('This form takes no files.');
      }
      out[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  } catch (err: any) {
    // A body that is not the multipart it claims to be (no boundary, cut short) is bad input, not a fault.
    if (err instanceof HttpError || typeof err?.statusCode === 'number') throw err;
    throw badRequest('The form could not be read.');
  }
  return out;
}

/** The form's fields, parsed with the contract's schema: a bad field answers 400 with its message. */
async function readForm<S extends z.ZodType>(req: FastifyRequest, schema: S): Promise<z.infer<S>> {
  const fields = req.isMultipart() ? await formFields(req) : (req.body ?? {});
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

export const readCheckoutPayload = (req: FastifyRequest): Promise<CheckoutPayload> =>
  readForm(req, checkoutPayloadSchema);

/** A guest's checkout form: the same fields and the address the ticket goes to (decision 035). */
export const readGuestCheckoutPayload = (req: FastifyRequest): Promise<GuestCheckoutPayload> =>
  readForm(req, guestCheckoutPayloadSchema);

/** A booking widget's checkout form: a guest's, and the widget's signed token (decision 060). */
export const readWidgetCheckoutPayload = (req: FastifyRequest): Promise<WidgetCheckoutPayload> =>
  readForm(req, widgetCheckoutPayloadSchema);
