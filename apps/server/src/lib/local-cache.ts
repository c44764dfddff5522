/**
 * Work a developer's machine keeps between runs because it is the same every time: the demo pictures
 * (db/seed/pictures/cache.ts) and a migrated empty embedded database (db/snapshot.ts). Each entry is
 * named by a hash of everything that decides its bytes, so changed inputs make a new entry and nothing
 * stale is read. The folder is the project's own node_modules/.cache/rome-tickets (where build tools
 * keep theirs; `npm ci` empties it), so no other user of the machine can plant an entry, or
 * SHOP_CACHE_DIR; 'off' keeps nothing. Where it cannot be written, the work is only done each time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The node_modules folder the shop's packages were installed in. */
function nodeModules(): string {
  const entry = createRequire(import.meta.url).resolve('drizzle-orm');
  const marker = `${path.sep}node_modules${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}

const ROOT = process.env.SHOP_CACHE_DIR ?? path.join(nodeModules(), '.cache', 'rome-tickets');

/** The key of an entry: a hash of its inputs, in order. */
export const cacheKey = (...inputs: (string | Buffer)[]): string => {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input).update('\0');
  return hash.digest('hex');
};

/** The entry's bytes, or null when it was never kept (or the cache is off). */
export function readCached(kind: string, key: string): Buffer | null {
  if (ROOT === 'off') return null;
  try {
    return readFileSync(path.join(ROOT, kind, key));
  } catch {
    return null;
  }
}

/** Keeps an entry: written aside and renamed, so a run reading at the same time sees all of it or none. */
export function keepCached(kind: string, key: string, bytes: Uint8Array): void {
  if (ROOT === 'off') return;
  try {
    const dir = path.join(ROOT, kind);
    mkdirSync(dir, { recursive: true });
    const partial = path.join(dir, `${key}.${randomBytes(6).toString('hex')}.tmp`);
    writeFileSync(partial, bytes);
    renameSync(partial, path.join(dir, key));
  } catch {
    // A read-only checkout: the work is done again next time.
  }
}
