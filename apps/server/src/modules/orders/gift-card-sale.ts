/**
 * Selling a gift card (decision 053): a `gift_cards` row with its own payment session, paid through the
 * same provider and fulfilment entry as a ticket (`fulfilPaidSession` hands it a session no order has).
 * Paying it draws the link's token, from which the code comes (orders/gift-card.ts); only their hashes
 * are stored, and both leave in the e-mail alone, in the buyer's language.
 */
import type { I18n } from '@lingui/core';
import {
  callPath,
  DEFAULT_LOCALE,
  escapeHtml,
  type FulfilResult,
  formatEuro,
  formatRomeDate,
  giftCardExpiry,
  isLocale,
  type Locale,
  localizedPath,
  pagePath,
  romeParts,
} from '@rome/contract';
import { eq } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { giftCards } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { enqueueMail } from '../../mail/outbox';
import { simpleHtml } from '../../mail/templates';
import { type GiftCardRow, giftCardCodeOf, giftCardKeyOf } from './gift-card';
import { hashLinkToken, newLinkToken } from './ticket-link';

export const giftCardLocale = (card: Pick<GiftCardRow, 'language'>): Locale =>
  isLocale(card.language) ? card.language : DEFAULT_LOCALE;

/** The card's page and its PDF, by the link's token. */
export const giftCardPagePath = (token: string) => pagePath('/gift-card/:token', { token });
export const giftCardPdfPath = (token: string) =>
  `/api/${callPath('GET /api/gift-card-links/:token/pdf/', { token }).path}`;

/** The card's e-mail: the code, amount, expiry (Rome date), and the links to its page and PDF. */
export function giftCardMail(
  i18n: I18n,
  locale: Locale,
  m: { code: string; amountCents: number; expiresAt: Date; pageUrl: string; pdfUrl: string },
) {
  const subject = i18n._('Your gift card of {amount}', { amount: formatEuro(m.amountCents, locale) });
  const lines = [
    i18n._('Thank you for your purchase. Here is your gift card: give it, or spend it yourself.'),
    i18n._('Gift card code: {code}', { code: m.code }),
    i18n._('Value: {amount}. Valid until {date} (Rome time).', {
      amount: formatEuro(m.amountCents, locale),
      date: formatRomeDate(romeParts(m.expiresAt).date, locale),
    }),
    i18n._(
      'Type the code at checkout: the card pays up to its balance and the rest is paid by card. What is left stays on the card.',
    ),
    i18n._('Your card, its balance and a PDF to print: {url}', { url: m.pageUrl }),
    i18n._('Keep the code private: whoever has it can spend the card.'),
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n${m.pdfUrl}\n`,
    html: simpleHtml(subject, [
      ...lines.slice(0, 4).map(escapeHtml),
      `<a href="${escapeHtml(m.pageUrl)}">${escapeHtml(i18n._('Open your gift card'))}</a> &middot; <a href="${escapeHtml(m.pdfUrl)}">${escapeHtml(i18n._('Download the PDF'))}</a>`,
      escapeHtml(lines[5]),
    ]),
  };
}

/**
 * A payment for a gift card's session: the card made active once (under its row lock, however often
 * the payment is delivered), its code's and link's hashes written, its e-mail queued in the same
 * transaction. `unknown_session` when no card has the session either.
 */
export async function fulfilGiftCardSession(
  deps: { db: Db; publicUrl: string; signingSecret?: string },
  sessionId: string,
  paid: { amountCents: number; currency: string | null },
): Promise<FulfilResult> {
  return deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const [card] = await t
      .select()
      .from(giftCards)
      .where(eq(giftCards.providerSessionId, sessionId))
      .for('update');
    if (!card) return 'unknown_session';
    if (card.status === 'active') return 'already_paid';
    if (card.status !== 'pending') return 'order_closed';
    if (paid.amountCents !== card.amountCents || (paid.currency ?? 'eur').toLowerCase() !== card.currency)
      return 'amount_mismatch';
    // The secret keys the code's lookup; every payment path hands the server's.
    if (!deps.signingSecret) throw new Error('A gift card is paid without the server secret.');
    const token = newLinkToken();
    const code = giftCardCodeOf(token);
    const paidAt = new Date();
    const expiresAt = giftCardExpiry(paidAt);
    await t
      .update(giftCards)
      .set({
        status: 'active',
        paidAt,
        amountPaidCents: paid.amountCents,
        expiresAt,
        codeKey: giftCardKeyOf(deps.signingSecret, code),
        codeEnd: code.slice(-4),
        linkTokenHash: hashLinkToken(token),
      })
      .where(eq(giftCards.id, card.id));
    const locale = giftCardLocale(card);
    await enqueueMail(t, {
      to: card.buyerEmail,
      ...giftCardMail(serverI18n(locale), locale, {
        code,
        amountCents: card.amountCents,
        expiresAt,
        pageUrl: `${deps.publicUrl}${localizedPath(locale, giftCardPagePath(token))}`,
        pdfUrl: `${deps.publicUrl}${giftCardPdfPath(token)}`,
      }),
    });
    return 'fulfilled';
  });
}
