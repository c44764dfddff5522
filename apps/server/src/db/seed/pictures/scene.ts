/**
 * A scene is a sky, a ground and landmarks drawn back to front. It is data (which landmarks, where,
 * in what light), so a test can ask what a picture shows, and the alt text says the same.
 */
import { cachedWebp } from './cache';
import {
  bridge,
  canopus,
  castelSantAngelo,
  colosseum,
  forum,
  pantheon,
  stPeters,
  villaBorghese,
  villaDEste,
  vittoriano,
} from './landmarks';
import { busStop, cypress, hedges, lamp, openTopBus, pine } from './street';
import {
  CANVAS_H,
  circle,
  ellipse,
  f,
  GROUND_Y,
  LIGHTS,
  type Light,
  type LightName,
  type Place,
  path,
  rect,
  repeat,
  sequence,
} from './svg';

export type Landmark =
  | 'colosseum'
  | 'st-peters'
  | 'pantheon'
  | 'forum'
  | 'castel-sant-angelo'
  | 'bridge'
  | 'villa-borghese'
  | 'vittoriano'
  | 'villa-d-este'
  | 'canopus'
  | 'open-top-bus'
  | 'bus-stop'
  | 'cypress'
  | 'pine'
  | 'lamp'
  | 'hedges';

/** One drawing in a scene: `x` as a share of the width, `dy` below the ground line, a bus's colour. */
export type Layer = { draw: Landmark; x: number; s?: number; dy?: number; livery?: string };
export type Ground = 'piazza' | 'road' | 'lawn' | 'water';
export type Scene = { light: LightName; ground: Ground; layers: Layer[] };

const DRAW: Record<Landmark, (p: Place, c: Light, layer: Layer) => string> = {
  colosseum,
  'st-peters': stPeters,
  pantheon,
  forum,
  'castel-sant-angelo': castelSantAngelo,
  bridge,
  'villa-borghese': villaBorghese,
  vittoriano,
  'villa-d-este': villaDEste,
  canopus,
  'open-top-bus': (p, c, l) => openTopBus(p, c, l.livery ?? '#b91c1c'),
  'bus-stop': (p, c, l) => busStop(p, c, l.livery ?? '#b91c1c'),
  cypress,
  pine,
  lamp,
  hedges: (p, c) => hedges(p, c, p.y),
};

/** Sky, sun or moon, stars or clouds, and the city's far skyline of domes and bell towers. */
function sky(c: Light, w: number): string {
  const rnd = sequence(Math.round(w));
  const stars = c.stars
    ? repeat(60, () =>
        circle(rnd() * w, rnd() * 380, 1 + rnd() * 1.6, '#f8fafc', ` opacity="${f(0.4 + rnd() * 0.6)}"`),
      )
    : '';
  const clouds = c.clouds
    ? repeat(Math.round(w / 500), (i) => {
        const cx = (i + 0.3 + rnd() * 0.4) * 500;
        const cy = 90 + rnd() * 120;
        return (
          ellipse(cx, cy, 80, 20, '#ffffff', ' opacity="0.6"') +
          ellipse(cx + 40, cy - 14, 50, 18, '#ffffff', ' opacity="0.6"')
        );
      })
    : '';
  const orb = c.orb;
  const far = GROUND_Y - 30;
  const skyline = repeat(Math.round(w / 160), (i) => {
    const bx = i * 160 + rnd() * 60;
    const kind = i % 3;
    if (kind === 0) return ellipse(bx, far - 40, 34, 40, c.far) + rect(bx - 34, far - 40, 68, 40, c.far);
    if (kind === 1) return rect(bx - 12, far - 110, 24, 110, c.far) + rect(bx - 15, far - 118, 30, 8, c.far);
    return rect(bx - 50, far - 36 - rnd() * 20, 100, 60, c.far);
  });
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.sky[0]}"/><stop offset="1" stop-color="${c.sky[1]}"/></linearGradient></defs>` +
    rect(0, 0, w, CANVAS_H, 'url(#sky)') +
    stars +
    circle(orb.x * w, orb.y, orb.r * 2, orb.fill, ` opacity="${orb.halo}"`) +
    circle(orb.x * w, orb.y, orb.r, orb.fill) +
    clouds +
    path(
      `M0 ${far}Q${f(w * 0.25)} ${far - 70} ${f(w * 0.5)} ${far - 20}T${f(w)} ${far - 40}V${GROUND_Y}H0Z`,
      c.far,
      ' opacity="0.7"',
    ) +
    `<g opacity="0.7">${skyline}</g>` +
    rect(0, far, w, GROUND_Y - far, c.far)
  );
}

/** The ground in front: a paved square, a road for the buses, a lawn, or the Tiber. */
function ground(kind: Ground, c: Light, w: number): string {
  const below = CANVAS_H - GROUND_Y;
  switch (kind) {
    case 'road':
      return (
        rect(0, GROUND_Y, w, 22, c.ground) +
        rect(0, GROUND_Y + 22, w, 5, c.edge) +
        rect(0, GROUND_Y + 27, w, below - 27, c.road) +
        repeat(Math.ceil(w / 120), (i) => rect(i * 120, GROUND_Y + 112, 60, 6, '#f8fafc', ' opacity="0.7"'))
      );
    case 'lawn':
      return (
        rect(0, GROUND_Y, w, below, c.foliage) +
        rect(0, GROUND_Y + 52, w, 14, '#ffffff', ' opacity="0.08"') +
        rect(0, GROUND_Y + 110, w, 14, '#ffffff', ' opacity="0.08"')
      );
    case 'water':
      return (
        rect(0, GROUND_Y, w, below, c.water) +
        rect(0, GROUND_Y, w, 12, c.shade) +
        repeat(Math.ceil(w / 90), (i) =>
          rect(i * 90 + (i % 2) * 30, GROUND_Y + 40 + (i % 4) * 30, 50, 3, '#ffffff', ' opacity="0.25"'),
        )
      );
    default:
      return (
        rect(0, GROUND_Y, w, below, c.ground) +
        rect(0, GROUND_Y, w, 5, c.edge) +
        repeat(3, (i) => rect(0, GROUND_Y + 40 + i * 40, w, 2, c.edge, ' opacity="0.6"'))
      );
  }
}

/** The scene as SVG, `width` x `height` pixels; landmarks keep their size, the width shows more city. */
export function sceneSvg(scene: Scene, width: number, height: number): string {
  const w = Math.round((CANVAS_H * width) / height);
  const c = LIGHTS[scene.light];
  const layers = scene.layers
    .map((l) => DRAW[l.draw]({ x: l.x * w, y: GROUND_Y + (l.dy ?? 0), s: l.s ?? 1, w }, c, l))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${CANVAS_H}">${sky(c, w)}${ground(scene.ground, c, w)}${layers}</svg>`;
}

/** The scene as WebP, drawn once per machine (cache.ts). */
export function renderScene(scene: Scene, width: number, height: number, quality = 72): Promise<Buffer> {
  return cachedWebp(sceneSvg(scene, width, height), quality);
}
