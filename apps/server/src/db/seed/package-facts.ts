/**
 * The demo packages' facts for buyers (decision 040) in the five languages, as an editor would have
 * written them in the ticket editor's Facts section: the operators' real hop-on hop-off stops at their
 * places, the museums' real entrances, hours as the sites keep them, what is included and not, and
 * accessibility. English goes to `packages.facts`, the other languages' words to
 * `package_translations.facts` (the stops' names by stop id; their places only once, with the English).
 */
import {
  DEFAULT_LOCALE,
  type FactWords,
  LOCALES,
  type Locale,
  type PackageFacts,
  storedFactsSchema,
} from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';

type Words = Record<Locale, string>;
const w = (en: string, it: string, es: string, fr: string, de: string): Words => ({ en, it, es, fr, de });

/** Bus stops at the kerb where the buses stop (latitude, longitude), named in each language. */
const STOPS = {
  termini: {
    lat: 41.9013,
    lng: 12.503,
    name: w(
      'Termini Station (Via Marsala)',
      'Stazione Termini (Via Marsala)',
      'Estación Termini (Via Marsala)',
      'Gare Termini (Via Marsala)',
      'Bahnhof Termini (Via Marsala)',
    ),
  },
  'santa-maria-maggiore': {
    lat: 41.8976,
    lng: 12.4984,
    name: w(
      'Santa Maria Maggiore',
      'Santa Maria Maggiore',
      'Santa María la Mayor',
      'Sainte-Marie-Majeure',
      'Santa Maria Maggiore',
    ),
  },
  colosseum: {
    lat: 41.8897,
    lng: 12.4936,
    name: w('Colosseum', 'Colosseo', 'Coliseo', 'Colisée', 'Kolosseum'),
  },
  'circus-maximus': {
    lat: 41.8859,
    lng: 12.4853,
    name: w('Circus Maximus', 'Circo Massimo', 'Circo Máximo', 'Cirque Maxime', 'Circus Maximus'),
  },
  'bocca-della-verita': {
    lat: 41.8881,
    lng: 12.4814,
    name: w(
      'Mouth of Truth',
      'Bocca della Verità',
      'Boca de la Verdad',
      'Bouche de la Vérité',
      'Mund der Wahrheit',
    ),
  },
  'piazza-venezia': {
    lat: 41.8958,
    lng: 12.4826,
    name: w('Piazza Venezia', 'Piazza Venezia', 'Plaza Venecia', 'Place de Venise', 'Piazza Venezia'),
  },
  'largo-argentina': {
    lat: 41.8954,
    lng: 12.4769,
    name: w(
      'Largo di Torre Argentina',
      'Largo di Torre Argentina',
      'Largo di Torre Argentina',
      'Largo di Torre Argentina',
      'Largo di Torre Argentina',
    ),
  },
  'castel-santangelo': {
    lat: 41.9029,
    lng: 12.4667,
    name: w(
      'Castel Sant’Angelo',
      'Castel Sant’Angelo',
      'Castillo de Sant’Angelo',
      'Château Saint-Ange',
      'Engelsburg',
    ),
  },
  'st-peters': {
    lat: 41.902,
    lng: 12.46,
    name: w(
      'St Peter’s (Via della Conciliazione)',
      'San Pietro (Via della Conciliazione)',
      'San Pedro (Via della Conciliazione)',
      'Saint-Pierre (Via della Conciliazione)',
      'Petersdom (Via della Conciliazione)',
    ),
  },
  'vatican-museums': {
    lat: 41.9068,
    lng: 12.4602,
    name: w(
      'Vatican Museums (Piazza Risorgimento)',
      'Musei Vaticani (Piazza Risorgimento)',
      'Museos Vaticanos (Piazza Risorgimento)',
      'Musées du Vatican (Piazza Risorgimento)',
      'Vatikanische Museen (Piazza Risorgimento)',
    ),
  },
  'spanish-steps': {
    lat: 41.9036,
    lng: 12.4884,
    name: w(
      'Spanish Steps (Piazza Barberini)',
      'Piazza di Spagna (Piazza Barberini)',
      'Plaza de España (Piazza Barberini)',
      'Place d’Espagne (Piazza Barberini)',
      'Spanische Treppe (Piazza Barberini)',
    ),
  },
  trevi: {
    lat: 41.9025,
    lng: 12.4847,
    name: w(
      'Trevi Fountain (Via del Tritone)',
      'Fontana di Trevi (Via del Tritone)',
      'Fontana de Trevi (Via del Tritone)',
      'Fontaine de Trevi (Via del Tritone)',
      'Trevi-Brunnen (Via del Tritone)',
    ),
  },
  'baths-of-caracalla': {
    lat: 41.8794,
    lng: 12.4925,
    name: w(
      'Baths of Caracalla',
      'Terme di Caracalla',
      'Termas de Caracalla',
      'Thermes de Caracalla',
      'Caracalla-Thermen',
    ),
  },
  'appian-way': {
    lat: 41.8735,
    lng: 12.5016,
    name: w(
      'Appian Way (Porta San Sebastiano)',
      'Via Appia Antica (Porta San Sebastiano)',
      'Vía Apia (Porta San Sebastiano)',
      'Voie Appienne (Porta San Sebastiano)',
      'Via Appia (Porta San Sebastiano)',
    ),
  },
} as const;
type StopId = keyof typeof STOPS;

