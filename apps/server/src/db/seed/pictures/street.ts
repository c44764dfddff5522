/**
 * What stands in front of the landmarks: the operators' open-top buses, trees, street lamps, hedges.
 * The bus carries its operator's livery, so the tours of different companies do not look alike.
 */
import { arch, circle, ellipse, f, type Light, type Place, path, poly, rect, repeat } from './svg';

const PASSENGERS = ['#f3c6a5', '#8d5a3b', '#e8b48a', '#5b3a29', '#f0d2b6', '#a8714d'];
const HAIR = ['#2b1d14', '#d4a35b', '#1f1f1f', '#7a4a2a', '#b9b2a6', '#3b2a1e'];

/** An open-top double-decker in `livery`, facing right: people on the top deck, lit windows at night. */
export function openTopBus({ x, y, s }: Place, c: Light, livery: string): string {
  const left = x - 215 * s;
  const w = 430 * s;
  const beam = c.lit
    ? poly(
        [
          [left + w - 4 * s, y - 52 * s],
          [left + w + 260 * s, y - 10 * s],
          [left + w + 260 * s, y + 24 * s],
        ],
        '#fde68a',
        ' opacity="0.25"',
      )
    : '';
  const people = repeat(7, (i) => {
    const px = left + 40 * s + i * 50 * s;
    const head = y - 222 * s + (i % 3) * 3 * s;
    return (
      rect(px - 13 * s, head + 12 * s, 26 * s, 30 * s, i % 2 ? '#f8fafc' : '#fbbf24') +
      circle(px, head, 12 * s, PASSENGERS[i % PASSENGERS.length]) +
      path(
        `M${f(px - 12 * s)} ${f(head)}A${f(12 * s)} ${f(12 * s)} 0 0 1 ${f(px + 12 * s)} ${f(head)}Z`,
        HAIR[i % HAIR.length],
      )
    );
  });
  const body =
    path(
      `M${f(left)} ${f(y - 22 * s)}V${f(y - 175 * s)}H${f(left + w - 30 * s)}Q${f(left + w)} ${f(y - 175 * s)} ${f(left + w)} ${f(y - 140 * s)}V${f(y - 22 * s)}Z`,
      livery,
    ) +
    rect(left, y - 182 * s, w - 20 * s, 7 * s, '#f8fafc') +
    repeat(9, (i) => rect(left + 4 * s + i * 50 * s, y - 200 * s, 4 * s, 20 * s, '#f8fafc')) +
    rect(left, y - 120 * s, w, 12 * s, '#ffffff', ' opacity="0.85"');
  const windows =
    repeat(6, (i) => rect(left + 18 * s + i * 56 * s, y - 98 * s, 44 * s, 44 * s, c.glass)) +
    rect(left + w - 62 * s, y - 160 * s, 50 * s, 130 * s, c.glass) +
    repeat(6, (i) =>
      rect(left + 18 * s + i * 56 * s, y - 165 * s, 44 * s, 34 * s, c.glass, ' opacity="0.8"'),
    );
  const door = rect(left + w - 110 * s, y - 100 * s, 34 * s, 78 * s, '#1f2937', ' opacity="0.55"');
  const wheels = [left + 85 * s, left + w - 95 * s]
    .map(
      (wx) =>
        circle(wx, y - 14 * s, 30 * s, '#111827') +
        circle(wx, y - 14 * s, 13 * s, '#9ca3af') +
        circle(wx, y - 14 * s, 4 * s, '#111827'),
    )
    .join('');
  const lamp = rect(left + w - 10 * s, y - 58 * s, 10 * s, 14 * s, '#fde68a');
  return beam + people + body + windows + door + wheels + lamp;
}

/** An Italian cypress: a tall dark flame. */
export const cypress = ({ x, y, s }: Place, c: Light) =>
  rect(x - 3 * s, y - 14 * s, 6 * s, 14 * s, c.trunk) + ellipse(x, y - 100 * s, 16 * s, 92 * s, c.tree);

/** A Roman umbrella pine: a bare trunk and a wide flat crown. */
export function pine({ x, y, s }: Place, c: Light): string {
  return (
    path(
      `M${f(x - 6 * s)} ${f(y)}Q${f(x - 2 * s)} ${f(y - 120 * s)} ${f(x + 18 * s)} ${f(y - 200 * s)}L${f(x + 26 * s)} ${f(y - 198 * s)}Q${f(x + 6 * s)} ${f(y - 120 * s)} ${f(x + 6 * s)} ${f(y)}Z`,
      c.trunk,
    ) +
    ellipse(x + 22 * s, y - 215 * s, 110 * s, 32 * s, c.foliage) +
    ellipse(x - 30 * s, y - 226 * s, 62 * s, 24 * s, c.foliage) +
    ellipse(x + 60 * s, y - 234 * s, 58 * s, 22 * s, c.foliage)
  );
}

/** A street lamp; it glows at night. */
export function lamp({ x, y, s }: Place, c: Light): string {
  const glow = c.lit ? circle(x, y - 168 * s, 34 * s, '#fde68a', ' opacity="0.3"') : '';
  return (
    glow +
    rect(x - 3 * s, y - 160 * s, 6 * s, 160 * s, c.lit ? '#0b1020' : '#374151') +
    circle(x, y - 168 * s, 11 * s, c.lit ? '#fef3c7' : '#e5e7eb')
  );
}

/** Low clipped hedges of a formal garden, in rows across the picture. */
export const hedges = ({ x, s }: Place, c: Light, y: number) =>
  repeat(
    6,
    (i) =>
      rect(x - 540 * s + i * 185 * s, y - 44 * s, 150 * s, 44 * s, c.tree, ` rx="${f(14 * s)}"`) +
      rect(x - 530 * s + i * 185 * s, y - 42 * s, 130 * s, 8 * s, c.foliage, ` rx="${f(4 * s)}"`),
  );

/** A bus stop's shelter with a ticket agent's kiosk beside it (the agent points page). */
export function busStop({ x, y, s }: Place, c: Light, livery: string): string {
  return (
    rect(x - 90 * s, y - 150 * s, 180 * s, 10 * s, '#374151') +
    rect(x - 86 * s, y - 140 * s, 6 * s, 140 * s, '#374151') +
    rect(x + 80 * s, y - 140 * s, 6 * s, 140 * s, '#374151') +
    rect(x - 80 * s, y - 140 * s, 160 * s, 110 * s, c.glass, ' opacity="0.55"') +
    rect(x - 70 * s, y - 40 * s, 140 * s, 8 * s, '#4b5563') +
    rect(x + 110 * s, y - 130 * s, 90 * s, 130 * s, livery) +
    arch(x + 125 * s, y - 56 * s, 60 * s, 50 * s, c.glass) +
    rect(x + 104 * s, y - 142 * s, 102 * s, 14 * s, '#f8fafc') +
    rect(x - 140 * s, y - 190 * s, 8 * s, 190 * s, '#374151') +
    circle(x - 136 * s, y - 200 * s, 20 * s, livery)
  );
}
