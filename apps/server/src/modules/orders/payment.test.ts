/**
 * The usual payment in one statement (issue #22, `fulfilAtOnce`): read without a lock, then the
 * order's move and everything that belongs to it written together or not at all (`ifMovedSql`,
 * `whenMoved`).
 * Proven where it matters: many deliveries of one payment at once still give one ticket, one e-mail
 * and one QR text (on PostgreSQL the deliveries really race: api-postgres runs this file too), and a
 * move that finds the order already moved writes nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, ticketQrSources } from '../../db/schema';
import { ifMovedSql, whenMoved } from '../../db/write-together';
import { outboxInsert } from '../../mail/outbox';
import { apiCaller } from '../../test/api';
import { openCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { orderMove } from './state';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
const api = apiCaller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
  buyer = await createUser(t.app, t.db, { name: 'Fiona Fulfil' });
});
afterAll(() => t.close());

const checkout = () => openCheckout(t.app, buyer);

const orderOf = async (session: string) =>
  (await t.db.select().from(orders).where(eq(orders.providerSessionId, session)))[0];

describe('paying in one statement', () => {
  it('ten Pays of one checkout at once: one paid order, one ticket e-mail, one QR text', async () => {
    const session = await checkout();
    const mailsBefore = (await t.db.select({ n: count() }).from(mailOutbox))[0].n;
    const sourcesBefore = (await t.db.select({ n: count() }).from(ticketQrSources))[0].n;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', `/api/test-checkout/${session}/pay/`, buyer)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const results = answers.map((a) => a.json().result).sort();
    expect(results.filter((r) => r === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_paid')).toHaveLength(9);

    const order = await orderOf(session);
    expect(order.status).toBe('paid');
    expect(order.amountPaidCents).toBe(order.totalCents);
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0].n).toBe(mailsBefore + 1);
    expect((await t.db.select({ n: count() }).from(ticketQrSources))[0].n).toBe(sourcesBefore + 1);
    const [source] = await t.db
      .select()
      .from(ticketQrSources)
      .where(eq(ticketQrSources.fileKey, order.qrFileKey!));
    expect(source.qrText).toContain('/verify/');
  });

  it('a move that finds the order already moved writes nothing with it and answers false', async () => {
    const session = await checkout();
    const pending = await orderOf(session);
    // Someone else closes it first.
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, pending.id));
    const mailsBefore = (await t.db.select({ n: count() }).from(mailOutbox))[0].n;
    const moved = await whenMoved(
      t.db.execute(
        ifMovedSql(
          orderMove(t.db, pending, 'pay', { amountPaidCents: pending.totalCents }).returning({
            id: orders.id,
          }),
          outboxInsert(t.db, { to: buyer.email, subject: 'Your ticket', text: 'should not be stored' }),
        ),
      ),
    );
    expect(moved).toBe(false);
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0].n).toBe(mailsBefore);
    expect((await orderOf(session)).status).toBe('cancelled');

    // From the state it was read in, the same statement does all of it.
    const fresh = await checkout();
    const open = await orderOf(fresh);
    expect(
      await whenMoved(
        t.db.execute(
          ifMovedSql(
            orderMove(t.db, open, 'pay', { amountPaidCents: open.totalCents }).returning({ id: orders.id }),
            outboxInsert(t.db, { to: buyer.email, subject: 'Your ticket', text: 'stored with the move' }),
          ),
        ),
      ),
    ).toBe(true);
    expect((await orderOf(fresh)).status).toBe('paid');
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0].n).toBe(mailsBefore + 1);
  });
});
