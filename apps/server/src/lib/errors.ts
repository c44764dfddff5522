/**
 * An error whose message is safe to show: the error handler answers it with its status and body.
 * Every error answer has the one shape of the contract (`apiErrorSchema`): `error` (the message) and
 * `code` (a stable word); the spec's extra keys (`detail`, `registered`, `success`, `retry_after`) stay
 * beside them where a call's spec names them.
 */
import { ERROR_CODES, MAX_JSON_DEPTH, numberedWords, type Refusal } from '@rome/contract';

/** The answer when the disk refuses a write (full or read-only): 507, app.ts. */
export const STORAGE_UNAVAILABLE = 'The file cannot be stored right now. Please try again later.';

/**
 * The disk refused a write: full (ENOSPC), over a quota (EDQUOT) or mounted read-only (EROFS). Not a
 * fault of the request nor of our code: 507, and /readyz fails until it is fixed.
 */
export function isStorageUnavailable(err: unknown): boolean {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++)
    if (['ENOSPC', 'EDQUOT', 'EROFS'].includes(e.code)) return true;
  return false;
}

/** A storage write the disk refused, as the 507 the caller answers (the cause keeps the system's code). */
export function storageUnavailable(cause: unknown): HttpError {
  const err = new HttpError(507, { error: STORAGE_UNAVAILABLE });
  err.cause = cause;
  return err;
}

/** The answer to a JSON body that nests deeper than MAX_JSON_DEPTH (400; app.ts, activity routes). */
export const JSON_TOO_DEEP = `The request body nests too deeply (at most ${MAX_JSON_DEPTH} levels).`;

const DEFAULT_CODES: Record<number, string> = {
  400: ERROR_CODES.invalid,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.unavailable,
  507: ERROR_CODES.storageFull,
};

/** The code an error answer of this status carries when the thrower named none. */
export const defaultErrorCode = (status: number): string =>
  DEFAULT_CODES[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.invalid);

/**
 * `{error, code, ...extras}` from a message (or a body that names it as error, detail or message). A
 * message the contract builds from numbers also carries its catalogue message and values (`message_id`,
 * `values`: contract refusal.ts), so the page shows it in its language (decision 024).
 */
export function errorBody(status: number, body: Record<string, unknown>): Record<string, unknown> {
  const error = String(body.error ?? body.detail ?? body.message ?? 'Error');
  const words = body.message_id === undefined ? numberedWords(error) : null;
  return {
    ...body,
    ...words,
    error,
    code: typeof body.code === 'string' ? body.code : defaultErrorCode(status),
  };
}

export class HttpError extends Error {
  public body: Record<string, unknown>;
  constructor(
    public statusCode: number,
    body: Record<string, unknown>,
  ) {
    const full = errorBody(statusCode, body);
    super(String(full.error));
    this.body = full;
  }
}

/** 404; `detail` kept beside `error` for the calls whose spec answer reads it. */
export const notFound = (detail = 'Not found.') => new HttpError(404, { error: detail, detail });
/** A refusal's words: its English, or a Refusal that also names its catalogue message and values. */
const wordsOf = (refusal: string | Refusal): Refusal =>
  typeof refusal === 'string' ? { error: refusal } : refusal;
export const badRequest = (error: string | Refusal, code: string = ERROR_CODES.invalid) =>
  new HttpError(400, { ...wordsOf(error), code });
export const conflict = (error: string | Refusal, code: string = ERROR_CODES.conflict) =>
  new HttpError(409, { ...wordsOf(error), code });

/**
 * Runs work; an HttpError it throws also carries its message as `message`, for the calls whose spec
 * answer names the failure that way (media upload, content save: spec §7).
 */
export async function withMessage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError) err.body.message ??= err.body.error;
    throw err;
  }
}
