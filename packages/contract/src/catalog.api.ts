/**
 * The catalogue's calls of spec §7: the package list, one package, the editors' package edit, and the
 * offers page's list.
 */
import { z } from 'zod';
import { ALT_SLOTS, IMAGE_SLOTS } from './catalog';
import {
  offersResponseSchema,
  packageEditSchema,
  packageSchema,
  packageSearchQuerySchema,
  packageSearchResponseSchema,
  packagesResponseSchema,
  priceHistorySchema,
} from './catalog.schema';
import { endpoint, errors } from './endpoint';
import { languageQuerySchema } from './locales.schema';
import { packageTagParams, packageTagSchema } from './package-key';
import { SEARCH_TEXT_MAX } from './package-search';

/** One package as the examples of the reference show it (every field of spec §3); tests start from it too. */
export const EXAMPLE_PACKAGE = {
  id: 1,
  package_tag: 'BB-24',
  title: 'Big Bus Rome 24h',
  type: 'Hop-on hop-off',
  duration: '24 hours',
  ticket_type: 'bus_tour',
  status: 'active',
  folder: 1,
  company: 'Big Bus',
  adult_price: '29.00',
  youth_price: '19.00',
  off_price: '35.00',
  ...Object.fromEntries(IMAGE_SLOTS.map((s) => [s, null])),
  thumbnail_large: '/media/3f2a.webp',
  ...Object.fromEntries(ALT_SLOTS.map((s) => [`${s}_alt`, ''])),
  dates: ['2026-06-01'],
  description: '<p>Eight stops around the centre.</p>',
  meta_title: 'Big Bus Rome 24h',
  meta_description: 'Hop-on hop-off bus tour of Rome, 24 hours.',
  meta_keywords: 'rome, bus',
  schema_json: null,
  is_featured: true,
  availability_type: null,
  pass_hours: 24,
  categories: ['bus-tours'],
};
const EXAMPLE_FOLDER = { id: 1, name: 'Big Bus', company_slug: 'big-bus', active: true };

