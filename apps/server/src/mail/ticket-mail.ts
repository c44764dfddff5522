/**
 * The ticket e-mail: what the buyer shows at the stop or the museum door. It carries the order
 * reference, the tickets in words, the amount, the visit in Rome time, how the ticket is used (a timed
 * entry, a day, a pass's validity), the QR inline, and a link to the PDF ticket (made when it is opened,
 * not with every e-mail: decision 048). The HTML has the shop's look with inline styles
 * only (mail clients drop style sheets) and a system font stack; the text part says the same.
 */
import type { I18n } from '@lingui/core';
import {
  type ExtraTicket,
  escapeHtml,
  formatEuro,
  type Locale,
  orderReference,
  PRICE_CATEGORY_MESSAGES,
  priceCategory,
} from '@rome/contract';

/**
 * The e-mails speak the order's language (decision 024): `i18n` is the server's Lingui instance of it
 * (i18n/catalog.ts), whose ids are the English texts below (English output unchanged).
 */
export type MailLanguage = { locale: Locale; i18n: I18n };

/** An order's counts: the spec's, and its price categories' lines (decision 070). */
export type TicketCounts = {
  adults: number;
  youths: number;
  infants: number;
  extras?: readonly ExtraTicket[];
};

/**
 * '2 adults, 1 youth' in the mail's language (the contract's ticketCountsText's English), and the price
 * categories after them: '1 adult, 1 × Reduced EU 18-25'.
 */
export function ticketCounts(i18n: I18n, c: TicketCounts): string {
  const parts = [
    c.adults > 0 ? i18n._('{count, plural, one {# adult} other {# adults}}', { count: c.adults }) : '',
    c.youths > 0 ? i18n._('{count, plural, one {# youth} other {# youths}}', { count: c.youths }) : '',
    c.infants > 0
      ? i18n._('{count, plural, one {# child (free)} other {# children (free)}}', { count: c.infants })
      : '',
    ...(c.extras ?? []).map((l) => `${l.count} × ${i18n._(priceCategory(l.key).label)}`),
  ].filter(Boolean);
  return parts.join(', ');
}

/**
 * What the door checks of a ticket's price categories (decision 070), one row per category with a
 * proof: ['Reduced EU 18-25', 'Bring: EU ID card showing age 18-25']. The e-mail, the PDF and the
 * agents' answers print them, so the proof is looked at where the ticket is.
 */
export function proofRows(i18n: I18n, extras: readonly ExtraTicket[] = []): [string, string][] {
  return extras.flatMap((l) => {
    const { label, proof } = priceCategory(l.key);
    return proof ? [[i18n._(label), i18n._(PRICE_CATEGORY_MESSAGES.bring, { proof: i18n._(proof) })]] : [];
  });
}

export type TicketMailInput = {
  title: string;
  uniqueId: string;
  counts: TicketCounts;
  totalCents: number;
  /** 'Thu, 26 Nov 2026, 21:00' (Rome) or 'Thu, 26 Nov 2026', or '' for an open-dated ticket. */
  visit: string;
  /** A timed visit (the slot's Rome time is in `visit`). */
  timed: boolean;
  /** A pass: hours of validity from first use and days to first use. */
  pass: { hours: number | null; validityDays: number | null } | null;
  claimUrl: string;
  historyUrl: string;
  /** The ticket link (/t/{token}): the ticket on the phone, no sign-in (decision 019). */
  linkUrl: string;
  /** The PDF ticket behind the ticket link (/api/ticket-links/{token}/pdf/), made when it is opened (decision 048). */
  pdfUrl: string;
  /**
   * The ticket moved to another time by its holder (decision 067): the e-mail says so and that its QR
   * replaces the old one, and what a cheaper time gives back.
   */
  changed?: { refundCents: number };
  /** The buyer asked for an invoice at checkout (decision 069): it is issued with the payment, on the ticket link. */
  invoice?: boolean;
};

const BRAND = '#7f1d1d';

