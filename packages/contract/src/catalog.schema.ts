/**
 * zod schemas of catalog.ts (requests and responses of spec §7). Kept apart from the pure rules so a
 * bundle that uses only the rules (the visitor's web app) carries no zod.
 */
import { z } from 'zod';
import type { AltSlot, ImageSlot, OfferCard } from './catalog';
import { ALT_SLOTS, IMAGE_SLOTS, PACKAGE_KINDS, PACKAGE_TEXT_FIELDS } from './catalog';
import { AVAILABILITY_TYPES } from './inventory';
import { languageQuerySchema } from './locales.schema';
import { decimalToCents } from './money';
import { normalizeCategories, PACKAGE_CATEGORY_KEYS } from './package-categories';
import { factFieldsSchema, packageFactsEditSchema, packageFactsSchema } from './package-facts.schema';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_SORTS, SEARCH_TEXT_MAX } from './package-search';
import { PRICE_CATEGORY_KEYS } from './price-categories';
import { MESSAGES, oneLine, parseSchemaJson } from './validation';

const imageFields = Object.fromEntries(IMAGE_SLOTS.map((s) => [s, z.string().nullable()])) as Record<
  ImageSlot,
  z.ZodNullable<z.ZodString>
>;
const altFields = Object.fromEntries(ALT_SLOTS.map((s) => [`${s}_alt`, z.string()])) as Record<
  `${AltSlot}_alt`,
  z.ZodString
>;
export const packageSchema = z
  .object({
    id: z.number().int(),
    package_tag: z.string(),
    title: z.string(),
    type: z.string(),
    duration: z.string(),
    ticket_type: z.enum(PACKAGE_KINDS),
    status: z.string(),
    folder: z.number().int(),
    company: z.string(),
    adult_price: z.string(),
    youth_price: z.string(),
    off_price: z.string().nullable(),
    /**
     * Beside the spec's fields (decision 064, EU Omnibus): the lowest adult price of the 30 days before
     * the current price began, when it was higher; null when the current price is no reduction. The
     * storefront strikes through this, never off_price alone (`announcedOldPrice`).
     */
    prior_price: z.string().nullable().optional(),
    ...imageFields,
    ...altFields,
    dates: z.array(z.string()),
    description: z.string(),
    meta_title: z.string(),
    meta_description: z.string(),
    meta_keywords: z.string(),
    schema_json: z.unknown().nullable(),
    is_featured: z.boolean(),
    /** Beside the spec's fields (inventory): how it sells; null is the spec's dates-or-none. */
    availability_type: z.enum(AVAILABILITY_TYPES).nullable(),
    pass_hours: z.number().int().nullable(),
    /** Beside the spec's fields (decision 039): the storefront's categories it is listed under. */
    categories: z.array(z.enum(PACKAGE_CATEGORY_KEYS)),
    /**
     * Beside the spec's fields (decision 024), when asked for in another language (?lang=): the text
     * fields with no words in that language yet, which show their English (the editors see them marked).
     */
    untranslated: z.array(z.enum(PACKAGE_TEXT_FIELDS)).optional(),
    /**
     * Beside the spec's fields (decision 040), on the one-package read only (the list stays lean): the
     * hours before the visit a buyer may still cancel, and the facts a buyer reads before paying, in the
     * language asked for, with the facts still in English in another language.
     */
    cancel_cutoff_hours: z.number().int().optional(),
    facts: packageFactsSchema.nullable().optional(),
    facts_untranslated: factFieldsSchema.optional(),
    /**
     * Beside the spec's fields (decision 070), on the one-package read only: the price categories it
     * sells beside adult and youth, each with its price ("2.00"); the kinds' names, proofs and rules are
     * the contract's PRICE_CATEGORIES.
     */
    price_categories: z.array(z.object({ key: z.enum(PRICE_CATEGORY_KEYS), price: z.string() })).optional(),
    /**
     * Beside the spec's fields (decision 071), on the one-package read only: a combo's parts in order,
     * each with its operator and how it sells; a timed part's open days in `dates` (the buyer chooses a
     * time of each). Empty for a package that is not a combo.
     */
    combo_parts: z
      .array(
        z.object({
          package_tag: z.string(),
          title: z.string(),
          operator: z.string(),
          availability_type: z.enum(AVAILABILITY_TYPES).nullable(),
          pass_hours: z.number().int().nullable(),
          dates: z.array(z.string()),
        }),
      )
      .optional(),
  })
  .meta({ id: 'Package' });
