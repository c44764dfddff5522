/**
 * What each demo picture shows. A package names its attraction (data.ts); the attraction decides the
 * picture, so the Vatican ticket shows St Peter's and never the Colosseum, a bus tour shows its
 * operator's bus in front of a sight on its route, the night tour a lit city (every
 * package used to show the same skyline in another colour). The alt text is written beside the
 * scene, so it says what the picture shows.
 */
import type { Layer, Scene } from './scene';
import type { LightName } from './svg';

export const ATTRACTIONS = [
  'hop-on-hop-off',
  'night-tour',
  'city-highlights',
  'tivoli',
  'vatican',
  'colosseum',
  'ancient-rome-tour',
  'three-museums',
  'museums-and-bus',
  'galleria-borghese',
] as const;
export type Attraction = (typeof ATTRACTIONS)[number];

/** A picture to draw and the words that describe it (no words inside the picture: they belong in the page). */
export type Motif = { scene: Scene; alt: string };

/** Which of an attraction's packages this is (bus tours vary the sight behind the bus) and its operator's colour. */
export type Variant = { index: number; livery: string };

const bus = (livery: string, x = 0.6, s = 0.95): Layer => ({ draw: 'open-top-bus', x, dy: 70, s, livery });
const trees = (...at: [Layer['draw'], number, number?][]): Layer[] =>
  at.map(([draw, x, s]) => ({ draw, x, s: s ?? 0.9 }));

/** Sights on the hop-on hop-off routes (the tours' texts name them), one behind each bus. */
const ROUTE_SIGHTS: { name: string; sight: Layer; trees: Layer[] }[] = [
  {
    name: 'the Colosseum',
    sight: { draw: 'colosseum', x: 0.5, s: 1.2 },
    trees: trees(['cypress', 0.04], ['pine', 0.93]),
  },
  { name: 'St Peter’s', sight: { draw: 'st-peters', x: 0.5, s: 0.8 }, trees: trees(['cypress', 0.95]) },
  {
    name: 'the Vittoriano on Piazza Venezia',
    sight: { draw: 'vittoriano', x: 0.5, s: 1.05 },
    trees: trees(['pine', 0.94]),
  },
  { name: 'the Roman Forum', sight: { draw: 'forum', x: 0.5, s: 0.95 }, trees: trees(['pine', 0.05, 0.9]) },
];
/** A sight's layers with the sight moved to `x` and scaled by `zoom`. */
const sightAt = (r: (typeof ROUTE_SIGHTS)[number], x: number, zoom = 1): Layer[] => [
  ...r.trees,
  { ...r.sight, x, s: (r.sight.s ?? 1) * zoom },
];
const DAYLIGHTS: LightName[] = ['day', 'morning', 'sunset'];

/** Hop-on hop-off: the operator's open-top double-decker passing one of the sights of its route. */
function hopOnHopOff(v: Variant): Motif {
  const sight = ROUTE_SIGHTS[v.index % ROUTE_SIGHTS.length];
  return {
    scene: {
      light: DAYLIGHTS[v.index % DAYLIGHTS.length],
      ground: 'road',
      layers: [...sightAt(sight, 0.36), bus(v.livery, 0.7, 1.1)],
    },
    alt: `an open-top double-decker bus passing ${sight.name}`,
  };
}

/** A sight of the route without the bus: the second picture of a bus tour. */
function routeSight(v: Variant): Motif {
  const sight = ROUTE_SIGHTS[(v.index + 1) % ROUTE_SIGHTS.length];
  return {
    scene: { light: 'day', ground: 'piazza', layers: sightAt(sight, 0.5, 1.2) },
    alt: `${sight.name}, on the route`,
  };
}

/** The night tour: a bus with its lights on between the lit Colosseum and the Vittoriano, under the moon. */
const nightTour = (v: Variant): Motif => ({
  scene: {
    light: 'night',
    ground: 'road',
    layers: [
      { draw: 'colosseum', x: 0.26, s: 1 },
      { draw: 'vittoriano', x: 0.84, s: 0.7 },
      ...trees(['lamp', 0.05], ['lamp', 0.52], ['lamp', 0.97]),
      bus(v.livery, 0.6, 1.05),
    ],
  },
  alt: 'an open-top bus after dark between the lit Colosseum and the Vittoriano',
});

/** The morning highlights tour stops at the Pantheon: its portico in the morning light. */
const cityHighlights = (): Motif => ({
  scene: {
    light: 'morning',
    ground: 'piazza',
    layers: [...trees(['lamp', 0.1], ['lamp', 0.9]), { draw: 'pantheon', x: 0.5, s: 1.45 }],
  },
  alt: 'the portico of the Pantheon in the morning',
});