/** Each operator's line, in the order the buses run it (a loop back to the first stop). */
const LINES: Record<string, StopId[]> = {
  'big-bus': [
    'termini',
    'santa-maria-maggiore',
    'colosseum',
    'circus-maximus',
    'piazza-venezia',
    'st-peters',
    'spanish-steps',
    'trevi',
  ],
  'i-love-rome': [
    'termini',
    'santa-maria-maggiore',
    'colosseum',
    'circus-maximus',
    'bocca-della-verita',
    'piazza-venezia',
    'castel-santangelo',
    'st-peters',
    'trevi',
  ],
  'green-line': [
    'termini',
    'colosseum',
    'circus-maximus',
    'piazza-venezia',
    'largo-argentina',
    'st-peters',
    'trevi',
  ],
  'green-line-appia': [
    'termini',
    'colosseum',
    'baths-of-caracalla',
    'appian-way',
    'circus-maximus',
    'piazza-venezia',
    'largo-argentina',
    'st-peters',
    'trevi',
  ],
  'city-sightseeing': [
    'termini',
    'santa-maria-maggiore',
    'colosseum',
    'circus-maximus',
    'piazza-venezia',
    'st-peters',
    'vatican-museums',
    'spanish-steps',
  ],
};

type DemoFacts = {
  meeting: Words;
  hours: Words[];
  included: Words[];
  notIncluded: Words[];
  access: Words;
  line?: keyof typeof LINES;
};

// Words several packages share.
const COMMENTARY = w(
  'Recorded commentary in 16 languages (earphones given on board)',
  'Commento registrato in 16 lingue (auricolari consegnati a bordo)',
  'Audioguía grabada en 16 idiomas (auriculares a bordo)',
  'Commentaire enregistré en 16 langues (écouteurs remis à bord)',
  'Audiokommentar in 16 Sprachen (Kopfhörer erhalten Sie an Bord)',
);
const WIFI = w(
  'Free Wi-Fi on board',
  'Wi-Fi gratuito a bordo',
  'Wi-Fi gratis a bordo',
  'Wi-Fi gratuit à bord',
  'Kostenloses WLAN an Bord',
);
const NO_MUSEUMS = w(
  'Entry to museums and monuments',
  'Ingresso a musei e monumenti',
  'Entrada a museos y monumentos',
  'Entrée des musées et monuments',
  'Eintritt in Museen und Sehenswürdigkeiten',
);
const NO_PICKUP = w(
  'Hotel pick-up',
  'Prelievo in hotel',
  'Recogida en el hotel',
  'Prise en charge à l’hôtel',
  'Abholung vom Hotel',
);
const NO_FOOD = w(
  'Food and drinks',
  'Cibo e bevande',
  'Comida y bebida',
  'Repas et boissons',
  'Speisen und Getränke',
);
const NO_GUIDE = w('A guide', 'Una guida', 'Un guía', 'Un guide', 'Eine Führung');
const BUS_ACCESS = w(
  'Low-floor buses with a ramp and a wheelchair space on the lower deck; the open upper deck is up a flight of stairs. Guide dogs are welcome.',
  'Autobus a pianale ribassato con rampa e posto per sedia a rotelle al piano inferiore; al piano superiore scoperto si sale per una scala. I cani guida sono benvenuti.',
  'Autobuses de piso bajo con rampa y plaza para silla de ruedas en la planta baja; a la planta superior descubierta se sube por una escalera. Se admiten perros guía.',
  'Bus à plancher bas avec rampe et place pour fauteuil roulant au niveau inférieur ; l’étage ouvert se rejoint par un escalier. Les chiens guides sont les bienvenus.',
  'Niederflurbusse mit Rampe und Rollstuhlplatz im Unterdeck; das offene Oberdeck erreichen Sie über eine Treppe. Blindenführhunde sind willkommen.',
);
const passFor = (hours: number) =>
  w(
    `Hop on and off the whole line for ${hours} hours from your first ride`,
    `Sali e scendi su tutta la linea per ${hours} ore dalla prima corsa`,
    `Sube y baja en toda la línea durante ${hours} horas desde el primer viaje`,
    `Montez et descendez sur toute la ligne pendant ${hours} heures après le premier trajet`,
    `Beliebig ein- und aussteigen auf der ganzen Linie, ${hours} Stunden ab der ersten Fahrt`,
  );
const DAY_PASS = w(
  'Hop on and off the whole line on the day you choose',
  'Sali e scendi su tutta la linea nel giorno scelto',
  'Sube y baja en toda la línea el día que elijas',
  'Montez et descendez sur toute la ligne le jour choisi',
  'Beliebig ein- und aussteigen auf der ganzen Linie am gewählten Tag',
);
const anyStop = (operator: string, address: string, colour: Words) =>
  w(
    `Board at any stop with your QR code. Main stop: ${address}, beside Termini station, at the ${colour.en} ${operator} stand.`,
    `Sali a qualsiasi fermata con il codice QR. Fermata principale: ${address}, accanto alla Stazione Termini, al punto ${operator} ${colour.it}.`,
    `Sube en cualquier parada con tu código QR. Parada principal: ${address}, junto a la estación Termini, en el puesto ${colour.es} de ${operator}.`,
    `Montez à n’importe quel arrêt avec votre QR code. Arrêt principal : ${address}, à côté de la gare Termini, au stand ${colour.fr} ${operator}.`,
    `Steigen Sie mit Ihrem QR-Code an jeder Haltestelle ein. Hauptstation: ${address}, neben dem Bahnhof Termini, am ${colour.de} ${operator}-Stand.`,
  );
const RED = w('red', 'rosso', 'rojo', 'rouge', 'roten');
const BLUE = w('blue', 'blu', 'azul', 'bleu', 'blauen');
const GREEN = w('green', 'verde', 'verde', 'vert', 'grünen');
const ORANGE = w('orange', 'arancione', 'naranja', 'orange', 'orangen');
const busHours = (first: string, last: string, every: string, loop: string) => [
  w(
    `First bus ${first} from Termini, last bus ${last}`,
    `Primo autobus alle ${first} da Termini, ultimo alle ${last}`,
    `Primer autobús a las ${first} desde Termini, último a las ${last}`,
    `Premier bus à ${first} depuis Termini, dernier à ${last}`,
    `Erster Bus um ${first} ab Termini, letzter um ${last}`,
  ),
  w(
    `A bus every ${every} minutes; the whole loop takes about ${loop}`,
    `Un autobus ogni ${every} minuti; il giro completo dura circa ${loop.replace('hours', 'ore').replace('hour', 'ora').replace('minutes', 'minuti')}`,
    `Un autobús cada ${every} minutos; la vuelta completa dura alrededor de ${loop.replace('hours', 'horas').replace('hour', 'hora').replace('minutes', 'minutos')}`,
    `Un bus toutes les ${every} minutes ; la boucle complète dure environ ${loop.replace('hours', 'heures').replace('hour', 'heure').replace('minutes', 'minutes')}`,
    `Ein Bus alle ${every} Minuten; die ganze Runde dauert etwa ${loop.replace('hours', 'Stunden').replace('hour', 'Stunde').replace('minutes', 'Minuten')}`,
  ),
];