/** A package's prices over time (decision 064), as the ticket editor shows them. */
export const priceHistorySchema = z.object({
  off_price: z.string().nullable(),
  prior_price: z.string().nullable(),
  prices: z.array(
    z.object({
      adult_price: z.string(),
      youth_price: z.string(),
      /** When this price began (ISO instant; shown in Rome time). */
      valid_from: z.string(),
    }),
  ),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_slug: z.string(),
  active: z.boolean(),
});
export const packagesResponseSchema = z.object({
  bus_data: z.array(packageSchema),
  folders: z.array(folderSchema),
});

/** The one-line texts an editor types, trimmed. */
const oneLineText = (s: string) => oneLine(s).trim();
const lineField = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, `is too long (at most ${max} characters)`)
    .transform(oneLineText);
const priceFormat = (label: string) => `${label} must be a number of 0 or more with at most two decimals`;
/** A price as the editor sends it ('18.50' or 18.5), in cents; null or '' is no price. */
const priceInput = (label: string) =>
  z.union([z.number(), z.string(), z.null()], { error: priceFormat(label) }).transform((v, ctx) => {
    if (v === null || v === '') return null;
    const cents = decimalToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: priceFormat(label) });
      return z.NEVER;
    }
    return cents;
  });
/** A price that must be there (adult, youth). */
const requiredPrice = (label: string) =>
  priceInput(label)
    .refine((cents) => cents !== null, `${label} is required`)
    .transform((cents) => cents as number)
    .meta({ examples: ['18.50'] });
/** A price that may be cleared with null or '' (the old price). */
const optionalPrice = (label: string) => priceInput(label).meta({ examples: ['25.00', null] });
/** PostgreSQL's integer: a media id beyond it names no item. */
const MAX_ID = 2_147_483_647;
/** An image slot: a media library image id (number or digits), or null / '' to clear the slot. */
const imageSlotField = () =>
  z
    .union([z.number(), z.string(), z.null()], { error: 'Invalid image selected' })
    .transform((v, ctx) => {
      if (v === null || v === '') return null;
      const id = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
      if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: 'Invalid image selected' });
        return z.NEVER;
      }
      return id;
    })
    .meta({ examples: [12, null] });

const imageEdit = Object.fromEntries(IMAGE_SLOTS.map((s) => [s, imageSlotField().optional()])) as Record<
  ImageSlot,
  z.ZodOptional<ReturnType<typeof imageSlotField>>
>;
const altEdit = Object.fromEntries(
  ALT_SLOTS.map((s) => [
    `${s}_alt`,
    z
      .string({ error: 'must be text of at most 300 characters' })
      .max(300, 'must be text of at most 300 characters')
      .transform(oneLineText)
      .optional(),
  ]),
) as Record<`${AltSlot}_alt`, z.ZodOptional<ReturnType<typeof lineField>>>;

/**
 * PATCH update-bus-package/{package_tag}/ (spec §2 Ticket editor): only the fields that changed. Prices come
 * out in cents, texts on one line and trimmed, schema_json parsed (empty is null), image slots as
 * media ids (null clears). The description is sanitised by the server; a body that changes
 * nothing is refused ('Nothing to update.').
 */
export const packageEditSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .transform(oneLineText)
      .pipe(z.string().min(1, 'Title is required').max(200, 'Title is too long (at most 200 characters)'))
      .optional(),
    is_featured: z.boolean({ error: 'is_featured must be true or false' }).optional(),
    adult_price: requiredPrice('Adult price').optional(),
    youth_price: requiredPrice('Youth price').optional(),
    off_price: optionalPrice('Old price').optional(),
    type: lineField(200).optional(),
    meta_title: lineField(200).optional(),
    meta_description: lineField(500).optional(),
    meta_keywords: lineField(500).optional(),
    schema_json: z
      .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown()), z.null()], {
        error: MESSAGES.schemaJson,
      })
      .transform((v, ctx) => {
        if (typeof v !== 'string') return v;
        const parsed = parseSchemaJson(v);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      })
      .optional(),
    description: z
      .string({ error: 'Description must be text' })
      .max(100_000, 'Description must be text of at most 100000 characters')
      .optional(),
    /** Decision 039: the whole list of categories (an empty list takes the package out of every one). */
    categories: z
      .array(
        z.enum(PACKAGE_CATEGORY_KEYS, {
          error: `Unknown category (one of ${PACKAGE_CATEGORY_KEYS.join(', ')})`,
        }),
        { error: 'categories must be a list of category keys' },
      )
      .max(PACKAGE_CATEGORY_KEYS.length * 2, 'categories lists too many keys')
      .transform(normalizeCategories)
      .optional(),
    /** Decision 040: the facts that changed; their words in the language of ?lang=. */
    facts: packageFactsEditSchema.optional(),
    ...imageEdit,
    ...altEdit,
  })
  .meta({
    examples: [
      { title: 'Big Bus Rome 24h', adult_price: '29.00', off_price: null, is_featured: true },
      { carousel_one_small: 12, carousel_one_small_alt: 'The Colosseum', carousel_one_large: 12 },
    ],
  });
