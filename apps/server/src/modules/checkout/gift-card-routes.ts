/**
 * Gift cards' calls (decisions 053, 054, contract gift-card.api.ts): buying a card, its balance by its
 * code (the checkout shows it), its page and PDF by its e-mail link, the superusers' list.
 */
import { centsToDecimal, ERROR_CODES, GIFT_CARD_MESSAGES, localizedPath } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/contract-route';
import { HttpError } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import { publicUrlFor } from '../../lib/public-url';
import { findGiftCard, giftCardBalance, giftCardCodeOf } from '../orders/gift-card';
import { giftCardLocale, giftCardPagePath } from '../orders/gift-card-sale';
import { keepGuestToken } from '../orders/guest';
import { holdAddressOf } from '../orders/hold-limits';
import { refuseLinkMiss } from '../orders/ticket-link';
import { giftCardPdf } from '../orders/ticket-pdf';
import { buyGiftCard, giftCardByToken, giftCardReport, giftCardTotals, giftCardView } from './gift-cards';

export const giftCardRoutes: FastifyPluginAsync = async (app) => {
  const addressOf = (req: FastifyRequest) => holdAddressOf(app.config.jwtSecret, req.ip ?? 'unknown');

  route(app, 'POST /api/gift-cards/', async (req, reply) => {
    const guestTokenHash = keepGuestToken(req, reply);
    return buyGiftCard(
      {
        db: app.db,
        provider: app.payments,
        publicUrl: publicUrlFor(app.config, req),
        guestCheckoutsPerAddress: app.config.guestCheckoutsPerAddress,
      },
      { userId: null, guestTokenHash, holdAddress: addressOf(req) },
      req.body,
    );
  });

  route(app, 'POST /api/gift-cards/check/', async (req) => {
    const now = new Date();
    const card = await findGiftCard(app.db, {
      code: req.body.gift_card_code,
      secret: app.config.jwtSecret,
      address: addressOf(req),
      now,
    });
    const balance = await giftCardBalance(app.db, card, now);
    if (balance <= 0)
      throw new HttpError(400, { error: GIFT_CARD_MESSAGES.empty, code: ERROR_CODES.giftCardSpent });
    return {
      gift_card_code: normalizedGroups(req.body.gift_card_code),
      balance: centsToDecimal(balance),
      expires_at: card.expiresAt!.toISOString(),
    };
  });

  /** A bearer link's answers: never cached by others, never in a Referer (as ticket links, decision 019). */
  const openLink = async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    const card = await giftCardByToken(app.db, req.params.token);
    if (card) return card;
    return refuseLinkMiss(app.db, limitAddress(req.ip), GIFT_CARD_MESSAGES.notFound);
  };

  route(app, 'GET /api/gift-card-links/:token/', async (req, reply) => {
    const card = await openLink(req, reply);
    return giftCardView(app.db, card, giftCardCodeOf(req.params.token));
  });

  route(app, 'GET /api/gift-card-links/:token/pdf/', async (req, reply) => {
    const card = await openLink(req, reply);
    const locale = giftCardLocale(card);
    const code = giftCardCodeOf(req.params.token);
    const pdf = await giftCardPdf({
      locale,
      code,
      amountCents: card.amountCents,
      balanceCents: Math.max(0, await giftCardBalance(app.db, card, new Date())),
      expiresAt: card.expiresAt,
      pageUrl: `${publicUrlFor(app.config, req)}${localizedPath(locale, giftCardPagePath(req.params.token))}`,
    });
    return (reply as FastifyReply)
      .header('content-disposition', `attachment; filename="gift-card-${code.slice(-4)}.pdf"`)
      .type('application/pdf')
      .send(pdf);
  });

  route(app, 'GET /api/admin/gift-cards/', async () => ({
    gift_cards: await giftCardReport(app.db),
    totals: await giftCardTotals(app.db),
  }));
};

/** A typed code as the shop writes it: upper case in groups of four. */
const normalizedGroups = (code: string): string =>
  (
    code
      .toUpperCase()
      .replace(/[\s\-_]/g, '')
      .match(/.{1,4}/g) ?? []
  ).join('-');
