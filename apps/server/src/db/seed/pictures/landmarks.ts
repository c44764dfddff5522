/**
 * Rome's landmarks as simple flat drawings, one function each, so that every ticket shows the place it
 * sells by its own outline (before, every package had the same skyline in another colour). Each
 * stands on `p.y` around `p.x`; at scale 1 it is some 250-450 units high on the 800-unit canvas.
 */
import {
  arch,
  circle,
  ellipse,
  f,
  gable,
  type Light,
  type Place,
  path,
  poly,
  rect,
  repeat,
  trapezoid,
} from './svg';

/** The Colosseum: three storeys of arches, the attic, and the broken outer ring on the left. */
export function colosseum({ x, y, s }: Place, c: Light): string {
  const w = 560 * s;
  const h = 250 * s;
  const left = x - w / 2;
  const storey = 0.245 * h;
  const bay = w / 12;
  const aw = bay * 0.58;
  const inner = poly(
    [
      [left + 0.04 * w, y - 0.74 * h],
      [left + 0.1 * w, y - 0.84 * h],
      [left + 0.3 * w, y - 0.88 * h],
      [left + 0.38 * w, y - 0.74 * h],
    ],
    c.shade,
  );
  const outline = path(
    `M${f(left)} ${f(y)}V${f(y - 0.74 * h)}H${f(left + 0.3 * w)}L${f(left + 0.4 * w)} ${f(y - h)}H${f(left + w)}V${f(y)}Z`,
    c.stone,
  );
  const cornices = repeat(3, (k) => {
    const from = k === 2 ? left + 0.4 * w : left;
    return rect(from, y - (k + 1) * storey - 3 * s, left + w - from, 5 * s, c.shade);
  });
  const arches = repeat(3, (row) =>
    repeat(12, (i) =>
      arch(left + i * bay + (bay - aw) / 2, y - row * storey - 0.02 * h, aw, 0.17 * h, c.opening),
    ),
  );
  const attic = repeat(12, (i) =>
    i % 2 === 1 && i > 4 ? rect(left + i * bay + bay * 0.3, y - 0.9 * h, bay * 0.4, 0.07 * h, c.opening) : '',
  );
  return (
    inner + outline + cornices + arches + attic + rect(left - 10 * s, y - 6 * s, w + 20 * s, 6 * s, c.shade)
  );
}