export type PackageEdit = z.output<typeof packageEditSchema>;
/**
 * One card of the offers page (spec §7 GET /bus.json: title, subtitle, image, duration, ticket_count,
 * price), built from the catalogue (catalog.ts `catalogOffers`, decision 017); the fields after `price`
 * are new, beside the spec's.
 */
export const offerSchema = z.object({
  title: z.string(),
  subtitle: z.string().meta({ description: "The package's type" }),
  image: z.string().meta({ description: 'Address of the picture on this site (large thumbnail)' }),
  duration: z.string(),
  ticket_count: z.number().int().meta({ description: 'Tickets the price buys: 1, the price is per person' }),
  price: z.string().meta({ description: "The package's adult price, euro, two decimals" }),
  package_tag: z.string(),
  company: z.string(),
  image_small: z.string().meta({ description: 'Small thumbnail for narrow screens' }),
  original_price: z.string().meta({ description: "The package's off_price, struck through" }),
  save_percent: z.number().int().meta({ description: 'Spec §9: round((original - price) / original * 100)' }),
  path: z.string().meta({ description: "The package's ticket page" }),
}) satisfies z.ZodType<OfferCard>;
/** GET /bus.json : the offers page's list, from the catalogue. */
export const offersResponseSchema = z.array(offerSchema).meta({
  examples: [
    [
      {
        title: 'Big Bus Rome Classic 24h',
        subtitle: 'Hop-on hop-off',
        image: '/media/3f2a.webp',
        duration: '24 hours',
        ticket_count: 1,
        price: '29.00',
        package_tag: 'BB-24',
        company: 'Big Bus',
        image_small: '/media/3f2a-small.webp',
        original_price: '35.00',
        save_percent: 17,
        path: '/manageBookings/E9/BB-24',
      },
    ],
  ],
});

/**
 * GET /api/packages/search/ (decision 039): what a visitor typed, a category, a sort, in a language.
 * Each field words its own problem as a sentence (the call's `ownMessages`).
 */
const SEARCH_TEXT_MESSAGE = `Search text must be at most ${SEARCH_TEXT_MAX} characters.`;
const SEARCH_LIMIT_MESSAGE = `The limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`;
export const packageSearchQuerySchema = z
  .object({
    q: z
      .string({ error: 'Search text must be one text.' })
      .max(SEARCH_TEXT_MAX, SEARCH_TEXT_MESSAGE)
      .transform(oneLineText)
      .optional()
      .meta({
        description: 'Words of a name, operator, landmark or kind, in any language',
        examples: ['colosseum'],
      }),
    category: z
      .enum(PACKAGE_CATEGORY_KEYS, {
        error: `Unknown category (one of ${PACKAGE_CATEGORY_KEYS.join(', ')}).`,
      })
      .optional(),
    sort: z
      .enum(SEARCH_SORTS, { error: `Unknown sort (one of ${SEARCH_SORTS.join(', ')}).` })
      .optional()
      .meta({ description: 'relevance (default), or by adult price: price_asc, price_desc' }),
    limit: z.coerce
      .number({ error: SEARCH_LIMIT_MESSAGE })
      .int({ error: SEARCH_LIMIT_MESSAGE })
      .min(1, { error: SEARCH_LIMIT_MESSAGE })
      .max(SEARCH_LIMIT_MAX, { error: SEARCH_LIMIT_MESSAGE })
      .optional()
      .meta({ description: `At most this many results (default ${SEARCH_LIMIT_DEFAULT})` }),
    ...languageQuerySchema.shape,
  })
  .refine((s) => Boolean(s.q) || Boolean(s.category), {
    error: 'Type what you are looking for or choose a category.',
  });
export const packageSearchResponseSchema = z.object({
  q: z.string().meta({ description: 'The text searched for, as read (trimmed, on one line)' }),
  category: z.enum(PACKAGE_CATEGORY_KEYS).nullable(),
  sort: z.enum(SEARCH_SORTS),
  total: z.number().int().meta({ description: 'Packages found, before `limit`' }),
  results: z.array(packageSchema).meta({ description: "The packages found, in the page's language" }),
});

// Types inferred from the schemas above (the web imports them as types only, so it carries no zod).
export type PackageSearchResult = z.infer<typeof packageSearchResponseSchema>;
export type Package = z.infer<typeof packageSchema>;
export type Folder = z.infer<typeof folderSchema>;
export type PackagesResponse = z.infer<typeof packagesResponseSchema>;
export type Offer = z.infer<typeof offerSchema>;
