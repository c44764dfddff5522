/**
 * The shop's packages as OCTO products. One package is one product (its id is the package tag), with
 * one option ('DEFAULT') and the shop's three ticket kinds as units: adult (19-99), youth (6-18) and
 * infant (0-5, free). How a package sells maps onto OCTO's availability types:
 *
 * - START_TIME slots           -> START_TIME, one availability per slot, with capacity.
 * - OPENING_HOURS (day entry)  -> OPENING_HOURS, one availability per day, with capacity.
 * - PASS, or no dates at all   -> OPENING_HOURS with freesale (open-dated: used within its validity).
 * - the spec's listed dates    -> OPENING_HOURS, one availability per listed date, no capacity limit.
 *
 * A package's price categories (decision 070) are units too, after those three: `reduced_eu`,
 * `disabled`, `carer` (accompanied by `disabled`) and `family` (paxCount 4), each only where the package
 * sells it, at its price.
 */
import type { CategoryPrice, Package, PriceCategoryKey } from '@rome/contract';
import {
  addDays,
  announcedOldPrice,
  centsToDecimal,
  MAX_CATEGORY_TICKETS,
  MAX_TICKETS_PER_KIND,
  PRICE_CATEGORY_KEYS,
  priceCategory,
  ROME_TZ,
  romeParts,
  romeToday,
  usesSlots,
} from '@rome/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comboParts, combos, folders, packages } from '../../db/schema';
import { categoryPricesOf } from '../orders/hold';
import { slotsBetween } from '../orders/slots';
import { invalidOption, invalidProduct } from './errors';

/**
 * A package as the OCTO API reads it: its row, the price categories it sells (decision 070) and, for a
 * combo read with the octo/packages capability (decision 072), its parts in order and its own
 * cancellation cut-off (null: each part's own).
 */
export type PackageRow = typeof packages.$inferSelect & {
  categoryPrices?: readonly CategoryPrice[] | null;
  combo?: { cancelCutoffHours: number | null; parts: PackageRow[] } | null;
};
export type Capabilities = {
  pricing: boolean;
  content: boolean;
  redemption: boolean;
  packages?: boolean;
  /** octo/offers: offer codes are the shop's promo codes (decision 074). */
  offers?: boolean;
};

export const OPTION_ID = 'DEFAULT';
export const UNITS = ['adult', 'youth', 'infant'] as const;
export type UnitId = (typeof UNITS)[number];
const UNIT_TYPES = { adult: 'ADULT', youth: 'YOUTH', infant: 'INFANT' } as const;
const UNIT_AGES = { adult: [19, 99], youth: [6, 18], infant: [0, 5] } as const;
const UNIT_TITLES = { adult: 'Adult (19-99)', youth: 'Youth (6-18)', infant: 'Child (0-5, free)' } as const;

/** A product sells without availability limits (the reseller may book any day). */
export const isFreesale = (pkg: PackageRow): boolean =>
  pkg.availabilityType === 'PASS' || (pkg.availabilityType === null && pkg.dates.length === 0);

/**
 * The packages on sale (active, in an active folder), in the shop's order. A combo (decision 071) is a
 * product only for a reseller that asked for octo/packages (`combos`, decision 072): a reseller that does
 * not know packages could not give each timed part its time. A combo with a part no longer on sale is
 * left out, as the web checkout refuses it.
 */
export async function packagesOnSale(db: Db, opts: { combos?: boolean } = {}): Promise<PackageRow[]> {
  const rows = await db
    .select({ pkg: packages, categoryPrices: categoryPricesOf(packages.id) })
    .from(packages)
    .innerJoin(folders, eq(folders.id, packages.folderId))
    .where(
      and(
        eq(packages.status, 'active'),
        eq(folders.active, true),
        opts.combos
          ? undefined
          : sql`not exists (select 1 from combo_parts c where c.combo_package_id = ${packages.id})`,
      ),
    )
    .orderBy(asc(packages.sortOrder), asc(packages.id));
  const onSale = rows.map((r): PackageRow => ({ ...r.pkg, categoryPrices: r.categoryPrices ?? [] }));
  if (!opts.combos) return onSale;
  const parts = await db
    .select({
      comboId: comboParts.comboPackageId,
      own: combos.cancelCutoffHours,
      pkg: packages,
      categoryPrices: categoryPricesOf(packages.id),
    })
    .from(comboParts)
    .innerJoin(combos, eq(combos.packageId, comboParts.comboPackageId))
    .innerJoin(packages, eq(packages.id, comboParts.partPackageId))
    .orderBy(asc(comboParts.comboPackageId), asc(comboParts.position));
  const byId = new Map(onSale.map((p) => [p.id, p]));
  for (const part of parts) {
    const combo = byId.get(part.comboId);
    if (!combo) continue;
    combo.combo ??= { cancelCutoffHours: part.own, parts: [] };
    combo.combo.parts.push({ ...part.pkg, categoryPrices: part.categoryPrices ?? [] });
  }
  // A part gone from sale takes its combo with it.
  return onSale.filter((p) => !p.combo || p.combo.parts.every((part) => byId.has(part.id)));
}