/** St Peter's from the square: Bernini's colonnade, the facade, Michelangelo's dome, the obelisk. */
export function stPeters({ x, y, s }: Place, c: Light): string {
  const arms = [-1, 1]
    .map((side) => {
      const near = x + side * 230 * s;
      const far = x + side * 560 * s;
      const top = (t: number) => y - (70 + 25 * t) * s;
      const band = poly(
        [
          [near, y],
          [near, top(0)],
          [far, top(1)],
          [far, y],
        ],
        c.stone,
      );
      const gaps = repeat(10, (i) => {
        const t = (i + 0.5) / 10;
        const gx = near + (far - near) * t;
        return rect(gx - 6 * s, top(t) + 16 * s, 12 * s, y - top(t) - 18 * s, c.opening);
      });
      const statues = repeat(10, (i) => {
        const t = (i + 0.5) / 10;
        return rect(near + (far - near) * t - 3 * s, top(t) - 12 * s, 6 * s, 12 * s, c.shade);
      });
      return band + gaps + statues;
    })
    .join('');
  const drum =
    rect(x - 105 * s, y - 255 * s, 210 * s, 90 * s, c.stone) +
    repeat(8, (i) => rect(x - 95 * s + i * 25 * s, y - 240 * s, 9 * s, 50 * s, c.opening));
  const domeBase = y - 255 * s;
  const dome = path(
    `M${f(x - 112 * s)} ${f(domeBase)}C${f(x - 112 * s)} ${f(domeBase - 85 * s)} ${f(x - 55 * s)} ${f(domeBase - 128 * s)} ${f(x)} ${f(domeBase - 130 * s)}C${f(x + 55 * s)} ${f(domeBase - 128 * s)} ${f(x + 112 * s)} ${f(domeBase - 85 * s)} ${f(x + 112 * s)} ${f(domeBase)}Z`,
    c.stone,
  );
  const ribs = [-70, -30, 30, 70]
    .map((dx) =>
      path(
        `M${f(x + dx * s)} ${f(domeBase)}Q${f(x + dx * 0.75 * s)} ${f(domeBase - 90 * s)} ${f(x)} ${f(domeBase - 128 * s)}`,
        'none',
        ` stroke="${c.shade}" stroke-width="${f(3 * s)}"`,
      ),
    )
    .join('');
  const lanternTop = domeBase - 165 * s;
  const lantern =
    rect(x - 14 * s, lanternTop, 28 * s, 37 * s, c.stone) +
    ellipse(x, lanternTop, 16 * s, 10 * s, c.shade) +
    rect(x - 1.5 * s, lanternTop - 24 * s, 3 * s, 16 * s, c.shade) +
    circle(x, lanternTop - 26 * s, 4 * s, c.shade);
  const cupolas = [-1, 1]
    .map(
      (side) =>
        rect(x + side * 165 * s - 18 * s, y - 200 * s, 36 * s, 26 * s, c.stone) +
        ellipse(x + side * 165 * s, y - 200 * s, 22 * s, 24 * s, c.shade),
    )
    .join('');
  const facade =
    rect(x - 220 * s, y - 165 * s, 440 * s, 165 * s, c.stone) +
    rect(x - 210 * s, y - 182 * s, 420 * s, 18 * s, c.stone) +
    rect(x - 220 * s, y - 166 * s, 440 * s, 5 * s, c.shade) +
    gable(x, y - 182 * s, 75 * s, y - 212 * s, c.stone) +
    repeat(8, (i) => rect(x - 200 * s + i * 55 * s, y - 150 * s, 10 * s, 150 * s, c.shade)) +
    repeat(5, (i) => arch(x - 146 * s + i * 60 * s, y, 22 * s, 60 * s, c.opening)) +
    repeat(7, (i) => rect(x - 170 * s + i * 55 * s, y - 130 * s, 14 * s, 24 * s, c.opening));
  const obelisk =
    rect(x - 16 * s, y - 22 * s, 32 * s, 22 * s, c.shade) +
    poly(
      [
        [x - 9 * s, y - 22 * s],
        [x - 6 * s, y - 180 * s],
        [x, y - 194 * s],
        [x + 6 * s, y - 180 * s],
        [x + 9 * s, y - 22 * s],
      ],
      c.shade,
    );
  return arms + drum + dome + ribs + lantern + cupolas + facade + obelisk;
}

/** The Pantheon: the rotunda's low dome behind, the portico of eight columns under its pediment. */
export function pantheon({ x, y, s }: Place, c: Light): string {
  const rotunda =
    path(
      `M${f(x - 235 * s)} ${f(y - 215 * s)}Q${f(x)} ${f(y - 345 * s)} ${f(x + 235 * s)} ${f(y - 215 * s)}Z`,
      c.shade,
    ) +
    path(
      `M${f(x - 170 * s)} ${f(y - 250 * s)}Q${f(x)} ${f(y - 330 * s)} ${f(x + 170 * s)} ${f(y - 250 * s)}`,
      'none',
      ` stroke="${c.stone}" stroke-width="${f(4 * s)}" opacity="0.6"`,
    ) +
    rect(x - 240 * s, y - 220 * s, 480 * s, 220 * s, c.shade);
  const block =
    rect(x - 160 * s, y - 262 * s, 320 * s, 80 * s, c.stone) +
    gable(x, y - 262 * s, 165 * s, y - 300 * s, c.stone);
  const columns =
    rect(x - 190 * s, y - 182 * s, 380 * s, 170 * s, c.opening) +
    repeat(
      8,
      (i) =>
        rect(x - 190 * s + i * 50.6 * s, y - 180 * s, 25 * s, 168 * s, c.stone) +
        rect(x - 194 * s + i * 50.6 * s, y - 184 * s, 33 * s, 8 * s, c.stone),
    );
  const roof =
    rect(x - 205 * s, y - 212 * s, 410 * s, 30 * s, c.stone) +
    rect(x - 205 * s, y - 196 * s, 410 * s, 3 * s, c.shade) +
    gable(x, y - 212 * s, 212 * s, y - 272 * s, c.stone) +
    gable(x, y - 216 * s, 180 * s, y - 262 * s, c.shade, ' opacity="0.55"');
  const steps =
    rect(x - 210 * s, y - 14 * s, 420 * s, 14 * s, c.stone) +
    rect(x - 210 * s, y - 7 * s, 420 * s, 2 * s, c.shade);
  return rotunda + block + columns + roof + steps;
}

