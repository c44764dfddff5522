/**
 * WCAG 2.5.3 (label in name): a purchase-history button whose accessible name says more than its
 * visible label ('Cancel ticket for Colosseum') must still contain that label as written, in every
 * language, so that a voice user who says what they see ('Cancel ticket') reaches the button.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@rome/contract';
import { describe, expect, it } from 'vitest';

/** Visible label → the accessible name that carries it, as msgids of the pages catalogue. */
const PAIRS = [
  ['Cancel ticket', 'Cancel ticket for {packageName}'],
  ['Download', 'Download QR code for {0}'],
  ['Send link again', 'Send link again for {0}'],
] as const;

function catalogue(locale: string): Map<string, string> {
  const file = path.resolve(__dirname, `../../locales/${locale}/pages.po`);
  const entries = new Map<string, string>();
  for (const m of readFileSync(file, 'utf8').matchAll(
    /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm,
  ))
    entries.set(m[1], m[2] || m[1]);
  return entries;
}

describe('label in name', () => {
  for (const locale of LOCALES)
    it(`the history's buttons' names contain their labels (${locale})`, () => {
      const po = catalogue(locale);
      for (const [label, name] of PAIRS) {
        const shown = po.get(label);
        const said = po.get(name);
        expect(shown, `${locale}: ${label}`).toBeTruthy();
        expect(said?.toLowerCase(), `${locale}: '${said}' should contain '${shown}'`).toContain(
          shown!.toLowerCase(),
        );
      }
    });
});
