/**
 * The demo packages' words in the other four languages (decision 024), as an editor would have written
 * them in the ticket editor: every subtitle and description, the keywords, the titles of the museum
 * tickets and the descriptive part of the bus tours' titles (a bus product named after its operator
 * only, 'Big Bus Rome Classic 24h', keeps its brand name and so its English, marked for editors). The
 * meta title and description are empty in English, so they are not written either: the ticket editor
 * still shows its 'Not translated' marks on them.
 *
 * Each translation is found by the English it translates: a description an editor has changed since
 * (or a new package) gets none, and shows its English, marked.
 */
import type { Locale } from '@rome/contract';

export type OtherLocale = Exclude<Locale, 'en'>;
type Words = Record<OtherLocale, string>;

/** Subtitles (the package's `type`), by their English. */
export const DEMO_TYPES: Record<string, Words> = {
  'Hop-on hop-off bus tour': {
    it: 'Tour in autobus hop-on hop-off',
    es: 'Tour en autobús hop-on hop-off',
    fr: 'Circuit en bus hop-on hop-off',
    de: 'Hop-on-Hop-off-Bustour',
  },
  'Panoramic night tour': {
    it: 'Tour panoramico notturno',
    es: 'Tour panorámico nocturno',
    fr: 'Circuit panoramique de nuit',
    de: 'Panorama-Nachttour',
  },
  'Guided bus tour': {
    it: 'Tour guidato in autobus',
    es: 'Tour guiado en autobús',
    fr: 'Visite guidée en bus',
    de: 'Geführte Bustour',
  },
  'Day tour': {
    it: 'Gita di un giorno',
    es: 'Excursión de un día',
    fr: 'Excursion à la journée',
    de: 'Tagesausflug',
  },
  'Panoramic bus tour': {
    it: 'Tour panoramico in autobus',
    es: 'Tour panorámico en autobús',
    fr: 'Circuit panoramique en bus',
    de: 'Panorama-Bustour',
  },
  'Museum ticket': {
    it: 'Biglietto museo',
    es: 'Entrada al museo',
    fr: 'Billet de musée',
    de: 'Museumsticket',
  },
  'Museum pass': { it: 'Pass musei', es: 'Pase de museos', fr: 'Pass musées', de: 'Museumspass' },
  'Museum pass with bus': {
    it: 'Pass musei con autobus',
    es: 'Pase de museos con autobús',
    fr: 'Pass musées avec bus',
    de: 'Museumspass mit Bus',
  },
  'Guided museum tour': {
    it: 'Visita guidata al museo',
    es: 'Visita guiada al museo',
    fr: 'Visite guidée du musée',
    de: 'Geführte Museumstour',
  },
};