/** The Roman Forum: the Arch of Septimius Severus, the Temple of Saturn, the three columns of Castor and Pollux. */
export function forum({ x, y, s }: Place, c: Light): string {
  const ax = x - 270 * s;
  const archway =
    rect(ax - 120 * s, y - 210 * s, 240 * s, 210 * s, c.stone) +
    rect(ax - 112 * s, y - 255 * s, 224 * s, 45 * s, c.stone) +
    rect(ax - 120 * s, y - 212 * s, 240 * s, 5 * s, c.shade) +
    arch(ax - 32 * s, y, 64 * s, 145 * s, c.opening) +
    arch(ax - 102 * s, y, 36 * s, 88 * s, c.opening) +
    arch(ax + 66 * s, y, 36 * s, 88 * s, c.opening) +
    [-112, -48, 40, 104].map((dx) => rect(ax + dx * s, y - 175 * s, 10 * s, 175 * s, c.shade)).join('');
  const tx = x + 30 * s;
  const saturn =
    rect(tx - 150 * s, y - 90 * s, 300 * s, 90 * s, c.stone) +
    repeat(3, (i) => rect(tx - 150 * s, y - 80 * s + i * 28 * s, 300 * s, 3 * s, c.shade)) +
    repeat(6, (i) => rect(tx - 135 * s + i * 52 * s, y - 265 * s, 20 * s, 175 * s, c.stone)) +
    repeat(6, (i) => rect(tx - 139 * s + i * 52 * s, y - 270 * s, 28 * s, 8 * s, c.stone)) +
    rect(tx - 150 * s, y - 305 * s, 300 * s, 36 * s, c.stone) +
    rect(tx - 150 * s, y - 285 * s, 300 * s, 4 * s, c.shade);
  const cx = x + 300 * s;
  const castor =
    rect(cx - 70 * s, y - 110 * s, 140 * s, 110 * s, c.shade) +
    repeat(3, (i) => rect(cx - 58 * s + i * 48 * s, y - 335 * s, 20 * s, 225 * s, c.stone)) +
    rect(cx - 66 * s, y - 368 * s, 132 * s, 34 * s, c.stone) +
    rect(cx - 66 * s, y - 350 * s, 132 * s, 3 * s, c.shade);
  const rubble = [-420, -20, 150, 420]
    .map((dx, i) =>
      rect(x + dx * s, y - (12 + (i % 2) * 10) * s, (30 + i * 8) * s, (12 + (i % 2) * 10) * s, c.shade),
    )
    .join('');
  return archway + saturn + castor + rubble;
}

/** Castel Sant'Angelo: the square bastion, Hadrian's round drum, the papal rooms and the angel on top. */
export function castelSantAngelo({ x, y, s }: Place, c: Light): string {
  const bastion = trapezoid(x, y, 290 * s, 270 * s, y - 80 * s, c.shade);
  const drum =
    rect(x - 195 * s, y - 235 * s, 390 * s, 155 * s, c.stone) +
    rect(x - 200 * s, y - 240 * s, 400 * s, 8 * s, c.shade) +
    repeat(13, (i) => rect(x - 195 * s + i * 30 * s, y - 250 * s, 16 * s, 12 * s, c.shade)) +
    repeat(6, (i) => rect(x - 150 * s + i * 60 * s, y - 180 * s, 10 * s, 16 * s, c.opening));
  const rooms =
    rect(x - 115 * s, y - 320 * s, 230 * s, 82 * s, c.stone) +
    repeat(2, (row) =>
      repeat(6, (i) => rect(x - 95 * s + i * 36 * s, y - 305 * s + row * 34 * s, 12 * s, 18 * s, c.opening)),
    ) +
    rect(x - 35 * s, y - 345 * s, 70 * s, 26 * s, c.stone);
  const angel =
    rect(x - 7 * s, y - 362 * s, 14 * s, 18 * s, c.shade) +
    gable(x, y - 362 * s, 6 * s, y - 396 * s, c.shade) +
    circle(x, y - 400 * s, 5 * s, c.shade) +
    poly(
      [
        [x - 3 * s, y - 390 * s],
        [x - 26 * s, y - 412 * s],
        [x - 12 * s, y - 380 * s],
      ],
      c.shade,
    ) +
    poly(
      [
        [x + 3 * s, y - 390 * s],
        [x + 26 * s, y - 412 * s],
        [x + 12 * s, y - 380 * s],
      ],
      c.shade,
    );
  return bastion + drum + rooms + angel;
}

