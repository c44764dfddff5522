/**
 * A package's price history (decision 064): written by the database's triggers on `packages`
 * (migration 0029), read here for the ticket editor. The prior price beside it is the trigger's too.
 */
import { centsToDecimal, type PriceHistory } from '@rome/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packagePrices, packages } from '../../db/schema';
import { notFound } from '../../lib/errors';

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

export async function priceHistory(db: Db, packageTag: string): Promise<PriceHistory> {
  const [pkg] = await db.select().from(packages).where(eq(packages.packageTag, packageTag));
  if (!pkg) throw notFound('Package not found.');
  const rows = await db
    .select()
    .from(packagePrices)
    .where(eq(packagePrices.packageId, pkg.id))
    .orderBy(desc(packagePrices.validFrom), desc(packagePrices.id))
    .limit(200);
  return {
    off_price: money(pkg.offPriceCents),
    prior_price: money(pkg.priorPriceCents),
    prices: rows.map((r) => ({
      adult_price: centsToDecimal(r.adultPriceCents),
      youth_price: centsToDecimal(r.youthPriceCents),
      valid_from: r.validFrom.toISOString(),
    })),
  };
}
