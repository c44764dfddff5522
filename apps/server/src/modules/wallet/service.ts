/**
 * The wallet passes of the signed-in buyer's own tickets, and whether the shop can make them.
 * The ticket link page reaches the same builders (apple.ts, google.ts) with its own lookup.
 */
import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { folders, orders, packages, slots } from '../../db/schema';
import { usageLine } from '../../mail/ticket-mail';
import type { Storage } from '../../storage/storage';
import type { WalletTicket } from './ticket';

export type WalletAvailability = { apple: boolean; google: boolean };

/** Which wallets are configured: the web shows a wallet's button only when it is. */
export function walletAvailability(config: Pick<Config, 'wallet'>): WalletAvailability {
  return { apple: config.wallet.apple !== null, google: config.wallet.google !== null };
}

/**
 * What the ticket's QR image says. Only a hash of the claim code is stored (fulfilment.ts); the code
 * itself lives in the QR picture made at payment, so the picture is read back. Null when it cannot be.
 */
export async function qrPayloadFromImage(storage: Storage, key: string | null): Promise<string | null> {
  if (!key) return null;
  const file = await storage.get(key);
  if (!file) return null;
  const png = await buffer(file.stream);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    {
      inversionAttempts: 'dontInvert',
    },
  );
  return found?.data || null;
}

/**
 * One of this buyer's orders as a wallet ticket; null for an unknown order or someone else's (the same
 * answer). `qr_payload` is '' when the QR could not be read back.
 */
export async function findOwnWalletTicket(
  db: Db,
  storage: Storage,
  userId: string,
  uniqueId: string,
): Promise<WalletTicket | null> {
  const [row] = await db
    .select({
      order: orders,
      title: packages.title,
      tag: packages.packageTag,
      availabilityType: packages.availabilityType,
      passHours: packages.passHours,
      validityDays: packages.validityDays,
      operator: folders.name,
      startsAt: slots.startsAt,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(folders, eq(folders.id, packages.folderId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .where(and(eq(orders.uniqueId, uniqueId), eq(orders.userId, userId)));
  if (!row) return null;
  const { order } = row;
  const pass =
    row.availabilityType === 'PASS' ? { hours: row.passHours, validityDays: row.validityDays } : null;
  const visit = row.startsAt ? 'slot' : (order.selectedDate ?? '');
  return {
    unique_id: order.uniqueId,
    package_title: row.title,
    package_tag: row.tag,
    operator: row.operator ?? null,
    starts_at: row.startsAt?.toISOString() ?? null,
    selected_date: row.startsAt ? null : order.selectedDate,
    adults: order.adultCount,
    youths: order.youthCount,
    infants: order.infantCount,
    qr_payload: order.status === 'paid' ? ((await qrPayloadFromImage(storage, order.qrFileKey)) ?? '') : '',
    meeting_point: null,
    validity: usageLine({
      visit,
      timed: row.startsAt !== null && row.availabilityType === 'START_TIME',
      pass,
    }),
    status: order.status,
    claimed: order.qrCodeScanned,
  };
}
