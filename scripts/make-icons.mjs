/**
 * Draws the shop's app icons and social preview from the brand (dark red #7f1d1d, yellow #facc15, the
 * bus of favicon.svg, a Rome skyline): apps/web/public/icon-192.png, icon-512.png,
 * icon-maskable-512.png, apple-touch-icon.png (180) and social-preview.png (1200x630, og:image).
 * Run: `node scripts/make-icons.mjs` (sharp is a root dependency); the PNGs are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = path.join(import.meta.dirname, '..', 'apps', 'web', 'public');
const favicon = readFileSync(path.join(PUBLIC, 'favicon.svg'));

/** The bus of favicon.svg on a full square (no rounded corners): safe for masks and iOS. */
const squareIcon = (padding) => {
  const s = 64 + padding * 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-padding} ${-padding} ${s} ${s}"><rect x="${-padding}" y="${-padding}" width="${s}" height="${s}" fill="#7f1d1d"/><rect x="10" y="22" width="44" height="24" rx="6" fill="#facc15"/><rect x="14" y="26" width="8" height="8" rx="2" fill="#7f1d1d"/><rect x="25" y="26" width="8" height="8" rx="2" fill="#7f1d1d"/><rect x="36" y="26" width="8" height="8" rx="2" fill="#7f1d1d"/><circle cx="20" cy="48" r="5" fill="#1c1917"/><circle cx="44" cy="48" r="5" fill="#1c1917"/></svg>`,
  );
};

const W = 1200;
const H = 630;
const ground = 540;
const social =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#450a0a"/><stop offset="1" stop-color="#b91c1c"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="960" cy="150" r="70" fill="#facc15" opacity="0.9"/>
  <g fill="#2a0707">
    <!-- Colosseum -->
    <path d="M60 ${ground} V360 Q230 320 400 360 V${ground} Z"/>
    <!-- St Peter's dome -->
    <rect x="520" y="380" width="180" height="${ground - 380}"/>
    <path d="M530 380 Q610 250 690 380 Z"/><rect x="604" y="262" width="12" height="60"/>
    <!-- cypresses -->
    <path d="M760 ${ground} Q775 380 790 ${ground} Z"/><path d="M800 ${ground} Q818 360 836 ${ground} Z"/>
    <!-- Vittoriano -->
    <rect x="880" y="400" width="300" height="${ground - 400}"/><rect x="900" y="370" width="260" height="30"/>
  </g>
  <g fill="#7f1d1d" opacity="0.9">${[0, 1, 2, 3, 4, 5]
    .map((i) => `<rect x="${85 + i * 50}" y="400" width="26" height="40" rx="13"/>`)
    .join('')}</g>
  <rect x="0" y="${ground}" width="${W}" height="${H - ground}" fill="#1c1917"/>
  <!-- the bus -->
  <g transform="translate(330 380)">
    <rect width="540" height="170" rx="28" fill="#facc15"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${30 + i * 100}" y="28" width="76" height="62" rx="10" fill="#7f1d1d"/>`).join('')}
    <rect x="0" y="110" width="540" height="14" fill="#7f1d1d"/>
    <circle cx="110" cy="172" r="36" fill="#1c1917"/><circle cx="110" cy="172" r="14" fill="#a8a29e"/>
    <circle cx="430" cy="172" r="36" fill="#1c1917"/><circle cx="430" cy="172" r="14" fill="#a8a29e"/>
  </g>
  <text x="60" y="130" font-family="DejaVu Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#ffffff">Rome Bus Tickets</text>
  <text x="62" y="200" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#fde68a">Hop-on hop-off tours and museum tickets</text>
</svg>`);

const out = (name) => path.join(PUBLIC, name);
await sharp(favicon, { density: 1200 }).resize(192, 192).png().toFile(out('icon-192.png'));
await sharp(favicon, { density: 1200 }).resize(512, 512).png().toFile(out('icon-512.png'));
await sharp(squareIcon(20), { density: 1200 }).resize(512, 512).png().toFile(out('icon-maskable-512.png'));
await sharp(squareIcon(6), { density: 600 }).resize(180, 180).png().toFile(out('apple-touch-icon.png'));
await sharp(social).png({ compressionLevel: 9 }).toFile(out('social-preview.png'));

writeFileSync(
  out('manifest.webmanifest'),
  `${JSON.stringify(
    {
      name: 'Rome Bus Tickets',
      short_name: 'Rome Tickets',
      description: 'Hop-on hop-off bus tours and museum tickets in Rome.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#7f1d1d',
      background_color: '#fafaf9',
      icons: [
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  )}\n`,
);
console.log('Wrote icons, social-preview.png and manifest.webmanifest to apps/web/public/');