const bigBus = (included: Words): DemoFacts => ({
  meeting: anyStop('Big Bus', 'Via Marsala 7', RED),
  hours: busHours('09:00', '18:30', '15', '2 hours'),
  included: [included, COMMENTARY],
  notIncluded: [NO_MUSEUMS, NO_PICKUP],
  access: BUS_ACCESS,
  line: 'big-bus',
});
const iLoveRome = (included: Words): DemoFacts => ({
  meeting: anyStop('I Love Rome', 'Via Marsala 29', BLUE),
  hours: busHours('09:00', '19:00', '20', '1 hour 50 minutes'),
  included: [included, COMMENTARY, WIFI],
  notIncluded: [NO_MUSEUMS, NO_PICKUP],
  access: BUS_ACCESS,
  line: 'i-love-rome',
});
const greenLine = (included: Words, line: keyof typeof LINES = 'green-line'): DemoFacts => ({
  meeting: anyStop('Green Line', 'Via Marsala 9', GREEN),
  hours: busHours('08:30', '19:00', '20', '1 hour 40 minutes'),
  included: [
    included,
    COMMENTARY,
    w(
      'Quiet electric buses',
      'Autobus elettrici silenziosi',
      'Autobuses eléctricos silenciosos',
      'Bus électriques silencieux',
      'Leise Elektrobusse',
    ),
  ],
  notIncluded: [NO_MUSEUMS, NO_PICKUP],
  access: BUS_ACCESS,
  line,
});
const citySightseeing = (
  included: Words,
  hours = busHours('09:00', '19:00', '10', '1 hour 40 minutes'),
): DemoFacts => ({
  meeting: anyStop('City Sightseeing', 'Via Marsala 7', ORANGE),
  hours,
  included: [included, COMMENTARY],
  notIncluded: [NO_MUSEUMS, NO_PICKUP],
  access: BUS_ACCESS,
  line: 'city-sightseeing',
});

const BORGHESE_ADDRESS = 'Piazzale Scipione Borghese 5';
const CAPITOLINE_ADDRESS = 'Piazza del Campidoglio 1';
const CASTEL_ADDRESS = 'Lungotevere Castello 50';
const threeMuseumEntrances = w(
  `Each museum's own entrance: Galleria Borghese, ${BORGHESE_ADDRESS}; Capitoline Museums, ${CAPITOLINE_ADDRESS}; Castel Sant’Angelo, ${CASTEL_ADDRESS}.`,
  `L’ingresso di ciascun museo: Galleria Borghese, ${BORGHESE_ADDRESS}; Musei Capitolini, ${CAPITOLINE_ADDRESS}; Castel Sant’Angelo, ${CASTEL_ADDRESS}.`,
  `La entrada de cada museo: Galería Borghese, ${BORGHESE_ADDRESS}; Museos Capitolinos, ${CAPITOLINE_ADDRESS}; Castillo de Sant’Angelo, ${CASTEL_ADDRESS}.`,
  `L’entrée de chaque musée : Galerie Borghèse, ${BORGHESE_ADDRESS} ; musées du Capitole, ${CAPITOLINE_ADDRESS} ; château Saint-Ange, ${CASTEL_ADDRESS}.`,
  `Der Eingang des jeweiligen Museums: Galleria Borghese, ${BORGHESE_ADDRESS}; Kapitolinische Museen, ${CAPITOLINE_ADDRESS}; Engelsburg, ${CASTEL_ADDRESS}.`,
);
const threeMuseumHours = [
  w(
    'Galleria Borghese: Tuesday to Sunday 09:00-19:00, entries every hour',
    'Galleria Borghese: da martedì a domenica 09:00-19:00, ingressi ogni ora',
    'Galería Borghese: de martes a domingo 09:00-19:00, entradas cada hora',
    'Galerie Borghèse : du mardi au dimanche 09:00-19:00, entrées toutes les heures',
    'Galleria Borghese: Dienstag bis Sonntag 09:00-19:00, Einlass zu jeder vollen Stunde',
  ),
  w(
    'Capitoline Museums: daily 09:30-19:30, last entry 18:30',
    'Musei Capitolini: tutti i giorni 09:30-19:30, ultimo ingresso 18:30',
    'Museos Capitolinos: todos los días 09:30-19:30, última entrada 18:30',
    'Musées du Capitole : tous les jours 09:30-19:30, dernière entrée 18:30',
    'Kapitolinische Museen: täglich 09:30-19:30, letzter Einlass 18:30',
  ),
  w(
    'Castel Sant’Angelo: Tuesday to Sunday 09:00-19:30, last entry 18:30',
    'Castel Sant’Angelo: da martedì a domenica 09:00-19:30, ultimo ingresso 18:30',
    'Castillo de Sant’Angelo: de martes a domingo 09:00-19:30, última entrada 18:30',
    'Château Saint-Ange : du mardi au dimanche 09:00-19:30, dernière entrée 18:30',
    'Engelsburg: Dienstag bis Sonntag 09:00-19:30, letzter Einlass 18:30',
  ),
];
const threeMuseumsIncluded = w(
  'One entry to each of three museums within 72 hours of the first',
  'Un ingresso in ciascuno dei tre musei entro 72 ore dal primo',
  'Una entrada a cada uno de los tres museos en 72 horas desde el primero',
  'Une entrée dans chacun des trois musées, dans les 72 heures après le premier',
  'Je ein Eintritt in drei Museen innerhalb von 72 Stunden ab dem ersten',
);
const NO_EXHIBITIONS = w(
  'Special exhibitions',
  'Mostre temporanee',
  'Exposiciones temporales',
  'Expositions temporaires',
  'Sonderausstellungen',
);
const NO_AUDIO = w(
  'Audio guide (rented on site)',
  'Audioguida (a noleggio sul posto)',
  'Audioguía (se alquila allí)',
  'Audioguide (en location sur place)',
  'Audioguide (vor Ort zu mieten)',
);
const MUSEUMS_ACCESS = w(
  'All three museums have lifts; at Castel Sant’Angelo the ramp to the upper terraces is steep. Visitors with disabilities and one companion enter free with a certificate.',
  'I tre musei hanno ascensori; a Castel Sant’Angelo la rampa verso le terrazze è ripida. I visitatori con disabilità e un accompagnatore entrano gratis con un certificato.',
  'Los tres museos tienen ascensor; en el Castillo de Sant’Angelo la rampa a las terrazas es empinada. Las personas con discapacidad y un acompañante entran gratis con certificado.',
  'Les trois musées ont des ascenseurs ; au château Saint-Ange la rampe vers les terrasses est raide. Les visiteurs handicapés et un accompagnateur entrent gratuitement sur justificatif.',
  'Alle drei Museen haben Aufzüge; in der Engelsburg ist die Rampe zu den Terrassen steil. Besucher mit Behinderung und eine Begleitperson haben mit Nachweis freien Eintritt.',
);

