/** A test's way to call the app as a user (or nobody), optionally from a given client address. */
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './users';

export const apiCaller =
  (app: () => FastifyInstance) =>
  (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    user?: TestUser,
    payload?: object,
    remoteAddress?: string,
  ) =>
    app().inject({
      method,
      url,
      headers: user ? user.auth : {},
      ...(payload === undefined ? {} : { payload }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