/** The Tivoli day trip: Villa d'Este's fountains below its terraces of cypresses. */
const tivoli = (): Motif => ({
  scene: { light: 'day', ground: 'lawn', layers: [{ draw: 'villa-d-este', x: 0.5, s: 1.1 }] },
  alt: 'the fountains and cypress terraces of Villa d’Este at Tivoli',
});

/** The Vatican Museums: St Peter's dome above its facade, Bernini's colonnade and the obelisk. */
const vatican = (): Motif => ({
  scene: { light: 'day', ground: 'piazza', layers: [{ draw: 'st-peters', x: 0.5, s: 1 }] },
  alt: 'St Peter’s dome above Bernini’s colonnade',
});

/** The Colosseum ticket: the Colosseum, large, with its broken outer ring. */
const colosseumTicket = (): Motif => ({
  scene: {
    light: 'day',
    ground: 'piazza',
    layers: [...trees(['cypress', 0.06], ['pine', 0.92, 0.8]), { draw: 'colosseum', x: 0.5, s: 1.6 }],
  },
  alt: 'the Colosseum',
});

/** The guided tour of ancient Rome: the Roman Forum's arch and temple columns. */
const ancientRome = (light: LightName = 'morning'): Motif => ({
  scene: {
    light,
    ground: 'piazza',
    layers: [...trees(['pine', 0.94, 0.8]), { draw: 'forum', x: 0.47, s: 1.2 }],
  },
  alt: 'the Roman Forum: the Arch of Septimius Severus and the temples’ columns',
});

/** The three-museum pass includes Castel Sant'Angelo: the castle above the Tiber, its bridge in front. */
const threeMuseums = (): Motif => ({
  scene: {
    light: 'sunset',
    ground: 'water',
    layers: [
      { draw: 'castel-sant-angelo', x: 0.5, s: 1.25 },
      { draw: 'bridge', x: 0.5, dy: 95, s: 0.75 },
    ],
  },
  alt: 'Castel Sant’Angelo and its bridge over the Tiber',
});

/** Museums and a bus ticket: an open-top bus passing Castel Sant'Angelo. */
const museumsAndBus = (v: Variant): Motif => ({
  scene: {
    light: 'day',
    ground: 'road',
    layers: [
      { draw: 'castel-sant-angelo', x: 0.3, s: 1.05 },
      ...trees(['pine', 0.94, 0.8]),
      bus(v.livery, 0.68, 1.05),
    ],
  },
  alt: 'an open-top bus passing Castel Sant’Angelo',
});

/** The Galleria Borghese: the villa that houses it, among hedges and umbrella pines. */
const galleriaBorghese = (light: LightName = 'day'): Motif => ({
  scene: {
    light,
    ground: 'lawn',
    layers: [
      ...trees(['pine', 0.08, 0.95], ['pine', 0.9, 1]),
      { draw: 'villa-borghese', x: 0.5, s: 1.5 },
      { draw: 'hedges', x: 0.5, dy: 100, s: 1 },
    ],
  },
  alt: 'the villa of the Galleria Borghese in its gardens',
});

/** The main picture of each attraction's packages. */
export const MOTIFS: Record<Attraction, (v: Variant) => Motif> = {
  'hop-on-hop-off': hopOnHopOff,
  'night-tour': nightTour,
  'city-highlights': cityHighlights,
  tivoli,
  vatican,
  colosseum: colosseumTicket,
  'ancient-rome-tour': () => ancientRome(),
  'three-museums': threeMuseums,
  'museums-and-bus': museumsAndBus,
  'galleria-borghese': () => galleriaBorghese(),
};

/** The second picture: another sight the ticket includes or passes. */
export const SECOND_MOTIFS: Record<Attraction, (v: Variant) => Motif> = {
  'hop-on-hop-off': routeSight,
  'night-tour': () => ({
    scene: {
      light: 'night',
      ground: 'piazza',
      layers: [...trees(['lamp', 0.12], ['lamp', 0.88]), { draw: 'vittoriano', x: 0.5, s: 1.3 }],
    },
    alt: 'the Vittoriano on Piazza Venezia at night',
  }),
  'city-highlights': () => ({
    ...colosseumTicket(),
    scene: { ...colosseumTicket().scene, light: 'morning' },
  }),
  tivoli: () => ({
    scene: {
      light: 'day',
      ground: 'lawn',
      layers: [...trees(['cypress', 0.1], ['cypress', 0.9]), { draw: 'canopus', x: 0.5, s: 1.15 }],
    },
    alt: 'the Canopus pool of Hadrian’s Villa',
  }),
  vatican: () => ({
    scene: {
      light: 'sunset',
      ground: 'water',
      layers: [
        { draw: 'st-peters', x: 0.5, s: 0.8, dy: -20 },
        { draw: 'bridge', x: 0.5, dy: 95, s: 0.75 },
      ],
    },
    alt: 'St Peter’s dome from the Tiber at sunset',
  }),
  colosseum: () => ancientRome('day'),
  'ancient-rome-tour': colosseumTicket,
  'three-museums': () => galleriaBorghese(),
  'museums-and-bus': threeMuseums,
  'galleria-borghese': () => ({
    ...galleriaBorghese('sunset'),
    alt: 'the Galleria Borghese’s villa at sunset',
  }),
};

