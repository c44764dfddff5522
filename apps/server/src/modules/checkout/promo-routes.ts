/**
 * Promo codes' calls (decision 050, contract promo.api.ts): the ticket page's check of a code, and
 * the superusers' codes with their uses, revenue and discount given (the analytics dashboard).
 */
import { randomBytes } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  centsToDecimal,
  DEFAULT_LOCALE,
  decimalToCents,
  makePromoCode,
  normalizePromoCode,
  type PromoCodeInfo,
  romeToday,
  validateCheckout,
} from '@rome/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { folders, orders, packages, promoCodes } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, notFound } from '../../lib/errors';
import { categoryPricesOf } from '../orders/hold';
import { holdAddressOf } from '../orders/hold-limits';
import { type PromoRow, pricePromo, refuseUsedUp, spendsPromoUse } from '../orders/promo';
import { soldColumns } from './sales-columns';

/** Each code with what it did: uses (paid, refunded included), held now, refunded, revenue kept, discount given. */
export async function promoReport(db: Db, now = new Date(), id?: string): Promise<PromoCodeInfo[]> {
  const { sold, refunded, revenue } = soldColumns();
  const rows = await db
    .select({
      promo: promoCodes,
      packageTag: packages.packageTag,
      operator: folders.companySlug,
      uses: sold,
      held: sql<number>`count(${orders.id}) FILTER (WHERE ${orders.status} = 'pending' AND ${spendsPromoUse(now)})::int`.mapWith(
        Number,
      ),
      refunded,
      revenue,
      discount:
        sql<number>`coalesce(sum(${orders.discountCents}) FILTER (WHERE ${orders.status} = 'paid'), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(promoCodes)
    .leftJoin(packages, eq(packages.id, promoCodes.packageId))
    .leftJoin(folders, eq(folders.id, promoCodes.folderId))
    .leftJoin(orders, eq(orders.promoCodeId, promoCodes.id))
    .where(id ? eq(promoCodes.id, id) : undefined)
    .groupBy(promoCodes.id, packages.packageTag, folders.companySlug)
    .orderBy(desc(promoCodes.createdAt));
  return rows.map((r) => promoInfo(r.promo, r));
}

function promoInfo(
  p: PromoRow,
  r: {
    packageTag: string | null;
    operator: string | null;
    uses: number;
    held: number;
    refunded: number;
    revenue: number;
    discount: number;
  },
): PromoCodeInfo {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    value: p.kind === 'percent' ? String(p.value) : centsToDecimal(p.value),
    scope: p.scope,
    package_tag: r.packageTag,
    operator: r.operator,
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    max_uses: p.maxUses,
    max_uses_per_customer: p.maxUsesPerCustomer,
    min_basket: p.minBasketCents === null ? null : centsToDecimal(p.minBasketCents),
    active: p.active,
    created_at: p.createdAt.toISOString(),
    uses: r.uses,
    held: r.held,
    refunded: r.refunded,
    revenue: centsToDecimal(r.revenue),
    discount_given: centsToDecimal(r.discount),
  };
}

export const promoRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'POST /api/promo-codes/check/', async (req) => {
    const body = req.body;
    const [found] = await app.db
      .select({ pkg: packages, categoryPrices: categoryPricesOf(packages.id) })
      .from(packages)
      .where(and(eq(packages.packageTag, body.package_identifier), eq(packages.status, 'active')));
    if (!found) throw badRequest(CHECKOUT_MESSAGES.unknownPackage);
    const pkg = found.pkg;
    // The counts' rules of the checkout (dates are judged there), the price categories' included: the
    // code is priced on the basket the checkout will price (decision 070).
    const checked = validateCheckout({ ...pkg, dates: [] }, { ...body, date: undefined }, romeToday(), {
      prices: found.categoryPrices ?? [],
      counts: body.extra_counts,
    });
    if (!checked.ok) throw badRequest(checked.error);
    const now = new Date();
    const { promo, discountCents } = await pricePromo(app.db, {
      code: body.promo_code,
      pkg,
      subtotalCents: checked.totalCents,
      now,
      address: holdAddressOf(app.config.jwtSecret, req.ip ?? 'unknown'),
      locale: body.language ?? DEFAULT_LOCALE,
    });
    await refuseUsedUp(app.db, promo, now);
    return {
      promo_code: promo.code,
      subtotal: centsToDecimal(checked.totalCents),
      discount: centsToDecimal(discountCents),
      total: centsToDecimal(checked.totalCents - discountCents),
    };
  });

  route(app, 'GET /api/admin/promo-codes/', async () => ({ promo_codes: await promoReport(app.db) }));

  route(app, 'POST /api/admin/promo-codes/', async (req, reply) => {
    const b = req.body;
    const value = b.kind === 'percent' ? Number(b.value) : decimalToCents(b.value);
    if (b.kind === 'percent' && !(Number.isInteger(value) && value! >= 1 && value! <= 100))
      throw badRequest('A percentage is a whole number from 1 to 100.');
    if (value === null || value <= 0) throw badRequest('Please enter the amount the code takes off.');
    let packageId: number | null = null;
    let folderId: number | null = null;
    if (b.scope === 'package') {
      const [p] = await app.db
        .select()
        .from(packages)
        .where(eq(packages.packageTag, b.package_tag ?? ''));
      if (!p) throw badRequest('Choose the ticket the code is for.');
      packageId = p.id;
    } else if (b.scope === 'operator') {
      const [f] = await app.db
        .select()
        .from(folders)
        .where(eq(folders.companySlug, b.operator ?? ''));
      if (!f) throw badRequest('Choose the operator the code is for.');
      folderId = f.id;
    }
    const startsAt = b.starts_at ? new Date(b.starts_at) : null;
    const endsAt = b.ends_at ? new Date(b.ends_at) : null;
    if (startsAt && endsAt && endsAt <= startsAt) throw badRequest('The code must end after it starts.');
    const minBasketCents = b.min_basket === null ? null : decimalToCents(b.min_basket);
    if (b.max_uses !== null && b.max_uses_per_customer !== null && b.max_uses_per_customer > b.max_uses)
      throw badRequest('A customer cannot use a code more often than it can be used in all.');
    const code = makePromoCode(b.prefix, randomBytes(16));
    const [row] = await app.db
      .insert(promoCodes)
      .values({
        code,
        codeKey: normalizePromoCode(code),
        kind: b.kind,
        value,
        scope: b.scope,
        packageId,
        folderId,
        startsAt,
        endsAt,
        maxUses: b.max_uses,
        maxUsesPerCustomer: b.max_uses_per_customer,
        minBasketCents,
        createdBy: signedIn(req).id,
      })
      .returning();
    const [info] = await promoReport(app.db, new Date(), row.id);
    return reply.code(201).send({ promo_code: info });
  });

  route(app, 'PATCH /api/admin/promo-codes/:id/', async (req) => {
    const [row] = await app.db
      .update(promoCodes)
      .set({ active: req.body.active })
      .where(eq(promoCodes.id, req.params.id))
      .returning({ id: promoCodes.id });
    if (!row) throw notFound('No such promo code.');
    const [info] = await promoReport(app.db, new Date(), row.id);
    return { promo_code: info };
  });
};
