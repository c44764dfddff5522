/**
 * The server's messages in the page's language (decision 024): a message the contract marks for
 * translation shows translated; any other message, and English pages, show it as the server sent it.
 * A refusal made from numbers names its catalogue message and values (`message_id`, `values`): that
 * shows in the page's language, and its English rendering is the server's English text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { i18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  API,
  AUTH_MESSAGES,
  CANCEL_MESSAGES,
  CHECKOUT_MESSAGES,
  CLAIM_MESSAGES,
  NUMBERED_MESSAGES,
  PLACES_LEFT_MESSAGE,
  placesLeftMessage,
  placesLeftRefusal,
  TICKET_MESSAGES,
  tooManyAttemptsRefusal,
} from '@rome/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, serverWords } from './client';

const refusal = (error: string) => ({ status: 400, body: { error } });

/** The storefront's real catalogues of a language (shell and pages), compiled as the Vite plugin does. */
function catalogue(locale: string): Messages {
  const messages: Messages = {};
  const po = formatter({ lineNumbers: false });
  for (const name of ['shell', 'pages']) {
    const filename = path.join(import.meta.dirname, `../locales/${locale}/${name}.po`);
    const parsed = po.parse(readFileSync(filename, 'utf8'), {
      locale,
      sourceLocale: 'en',
      filename,
    }) as Awaited<ReturnType<typeof po.parse>>;
    for (const [id, entry] of Object.entries(parsed ?? {}))
      messages[id] = compileMessage(entry.translation || entry.message || id);
  }
  return messages;
}
const activate = (locale: string) => i18n.loadAndActivate({ locale, messages: catalogue(locale) });

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

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

  it('shows a refusal made from numbers in the page language, with its plural', () => {
    activate('it');
    const body = (left: number) => ({ status: 409, body: { ...placesLeftRefusal(left), code: 'sold_out' } });
    expect(errorMessage(body(1), 'x')).toBe('Resta solo 1 posto per questo orario.');
    expect(errorMessage(body(3), 'x')).toBe('Restano solo 3 posti per questo orario.');
    expect(errorMessage({ status: 429, body: tooManyAttemptsRefusal(300) }, 'x')).toBe(
      'Troppi tentativi. Attendi 5 minuti e riprova.',
    );
    const short = {
      error: AUTH_MESSAGES.passwordTooShort,
      ...NUMBERED_MESSAGES[AUTH_MESSAGES.passwordTooShort],
    };
    expect(errorMessage({ status: 400, body: short }, 'x')).toBe(
      'La password deve contenere almeno 8 caratteri',
    );
  });

  it('shows the contract-marked refusals buyers meet in the page language', () => {
    activate('de');
    expect(errorMessage(refusal(CHECKOUT_MESSAGES.sessionNotFound), 'x')).toBe(
      'Bezahlvorgang nicht gefunden.',
    );
    expect(errorMessage(refusal(AUTH_MESSAGES.badCredentials), 'x')).toBe(
      'Mit diesen Zugangsdaten wurde kein aktives Konto gefunden',
    );
    // The sign-in guard's and the wallet's refusals (apps/server auth/page-key.ts, tickets/wallet).
    expect(errorMessage(refusal(AUTH_MESSAGES.pageKeyRefused), 'x')).toBe(
      'Diese Seite kann Ihre Anmeldung nicht verwenden. Laden Sie die Seite neu.',
    );
    expect(errorMessage(refusal(AUTH_MESSAGES.foreignOrigin), 'x')).toBe(
      'Diese Anfrage muss vom Shop selbst kommen.',
    );
    expect(errorMessage(refusal(TICKET_MESSAGES.appleWalletNotAvailable), 'x')).toBe(
      'Apple-Wallet-Pässe sind nicht verfügbar.',
    );
  });

  it('shows the English error when the page has no such catalogue message, never the raw message', () => {
    activate('it');
    // A message the page's catalogue does not have (a newer server, pages' words not loaded yet).
    const body = { error: 'Only 2 seats left.', message_id: '{left, plural, other {# more seats left.}}' };
    expect(errorMessage({ status: 409, body: { ...body, values: { left: 2 } } }, 'x')).toBe(
      'Only 2 seats left.',
    );
  });
});

describe('refusals made from numbers, in English', () => {
  it("render from the English catalogue as the server's English text, character for character", () => {
    activate('en');
    for (const left of [1, 2, 3]) {
      expect(i18n._(PLACES_LEFT_MESSAGE, { left })).toBe(placesLeftMessage(left));
      expect(errorMessage({ status: 409, body: placesLeftRefusal(left) }, 'x')).toBe(placesLeftMessage(left));
    }
    for (const seconds of [30, 60, 61, 900]) {
      const { error, message_id, values } = tooManyAttemptsRefusal(seconds);
      expect(i18n._(message_id!, values)).toBe(error);
    }
    expect(Object.keys(NUMBERED_MESSAGES).length).toBeGreaterThan(0);
    for (const [english, { message_id, values }] of Object.entries(NUMBERED_MESSAGES))
      expect(i18n._(message_id, values)).toBe(english);
  });
});

describe('serverWords', () => {
  it("shows the claim page's and a cancellation's answers in the page's language (contract claim.ts)", async () => {
    activate('it');
    expect(errorMessage(refusal(CLAIM_MESSAGES.wrongCode), 'x')).toBe(
      'Nome dell’agente o codice di sicurezza non validi.',
    );
    expect(serverWords(CLAIM_MESSAGES.claimed)).toBe('Biglietto convalidato.');
    // The claim's contract refusal, written in the API table too.
    expect(API['POST /api/claim/'].invalid).toBe(CLAIM_MESSAGES.invalid);
    expect(serverWords(CLAIM_MESSAGES.invalid)).not.toBe(CLAIM_MESSAGES.invalid);
    activate('de');
    expect(serverWords(CANCEL_MESSAGES.refunded)).toBe(
      'Ihr Ticket ist storniert und erstattet. Eine Bestätigung per E-Mail ist unterwegs.',
    );
  });

  it("keeps a text the catalogue does not have as it came, without Lingui's 'Uncompiled message'", async () => {
    activate('fr');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(serverWords('A message no catalogue has.')).toBe('A message no catalogue has.');
      expect(errorMessage(refusal('Another one.'), 'x')).toBe('Another one.');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
