/**
 * The seeded pages' content blocks in the other four languages (decision 024), as an editor would have
 * written them on each page in its language: About Us, the Terms, the return and refund policies, the
 * agent points and the operators' banner lines. A title or subtitle the storefront already has in its
 * catalogue (`ContentText`'s `localized`) is left to it. The HTML keeps the English blocks' tags (the
 * shop's HTML policy) and their {email}, {phone}, {address} fields.
 *
 * Each translation is found by the English it translates: a block an editor has changed in English gets
 * none, and shows its English, marked for editors, until they write it in the language.
 */
import type { Db } from '../client';
import * as t from '../schema';
import { DEMO_PAGES } from './data';
import type { OtherLocale } from './package-words';

type Words = Record<OtherLocale, string>;

const AGENT_MAP = DEMO_PAGES.find((p) => p.slug === 'agent-points')?.blocks['agent-points-map'] ?? '';
/** The map embed with its frame's title (read out by screen readers) in the language. */
const mapTitled = (title: string) => AGENT_MAP.replace('title="Agent points map"', `title="${title}"`);

/** Blocks' words in it, es, fr, de by their English (as seed/data.ts writes them). */
export const DEMO_BLOCK_WORDS: Record<string, Words> = {
  '<h2>Who we are</h2><p>We are a small Roman team that has sold sightseeing tickets since 2012. We work with the city’s licensed bus operators and museums so that you can compare their tours and book in a minute.</p><h2>Why book with us</h2><ul><li>Instant QR tickets on your phone</li><li>Agents at the main stops to help you</li><li>Secure card payment</li></ul><p>Questions? Write to {email}, call {phone} or visit us at {address}.</p>':
    {
      it: '<h2>Chi siamo</h2><p>Siamo un piccolo team romano che vende biglietti turistici dal 2012. Lavoriamo con gli operatori di autobus autorizzati e con i musei della città, così puoi confrontare i loro tour e prenotare in un minuto.</p><h2>Perché prenotare con noi</h2><ul><li>Biglietti QR subito sul telefono</li><li>Agenti alle fermate principali pronti ad aiutarti</li><li>Pagamento sicuro con carta</li></ul><p>Domande? Scrivi a {email}, chiama il {phone} o vieni a trovarci: {address}.</p>',
      es: '<h2>Quiénes somos</h2><p>Somos un pequeño equipo romano que vende entradas turísticas desde 2012. Trabajamos con los operadores de autobuses autorizados y los museos de la ciudad para que puedas comparar sus recorridos y reservar en un minuto.</p><h2>Por qué reservar con nosotros</h2><ul><li>Entradas QR al instante en tu móvil</li><li>Agentes en las paradas principales para ayudarte</li><li>Pago seguro con tarjeta</li></ul><p>¿Preguntas? Escríbenos a {email}, llama al {phone} o visítanos: {address}.</p>',
      fr: '<h2>Qui sommes-nous</h2><p>Nous sommes une petite équipe romaine qui vend des billets touristiques depuis 2012. Nous travaillons avec les compagnies de bus agréées et les musées de la ville, pour que vous puissiez comparer leurs circuits et réserver en une minute.</p><h2>Pourquoi réserver chez nous</h2><ul><li>Billets QR immédiats sur votre téléphone</li><li>Des agents aux principaux arrêts pour vous aider</li><li>Paiement sécurisé par carte</li></ul><p>Des questions ? Écrivez à {email}, appelez le {phone} ou passez nous voir : {address}.</p>',
      de: '<h2>Wer wir sind</h2><p>Wir sind ein kleines römisches Team und verkaufen seit 2012 Tickets für Stadtrundfahrten und Sehenswürdigkeiten. Wir arbeiten mit den lizenzierten Busunternehmen und Museen der Stadt zusammen, damit Sie deren Touren vergleichen und in einer Minute buchen können.</p><h2>Warum bei uns buchen</h2><ul><li>QR-Tickets sofort auf Ihrem Handy</li><li>Mitarbeiter an den wichtigsten Haltestellen, die Ihnen weiterhelfen</li><li>Sichere Zahlung mit Karte</li></ul><p>Fragen? Schreiben Sie an {email}, rufen Sie {phone} an oder besuchen Sie uns: {address}.</p>',
    },
  '<h2>1. Tickets</h2><p>Each ticket is valid for the people, date and duration shown on it. The QR code is checked once by an agent.</p><h2>2. Prices</h2><p>Prices are in euro and include VAT. Children from 0 to 5 travel free and need no ticket.</p><h2>3. Contact</h2><p>{email} · {phone} · {address}</p>':
    {
      it: '<h2>1. Biglietti</h2><p>Ogni biglietto è valido per le persone, la data e la durata indicate sul biglietto stesso. Il codice QR viene controllato una sola volta da un agente.</p><h2>2. Prezzi</h2><p>I prezzi sono in euro e comprendono l’IVA. I bambini da 0 a 5 anni viaggiano gratis e non hanno bisogno del biglietto.</p><h2>3. Contatti</h2><p>{email} · {phone} · {address}</p>',
      es: '<h2>1. Entradas</h2><p>Cada entrada es válida para las personas, la fecha y la duración que figuran en ella. Un agente comprueba el código QR una sola vez.</p><h2>2. Precios</h2><p>Los precios están en euros e incluyen el IVA. Los niños de 0 a 5 años viajan gratis y no necesitan entrada.</p><h2>3. Contacto</h2><p>{email} · {phone} · {address}</p>',
      fr: '<h2>1. Billets</h2><p>Chaque billet est valable pour les personnes, la date et la durée qui y figurent. Le code QR est contrôlé une seule fois par un agent.</p><h2>2. Prix</h2><p>Les prix sont indiqués en euros, TVA comprise. Les enfants de 0 à 5 ans voyagent gratuitement et n’ont pas besoin de billet.</p><h2>3. Contact</h2><p>{email} · {phone} · {address}</p>',
      de: '<h2>1. Tickets</h2><p>Jedes Ticket gilt für die darauf angegebenen Personen, das Datum und die Dauer. Der QR-Code wird einmal von einem Mitarbeiter geprüft.</p><h2>2. Preise</h2><p>Die Preise verstehen sich in Euro inklusive Mehrwertsteuer. Kinder von 0 bis 5 Jahren fahren kostenlos und benötigen kein Ticket.</p><h2>3. Kontakt</h2><p>{email} · {phone} · {address}</p>',
    },
  '<p>Unused tickets can be returned up to 24 hours before the chosen date. Write to {email} with your order details.</p>':
    {
      it: '<p>I biglietti non utilizzati possono essere restituiti fino a 24 ore prima della data scelta. Scrivi a {email} indicando i dati del tuo ordine.</p>',
      es: '<p>Las entradas sin usar se pueden devolver hasta 24 horas antes de la fecha elegida. Escribe a {email} con los datos de tu pedido.</p>',
      fr: '<p>Les billets non utilisés peuvent être retournés jusqu’à 24 heures avant la date choisie. Écrivez à {email} en indiquant les références de votre commande.</p>',
      de: '<p>Nicht genutzte Tickets können bis 24 Stunden vor dem gewählten Datum zurückgegeben werden. Schreiben Sie an {email} und nennen Sie dabei die Angaben zu Ihrer Bestellung.</p>',
    },
  '<p>Refunds are made to the card used for payment within 5 to 10 working days. Claimed tickets cannot be refunded. Questions: {email} or {phone}.</p>':
    {
      it: '<p>I rimborsi vengono accreditati sulla carta usata per il pagamento entro 5-10 giorni lavorativi. I biglietti già convalidati non possono essere rimborsati. Domande: {email} o {phone}.</p>',
      es: '<p>Los reembolsos se abonan en la tarjeta usada para el pago en un plazo de 5 a 10 días hábiles. Las entradas ya validadas no se pueden reembolsar. Preguntas: {email} o {phone}.</p>',
      fr: '<p>Les remboursements sont effectués sur la carte utilisée pour le paiement sous 5 à 10 jours ouvrés. Les billets déjà validés ne peuvent pas être remboursés. Questions : {email} ou {phone}.</p>',
      de: '<p>Erstattungen erfolgen innerhalb von 5 bis 10 Werktagen auf die für die Zahlung verwendete Karte. Bereits entwertete Tickets können nicht erstattet werden. Fragen: {email} oder {phone}.</p>',
    },
  '<ul><li><strong>Termini Station</strong>, Via Marsala 29, 8:30–19:00</li><li><strong>Colosseum</strong>, Via di San Gregorio, 9:00–18:00</li><li><strong>St Peter’s</strong>, Via della Conciliazione 5, 9:00–18:00</li></ul>':
    {
      it: '<ul><li><strong>Stazione Termini</strong>, Via Marsala 29, 8:30–19:00</li><li><strong>Colosseo</strong>, Via di San Gregorio, 9:00–18:00</li><li><strong>San Pietro</strong>, Via della Conciliazione 5, 9:00–18:00</li></ul>',
      es: '<ul><li><strong>Estación Termini</strong>, Via Marsala 29, 8:30–19:00</li><li><strong>Coliseo</strong>, Via di San Gregorio, 9:00–18:00</li><li><strong>San Pedro</strong>, Via della Conciliazione 5, 9:00–18:00</li></ul>',
      fr: '<ul><li><strong>Gare Termini</strong>, Via Marsala 29, 8 h 30–19 h</li><li><strong>Colisée</strong>, Via di San Gregorio, 9 h–18 h</li><li><strong>Saint-Pierre</strong>, Via della Conciliazione 5, 9 h–18 h</li></ul>',
      de: '<ul><li><strong>Bahnhof Termini</strong>, Via Marsala 29, 8:30–19:00 Uhr</li><li><strong>Kolosseum</strong>, Via di San Gregorio, 9:00–18:00 Uhr</li><li><strong>Petersdom</strong>, Via della Conciliazione 5, 9:00–18:00 Uhr</li></ul>',
    },
  ...(AGENT_MAP && {
    [AGENT_MAP]: {
      it: mapTitled('Mappa dei punti vendita'),
      es: mapTitled('Mapa de los puntos de venta'),
      fr: mapTitled('Carte des points de vente'),
      de: mapTitled('Karte der Verkaufsstellen'),
    },
  }),
  // The operators' banner lines (seed/data.ts DEMO_FOLDERS' subtitle).
  'Hop on, hop off and see the Eternal City at your own pace': {
    it: 'Sali, scendi e scopri la Città Eterna con i tuoi tempi',
    es: 'Sube, baja y descubre la Ciudad Eterna a tu ritmo',
    fr: 'Montez, descendez et découvrez la Ville éternelle à votre rythme',
    de: 'Steigen Sie ein und aus und entdecken Sie die Ewige Stadt in Ihrem eigenen Tempo',
  },
  'Open buses, a guided morning in the centre and a day trip to Tivoli': {
    it: 'Autobus scoperti, una mattinata guidata in centro e una gita di un giorno a Tivoli',
    es: 'Autobuses descubiertos, una mañana guiada por el centro y una excursión de un día a Tívoli',
    fr: 'Bus à toit ouvert, une matinée guidée dans le centre et une excursion d’une journée à Tivoli',
    de: 'Offene Busse, ein geführter Vormittag im Zentrum und ein Tagesausflug nach Tivoli',
  },
  'Electric hop-on hop-off buses through the historic centre': {
    it: 'Autobus elettrici hop-on hop-off nel centro storico',
    es: 'Autobuses eléctricos hop-on hop-off por el centro histórico',
    fr: 'Bus électriques hop-on hop-off dans le centre historique',
    de: 'Elektrische Hop-on-Hop-off-Busse durch die Altstadt',
  },
  'Red open-top buses every 10 minutes in high season': {
    it: 'Autobus rossi scoperti ogni 10 minuti in alta stagione',
    es: 'Autobuses rojos descubiertos cada 10 minutos en temporada alta',
    fr: 'Bus rouges à toit ouvert toutes les 10 minutes en haute saison',
    de: 'Rote offene Busse alle 10 Minuten in der Hochsaison',
  },
  'Museum tickets and guided tours: the Vatican, the Colosseum, Borghese and more': {
    it: 'Biglietti per i musei e visite guidate: i Musei Vaticani, il Colosseo, la Galleria Borghese e altro ancora',
    es: 'Entradas a museos y visitas guiadas: el Vaticano, el Coliseo, la Galería Borghese y mucho más',
    fr: 'Billets de musées et visites guidées : le Vatican, le Colisée, la Galerie Borghèse et bien plus',
    de: 'Museumstickets und Führungen: Vatikan, Kolosseum, Galleria Borghese und mehr',
  },
};

/**
 * Writes the words of every block that still holds a seeded English text, in each language where no
 * editor has written it yet (nothing an editor wrote is replaced). Runs with seedBase at every start.
 */
export async function seedContentWords(db: Db): Promise<void> {
  const blocks = await db
    .select({ tag: t.contentBlocks.uniqueTag, english: t.contentBlocks.blockContent })
    .from(t.contentBlocks);
  const values = blocks.flatMap((b) => {
    const words = Object.hasOwn(DEMO_BLOCK_WORDS, b.english) ? DEMO_BLOCK_WORDS[b.english] : undefined;
    return words
      ? Object.entries(words).map(([language, blockContent]) => ({
          uniqueTag: b.tag,
          language,
          blockContent,
        }))
      : [];
  });
  if (values.length) await db.insert(t.contentTranslations).values(values).onConflictDoNothing();
}
