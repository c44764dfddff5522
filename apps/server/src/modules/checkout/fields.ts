/**
 * Reads a form's plain fields from a multipart or JSON body. Files are refused: the checkout payload
 * has none, and an unexpected upload must not be buffered.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors';

export async function readFields(req: FastifyRequest): Promise<Record<string, string | undefined>> {
  const out: Record<string, string | undefined> = {};
  if (req.isMultipart()) {
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
  const body = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      if (typeof v === 'object') throw badRequest(`Invalid value for ${k}.`);
      out[k] = String(v);
    }
  }
  return out;
}
