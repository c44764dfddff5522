/**
 * Gift cards (decisions 053, 054): buying one (a hosted payment session for its amount), the card's
 * page by its link (code, balance, expiry, history), and the superusers' list. The card's part of an
 * order and its balance are the order core's (orders/gift-card.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  centsToDecimal,
  DEFAULT_LOCALE,
  decimalToCents,
  type GiftCardAdmin,
  type GiftCardBuy,
  type GiftCardMove,
  type GiftCardTotals,
  type GiftCardView,
  giftCardAmountRefusal,
  localizedPath,
  orderReference,
  pagePath,
} from '@rome/contract';
import { desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCards, orders } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { badRequest, HttpError } from '../../lib/errors';
import type { PaymentProvider } from '../../payments/provider';
import { type GiftCardRow, giftCardBalance, spendsGiftCard } from '../orders/gift-card';
import { hashLinkToken, looksLikeLinkToken } from '../orders/ticket-link';
import { CHECKOUT_TTL_MS, countGuestCheckout } from './service';

/** Where the payment sends the buyer back: the gift card page, told it was bought (or not). */
export const giftCardReturnPath = (outcome: 'bought' | 'cancelled') =>
  `${pagePath('/gift-cards')}?${outcome}=1`;

/**
 * Opens a hosted payment for a new card of `input.amount` (a fixed one or chosen within the limits),
 * counted with the address's guest checkouts: the card is a pending row until it is paid.
 */
export async function buyGiftCard(
  deps: { db: Db; provider: PaymentProvider; publicUrl: string; guestCheckoutsPerAddress: number },
  buyer: { userId: string | null; guestTokenHash: string; holdAddress: string },
  input: GiftCardBuy,
): Promise<{ id: string; url: string }> {
  await countGuestCheckout(deps.db, buyer.holdAddress, deps.guestCheckoutsPerAddress);
  const amountCents = decimalToCents(input.amount);
  const refused = giftCardAmountRefusal(amountCents);
  if (refused || amountCents === null) throw badRequest(refused ?? '');
  const language = input.language ?? DEFAULT_LOCALE;
  const i18n = serverI18n(language);
  let session: { id: string; url: string };
  try {
    session = await deps.provider.createSession({
      orderUniqueId: `gift-${randomBytes(12).toString('base64url')}`,
      currency: 'eur',
      lines: [{ name: i18n._('Rome Bus Tickets gift card'), unitAmountCents: amountCents, quantity: 1 }],
      customerEmail: input.email,
      successUrl: `${deps.publicUrl}${localizedPath(language, giftCardReturnPath('bought'))}`,
      cancelUrl: `${deps.publicUrl}${localizedPath(language, giftCardReturnPath('cancelled'))}`,
      locale: language,
      expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
      idempotencyKey: `gift-card-${randomBytes(12).toString('base64url')}`,
    });
  } catch {
    throw new HttpError(503, { error: CHECKOUT_MESSAGES.paymentUnavailable, retry_after: 30 });
  }
  await deps.db.insert(giftCards).values({
    amountCents,
    buyerEmail: input.email,
    userId: buyer.userId,
    guestTokenHash: buyer.guestTokenHash,
    language,
    provider: deps.provider.name,
    providerSessionId: session.id,
  });
  return session;
}

/** The card a link's token opens (paid ones only), or undefined. */
export async function giftCardByToken(db: Db, token: string): Promise<GiftCardRow | undefined> {
  if (!looksLikeLinkToken(token)) return undefined;
  const [card] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.linkTokenHash, hashLinkToken(token)));
  return card?.status === 'active' ? card : undefined;
}

type HistoryLine = { kind: GiftCardMove; amount: string; at: string; order: string | null };

