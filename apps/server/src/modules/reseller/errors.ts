/**
 * OCTO's error answers: `{error, errorMessage}` with the standard's codes, and the id that was wrong
 * beside them (INVALID_PRODUCT_ID carries productId, ...). The shapes are OCTO's own (the tests check
 * them against @octocloud/types); the statuses follow the standard: 400 for a request that names
 * something wrong or cannot be done, 401 without a key, 403 with a key that is not (or no longer)
 * valid, 500 for anything unexpected. 429 (too many calls for one key) is outside the standard's list:
 * it says BAD_REQUEST and carries Retry-After.
 */
export const OCTO_ERRORS = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INTERNAL_SERVER_ERROR: 500,
} as const;
export type OctoErrorCode = keyof typeof OCTO_ERRORS;

export class OctoError extends Error {
  constructor(
    public code: OctoErrorCode,
    message: string,
    /** The id the error names (productId, optionId, unitId, availabilityId, uuid). */
    public extra: Record<string, string> = {},
    public status: number = OCTO_ERRORS[code],
  ) {
    super(message);
  }

  body(): Record<string, string> {
    return { error: this.code, errorMessage: this.message, ...this.extra };
  }
}

export const invalidProduct = (productId: string) =>
  new OctoError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId });
export const invalidOption = (optionId: string) =>
  new OctoError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId });
export const invalidUnit = (unitId: string) =>
  new OctoError('INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId });
export const invalidAvailability = (
  availabilityId: string,
  message = 'The availabilityId was missing or invalid',
) => new OctoError('INVALID_AVAILABILITY_ID', message, { availabilityId });
export const invalidBooking = (uuid: string, message = 'The uuid was missing or invalid') =>
  new OctoError('INVALID_BOOKING_UUID', message, { uuid });
export const badRequest = (message: string) => new OctoError('BAD_REQUEST', message);
export const unprocessable = (message: string) => new OctoError('UNPROCESSABLE_ENTITY', message);
