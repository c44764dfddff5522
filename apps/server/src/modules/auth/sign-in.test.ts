import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../lib/limits';
import { findUserByEmail } from '../../lib/users';
import { createTestApp } from '../../test/harness';
import { gateAndFindAccount } from './sign-in';
import { ip, makeUser } from './testing';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
});
afterAll(() => t.close());

describe('gateAndFindAccount: the sign-in gate and the account in one statement', () => {
  it('answers the account exactly as the query builder reads it (dates as dates, every field)', async () => {
    const u = await makeUser(t.db, { isEditor: true });
    const viaBuilder = await findUserByEmail(t.db, u.email);
    const viaGate = await gateAndFindAccount(t.db, ip(), u.email);
    expect(viaGate).toEqual(viaBuilder);
    expect(viaGate?.tokensValidAfter).toBeInstanceOf(Date);
  });

  it('answers null for an unknown address, and still counts the attempt', async () => {
    const from = ip();
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < LIMITS.loginPerIpAccount[0]; i++)
      expect(await gateAndFindAccount(t.db, from, email)).toBeNull();
    await expect(gateAndFindAccount(t.db, from, email)).rejects.toMatchObject({ statusCode: 429 });
  });
});
