/**
 * The demo's facts (decision 040): every demo package has them, in every language, in the contract's
 * shape; every stop is named in every language and lies in Rome; the museums' real entrances are there.
 */
import { LOCALES, packageFactsEditSchema, packageFactsSchema } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PACKAGES } from './data';
import { DEMO_FACT_TAGS, demoFacts } from './package-facts';

describe('demo facts', () => {
  it('cover every demo package', () => {
    expect([...DEMO_FACT_TAGS].sort()).toEqual(DEMO_PACKAGES.map((p) => p.tag).sort());
  });

  it('are written in every language within the limits an editor has, each stop named in each', () => {
    for (const tag of DEMO_FACT_TAGS) {
      const facts = demoFacts(tag)!;
      expect(packageFactsSchema.safeParse(facts.english).success, tag).toBe(true);
      // As if an editor typed them: the editor's limits and the plain-text rule hold.
      const { stops, ...words } = facts.english;
      const parsed = packageFactsEditSchema.safeParse({ ...words, stops });
      expect(parsed.success, `${tag}: ${parsed.error?.message}`).toBe(true);
      for (const locale of LOCALES) {
        const own = facts.words[locale];
        const { stop_names, ...text } = own;
        expect(packageFactsEditSchema.safeParse(text).success, `${tag} ${locale}`).toBe(true);
        expect(Object.keys(stop_names ?? {}).sort(), `${tag} ${locale}`).toEqual(
          stops.map((s) => s.id).sort(),
        );
        expect(own.meeting_point, `${tag} ${locale}`).not.toBe('');
      }
    }
  });

  it('put the museums at their real entrances and the bus lines at their real stops', () => {
    expect(demoFacts('RM-COL')!.english.meeting_point).toMatch(/Via Sacra.*Largo della Salara Vecchia/);
    expect(demoFacts('RM-VAT')!.english.meeting_point).toContain('Viale Vaticano');
    expect(demoFacts('RM-BORGHESE')!.english.meeting_point).toContain('Piazzale Scipione Borghese 5');
    const stops = demoFacts('BB-24')!.english.stops.map((s) => s.id);
    expect(stops).toEqual(
      expect.arrayContaining([
        'termini',
        'colosseum',
        'circus-maximus',
        'piazza-venezia',
        'st-peters',
        'trevi',
      ]),
    );
  });
});
