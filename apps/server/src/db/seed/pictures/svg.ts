/**
 * Drawing primitives and the light of a scene. Every picture is drawn on a canvas 800 units high (its
 * width follows the picture's proportions), with the ground line at GROUND_Y, so a landmark drawn at
 * scale 1 has the same size on a 3:2 ticket picture and on a 16:5 banner.
 */

export const CANVAS_H = 800;
export const GROUND_Y = 640;

/** Where a landmark stands: x of its middle, y of its base, its scale, and the canvas width. */
export type Place = { x: number; y: number; s: number; w: number };

/** Colours of one time of day. `lit`: windows and arches glow (the night tour). */
export type Light = {
  sky: [string, string];
  orb: { x: number; y: number; r: number; fill: string; halo: number };
  stars: boolean;
  clouds: boolean;
  far: string;
  stone: string;
  shade: string;
  opening: string;
  foliage: string;
  /** Cypresses and hedges: darker than the lawn and pines. */
  tree: string;
  trunk: string;
  ground: string;
  edge: string;
  road: string;
  water: string;
  glass: string;
  lit: boolean;
};

export const LIGHTS = {
  day: {
    sky: ['#3b82f6', '#dbeafe'],
    orb: { x: 0.86, y: 150, r: 46, fill: '#fef9c3', halo: 0.35 },
    stars: false,
    clouds: true,
    far: '#93a9c9',
    stone: '#f1dfbf',
    shade: '#c39f70',
    opening: '#6b4a2b',
    foliage: '#3f6b35',
    tree: '#24401f',
    trunk: '#5b4030',
    ground: '#d9c9a3',
    edge: '#b9a47a',
    road: '#4b4f58',
    water: '#3f7ea6',
    glass: '#bfe3f5',
    lit: false,
  },
  morning: {
    sky: ['#7cb3ea', '#fdf0d0'],
    orb: { x: 0.14, y: 210, r: 44, fill: '#fff7d6', halo: 0.4 },
    stars: false,
    clouds: true,
    far: '#a9b8c8',
    stone: '#f6e7cb',
    shade: '#cfae82',
    opening: '#7a5836',
    foliage: '#4d7c3a',
    tree: '#2f5127',
    trunk: '#6b4a33',
    ground: '#e2d3ae',
    edge: '#c4ad80',
    road: '#555a63',
    water: '#5b95bb',
    glass: '#d5eefa',
    lit: false,
  },
  sunset: {
    sky: ['#9a3412', '#fdba74'],
    orb: { x: 0.8, y: 330, r: 58, fill: '#fde68a', halo: 0.3 },
    stars: false,
    clouds: false,
    far: '#b45f3a',
    stone: '#f2c491',
    shade: '#b06d3f',
    opening: '#4a2410',
    foliage: '#3b3a1c',
    tree: '#2a1d0d',
    trunk: '#3a2413',
    ground: '#7c4a26',
    edge: '#5e3519',
    road: '#3a2a22',
    water: '#8a4b3a',
    glass: '#fcd9a8',
    lit: false,
  },
  night: {
    sky: ['#070b1f', '#1e3a8a'],
    orb: { x: 0.84, y: 130, r: 34, fill: '#f8fafc', halo: 0.18 },
    stars: true,
    clouds: false,
    far: '#18254f',
    stone: '#3a4260',
    shade: '#262c45',
    opening: '#fcd34d',
    foliage: '#0e1a2b',
    tree: '#08101c',
    trunk: '#0b1322',
    ground: '#1c2238',
    edge: '#2c3452',
    road: '#10141f',
    water: '#14295a',
    glass: '#fde68a',
    lit: true,
  },
} satisfies Record<string, Light>;

export type LightName = keyof typeof LIGHTS;

/** Rounded to a tenth: shorter SVG, same picture. */
export const f = (v: number) => Math.round(v * 10) / 10;

export const rect = (x: number, y: number, w: number, h: number, fill: string, more = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${more}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, more = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${more}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, more = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${more}/>`;

export const poly = (points: [number, number][], fill: string, more = '') =>
  `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}"${more}/>`;

export const path = (d: string, fill: string, more = '') => `<path d="${d}" fill="${fill}"${more}/>`;

/** A pediment or gable: a triangle on the base `y` from `x - half` to `x + half`, its peak at `top`. */
export const gable = (x: number, y: number, half: number, top: number, fill: string, more = '') =>
  poly(
    [
      [x - half, y],
      [x, top],
      [x + half, y],
    ],
    fill,
    more,
  );

/** A trapezoid standing on `y` (a bastion, a flight of steps): `bottom` and `top` are half-widths. */
export const trapezoid = (x: number, y: number, bottom: number, top: number, topY: number, fill: string) =>
  poly(
    [
      [x - bottom, y],
      [x - top, topY],
      [x + top, topY],
      [x + bottom, y],
    ],
    fill,
  );

/** A round-topped opening (arch, door, window) standing on `bottom`, `x` its left edge. */
export function arch(x: number, bottom: number, w: number, h: number, fill: string): string {
  const r = w / 2;
  return path(
    `M${f(x)} ${f(bottom)}V${f(bottom - h + r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + w)} ${f(bottom - h + r)}V${f(bottom)}Z`,
    fill,
  );
}

/** `n` copies of a drawing, `i` from 0. */
export const repeat = (n: number, draw: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => draw(i)).join('');

/** A fixed pseudo-random sequence (stars, clouds): the same picture at every seed. */
export function sequence(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}
