/**
 * The catalogue: packages and folders as the spec's `GET packages/` answers them. The list is read
 * often and changes rarely, so it is built once, kept as ready JSON with an ETag, and rebuilt after
 * an edit calls `invalidate()`. It is built in every language at once (decision 024): English from
 * `packages`, the others with the words editors wrote in `package_translations` laid over it.
 */
import { createHash } from 'node:crypto';
import {
  ALT_SLOTS,
  centsToDecimal,
  DEFAULT_LOCALE,
  type Folder,
  IMAGE_SLOTS,
  LOCALES,
  type Locale,
  normalizeCategories,
  PACKAGE_TEXT_FIELDS,
  type Package,
  type PackageTextField,
  PRICE_CATEGORY_KEYS,
  usesSlots,
} from '@rome/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  comboParts,
  folders,
  mediaItems,
  packageImages,
  packagePriceCategories,
  packages,
  packageTranslations,
} from '../../db/schema';
import { mediaUrl } from '../../lib/media-url';
import { openSlotDates } from '../orders/slots';
import { factsFor } from './facts';

type PackageRow = typeof packages.$inferSelect;

export type CatalogSnapshot = {
  packages: Package[];
  folders: Folder[];
  byTag: Map<string, Package>;
  /** The list response, serialised once. */
  json: string;
  etag: string;
};

function serialize(
  row: PackageRow,
  folder: { name: string },
  images: Map<string, { url: string | null; alt: string }>,
  slotDates: string[] | undefined,
): Package {
  const out: Record<string, unknown> = {
    id: row.id,
    package_tag: row.packageTag,
    title: row.title,
    type: row.type,
    duration: row.duration,
    ticket_type: row.ticketType,
    status: row.status,
    folder: row.folderId,
    company: folder.name,
    adult_price: centsToDecimal(row.adultPriceCents),
    youth_price: centsToDecimal(row.youthPriceCents),
    off_price: row.offPriceCents === null ? null : centsToDecimal(row.offPriceCents),
    prior_price: row.priorPriceCents === null ? null : centsToDecimal(row.priorPriceCents),
  };
  for (const slot of IMAGE_SLOTS) out[slot] = images.get(slot)?.url ?? null;
  for (const slot of ALT_SLOTS) out[`${slot}_alt`] = images.get(slot)?.alt ?? '';
  Object.assign(out, {
    // A package sold in slots lists the Rome dates that still have an open slot (the spec's date choice).
    dates: usesSlots(row.availabilityType) ? (slotDates ?? []) : [...row.dates].sort(),
    description: row.description,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    schema_json: row.schemaJson ?? null,
    is_featured: row.isFeatured,
    availability_type: row.availabilityType ?? null,
    pass_hours: row.passHours,
    // Known keys only: a category taken out of the contract leaves no stray key in the list.
    categories: normalizeCategories(row.categories),
  });
  return out as Package;
}

type TranslationRow = typeof packageTranslations.$inferSelect;
/** The translation table's column of each text field of the contract. */
const TEXT_COLUMNS: Record<PackageTextField, keyof TranslationRow> = {
  title: 'title',
  type: 'type',
  description: 'description',
  meta_title: 'metaTitle',
  meta_description: 'metaDescription',
  meta_keywords: 'metaKeywords',
};

/**
 * The package in another language: each text field an editor wrote in it replaces the English; the
 * others keep their English and are listed in `untranslated`, for the editors' marks.
 */
export function translatePackage(pkg: Package, row: TranslationRow | undefined): Package {
  const out: Record<string, unknown> = { ...pkg };
  const untranslated: PackageTextField[] = [];
  for (const field of PACKAGE_TEXT_FIELDS) {
    const words = row?.[TEXT_COLUMNS[field]];
    if (typeof words === 'string') out[field] = words;
    else untranslated.push(field);
  }
  out.untranslated = untranslated;
  return out as Package;
}

/**
 * What only the one-package read carries (decision 040): the cancellation cut-off and the facts, and
 * the price categories it sells (decision 070).
 */
type PackageDetails = Pick<
  Package,
  'cancel_cutoff_hours' | 'facts' | 'facts_untranslated' | 'price_categories' | 'combo_parts'
>;

/**
 * The snapshot of one language: the list, its JSON and ETag. `byTag` (the one-package read) adds each
 * package's details, which the list leaves out: every page reads the list, only the ticket page these.
 */
function snapshot(
  list: Package[],
  folderList: Folder[],
  details: (p: Package) => PackageDetails = () => ({}),
): CatalogSnapshot {
  const json = JSON.stringify({ bus_data: list, folders: folderList });
  return {
    packages: list,
    folders: folderList,
    byTag: new Map(list.map((p) => [p.package_tag, { ...p, ...details(p) }])),
    json,
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
  };
}

export type CatalogLanguages = Record<Locale, CatalogSnapshot>;

