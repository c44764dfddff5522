/** Test accounts: created straight in the database, signed in through the real token endpoint. */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { type OperatorRole, STEP_UP_HEADER } from '@rome/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { operatorStaff, users } from '../db/schema';
import { stepUpProof } from '../modules/auth/step-up';
import { signInFully } from '../modules/auth/testing';

export type TestUser = {
  id: string;
  email: string;
  password: string;
  token: string;
  /**
   * The Bearer header; a superuser's and an operator manager's also carry a fresh password's proof
   * (decision 032), made anew on each read so a long test file never meets its expiry.
   * step-up.test.ts covers calls without it.
   */
  readonly auth: { authorization: string; 'x-step-up'?: string };
};

/**
 * A fixture account's password is hashed with argon2id at a low cost: its sign-ins still run the
 * shop's own check (verifySecret reads the cost from the hash), in a fraction of a millisecond instead
 * of 5-8 ms for the hash and again for each sign-in, over more than a thousand accounts a run. The
 * shop's own cost is checked in lib/passwords.unit.test.ts and on every account made through its own
 * paths (registration, password change and reset, makeUser in modules/auth/testing.ts).
 */
const FIXTURE_HASH = { algorithm: 2, memoryCost: 256, timeCost: 1, parallelism: 1 } as const;

export async function createUser(
  app: FastifyInstance,
  db: Db,
  opts: {
    isEditor?: boolean;
    isSuperuser?: boolean;
    name?: string;
    /** A person of this operator with this role (the invitation taken), before the first sign-in. */
    operator?: { folderId: number; role: OperatorRole };
  } = {},
): Promise<TestUser> {
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      fullName: opts.name ?? 'Test Buyer',
      phoneNumber: '3912345678',
      passwordHash: await hash(password, FIXTURE_HASH),
      isEditor: opts.isEditor ?? false,
      isSuperuser: opts.isSuperuser ?? false,
    })
    .returning({ id: users.id });
  if (opts.operator)
    await db
      .insert(operatorStaff)
      .values({ ...opts.operator, email, userId: row.id, acceptedAt: new Date() });
  // A superuser or an operator's manager gets its second factor first, and signs in with a code
  // (decisions 051, 066).
  const res = await signInFully(app, email, password, '127.0.0.1');
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json().access as string;
  const secret = app.config.jwtSecret;
  // Superusers and operators' managers make the writes that want a fresh password.
  const staffWrites = opts.isSuperuser || opts.operator?.role === 'manager';
  return {
    id: row.id,
    email,
    password,
    token,
    get auth() {
      const bearer = { authorization: `Bearer ${token}` };
      return staffWrites ? { ...bearer, [STEP_UP_HEADER]: stepUpProof(secret, row.id) } : bearer;
    },
  };
}
