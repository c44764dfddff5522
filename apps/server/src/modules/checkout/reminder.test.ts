/**
 * The abandoned checkout's one reminder (decision 065): only to buyers who asked for it, once (also
 * with passes racing), in the order's language, with a link that fills the choice in again; none after
 * paying for the package, for a newer checkout's older one, or before the checkout is an hour old.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { sendCheckoutReminders } from './reminder';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;

// The app's own pass waits a day: the test runs each pass itself, with the checkouts made older.
beforeAll(async () => {
  t = await createTestApp({ checkoutReminderMinutes: 24 * 60 });
  [buyer, other] = await Promise.all([createUser(t.app, t.db), createUser(t.app, t.db)]);
});
afterAll(() => t.close());

const pass = () => sendCheckoutReminders({ db: t.db, publicUrl: 'https://shop.example', afterMinutes: 60 });
const checkout = async (who: TestUser, extra: object = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: who.auth,
    payload: { package_identifier: 'CS-24', adult_count: '2', youth_count: '1', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; url: string };
};
/** Every order of `who` opened `minutes` ago, its hold run out. */
const age = (who: TestUser, minutes: number) =>
  t.db.execute(sql`
    UPDATE orders SET created_at = now() - make_interval(mins => ${minutes}),
      hold_expires_at = now() - make_interval(mins => ${minutes - 15})
    WHERE user_id = ${who.id}`);
/** The reminders (not the ticket e-mails) sent to `email`. */
const mailsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
    /waiting|aspettano/.test(m.subject),
  );

describe('the reminder of an unpaid checkout', () => {
  it('goes once, only when asked for, in the order language, with the choice in its link', async () => {
    const date = (await t.app.inject({ url: '/api/package/E9/CS-24/' })).json().data.dates[0] as string;
    await checkout(other, { date }); // no consent: nothing, ever
    await checkout(buyer, { date, remind_me: 'true', language: 'it' });
    expect(await pass()).toBe(0); // not an hour old yet
    await age(buyer, 90);
    await age(other, 90);
    // Passes racing each other (two instances, a retry): one e-mail.
    const sent = await Promise.all([pass(), pass(), pass()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await pass()).toBe(0);
    expect(await mailsTo(other.email)).toHaveLength(0);
    const [mail] = await mailsTo(buyer.email);
    expect(mail.subject).toMatch(/^I tuoi biglietti ti aspettano: /);
    expect(mail.text).toContain('2 adulti');
    const url = new URL(/https:\/\/shop\.example\S+/.exec(mail.text)![0]);
    expect(url.pathname).toBe('/it/manageBookings/E9/CS-24');
    expect(Object.fromEntries(url.searchParams)).toEqual({ date, adults: '2', youths: '1' });
    expect(mail.html).toContain(url.toString().replaceAll('&', '&amp;'));
  });

  it('is not sent once the buyer paid for the package, nor for a checkout a newer one replaced', async () => {
    const first = await checkout(other, { remind_me: 'true' });
    await age(other, 200);
    const again = await checkout(other, { remind_me: 'true' });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${again.id}/pay/`,
      headers: other.auth,
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await age(other, 120);
    expect(await pass()).toBe(0);
    expect(await mailsTo(other.email)).toHaveLength(0);
    const [row] = await t.db
      .select({ remindedAt: orders.remindedAt })
      .from(orders)
      .where(eq(orders.providerSessionId, first.id));
    expect(row.remindedAt).toBeNull();
  });

  it("takes only 'true' as consent, and refuses a bad field storing nothing", async () => {
    const who = await createUser(t.app, t.db);
    await checkout(who, { remind_me: 'yes' });
    const stored = await t.db
      .select({ consent: orders.reminderConsent })
      .from(orders)
      .where(inArray(orders.userId, [who.id]));
    expect(stored).toEqual([{ consent: false }]);
    const before = (await t.db.select({ n: count() }).from(orders))[0].n;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: who.auth,
      payload: { package_identifier: 'CS-24', adult_count: '1', youth_count: '0', remind_me: 'x'.repeat(50) },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.db.select({ n: count() }).from(orders))[0].n).toBe(before);
    await age(who, 90);
    expect(await pass()).toBe(0);
  });
});
