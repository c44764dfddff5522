/**
 * The facts a buyer reads before paying (decision 040): read from `packages.facts` (English, with the
 * stops' places) and `package_translations.facts` (a language's words), and an editor's change split
 * between the two. The shapes and limits are the contract's (package-facts.ts); what is here needs the
 * stored rows.
 */
import {
  DEFAULT_LOCALE,
  type FactField,
  type FactWords,
  factsInLanguage,
  hasFacts,
  type Locale,
  NO_FACTS,
  type PackageFacts,
  type PackageFactsEdit,
  stopIdOf,
  storedFactsSchema,
  storedFactWordsSchema,
} from '@rome/contract';
import { badRequest } from '../../lib/errors';

/** English facts as stored; a row that does not parse (written by hand) counts as none. */
export function storedFacts(json: unknown): PackageFacts | null {
  if (json === null || json === undefined) return null;
  const parsed = storedFactsSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** A language's words as stored; a row that does not parse counts as none (the English shows). */
export function storedWords(json: unknown): FactWords | null {
  if (json === null || json === undefined) return null;
  const parsed = storedFactWordsSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The facts of a package in `locale`: null when it has none, with the fields still in English. */
export function factsFor(
  englishJson: unknown,
  wordsJson: unknown,
  locale: Locale,
): { facts: PackageFacts | null; facts_untranslated?: FactField[] } {
  const english = storedFacts(englishJson);
  if (!hasFacts(english))
    return { facts: null, ...(locale === DEFAULT_LOCALE ? {} : { facts_untranslated: [] }) };
  const { facts, untranslated } = factsInLanguage(english, storedWords(wordsJson), locale);
  return locale === DEFAULT_LOCALE ? { facts } : { facts, facts_untranslated: untranslated };
}

const TEXT_FACTS = ['meeting_point', 'accessibility'] as const;
const LIST_FACTS = ['hours', 'included', 'not_included'] as const;

/**
 * An editor's change laid over the stored facts: the new English facts (places and order of the
 * stops, and in English every word) and, in another language, that language's new words. Only the
 * facts sent change. In another language the stops' places and order are the English ones: a row
 * may rename its stop, not move, add or remove one (that is done on the English page), so a list
 * that does not match them is refused and nothing is stored.
 */
export function applyFactsEdit(
  englishJson: unknown,
  wordsJson: unknown,
  edit: PackageFactsEdit,
  language: Locale,
): { english: PackageFacts; words: FactWords | null } {
  const english: PackageFacts = { ...(storedFacts(englishJson) ?? NO_FACTS) };
  if (language === DEFAULT_LOCALE) {
    for (const field of TEXT_FACTS) if (edit[field] !== undefined) english[field] = edit[field];
    for (const field of LIST_FACTS) if (edit[field] !== undefined) english[field] = edit[field];
    if (edit.stops) {
      const taken = new Set(edit.stops.flatMap((s) => (s.id ? [s.id] : [])));
      english.stops = edit.stops.map((s) => {
        const id = s.id ?? stopIdOf(s.name, taken);
        taken.add(id);
        return { id, name: s.name, lat: s.lat, lng: s.lng };
      });
    }
    return { english, words: null };
  }

  const words: FactWords = { ...(storedWords(wordsJson) ?? {}) };
  // An empty text or list takes the language's words away: the English shows again, marked.
  for (const field of TEXT_FACTS) {
    const value = edit[field];
    if (value === undefined) continue;
    if (value === '') delete words[field];
    else words[field] = value;
  }
  for (const field of LIST_FACTS) {
    const value = edit[field];
    if (value === undefined) continue;
    if (value.length === 0) delete words[field];
    else words[field] = value;
  }
  if (edit.stops) {
    const same =
      edit.stops.length === english.stops.length &&
      edit.stops.every((s, i) => {
        const stop = english.stops[i];
        return s.id === stop.id && s.lat === stop.lat && s.lng === stop.lng;
      });
    if (!same)
      throw badRequest(
        'Stops are added, moved and placed on the English page; here only their names change.',
      );
    const names: Record<string, string> = {};
    for (const s of edit.stops) names[s.id as string] = s.name;
    words.stop_names = names;
  }
  return { english, words };
}