/** Titles, by package tag. */
export const DEMO_TITLES: Record<string, Words> = {
  'RM-VAT': {
    it: 'Musei Vaticani e Cappella Sistina',
    es: 'Museos Vaticanos y Capilla Sixtina',
    fr: 'Musées du Vatican et chapelle Sixtine',
    de: 'Vatikanische Museen und Sixtinische Kapelle',
  },
  'RM-COL': {
    it: 'Colosseo, Foro Romano e Palatino',
    es: 'Coliseo, Foro y Palatino',
    fr: 'Colisée, Forum et Palatin',
    de: 'Kolosseum, Forum und Palatin',
  },
  'RM-3PASS': {
    it: 'Roma 3 Musei Pass',
    es: 'Pase Roma 3 Museos',
    fr: 'Pass Roma 3 musées',
    de: 'Roma 3-Museen-Pass',
  },
  'RM-3PASS-BUS': {
    it: 'Pass 3 Musei + Bus 24 ore',
    es: 'Pase 3 Museos + Bus 24 h',
    fr: 'Pass 3 musées + bus 24 h',
    de: '3-Museen-Pass + Bus 24 Std.',
  },
  'RM-DAILY': {
    it: 'Roma antica: visita guidata quotidiana',
    es: 'Roma antigua: visita guiada diaria',
    fr: 'Rome antique : visite guidée quotidienne',
    de: 'Antikes Rom: tägliche Führung',
  },
  'RM-BORGHESE': {
    it: 'Ingresso alla Galleria Borghese',
    es: 'Entrada a la Galería Borghese',
    fr: 'Entrée à la Galerie Borghèse',
    de: 'Eintritt Galleria Borghese',
  },
  'BB-NIGHT': {
    it: 'Big Bus Roma di notte',
    es: 'Big Bus Roma de noche',
    fr: 'Big Bus Rome la nuit',
    de: 'Big Bus Rom bei Nacht',
  },
  'BB-HALF': {
    it: 'Big Bus mezza giornata: l’essenziale',
    es: 'Big Bus medio día: lo esencial',
    fr: 'Big Bus demi-journée : l’essentiel',
    de: 'Big Bus Halbtag: das Wichtigste',
  },
  'ILR-HALF': {
    it: 'I Love Rome: il meglio in una mattina',
    es: 'I Love Rome: lo mejor en una mañana',
    fr: 'I Love Rome : l’essentiel en une matinée',
    de: 'I Love Rome: Höhepunkte am Vormittag',
  },
  'ILR-DAY': {
    it: 'I Love Rome: gita di un giorno a Tivoli',
    es: 'I Love Rome: excursión de un día a Tívoli',
    fr: 'I Love Rome : excursion d’une journée à Tivoli',
    de: 'I Love Rome: Tagesausflug nach Tivoli',
  },
  'CS-HALF': {
    it: 'City Sightseeing giro del pomeriggio',
    es: 'City Sightseeing circuito de tarde',
    fr: 'City Sightseeing boucle de l’après-midi',
    de: 'City Sightseeing Nachmittagsrunde',
  },
  'GL-1DAY': {
    it: 'Green Line pass 1 giorno',
    es: 'Green Line pase de 1 día',
    fr: 'Green Line pass 1 jour',
    de: 'Green Line 1-Tages-Pass',
  },
  'CS-1DAY': {
    it: 'City Sightseeing Explorer 1 giorno',
    es: 'City Sightseeing Explorer 1 día',
    fr: 'City Sightseeing Explorer 1 jour',
    de: 'City Sightseeing Explorer 1 Tag',
  },
};

/** The hop-on hop-off tours' description (seed/data.ts `bus`), around its stops and its own line. */
const BUS_ENGLISH =
  /^<p>Hop on and off at (\d+) stops across the Eternal City: the Colosseum, the Roman Forum, Piazza Venezia, St Peter's, the Trevi Fountain and the Spanish Steps\.<\/p><ul><li>Open-top double-decker buses<\/li><li>Recorded commentary in 16 languages<\/li><li>([^<]+)<\/li><\/ul><p>Show the QR code on your phone to the agent at any stop\.<\/p>$/;

const BUS: Record<OtherLocale, (stops: string, line: string) => string> = {
  it: (stops, line) =>
    `<p>Sali e scendi a ${stops} fermate in tutta la Città Eterna: il Colosseo, il Foro Romano, Piazza Venezia, San Pietro, la Fontana di Trevi e Piazza di Spagna.</p><ul><li>Autobus scoperti a due piani</li><li>Commento registrato in 16 lingue</li><li>${line}</li></ul><p>Mostra il codice QR sul telefono all’agente a qualsiasi fermata.</p>`,
  es: (stops, line) =>
    `<p>Sube y baja en ${stops} paradas por toda la Ciudad Eterna: el Coliseo, el Foro Romano, la plaza Venecia, San Pedro, la Fontana de Trevi y la Plaza de España.</p><ul><li>Autobuses descubiertos de dos pisos</li><li>Audioguía grabada en 16 idiomas</li><li>${line}</li></ul><p>Muestra el código QR en tu móvil al agente en cualquier parada.</p>`,
  fr: (stops, line) =>
    `<p>Montez et descendez à ${stops} arrêts dans toute la Ville éternelle : le Colisée, le Forum romain, la Piazza Venezia, Saint-Pierre, la fontaine de Trevi et la place d’Espagne.</p><ul><li>Bus à impériale à toit ouvert</li><li>Commentaires enregistrés en 16 langues</li><li>${line}</li></ul><p>Présentez le code QR sur votre téléphone à l’agent, à n’importe quel arrêt.</p>`,
  de: (stops, line) =>
    `<p>Steigen Sie an ${stops} Haltestellen in der ganzen Ewigen Stadt ein und aus: Kolosseum, Forum Romanum, Piazza Venezia, Petersdom, Trevi-Brunnen und Spanische Treppe.</p><ul><li>Offene Doppeldeckerbusse</li><li>Aufgezeichnete Erläuterungen in 16 Sprachen</li><li>${line}</li></ul><p>Zeigen Sie den QR-Code auf Ihrem Handy dem Mitarbeiter an einer beliebigen Haltestelle.</p>`,
};