/**
 * The package on sale behind a productId (and optionId when given), or OCTO's error. A combo only with
 * `combos` (the octo/packages capability, decision 072).
 */
export async function productPackage(
  db: Db,
  productId: string,
  optionId?: string,
  opts: { combos?: boolean } = {},
): Promise<PackageRow> {
  const pkg = (await packagesOnSale(db, opts)).find((p) => p.packageTag === productId);
  if (!pkg) throw invalidProduct(productId);
  if (optionId !== undefined && optionId !== OPTION_ID) throw invalidOption(optionId);
  return pkg;
}

/** A unit's price in EUR cents (infants travel free). */
export const unitPriceCents = (pkg: PackageRow, unit: UnitId): number =>
  unit === 'adult' ? pkg.adultPriceCents : unit === 'youth' ? pkg.youthPriceCents : 0;

/** OCTO's Pricing of an amount in EUR cents (minor units, precision 2; taxes are included in it). */
export const pricing = (retailCents: number, originalCents = retailCents) => ({
  original: Math.max(originalCents, retailCents),
  retail: retailCents,
  net: null,
  currency: 'EUR',
  currencyPrecision: 2,
  includedTaxes: [],
});

/** The price categories a package sells (decision 070), as units after the three kinds. */
const categoryUnits = (pkg: PackageRow): readonly CategoryPrice[] =>
  // In the contract's order (the database's list is by key).
  [...(pkg.categoryPrices ?? [])].sort(
    (a, b) => PRICE_CATEGORY_KEYS.indexOf(a.key) - PRICE_CATEGORY_KEYS.indexOf(b.key),
  );

/** Per-unit prices, as OCTO's availability and booking answers carry them. */
export const unitPricing = (pkg: PackageRow) => [
  ...UNITS.map((unit) => ({ ...pricing(unitPriceCents(pkg, unit), originalCents(pkg, unit)), unitId: unit })),
  ...categoryUnits(pkg).map((c) => ({ ...pricing(c.priceCents), unitId: c.key })),
];

/** The crossed-out price the shop shows beside an adult's (decision 064), when there is one. */
const originalCents = (pkg: PackageRow, unit: UnitId): number =>
  (unit === 'adult' &&
    announcedOldPrice({
      adult_price: centsToDecimal(pkg.adultPriceCents),
      off_price: pkg.offPriceCents === null ? null : centsToDecimal(pkg.offPriceCents),
      prior_price: pkg.priorPriceCents === null ? null : centsToDecimal(pkg.priorPriceCents),
    })) ||
  unitPriceCents(pkg, unit);

/** Plain text of the editors' HTML description (OCTO's description is text). */
const plainText = (html: string): string =>
  html
    .replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();

function unit(pkg: PackageRow, id: UnitId, caps: Capabilities) {
  const [minAge, maxAge] = UNIT_AGES[id];
  return {
    id,
    internalName: id,
    reference: id,
    type: UNIT_TYPES[id],
    restrictions: {
      minAge,
      maxAge,
      idRequired: false,
      minQuantity: null,
      maxQuantity: MAX_TICKETS_PER_KIND,
      paxCount: 1,
      accompaniedBy: [],
    },
    requiredContactFields: [],
    ...(caps.pricing ? { pricingFrom: [pricing(unitPriceCents(pkg, id), originalCents(pkg, id))] } : {}),
    ...(caps.content ? { title: UNIT_TITLES[id], shortDescription: UNIT_TITLES[id] } : {}),
  };
}

/** OCTO's unit of a price category (decision 070): its proof is OCTO's `idRequired`. */
const CATEGORY_UNITS: Record<
  PriceCategoryKey,
  { type: 'OTHER' | 'FAMILY'; ages: [number, number]; accompaniedBy: string[] }
> = {
  reduced_eu: { type: 'OTHER', ages: [18, 25], accompaniedBy: [] },
  disabled: { type: 'OTHER', ages: [0, 99], accompaniedBy: [] },
  carer: { type: 'OTHER', ages: [0, 99], accompaniedBy: ['disabled'] },
  family: { type: 'FAMILY', ages: [0, 99], accompaniedBy: [] },
};

