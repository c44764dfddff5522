/**
 * The server's messages in the page's language (issue #20): a message the contract marks for
 * translation shows translated; any other message, and English pages, show it as the server sent it.
 */
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage } from './client';

const refusal = (error: string) => ({ status: 400, body: { error } });

afterEach(() => i18n.activate('en'));

describe('errorMessage', () => {
  it('translates a message the catalogue knows and keeps the others', () => {
    i18n.loadAndActivate({ locale: 'it', messages: { 'Sold out': 'Esaurito' } });
    expect(errorMessage(refusal('Sold out'), 'x')).toBe('Esaurito');
    expect(errorMessage(refusal('Only 3 places left for this time.'), 'x')).toBe(
      'Only 3 places left for this time.',
    );
    expect(errorMessage(null, 'Qualcosa è andato storto')).toBe('Qualcosa è andato storto');
  });

  it('English shows the spec text as sent', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(errorMessage(refusal('Sold out'), 'x')).toBe('Sold out');
  });
});
