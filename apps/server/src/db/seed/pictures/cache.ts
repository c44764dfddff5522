/**
 * The demo pictures, kept between seeds (lib/local-cache.ts). Every fresh database seeded with the demo
 * catalogue (each test template, each browser-test shard, each benchmark's server, `npm start`'s first
 * run) drew the same 76 pictures again: about 6 s of CPU a seed, more than the migrations. A picture is
 * kept under a hash of what decides its bytes: the SVG, the quality, and the versions of sharp and of
 * the libraries it draws with (librsvg reads the SVG, libwebp encodes, libvips between).
 */
import sharp from 'sharp';
import { cacheKey, keepCached, readCached } from '../../../lib/local-cache';

const DRAWN_BY = JSON.stringify(sharp.versions);

/** An SVG drawn as WebP: flat shapes compress to a few kilobytes. */
export function svgToWebp(svg: string, quality: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}

/** `svgToWebp`, from the cache when this SVG was drawn at this quality before. */
export async function cachedWebp(svg: string, quality: number): Promise<Buffer> {
  const key = `${cacheKey(DRAWN_BY, String(quality), svg)}.webp`;
  const kept = readCached('seed-pictures', key);
  if (kept) return kept;
  const webp = await svgToWebp(svg, quality);
  keepCached('seed-pictures', key, webp);
  return webp;
}