export const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(label)}</a>`;

/** How the ticket is used, in one sentence. */
export function usageLine(i18n: I18n, m: Pick<TicketMailInput, 'visit' | 'timed' | 'pass'>): string {
  if (m.pass?.hours) {
    const valid = i18n._('Valid {hours} hours from its first use at any stop.', { hours: m.pass.hours });
    return m.pass.validityDays
      ? `${valid} ${i18n._('Use it for the first time within {days} days.', { days: m.pass.validityDays })}`
      : valid;
  }
  if (m.timed) return i18n._('Timed entry: please arrive 15 minutes before your time (Rome time).');
  if (m.visit) return i18n._('Valid on the day shown.');
  return i18n._('Open-dated: valid on any day.');
}

/** Where the invoice asked for at checkout is (decision 069): the ticket link's page offers its downloads. */
const invoiceLine = (i18n: I18n, url: string) =>
  i18n._('You asked for an invoice: download it (PDF and Italian e-invoice) from your ticket page: {url}', {
    url,
  });

export function ticketMail(
  m: TicketMailInput,
  { locale, i18n }: MailLanguage,
): { subject: string; text: string; html: string } {
  const reference = orderReference(m.uniqueId);
  const counts = ticketCounts(i18n, m.counts);
  const total = formatEuro(m.totalCents, locale);
  const usage = usageLine(i18n, m);
  const thanks = m.changed
    ? i18n._(
        'Your ticket is moved to a new time. The QR code in this e-mail replaces the old one, which no longer works.',
      )
    : i18n._('Thank you for your purchase!');
  const refunded =
    m.changed && m.changed.refundCents > 0
      ? i18n._('The new time costs less: {amount} is refunded to you.', {
          amount: formatEuro(m.changed.refundCents, locale),
        })
      : '';
  const rows: [string, string][] = [
    [i18n._('Order reference'), reference],
    ...(m.visit
      ? ([[i18n._('When'), m.timed ? i18n._('{when} (Rome time)', { when: m.visit }) : m.visit]] as [
          string,
          string,
        ][])
      : []),
    [i18n._('Tickets'), counts],
    ...proofRows(i18n, m.counts.extras),
    [i18n._('Total paid'), total],
  ];
  const text = [
    thanks,
    '',
    m.title,
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(refunded ? [refunded] : []),
    '',
    usage,
    i18n._('Show the attached QR code to an agent (ticket link: {url}).', { url: m.claimUrl }),
    i18n._('Your ticket on your phone, no sign-in needed: {url}', { url: m.linkUrl }),
    i18n._('Your PDF ticket, to print or keep: {url}', { url: m.pdfUrl }),
    ...(m.invoice ? [invoiceLine(i18n, m.linkUrl)] : []),
    i18n._('Your tickets are also in your purchase history: {url}', { url: m.historyUrl }),
    '',
    'Rome Bus Tickets',
    '',
  ].join('\n');
  const cell = 'padding:6px 0;font-size:15px;vertical-align:top';
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;padding:0;background:#f5f5f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;padding:24px 0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:18px 24px;color:#ffffff;font-size:20px;font-weight:700">Rome Bus Tickets</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 8px;font-size:15px">${escapeHtml(thanks)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(m.title)}</h1>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse">
${rows.map(([k, v]) => `<tr><td style="${cell};color:#57534e;width:40%">${escapeHtml(k)}</td><td style="${cell};font-weight:600">${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
${refunded ? `<p style="margin:12px 0 0;font-size:15px">${escapeHtml(refunded)}</p>` : ''}
<p style="margin:16px 0 0;padding:12px 14px;background:#fef3c7;border-radius:8px;font-size:15px">${escapeHtml(usage)}</p>
<p style="margin:20px 0 8px;text-align:center"><img src="cid:ticket-qr" alt="${escapeHtml(i18n._('Ticket QR code'))}" width="256" height="256" style="display:inline-block"></p>
<p style="margin:0;text-align:center;font-size:14px;color:#57534e">${escapeHtml(i18n._('Show this QR code to an agent.'))}</p>
<p style="margin:20px 0 0;text-align:center">${button(m.linkUrl, i18n._('Open your ticket on your phone'))}</p>
<p style="margin:8px 0 0;text-align:center;font-size:13px;color:#57534e">${escapeHtml(i18n._('No sign-in needed, and it works without a signal once opened.'))}</p>
<p style="margin:8px 0 0;text-align:center;font-size:14px"><a href="${escapeHtml(m.pdfUrl)}" style="color:${BRAND};font-weight:600">${escapeHtml(i18n._('Download the PDF ticket'))}</a></p>
${m.invoice ? `<p style="margin:8px 0 0;text-align:center;font-size:14px">${escapeHtml(invoiceLine(i18n, m.linkUrl))}</p>` : ''}
<p style="margin:16px 0 0;text-align:center;font-size:14px"><a href="${escapeHtml(m.historyUrl)}" style="color:${BRAND};font-weight:600">${escapeHtml(i18n._('Your purchase history'))}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  const subject = m.changed
    ? i18n._('Your ticket has a new time: {title}', { title: m.title })
    : i18n._('Your ticket: {title}', { title: m.title });
  return { subject, text, html };
}

/** One ticket of a links e-mail: what it is and its (new) link. */
export type TicketLinkLine = { title: string; reference: string; when: string; tickets: string; url: string };

/**
 * The ticket links again: a re-send from the purchase history (one ticket) or 'Find my tickets'
 * (every paid ticket of the address). Each link is new; the ones sent before keep working unless the
 * buyer ended them (`ended`, decision 042). In `language` (decision 024): the caller picks the order's,
 * or the newest order's for several.
 */