/** The operators' company banners: a bus operator's bus in its city, the museum operator's museums. */
export function operatorBanner(slug: string, livery: string, index: number): Motif {
  if (slug === 'roma-musei') {
    return {
      scene: {
        light: 'sunset',
        ground: 'water',
        layers: [
          { draw: 'st-peters', x: 0.8, s: 0.55, dy: -20 },
          { draw: 'castel-sant-angelo', x: 0.45, s: 0.95 },
          { draw: 'bridge', x: 0.5, dy: 95, s: 0.75 },
        ],
      },
      alt: 'Castel Sant’Angelo and St Peter’s dome above the Tiber',
    };
  }
  const sight = ROUTE_SIGHTS[index % ROUTE_SIGHTS.length];
  return {
    scene: {
      light: DAYLIGHTS[index % DAYLIGHTS.length],
      ground: 'road',
      layers: [
        ...trees(['pine', 0.06], ['cypress', 0.94]),
        ...sightAt(sight, 0.3),
        { draw: 'pantheon', x: 0.82, s: 0.8 },
        bus(livery, 0.55, 1.1),
      ],
    },
    alt: `an open-top bus passing ${sight.name}`,
  };
}

/** The content pages' banners (about, terms, agent points, ...): a different corner of Rome each. */
export const PAGE_BANNERS: Record<string, Motif> = {
  'home-hero': {
    scene: {
      light: 'sunset',
      ground: 'piazza',
      layers: [
        { draw: 'colosseum', x: 0.25 },
        { draw: 'st-peters', x: 0.7, s: 0.6 },
        ...trees(['cypress', 0.45], ['cypress', 0.95]),
      ],
    },
    alt: 'the Colosseum and St Peter’s dome at sunset',
  },
  'home-bottom-banner': {
    scene: {
      light: 'day',
      ground: 'road',
      layers: [{ draw: 'vittoriano', x: 0.35 }, ...trees(['pine', 0.85]), bus('#b91c1c', 0.55)],
    },
    alt: 'an open-top bus on Piazza Venezia',
  },
  'about-us-banner': {
    scene: {
      light: 'day',
      ground: 'piazza',
      layers: [
        { draw: 'colosseum', x: 0.18, s: 0.9 },
        { draw: 'pantheon', x: 0.5 },
        { draw: 'st-peters', x: 0.83, s: 0.55 },
      ],
    },
    alt: 'the Colosseum, the Pantheon and St Peter’s dome',
  },
  'terms-banner': {
    scene: {
      light: 'morning',
      ground: 'piazza',
      layers: [...trees(['pine', 0.15], ['pine', 0.85]), { draw: 'forum', x: 0.5 }],
    },
    alt: 'the Roman Forum in the morning',
  },
  'return-policy-banner': {
    scene: {
      light: 'day',
      ground: 'piazza',
      layers: [...trees(['cypress', 0.2], ['cypress', 0.8]), { draw: 'vittoriano', x: 0.5 }],
    },
    alt: 'the Vittoriano on Piazza Venezia',
  },
  'refund-banner': {
    scene: {
      light: 'sunset',
      ground: 'piazza',
      layers: [...trees(['lamp', 0.3], ['lamp', 0.7]), { draw: 'pantheon', x: 0.5 }],
    },
    alt: 'the Pantheon at sunset',
  },
  'agent-points-banner': {
    scene: {
      light: 'day',
      ground: 'road',
      layers: [
        { draw: 'colosseum', x: 0.78, s: 0.8 },
        { draw: 'bus-stop', x: 0.47, livery: '#7f1d1d' },
        bus('#b91c1c', 0.2),
      ],
    },
    alt: 'a bus stop with a ticket agent’s kiosk near the Colosseum',
  },
  'view-more-banner': {
    scene: {
      light: 'morning',
      ground: 'water',
      layers: [
        { draw: 'castel-sant-angelo', x: 0.3, s: 0.8 },
        { draw: 'st-peters', x: 0.7, s: 0.6, dy: -20 },
        { draw: 'bridge', x: 0.5, dy: 95, s: 0.75 },
      ],
    },
    alt: 'St Peter’s and Castel Sant’Angelo above the Tiber',
  },
};

/** Every landmark a scene draws, for tests and checks (trees and lamps included). */
export const landmarksOf = (m: Motif) => m.scene.layers.map((l) => l.draw);
