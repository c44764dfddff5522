/**
 * A bus line's stops drawn as a small map from the shop's own data (decision 040): no tile server is
 * reachable, so the map is an SVG of the stops at their latitude and longitude, the line between
 * them in the order the bus runs, and under it the Tiber, the Villa Borghese park, Vatican City and
 * the Forum, named, with north and a scale. The numbered markers match the list beside it.
 */
import { useLingui } from '@lingui/react/macro';
import type { FactStop } from '@rome/contract';
import { useId } from 'react';
import { AREAS, LANDMARKS, type LandmarkKey, type LatLng, STREETS, TIBER } from './rome-map';

const W = 600;
const H = 420;
/** A line whose stops lie close together still shows about this much of the city (degrees). */
const MIN_SPAN = 0.018;
const METRES_PER_DEGREE_LAT = 111_320;

/** Plate carrée around the stops' middle latitude, fitted to the drawing with a margin. */
function projection(stops: readonly FactStop[]) {
  const lats = stops.map((s) => s.lat);
  const lngs = stops.map((s) => s.lng);
  const mid = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((mid * Math.PI) / 180);
  let minX = Math.min(...lngs) * k;
  let maxX = Math.max(...lngs) * k;
  let minY = -Math.max(...lats);
  let maxY = -Math.min(...lats);
  const grow = (lo: number, hi: number, span: number) => [(lo + hi) / 2 - span / 2, (lo + hi) / 2 + span / 2];
  // A margin around the stops, at least MIN_SPAN across, in the drawing's proportions.
  let spanX = Math.max((maxX - minX) * 1.35 + 0.004, MIN_SPAN);
  let spanY = Math.max((maxY - minY) * 1.35 + 0.004, MIN_SPAN);
  if (spanX / spanY < W / H) spanX = (spanY * W) / H;
  else spanY = (spanX * H) / W;
  [minX, maxX] = grow(minX, maxX, spanX);
  [minY, maxY] = grow(minY, maxY, spanY);
  const scale = W / spanX;
  const at = ([lat, lng]: LatLng): [number, number] => [(lng * k - minX) * scale, (-lat - minY) * scale];
  return { at, pxPerMetre: scale / METRES_PER_DEGREE_LAT };
}

const path = (points: [number, number][], close = false) =>
  `${points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ')}${close ? ' Z' : ''}`;

const inside = ([x, y]: [number, number], margin = 30) =>
  x > margin && x < W - margin && y > margin && y < H - margin;

/** A scale bar of a round length that is 70-180 px long. */
function scaleBar(pxPerMetre: number): { metres: number; px: number } {
  for (const metres of [250, 500, 1000, 2000, 5000, 10000]) {
    if (metres * pxPerMetre >= 70) return { metres, px: metres * pxPerMetre };
  }
  return { metres: 10000, px: 10000 * pxPerMetre };
}

const AREA_STYLE = {
  park: { fill: '#cfe6bf', stroke: '#9cc68a' },
  state: { fill: '#f3ead2', stroke: '#c9b27a' },
  ruins: { fill: '#eadcc8', stroke: '#c7ad88' },
} as const;

export function StopsMap({ stops, title }: { stops: readonly FactStop[]; title: string }) {
  const { t } = useLingui();
  const uid = useId();
  if (stops.length === 0) return null;
  const { at, pxPerMetre } = projection(stops);
  const line = stops.map((s) => at([s.lat, s.lng]));
  const bar = scaleBar(pxPerMetre);
  const street = Math.max(4, 30 * pxPerMetre);
  const landmarkName: Record<LandmarkKey, string> = {
    tiber: t`Tiber`,
    borghese: t`Villa Borghese`,
    vatican: t`Vatican City`,
    forum: t`Roman Forum`,
    trastevere: t`Trastevere`,
  };

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${uid}-title`}
      data-testid="stops-map"
      className="block h-auto w-full rounded-xl bg-[#f7f4ec] ring-1 ring-stone-200"
    >
      <title id={`${uid}-title`}>{title}</title>
      {/* The city under the line: parks, Vatican City, the Forum, the river. */}
      {AREAS.map((a) => (
        <path
          key={a.key}
          d={path(a.points.map(at), true)}
          fill={AREA_STYLE[a.key].fill}
          stroke={AREA_STYLE[a.key].stroke}
          strokeWidth={1.5}
          strokeDasharray={a.key === 'state' ? '5 4' : undefined}
        />
      ))}
      {/* Streets: a grey casing, then white. */}
      {[
        { stroke: '#d9d0bf', width: street + 2 },
        { stroke: '#ffffff', width: street },
      ].map((style) =>
        STREETS.map((points) => (
          <path
            key={`${style.stroke}${points[0].join()}`}
            d={path(points.map(at))}
            fill="none"
            stroke={style.stroke}
            strokeWidth={style.width}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )),
      )}
      <path
        d={path(TIBER.map(at))}
        fill="none"
        stroke="#9ec9e8"
        strokeWidth={Math.max(6, 90 * pxPerMetre)}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {LANDMARKS.map((l) => {
        const p = at(l.at);
        // A place whose name point is in the picture is named; the name is kept inside the edges.
        if (!inside(p, 12)) return null;
        const river = l.key === 'tiber';
        const size = river ? 22 : 18;
        const words = l.key === 'trastevere' ? landmarkName[l.key].toUpperCase() : landmarkName[l.key];
        const half = (words.length * size * (l.key === 'trastevere' ? 0.75 : 0.56)) / 2;
        const x = Math.min(Math.max(p[0], half + 8), W - half - 8);
        return (
          <text
            key={l.key}
            x={x}
            y={p[1]}
            textAnchor="middle"
            fontSize={size}
            fontStyle={river ? 'italic' : undefined}
            fontWeight={river ? 600 : 500}
            fill={river ? '#2f6f9f' : l.key === 'borghese' ? '#3f6f2f' : '#6b5a3a'}
            stroke="#f7f4ec"
            strokeWidth={4}
            paintOrder="stroke"
            letterSpacing={l.key === 'trastevere' ? 2 : undefined}
          >
            {words}
          </text>
        );
      })}

      {/* The line, in the order the bus runs it, and the numbered stops. */}
      <path
        d={path(line)}
        fill="none"
        stroke="#ffffff"
        strokeWidth={9}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d={path(line)}
        fill="none"
        stroke="var(--color-brand)"
        strokeWidth={5}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {line.map(([x, y], i) => (
        <g key={stops[i].id}>
          <circle cx={x} cy={y} r={15} fill="var(--color-brand)" stroke="#ffffff" strokeWidth={3} />
          <text x={x} y={y} dy="0.35em" textAnchor="middle" fontSize={17} fontWeight={700} fill="#ffffff">
            {i + 1}
          </text>
        </g>
      ))}

      {/* North and the scale. */}
      <g transform={`translate(${W - 34} 40)`} fill="#44403c">
        <path d="M0 -18 L8 6 L0 1 L-8 6 Z" />
        <text y={24} textAnchor="middle" fontSize={16} fontWeight={700}>
          N
        </text>
      </g>
      <g transform={`translate(20 ${H - 22})`} fill="#44403c">
        <path d={`M0 0 H${bar.px.toFixed(1)}`} stroke="#44403c" strokeWidth={3} />
        <path d={`M0 -5 V5 M${bar.px.toFixed(1)} -5 V5`} stroke="#44403c" strokeWidth={2} />
        <text x={bar.px / 2} y={-9} textAnchor="middle" fontSize={16}>
          {bar.metres >= 1000 ? `${bar.metres / 1000} km` : `${bar.metres} m`}
        </text>
      </g>
    </svg>
  );
}
