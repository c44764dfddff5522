/** Where uploaded and generated files live. Local disk by default; one interface for every driver. */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isStorageUnavailable, storageUnavailable } from '../lib/errors';

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

/** A random, url-safe file name with the given extension: no upload can choose its path. */
export function newFileKey(ext: string): string {
  const clean =
    ext
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 8) || 'bin';
  return `${randomBytes(16).toString('base64url')}.${clean}`;
}

/** Keys are our own random names; anything else (slashes, dots) is refused before touching the disk. */
export const isSafeKey = (key: string): boolean => /^[A-Za-z0-9_-]{8,64}\.[a-z0-9]{1,8}$/.test(key);

export function localStorage(dir: string): Storage {
  const file = (key: string) => {
    if (!isSafeKey(key)) throw new Error('Invalid storage key');
    return path.join(dir, key);
  };
  return {
    async put(key, body) {
      // Written aside and renamed into place: a reader sees the whole file or none (a ticket's QR PNG
      // is made on first use, possibly while another request asks for it: tickets/qr.ts).
      const aside = `${file(key)}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        try {
          await writeFile(aside, body);
        } catch (err) {
          // The folder is made when a write finds it missing, not before every write (each payment
          // stores a QR).
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          await mkdir(dir, { recursive: true });
          await writeFile(aside, body);
        }
        await rename(aside, file(key));
      } catch (err) {
        // A full disk leaves a part-written file: it goes, so the space it held comes back.
        await rm(aside, { force: true }).catch(() => {});
        throw isStorageUnavailable(err) ? storageUnavailable(err) : err;
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const s = await stat(file(key));
        return { stream: createReadStream(file(key)), size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}
