/**
 * A superuser's writes that hand out the shop's powers (reseller keys, agent accounts and devices,
 * refunds) want the password again (decision 032), and every superuser hears of a new key or agent.
 */
import { API, STEP_UP_HEADER } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAccounts, mailOutbox, resellers } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { stepUpProof } from './step-up';

let t: Awaited<ReturnType<typeof createTestApp>>;
let superuser: TestUser;
let other: TestUser;
let editor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
  superuser = await createUser(t.app, t.db, { isSuperuser: true });
  other = await createUser(t.app, t.db, { isSuperuser: true });
  editor = await createUser(t.app, t.db, { isEditor: true });
});
afterAll(() => t.close());

const bearer = (u: TestUser) => ({ authorization: u.auth.authorization });
const stepUp = (u: TestUser, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/session/step-up/', headers: bearer(u), payload: { password } });
const makeKey = (headers: Record<string, string>, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/resellers/', headers, payload: { name } });

describe('a fresh password before the superuser writes that want it', () => {
  it('marks exactly the writes that hand out powers or money in the contract', () => {
    const marked = Object.entries(API)
      .filter(([, e]) => (e as { stepUp?: true }).stepUp)
      .map(([k]) => k)
      .sort();
    expect(marked).toEqual(
      [
        'DELETE /api/admin/agent-devices/:id/',
        'DELETE /api/admin/resellers/:id/',
        'DELETE /api/admin/webhooks/:id/',
        'PATCH /api/admin/agents/:id/',
        'PATCH /api/admin/promo-codes/:id/',
        'POST /api/admin/agent-accounts/',
        'POST /api/admin/agents/',
        'POST /api/admin/orders/:uniqueId/refund/',
        'POST /api/admin/partners/',
        'POST /api/admin/promo-codes/',
        'POST /api/admin/resellers/',
        'POST /api/admin/second-factor/reset/',
        'PUT /api/admin/agents/:id/code/',
        'POST /api/admin/disruptions/',
        'POST /api/operator/:folder/disruptions/',
        'POST /api/admin/operator-staff/',
        'DELETE /api/admin/operator-staff/:id/',
        'PUT /api/admin/operators/:companySlug/commission/',
        'PUT /api/admin/combos/:packageTag/',
      ].sort(),
    );
  });

  it('refuses a superuser token alone, a made-up, an expired or another person’s proof; nothing is made', async () => {
    const secret = t.app.config.jwtSecret;
    for (const proof of [
      undefined,
      'x',
      `${Math.floor(Date.now() / 1000) + 600}.forged`,
      stepUpProof(secret, superuser.id, Date.now() - 11 * 60_000),
      stepUpProof(secret, other.id),
      stepUpProof('another-secret-of-another-shop-xxxxxxxxxxxxxxxx', superuser.id),
    ]) {
      const res = await makeKey(
        { ...bearer(superuser), ...(proof ? { [STEP_UP_HEADER]: proof } : {}) },
        'Refused key',
      );
      expect(res.statusCode, String(proof)).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'step_up_required',
        error: 'Confirm your password to do this.',
      });
    }
    const agent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agent-accounts/',
      headers: bearer(superuser),
      payload: { agent_name: 'Refused Agent', email: 'refused@agents.example', password: 'pw-refused-1' },
    });
    expect(agent.statusCode).toBe(403);
    expect(await t.db.select().from(resellers).where(eq(resellers.name, 'Refused key'))).toEqual([]);
    expect(
      await t.db.select().from(agentAccounts).where(eq(agentAccounts.email, 'refused@agents.example')),
    ).toEqual([]);
  });

  it('gives a proof for the right password, good for ten minutes, and the write goes through', async () => {
    const wrong = await stepUp(superuser, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect.');
    const ok = await stepUp(superuser, superuser.password);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().expires_in).toBe(600);
    const made = await makeKey(
      { ...bearer(superuser), [STEP_UP_HEADER]: ok.json().step_up },
      'Hotel Roma desk',
    );
    expect(made.statusCode, made.body).toBe(201);
    // An editor can confirm their own password, which opens nothing of a superuser's.
    const editorProof = (await stepUp(editor, editor.password)).json().step_up;
    expect(
      (await makeKey({ ...bearer(editor), [STEP_UP_HEADER]: editorProof }, 'Editor key')).statusCode,
    ).toBe(403);
  });

  it('stops a guesser of the password after 10 tries', async () => {
    const guessed = await createUser(t.app, t.db, { isSuperuser: true });
    for (let i = 0; i < 10; i++) expect((await stepUp(guessed, `guess-${i}`)).statusCode).toBe(400);
    const locked = await stepUp(guessed, guessed.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).not.toContain(guessed.password);
  });

  it('tells every superuser when an OCTO key or an agent account is made', async () => {
    await t.db.delete(mailOutbox);
    const name = 'Notice test key';
    expect((await makeKey(superuser.auth, name)).statusCode).toBe(201);
    const agent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agent-accounts/',
      headers: superuser.auth,
      payload: { agent_name: 'Agent Notice', email: 'notice@agents.example', password: 'pw-notice-1' },
    });
    expect(agent.statusCode, agent.body).toBe(201);
    const mails = await t.db.select().from(mailOutbox);
    const to = (subject: string) =>
      mails
        .filter((m) => m.subject === subject)
        .map((m) => m.to)
        .sort();
    const everySuperuser = expect.arrayContaining([superuser.email, other.email]);
    expect(to(`New OCTO key "${name}"`)).toEqual(everySuperuser);
    expect(to('New agent account for Agent Notice (notice@agents.example)')).toEqual(everySuperuser);
    const one = mails.find((m) => m.to === other.email && m.subject.startsWith('New OCTO key'))!;
    expect(one.text).toContain(`was made by ${superuser.email}`);
    expect(one.text).toContain('(Rome time)');
    expect(one.text).toContain('revoke it');
    // Nobody who is not a superuser hears of it.
    expect(mails.map((m) => m.to)).not.toContain(editor.email);
  });
});
