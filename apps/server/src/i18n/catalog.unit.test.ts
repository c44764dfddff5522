/**
 * The server's catalogues (issue #20): every language has every message the English has (a missing
 * translation fails here as it fails the build, scripts/check-i18n.mjs), the instances speak their
 * language with values and plurals, and a message not extracted yet still reads as its English.
 */
import { LOCALES } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import { loadMessages, serverI18n } from './catalog';

describe('server catalogues', () => {
  it('every language translates every message the storefront and the server have', () => {
    const english = Object.keys(loadMessages('en'));
    expect(english.length).toBeGreaterThan(60);
    for (const locale of LOCALES) {
      const messages = loadMessages(locale);
      expect(
        english.filter((id) => !(id in messages)),
        locale,
      ).toEqual([]);
    }
  });

  it('speaks each language, with values and plural rules', () => {
    expect(serverI18n('it')._('Your ticket: {title}', { title: 'Colosseo' })).toBe(
      'Il tuo biglietto: Colosseo',
    );
    expect(serverI18n('fr')._('{count, plural, one {# adult} other {# adults}}', { count: 1 })).toBe(
      '1 adulte',
    );
    expect(serverI18n('de')._('{count, plural, one {# adult} other {# adults}}', { count: 3 })).toBe(
      '3 Erwachsene',
    );
    expect(serverI18n('es')._('About Us')).toBe('Quiénes somos');
    expect(serverI18n('en')._('Your ticket: {title}', { title: 'Colosseum' })).toBe('Your ticket: Colosseum');
  });

  it('a message missing from the catalogues reads as its English, values filled in', () => {
    expect(serverI18n('it')._('Not in any catalogue, {who}.', { who: 'Anna' })).toBe(
      'Not in any catalogue, Anna.',
    );
  });
});