/** The facts of each demo package, by tag. */
const DEMO_FACTS: Record<string, DemoFacts> = {
  'BB-24': bigBus(passFor(24)),
  'BB-48': {
    ...bigBus(passFor(48)),
    included: [
      passFor(48),
      COMMENTARY,
      w(
        'A guided walking tour of Trastevere (daily at 17:00 from Piazza Trilussa)',
        'Una passeggiata guidata a Trastevere (ogni giorno alle 17:00 da Piazza Trilussa)',
        'Un paseo guiado por el Trastevere (cada día a las 17:00 desde Piazza Trilussa)',
        'Une visite guidée à pied du Trastevere (chaque jour à 17:00 depuis la Piazza Trilussa)',
        'Eine geführte Besichtigung von Trastevere zu Fuß (täglich um 17:00 ab Piazza Trilussa)',
      ),
    ],
  },
  'BB-72': {
    ...bigBus(passFor(72)),
    included: [
      passFor(72),
      COMMENTARY,
      w(
        'One night tour (21:00 from Termini)',
        'Un tour notturno (alle 21:00 da Termini)',
        'Un tour nocturno (a las 21:00 desde Termini)',
        'Un circuit de nuit (à 21:00 depuis Termini)',
        'Eine Nachttour (um 21:00 ab Termini)',
      ),
    ],
  },
  'BB-HALF': {
    ...bigBus(
      w(
        'Hop on and off the whole line for 4 hours from your first ride',
        'Sali e scendi su tutta la linea per 4 ore dalla prima corsa',
        'Sube y baja en toda la línea durante 4 horas desde el primer viaje',
        'Montez et descendez sur toute la ligne pendant 4 heures après le premier trajet',
        'Beliebig ein- und aussteigen auf der ganzen Linie, 4 Stunden ab der ersten Fahrt',
      ),
    ),
  },
  'BB-NIGHT': {
    meeting: w(
      'Via Marsala 7, beside Termini station, at the red Big Bus stand. Please be there 15 minutes before departure.',
      'Via Marsala 7, accanto alla Stazione Termini, al punto Big Bus rosso. Si prega di arrivare 15 minuti prima della partenza.',
      'Via Marsala 7, junto a la estación Termini, en el puesto rojo de Big Bus. Llega 15 minutos antes de la salida.',
      'Via Marsala 7, à côté de la gare Termini, au stand rouge Big Bus. Merci d’arriver 15 minutes avant le départ.',
      'Via Marsala 7, neben dem Bahnhof Termini, am roten Big-Bus-Stand. Bitte seien Sie 15 Minuten vor der Abfahrt da.',
    ),
    hours: [
      w(
        'Departs daily at 21:00, back at Termini at about 23:00',
        'Partenza ogni giorno alle 21:00, rientro a Termini verso le 23:00',
        'Sale cada día a las 21:00 y vuelve a Termini hacia las 23:00',
        'Départ tous les jours à 21:00, retour à Termini vers 23:00',
        'Abfahrt täglich um 21:00, zurück in Termini gegen 23:00',
      ),
    ],
    included: [
      w(
        'A two-hour panoramic loop of the lit-up city',
        'Un giro panoramico di due ore nella città illuminata',
        'Una vuelta panorámica de dos horas por la ciudad iluminada',
        'Une boucle panoramique de deux heures dans la ville illuminée',
        'Eine zweistündige Panoramarunde durch die beleuchtete Stadt',
      ),
      COMMENTARY,
    ],
    notIncluded: [
      w(
        'Stops on the way: you stay on board',
        'Fermate lungo il percorso: si resta a bordo',
        'Paradas en el camino: te quedas a bordo',
        'Arrêts en route : vous restez à bord',
        'Zwischenstopps: Sie bleiben an Bord',
      ),
      NO_FOOD,
    ],
    access: BUS_ACCESS,
  },
  'ILR-24': iLoveRome(passFor(24)),
  'ILR-48': iLoveRome(passFor(48)),
  'ILR-HALF': {
    meeting: w(
      'Via Marsala 29, beside Termini station, at the blue I Love Rome stand, 15 minutes before departure.',
      'Via Marsala 29, accanto alla Stazione Termini, al punto I Love Rome blu, 15 minuti prima della partenza.',
      'Via Marsala 29, junto a la estación Termini, en el puesto azul de I Love Rome, 15 minutos antes de la salida.',
      'Via Marsala 29, à côté de la gare Termini, au stand bleu I Love Rome, 15 minutes avant le départ.',
      'Via Marsala 29, neben dem Bahnhof Termini, am blauen I-Love-Rome-Stand, 15 Minuten vor der Abfahrt.',
    ),
    hours: [
      w(
        'Departs at 09:00, back at Termini at 13:00',
        'Partenza alle 09:00, rientro a Termini alle 13:00',
        'Sale a las 09:00 y vuelve a Termini a las 13:00',
        'Départ à 09:00, retour à Termini à 13:00',
        'Abfahrt um 09:00, zurück in Termini um 13:00',
      ),
    ],
    included: [
      w(
        'A live guide in English and Italian',
        'Una guida dal vivo in inglese e italiano',
        'Un guía en directo en inglés e italiano',
        'Un guide en direct en anglais et en italien',
        'Eine Live-Reiseleitung auf Englisch und Italienisch',
      ),
      w(
        'Short walks to the Pantheon and the Trevi Fountain',
        'Brevi passeggiate al Pantheon e alla Fontana di Trevi',
        'Paseos cortos al Panteón y a la Fontana de Trevi',
        'De courtes promenades au Panthéon et à la fontaine de Trevi',
        'Kurze Spaziergänge zum Pantheon und zum Trevi-Brunnen',
      ),
    ],
    notIncluded: [
      w(
        'Entry to the Colosseum',
        'Ingresso al Colosseo',
        'Entrada al Coliseo',
        'Entrée du Colisée',
        'Eintritt ins Kolosseum',
      ),
      NO_FOOD,
    ],
    access: w(
      'The bus has a ramp and a wheelchair space; the walks are on cobblestones and take about 20 minutes each.',
      'L’autobus ha una rampa e un posto per sedia a rotelle; le passeggiate sono su sampietrini e durano circa 20 minuti ciascuna.',
      'El autobús tiene rampa y plaza para silla de ruedas; los paseos son sobre adoquines y duran unos 20 minutos cada uno.',
      'Le bus a une rampe et une place pour fauteuil roulant ; les promenades se font sur des pavés et durent environ 20 minutes chacune.',
      'Der Bus hat eine Rampe und einen Rollstuhlplatz; die Spaziergänge führen über Kopfsteinpflaster und dauern je etwa 20 Minuten.',
    ),
  },
  'ILR-DAY': {
    meeting: w(
      'Via Marsala 29, beside Termini station, at the blue I Love Rome stand, 15 minutes before departure.',
      'Via Marsala 29, accanto alla Stazione Termini, al punto I Love Rome blu, 15 minuti prima della partenza.',
      'Via Marsala 29, junto a la estación Termini, en el puesto azul de I Love Rome, 15 minutos antes de la salida.',
      'Via Marsala 29, à côté de la gare Termini, au stand bleu I Love Rome, 15 minutes avant le départ.',
      'Via Marsala 29, neben dem Bahnhof Termini, am blauen I-Love-Rome-Stand, 15 Minuten vor der Abfahrt.',
    ),
    hours: [
      w(
        'Departs at 08:30, back at Termini at about 17:30',
        'Partenza alle 08:30, rientro a Termini verso le 17:30',
        'Sale a las 08:30 y vuelve a Termini hacia las 17:30',
        'Départ à 08:30, retour à Termini vers 17:30',
        'Abfahrt um 08:30, zurück in Termini gegen 17:30',
      ),
    ],
    included: [
      w(
        'Air-conditioned coach from Rome and back',
        'Pullman climatizzato da Roma e ritorno',
        'Autocar con aire acondicionado desde Roma y vuelta',
        'Autocar climatisé aller-retour depuis Rome',
        'Klimatisierter Reisebus ab Rom und zurück',
      ),
      w(
        'Entry to Villa d’Este and Hadrian’s Villa',
        'Ingresso a Villa d’Este e Villa Adriana',
        'Entrada a Villa d’Este y Villa Adriana',
        'Entrée à la Villa d’Este et à la Villa d’Hadrien',
        'Eintritt in die Villa d’Este und die Hadriansvilla',
      ),
      w(
        'A guide at both villas',
        'Una guida in entrambe le ville',
        'Un guía en las dos villas',
        'Un guide dans les deux villas',
        'Eine Führung in beiden Villen',
      ),
    ],
    notIncluded: [
      w(
        'Lunch in Tivoli (about 20 euros)',
        'Pranzo a Tivoli (circa 20 euro)',
        'Comida en Tívoli (unos 20 euros)',
        'Déjeuner à Tivoli (environ 20 euros)',
        'Mittagessen in Tivoli (etwa 20 Euro)',
      ),
      NO_PICKUP,
    ],
    access: w(
      'Villa d’Este has many steps and steep terraces; Hadrian’s Villa is on wide, uneven ground. Not suited to wheelchairs.',
      'Villa d’Este ha molti gradini e terrazze ripide; Villa Adriana si visita su terreno ampio e irregolare. Non adatto alle sedie a rotelle.',
      'Villa d’Este tiene muchos escalones y terrazas empinadas; Villa Adriana está en un terreno amplio e irregular. No apto para sillas de ruedas.',
      'La Villa d’Este compte beaucoup de marches et de terrasses raides ; la Villa d’Hadrien s’étend sur un terrain vaste et inégal. Ne convient pas aux fauteuils roulants.',
      'Die Villa d’Este hat viele Stufen und steile Terrassen; die Hadriansvilla liegt auf weitem, unebenem Gelände. Für Rollstühle nicht geeignet.',
    ),
  },
  'GL-24': greenLine(passFor(24)),
  'GL-48': greenLine(passFor(48)),
  'GL-72': greenLine(passFor(72), 'green-line-appia'),
  'GL-1DAY': greenLine(DAY_PASS),
  'CS-24': citySightseeing(passFor(24)),
  'CS-48': citySightseeing(passFor(48)),
  'CS-72': citySightseeing(passFor(72)),
  'CS-1DAY': citySightseeing(DAY_PASS),
  'CS-HALF': citySightseeing(
    w(
      'Hop on and off the whole line from 14:00 until the last bus',
      'Sali e scendi su tutta la linea dalle 14:00 fino all’ultimo autobus',
      'Sube y baja en toda la línea desde las 14:00 hasta el último autobús',
      'Montez et descendez sur toute la ligne de 14:00 jusqu’au dernier bus',
      'Beliebig ein- und aussteigen auf der ganzen Linie ab 14:00 bis zum letzten Bus',
    ),
    [
      w(
        'From 14:00, last bus 19:00 from Termini',
        'Dalle 14:00, ultimo autobus alle 19:00 da Termini',
        'Desde las 14:00, último autobús a las 19:00 desde Termini',
        'À partir de 14:00, dernier bus à 19:00 depuis Termini',
        'Ab 14:00, letzter Bus um 19:00 ab Termini',
      ),
      busHours('09:00', '19:00', '10', '1 hour 40 minutes')[1],
    ],
  ),
  'RM-VAT': {
    meeting: w(
      'Vatican Museums entrance, Viale Vaticano (by Piazza Risorgimento): the line for ticket holders, on the right.',
      'Ingresso dei Musei Vaticani, Viale Vaticano (vicino a Piazza Risorgimento): la fila per chi ha il biglietto, sulla destra.',
      'Entrada de los Museos Vaticanos, Viale Vaticano (cerca de Piazza Risorgimento): la fila para quienes tienen entrada, a la derecha.',
      'Entrée des musées du Vatican, Viale Vaticano (près de la Piazza Risorgimento) : la file des détenteurs de billets, à droite.',
      'Eingang der Vatikanischen Museen, Viale Vaticano (nahe Piazza Risorgimento): die Schlange für Ticketinhaber, rechts.',
    ),
    hours: [
      w(
        'Monday to Saturday 09:00-18:00, last entry 16:00',
        'Da lunedì a sabato 09:00-18:00, ultimo ingresso 16:00',
        'De lunes a sábado 09:00-18:00, última entrada 16:00',
        'Du lundi au samedi 09:00-18:00, dernière entrée 16:00',
        'Montag bis Samstag 09:00-18:00, letzter Einlass 16:00',
      ),
      w(
        'Closed on Sundays and on Church holidays',
        'Chiusi la domenica e nelle feste religiose',
        'Cerrados los domingos y en las fiestas religiosas',
        'Fermés le dimanche et les jours de fêtes religieuses',
        'Sonntags und an kirchlichen Feiertagen geschlossen',
      ),
    ],
    included: [
      w(
        'Entry to the Vatican Museums and the Sistine Chapel',
        'Ingresso ai Musei Vaticani e alla Cappella Sistina',
        'Entrada a los Museos Vaticanos y la Capilla Sixtina',
        'Entrée aux musées du Vatican et à la chapelle Sixtine',
        'Eintritt in die Vatikanischen Museen und die Sixtinische Kapelle',
      ),
      w(
        'Skip the ticket line',
        'Salta la fila alla biglietteria',
        'Sin colas en la taquilla',
        'Coupe-file à la billetterie',
        'Ohne Anstehen an der Kasse',
      ),
    ],
    notIncluded: [
      w(
        'St Peter’s Basilica (free, with its own security line)',
        'Basilica di San Pietro (gratuita, con un proprio controllo di sicurezza)',
        'Basílica de San Pedro (gratis, con su propio control de seguridad)',
        'Basilique Saint-Pierre (gratuite, avec son propre contrôle de sécurité)',
        'Petersdom (kostenlos, mit eigener Sicherheitskontrolle)',
      ),
      NO_AUDIO,
      NO_GUIDE,
    ],
    access: w(
      'A step-free route with lifts reaches the Sistine Chapel; wheelchairs are lent free at the entrance desk.',
      'Un percorso senza gradini con ascensori arriva alla Cappella Sistina; le sedie a rotelle si prestano gratis all’ingresso.',
      'Un recorrido sin escalones con ascensores llega a la Capilla Sixtina; se prestan sillas de ruedas gratis en la entrada.',
      'Un parcours sans marches avec ascenseurs mène à la chapelle Sixtine ; des fauteuils roulants sont prêtés gratuitement à l’entrée.',
      'Ein stufenloser Weg mit Aufzügen führt bis zur Sixtinischen Kapelle; Rollstühle leihen Sie kostenlos am Eingang.',
    ),
  },
  'RM-COL': {
    meeting: w(
      'Colosseum: the ticket holders’ entrance on the Via Sacra side, by the Arch of Constantine. Roman Forum and Palatine: Largo della Salara Vecchia 5/6, off Via dei Fori Imperiali.',
      'Colosseo: l’ingresso per chi ha il biglietto sul lato della Via Sacra, vicino all’Arco di Costantino. Foro Romano e Palatino: Largo della Salara Vecchia 5/6, da Via dei Fori Imperiali.',
      'Coliseo: la entrada para quienes tienen entrada, del lado de la Via Sacra, junto al Arco de Constantino. Foro Romano y Palatino: Largo della Salara Vecchia 5/6, desde Via dei Fori Imperiali.',
      'Colisée : l’entrée des détenteurs de billets côté Via Sacra, près de l’arc de Constantin. Forum romain et Palatin : Largo della Salara Vecchia 5/6, depuis la Via dei Fori Imperiali.',
      'Kolosseum: der Eingang für Ticketinhaber auf der Seite der Via Sacra, am Konstantinsbogen. Forum Romanum und Palatin: Largo della Salara Vecchia 5/6, an der Via dei Fori Imperiali.',
    ),
    hours: [
      w(
        'Daily from 09:00 to one hour before sunset (19:15 in summer, 16:30 in winter)',
        'Tutti i giorni dalle 09:00 a un’ora prima del tramonto (19:15 d’estate, 16:30 d’inverno)',
        'Todos los días de 09:00 a una hora antes del atardecer (19:15 en verano, 16:30 en invierno)',
        'Tous les jours de 09:00 à une heure avant le coucher du soleil (19:15 en été, 16:30 en hiver)',
        'Täglich von 09:00 bis eine Stunde vor Sonnenuntergang (19:15 im Sommer, 16:30 im Winter)',
      ),
      w(
        'Enter the Colosseum at your time; last entry one hour before closing',
        'Ingresso al Colosseo all’orario scelto; ultimo ingresso un’ora prima della chiusura',
        'Entrada al Coliseo a tu hora; última entrada una hora antes del cierre',
        'Entrée au Colisée à votre horaire ; dernière entrée une heure avant la fermeture',
        'Einlass ins Kolosseum zu Ihrer Uhrzeit; letzter Einlass eine Stunde vor Schließung',
      ),
      w(
        'Closed on 25 December and 1 January',
        'Chiuso il 25 dicembre e il 1° gennaio',
        'Cerrado el 25 de diciembre y el 1 de enero',
        'Fermé le 25 décembre et le 1er janvier',
        'Am 25. Dezember und 1. Januar geschlossen',
      ),
    ],
    included: [
      w(
        'One entry each to the Colosseum, the Roman Forum and the Palatine',
        'Un ingresso ciascuno al Colosseo, al Foro Romano e al Palatino',
        'Una entrada a cada uno: Coliseo, Foro Romano y Palatino',
        'Une entrée chacun au Colisée, au Forum romain et au Palatin',
        'Je ein Eintritt ins Kolosseum, ins Forum Romanum und auf den Palatin',
      ),
      w(
        'A timed entry to the Colosseum, skipping the ticket line',
        'Ingresso a orario al Colosseo, senza fila alla biglietteria',
        'Entrada con hora al Coliseo, sin cola en la taquilla',
        'Entrée à horaire fixe au Colisée, sans file à la billetterie',
        'Zeitfenster-Eintritt ins Kolosseum, ohne Anstehen an der Kasse',
      ),
    ],
    notIncluded: [
      w(
        'The arena floor and the underground (separate ticket)',
        'L’arena e i sotterranei (biglietto a parte)',
        'La arena y los subterráneos (entrada aparte)',
        'L’arène et les souterrains (billet séparé)',
        'Arena und Untergeschosse (eigenes Ticket)',
      ),
      NO_GUIDE,
      NO_AUDIO,
    ],
    access: w(
      'A lift reaches the Colosseum’s second level; the Forum and the Palatine have steep, uneven paths. Visitors with disabilities and one companion enter free with a certificate.',
      'Un ascensore porta al secondo livello del Colosseo; il Foro e il Palatino hanno percorsi ripidi e irregolari. I visitatori con disabilità e un accompagnatore entrano gratis con un certificato.',
      'Un ascensor sube al segundo nivel del Coliseo; el Foro y el Palatino tienen caminos empinados e irregulares. Las personas con discapacidad y un acompañante entran gratis con certificado.',
      'Un ascenseur mène au deuxième niveau du Colisée ; le Forum et le Palatin ont des chemins raides et inégaux. Les visiteurs handicapés et un accompagnateur entrent gratuitement sur justificatif.',
      'Ein Aufzug führt in die zweite Ebene des Kolosseums; Forum und Palatin haben steile, unebene Wege. Besucher mit Behinderung und eine Begleitperson haben mit Nachweis freien Eintritt.',
    ),
  },
  'RM-3PASS': {
    meeting: threeMuseumEntrances,
    hours: threeMuseumHours,
    included: [threeMuseumsIncluded],
    notIncluded: [NO_EXHIBITIONS, NO_AUDIO],
    access: MUSEUMS_ACCESS,
  },
  'RM-3PASS-BUS': {
    meeting: threeMuseumEntrances,
    hours: [...threeMuseumHours, busHours('09:00', '19:00', '10', '1 hour 40 minutes')[0]],
    included: [threeMuseumsIncluded, passFor(24)],
    notIncluded: [NO_EXHIBITIONS, NO_AUDIO],
    access: MUSEUMS_ACCESS,
    line: 'city-sightseeing',
  },
  'RM-DAILY': {
    meeting: w(
      'Piazza del Colosseo, outside the Colosseo metro station (line B), by the guide’s purple Roma Musei flag, 15 minutes before the tour.',
      'Piazza del Colosseo, davanti alla stazione Colosseo della metro B, presso la bandiera viola Roma Musei della guida, 15 minuti prima del tour.',
      'Piazza del Colosseo, frente a la estación de metro Colosseo (línea B), junto a la bandera morada de Roma Musei del guía, 15 minutos antes del tour.',
      'Piazza del Colosseo, devant la station de métro Colosseo (ligne B), près du drapeau violet Roma Musei du guide, 15 minutes avant la visite.',
      'Piazza del Colosseo, vor der Metrostation Colosseo (Linie B), an der lila Roma-Musei-Fahne der Reiseleitung, 15 Minuten vor der Führung.',
    ),
    hours: [
      w(
        'Tours at 10:00 and 15:00, Monday to Saturday; about 3 hours',
        'Tour alle 10:00 e alle 15:00, da lunedì a sabato; circa 3 ore',
        'Tours a las 10:00 y a las 15:00, de lunes a sábado; unas 3 horas',
        'Visites à 10:00 et à 15:00, du lundi au samedi ; environ 3 heures',
        'Führungen um 10:00 und 15:00, Montag bis Samstag; etwa 3 Stunden',
      ),
    ],
    included: [
      w(
        'A licensed guide, 25 people at most',
        'Una guida abilitata, al massimo 25 persone',
        'Un guía oficial, 25 personas como máximo',
        'Un guide agréé, 25 personnes au plus',
        'Eine lizenzierte Reiseleitung, höchstens 25 Personen',
      ),
      w(
        'Entry to the Colosseum and the Roman Forum',
        'Ingresso al Colosseo e al Foro Romano',
        'Entrada al Coliseo y al Foro Romano',
        'Entrée au Colisée et au Forum romain',
        'Eintritt ins Kolosseum und ins Forum Romanum',
      ),
      w(
        'Headsets to hear the guide',
        'Auricolari per ascoltare la guida',
        'Auriculares para oír al guía',
        'Écouteurs pour entendre le guide',
        'Kopfhörer, um die Reiseleitung zu hören',
      ),
    ],
    notIncluded: [NO_PICKUP, NO_FOOD],
    access: w(
      'About 3 km on foot, partly on steep, uneven ground; the Colosseum part has a lift.',
      'Circa 3 km a piedi, in parte su terreno ripido e irregolare; al Colosseo c’è un ascensore.',
      'Unos 3 km a pie, en parte por terreno empinado e irregular; en el Coliseo hay ascensor.',
      'Environ 3 km à pied, en partie sur un terrain raide et inégal ; le Colisée a un ascenseur.',
      'Etwa 3 km zu Fuß, teils auf steilem, unebenem Gelände; im Kolosseum gibt es einen Aufzug.',
    ),
  },
  'RM-BORGHESE': {
    meeting: w(
      `Galleria Borghese, ${BORGHESE_ADDRESS}, in the Villa Borghese park: show your QR code at the ticket desk downstairs 30 minutes before your entry.`,
      `Galleria Borghese, ${BORGHESE_ADDRESS}, nel parco di Villa Borghese: mostra il codice QR alla biglietteria al piano inferiore 30 minuti prima dell’ingresso.`,
      `Galería Borghese, ${BORGHESE_ADDRESS}, en el parque de Villa Borghese: muestra tu código QR en la taquilla de la planta baja 30 minutos antes de tu entrada.`,
      `Galerie Borghèse, ${BORGHESE_ADDRESS}, dans le parc de la Villa Borghèse : montrez votre QR code à la billetterie au sous-sol 30 minutes avant votre entrée.`,
      `Galleria Borghese, ${BORGHESE_ADDRESS}, im Park der Villa Borghese: Zeigen Sie Ihren QR-Code 30 Minuten vor dem Einlass an der Kasse im Untergeschoss.`,
    ),
    hours: [threeMuseumHours[0]],
    included: [
      w(
        'Entry to the gallery for a two-hour visit',
        'Ingresso alla galleria per una visita di due ore',
        'Entrada a la galería para una visita de dos horas',
        'Entrée à la galerie pour une visite de deux heures',
        'Eintritt in die Galerie für einen zweistündigen Besuch',
      ),
      w(
        'Cloakroom (bags must be left there)',
        'Guardaroba (le borse vanno lasciate lì)',
        'Guardarropa (hay que dejar allí los bolsos)',
        'Vestiaire (les sacs doivent y être déposés)',
        'Garderobe (Taschen müssen dort abgegeben werden)',
      ),
    ],
    notIncluded: [NO_AUDIO, NO_GUIDE],
    access: w(
      'The entrance is step-free and a lift serves the picture gallery upstairs.',
      'L’ingresso è senza gradini e un ascensore porta alla pinacoteca al piano superiore.',
      'La entrada no tiene escalones y un ascensor lleva a la pinacoteca del piso superior.',
      'L’entrée est de plain-pied et un ascenseur dessert la pinacothèque à l’étage.',
      'Der Eingang ist stufenlos, ein Aufzug führt zur Gemäldegalerie im Obergeschoss.',
    ),
  },
};

