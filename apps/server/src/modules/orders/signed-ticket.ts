/**
 * Tickets signed for the agents' app (decision 021): Ed25519 keys with a key id, kept in
 * `ticket_signing_keys`; the newest signs, every one verifies. The private keys are stored encrypted
 * (AES-256-GCM, key derived from the server secret by HKDF) and never leave the server.
 *
 * Keys are read once per process and database and cached: the current key for a minute (a rotation
 * made by the admin command in another process is picked up within it), and a kid the cache does not
 * know makes it read the table again, at most once every few seconds (forged kids cost no queries).
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import {
  decodeTicketPayload,
  type ExtraTicket,
  encodeTicketPayload,
  fromBase64url,
  romeParts,
  splitSignedTicket,
  type TicketFacts,
  toBase64url,
} from '@rome/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, packages, slots, ticketSigningKeys } from '../../db/schema';
import { openSealed, seal as sealWith } from '../../lib/sealed';

type StoredKey = typeof ticketSigningKeys.$inferSelect;
type LoadedKey = { kid: string; publicKey: KeyObject; privateKey: KeyObject | null; createdAt: Date };

const CURRENT_TTL_MS = 60_000;
const RELOAD_GAP_MS = 5_000;

/** The HKDF purpose the signing keys are sealed under (lib/sealed.ts). */
const SEALED_AS = 'ticket-signing-key';
const seal = (secret: string, plain: Buffer) => sealWith(secret, SEALED_AS, plain);
const open = (secret: string, sealed: string) => openSealed(secret, SEALED_AS, sealed);

function load(secret: string, row: StoredKey): LoadedKey {
  const der = open(secret, row.privateKeyEnc);
  return {
    kid: row.kid,
    publicKey: createPublicKey({ key: Buffer.from(row.publicKey, 'base64'), format: 'der', type: 'spki' }),
    // A key sealed under another secret (JWT_SECRET changed) still verifies; it signs no more.
    privateKey: der ? createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) : null,
    createdAt: row.createdAt,
  };
}

/** Makes a new key, which becomes the current one (rotation: the old ones keep verifying). */
export async function addSigningKey(db: Db, secret: string): Promise<StoredKey> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const kid = `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`;
  const [row] = await db
    .insert(ticketSigningKeys)
    .values({
      kid,
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      privateKeyEnc: seal(secret, privateKey.export({ format: 'der', type: 'pkcs8' })),
    })
    .returning();
  forget(db);
  return row;
}

type KeyStore = { keys: Map<string, LoadedKey>; loadedAt: number; current: LoadedKey | null };
/** Per database (the app's, not a transaction's): what this process has read of the keys. */
const stores = new WeakMap<Db, KeyStore>();
const forget = (db: Db) => stores.delete(db);

/** The shop's keys: `db` names the cache (the app's database); `reader` reads (a transaction, or db). */
export type KeyAccess = { db: Db; secret: string; reader?: Db };

async function storeOf(k: KeyAccess, fresh = false): Promise<KeyStore> {
  const known = stores.get(k.db);
  const age = known ? Date.now() - known.loadedAt : Number.POSITIVE_INFINITY;
  if (known && age < (fresh ? RELOAD_GAP_MS : CURRENT_TTL_MS)) return known;
  const rows = await (k.reader ?? k.db)
    .select()
    .from(ticketSigningKeys)
    .orderBy(desc(ticketSigningKeys.createdAt));
  const keys = new Map(rows.map((r) => [r.kid, load(k.secret, r)] as const));
  const store: KeyStore = {
    keys,
    loadedAt: Date.now(),
    current: [...keys.values()].find((key) => key.privateKey) ?? null,
  };
  stores.set(k.db, store);
  return store;
}

/**
 * Makes sure a key can sign: at start, and before the first signature. Never inside a transaction (a
 * key made there and rolled back would be cached all the same).
 */
export async function ensureSigningKey(db: Db, secret: string): Promise<string> {
  const store = await storeOf({ db, secret });
  if (store.current) return store.current.kid;
  const row = await addSigningKey(db, secret);
  return row.kid;
}

