/**
 * Combos across operators (decision 071): what a superuser makes a combo of (parts, shares, the combo's
 * own cancellation rule) and what the ticket page reads of it. Buying one is the checkout's
 * (checkout/service.ts with orders/combo.ts); this module only writes the combo's definition.
 */
import {
  COMBO_MESSAGES,
  type ComboAdmin,
  type ComboEdit,
  type ComboPartView,
  centsToDecimal,
  usesSlots,
} from '@rome/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { comboParts, combos, folders, orders, packages } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, conflict, notFound } from '../../lib/errors';

type PackageRow = typeof packages.$inferSelect;

const partView = (p: PackageRow, operator: string): ComboPartView => ({
  package_tag: p.packageTag,
  title: p.title,
  operator,
  availability_type: p.availabilityType,
  pass_hours: p.passHours,
});

/** A combo's parts with their packages and operators, in order. */
async function partsOf(db: Db, comboPackageIds: number[]) {
  if (comboPackageIds.length === 0) return [];
  return db
    .select({ part: comboParts, pkg: packages, operator: folders.name })
    .from(comboParts)
    .innerJoin(packages, eq(packages.id, comboParts.partPackageId))
    .innerJoin(folders, eq(folders.id, packages.folderId))
    .where(inArray(comboParts.comboPackageId, comboPackageIds))
    .orderBy(asc(comboParts.comboPackageId), asc(comboParts.position));
}

/** The ticket page's read: a combo on sale and its parts (404 for anything else). */
export async function comboView(
  db: Db,
  tag: string,
): Promise<{ package_tag: string; parts: ComboPartView[] }> {
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.packageTag, tag), eq(packages.status, 'active')));
  const parts = pkg ? await partsOf(db, [pkg.id]) : [];
  if (!pkg || parts.length === 0) throw notFound(COMBO_MESSAGES.notACombo);
  return { package_tag: pkg.packageTag, parts: parts.map((r) => partView(r.pkg, r.operator)) };
}

/** Every combo as the superusers' tool shows it, or one (`only`). */
export async function combosForAdmin(db: Db, only?: number): Promise<ComboAdmin[]> {
  const rows = await db
    .select({ combo: combos, pkg: packages })
    .from(combos)
    .innerJoin(packages, eq(packages.id, combos.packageId))
    .where(only === undefined ? undefined : eq(combos.packageId, only))
    .orderBy(asc(packages.sortOrder), asc(packages.id));
  const parts = await partsOf(
    db,
    rows.map((r) => r.pkg.id),
  );
  const sold = await soldCombos(
    db,
    rows.map((r) => r.pkg.id),
  );
  return rows.map(({ combo, pkg }) => ({
    package_tag: pkg.packageTag,
    title: pkg.title,
    adult_price: centsToDecimal(pkg.adultPriceCents),
    youth_price: centsToDecimal(pkg.youthPriceCents),
    cancel_cutoff_hours: combo.cancelCutoffHours,
    sold: sold.has(pkg.id),
    parts: parts
      .filter((p) => p.part.comboPackageId === pkg.id)
      .map((p) => ({
        ...partView(p.pkg, p.operator),
        adult_share: centsToDecimal(p.part.adultShareCents),
        youth_share: centsToDecimal(p.part.youthShareCents),
      })),
  }));
}

/** The combos of `ids` with an order (any state): their parts and shares are what was sold. */
async function soldCombos(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: orders.packageId })
    .from(orders)
    .where(and(inArray(orders.packageId, ids), eq(orders.isCombo, true)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Makes package `tag` a combo of `edit.parts` (or changes it), in one transaction under the package's
 * lock: the parts exist, are not combos nor the combo, sell in times, as passes or open-dated; the
 * shares add up to the combo's own prices. A combo already sold keeps its parts and shares (409): only
 * its cancellation rule changes. Logged in the edit log.
 */
export async function saveCombo(db: Db, userId: string, tag: string, edit: ComboEdit): Promise<ComboAdmin> {
  const before = await db.transaction(async (tx) => {
    const t = txDb(tx);
    const [pkg] = await t.select().from(packages).where(eq(packages.packageTag, tag)).for('update');
    if (!pkg) throw notFound('Package not found.');
    const [current] = await combosForAdmin(t, pkg.id);
    const tags = edit.parts.map((p) => p.package_tag);
    const found = await t.select().from(packages).where(inArray(packages.packageTag, tags));
    if (found.length !== tags.length) throw badRequest(COMBO_MESSAGES.unknownPart);
    const partIds = found.map((p) => p.id);
    const [nested] = await t
      .select({ n: sql<number>`1` })
      .from(combos)
      .where(inArray(combos.packageId, partIds))
      .limit(1);
    if (nested || partIds.includes(pkg.id)) throw badRequest(COMBO_MESSAGES.partIsCombo);
    if (
      found.some((p) => !usesSlots(p.availabilityType) && p.availabilityType !== 'PASS' && p.dates.length > 0)
    )
      throw badRequest(COMBO_MESSAGES.partDated);
    const adult = edit.parts.reduce((n, p) => n + p.adult_share, 0);
    const youth = edit.parts.reduce((n, p) => n + p.youth_share, 0);
    if (adult !== pkg.adultPriceCents) throw badRequest(COMBO_MESSAGES.adultSharesAddUp);
    if (youth !== pkg.youthPriceCents) throw badRequest(COMBO_MESSAGES.youthSharesAddUp);
    const samePartsAndShares =
      current !== undefined &&
      current.parts.length === edit.parts.length &&
      current.parts.every(
        (p, i) =>
          p.package_tag === edit.parts[i].package_tag &&
          p.adult_share === centsToDecimal(edit.parts[i].adult_share) &&
          p.youth_share === centsToDecimal(edit.parts[i].youth_share),
      );
    if (current?.sold && !samePartsAndShares) throw conflict(COMBO_MESSAGES.alreadySold);
    await t
      .insert(combos)
      .values({ packageId: pkg.id, cancelCutoffHours: edit.cancel_cutoff_hours })
      .onConflictDoUpdate({
        target: combos.packageId,
        set: { cancelCutoffHours: edit.cancel_cutoff_hours, updatedAt: new Date() },
      });
    if (!samePartsAndShares) {
      await t.delete(comboParts).where(eq(comboParts.comboPackageId, pkg.id));
      await t.insert(comboParts).values(
        edit.parts.map((p, position) => ({
          comboPackageId: pkg.id,
          partPackageId: found.find((f) => f.packageTag === p.package_tag)!.id,
          position,
          adultShareCents: p.adult_share,
          youthShareCents: p.youth_share,
        })),
      );
    }
    return current ?? null;
  });
  const [pkg] = await db.select({ id: packages.id }).from(packages).where(eq(packages.packageTag, tag));
  const [after] = await combosForAdmin(db, pkg.id);
  await recordEdit(db, { userId, entity: 'combo', entityKey: tag, before, after });
  return after;
}
