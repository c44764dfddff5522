import { describe, expect, it } from 'vitest';
import {
  FACT_LIMITS,
  factsInLanguage,
  hasFacts,
  NO_FACTS,
  type PackageFacts,
  stopIdOf,
} from './package-facts';
import { packageFactsEditSchema, packageFactsSchema } from './package-facts.schema';

const english: PackageFacts = {
  meeting_point: 'Via Marsala 7, beside Termini station',
  hours: ['First bus 09:00, last bus 18:30'],
  included: ['Hop on and off for 24 hours'],
  not_included: ['Museum entries'],
  accessibility: 'Low-floor buses with a ramp.',
  stops: [
    { id: 'termini', name: 'Termini', lat: 41.9013, lng: 12.503 },
    { id: 'colosseum', name: 'Colosseum', lat: 41.8897, lng: 12.4936 },
  ],
};

describe('the facts in a language', () => {
  it('lays the words over the English field by field and names what is still English', () => {
    const { facts, untranslated } = factsInLanguage(
      english,
      {
        meeting_point: 'Via Marsala 7, accanto a Termini',
        hours: ['Primo autobus alle 09:00'],
        stop_names: { colosseum: 'Colosseo' },
      },
      'it',
    );
    expect(facts.meeting_point).toBe('Via Marsala 7, accanto a Termini');
    expect(facts.hours).toEqual(['Primo autobus alle 09:00']);
    expect(facts.included).toEqual(english.included);
    // A stop keeps its place; its name is the language's where there is one.
    expect(facts.stops).toEqual([english.stops[0], { ...english.stops[1], name: 'Colosseo' }]);
    expect(untranslated).toEqual(['included', 'not_included', 'accessibility', 'stops']);
  });

  it('is the English itself in English, and marks nothing for a fact the English does not have', () => {
    expect(factsInLanguage(english, { meeting_point: 'ignored' }, 'en')).toEqual({
      facts: english,
      untranslated: [],
    });
    const { untranslated } = factsInLanguage({ ...NO_FACTS, meeting_point: 'Via Sacra' }, null, 'de');
    expect(untranslated).toEqual(['meeting_point']);
  });

  it('says whether there is anything to show', () => {
    expect(hasFacts(NO_FACTS)).toBe(false);
    expect(hasFacts(null)).toBe(false);
    expect(hasFacts({ ...NO_FACTS, hours: ['09:00-19:00'] })).toBe(true);
  });

  it('makes stop ids from names, unique within the line', () => {
    expect(stopIdOf('Piazza Venezia', new Set())).toBe('piazza-venezia');
    expect(stopIdOf('Bocca della Verità', new Set())).toBe('bocca-della-verita');
    expect(stopIdOf('Termini', new Set(['termini']))).toBe('termini-2');
    expect(stopIdOf('***', new Set())).toBe('stop');
  });
});

describe("the editor's facts", () => {
  it('trims lines, drops blank list lines and keeps only what was sent', () => {
    const parsed = packageFactsEditSchema.parse({
      meeting_point: '  Via Sacra\n by the Arch of Titus ',
      included: ['Entry', '  ', 'Audio guide'],
    });
    expect(parsed).toEqual({
      meeting_point: 'Via Sacra  by the Arch of Titus',
      included: ['Entry', 'Audio guide'],
    });
  });

  it('refuses HTML, long texts, too many lines, places outside Rome and unknown keys', () => {
    const stop = { name: 'Termini', lat: 41.9, lng: 12.5 };
    for (const bad of [
      { meeting_point: '<script>alert(1)</script>' },
      { included: ['<a href="x">link</a>'] },
      { meeting_point: 'x'.repeat(FACT_LIMITS.meetingPoint + 1) },
      { included: ['x'.repeat(FACT_LIMITS.line + 1)] },
      { not_included: Array.from({ length: FACT_LIMITS.listLines + 1 }, () => 'x') },
      { stops: [{ ...stop, lat: 48.85 }] },
      { stops: [{ ...stop, lng: 41.9, lat: 12.5 }] },
      { stops: [{ ...stop, name: '   ' }] },
      { stops: [{ ...stop, id: 'Not An Id' }] },
      {
        stops: [
          { ...stop, id: 'a' },
          { ...stop, id: 'a' },
        ],
      },
      { stops: [{ ...stop, extra: 1 }] },
      { price: '10.00' },
    ]) {
      expect(packageFactsEditSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    // Words with a '<' that is not a tag are plain text.
    expect(packageFactsEditSchema.safeParse({ accessibility: 'Steps < 10 cm at the door' }).success).toBe(
      true,
    );
  });

  it('reads back what it stores', () => {
    expect(packageFactsSchema.parse(english)).toEqual(english);
  });
});