/** The facts of a demo package in English (stops with their places) and each other language's words. */
export function demoFacts(tag: string): { english: PackageFacts; words: Record<Locale, FactWords> } | null {
  const d = DEMO_FACTS[tag];
  if (!d) return null;
  const stops = (d.line ? LINES[d.line] : []).map((id) => ({ id, ...STOPS[id] }));
  const inLanguage = (locale: Locale) => ({
    meeting_point: d.meeting[locale],
    hours: d.hours.map((h) => h[locale]),
    included: d.included.map((h) => h[locale]),
    not_included: d.notIncluded.map((h) => h[locale]),
    accessibility: d.access[locale],
  });
  const english: PackageFacts = storedFactsSchema.parse({
    ...inLanguage(DEFAULT_LOCALE),
    stops: stops.map((s) => ({ id: s.id, name: s.name.en, lat: s.lat, lng: s.lng })),
  });
  const words = {} as Record<Locale, FactWords>;
  for (const locale of LOCALES) {
    words[locale] = {
      ...inLanguage(locale),
      stop_names: Object.fromEntries(stops.map((s) => [s.id, s.name[locale]])),
    };
  }
  return { english, words };
}

/** The tags that have demo facts (the seed test checks every demo package has them). */
export const DEMO_FACT_TAGS = Object.keys(DEMO_FACTS);

export async function seedPackageFacts(db: Db): Promise<void> {
  const rows = await db.select({ id: t.packages.id, tag: t.packages.packageTag }).from(t.packages);
  for (const row of rows) {
    const facts = demoFacts(row.tag);
    if (!facts) continue;
    await db.update(t.packages).set({ facts: facts.english }).where(eq(t.packages.id, row.id));
    for (const language of LOCALES) {
      if (language === DEFAULT_LOCALE) continue;
      await db
        .insert(t.packageTranslations)
        .values({ packageId: row.id, language, facts: facts.words[language] })
        .onConflictDoUpdate({
          target: [t.packageTranslations.packageId, t.packageTranslations.language],
          set: { facts: facts.words[language] },
        });
    }
  }
}
