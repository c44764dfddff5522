/**
 * The shop's mark for wallet passes: the bus of the web app's favicon (apps/web/public/favicon.svg),
 * drawn here as SVG and rasterised by sharp once per process into the sizes Apple asks for
 * (icon 29 pt, logo up to 50 pt high, at 1x, 2x and 3x).
 */
import sharp from 'sharp';

export const SHOP_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7f1d1d"/>' +
  '<rect x="10" y="22" width="44" height="24" rx="6" fill="#facc15"/><rect x="14" y="26" width="8" height="8" rx="2" fill="#7f1d1d"/>' +
  '<rect x="25" y="26" width="8" height="8" rx="2" fill="#7f1d1d"/><rect x="36" y="26" width="8" height="8" rx="2" fill="#7f1d1d"/>' +
  '<circle cx="20" cy="48" r="5" fill="#1c1917"/><circle cx="44" cy="48" r="5" fill="#1c1917"/></svg>';

const SIZES: Record<string, number> = {
  'icon.png': 29,
  'icon@2x.png': 58,
  'icon@3x.png': 87,
  'logo.png': 50,
  'logo@2x.png': 100,
  'logo@3x.png': 150,
};

let rendered: Promise<Record<string, Buffer>> | null = null;

/** The pass's images by file name (PNG), rendered on first use and kept. */
export function passImages(): Promise<Record<string, Buffer>> {
  rendered ??= (async () => {
    const svg = Buffer.from(SHOP_MARK_SVG);
    const entries = await Promise.all(
      Object.entries(SIZES).map(
        async ([name, size]) =>
          [
            name,
            await sharp(svg, { density: 72 * Math.ceil(size / 64) * 2 })
              .resize(size, size)
              .png()
              .toBuffer(),
          ] as const,
      ),
    );
    return Object.fromEntries(entries);
  })();
  rendered.catch(() => {
    rendered = null;
  });
  return rendered;
}
