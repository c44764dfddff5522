/**
 * Local storage makes its folder when a write finds it missing (issue #22: not before every write),
 * also when the folder is removed while the shop runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage, newFileKey } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'rome-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = async (s: ReturnType<typeof localStorage>, key: string) => {
  const file = await s.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('local storage', () => {
  it('writes into a folder that does not exist yet, and again after it was removed', async () => {
    const dir = path.join(root, 'a', 'b');
    const storage = localStorage(dir);
    const first = newFileKey('svg');
    await storage.put(first, Buffer.from('one'), 'image/svg+xml');
    expect(await read(storage, first)).toBe('one');
    const second = newFileKey('svg');
    await storage.put(second, Buffer.from('two'), 'image/svg+xml');
    expect(await read(storage, second)).toBe('two');

    rmSync(dir, { recursive: true, force: true });
    const third = newFileKey('png');
    await storage.put(third, Buffer.from('three'), 'image/png');
    expect(await read(storage, third)).toBe('three');
    expect(await read(storage, first)).toBeNull();
  });
});
