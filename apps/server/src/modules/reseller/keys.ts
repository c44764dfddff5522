/**
 * Resellers' API keys. A key is shown once, when it is made; the shop keeps its sha256 (256 random
 * bits need no slow hash, and every OCTO call checks one), its first characters to tell keys apart, a
 * per-key rate and whether the key may redeem tickets (a partner's scanner), and of which products.
 */
import { createHash, randomBytes } from 'node:crypto';
import { RESELLER_MESSAGES } from '@rome/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages, resellers } from '../../db/schema';
import { badRequest } from '../../lib/errors';

export type Reseller = typeof resellers.$inferSelect;

/** Every key starts so; a leaked one is recognisable in a secret scanner. */
export const KEY_PREFIX = 'rbt_octo_';
export const DEFAULT_RATE_PER_MINUTE = 300;

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export type NewReseller = {
  name: string;
  ratePerMinute?: number;
  canRedeem?: boolean;
  /** The products (package tags) a scanner key redeems; each must exist. */
  redeemProducts?: string[];
};

/** Makes a key; answers the stored row and the key itself (never stored, never shown again). */
export async function createReseller(
  db: Db,
  input: NewReseller,
  key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`,
): Promise<{ reseller: Reseller; key: string }> {
  const wanted = [...new Set(input.canRedeem ? (input.redeemProducts ?? []) : [])];
  if (input.canRedeem && wanted.length === 0) throw badRequest(RESELLER_MESSAGES.redeemProductsRequired);
  if (wanted.length > 0) {
    const known = new Set(
      (
        await db
          .select({ packageTag: packages.packageTag })
          .from(packages)
          .where(inArray(packages.packageTag, wanted))
      ).map((p) => p.packageTag),
    );
    const unknown = wanted.find((tag) => !known.has(tag));
    if (unknown) throw badRequest(`${RESELLER_MESSAGES.unknownProduct}${unknown}`);
  }
  const [reseller] = await db
    .insert(resellers)
    .values({
      name: input.name.trim(),
      keyPrefix: key.slice(0, KEY_PREFIX.length + 6),
      keyHash: hashKey(key),
      ratePerMinute: input.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
      canRedeem: input.canRedeem ?? false,
      redeemProducts: wanted.sort(),
    })
    .returning();
  return { reseller, key };
}

export const listResellers = (db: Db): Promise<Reseller[]> =>
  db.select().from(resellers).orderBy(desc(resellers.createdAt));

/** Revokes a key at once (every instance reads the row on each call). Null when there is no such key. */
export async function revokeReseller(db: Db, id: string): Promise<Reseller | null> {
  const [row] = await db
    .update(resellers)
    .set({ revokedAt: new Date() })
    .where(eq(resellers.id, id))
    .returning();
  return row ?? null;
}

/** The live reseller a key belongs to, or null (unknown or revoked). */
export async function resellerByKey(db: Db, key: string): Promise<Reseller | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .select()
    .from(resellers)
    .where(eq(resellers.keyHash, hashKey(key)));
  return row && !row.revokedAt ? row : null;
}
