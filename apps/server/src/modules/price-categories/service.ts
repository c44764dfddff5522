/**
 * A package's price categories beside adult and youth (decision 070): what an editor sets (one row per
 * category sold, at its price) and reads back. The checkout reads the same rows with the package
 * (checkout/service.ts), so a price is always the database's.
 */
import {
  type CategoryPricesEdit,
  centsToDecimal,
  PRICE_CATEGORY_KEYS,
  type PriceCategoryKey,
} from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { txDb } from '../../db/client';
import { packagePriceCategories, packages } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { notFound } from '../../lib/errors';

type PackageRow = typeof packages.$inferSelect;

/** The package an editor's call names (any status: an editor prepares a package before it sells). */
export async function packageByTag(db: Db, tag: string): Promise<Pick<PackageRow, 'id' | 'packageTag'>> {
  const [pkg] = await db
    .select({ id: packages.id, packageTag: packages.packageTag })
    .from(packages)
    .where(eq(packages.packageTag, tag));
  if (!pkg) throw notFound('Package not found.');
  return pkg;
}

/** A package's category prices in the contract's order, as the API writes them ('2.00'). */
export async function categoryPricesOf(
  db: Db,
  pkg: Pick<PackageRow, 'id' | 'packageTag'>,
): Promise<{ package_tag: string; prices: { key: PriceCategoryKey; price: string }[] }> {
  const rows = await db
    .select()
    .from(packagePriceCategories)
    .where(eq(packagePriceCategories.packageId, pkg.id));
  return {
    package_tag: pkg.packageTag,
    prices: PRICE_CATEGORY_KEYS.flatMap((key) => {
      const row = rows.find((r) => r.category === key);
      return row ? [{ key, price: centsToDecimal(row.priceCents) }] : [];
    }),
  };
}

/**
 * Replaces the categories a package sells with `edit`'s, in one transaction, and logs the change (who,
 * before and after). Orders already made keep their prices (`orders.extra_tickets`).
 */
export async function saveCategoryPrices(
  db: Db,
  userId: string,
  pkg: Pick<PackageRow, 'id' | 'packageTag'>,
  edit: CategoryPricesEdit,
): Promise<void> {
  const before = await categoryPricesOf(db, pkg);
  await db.transaction(async (tx) => {
    const t = txDb(tx);
    await t.delete(packagePriceCategories).where(eq(packagePriceCategories.packageId, pkg.id));
    if (edit.prices.length > 0)
      await t
        .insert(packagePriceCategories)
        .values(edit.prices.map((p) => ({ packageId: pkg.id, category: p.key, priceCents: p.price })));
  });
  await recordEdit(db, {
    userId,
    entity: 'package_price_categories',
    entityKey: pkg.packageTag,
    before: before.prices,
    after: edit.prices.map((p) => ({ key: p.key, price: centsToDecimal(p.price) })),
  });
}