/** Each tour's own line of the hop-on hop-off description, by its English. */
const BUS_LINES: Record<string, Words> = {
  'Buses every 15 minutes from 9:00 to 18:30': {
    it: 'Autobus ogni 15 minuti dalle 9:00 alle 18:30',
    es: 'Autobuses cada 15 minutos de 9:00 a 18:30',
    fr: 'Un bus toutes les 15 minutes, de 9 h à 18 h 30',
    de: 'Busse alle 15 Minuten von 9:00 bis 18:30 Uhr',
  },
  'Includes a guided walking tour of Trastevere': {
    it: 'Include una passeggiata guidata a Trastevere',
    es: 'Incluye un paseo guiado por el Trastevere',
    fr: 'Comprend une visite guidée à pied du Trastevere',
    de: 'Inklusive eines geführten Rundgangs durch Trastevere',
  },
  'Includes a night tour and the Vatican route': {
    it: 'Include un tour notturno e il percorso del Vaticano',
    es: 'Incluye un tour nocturno y la ruta del Vaticano',
    fr: 'Comprend un circuit de nuit et la ligne du Vatican',
    de: 'Inklusive einer Nachttour und der Vatikan-Route',
  },
  'Free Wi-Fi on board': {
    it: 'Wi-Fi gratuito a bordo',
    es: 'Wi-Fi gratis a bordo',
    fr: 'Wi-Fi gratuit à bord',
    de: 'Kostenloses WLAN an Bord',
  },
  'Electric buses on the historic centre loop': {
    it: 'Autobus elettrici sull’anello del centro storico',
    es: 'Autobuses eléctricos en el circuito del centro histórico',
    fr: 'Bus électriques sur la boucle du centre historique',
    de: 'Elektrobusse auf der Runde durch die Altstadt',
  },
  'Includes the Appian Way extension': {
    it: 'Include il prolungamento sulla Via Appia',
    es: 'Incluye la extensión a la Vía Apia',
    fr: 'Comprend l’extension vers la via Appia',
    de: 'Inklusive der Verlängerung zur Via Appia',
  },
  'Valid on the calendar day you choose': {
    it: 'Valido nel giorno di calendario che scegli',
    es: 'Válido el día natural que elijas',
    fr: 'Valable le jour calendaire de votre choix',
    de: 'Gültig an einem Kalendertag Ihrer Wahl',
  },
  'Red buses every 10 minutes in high season': {
    it: 'Autobus rossi ogni 10 minuti in alta stagione',
    es: 'Autobuses rojos cada 10 minutos en temporada alta',
    fr: 'Bus rouges toutes les 10 minutes en haute saison',
    de: 'Rote Busse alle 10 Minuten in der Hochsaison',
  },
  'Includes the Vatican line': {
    it: 'Include la linea del Vaticano',
    es: 'Incluye la línea del Vaticano',
    fr: 'Comprend la ligne du Vatican',
    de: 'Inklusive der Vatikan-Linie',
  },
  'From 14:00 until the last bus': {
    it: 'Dalle 14:00 fino all’ultimo autobus',
    es: 'Desde las 14:00 hasta el último autobús',
    fr: 'De 14 h jusqu’au dernier bus',
    de: 'Ab 14:00 Uhr bis zum letzten Bus',
  },
  'Four hours from your first ride': {
    it: 'Quattro ore dalla prima corsa',
    es: 'Cuatro horas desde tu primer trayecto',
    fr: 'Quatre heures à partir de votre premier trajet',
    de: 'Vier Stunden ab Ihrer ersten Fahrt',
  },
};

/** A museum ticket's description (seed/data.ts `museum`): what it shows and how it is used. */
const MUSEUM_ENGLISH =
  /^<p>([^<]+)<\/p><ul><li>([^<]+)<\/li><li>Audio guide available on site<\/li><li>Free for children up to 5 years<\/li><\/ul>$/;