export function ticketLinksMail(
  lines: TicketLinkLine[],
  why: 'resend' | 'find',
  { locale, i18n }: MailLanguage,
  ended = false,
): { subject: string; text: string; html: string } {
  const intro =
    why === 'find'
      ? i18n._('Somebody (we hope you) asked for the tickets bought with this e-mail address. Here they are:')
      : i18n._('Here is your ticket again, with a new link:');
  const note = ended
    ? i18n._('Links sent before this e-mail no longer open. If you did not ask for this, you can ignore it.')
    : i18n._(
        'Links sent or forwarded before this e-mail keep working. If you did not ask for this, you can ignore it.',
      );
  const describe = (l: TicketLinkLine) =>
    [
      l.when ? i18n._('{when} (Rome time)', { when: l.when }) : i18n._('Open-dated'),
      l.tickets,
      i18n._('order {reference}', { reference: l.reference }),
    ].join(' · ');
  const text = [
    intro,
    '',
    ...lines.flatMap((l) => [l.title, describe(l), l.url, '']),
    note,
    '',
    'Rome Bus Tickets',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;overflow:hidden">
<div style="background:${BRAND};padding:18px 24px;color:#ffffff;font-size:20px;font-weight:700">Rome Bus Tickets</div>
<div style="padding:24px">
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>
${lines
  .map(
    (l) => `<div style="margin:0 0 16px;padding:14px;border:1px solid #e7e5e4;border-radius:10px">
<p style="margin:0;font-size:17px;font-weight:700">${escapeHtml(l.title)}</p>
<p style="margin:4px 0 12px;font-size:14px;color:#57534e">${escapeHtml(describe(l))}</p>
${button(l.url, i18n._('Open your ticket'))}
</div>`,
  )
  .join('\n')}
<p style="margin:16px 0 0;font-size:13px;color:#57534e">${escapeHtml(note)}</p>
</div></div></body></html>`;
  return {
    subject:
      lines.length === 1
        ? i18n._('Your ticket link: {title}', { title: lines[0].title })
        : i18n._('Your ticket links'),
    text,
    html,
  };
}

/**
 * 'Find my tickets', first step: a link to the address that asks for new links. Only the address's
 * owner can end the links sent before (a stranger who knows the address gets this e-mail sent, and
 * nothing else happens). The link is good for an hour.
 */
export function findTicketsConfirmMail(
  url: string,
  { locale, i18n }: MailLanguage,
): { subject: string; text: string; html: string } {
  const subject = i18n._('Your ticket links: one step left');
  const intro = i18n._(
    'Somebody (we hope you) asked for the links of the tickets bought with this e-mail address. Open this link within an hour to get them: each ticket gets a new link, and you may end the links sent before.',
  );
  const label = i18n._('Get my ticket links');
  const ignore = i18n._(
    'If you did not ask for this, you can ignore this e-mail: your tickets and their links stay as they are.',
  );
  const text = [intro, '', url, '', ignore, '', 'Rome Bus Tickets', ''].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;overflow:hidden">
<div style="background:${BRAND};padding:18px 24px;color:#ffffff;font-size:20px;font-weight:700">Rome Bus Tickets</div>
<div style="padding:24px">
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>
${button(url, label)}
<p style="margin:16px 0 0;font-size:13px;color:#57534e">${escapeHtml(ignore)}</p>
</div></div></body></html>`;
  return { subject, text, html };
}

/**
 * The one reminder of an unpaid checkout, sent only to a buyer who asked for it at checkout (decision
 * 065): what they chose, and a link to the ticket page with that choice filled in again.
 */
export function checkoutReminderMail(
  choice: { title: string; when: string | null; tickets: string; url: string },
  { locale, i18n }: MailLanguage,
): { subject: string; text: string; html: string } {
  const intro = i18n._('You chose these tickets but did not finish paying:');
  const again = i18n._(
    'Your choice is saved in the link below. Places and prices are those of the moment you open it.',
  );
  const once = i18n._('You get this e-mail once, because you asked for a reminder at checkout.');
  const line = [
    choice.when ? i18n._('{when} (Rome time)', { when: choice.when }) : i18n._('Open-dated'),
    choice.tickets,
  ].join(' · ');
  const text = [intro, '', choice.title, line, choice.url, '', again, once, '', 'Rome Bus Tickets', ''].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;overflow:hidden">
<div style="background:${BRAND};padding:18px 24px;color:#ffffff;font-size:20px;font-weight:700">Rome Bus Tickets</div>
<div style="padding:24px">
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>
<div style="margin:0 0 16px;padding:14px;border:1px solid #e7e5e4;border-radius:10px">
<p style="margin:0;font-size:17px;font-weight:700">${escapeHtml(choice.title)}</p>
<p style="margin:4px 0 12px;font-size:14px;color:#57534e">${escapeHtml(line)}</p>
${button(choice.url, i18n._('Finish your booking'))}
</div>
<p style="margin:16px 0 0;font-size:13px;color:#57534e">${escapeHtml(again)} ${escapeHtml(once)}</p>
</div></div></body></html>`;
  return { subject: i18n._('Your tickets are waiting: {title}', { title: choice.title }), text, html };
}
