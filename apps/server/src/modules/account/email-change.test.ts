import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeUndos, mailOutbox } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { bearer, ip, login, makeUser, tokensFor } from '../auth/testing';

/** Issue #21, item 1: an e-mail change takes the password, tells the old address, can be undone. */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop(); // the notices stay in the outbox, where the test reads the links
});
afterAll(() => t.close());

const update = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile/update/',
    headers: bearer(token),
    payload: payload as any,
  });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(token) });
const undo = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/email-change/undo/',
    payload: { token },
    remoteAddress: ip(),
  });

async function noticeTo(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, '%e-mail address%')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}
const undoTokenIn = (text: string) => /\/undo-email-change#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('PUT /api/profile/update/ with a new e-mail address', () => {
  it('tells the old address in the language of the page the change was made on (issue #20)', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const newEmail = `spostato-${u.id.slice(0, 8)}@example.com`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/update/',
      headers: { ...bearer(access), 'accept-language': 'it' },
      payload: { email: newEmail, phone_number: '3912345678', current_password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mail.subject).toBe('L’indirizzo e-mail del tuo account Rome Bus Tickets è stato cambiato');
    expect(mail.text).toContain(`è stato cambiato da questo indirizzo a ${newEmail}.`);
    expect(undoTokenIn(mail.text)).toBeTruthy();
    // The link keeps its place in the translated sentence.
    expect(mail.html).toMatch(
      /Se non sei stato tu, <a href="[^"]+#token=[\w-]+">annulla la modifica<\/a> entro \d+ giorni/,
    );
  });

  it('refuses without the current password or with a wrong one, changing nothing', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const without = await update(access, { email: 'taker@example.com', phone_number: '3912345678' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      error: 'Enter your current password to change your email address.',
    });
    const wrong = await update(access, {
      email: 'taker@example.com',
      phone_number: '3912345678',
      current_password: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'Current password is incorrect.' });
    expect((await me(access)).json().data.email).toBe(u.email);
    expect(await noticeTo(u.email)).toBeUndefined();
  });

  it("keeps the spec's call working for a phone-only change (no password needed)", async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const res = await update(access, { email: u.email.toUpperCase(), phone_number: '0698765432' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully',
      data: { email: u.email, phone_number: '0698765432' },
    });
    expect(await noticeTo(u.email)).toBeUndefined();
  });

  it('changes with the password, tells the old address with an undo link and ends the other sign-ins only', async () => {
    const u = await makeUser(t.db);
    const here = await tokensFor(t.app, u.email, u.password);
    const elsewhere = await tokensFor(t.app, u.email, u.password);
    const newEmail = `moved-${u.id.slice(0, 8)}@example.com`;
    const res = await update(here.access, {
      email: newEmail,
      phone_number: '3912345678',
      current_password: u.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(newEmail);

    // This sign-in stays; the other one ends at once (its access and its refresh token).
    expect((await me(here.access)).statusCode).toBe(200);
    expect((await me(elsewhere.access)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/api/token/refresh/',
      payload: { refresh: elsewhere.refresh },
    });
    expect(refreshed.statusCode).toBe(401);

    const notice = await noticeTo(u.email);
    expect(notice.text).toContain(newEmail);
    const token = undoTokenIn(notice.text)!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits
    // Stored hashed: the token itself is nowhere in the table.
    const rows = await t.db.select().from(emailChangeUndos).where(eq(emailChangeUndos.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
  });
});

describe('POST /api/profile/email-change/undo/', () => {
  async function changed() {
    const u = await makeUser(t.db);
    const pair = await tokensFor(t.app, u.email, u.password);
    const newEmail = `taken-over-${u.id.slice(0, 8)}@example.com`;
    const res = await update(pair.access, {
      email: newEmail,
      phone_number: '3912345678',
      current_password: u.password,
    });
    expect(res.statusCode).toBe(200);
    return { u, pair, newEmail, token: undoTokenIn((await noticeTo(u.email)).text)! };
  }

  it('restores the old address and signs the account out everywhere; the link works once', async () => {
    const { u, pair, newEmail, token } = await changed();
    const res = await undo(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/previous email address is back/);
    expect((await me(pair.access)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/api/token/refresh/',
          payload: { refresh: pair.refresh },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
    expect((await login(t.app, newEmail, u.password)).statusCode).toBe(401);
    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'This link is invalid, expired or already used.' });
  });

  it('refuses an unknown, an expired link, and a later change’s link after an undo', async () => {
    expect((await undo('x'.repeat(43))).statusCode).toBe(400);
    const a = await changed();
    await t.db
      .update(emailChangeUndos)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeUndos.userId, a.u.id));
    expect((await undo(a.token)).statusCode).toBe(400);

    // The taker moves the address on (a second link goes to their own address), the owner undoes the
    // first change: the taker's link is spent with it.
    const b = await changed();
    const taker = await tokensFor(t.app, b.newEmail, b.u.password);
    const third = `third-${b.u.id.slice(0, 8)}@example.com`;
    expect(
      (
        await update(taker.access, {
          email: third,
          phone_number: '3912345678',
          current_password: b.u.password,
        })
      ).statusCode,
    ).toBe(200);
    const takersLink = undoTokenIn((await noticeTo(b.newEmail)).text)!;
    expect((await undo(b.token)).statusCode).toBe(200);
    expect((await undo(takersLink)).statusCode).toBe(400);
    expect((await login(t.app, b.u.email, b.u.password)).statusCode).toBe(200);
  });

  it('answers 409 when the old address belongs to another account by now, and the link stays unspent', async () => {
    const { u, token } = await changed();
    const newcomer = await makeUser(t.db, { email: u.email });
    expect((await undo(token)).statusCode).toBe(409);
    const [row] = await t.db.select().from(emailChangeUndos).where(eq(emailChangeUndos.userId, u.id));
    expect(row.usedAt).toBeNull();
    expect(newcomer.email).toBe(u.email);
  });
});
