#!/usr/bin/env node
/**
 * `npm run check:i18n` (part of `npm run build`; decision 024: a missing key fails the build).
 * 1. The catalogues are up to date with the code: `lingui extract` run now changes nothing (a message
 *    added to the code and not extracted would show its English in every language).
 * 2. Every message of every catalogue (storefront and server) has a translation in every language, and
 *    the translation names the same values ({name}) as the English.
 * Exits 1 with what is wrong; leaves the catalogues as they were.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CATALOGUES = ['apps/web/src/locales', 'apps/server/src/i18n/locales'];
const SOURCE = 'en';
const files = CATALOGUES.flatMap((dir) =>
  readdirSync(dir).flatMap((locale) =>
    readdirSync(path.join(dir, locale))
      .filter((name) => name.endsWith('.po'))
      .map((name) => ({ locale, file: path.join(dir, locale, name) })),
  ),
);
const problems = [];

// 1. Up to date.
const before = new Map(files.map(({ file }) => [file, readFileSync(file, 'utf8')]));
// One process (--workers 1): the server's messages have explicit ids and no separate message, so
// Lingui keeps them in the order their files were read, which parallel workers change from run to run.
execFileSync(
  process.execPath,
  ['node_modules/@lingui/cli/dist/lingui.js', 'extract', '--clean', '--workers', '1'],
  { stdio: 'ignore' },
);
for (const [file, text] of before) {
  if (readFileSync(file, 'utf8') !== text) {
    problems.push(`${file} is out of date with the code: run npm run i18n:extract and translate`);
    writeFileSync(file, text);
  }
}

// 2. Translated, with the same values.
const unquote = (lines) => lines.map((l) => JSON.parse(l.replace(/^msg(id|str) /, ''))).join('');
const entries = (text) =>
  text.split(/\n\n+/).flatMap((block) => {
    const lines = block.split('\n');
    const id = lines.findIndex((l) => l.startsWith('msgid '));
    const str = lines.findIndex((l) => l.startsWith('msgstr '));
    if (id < 0 || str < 0) return [];
    const msgid = unquote(lines.slice(id, str));
    const msgstr = unquote(lines.slice(str).filter((l) => l.startsWith('"') || l.startsWith('msgstr ')));
    return msgid ? [{ msgid, msgstr }] : [];
  });
const values = (s) =>
  [...s.matchAll(/\{(\w+)\s*[,}]/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
for (const { locale, file } of files) {
  if (locale === SOURCE) continue;
  for (const { msgid, msgstr } of entries(readFileSync(file, 'utf8'))) {
    if (!msgstr) problems.push(`${file}: no translation for ${JSON.stringify(msgid)}`);
    else if (values(msgid) !== values(msgstr))
      problems.push(`${file}: ${JSON.stringify(msgstr)} names other values than ${JSON.stringify(msgid)}`);
  }
}

if (problems.length) {
  console.error(`Translations: ${problems.length} problem(s)\n- ${problems.slice(0, 40).join('\n- ')}`);
  process.exit(1);
}
console.log(`Translations: ${files.length} catalogues complete and up to date.`);
