/**
 * Demo pictures drawn at seed time: a Rome skyline in the package's colours, rendered by sharp to
 * WebP. No text in the pictures: words belong in the page, where they can be read and translated.
 */
import sharp from 'sharp';

export type Palette = { sky: [string, string]; ground: string; accent: string };

export const PALETTES: Palette[] = [
  { sky: ['#7f1d1d', '#f59e0b'], ground: '#451a03', accent: '#fde68a' },
  { sky: ['#1e3a8a', '#60a5fa'], ground: '#1f2937', accent: '#fef3c7' },
  { sky: ['#14532d', '#86efac'], ground: '#052e16', accent: '#fef9c3' },
  { sky: ['#9a3412', '#fdba74'], ground: '#431407', accent: '#fff7ed' },
  { sky: ['#581c87', '#f0abfc'], ground: '#2e1065', accent: '#fae8ff' },
  { sky: ['#0f766e', '#99f6e4'], ground: '#134e4a', accent: '#f0fdfa' },
];

function skylineSvg(w: number, h: number, p: Palette, variant: number): string {
  const ground = h * 0.72;
  const arches: string[] = [];
  // The Colosseum: two rows of arches.
  const cx = w * (0.3 + (variant % 3) * 0.2);
  const cw = w * 0.42;
  const ch = h * 0.3;
  const left = cx - cw / 2;
  arches.push(
    `<rect x="${left}" y="${ground - ch}" width="${cw}" height="${ch}" rx="${ch * 0.08}" fill="${p.ground}" opacity="0.9"/>`,
  );
  const n = 9;
  for (let row = 0; row < 2; row++) {
    for (let i = 0; i < n; i++) {
      const aw = cw / (n * 1.6);
      const ax = left + (cw / n) * i + (cw / n - aw) / 2;
      const ay = ground - ch + ch * 0.12 + row * ch * 0.44;
      arches.push(
        `<rect x="${ax}" y="${ay}" width="${aw}" height="${ch * 0.32}" rx="${aw / 2}" fill="${p.accent}" opacity="0.55"/>`,
      );
    }
  }
  // A dome (St Peter's) and a few cypress trees.
  const dx = w * (0.78 - (variant % 2) * 0.55);
  arches.push(
    `<ellipse cx="${dx}" cy="${ground - h * 0.12}" rx="${w * 0.08}" ry="${h * 0.14}" fill="${p.ground}" opacity="0.85"/>`,
  );
  arches.push(
    `<rect x="${dx - w * 0.005}" y="${ground - h * 0.3}" width="${w * 0.01}" height="${h * 0.06}" fill="${p.ground}"/>`,
  );
  for (let t = 0; t < 5; t++) {
    const tx = w * (0.05 + t * 0.21 + (variant % 4) * 0.01);
    arches.push(
      `<ellipse cx="${tx}" cy="${ground - h * 0.07}" rx="${w * 0.012}" ry="${h * 0.09}" fill="${p.ground}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${w * (0.15 + (variant % 5) * 0.17)}" cy="${h * 0.25}" r="${h * 0.09}" fill="${p.accent}" opacity="0.8"/>
  ${arches.join('\n  ')}
  <rect y="${ground}" width="${w}" height="${h - ground}" fill="${p.ground}"/>
</svg>`;
}

export async function skyline(
  w: number,
  h: number,
  palette: Palette,
  variant: number,
  quality = 72,
): Promise<Buffer> {
  return sharp(Buffer.from(skylineSvg(w, h, palette, variant)))
    .webp({ quality })
    .toBuffer();
}

/** A partner logo: a rounded badge with a simple emblem. */
export async function logoImage(color: string, shape: number): Promise<Buffer> {
  const emblem = [
    '<circle cx="60" cy="40" r="22" fill="#fff"/>',
    '<rect x="38" y="18" width="44" height="44" rx="8" fill="#fff"/>',
    '<polygon points="60,14 86,62 34,62" fill="#fff"/>',
    '<path d="M34 56 Q60 6 86 56 Z" fill="#fff"/>',
    '<rect x="30" y="30" width="60" height="20" rx="10" fill="#fff"/>',
  ][shape % 5];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">
  <rect width="240" height="80" rx="16" fill="${color}"/>${emblem}
  <rect x="104" y="26" width="110" height="10" rx="5" fill="#fff" opacity="0.9"/>
  <rect x="104" y="44" width="80" height="8" rx="4" fill="#fff" opacity="0.6"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}
