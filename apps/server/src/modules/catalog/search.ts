/**
 * The text search of the catalogue (decision 039), beside the spec's search by ticket type. A
 * MiniSearch index (BM25 with prefix and fuzzy matching) of every package on sale: one document per
 * package holding its words in all five languages, so an Italian visitor's 'colosseo', a German's
 * 'vatikan' and a typist's 'colloseum' find the same ticket; the answer is in the visitor's language.
 *
 * The index is built from the catalogue cache (service.ts), once per load of it: an editor's change
 * invalidates the cache, and the next search builds its index from the new load.
 */
import {
  categoryLabel,
  DEFAULT_LOCALE,
  decimalToCents,
  LOCALES,
  type Locale,
  type Package,
  type PackageCategory,
  type PackageSearchResult,
  SEARCH_LIMIT_DEFAULT,
  type SearchSort,
  TICKET_TYPES,
} from '@rome/contract';
import MiniSearch from 'minisearch';
import { serverI18n } from '../../i18n/catalog';
import type { Catalog, CatalogSnapshot } from './service';

/** One package as the index reads it: each field its words in every language, each text once. */
type SearchDoc = { id: string; title: string; company: string; kind: string; landmarks: string };

const FIELDS = ['title', 'company', 'kind', 'landmarks'] as const;
/**
 * A word in the title counts most, then the operator, then what kind of ticket it is; a landmark
 * named in a description counts least, as every bus tour's description names the Colosseum.
 */
const BOOST = { title: 4, company: 2.5, kind: 1.5, landmarks: 1 };

/**
 * Words that tell no package from another, in the five languages: with them a search for 'the night
 * bus' would match every description. Words of one letter go too.
 */
const STOP_WORDS = new Set(
  (
    'the and of to in on at by for with from a an or is are your you ' +
    'il lo la le gli di da del della dei delle al alla ai con per tra fra e ed un una uno ' +
    'el los las y en con para por del al un una unos unas ' +
    'le la les des du de et au aux en un une pour avec sur ' +
    'der die das den dem des und mit zum zur im am ein eine einen fur von zu'
  ).split(' '),
);

/** Lower case without accents ('Borghèse', 'Colisée', 'für'), German ß as ss. */
export const foldWord = (word: string): string =>
  word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');

const processTerm = (term: string): string | null => {
  const folded = foldWord(term);
  return folded.length < 2 || STOP_WORDS.has(folded) ? null : folded;
};

/** The words of a description: its HTML's text. */
const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&rsquo;/g, "'");

/**
 * The landmarks in a package's facts (decision 040, written by the editors): the stops' names and the
 * meeting point. Read defensively: facts are optional and their shape is not this module's.
 */
function factPlaces(pkg: Package): string[] {
  const facts = (pkg as { facts?: unknown }).facts;
  if (!facts || typeof facts !== 'object') return [];
  const { stops, meeting_point } = facts as { stops?: unknown; meeting_point?: unknown };
  const places = typeof meeting_point === 'string' ? [meeting_point] : [];
  if (Array.isArray(stops))
    for (const stop of stops) {
      const name = (stop as { name?: unknown } | null)?.name;
      if (typeof name === 'string') places.push(name);
    }
  return places;
}

/** The kind of ticket in a language's words: subtitle, ticket type, categories. */
function kindWords(pkg: Package, locale: Locale): string[] {
  const i18n = serverI18n(locale);
  const type = TICKET_TYPES.find((t) => t.value === pkg.duration.trim().toLowerCase());
  return [
    pkg.type,
    type ? i18n._(type.label) : pkg.duration,
    ...(pkg.categories ?? []).map((c) => i18n._(categoryLabel(c) ?? c)),
  ];
}

const joined = (texts: Iterable<string>) => [...new Set(texts)].filter((t) => t.trim() !== '').join(' \n ');

