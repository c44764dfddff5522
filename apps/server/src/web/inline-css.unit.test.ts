import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-css';

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'rome-inline-css-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), '.bg-brand{background:#7f1d1d}');
  writeFileSync(path.join(dist, 'assets', 'odd-abc.css'), 'a::after{content:"</style><script>x()</script>"}');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the main stylesheet in the page HTML', () => {
  it('is written in place of its link', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>';
    expect(inlineStylesheets(html, dist)).toBe('<head><style>.bg-brand{background:#7f1d1d}</style></head>');
  });

  it('stays a link when the file is missing or its text could close the element', () => {
    const missing = '<link rel="stylesheet" crossorigin href="/assets/gone-abc.css">';
    const odd = '<link rel="stylesheet" crossorigin href="/assets/odd-abc.css">';
    expect(inlineStylesheets(missing + odd, dist)).toBe(missing + odd);
  });

  it('leaves preloads and other links alone', () => {
    const html =
      '<link rel="preload" as="style" crossorigin href="/assets/index-abc.css"><link rel="icon" href="/favicon.svg">';
    expect(inlineStylesheets(html, dist)).toBe(html);
  });
});
