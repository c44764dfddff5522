/**
 * Demo pictures that tell the truth (issue #23): every package shows its own attraction, the Vatican
 * is never pictured with the Colosseum, and different attractions give different pictures, not the
 * same drawing in another colour.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_FOLDERS, DEMO_PACKAGES, DEMO_PAGES } from '../data';
import {
  ATTRACTIONS,
  type Attraction,
  MOTIFS,
  operatorBanner,
  PAGE_BANNERS,
  renderScene,
  SECOND_MOTIFS,
} from '.';
import { landmarksOf, type Motif } from './motifs';

/** Trees and street lamps stand in many pictures; what a picture is of is the rest. */
const SCENERY = new Set(['cypress', 'pine', 'lamp', 'hedges', 'bridge']);
const subject = (m: Motif) =>
  landmarksOf(m)
    .filter((l) => !SCENERY.has(l))
    .sort()
    .join('+');

const pictures = DEMO_PACKAGES.map((p, index) => {
  const livery = DEMO_FOLDERS.find((f) => f.companySlug === p.company)!.livery;
  return {
    p,
    livery,
    main: MOTIFS[p.attraction]({ index, livery }),
    second: SECOND_MOTIFS[p.attraction]({ index, livery }),
  };
});
const byTag = (tag: string) => pictures.find((x) => x.p.tag === tag)!;

describe('demo pictures', () => {
  it('every attraction of the catalogue has packages, and every package a picture of its attraction', () => {
    expect(new Set(DEMO_PACKAGES.map((p) => p.attraction))).toEqual(new Set(ATTRACTIONS));
    for (const { main, second } of pictures) {
      expect(main.scene.layers.length).toBeGreaterThan(0);
      expect(second.scene.layers.length).toBeGreaterThan(0);
    }
  });

  it('packages of different attractions never show the same thing', () => {
    const owner = new Map<string, Attraction>();
    for (const { p, main } of pictures) {
      const seen = owner.get(subject(main));
      if (seen) expect(seen, `${p.tag} shows ${subject(main)}`).toBe(p.attraction);
      owner.set(subject(main), p.attraction);
    }
  });

  it('shows the Vatican with St Peter’s, never with the Colosseum', () => {
    const vat = byTag('RM-VAT');
    for (const m of [vat.main, vat.second]) {
      expect(landmarksOf(m)).toContain('st-peters');
      expect(landmarksOf(m)).not.toContain('colosseum');
      expect(m.alt).not.toMatch(/colosseum/i);
    }
    expect(landmarksOf(byTag('RM-COL').main)).toContain('colosseum');
    expect(landmarksOf(byTag('RM-BORGHESE').main)).toContain('villa-borghese');
  });

  it('bus tours show their operator’s bus; the night tour is at night; museum tickets show no bus', () => {
    for (const { p, main, livery } of pictures) {
      const buses = main.scene.layers.filter((l) => l.draw === 'open-top-bus');
      if (p.attraction === 'hop-on-hop-off' || p.attraction === 'night-tour') {
        expect(
          buses.map((b) => b.livery),
          p.tag,
        ).toEqual([livery]);
      }
      if (p.kind === 'museum' && p.attraction !== 'museums-and-bus') expect(buses, p.tag).toEqual([]);
    }
    expect(byTag('BB-NIGHT').main.scene.light).toBe('night');
  });

  it('draws different WebP pictures for different attractions', async () => {
    const grey = new Map<Attraction, Buffer>();
    for (const a of ATTRACTIONS) {
      const { main } = pictures.find((x) => x.p.attraction === a)!;
      const webp = await renderScene(main.scene, 150, 100);
      expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
      grey.set(a, await sharp(webp).greyscale().raw().toBuffer());
    }
    const meanDiff = (x: Buffer, y: Buffer) =>
      x.reduce((sum, v, i) => sum + Math.abs(v - y[i]!), 0) / x.length;
    for (const a of ATTRACTIONS) {
      for (const b of ATTRACTIONS) {
        if (a < b) expect(meanDiff(grey.get(a)!, grey.get(b)!), `${a} vs ${b}`).toBeGreaterThan(10);
      }
    }
  });

  it('every seeded banner has a picture, and the museum operator’s shows no bus', () => {
    const banners = DEMO_PAGES.flatMap((p) =>
      p.images.filter((t) => t.endsWith('-banner') || t === 'home-hero'),
    );
    const companies = new Set(DEMO_FOLDERS.map((f) => `${f.companySlug}-banner`));
    for (const tag of banners) expect(companies.has(tag) || tag in PAGE_BANNERS, tag).toBe(true);
    const museums = operatorBanner('roma-musei', '#7e22ce', 4);
    expect(landmarksOf(museums)).not.toContain('open-top-bus');
  });
});

describe('demo texts', () => {
  it('only hop-on hop-off tickets promise hopping on and off, and never at 0 stops', () => {
    for (const p of DEMO_PACKAGES) {
      expect(p.description, p.tag).not.toMatch(/at 0 stops/);
      if (p.attraction !== 'hop-on-hop-off') expect(p.description, p.tag).not.toMatch(/Hop on and off/);
    }
  });

  it('the museum operator’s banner line says nothing of buses', () => {
    const museums = DEMO_FOLDERS.find((f) => f.companySlug === 'roma-musei')!;
    expect(museums.subtitle).not.toMatch(/hop|bus/i);
  });

  it('Galleria Borghese is either timed or open-dated, not both', () => {
    const text = DEMO_PACKAGES.find((p) => p.tag === 'RM-BORGHESE')!.description;
    expect(/timed entry/i.test(text) && /open-dated/i.test(text)).toBe(false);
  });
});