const MUSEUM: Record<OtherLocale, (what: string, entry: string) => string> = {
  it: (what, entry) =>
    `<p>${what}</p><ul><li>${entry}</li><li>Audioguida disponibile sul posto</li><li>Gratis per i bambini fino a 5 anni</li></ul>`,
  es: (what, entry) =>
    `<p>${what}</p><ul><li>${entry}</li><li>Audioguía disponible en el lugar</li><li>Gratis para niños de hasta 5 años</li></ul>`,
  fr: (what, entry) =>
    `<p>${what}</p><ul><li>${entry}</li><li>Audioguide disponible sur place</li><li>Gratuit pour les enfants jusqu’à 5 ans</li></ul>`,
  de: (what, entry) =>
    `<p>${what}</p><ul><li>${entry}</li><li>Audioguide vor Ort erhältlich</li><li>Kostenlos für Kinder bis 5 Jahre</li></ul>`,
};

/** The museum descriptions' own sentences and lines, by their English. */
const MUSEUM_LINES: Record<string, Words> = {
  'Michelangelo’s ceiling, Raphael’s Rooms and the Gallery of Maps.': {
    it: 'Il soffitto di Michelangelo, le Stanze di Raffaello e la Galleria delle Carte geografiche.',
    es: 'La bóveda de Miguel Ángel, las Estancias de Rafael y la Galería de los Mapas.',
    fr: 'Le plafond de Michel-Ange, les Chambres de Raphaël et la galerie des Cartes géographiques.',
    de: 'Michelangelos Deckenfresken, die Stanzen des Raffael und die Galerie der Landkarten.',
  },
  'Entry on the day you choose, from 09:00 (closed on Sundays)': {
    it: 'Ingresso nel giorno che scegli, dalle 09:00 (chiuso la domenica)',
    es: 'Entrada el día que elijas, desde las 09:00 (cerrado los domingos)',
    fr: 'Entrée le jour de votre choix, à partir de 9 h (fermé le dimanche)',
    de: 'Eintritt an einem Tag Ihrer Wahl, ab 9:00 Uhr (sonntags geschlossen)',
  },
  'One entry to each of the three sites on the day you choose.': {
    it: 'Un ingresso a ciascuno dei tre siti nel giorno che scegli.',
    es: 'Una entrada a cada uno de los tres recintos el día que elijas.',
    fr: 'Une entrée sur chacun des trois sites le jour de votre choix.',
    de: 'Ein Eintritt in jede der drei Stätten an einem Tag Ihrer Wahl.',
  },
  'Timed entry every 30 minutes, skip the ticket line': {
    it: 'Ingresso a orario ogni 30 minuti, senza fila alla biglietteria',
    es: 'Entrada con hora cada 30 minutos, sin colas en la taquilla',
    fr: 'Entrée à horaire fixe toutes les 30 minutes, sans attente au guichet',
    de: 'Eintritt mit Zeitfenster alle 30 Minuten, ohne Anstehen an der Kasse',
  },
  'Any three of Borghese, Capitoline Museums and Castel Sant’Angelo.': {
    it: 'Tre a scelta tra Galleria Borghese, Musei Capitolini e Castel Sant’Angelo.',
    es: 'Tres a elegir entre la Galería Borghese, los Museos Capitolinos y el Castel Sant’Angelo.',
    fr: 'Trois au choix parmi la Galerie Borghèse, les musées du Capitole et le château Saint-Ange.',
    de: 'Drei nach Wahl: Galleria Borghese, Kapitolinische Museen und Engelsburg.',
  },
  'Valid 72 hours from the first museum': {
    it: 'Valido 72 ore dal primo museo',
    es: 'Válido 72 horas desde el primer museo',
    fr: 'Valable 72 heures à partir du premier musée',
    de: 'Gültig 72 Stunden ab dem ersten Museum',
  },
  'Three museums plus a 24 hours hop-on hop-off ticket.': {
    it: 'Tre musei più un biglietto hop-on hop-off di 24 ore.',
    es: 'Tres museos más una entrada hop-on hop-off de 24 horas.',
    fr: 'Trois musées et un billet hop-on hop-off de 24 heures.',
    de: 'Drei Museen plus ein 24-Stunden-Hop-on-Hop-off-Ticket.',
  },
  'Museums within 72 hours, the bus for 24 hours from first use': {
    it: 'Musei entro 72 ore, autobus per 24 ore dal primo utilizzo',
    es: 'Museos en un plazo de 72 horas y autobús durante 24 horas desde el primer uso',
    fr: 'Musées sous 72 heures, bus pendant 24 heures dès la première utilisation',
    de: 'Museen innerhalb von 72 Stunden, der Bus 24 Stunden ab der ersten Nutzung',
  },
  'A licensed guide leads you through the Colosseum and the Forum.': {
    it: 'Una guida abilitata ti accompagna al Colosseo e al Foro Romano.',
    es: 'Un guía oficial te acompaña por el Coliseo y el Foro.',
    fr: 'Un guide agréé vous fait découvrir le Colisée et le Forum.',
    de: 'Ein staatlich geprüfter Guide führt Sie durch das Kolosseum und das Forum.',
  },
  'Tours at 10:00 and 15:00, Monday to Saturday, 25 people at most': {
    it: 'Visite alle 10:00 e alle 15:00, dal lunedì al sabato, al massimo 25 persone',
    es: 'Visitas a las 10:00 y a las 15:00, de lunes a sábado, 25 personas como máximo',
    fr: 'Visites à 10 h et à 15 h, du lundi au samedi, 25 personnes au maximum',
    de: 'Führungen um 10:00 und 15:00 Uhr, Montag bis Samstag, höchstens 25 Personen',
  },
  'Bernini and Caravaggio in the villa’s gallery.': {
    it: 'Bernini e Caravaggio nella galleria della villa.',
    es: 'Bernini y Caravaggio en la galería de la villa.',
    fr: 'Le Bernin et le Caravage dans la galerie de la villa.',
    de: 'Bernini und Caravaggio in der Galerie der Villa.',
  },
  'Open-dated entry on any day': {
    it: 'Ingresso a data aperta, valido in qualsiasi giorno',
    es: 'Entrada con fecha abierta, válida cualquier día',
    fr: 'Entrée à date libre, valable n’importe quel jour',
    de: 'Eintritt ohne festes Datum, an jedem beliebigen Tag',
  },
};