/** Each card's history, newest first: bought, then each order's part (spent or held) and its return. */
async function histories(db: Db, cards: GiftCardRow[], now: Date): Promise<Map<string, HistoryLine[]>> {
  const ids = cards.map((c) => c.id);
  const rows = ids.length
    ? await db
        .select({
          giftCardId: orders.giftCardId,
          uniqueId: orders.uniqueId,
          status: orders.status,
          cents: orders.giftCardCents,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          refundedAt: orders.refundedAt,
          holdExpiresAt: orders.holdExpiresAt,
        })
        .from(orders)
        .where(inArray(orders.giftCardId, ids))
    : [];
  const out = new Map<string, HistoryLine[]>();
  for (const c of cards) {
    out.set(
      c.id,
      c.paidAt
        ? [{ kind: 'bought', amount: centsToDecimal(c.amountCents), at: c.paidAt.toISOString(), order: null }]
        : [],
    );
  }
  for (const r of rows) {
    const lines = out.get(r.giftCardId!)!;
    const order = orderReference(r.uniqueId);
    const amount = centsToDecimal(r.cents);
    if (r.status === 'pending') {
      // An unpaid checkout holds its part until its hold runs out; after that it is no line at all.
      if (r.holdExpiresAt && r.holdExpiresAt > now)
        lines.push({ kind: 'held', amount, at: r.createdAt.toISOString(), order });
      continue;
    }
    if (!r.paidAt) continue;
    lines.push({ kind: 'spent', amount, at: r.paidAt.toISOString(), order });
    if (r.status === 'refunded' && r.refundedAt)
      lines.push({ kind: 'returned', amount, at: r.refundedAt.toISOString(), order });
  }
  for (const lines of out.values()) lines.sort((a, b) => b.at.localeCompare(a.at));
  return out;
}

/** The card's page: its code (drawn from the link's token), balance, expiry and history. */
export async function giftCardView(
  db: Db,
  card: GiftCardRow,
  code: string,
  now = new Date(),
): Promise<GiftCardView> {
  const history = (await histories(db, [card], now)).get(card.id) ?? [];
  return {
    code,
    status: card.status,
    amount: centsToDecimal(card.amountCents),
    balance: centsToDecimal(Math.max(0, await giftCardBalance(db, card, now))),
    expires_at: card.expiresAt?.toISOString() ?? null,
    expired: card.expiresAt !== null && card.expiresAt <= now,
    history,
  };
}

/** The analytics' figures of all cards paid for (the list shows the newest 500). */
export async function giftCardTotals(db: Db, now = new Date()): Promise<GiftCardTotals> {
  const [sold] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${giftCards.amountCents}), 0)::bigint`.mapWith(Number),
      expiredAmount:
        sql<number>`coalesce(sum(${giftCards.amountCents}) FILTER (WHERE ${giftCards.expiresAt} <= ${now}), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(giftCards)
    .where(isNotNull(giftCards.paidAt));
  const [spent] = await db
    .select({
      redeemed:
        sql<number>`coalesce(sum(${orders.giftCardCents}) FILTER (WHERE ${orders.status} IN ('paid', 'amount_mismatch')), 0)::bigint`.mapWith(
          Number,
        ),
      held: sql<number>`coalesce(sum(${orders.giftCardCents}) FILTER (WHERE ${orders.status} = 'pending' AND ${spendsGiftCard(now)}), 0)::bigint`.mapWith(
        Number,
      ),
      expiredSpent:
        sql<number>`coalesce(sum(${orders.giftCardCents}) FILTER (WHERE ${spendsGiftCard(now)} AND ${giftCards.expiresAt} <= ${now}), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .innerJoin(giftCards, eq(giftCards.id, orders.giftCardId));
  const expired = sold.expiredAmount - spent.expiredSpent;
  return {
    cards_sold: sold.count,
    sold: centsToDecimal(sold.amount),
    redeemed: centsToDecimal(spent.redeemed),
    held: centsToDecimal(spent.held),
    outstanding: centsToDecimal(sold.amount - spent.redeemed - spent.held - expired),
    expired: centsToDecimal(expired),
  };
}

/** Every card for superusers, newest first: balance, what unpaid checkouts hold, uses, history. */
export async function giftCardReport(db: Db, now = new Date()): Promise<GiftCardAdmin[]> {
  const cards = await db
    .select()
    .from(giftCards)
    .where(isNotNull(giftCards.paidAt))
    .orderBy(desc(giftCards.createdAt))
    .limit(500);
  const all = await histories(db, cards, now);
  return Promise.all(
    cards.map(async (c) => {
      const history = all.get(c.id) ?? [];
      const held = history
        .filter((h) => h.kind === 'held')
        .reduce((n, h) => n + (decimalToCents(h.amount) ?? 0), 0);
      return {
        id: c.id,
        code_end: c.codeEnd,
        status: c.status,
        buyer_email: c.buyerEmail,
        amount: centsToDecimal(c.amountCents),
        balance: centsToDecimal(Math.max(0, await giftCardBalance(db, c, now))),
        held: centsToDecimal(held),
        uses: history.filter((h) => h.kind === 'spent').length,
        created_at: c.createdAt.toISOString(),
        paid_at: c.paidAt?.toISOString() ?? null,
        expires_at: c.expiresAt?.toISOString() ?? null,
        history,
      };
    }),
  );
}
