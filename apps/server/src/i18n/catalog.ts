/**
 * The server's words in the buyer's language (decision 024): page heads, e-mails. One Lingui instance
 * per language, loaded from the .po catalogues when the app is built: the storefront's
 * (apps/web/src/locales: the contract's texts the pages share with the heads, such as page titles)
 * and the server's own
 * (apps/server/src/i18n/locales: e-mails and catalogue-drawn heads). Server messages are written
 * `i18n._('English text', values)` with the English text as the id, so `npm run i18n:extract` finds
 * them without a compile step; a message with no translation falls back to the English.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, LOCALES, type Locale, localeFromAcceptLanguage } from '@rome/contract';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const CATALOGUE_FILES = [
  'apps/web/src/locales/{locale}/shell.po',
  'apps/web/src/locales/{locale}/pages.po',
  'apps/server/src/i18n/locales/{locale}/messages.po',
] as const;

const po = formatter({ lineNumbers: false });

/** A language's messages from every catalogue under `root`, compiled for Lingui's runtime. */
export function loadMessages(locale: Locale, root = ROOT): Messages {
  const messages: Messages = {};
  for (const file of CATALOGUE_FILES) {
    const filename = path.join(root, file.replace('{locale}', locale));
    // format-po parses synchronously (its type allows a promise for other formats).
    const catalog = po.parse(readFileSync(filename, 'utf8'), {
      locale,
      sourceLocale: DEFAULT_LOCALE,
      filename,
    }) as Awaited<ReturnType<typeof po.parse>>;
    for (const [id, entry] of Object.entries(catalog ?? {})) {
      const text = entry.translation || (locale === DEFAULT_LOCALE ? entry.message || id : '');
      // Untranslated: left out, so Lingui answers the English id.
      if (text) messages[id] = compileMessage(text);
    }
  }
  return messages;
}

const instances = new Map<Locale, I18n>();

function instanceOf(locale: Locale, messages: Messages): I18n {
  const instance = setupI18n({ locale, messages: { [locale]: messages } });
  // A message missing from the catalogues (not extracted yet) is still its English with values.
  instance.setMessagesCompiler(compileMessage);
  return instance;
}

/**
 * Reads and compiles every language's catalogues (once per process), so that no request pays for
 * reading files: buildApp calls it, and a missing or unreadable catalogue stops the app from starting
 * rather than failing the first request in that language. All or nothing: a failure keeps none.
 */
export function loadCatalogues(root = ROOT): void {
  const loaded = LOCALES.filter((locale) => !instances.has(locale)).map(
    (locale) => [locale, instanceOf(locale, loadMessages(locale, root))] as const,
  );
  for (const [locale, instance] of loaded) instances.set(locale, instance);
}

/** The languages whose catalogues are in memory. */
export const loadedLocales = (): Locale[] => LOCALES.filter((locale) => instances.has(locale));

/**
 * The Lingui instance of `locale`. In the app every language is loaded when it is built
 * (loadCatalogues); code run without the app (the CLI, unit tests) reads a language on first use.
 */
export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = instanceOf(locale, loadMessages(locale));
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * The language a request asks its e-mails in: the web app sends its page's language as Accept-Language
 * with the calls that send e-mails (api/client.ts); English when it names none of ours.
 */
export const requestLanguage = (headers: { 'accept-language'?: string }): I18n =>
  serverI18n(localeFromAcceptLanguage(headers['accept-language']) ?? DEFAULT_LOCALE);
