/**
 * The real app serving a built web app: a folder standing in for apps/web/dist, with the page template
 * (head and first-screen markers, as apps/web/index.html has them) and, where a suite needs its
 * preloads, Vite's manifest. Removed again on close.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Manifest } from '../web/preload';
import { createTestApp } from './harness';

export async function distHarness(
  opts: {
    manifest?: Manifest;
    /** What #root holds around the first-screen marker (the real template wraps it in the layout). */
    root?: string;
  } = {},
) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'rome-dist-'));
  const root = opts.root ?? '<!--app-first-screen-->';
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root">${root}</div></body></html>`,
  );
  if (opts.manifest) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(opts.manifest));
  }
  const t = await createTestApp({ webDistDir: dist });
  return {
    ...t,
    dist,
    async close() {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

export type DistHarness = Awaited<ReturnType<typeof distHarness>>;
