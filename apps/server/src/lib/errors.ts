/** An error whose message is safe to show: the error handler answers it with its status and body. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    public body: Record<string, unknown>,
  ) {
    super(String(body.error ?? body.detail ?? body.message ?? 'Error'));
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const badRequest = (error: string) => new HttpError(400, { error });