export async function loadCatalog(db: Db): Promise<CatalogLanguages> {
  const [folderRows, packageRows, imageRows, slotDates, translationRows, categoryRows, comboRows] =
    await Promise.all([
      db.select().from(folders).orderBy(asc(folders.sortOrder), asc(folders.id)),
      db.select().from(packages).orderBy(asc(packages.sortOrder), asc(packages.id)),
      db
        .select({
          packageId: packageImages.packageId,
          slot: packageImages.slot,
          alt: packageImages.altText,
          key: mediaItems.fileKey,
          smallKey: mediaItems.smallKey,
        })
        .from(packageImages)
        .innerJoin(mediaItems, eq(mediaItems.id, packageImages.mediaId)),
      openSlotDates(db, new Date()),
      db.select().from(packageTranslations),
      db.select().from(packagePriceCategories),
      db.select().from(comboParts).orderBy(asc(comboParts.comboPackageId), asc(comboParts.position)),
    ]);
  const folderById = new Map(folderRows.map((f) => [f.id, f]));
  const imagesByPackage = new Map<number, Map<string, { url: string | null; alt: string }>>();
  for (const img of imageRows) {
    let m = imagesByPackage.get(img.packageId);
    if (!m) {
      m = new Map();
      imagesByPackage.set(img.packageId, m);
    }
    // Small slots use the small WebP variant where one exists.
    const key = img.slot.endsWith('_small') && img.smallKey ? img.smallKey : img.key;
    m.set(img.slot, { url: mediaUrl(key), alt: img.alt });
  }
  const list = packageRows
    .filter((p) => p.status === 'active' && folderById.has(p.folderId))
    .map((p) =>
      serialize(p, folderById.get(p.folderId)!, imagesByPackage.get(p.id) ?? new Map(), slotDates.get(p.id)),
    );
  const folderList: Folder[] = folderRows.map((f) => ({
    id: f.id,
    name: f.name,
    company_slug: f.companySlug,
    active: f.active,
  }));
  const translations = new Map(translationRows.map((r) => [`${r.packageId}:${r.language}`, r]));
  const rowById = new Map(packageRows.map((r) => [r.id, r]));
  // In the contract's order, whatever order they were set in.
  const pricesOf = (packageId: number) =>
    PRICE_CATEGORY_KEYS.flatMap((key) => {
      const row = categoryRows.find((r) => r.packageId === packageId && r.category === key);
      return row ? [{ key, price: centsToDecimal(row.priceCents) }] : [];
    });
  // A combo's parts (decision 071), each as the list has it in that language; a part off sale is left out
  // (its checkout is refused by the server).
  const partsOf = (packageId: number, locale: Locale): NonNullable<Package['combo_parts']> =>
    comboRows
      .filter((r) => r.comboPackageId === packageId)
      .flatMap((r) => {
        const part = list.find((x) => x.id === r.partPackageId);
        if (!part) return [];
        const shown =
          locale === DEFAULT_LOCALE ? part : translatePackage(part, translations.get(`${part.id}:${locale}`));
        return [
          {
            package_tag: part.package_tag,
            title: shown.title,
            operator: folderById.get(rowById.get(part.id)!.folderId)?.name ?? '',
            availability_type: part.availability_type ?? null,
            pass_hours: part.pass_hours ?? null,
            dates: part.dates,
          },
        ];
      });
  const details =
    (locale: Locale) =>
    (p: Package): PackageDetails => {
      const row = rowById.get(p.id);
      if (!row) return {};
      const words = translations.get(`${p.id}:${locale}`)?.facts;
      return {
        cancel_cutoff_hours: row.cancelCutoffHours,
        ...factsFor(row.facts, words, locale),
        price_categories: pricesOf(p.id),
        combo_parts: partsOf(p.id, locale),
      };
    };
  const languages = {} as CatalogLanguages;
  for (const locale of LOCALES) {
    languages[locale] =
      locale === DEFAULT_LOCALE
        ? snapshot(list, folderList, details(locale))
        : snapshot(
            list.map((p) => translatePackage(p, translations.get(`${p.id}:${locale}`))),
            folderList,
            details(locale),
          );
  }
  return languages;
}

export type Catalog = {
  /** The catalogue in a language (English, the spec's, unless named). */
  get(locale?: Locale): Promise<CatalogSnapshot>;
  invalidate(): void;
};

/** How long a built list may be served before it is rebuilt anyway. */
export const CATALOG_MAX_AGE_MS = 10 * 60 * 1000;

/** A cache that loads on first use and after each invalidation; concurrent readers share one load. */
export function createCatalog(db: Db, maxAgeMs = CATALOG_MAX_AGE_MS): Catalog {
  let current: Promise<CatalogLanguages> | null = null;
  let loadedAt = 0;
  // The last catalogue read: while the database is away, pages and lists are served from it rather
  // than failing (docs/operations.md, a database outage).
  let lastGood: CatalogLanguages | null = null;
  return {
    get(locale = DEFAULT_LOCALE) {
      // Slot packages' dates move with the clock (today's last slot passes), so the list is also rebuilt
      // when it is older than maxAgeMs, not only after an edit.
      if (!current || Date.now() - loadedAt > maxAgeMs) {
        loadedAt = Date.now();
        const loading = loadCatalog(db).then((languages) => {
          lastGood = languages;
          return languages;
        });
        current = loading;
        loading.catch(() => {
          if (current === loading) current = null;
        });
      }
      const stale = lastGood;
      return (stale ? current.catch(() => stale) : current).then((languages) => languages[locale]);
    },
    invalidate() {
      current = null;
    },
  };
}
