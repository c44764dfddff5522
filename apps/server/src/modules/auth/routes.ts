/** The token calls of spec §7 (paths as the spec's client calls them, under /api/). */
import { AUTH_MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { HttpError } from '../../lib/errors';
import { dummyHash, verifySecret } from '../../lib/passwords';
import { clearLimit, limit, uncount } from './limits';
import { InvalidTokenError } from './tokens';
import { findUserByEmail, normalizeEmail } from './users';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const body = (b: unknown): Record<string, unknown> => (b && typeof b === 'object' ? (b as any) : {});
const required = (field: string) =>
  new HttpError(400, { detail: `The ${field} field is required.`, [field]: ['This field is required.'] });
const tokenNotValid = (reply: FastifyReply) =>
  reply.code(401).send({ detail: AUTH_MESSAGES.tokenNotValid, code: 'token_not_valid' });

export const authRoutes: FastifyPluginAsync = async (app) => {
  /** Sign in: {username (the e-mail, any casing), password} -> {access, refresh}. */
  app.post('/api/api/token/', async (req, reply) => {
    const b = body(req.body);
    const username = str(b.username).trim();
    const password = str(b.password);
    if (!username) throw required('username');
    if (!password) throw required('password');
    const email = normalizeEmail(username);
    await limit(app.db, req.ip, 'loginPerIp');
    await limit(app.db, email, 'loginPerAccount');
    const user = password.length <= 1024 ? await findUserByEmail(app.db, email) : null;
    // Without an account, a dummy hash is checked all the same: both answers take as long.
    let ok = false;
    if (user) ok = await verifySecret(user.passwordHash, password);
    else await verifySecret(await dummyHash(), password);
    if (!user || !ok) return reply.code(401).send({ detail: AUTH_MESSAGES.badCredentials });
    await clearLimit(app.db, email, 'loginPerAccount');
    // The per-address limit counts failed sign-ins only: a hotel's shared address full of
    // tourists signing in successfully must not lock the next one out.
    await uncount(app.db, req.ip, 'loginPerIp');
    return app.tokens.issuePair(user);
  });

  /** {refresh} -> the next {access, refresh}; the one sent is spent (reuse ends the sign-in). */
  app.post('/api/api/token/refresh/', async (req, reply) => {
    const refresh = str(body(req.body).refresh);
    if (!refresh) throw required('refresh');
    try {
      return await app.tokens.rotate(refresh);
    } catch (err) {
      if (err instanceof InvalidTokenError) return tokenNotValid(reply);
      throw err;
    }
  });

  /** {token} -> 200 {} when good (the client sends its refresh token), else 401. */
  app.post('/api/api/token/verify/', async (req, reply) => {
    const token = str(body(req.body).token);
    if (!token) throw required('token');
    if (!(await app.tokens.verify(token))) return tokenNotValid(reply);
    return {};
  });

  /** {refresh} -> 200 {}: logout, every token of that sign-in's family stops working. */
  app.post('/api/api/token/blacklist/', async (req, reply) => {
    const refresh = str(body(req.body).refresh);
    if (!refresh) throw required('refresh');
    try {
      await app.tokens.blacklist(refresh);
      return {};
    } catch (err) {
      if (err instanceof InvalidTokenError) return tokenNotValid(reply);
      throw err;
    }
  });
};