/** Ponte Sant'Angelo: a stone bridge across the whole picture, arches over the water, statues on the parapet. */
export function bridge({ y, s, w }: Place, c: Light): string {
  const span = 150 * s;
  const deck = rect(0, y - 26 * s, w, 96 * s, c.stone) + rect(0, y - 30 * s, w, 6 * s, c.shade);
  const count = Math.ceil(w / span) + 1;
  const arches = repeat(count, (i) => arch(i * span - span * 0.4, y + 70 * s, span * 0.8, 76 * s, c.water));
  const statues = repeat(count, (i) => {
    const sx = i * span + span * 0.1;
    return rect(sx - 4 * s, y - 52 * s, 8 * s, 22 * s, c.shade) + circle(sx, y - 56 * s, 5 * s, c.shade);
  });
  return deck + arches + statues;
}

/** The Casino of Villa Borghese, home of the Galleria: two towers, the loggia, statues on the roofline. */
export function villaBorghese({ x, y, s }: Place, c: Light): string {
  const body =
    rect(x - 175 * s, y - 175 * s, 350 * s, 175 * s, c.stone) +
    [-1, 1].map((side) => rect(x + side * 200 * s - 48 * s, y - 235 * s, 96 * s, 235 * s, c.stone)).join('');
  const lines =
    rect(x - 175 * s, y - 95 * s, 350 * s, 4 * s, c.shade) +
    [-1, 1]
      .map(
        (side) =>
          rect(x + side * 200 * s - 52 * s, y - 238 * s, 104 * s, 8 * s, c.shade) +
          rect(x + side * 200 * s - 48 * s, y - 95 * s, 96 * s, 4 * s, c.shade),
      )
      .join('') +
    rect(x - 178 * s, y - 180 * s, 356 * s, 7 * s, c.shade);
  const statues =
    repeat(9, (i) => rect(x - 150 * s + i * 37.5 * s - 3 * s, y - 196 * s, 6 * s, 16 * s, c.shade)) +
    [-1, 1]
      .map((side) =>
        repeat(3, (i) =>
          rect(x + side * 200 * s - 36 * s + i * 36 * s - 3 * s, y - 254 * s, 6 * s, 16 * s, c.shade),
        ),
      )
      .join('');
  const loggia = repeat(5, (i) => arch(x - 128 * s + i * 52 * s, y, 36 * s, 80 * s, c.opening));
  const windows =
    repeat(5, (i) => rect(x - 120 * s + i * 52 * s, y - 150 * s, 20 * s, 34 * s, c.opening)) +
    [-1, 1]
      .map(
        (side) =>
          circle(x + side * 200 * s, y - 200 * s, 11 * s, c.shade) +
          rect(x + side * 200 * s - 12 * s, y - 160 * s, 24 * s, 36 * s, c.opening) +
          arch(x + side * 200 * s - 14 * s, y, 28 * s, 62 * s, c.opening),
      )
      .join('');
  const steps = trapezoid(x, y, 95 * s, 70 * s, y - 14 * s, c.shade);
  return body + lines + statues + loggia + windows + steps;
}

/** The Vittoriano on Piazza Venezia: the long white colonnade, its end pavilions and their quadrigas. */
export function vittoriano({ x, y, s }: Place, c: Light): string {
  const stairs = trapezoid(x, y, 390 * s, 310 * s, y - 62 * s, c.stone);
  const treads = repeat(4, (i) =>
    rect(x - (370 - i * 20) * s, y - (14 + i * 14) * s, (740 - i * 40) * s, 2 * s, c.shade),
  );
  const colonnade =
    rect(x - 280 * s, y - 205 * s, 560 * s, 143 * s, c.opening) +
    repeat(16, (i) => rect(x - 272 * s + i * 34.6 * s, y - 198 * s, 14 * s, 136 * s, c.stone)) +
    rect(x - 290 * s, y - 228 * s, 580 * s, 26 * s, c.stone) +
    rect(x - 290 * s, y - 212 * s, 580 * s, 3 * s, c.shade);
  const pavilions = [-1, 1]
    .map((side) => {
      const px = x + side * 310 * s;
      return (
        rect(px - 42 * s, y - 250 * s, 84 * s, 188 * s, c.stone) +
        repeat(2, (i) => rect(px - 30 * s + i * 44 * s, y - 230 * s, 16 * s, 160 * s, c.shade)) +
        poly(
          [
            [px - 32 * s, y - 250 * s],
            [px - 22 * s, y - 282 * s],
            [px + 26 * s, y - 290 * s],
            [px + 34 * s, y - 262 * s],
            [px + 20 * s, y - 250 * s],
          ],
          c.shade,
        )
      );
    })
    .join('');
  const statue =
    rect(x - 34 * s, y - 120 * s, 68 * s, 58 * s, c.stone) +
    ellipse(x, y - 134 * s, 30 * s, 16 * s, c.shade) +
    rect(x - 4 * s, y - 165 * s, 8 * s, 30 * s, c.shade);
  return stairs + treads + colonnade + pavilions + statue;
}

