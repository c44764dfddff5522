/**
 * The abandoned checkout's one reminder (decision 065). A buyer who ticks 'remind me' at checkout and
 * does not pay gets one e-mail, CHECKOUT_REMINDER_MINUTES after the checkout opened (within three
 * days), in the order's language, with a link to the ticket page that fills their choice in again.
 * None when they paid for the package since, opened a newer checkout of it, or a reseller booked it.
 *
 * Every instance runs the pass; an order is marked reminded and its e-mail stored in one transaction,
 * the rows taken with `FOR UPDATE SKIP LOCKED`, so two instances or a retry never send it twice.
 */
import { bookingPath, formatRomeDate, type Locale, localizedPath, TICKET_FRAME_FIELDS } from '@rome/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, txDb } from '../../db/client';
import { serverI18n } from '../../i18n/catalog';
import { repeatEvery } from '../../lib/timing';
import { outboxInsert } from '../../mail/outbox';
import { checkoutReminderMail, ticketCounts } from '../../mail/ticket-mail';

/** Older checkouts are not reminded of: a week-old choice is no longer the buyer's plan. */
const WITHIN_DAYS = 3;
const PER_PASS = 50;

const rowsOf = (result: any): any[] => result.rows ?? result;

export type ReminderDeps = { db: Db; publicUrl: string; afterMinutes: number; log?: FastifyBaseLogger };

/** Marks the due checkouts reminded and stores their e-mails; answers how many. */
export async function sendCheckoutReminders(deps: ReminderDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const due = rowsOf(
      await t.execute(sql`
        UPDATE orders o SET reminded_at = now()
        FROM packages p
        WHERE p.id = o.package_id AND o.id IN (
          SELECT c.id FROM orders c
          WHERE c.reminder_consent AND c.reminded_at IS NULL
            AND c.status IN ('pending', 'expired') AND c.reseller_id IS NULL
            AND c.created_at <= now() - make_interval(secs => ${deps.afterMinutes * 60})
            AND c.created_at > now() - make_interval(days => ${WITHIN_DAYS})
            AND (c.hold_expires_at IS NULL OR c.hold_expires_at <= now())
            AND NOT EXISTS (
              SELECT 1 FROM orders n
              WHERE n.package_id = c.package_id AND n.id <> c.id AND n.created_at >= c.created_at
                AND n.status IN ('pending', 'paid', 'refunded', 'amount_mismatch')
                AND ((c.user_id IS NOT NULL AND n.user_id = c.user_id)
                  OR (c.guest_email IS NOT NULL AND lower(n.guest_email) = lower(c.guest_email))))
          ORDER BY c.created_at
          LIMIT ${PER_PASS}
          FOR UPDATE SKIP LOCKED)
        RETURNING o.id, o.language, o.selected_date, o.adult_count, o.youth_count, o.infant_count,
          p.package_tag, p.duration,
          coalesce((SELECT pt.title FROM package_translations pt
                    WHERE pt.package_id = p.id AND pt.language = o.language), p.title) AS title,
          coalesce(o.guest_email, (SELECT u.email FROM users u WHERE u.id = o.user_id)) AS email`),
    );
    for (const r of due) {
      // An account erased since (GDPR) has no address left: marked, nothing sent.
      if (!r.email) continue;
      const locale = r.language as Locale;
      const i18n = serverI18n(locale);
      const query = new URLSearchParams({
        ...(r.selected_date ? { [TICKET_FRAME_FIELDS.date]: String(r.selected_date).slice(0, 10) } : {}),
        [TICKET_FRAME_FIELDS.adults]: String(r.adult_count),
        [TICKET_FRAME_FIELDS.youths]: String(r.youth_count),
      });
      const path = localizedPath(locale, bookingPath({ package_tag: r.package_tag, duration: r.duration }));
      const mail = checkoutReminderMail(
        {
          title: r.title,
          when: r.selected_date ? formatRomeDate(String(r.selected_date).slice(0, 10), locale) : null,
          tickets: ticketCounts(i18n, {
            adults: Number(r.adult_count),
            youths: Number(r.youth_count),
            infants: Number(r.infant_count),
          }),
          url: `${deps.publicUrl}${path}?${query}`,
        },
        { locale, i18n },
      );
      await outboxInsert(t, { to: r.email, ...mail });
    }
    return due.length;
  });
}

/** The shop's own pass, every `everyMs` (the mail sender's own loop sends what it stored). */
export function startCheckoutReminders(deps: ReminderDeps, everyMs: number): { stop(): Promise<void> } {
  return repeatEvery(everyMs, () =>
    sendCheckoutReminders(deps).catch((err) =>
      deps.log?.warn({ err: (err as Error).message }, 'checkout reminders failed'),
    ),
  );
}