export const catalogApi = {
  // The spec's one call outside /api/ (§7: GET /bus.json). It is a JSON call of the shop like the rest,
  // so it is declared, validated and documented the same way; its key is simply its own path.
  'GET /bus.json': endpoint({
    summary: "The offers page's list: title, subtitle, image, duration, ticket count and price",
    description:
      'Built from the catalogue: every package whose off_price is above its price, with its price, ' +
      'old price, saving (spec §9) and ticket page, the largest saving first. The same for everyone; ' +
      'it follows catalogue edits at once (no-cache).',
    tag: 'catalog',
    access: 'public',
    // Beside the spec's call (decision 024): the titles and subtitles in the page's language.
    query: languageQuerySchema,
    responses: { 200: offersResponseSchema },
  }),
  'GET /api/packages/': endpoint({
    summary: 'The catalogue: every package on sale and the bus services (folders)',
    tag: 'catalog',
    access: 'public',
    description:
      'Served from a ready JSON string, compressed once per encoding, with an ETag: a request whose ' +
      'If-None-Match is the current ETag is answered 304 with no body. With ?lang= (beside the ' +
      "spec) the packages' words are in that language where editors wrote them, English otherwise " +
      '(listed in `untranslated`).',
    query: languageQuerySchema,
    responses: {
      200: packagesResponseSchema.meta({
        examples: [{ bus_data: [EXAMPLE_PACKAGE], folders: [EXAMPLE_FOLDER] }],
      }),
      304: z.null().meta({ description: 'Not modified: the ETag sent in If-None-Match is current.' }),
    },
  }),
  'GET /api/packages/search/': endpoint({
    summary: 'Text search of the catalogue: name, operator, landmark, kind; any language, typos forgiven',
    tag: 'catalog',
    access: 'public',
    description:
      "Beside the spec's search by ticket type (decision 039). The words match the packages' titles, " +
      'operators, descriptions, subtitles, ticket types and categories in all five languages, with a ' +
      "typo or two ('colloseum', 'borgese'), the first word's beginning enough; all words must match " +
      'where any package matches them all, else the best matches of any. `category` keeps one ' +
      'category (alone it lists the category); `sort` orders by adult price; the packages come in ' +
      "`lang`'s words. A text longer than " +
      `${SEARCH_TEXT_MAX} characters, an unknown category or sort, or neither text nor category is a 400.`,
    query: packageSearchQuerySchema,
    ownMessages: true,
    responses: {
      200: packageSearchResponseSchema.meta({
        examples: [
          {
            q: 'colloseum',
            category: null,
            sort: 'relevance',
            total: 1,
            results: [{ ...EXAMPLE_PACKAGE, categories: ['museums'] }],
          },
        ],
      }),
      400: errors[400],
    },
  }),
  'GET /api/package/:status/:packageTag/': endpoint({
    summary: 'One package, by booking path code and package tag',
    tag: 'catalog',
    access: 'public',
    description:
      "Beside the spec's fields (decision 040): `cancel_cutoff_hours` and the facts a buyer reads " +
      'before paying (`facts`: meeting point or entrance, hours, included, not included, accessibility, ' +
      "stops with their places), in ?lang='s language with the English where none is written " +
      '(`facts_untranslated`). The package list leaves these out.',
    params: z.object({
      status: z.string().meta({
        description: "'E9' (a package with a duration) or 'E8'; any other answers 404",
        examples: ['E9'],
      }),
      packageTag: packageTagSchema,
    }),
    query: languageQuerySchema,
    responses: {
      200: z.object({ data: packageSchema }).meta({ examples: [{ data: EXAMPLE_PACKAGE }] }),
      404: errors[404],
    },
  }),
  'PATCH /api/update-bus-package/:packageTag/': endpoint({
    summary: 'Edit a package: the changed fields, or one image (editors)',
    tag: 'catalog',
    access: 'editor',
    description:
      'Only the fields sent change. Prices are decimals of 0 or more with up to two decimals; ' +
      'schema_json is JSON text (empty clears it) or a JSON object; an image slot takes a media library ' +
      'image id (null clears it). Bad input changes nothing. With ?lang= (beside the spec) ' +
      'the words (title, type, description, meta fields) are written in that language, an empty one ' +
      'showing the English again; prices, pictures and the featured flag are the same in every language. ' +
      "`facts` (decision 040) writes the facts sent: English with the stops' places on the English page, " +
      "a language's words (the stops' names only) with ?lang=.",
    params: packageTagParams,
    query: languageQuerySchema,
    body: packageEditSchema,
    responses: {
      200: z
        .object({
          data: packageSchema.nullable().meta({ description: 'The package as the list now shows it' }),
          message: z.string(),
        })
        .meta({ examples: [{ data: EXAMPLE_PACKAGE, message: 'Ticket updated successfully!' }] }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'GET /api/editor/packages/:packageTag/prices/': endpoint({
    summary: "A package's price history and the old price the shop may show (editors)",
    description:
      'Beside the spec (decision 064, EU Omnibus): every adult and youth price the package has had, newest ' +
      'first, from when; and prior_price, the lowest adult price of the 30 days before the current one ' +
      'began when it was higher: the only old price the storefront strikes through, and only while ' +
      'off_price is set.',
    tag: 'catalog',
    access: 'editor',
    params: packageTagParams,
    responses: {
      200: priceHistorySchema.meta({
        examples: [
          {
            off_price: '35.00',
            prior_price: '35.00',
            prices: [
              { adult_price: '29.00', youth_price: '19.00', valid_from: '2026-11-26T09:00:00.000Z' },
              { adult_price: '35.00', youth_price: '19.00', valid_from: '2026-10-07T09:00:00.000Z' },
            ],
          },
        ],
      }),
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
} as const;