/** Every verifying key, newest first: what agents' devices download. */
export async function publicKeys(k: KeyAccess) {
  const store = await storeOf(k);
  return [...store.keys.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((key) => {
      const jwk = key.publicKey.export({ format: 'jwk' }) as { x: string };
      return {
        kid: key.kid,
        alg: 'EdDSA' as const,
        jwk: { kty: 'OKP' as const, crv: 'Ed25519' as const, x: jwk.x },
        spki: key.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
        current: key.kid === store.current?.kid,
        created_at: key.createdAt.toISOString(),
      };
    });
}

/** Signs a ticket's facts with the current key: `<payload>.<signature>`. */
export async function signTicket(k: KeyAccess, facts: Omit<TicketFacts, 'kid'>): Promise<string | null> {
  const key = (await storeOf(k)).current;
  if (!key) return null;
  const payload = encodeTicketPayload({ ...facts, kid: key.kid });
  const signature = sign(null, Buffer.from(payload, 'ascii'), key.privateKey!);
  return `${payload}.${toBase64url(signature)}`;
}

/**
 * The facts of a signed ticket whose signature holds under the key it names; null when the text is
 * not a signed ticket, names no key of the shop, or was altered.
 */
export async function verifyTicket(k: KeyAccess, text: string): Promise<TicketFacts | null> {
  const parts = splitSignedTicket(text);
  if (!parts) return null;
  const facts = decodeTicketPayload(parts.payload);
  const signature = fromBase64url(parts.signature);
  if (!facts || !signature || signature.length !== 64) return null;
  let key = (await storeOf(k)).keys.get(facts.kid);
  // A key made since this process last read the table (a rotation elsewhere).
  if (!key) key = (await storeOf(k, true)).keys.get(facts.kid);
  if (!key) return null;
  return verify(null, Buffer.from(parts.payload, 'ascii'), key.publicKey, signature) ? facts : null;
}

/** What a signed ticket says of its order, as read with it (orders, its package and its slot). */
export type OrderFacts = {
  uniqueId: string;
  packageTag: string;
  selectedDate: string | null;
  startsAt: Date | null;
  adults: number;
  youths: number;
  infants: number;
  paidAt: Date | null;
  availabilityType: (typeof packages.$inferSelect)['availabilityType'];
  validityDays: number | null;
  /** How often the ticket was changed since it was issued (decision 034); absent: never. */
  revision?: number;
  /** The order's price categories' lines (decision 070): signed so the door sees them offline. */
  extraTickets?: readonly ExtraTicket[];
};

/**
 * A paid order's facts, read from the database, signed: what its QR carries beside the claim link,
 * with the pass window the online scan judges (`passExpired`: the package's availability type and
 * validity, the payment's time), so a device offline refuses an expired pass as the server does.
 * `paidAt` names the payment's time when the order is signed before the row records it (the
 * fulfilment makes the QR in the transaction that marks the order paid).
 * Null when no key signs yet (ensureSigningKey runs at start) or there is no such order.
 */
export async function signOrder(
  k: KeyAccess,
  orderId: string,
  opts: { paidAt?: Date } = {},
): Promise<string | null> {
  const [row] = await (k.reader ?? k.db)
    .select({
      uniqueId: orders.uniqueId,
      packageTag: packages.packageTag,
      selectedDate: orders.selectedDate,
      startsAt: slots.startsAt,
      adults: orders.adultCount,
      youths: orders.youthCount,
      infants: orders.infantCount,
      paidAt: orders.paidAt,
      availabilityType: packages.availabilityType,
      validityDays: packages.validityDays,
      revision: orders.ticketRevision,
      extraTickets: orders.extraTickets,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return signOrderFacts(k, row, opts);
}

/**
 * signOrder for facts the caller has read already (the fulfilment reads the order, its package and
 * its slot in the statement that locks the order: one round trip instead of four).
 */
export async function signOrderFacts(
  k: KeyAccess,
  row: OrderFacts,
  opts: { paidAt?: Date } = {},
): Promise<string | null> {
  const slot = row.startsAt ? romeParts(row.startsAt) : null;
  const paidAt = opts.paidAt ?? row.paidAt;
  return signTicket(k, {
    uniqueId: row.uniqueId,
    packageTag: row.packageTag,
    date: slot?.date ?? row.selectedDate,
    slot: slot?.time ?? null,
    adults: row.adults,
    youths: row.youths,
    infants: row.infants,
    availabilityType: row.availabilityType,
    paidAt: paidAt ? paidAt.getTime() : null,
    validityDays: row.validityDays,
    revision: row.revision ?? 0,
    extras: (row.extraTickets ?? []).map(({ key, count }) => ({ key, count })),
  });
}
