/**
 * The demo pictures' cache (cache.ts): a cached picture is the drawing's own bytes, kept under its
 * SVG's hash, read back on the next seed, and a changed SVG or quality is drawn anew.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const root = mkdtempSync(path.join(os.tmpdir(), 'shop-cache-'));
const dir = path.join(root, 'seed-pictures');
let cache: typeof import('./cache');

beforeAll(async () => {
  vi.stubEnv('SHOP_CACHE_DIR', root);
  vi.resetModules();
  cache = await import('./cache');
});
// The worker's later files share its modules (vitest.config.ts): they load them again, with the
// machine's own cache folder.
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="${fill}"/></svg>`;

describe('the demo pictures cache', () => {
  it('keeps the drawing as drawn and reads it back instead of drawing again', async () => {
    const drawn = await cache.svgToWebp(svg('#c0392b'), 80);
    const first = await cache.cachedWebp(svg('#c0392b'), 80);
    expect(first.equals(drawn)).toBe(true);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.webp$/);

    // What the next seed gets is the kept file (marked here), not a new drawing.
    writeFileSync(path.join(dir, files[0]!), Buffer.from('kept'));
    expect((await cache.cachedWebp(svg('#c0392b'), 80)).toString()).toBe('kept');
  });

  it('draws anew for another SVG or another quality', async () => {
    const other = await cache.cachedWebp(svg('#2471a3'), 80);
    expect(other.equals(await cache.svgToWebp(svg('#2471a3'), 80))).toBe(true);
    await cache.cachedWebp(svg('#2471a3'), 60);
    expect(readdirSync(dir).filter((f) => f.endsWith('.webp'))).toHaveLength(3);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
