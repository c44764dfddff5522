/**
 * The demo packages' words in the other four languages (decision 024), as an editor would have written
 * them in the ticket editor: every subtitle, and the titles of the museum tickets (the bus tours keep
 * their operators' brand names). Descriptions and meta fields stay English, so the demo also shows the
 * editors' 'Not translated' marks.
 */
import type { Locale } from '@rome/contract';

type Words = Record<Exclude<Locale, 'en'>, string>;

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
};