/** The descriptions written for one tour each, by their English. */
const DESCRIPTIONS: Record<string, Words> = {
  '<p>A two-hour loop of the lit-up city on an open-top bus: the Colosseum, the Roman Forum, Piazza Venezia, St Peter’s and the Trevi Fountain after dark.</p><ul><li>One departure a night at 21:00 from Termini, 60 seats</li><li>Recorded commentary in 16 languages</li><li>No stops on the way: you stay on board</li></ul><p>Show the QR code on your phone to the agent at boarding.</p>':
    {
      it: '<p>Un giro di due ore nella città illuminata su un autobus scoperto: il Colosseo, il Foro Romano, Piazza Venezia, San Pietro e la Fontana di Trevi dopo il tramonto.</p><ul><li>Una partenza a sera alle 21:00 da Termini, 60 posti</li><li>Commento registrato in 16 lingue</li><li>Nessuna fermata lungo il percorso: si resta a bordo</li></ul><p>Mostra il codice QR sul telefono all’agente alla salita.</p>',
      es: '<p>Un recorrido de dos horas por la ciudad iluminada en un autobús descubierto: el Coliseo, el Foro Romano, la plaza Venecia, San Pedro y la Fontana de Trevi de noche.</p><ul><li>Una salida cada noche a las 21:00 desde Termini, 60 plazas</li><li>Audioguía grabada en 16 idiomas</li><li>Sin paradas en el camino: te quedas a bordo</li></ul><p>Muestra el código QR en tu móvil al agente al subir.</p>',
      fr: '<p>Une boucle de deux heures dans la ville illuminée, en bus à toit ouvert : le Colisée, le Forum romain, la Piazza Venezia, Saint-Pierre et la fontaine de Trevi à la nuit tombée.</p><ul><li>Un départ par soir à 21 h depuis Termini, 60 places</li><li>Commentaires enregistrés en 16 langues</li><li>Aucun arrêt en route : vous restez à bord</li></ul><p>Présentez le code QR sur votre téléphone à l’agent à l’embarquement.</p>',
      de: '<p>Eine zweistündige Runde durch die beleuchtete Stadt im offenen Bus: Kolosseum, Forum Romanum, Piazza Venezia, Petersdom und Trevi-Brunnen bei Nacht.</p><ul><li>Eine Abfahrt pro Abend um 21:00 Uhr ab Termini, 60 Plätze</li><li>Aufgezeichnete Erläuterungen in 16 Sprachen</li><li>Keine Zwischenhalte: Sie bleiben an Bord</li></ul><p>Zeigen Sie den QR-Code auf Ihrem Handy beim Einsteigen dem Mitarbeiter.</p>',
    },
  '<p>Four hours of the centre with a live guide: the Colosseum, Circus Maximus and Piazza Venezia from the bus, then short walks to the Pantheon and the Trevi Fountain.</p><ul><li>Departs at 9:00 from Termini, back at 13:00</li><li>A live guide in English and Italian</li><li>One tour: you stay with the group, no hopping on and off</li></ul><p>Show the QR code on your phone to the guide at departure.</p>':
    {
      it: '<p>Quattro ore nel centro con una guida dal vivo: il Colosseo, il Circo Massimo e Piazza Venezia dall’autobus, poi brevi passeggiate fino al Pantheon e alla Fontana di Trevi.</p><ul><li>Partenza alle 9:00 da Termini, rientro alle 13:00</li><li>Una guida dal vivo in inglese e in italiano</li><li>Un unico tour: si resta con il gruppo, senza salire e scendere lungo il percorso</li></ul><p>Mostra il codice QR sul telefono alla guida alla partenza.</p>',
      es: '<p>Cuatro horas por el centro con un guía en directo: el Coliseo, el Circo Máximo y la plaza Venecia desde el autobús, y después paseos cortos hasta el Panteón y la Fontana de Trevi.</p><ul><li>Salida a las 9:00 desde Termini, regreso a las 13:00</li><li>Un guía en directo en inglés y en italiano</li><li>Un solo recorrido: vas con el grupo, sin subir ni bajar por tu cuenta</li></ul><p>Muestra el código QR en tu móvil al guía a la salida.</p>',
      fr: '<p>Quatre heures dans le centre avec un guide : le Colisée, le Circus Maximus et la Piazza Venezia depuis le bus, puis de courtes promenades jusqu’au Panthéon et à la fontaine de Trevi.</p><ul><li>Départ à 9 h depuis Termini, retour à 13 h</li><li>Un guide en anglais et en italien</li><li>Un seul circuit : vous restez avec le groupe, sans montée ni descente en route</li></ul><p>Présentez le code QR sur votre téléphone au guide au départ.</p>',
      de: '<p>Vier Stunden im Zentrum mit Live-Guide: Kolosseum, Circus Maximus und Piazza Venezia vom Bus aus, dann kurze Spaziergänge zum Pantheon und zum Trevi-Brunnen.</p><ul><li>Abfahrt um 9:00 Uhr ab Termini, zurück um 13:00 Uhr</li><li>Ein Live-Guide auf Englisch und Italienisch</li><li>Eine Tour: Sie bleiben bei der Gruppe, kein Ein- und Aussteigen unterwegs</li></ul><p>Zeigen Sie den QR-Code auf Ihrem Handy bei der Abfahrt dem Guide.</p>',
    },
  '<p>A day out of Rome to Tivoli: the fountains and terraced gardens of Villa d’Este and the ruins of Hadrian’s Villa, with lunch in the old town.</p><ul><li>Departs at 8:30 from Termini, back at about 17:30</li><li>A guide at both villas, entry tickets included</li><li>Air-conditioned coach there and back</li></ul><p>Show the QR code on your phone to the guide at departure.</p>':
    {
      it: '<p>Una giornata fuori Roma, a Tivoli: le fontane e i giardini a terrazze di Villa d’Este e le rovine di Villa Adriana, con pranzo nel centro storico.</p><ul><li>Partenza alle 8:30 da Termini, rientro verso le 17:30</li><li>Una guida in entrambe le ville, biglietti d’ingresso inclusi</li><li>Pullman climatizzato andata e ritorno</li></ul><p>Mostra il codice QR sul telefono alla guida alla partenza.</p>',
      es: '<p>Un día fuera de Roma, en Tívoli: las fuentes y los jardines en terrazas de Villa d’Este y las ruinas de la Villa Adriana, con almuerzo en el casco antiguo.</p><ul><li>Salida a las 8:30 desde Termini, regreso hacia las 17:30</li><li>Un guía en ambas villas, entradas incluidas</li><li>Autocar con aire acondicionado de ida y vuelta</li></ul><p>Muestra el código QR en tu móvil al guía a la salida.</p>',
      fr: '<p>Une journée hors de Rome, à Tivoli : les fontaines et les jardins en terrasses de la Villa d’Este et les ruines de la Villa d’Hadrien, avec déjeuner dans la vieille ville.</p><ul><li>Départ à 8 h 30 depuis Termini, retour vers 17 h 30</li><li>Un guide dans les deux villas, billets d’entrée compris</li><li>Autocar climatisé à l’aller et au retour</li></ul><p>Présentez le code QR sur votre téléphone au guide au départ.</p>',
      de: '<p>Ein Tag außerhalb Roms in Tivoli: die Brunnen und Terrassengärten der Villa d’Este und die Ruinen der Hadriansvilla, mit Mittagessen in der Altstadt.</p><ul><li>Abfahrt um 8:30 Uhr ab Termini, zurück gegen 17:30 Uhr</li><li>Ein Guide in beiden Villen, Eintrittskarten inklusive</li><li>Klimatisierter Reisebus hin und zurück</li></ul><p>Zeigen Sie den QR-Code auf Ihrem Handy bei der Abfahrt dem Guide.</p>',
    },
};

