/**
 * A guest keeps their paid ticket in an account after paying (decision 035): the signed-in account,
 * or one made now with the address the order was bought with. The guest cookie proves the buyer, the
 * sign-in (or the new account's password) the account; from then on the account opens the order and
 * the cookie no longer does.
 */
import { CHECKOUT_MESSAGES, ERROR_CODES } from '@rome/contract';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { limit } from '../../lib/limits';
import { createUser, EmailTakenError, newUserProblem, normalizeEmail } from '../../lib/users';

type KeepInput = { full_name?: string; phone_number?: string; password?: string };

export async function keepGuestOrder(
  db: Db,
  opts: { guestTokenHash: string | null; uniqueId: string; signedInId: string | null; ip: string },
  input: KeepInput,
): Promise<{ kept: true; registered: boolean; email: string }> {
  if (!opts.guestTokenHash || opts.uniqueId.length > 64) throw notFound();
  const [order] = await db
    .select({ id: orders.id, email: orders.guestEmail, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.uniqueId, opts.uniqueId),
        isNull(orders.userId),
        eq(orders.guestTokenHash, opts.guestTokenHash),
      ),
    );
  // Only a paid ticket is worth keeping; a pending one is still the checkout's.
  if (!order?.email || order.status !== 'paid') throw notFound();

  let accountId = opts.signedInId;
  const registered = accountId === null;
  if (accountId === null) {
    const account = {
      fullName: input.full_name ?? '',
      email: order.email,
      phoneNumber: input.phone_number ?? '',
      password: input.password ?? '',
    };
    const problem = newUserProblem(account);
    if (problem) throw new HttpError(400, { error: problem });
    await limit(db, opts.ip, 'registerPerIp');
    await limit(db, normalizeEmail(order.email), 'registerPerEmail');
    try {
      accountId = (await createUser(db, account)).id;
    } catch (err) {
      if (!(err instanceof EmailTakenError)) throw err;
      throw new HttpError(409, { error: CHECKOUT_MESSAGES.guestAccountTaken, code: ERROR_CODES.emailTaken });
    }
  }
  // Moved once: the account opens it from now on, the cookie no longer does.
  await db
    .update(orders)
    .set({ userId: accountId, guestEmail: null, guestTokenHash: null })
    .where(
      and(
        // A combo's parts go with its order (decision 071).
        or(eq(orders.id, order.id), eq(orders.comboOrderId, order.id)),
        isNull(orders.userId),
      ),
    );
  return { kept: true, registered, email: normalizeEmail(order.email) };
}