export type SearchIndex = {
  index: MiniSearch<SearchDoc>;
  /** The English packages by tag, for the category filter and the price sort. */
  byTag: Map<string, Package>;
};

/** The index of one load of the catalogue, from its snapshots in every language. */
export function buildSearchIndex(languages: Record<Locale, CatalogSnapshot>): SearchIndex {
  const english = languages[DEFAULT_LOCALE];
  const docs: SearchDoc[] = english.packages.map((pkg) => {
    const inEvery = LOCALES.map((l) => languages[l].byTag.get(pkg.package_tag) ?? pkg);
    return {
      id: pkg.package_tag,
      title: joined(inEvery.map((p) => p.title)),
      company: pkg.company,
      kind: joined(LOCALES.flatMap((l, i) => kindWords(inEvery[i], l))),
      landmarks: joined(inEvery.flatMap((p) => [textOf(p.description), ...factPlaces(p)])),
    };
  });
  const index = new MiniSearch<SearchDoc>({
    fields: [...FIELDS],
    processTerm,
    searchOptions: {
      boost: BOOST,
      // A word of 3 letters or more may be the start of one ('vati'); from 4 letters a word may be
      // one letter off, from 8 two ('borgese', 'colloseum'): MiniSearch's 0.2 of its length, rounded.
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
    },
  });
  index.addAll(docs);
  return { index, byTag: english.byTag };
}

/** One index per load of the catalogue: a new load (after an edit) is a new English snapshot. */
const indexes = new WeakMap<CatalogSnapshot, SearchIndex>();

/** The index of the catalogue as it is now. */
export async function currentSearchIndex(catalog: Catalog): Promise<SearchIndex> {
  // Asked in one go, every language comes from the same load of the cache.
  const snapshots = await Promise.all(LOCALES.map((l) => catalog.get(l)));
  const languages = Object.fromEntries(LOCALES.map((l, i) => [l, snapshots[i]])) as Record<
    Locale,
    CatalogSnapshot
  >;
  const english = languages[DEFAULT_LOCALE];
  let built = indexes.get(english);
  if (!built) {
    built = buildSearchIndex(languages);
    indexes.set(english, built);
  }
  return built;
}

export type PackageSearch = {
  q?: string;
  category?: PackageCategory;
  sort?: SearchSort;
  limit?: number;
};

const priceOf = (pkg: Package) => decimalToCents(pkg.adult_price) ?? 0;

/**
 * The packages a search finds, in `shown`'s language. With words: every word must match where some
 * package matches them all ('vatican museums'), otherwise the packages matching any, best first.
 * Without words, the category's packages in catalogue order. A category keeps its packages only; a
 * price sort reorders (stable: equal prices keep the match order).
 */
export function searchPackages(
  built: SearchIndex,
  shown: CatalogSnapshot,
  search: PackageSearch,
): PackageSearchResult {
  const q = search.q?.trim() ?? '';
  const category = search.category ?? null;
  const sort = search.sort ?? 'relevance';
  const inCategory = (tag: string) =>
    category === null || (built.byTag.get(tag)?.categories ?? []).includes(category);
  let tags: string[];
  if (q) {
    const filter = (r: { id: unknown }) => inCategory(String(r.id));
    const all = built.index.search(q, { combineWith: 'AND', filter });
    const found = all.length > 0 ? all : built.index.search(q, { combineWith: 'OR', filter });
    tags = found.map((r) => String(r.id));
  } else {
    tags = shown.packages.map((p) => p.package_tag).filter(inCategory);
  }
  let results = tags.map((tag) => shown.byTag.get(tag)).filter((p): p is Package => p !== undefined);
  if (sort !== 'relevance') {
    const direction = sort === 'price_asc' ? 1 : -1;
    results = [...results].sort((a, b) => direction * (priceOf(a) - priceOf(b)));
  }
  return {
    q,
    category,
    sort,
    total: results.length,
    results: results.slice(0, search.limit ?? SEARCH_LIMIT_DEFAULT),
  };
}