/** A demo description in `language`, found by its English; null when it has none (English shows). */
export function descriptionIn(english: string, language: OtherLocale): string | null {
  const own = DESCRIPTIONS[english]?.[language];
  if (own) return own;
  const bus = BUS_ENGLISH.exec(english);
  const busLine = bus && BUS_LINES[bus[2]!]?.[language];
  if (bus && busLine) return BUS[language](bus[1]!, busLine);
  const museum = MUSEUM_ENGLISH.exec(english);
  const what = museum && MUSEUM_LINES[museum[1]!]?.[language];
  const entry = museum && MUSEUM_LINES[museum[2]!]?.[language];
  if (what && entry) return MUSEUM[language](what, entry);
  return null;
}

/** The words of the ticket types the demo's keywords name (the search's durations, as the storefront shows them). */
const DURATION_WORDS: Record<string, Words> = {
  'half day': { it: 'mezza giornata', es: 'medio día', fr: 'demi-journée', de: 'halbtags' },
  '1 day': { it: '1 giorno', es: '1 día', fr: '1 jour', de: '1 Tag' },
  '24 hours': { it: '24 ore', es: '24 horas', fr: '24 heures', de: '24 Stunden' },
  '48 hours': { it: '48 ore', es: '48 horas', fr: '48 heures', de: '48 Stunden' },
  '72 hours': { it: '72 ore', es: '72 horas', fr: '72 heures', de: '72 Stunden' },
  'daily tour': { it: 'tour giornaliero', es: 'tour diario', fr: 'circuit journalier', de: 'Tagestour' },
  'one run': { it: 'corsa singola', es: 'trayecto único', fr: 'trajet unique', de: 'Einzelfahrt' },
  '3 pass': { it: 'pass 3', es: 'pase 3', fr: 'pass 3', de: '3er-Pass' },
  ticket: { it: 'biglietto', es: 'entrada', fr: 'billet', de: 'Ticket' },
};

const ROME: Words = { it: 'roma', es: 'roma', fr: 'rome', de: 'rom' };
const SIGHTSEEING: Words = {
  it: 'visite turistiche',
  es: 'turismo',
  fr: 'visites touristiques',
  de: 'Sightseeing',
};

/**
 * The demo's keywords ('rome, 24 hours, big bus, sightseeing', seed/index.ts) in `language`: the
 * operator's name stays; null for keywords an editor wrote (English shows).
 */
export function keywordsIn(english: string, language: OtherLocale): string | null {
  const m = /^rome, (.+), (.+), sightseeing$/.exec(english);
  const duration = m && DURATION_WORDS[m[1]!]?.[language];
  return duration ? `${ROME[language]}, ${duration}, ${m[2]}, ${SIGHTSEEING[language]}` : null;
}
