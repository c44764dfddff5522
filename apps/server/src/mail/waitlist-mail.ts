/**
 * The waiting list's e-mails (decision 063), in the language of the page the visitor joined from: the
 * confirmation of a join (with the link to leave) and the offer of places held for a while (with the
 * link that opens checkout with them, and the link to leave). No double opt-in: a stranger who joins
 * someone's address sends them this e-mail and nothing more, and its link takes the address off.
 */
import { escapeHtml, PRODUCT_NAME } from '@rome/contract';
import { button, type MailLanguage } from './ticket-mail';

/** The visit the e-mail is about: the ticket's title and its time in Rome, as the reader reads them. */
export type WaitlistVisit = { title: string; when: string; places: number; leaveUrl: string };

function layout(
  locale: string,
  paragraphs: string[],
  action: { url: string; label: string } | null,
  footer: string,
): string {
  return `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;overflow:hidden">
<div style="background:#7f1d1d;padding:18px 24px;color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(PRODUCT_NAME)}</div>
<div style="padding:24px">
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:15px">${escapeHtml(p)}</p>`).join('\n')}
${action ? button(action.url, action.label) : ''}
<p style="margin:16px 0 0;font-size:13px;color:#57534e">${footer}</p>
</div></div></body></html>`;
}

const leaveFooter = (i18n: MailLanguage['i18n'], url: string) =>
  `${escapeHtml(i18n._('Not interested any more?'))} <a href="${escapeHtml(url)}" style="color:#7f1d1d">${escapeHtml(i18n._('Leave the waiting list'))}</a>`;

/** 'Colosseum, 7 Dec 2026, 09:30: 2 places'. */
const visitLine = (v: WaitlistVisit, i18n: MailLanguage['i18n']) =>
  i18n._('{title}, {when}: {places, plural, one {# place} other {# places}}', {
    title: v.title,
    when: v.when,
    places: v.places,
  });

/** 'You are on the waiting list': what, when, how many, and the link to leave. */
export function waitlistJoinedMail(
  v: WaitlistVisit,
  { locale, i18n }: MailLanguage,
): { subject: string; text: string; html: string } {
  const subject = i18n._('You are on the waiting list: {title}', { title: v.title });
  const what = visitLine(v, i18n);
  const how = i18n._(
    'This time is sold out. When places come back, the first in line whose number fits gets them held for a while, with a link to pay. We will e-mail you then.',
  );
  const leave = i18n._('Not interested any more? Leave the waiting list: {url}', { url: v.leaveUrl });
  const text = [what, '', how, '', leave, '', PRODUCT_NAME, ''].join('\n');
  return { subject, text, html: layout(locale, [what, how], null, leaveFooter(i18n, v.leaveUrl)) };
}

/** 'Places are held for you until ...': the link to pay, the time it runs out, the link to leave. */
export function waitlistOfferMail(
  v: WaitlistVisit & { offerUrl: string; until: string },
  { locale, i18n }: MailLanguage,
): { subject: string; text: string; html: string } {
  const subject = i18n._('Places are free for you: {title}', { title: v.title });
  const what = visitLine(v, i18n);
  const held = i18n._(
    'Places came back and your turn has come: they are held for you until {until} (Rome time). Open the link to pay; after that time they go to the next in line.',
    { until: v.until },
  );
  const label = i18n._('Book my places');
  const leave = i18n._('Not interested any more? Leave the waiting list: {url}', { url: v.leaveUrl });
  const text = [what, '', held, '', `${label}: ${v.offerUrl}`, '', leave, '', PRODUCT_NAME, ''].join('\n');
  return {
    subject,
    text,
    html: layout(locale, [what, held], { url: v.offerUrl, label }, leaveFooter(i18n, v.leaveUrl)),
  };
}
