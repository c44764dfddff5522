import { ERROR_CODES, isEmail, NEWSLETTER_DUPLICATE_ERROR } from '@rome/contract';
import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';
import { badRequest, HttpError } from '../../lib/errors';

/** Subscribes an address once; the same address in another casing is the same subscriber. */
export async function subscribe(db: Db, rawEmail: unknown): Promise<void> {
  const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
  if (!email) throw badRequest('Email is required.');
  if (!isEmail(email)) throw badRequest('Enter a valid email address.');
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  if (inserted.length === 0)
    throw new HttpError(400, { error: NEWSLETTER_DUPLICATE_ERROR, code: ERROR_CODES.alreadySubscribed });
}
