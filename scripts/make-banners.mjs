/**
 * Draws the bundled company banners (apps/web/public/banners/*.webp): a Rome skyline (Colosseum,
 * St Peter's dome, the Vittoriano, cypresses) in each company's colour. The company page falls back to
 * these when no editable banner image exists or it fails to load. No words in the pictures: the page
 * lays its title over them. Run: `node scripts/make-banners.mjs` (sharp is a root dependency).
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.join(import.meta.dirname, '..', 'apps', 'web', 'public', 'banners');
const W = 1600;
const H = 500;

/** Sky top, sky bottom, silhouette, highlight. */
const BANNERS = {
  'big-bus': ['#7f1d1d', '#ef4444', '#3b0a0a', '#fecaca'],
  'i-love-rome': ['#1e3a8a', '#60a5fa', '#0b1740', '#dbeafe'],
  'green-line': ['#14532d', '#4ade80', '#052e16', '#dcfce7'],
  'city-sightseeing': ['#9a3412', '#fb923c', '#431407', '#ffedd5'],
  default: ['#5f1414', '#b45309', '#2a0808', '#fde68a'],
};

function skyline([top, bottom, dark, light]) {
  const ground = H * 0.8;
  const parts = [];
  // Distant hills.
  parts.push(
    `<path d="M0 ${ground - 60} Q ${W * 0.2} ${ground - 130} ${W * 0.42} ${ground - 70} T ${W} ${ground - 90} V ${ground} H 0 Z" fill="${dark}" opacity="0.35"/>`,
  );
  // Colosseum: an elliptic drum with three rows of arches, the broken upper rim on the right.
  const cx = W * 0.25;
  const cw = 460;
  const ch = 190;
  const left = cx - cw / 2;
  parts.push(
    `<path d="M${left} ${ground} V ${ground - ch + 20} Q ${cx} ${ground - ch - 30} ${left + cw} ${ground - ch + 60} V ${ground} Z" fill="${dark}"/>`,
  );
  for (let row = 0; row < 3; row++) {
    const n = 11;
    for (let i = 0; i < n; i++) {
      const aw = 22;
      const ax = left + 18 + i * ((cw - 36) / n);
      // The broken rim on the right has lost its top row.
      if (row === 0 && i > 7) continue;
      const ay = ground - ch + 40 + row * 50;
      parts.push(
        `<rect x="${ax}" y="${ay}" width="${aw}" height="34" rx="11" fill="${light}" opacity="0.45"/>`,
      );
    }
  }
  // St Peter's dome with lantern and the facade below it.
  const dx = W * 0.74;
  parts.push(`<rect x="${dx - 150}" y="${ground - 110}" width="300" height="110" fill="${dark}"/>`);
  parts.push(`<rect x="${dx - 90}" y="${ground - 170}" width="180" height="70" fill="${dark}"/>`);
  parts.push(
    `<path d="M${dx - 95} ${ground - 168} A 95 110 0 0 1 ${dx + 95} ${ground - 168} Z" fill="${dark}"/>`,
  );
  parts.push(`<rect x="${dx - 10}" y="${ground - 305}" width="20" height="40" fill="${dark}"/>`);
  parts.push(`<rect x="${dx - 2}" y="${ground - 330}" width="4" height="26" fill="${dark}"/>`);
  for (let i = 0; i < 8; i++) {
    parts.push(
      `<rect x="${dx - 135 + i * 36}" y="${ground - 95}" width="12" height="70" fill="${light}" opacity="0.3"/>`,
    );
  }
  // The Vittoriano: a long colonnade with two quadrigas.
  const vx = W * 0.5;
  parts.push(
    `<rect x="${vx - 120}" y="${ground - 120}" width="240" height="120" fill="${dark}" opacity="0.85"/>`,
  );
  for (let i = 0; i < 12; i++) {
    parts.push(
      `<rect x="${vx - 110 + i * 19}" y="${ground - 108}" width="7" height="60" fill="${light}" opacity="0.35"/>`,
    );
  }
  parts.push(`<rect x="${vx - 125}" y="${ground - 150}" width="30" height="32" fill="${dark}"/>`);
  parts.push(`<rect x="${vx + 95}" y="${ground - 150}" width="30" height="32" fill="${dark}"/>`);
  // Cypresses and umbrella pines.
  for (const [x, h] of [
    [60, 150],
    [100, 120],
    [650, 130],
    [1540, 160],
    [1578, 125],
  ]) {
    parts.push(`<ellipse cx="${x}" cy="${ground - h / 2}" rx="14" ry="${h / 2}" fill="${dark}"/>`);
  }
  for (const x of [960, 1420]) {
    parts.push(`<rect x="${x - 5}" y="${ground - 110}" width="10" height="110" fill="${dark}"/>`);
    parts.push(`<ellipse cx="${x}" cy="${ground - 120}" rx="70" ry="26" fill="${dark}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
  </linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${W * 0.9}" cy="${H * 0.22}" r="48" fill="${light}" opacity="0.75"/>
  ${parts.join('\n  ')}
  <rect y="${ground}" width="${W}" height="${H - ground}" fill="${dark}"/>
</svg>`;
}

mkdirSync(OUT, { recursive: true });
for (const [name, colours] of Object.entries(BANNERS)) {
  const file = path.join(OUT, `${name}.webp`);
  const webp = await sharp(Buffer.from(skyline(colours)))
    .webp({ quality: 70 })
    .toBuffer();
  writeFileSync(file, webp);
  const kb = statSync(file).size / 1024;
  if (kb > 60) throw new Error(`${name}.webp is ${kb.toFixed(1)} KB; keep banners under 60 KB`);
  console.log(`${path.relative(process.cwd(), file)}  ${kb.toFixed(1)} KB`);
}