/** Villa d'Este at Tivoli: the villa above its terraces of cypresses, the fountains' jets in front. */
export function villaDEste({ x, y, s }: Place, c: Light): string {
  const terraces = repeat(3, (i) => {
    const top = y - (i + 1) * 95 * s;
    const half = (520 - i * 90) * s;
    return rect(x - half, top, half * 2, 95 * s, c.foliage) + rect(x - half, top, half * 2, 6 * s, c.stone);
  });
  const villa =
    rect(x - 200 * s, y - 360 * s, 400 * s, 78 * s, c.stone) +
    repeat(2, (row) =>
      repeat(10, (i) =>
        rect(x - 185 * s + i * 38 * s, y - 345 * s + row * 32 * s, 12 * s, 16 * s, c.opening),
      ),
    ) +
    rect(x + 140 * s, y - 400 * s, 50 * s, 42 * s, c.stone) +
    repeat(2, (i) => arch(x + 146 * s + i * 22 * s, y - 364 * s, 14 * s, 26 * s, c.opening));
  const cypresses = repeat(3, (row) =>
    repeat(8 - row * 2, (i) => {
      const span = (460 - row * 90) * s;
      const cx = x - span + (i * 2 * span) / (7 - row * 2);
      return ellipse(cx, y - (row + 1) * 95 * s - 48 * s, 11 * s, 52 * s, c.tree);
    }),
  );
  const pool =
    rect(x - 470 * s, y - 24 * s, 940 * s, 24 * s, c.water) +
    rect(x - 470 * s, y - 28 * s, 940 * s, 5 * s, c.stone);
  const jets = repeat(11, (i) => {
    const jx = x - 400 * s + i * 80 * s;
    const jh = (110 + (i % 3) * 45) * s;
    return (
      path(
        `M${f(jx - 6 * s)} ${f(y - 24 * s)}Q${f(jx)} ${f(y - 24 * s - jh * 1.4)} ${f(jx + 6 * s)} ${f(y - 24 * s)}Z`,
        '#e0f2fe',
        ' opacity="0.9"',
      ) + circle(jx, y - 24 * s - jh * 0.72, 9 * s, '#f0f9ff', ' opacity="0.6"')
    );
  });
  return terraces + villa + cypresses + pool + jets;
}

/** The Canopus of Hadrian's Villa: its long pool and the colonnade of arches and straight lintels. */
export function canopus({ x, y, s }: Place, c: Light): string {
  const pool = poly(
    [
      [x - 330 * s, y + 4 * s],
      [x + 330 * s, y + 4 * s],
      [x + 480 * s, y + 120 * s],
      [x - 480 * s, y + 120 * s],
    ],
    c.water,
  );
  const columns = repeat(7, (i) => rect(x - 306 * s + i * 100 * s, y - 170 * s, 18 * s, 170 * s, c.stone));
  const tops = repeat(6, (i) => {
    const from = x - 306 * s + i * 100 * s;
    return i % 2 === 0
      ? path(
          `M${f(from)} ${f(y - 170 * s)}A${f(59 * s)} ${f(50 * s)} 0 0 1 ${f(from + 118 * s)} ${f(y - 170 * s)}`,
          'none',
          ` stroke="${c.stone}" stroke-width="${f(14 * s)}"`,
        )
      : rect(from, y - 184 * s, 118 * s, 16 * s, c.stone);
  });
  const statues = repeat(3, (i) => {
    const sx = x - 197 * s + i * 200 * s;
    return rect(sx - 7 * s, y - 90 * s, 14 * s, 60 * s, c.shade) + circle(sx, y - 98 * s, 8 * s, c.shade);
  });
  return pool + columns + tops + statues;
}
