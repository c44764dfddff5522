/** Helpers for the accounts tests: make accounts, sign in, call with a Bearer token. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createUser } from '../../lib/users';

let n = 0;
/** A fresh account with a unique e-mail and a strong random password. */
export async function makeUser(
  db: Db,
  opts: { email?: string; isEditor?: boolean; isSuperuser?: boolean; fullName?: string } = {},
) {
  n++;
  const email = opts.email ?? `user${n}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Pw-${randomBytes(9).toString('base64url')}`;
  const user = await createUser(db, {
    email,
    fullName: opts.fullName ?? `Test User ${n}`,
    phoneNumber: '3912345678',
    password,
    isEditor: opts.isEditor,
    isSuperuser: opts.isSuperuser,
  });
  return { id: user.id, email: user.email, password };
}

/** A made-up client address per call site, so rate limits of one test do not touch another. */
export const ip = () => `10.${(n >> 8) & 255}.${n++ & 255}.${Math.floor(Math.random() * 250) + 1}`;

export async function login(app: FastifyInstance, username: string, password: string, remoteAddress = ip()) {
  return app.inject({
    method: 'POST',
    url: '/api/api/token/',
    payload: { username, password },
    remoteAddress,
  });
}

export async function tokensFor(app: FastifyInstance, email: string, password: string) {
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access: string; refresh: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