function categoryUnit(c: CategoryPrice, caps: Capabilities) {
  const { label, proof, places } = priceCategory(c.key);
  const { type, ages, accompaniedBy } = CATEGORY_UNITS[c.key];
  const words = proof ? `${label}. Bring: ${proof}` : label;
  return {
    id: c.key,
    internalName: c.key,
    reference: c.key,
    type,
    restrictions: {
      minAge: ages[0],
      maxAge: ages[1],
      idRequired: proof !== null,
      minQuantity: null,
      maxQuantity: MAX_CATEGORY_TICKETS,
      paxCount: places,
      accompaniedBy,
    },
    requiredContactFields: [],
    ...(caps.pricing ? { pricingFrom: [pricing(c.priceCents)] } : {}),
    ...(caps.content ? { title: label, shortDescription: words } : {}),
  };
}

/**
 * The product of a package. `startTimes` are the Rome start times of its coming slots (START_TIME);
 * `listed` is the catalogue's view of the package (company, cover image), for content.
 */
export function toProduct(
  pkg: PackageRow,
  ctx: { caps: Capabilities; publicUrl: string; startTimes: string[]; listed?: Package },
) {
  const { caps } = ctx;
  const freesale = isFreesale(pkg);
  const timed = pkg.availabilityType === 'START_TIME';
  const content = caps.content
    ? {
        title: pkg.title,
        shortDescription: pkg.type || null,
        description: plainText(pkg.description) || null,
        categoryLabels: [pkg.ticketType === 'museum' ? 'museums' : 'hop-on-hop-off'] as (
          | 'museums'
          | 'hop-on-hop-off'
        )[],
        media: ctx.listed?.image_big
          ? [
              {
                src: new URL(ctx.listed.image_big, `${ctx.publicUrl}/`).toString(),
                type: 'image/jpeg' as const,
                rel: 'COVER' as const,
                title: pkg.title,
                caption: null,
                copyright: ctx.listed.company || null,
              },
            ]
          : [],
      }
    : {};
  return {
    id: pkg.packageTag,
    internalName: pkg.title,
    reference: pkg.packageTag,
    locale: 'en',
    timeZone: ROME_TZ,
    allowFreesale: freesale,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: !freesale,
    availabilityType: timed ? ('START_TIME' as const) : ('OPENING_HOURS' as const),
    deliveryFormats: ['QRCODE' as const],
    // One QR admits the whole booking (the shop's ticket is per order): a voucher, in OCTO's words.
    deliveryMethods: ['VOUCHER' as const],
    redemptionMethod: 'DIGITAL' as const,
    options: [
      {
        id: OPTION_ID,
        default: true,
        internalName: OPTION_ID,
        reference: null,
        availabilityLocalStartTimes: timed && ctx.startTimes.length > 0 ? ctx.startTimes : ['00:00'],
        cancellationCutoff: `${pkg.cancelCutoffHours} ${pkg.cancelCutoffHours === 1 ? 'hour' : 'hours'}`,
        cancellationCutoffAmount: pkg.cancelCutoffHours,
        cancellationCutoffUnit: 'hour' as const,
        requiredContactFields: [],
        restrictions: { minUnits: 1, maxUnits: null },
        units: [
          ...UNITS.map((id) => unit(pkg, id, caps)),
          ...categoryUnits(pkg).map((c) => categoryUnit(c, caps)),
        ],
        ...(caps.pricing
          ? { pricingFrom: [pricing(Math.min(pkg.adultPriceCents, pkg.youthPriceCents))] }
          : {}),
        ...(caps.content ? { title: pkg.title, shortDescription: pkg.type || null } : {}),
      },
    ],
    ...(caps.pricing
      ? { defaultCurrency: 'EUR', availableCurrencies: ['EUR'], pricingPer: 'UNIT' as const }
      : {}),
    ...content,
  };
}

/** Whether a package sells from slots (START_TIME or OPENING_HOURS with capacity). */
export const sellsSlots = (pkg: PackageRow): boolean => usesSlots(pkg.availabilityType);

/** The Rome start times of a timed package's coming slots (its option's availabilityLocalStartTimes). */
export async function startTimesOf(db: Db, pkg: PackageRow, now: Date): Promise<string[]> {
  if (pkg.availabilityType !== 'START_TIME') return [];
  const today = romeToday(now);
  const rows = await slotsBetween(db, pkg.id, { from: today, to: addDays(today, 60) }, now);
  return [...new Set(rows.map((r) => romeParts(r.startsAt).time))].sort();
}

export type Product = ReturnType<typeof toProduct>;
