/**
 * What a buyer needs to know before paying, shown beside the price on the ticket page: where to meet
 * or enter, the hours or departures, what is included and what is not, accessibility, and the stops
 * of a bus line with their places on the map (decision 040).
 *
 * English lives in `packages.facts`, every other language's words in `package_translations.facts`
 * (decision 024). A stop's place (latitude, longitude) and the order of the stops are the same in every
 * language, so they are kept once, with the English; a language keeps only the stops' names, by the
 * stop's `id`. Plain data and pure functions: the web app imports this module's types and limits.
 */
import { DEFAULT_LOCALE, type Locale } from './locales';

/** How long each fact may be: a line on a phone, a short paragraph, a list a buyer reads in passing. */
export const FACT_LIMITS = {
  /** Meeting point or entrance: one line, an address and a landmark. */
  meetingPoint: 300,
  /** Accessibility: a short paragraph. */
  accessibility: 600,
  /** Hours, included, not included: lines of a list. */
  line: 160,
  hoursLines: 8,
  listLines: 12,
  /** Stops of a bus line. */
  stops: 30,
  stopName: 80,
  stopId: 40,
} as const;

/**
 * Where a stop may be: Rome and its surroundings (Tivoli and Ostia included). A place outside is
 * almost always a slip (latitude and longitude swapped, a minus sign), and it would shrink the
 * whole map to a dot.
 */
export const STOP_AREA = { minLat: 41.6, maxLat: 42.1, minLng: 12.2, maxLng: 12.9 } as const;

/** The facts an editor writes per language; `stops` stands for the stops' names. */
export const FACT_FIELDS = [
  'meeting_point',
  'hours',
  'included',
  'not_included',
  'accessibility',
  'stops',
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

export type FactStop = { id: string; name: string; lat: number; lng: number };

/** A package's facts in one language, as the ticket page reads them (every key present, '' or [] for none). */
export type PackageFacts = {
  meeting_point: string;
  hours: string[];
  included: string[];
  not_included: string[];
  accessibility: string;
  stops: FactStop[];
};

/** A language's words (package_translations.facts): a key that is absent shows the English. */
export type FactWords = {
  meeting_point?: string;
  hours?: string[];
  included?: string[];
  not_included?: string[];
  accessibility?: string;
  /** Stop names by stop id. */
  stop_names?: Record<string, string>;
};

export const NO_FACTS: PackageFacts = {
  meeting_point: '',
  hours: [],
  included: [],
  not_included: [],
  accessibility: '',
  stops: [],
};

/** Whether the facts say anything at all (an empty set is not shown). */
export const hasFacts = (f: PackageFacts | null | undefined): f is PackageFacts =>
  Boolean(
    f &&
      (f.meeting_point ||
        f.accessibility ||
        f.hours.length ||
        f.included.length ||
        f.not_included.length ||
        f.stops.length),
  );

/** A text is plain when it has nothing a browser would read as a tag (no HTML in the facts). */
export const isPlainText = (s: string): boolean => !/<[a-zA-Z/!?]/.test(s);

/**
 * The facts in `locale`: English with the language's words laid over it, field by field, and the
 * fields that still show English (for the editors' marks). A stop keeps its place; its name is the
 * language's where one was written.
 */
export function factsInLanguage(
  english: PackageFacts,
  words: FactWords | null | undefined,
  locale: Locale,
): { facts: PackageFacts; untranslated: FactField[] } {
  if (locale === DEFAULT_LOCALE) return { facts: english, untranslated: [] };
  const untranslated: FactField[] = [];
  const text = (field: 'meeting_point' | 'accessibility') => {
    const own = words?.[field];
    if (typeof own === 'string' && own !== '') return own;
    if (english[field]) untranslated.push(field);
    return english[field];
  };
  const list = (field: 'hours' | 'included' | 'not_included') => {
    const own = words?.[field];
    if (Array.isArray(own) && own.length) return own;
    if (english[field].length) untranslated.push(field);
    return english[field];
  };
  const names = words?.stop_names ?? {};
  let missingName = false;
  const stops = english.stops.map((stop) => {
    const name = names[stop.id];
    if (typeof name === 'string' && name !== '') return { ...stop, name };
    missingName = true;
    return stop;
  });
  const facts: PackageFacts = {
    meeting_point: text('meeting_point'),
    hours: list('hours'),
    included: list('included'),
    not_included: list('not_included'),
    accessibility: text('accessibility'),
    stops,
  };
  if (missingName) untranslated.push('stops');
  // Keep the fields' order the same as FACT_FIELDS whatever order they were found in.
  untranslated.sort((a, b) => FACT_FIELDS.indexOf(a) - FACT_FIELDS.indexOf(b));
  return { facts, untranslated };
}

/** A stop's id made from its English name: 'Piazza Venezia' -> 'piazza-venezia'. */
export function stopIdOf(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, FACT_LIMITS.stopId - 4) || 'stop';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}
