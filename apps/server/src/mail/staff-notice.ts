/**
 * A notice to every superuser when something that acts for the shop is made: an OCTO key, an agent
 * account (decision 032). A key made with a stolen session or through a page script is then seen by
 * the people who can revoke it, within minutes, not at the next audit.
 */
import { escapeHtml, formatRomeDateTime } from '@rome/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { enqueueMail } from './outbox';
import { simpleHtml } from './templates';

export type StaffNotice = {
  /** What was made, as the subject says it: 'New OCTO key "Hotel Roma"'. */
  what: string;
  /** Who made it (their e-mail). */
  by: string;
  /** What to do if it was not meant. */
  undo: string;
};

/** Queues the notice to each superuser with an account; answers how many were queued. */
export async function tellSuperusers(db: Db, notice: StaffNotice, at = new Date()): Promise<number> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isSuperuser, true), isNull(users.deletedAt)));
  const lines = [
    `${notice.what} was made by ${notice.by} on ${formatRomeDateTime(at)} (Rome time).`,
    `If this was not meant, ${notice.undo}`,
  ];
  for (const { email } of rows) {
    await enqueueMail(db, {
      to: email,
      subject: notice.what,
      text: lines.join('\n\n'),
      html: simpleHtml(notice.what, lines.map(escapeHtml)),
    });
  }
  return rows.length;
}
