/**
 * The few shapes of central Rome the stops map draws under a bus line (StopsMap.tsx), as latitude and
 * longitude: the Tiber from Ponte Milvio to Ponte dell'Industria along its bridges, the Villa Borghese
 * park, Vatican City and the Palatine and Forum, with a name for each. No tile server is reachable, and
 * a tourist finds the way on a map by the river, the big park and St Peter's. Approximate to some
 * tens of metres: enough to place the stops, never a street map.
 */

export type LatLng = readonly [lat: number, lng: number];

/** The Tiber's middle line, north to south (by its bridges). */
export const TIBER: LatLng[] = [
  [41.9355, 12.4672], // Ponte Milvio
  [41.929, 12.466],
  [41.9215, 12.4668],
  [41.917, 12.47], // Ponte Risorgimento
  [41.9128, 12.4718], // Ponte Matteotti
  [41.9107, 12.4728], // Ponte Margherita
  [41.905, 12.4735], // Ponte Cavour
  [41.9025, 12.4712], // Ponte Umberto I
  [41.9016, 12.4663], // Ponte Sant'Angelo
  [41.9005, 12.4638], // Ponte Vittorio Emanuele II
  [41.8982, 12.4625], // Ponte Principe Amedeo
  [41.8955, 12.4652], // Ponte Mazzini
  [41.8922, 12.4707], // Ponte Sisto
  [41.8907, 12.4735], // Ponte Garibaldi
  [41.8905, 12.4776], // Isola Tiberina
  [41.8876, 12.4792], // Ponte Palatino
  [41.881, 12.4747], // Ponte Sublicio
  [41.8766, 12.469], // Ponte Testaccio
  [41.866, 12.472], // Ponte dell'Industria
];

/**
 * The main streets a visitor walks or rides, drawn thin and grey so the map reads as a city: Via del
 * Corso, Via dei Fori Imperiali, Via Nazionale, Via Cavour, Via Merulana, Via del Tritone, Corso
 * Vittorio Emanuele II, Via della Conciliazione, Via di San Gregorio, Viale Aventino, Via delle Terme
 * di Caracalla and the Appian Way's first stretch.
 */
export const STREETS: LatLng[][] = [
  [
    [41.9107, 12.4763],
    [41.9012, 12.4803],
    [41.8963, 12.4818],
  ],
  [
    [41.8955, 12.4835],
    [41.8928, 12.4868],
    [41.8906, 12.4905],
  ],
  [
    [41.9027, 12.4955],
    [41.9003, 12.4912],
    [41.8978, 12.4862],
  ],
  [
    [41.9005, 12.499],
    [41.8963, 12.4935],
    [41.8935, 12.4885],
  ],
  [
    [41.8976, 12.4984],
    [41.8925, 12.5018],
    [41.8868, 12.5052],
  ],
  [
    [41.9012, 12.4806],
    [41.9027, 12.4846],
    [41.9037, 12.4885],
  ],
  [
    [41.8957, 12.4768],
    [41.8978, 12.4718],
    [41.8992, 12.4688],
    [41.9006, 12.4652],
  ],
  [
    [41.9024, 12.4652],
    [41.9022, 12.4592],
  ],
  [
    [41.8896, 12.4912],
    [41.8862, 12.4899],
    [41.8838, 12.4888],
  ],
  [
    [41.8838, 12.4888],
    [41.8803, 12.4843],
    [41.8765, 12.481],
  ],
  [
    [41.8838, 12.4888],
    [41.8805, 12.4935],
    [41.8765, 12.4985],
    [41.8735, 12.5016],
  ],
  [
    [41.8735, 12.5016],
    [41.8685, 12.5062],
    [41.8615, 12.5123],
  ],
];

export type Area = { key: 'park' | 'state' | 'ruins'; points: LatLng[] };

export const AREAS: Area[] = [
  {
    key: 'park', // Villa Borghese and the Pincio
    points: [
      [41.9112, 12.4783],
      [41.9168, 12.4778],
      [41.9188, 12.4835],
      [41.9172, 12.4935],
      [41.9135, 12.4945],
      [41.9093, 12.4893],
      [41.9083, 12.4825],
    ],
  },
  {
    key: 'state', // Vatican City
    points: [
      [41.9074, 12.4485],
      [41.9068, 12.4535],
      [41.9043, 12.4578],
      [41.9016, 12.4584],
      [41.9006, 12.4556],
      [41.8997, 12.4512],
      [41.9012, 12.4463],
      [41.9046, 12.4459],
    ],
  },
  {
    key: 'park', // the Circus Maximus, a long meadow today
    points: [
      [41.8878, 12.4828],
      [41.8868, 12.4822],
      [41.8836, 12.4872],
      [41.8846, 12.4882],
    ],
  },
  {
    key: 'ruins', // the Roman Forum and the Palatine
    points: [
      [41.8935, 12.4845],
      [41.8918, 12.4898],
      [41.8888, 12.4908],
      [41.8862, 12.4883],
      [41.8872, 12.4838],
      [41.8905, 12.4828],
    ],
  },
];

/** Where each landmark's name is written. */
export type LandmarkKey = 'tiber' | 'borghese' | 'vatican' | 'forum' | 'trastevere';
export const LANDMARKS: { key: LandmarkKey; at: LatLng }[] = [
  { key: 'tiber', at: [41.8948, 12.4668] },
  { key: 'borghese', at: [41.9138, 12.4862] },
  { key: 'vatican', at: [41.9036, 12.4515] },
  { key: 'forum', at: [41.8893, 12.4872] },
  { key: 'trastevere', at: [41.8875, 12.4688] },
];
