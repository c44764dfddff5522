/**
 * Compression of answers the server builds itself (page HTML, the package list JSON); the built web
 * assets are compressed once at build time instead (apps/web/vite.config.ts). Brotli when the client
 * accepts it, else gzip, else the text as it is.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The best encoding of the request's Accept-Encoding that we can produce (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function encode(text: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(text, { level: 6 });
}

/** Texts smaller than this are sent as they are: compressing would save less than a packet. */
export const MIN_COMPRESS_BYTES = 1024;

export function compressText(
  text: string,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding?: Encoding } {
  const encoding = text.length >= MIN_COMPRESS_BYTES ? pickEncoding(acceptEncoding) : undefined;
  return encoding ? { body: encode(text, encoding), encoding } : { body: text };
}
