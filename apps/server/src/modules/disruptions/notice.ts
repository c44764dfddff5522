/**
 * The buyer's words about a closure, in the order's language (decision 024): the prepared text of
 * each reason, the remedies offered, and the one e-mail each affected booking gets (decision 058).
 */
import type { I18n } from '@lingui/core';
import {
  type DisruptionReason,
  type DisruptionRemedy,
  escapeHtml,
  type Locale,
  localizedPath,
  orderReference,
  ticketLinkPath,
} from '@rome/contract';
import { serverI18n } from '../../i18n/catalog';
import type { MailMessage } from '../../mail/outbox';
import { simpleHtml } from '../../mail/templates';
import { visitText } from '../orders/refunds';
import { type OrderRow, orderLocale } from '../orders/state';

/** The prepared text of a reason: what happened to `title` at `when`. */
export function reasonText(i18n: I18n, reason: DisruptionReason, title: string, when: string): string {
  const v = { title, when };
  switch (reason) {
    case 'strike':
      return i18n._('Because of a strike, {title} cannot take place on {when}.', v);
    case 'weather':
      return i18n._('Because of bad weather, {title} cannot take place on {when}.', v);
    case 'authorities':
      return i18n._('The authorities have closed {title} on {when}.', v);
    case 'technical':
      return i18n._('Because of a technical problem, {title} cannot take place on {when}.', v);
    default:
      return i18n._('We have had to close {title} on {when}.', v);
  }
}

/** The prepared text and the superuser's note, as the ticket link page shows them. */
export function disruptionMessage(
  locale: Locale,
  reason: DisruptionReason,
  title: string,
  when: string,
  note: string,
): string {
  const i18n = serverI18n(locale);
  const sorry = i18n._('We are very sorry.');
  return [reasonText(i18n, reason, title, when), sorry, note].filter(Boolean).join(' ');
}

/** The remedies in words, for the e-mail. */
function remedyLine(i18n: I18n, remedy: DisruptionRemedy): string {
  if (remedy === 'refund') return i18n._('your money back in full');
  if (remedy === 'move') return i18n._('another time for the same ticket');
  return i18n._('keep your ticket as an open-dated pass, for any day');
}

export type NoticeInput = {
  to: string;
  order: OrderRow;
  title: string;
  startsAt: Date | null;
  reason: DisruptionReason;
  note: string;
  remedies: DisruptionRemedy[];
  publicUrl: string;
  /** A new ticket link's token for this notice (only its hash is stored). */
  token: string;
};

/** The one e-mail an affected booking gets: what happened, what the buyer may choose, and the link. */
export function disruptionNotice(m: NoticeInput): MailMessage {
  const locale = orderLocale(m.order);
  const i18n = serverI18n(locale);
  const when = visitText(m.startsAt, m.order.selectedDate, locale);
  const url = `${m.publicUrl}${localizedPath(locale, ticketLinkPath(m.token))}`;
  const subject = i18n._('Closed: {title}, {when}', { title: m.title, when });
  const what = disruptionMessage(locale, m.reason, m.title, when, m.note);
  const choose = i18n._('Open your ticket to choose what suits you:');
  const options = m.remedies.map((r) => remedyLine(i18n, r));
  const open = i18n._('Your ticket: {url}', { url });
  const order = i18n._('Order {order}', { order: orderReference(m.order.uniqueId) });
  const text = [what, '', choose, ...options.map((o) => `- ${o}`), '', open, order, ''].join('\n');
  const html = simpleHtml(subject, [
    escapeHtml(what),
    `${escapeHtml(choose)}<br>${options.map((o) => `&bull; ${escapeHtml(o)}`).join('<br>')}`,
    `<a href="${escapeHtml(url)}" style="font-weight:600;color:#7f1d1d">${escapeHtml(i18n._('Open your ticket and choose'))}</a>`,
    escapeHtml(order),
  ]);
  return { to: m.to, subject, text, html };
}
