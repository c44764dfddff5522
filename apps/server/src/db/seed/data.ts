import {
  HOME_BANNER,
  HOME_BANNER_TAGS,
  HOME_HERO,
  HOME_HERO_TAGS,
  type OperatorSeller,
  type PackageCategory,
  type PriceCategoryKey,
  SITE_LOGO_TAG,
} from '@rome/contract';
import type { Attraction, Emblem } from './pictures';

/** The demo shop: a believable Rome catalogue across five operators and all eight ticket types. */

/**
 * The operators. `livery`: the colour of their buses in the pictures and of their logo; `subtitle`:
 * their page's banner line, true of what they sell (the museum operator runs no buses).
 */
export const DEMO_FOLDERS = [
  {
    name: 'Big Bus',
    companySlug: 'big-bus',
    livery: '#b91c1c',
    subtitle: 'Hop on, hop off and see the Eternal City at your own pace',
  },
  {
    name: 'I Love Rome',
    companySlug: 'i-love-rome',
    livery: '#1d4ed8',
    subtitle: 'Open buses, a guided morning in the centre and a day trip to Tivoli',
  },
  {
    name: 'Green Line',
    companySlug: 'green-line',
    livery: '#15803d',
    subtitle: 'Electric hop-on hop-off buses through the historic centre',
  },
  {
    name: 'City Sightseeing',
    companySlug: 'city-sightseeing',
    livery: '#c2410c',
    subtitle: 'Red open-top buses every 10 minutes in high season',
  },
  {
    name: 'Roma Musei',
    companySlug: 'roma-musei',
    livery: '#7e22ce',
    subtitle: 'Museum tickets and guided tours: the Vatican, the Colosseum, Borghese and more',
  },
] as const;

/**
 * The operators' seller data for their invoices (decision 061): invented companies in Rome with VAT
 * numbers whose check digits are right; the bus operators ordinary regime, the museums' too.
 */
export const DEMO_SELLERS: Record<(typeof DEMO_FOLDERS)[number]['companySlug'], OperatorSeller> = {
  'big-bus': {
    legal_name: 'Big Bus Roma S.r.l.',
    vat_number: '12345678903',
    tax_code: '12345678903',
    street: 'Via Marsala 29',
    postcode: '00185',
    city: 'Roma',
    province: 'RM',
    fiscal_regime: 'RF01',
  },
  'i-love-rome': {
    legal_name: 'I Love Rome Tours S.r.l.',
    vat_number: '09582311008',
    tax_code: '09582311008',
    street: 'Via Nazionale 54',
    postcode: '00184',
    city: 'Roma',
    province: 'RM',
    fiscal_regime: 'RF01',
  },
  'green-line': {
    legal_name: 'Green Line Mobilita S.p.A.',
    vat_number: '14670251009',
    tax_code: '14670251009',
    street: 'Piazza dei Cinquecento 1',
    postcode: '00185',
    city: 'Roma',
    province: 'RM',
    fiscal_regime: 'RF01',
  },
  'city-sightseeing': {
    legal_name: 'City Sightseeing Roma S.r.l.',
    vat_number: '15739101002',
    tax_code: '15739101002',
    street: 'Via Giovanni Giolitti 34',
    postcode: '00185',
    city: 'Roma',
    province: 'RM',
    fiscal_regime: 'RF01',
  },
  'roma-musei': {
    legal_name: 'Roma Musei Servizi S.r.l.',
    vat_number: '16884021003',
    tax_code: '16884021003',
    street: 'Via dei Fori Imperiali 1',
    postcode: '00186',
    city: 'Roma',
    province: 'RM',
    fiscal_regime: 'RF01',
  },
};

type DemoPackage = {
  tag: string;
  company: (typeof DEMO_FOLDERS)[number]['companySlug'];
  title: string;
  type: string;
  duration: string;
  kind: 'bus_tour' | 'museum';
  /** What the ticket is for: it chooses the package's pictures (seed/pictures/motifs.ts). */
  attraction: Attraction;
  adult: number;
  youth: number;
  off?: number;
  dated?: boolean;
  featured?: boolean;
  description: string;
};

const bus = (stops: number, extra: string) =>
  `<p>Hop on and off at ${stops} stops across the Eternal City: the Colosseum, the Roman Forum, Piazza Venezia, St Peter's, the Trevi Fountain and the Spanish Steps.</p><ul><li>Open-top double-decker buses</li><li>Recorded commentary in 16 languages</li><li>${extra}</li></ul><p>Show the QR code on your phone to the agent at any stop.</p>`;

/** A museum ticket's text; `entry` says how it is used, so an open-dated pass never claims a timed entry. */
const museum = (what: string, entry = 'Skip the ticket line') =>
  `<p>${what}</p><ul><li>${entry}</li><li>Audio guide available on site</li><li>Free for children up to 5 years</li></ul>`;

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    tag: 'BB-24',
    attraction: 'hop-on-hop-off',
    company: 'big-bus',
    title: 'Big Bus Rome Classic 24h',
    type: 'Hop-on hop-off bus tour',
    duration: '24 hours',
    kind: 'bus_tour',
    adult: 2900,
    youth: 1900,
    off: 3500,
    featured: true,
    description: bus(8, 'Buses every 15 minutes from 9:00 to 18:30'),
  },
  {
    tag: 'BB-48',
    attraction: 'hop-on-hop-off',
    company: 'big-bus',
    title: 'Big Bus Rome Premium 48h',
    type: 'Hop-on hop-off bus tour',
    duration: '48 hours',
    kind: 'bus_tour',
    adult: 3900,
    youth: 2500,
    off: 4600,
    description: bus(8, 'Includes a guided walking tour of Trastevere'),
  },
  {
    tag: 'BB-72',
    attraction: 'hop-on-hop-off',
    company: 'big-bus',
    title: 'Big Bus Rome Deluxe 72h',
    type: 'Hop-on hop-off bus tour',
    duration: '72 hours',
    kind: 'bus_tour',
    adult: 4900,
    youth: 3200,
    description: bus(8, 'Includes a night tour and the Vatican route'),
  },
  {
    tag: 'BB-NIGHT',
    attraction: 'night-tour',
    company: 'big-bus',
    title: 'Big Bus Rome by Night',
    type: 'Panoramic night tour',
    duration: 'one run',
    kind: 'bus_tour',
    adult: 2200,
    youth: 1500,
    dated: true,
    description:
      '<p>A two-hour loop of the lit-up city on an open-top bus: the Colosseum, the Roman Forum, Piazza Venezia, St Peter’s and the Trevi Fountain after dark.</p><ul><li>One departure a night at 21:00 from Termini, 60 seats</li><li>Recorded commentary in 16 languages</li><li>No stops on the way: you stay on board</li></ul><p>Show the QR code on your phone to the agent at boarding.</p>',
  },
  {
    tag: 'ILR-24',
    attraction: 'hop-on-hop-off',
    company: 'i-love-rome',
    title: 'I Love Rome Open Bus 24h',
    type: 'Hop-on hop-off bus tour',
    duration: '24 hours',
    kind: 'bus_tour',
    adult: 2200,
    youth: 1500,
    off: 2800,
    featured: true,
    description: bus(9, 'Free Wi-Fi on board'),
  },
  {
    tag: 'ILR-48',
    attraction: 'hop-on-hop-off',
    company: 'i-love-rome',
    title: 'I Love Rome Open Bus 48h',
    type: 'Hop-on hop-off bus tour',
    duration: '48 hours',
    kind: 'bus_tour',
    adult: 2700,
    youth: 1800,
    description: bus(9, 'Free Wi-Fi on board'),
  },
  {
    tag: 'ILR-HALF',
    attraction: 'city-highlights',
    company: 'i-love-rome',
    title: 'I Love Rome Morning Highlights',
    type: 'Guided bus tour',
    duration: 'half day',
    kind: 'bus_tour',
    adult: 3500,
    youth: 2200,
    dated: true,
    description:
      '<p>Four hours of the centre with a live guide: the Colosseum, Circus Maximus and Piazza Venezia from the bus, then short walks to the Pantheon and the Trevi Fountain.</p><ul><li>Departs at 9:00 from Termini, back at 13:00</li><li>A live guide in English and Italian</li><li>One tour: you stay with the group, no hopping on and off</li></ul><p>Show the QR code on your phone to the guide at departure.</p>',
  },
  {
    tag: 'ILR-DAY',
    attraction: 'tivoli',
    company: 'i-love-rome',
    title: 'I Love Rome Day Trip to Tivoli',
    type: 'Day tour',
    duration: 'daily tour',
    kind: 'bus_tour',
    adult: 6900,
    youth: 4500,
    off: 7900,
    dated: true,
    description:
      '<p>A day out of Rome to Tivoli: the fountains and terraced gardens of Villa d’Este and the ruins of Hadrian’s Villa, with lunch in the old town.</p><ul><li>Departs at 8:30 from Termini, back at about 17:30</li><li>A guide at both villas, entry tickets included</li><li>Air-conditioned coach there and back</li></ul><p>Show the QR code on your phone to the guide at departure.</p>',
  },
  {
    tag: 'GL-24',
    attraction: 'hop-on-hop-off',
    company: 'green-line',
    title: 'Green Line Rome 24h',
    type: 'Hop-on hop-off bus tour',
    duration: '24 hours',
    kind: 'bus_tour',
    adult: 2000,
    youth: 1400,
    description: bus(7, 'Electric buses on the historic centre loop'),
  },
  {
    tag: 'GL-48',
    attraction: 'hop-on-hop-off',
    company: 'green-line',
    title: 'Green Line Rome 48h',
    type: 'Hop-on hop-off bus tour',
    duration: '48 hours',
    kind: 'bus_tour',
    adult: 2500,
    youth: 1700,
    off: 3000,
    description: bus(7, 'Electric buses on the historic centre loop'),
  },
  {
    tag: 'GL-72',
    attraction: 'hop-on-hop-off',
    company: 'green-line',
    title: 'Green Line Rome 72h',
    type: 'Hop-on hop-off bus tour',
    duration: '72 hours',
    kind: 'bus_tour',
    adult: 3200,
    youth: 2100,
    description: bus(7, 'Includes the Appian Way extension'),
  },
  {
    tag: 'GL-1DAY',
    attraction: 'hop-on-hop-off',
    company: 'green-line',
    title: 'Green Line 1 Day Pass',
    type: 'Hop-on hop-off bus tour',
    duration: '1 day',
    kind: 'bus_tour',
    adult: 1800,
    youth: 1200,
    description: bus(7, 'Valid on the calendar day you choose'),
    dated: true,
  },
  {
    tag: 'CS-24',
    attraction: 'hop-on-hop-off',
    company: 'city-sightseeing',
    title: 'City Sightseeing Rome 24h',
    type: 'Hop-on hop-off bus tour',
    duration: '24 hours',
    kind: 'bus_tour',
    adult: 2500,
    youth: 1600,
    off: 2900,
    featured: true,
    description: bus(8, 'Red buses every 10 minutes in high season'),
  },
  {
    tag: 'CS-48',
    attraction: 'hop-on-hop-off',
    company: 'city-sightseeing',
    title: 'City Sightseeing Rome 48h',
    type: 'Hop-on hop-off bus tour',
    duration: '48 hours',
    kind: 'bus_tour',
    adult: 3000,
    youth: 2000,
    description: bus(8, 'Red buses every 10 minutes in high season'),
  },
  {
    tag: 'CS-72',
    attraction: 'hop-on-hop-off',
    company: 'city-sightseeing',
    title: 'City Sightseeing Rome 72h',
    type: 'Hop-on hop-off bus tour',
    duration: '72 hours',
    kind: 'bus_tour',
    adult: 3600,
    youth: 2400,
    off: 4200,
    description: bus(8, 'Includes the Vatican line'),
  },
  {
    tag: 'CS-1DAY',
    attraction: 'hop-on-hop-off',
    company: 'city-sightseeing',
    title: 'City Sightseeing 1 Day Explorer',
    type: 'Hop-on hop-off bus tour',
    duration: '1 day',
    kind: 'bus_tour',
    adult: 2100,
    youth: 1400,
    description: bus(8, 'Valid on the calendar day you choose'),
    dated: true,
  },
  {
    tag: 'CS-HALF',
    attraction: 'hop-on-hop-off',
    company: 'city-sightseeing',
    title: 'City Sightseeing Afternoon Loop',
    type: 'Panoramic bus tour',
    duration: 'half day',
    kind: 'bus_tour',
    adult: 1600,
    youth: 1000,
    description: bus(8, 'From 14:00 until the last bus'),
  },
  {
    tag: 'RM-VAT',
    attraction: 'vatican',
    company: 'roma-musei',
    title: 'Vatican Museums & Sistine Chapel',
    type: 'Museum ticket',
    duration: 'one run',
    kind: 'museum',
    adult: 3400,
    youth: 2000,
    off: 4000,
    dated: true,
    featured: true,
    description: museum(
      'Michelangelo’s ceiling, Raphael’s Rooms and the Gallery of Maps.',
      'Entry on the day you choose, from 09:00 (closed on Sundays)',
    ),
  },
  {
    tag: 'RM-COL',
    attraction: 'colosseum',
    company: 'roma-musei',
    title: 'Colosseum, Forum & Palatine',
    type: 'Museum ticket',
    duration: '1 day',
    kind: 'museum',
    adult: 2400,
    youth: 1800,
    dated: true,
    description: museum(
      'One entry to each of the three sites on the day you choose.',
      'Timed entry every 30 minutes, skip the ticket line',
    ),
  },
  {
    tag: 'RM-3PASS',
    attraction: 'three-museums',
    company: 'roma-musei',
    title: 'Roma 3 Museum Pass',
    type: 'Museum pass',
    duration: '3 pass',
    kind: 'museum',
    adult: 4500,
    youth: 3000,
    off: 5400,
    description: museum(
      'Any three of Borghese, Capitoline Museums and Castel Sant’Angelo.',
      'Valid 72 hours from the first museum',
    ),
  },
  {
    tag: 'RM-3PASS-BUS',
    attraction: 'museums-and-bus',
    company: 'roma-musei',
    title: 'Museum 3 Pass + Bus 24h',
    type: 'Museum pass with bus',
    duration: '3 pass',
    kind: 'museum',
    adult: 6500,
    youth: 4200,
    description: museum(
      'Three museums plus a 24 hours hop-on hop-off ticket.',
      'Museums within 72 hours, the bus for 24 hours from first use',
    ),
  },
  {
    tag: 'RM-DAILY',
    attraction: 'ancient-rome-tour',
    company: 'roma-musei',
    title: 'Ancient Rome Daily Guided Tour',
    type: 'Guided museum tour',
    duration: 'daily tour',
    kind: 'museum',
    adult: 5900,
    youth: 3900,
    dated: true,
    description: museum(
      'A licensed guide leads you through the Colosseum and the Forum.',
      'Tours at 10:00 and 15:00, Monday to Saturday, 25 people at most',
    ),
  },
  {
    tag: 'RM-BORGHESE',
    attraction: 'galleria-borghese',
    company: 'roma-musei',
    title: 'Galleria Borghese Entry',
    type: 'Museum ticket',
    duration: '',
    kind: 'museum',
    adult: 2200,
    youth: 1300,
    description: museum('Bernini and Caravaggio in the villa’s gallery.', 'Open-dated entry on any day'),
  },
  {
    tag: 'BB-HALF',
    attraction: 'hop-on-hop-off',
    company: 'big-bus',
    title: 'Big Bus Half Day Essentials',
    type: 'Hop-on hop-off bus tour',
    duration: 'half day',
    kind: 'bus_tour',
    adult: 1900,
    youth: 1200,
    off: 2300,
    description: bus(8, 'Four hours from your first ride'),
  },
];

/**
 * The storefront's categories of each demo package (decision 039): every bus ride is a bus tour; the
 * night bus and the 72-hour pass that includes a night tour are night tours; the museum operator's
 * tickets are museums and sights; a ticket that bundles several things (three museums, museums and a
 * bus, the Tivoli trip with its villas' entries) is a combo.
 */
/**
 * The demo's price categories beside adult and youth (decision 070), in cents: the Colosseum and the
 * 24-hour bus pass sell the reduced EU 18-25 ticket and the disabled visitor's with a free carer; the
 * 24-hour pass also a family ticket (2 adults + 2 children, 4 places).
 */
export const DEMO_PRICE_CATEGORIES: Record<string, Partial<Record<PriceCategoryKey, number>>> = {
  'RM-COL': { reduced_eu: 200, disabled: 1200, carer: 0 },
  'BB-24': { reduced_eu: 2000, disabled: 1500, carer: 0, family: 7900 },
};

export const DEMO_CATEGORIES: Record<string, PackageCategory[]> = {
  'BB-24': ['bus-tours'],
  'BB-48': ['bus-tours'],
  'BB-72': ['bus-tours', 'night'],
  'BB-NIGHT': ['bus-tours', 'night'],
  'BB-HALF': ['bus-tours'],
  'ILR-24': ['bus-tours'],
  'ILR-48': ['bus-tours'],
  'ILR-HALF': ['bus-tours'],
  'ILR-DAY': ['bus-tours', 'combos'],
  'GL-24': ['bus-tours'],
  'GL-48': ['bus-tours'],
  'GL-72': ['bus-tours'],
  'GL-1DAY': ['bus-tours'],
  'CS-24': ['bus-tours'],
  'CS-48': ['bus-tours'],
  'CS-72': ['bus-tours'],
  'CS-1DAY': ['bus-tours'],
  'CS-HALF': ['bus-tours'],
  'RM-VAT': ['museums'],
  'RM-COL': ['museums'],
  'RM-3PASS': ['museums', 'combos'],
  'RM-3PASS-BUS': ['bus-tours', 'museums', 'combos'],
  'RM-DAILY': ['museums'],
  'RM-BORGHESE': ['museums'],
};

/**
 * The demo's combo across operators (decision 071): the museum operator's three-museum pass and Big
 * Bus's 24-hour pass sold as one product, one price, each part its own ticket for its own operator's
 * agents; each part's share of the combo's adult and youth prices in cents (they add up to them).
 */
export const DEMO_COMBOS: {
  tag: string;
  parts: { tag: string; adult: number; youth: number }[];
  cancelCutoffHours: number | null;
}[] = [
  {
    tag: 'RM-3PASS-BUS',
    parts: [
      { tag: 'RM-3PASS', adult: 4000, youth: 2500 },
      { tag: 'BB-24', adult: 2500, youth: 1700 },
    ],
    cancelCutoffHours: null,
  },
];

/** Partner logos in the operators' colours (DEMO_FOLDERS' livery), each with an emblem of its own. */
export const DEMO_LOGOS: { name: string; color: string; emblem: Emblem; url: string }[] = [
  { name: 'Big Bus Tours', color: '#b91c1c', emblem: 'bus', url: 'https://www.bigbustours.com/' },
  { name: 'I Love Rome', color: '#1d4ed8', emblem: 'heart', url: 'https://example.com/i-love-rome' },
  { name: 'Green Line Tours', color: '#15803d', emblem: 'leaf', url: 'https://example.com/green-line' },
  { name: 'City Sightseeing', color: '#c2410c', emblem: 'compass', url: 'https://city-sightseeing.com/' },
  { name: 'Roma Musei', color: '#7e22ce', emblem: 'temple', url: 'https://example.com/roma-musei' },
];

/** Static pages, their metadata and the content blocks the spec names. */
export const DEMO_PAGES: { slug: string; title: string; blocks: Record<string, string>; images: string[] }[] =
  [
    {
      slug: 'home',
      title: 'Home',
      blocks: {
        // The words the home page shows (contract home-hero.ts), editable in place.
        [HOME_HERO_TAGS.kicker]: HOME_HERO.kicker,
        [HOME_HERO_TAGS.title]: HOME_HERO.title,
        [HOME_HERO_TAGS.lead]: HOME_HERO.lead,
        'home-services-title': 'Our tours and tickets',
        [HOME_BANNER_TAGS.title]: HOME_BANNER.title,
        [HOME_BANNER_TAGS.text]: HOME_BANNER.text,
      },
      images: ['home-hero', 'home-bottom-banner', SITE_LOGO_TAG],
    },
    {
      slug: 'about-us',
      title: 'About Us',
      blocks: {
        'about-us-title': 'About Us',
        'about-us-subtitle': 'Your guide to seeing Rome from the top deck',
        'about-us-main-content':
          '<h2>Who we are</h2><p>We are a small Roman team that has sold sightseeing tickets since 2012. We work with the city’s licensed bus operators and museums so that you can compare their tours and book in a minute.</p><h2>Why book with us</h2><ul><li>Instant QR tickets on your phone</li><li>Agents at the main stops to help you</li><li>Secure card payment</li></ul><p>Questions? Write to {email}, call {phone} or visit us at {address}.</p>',
      },
      images: ['about-us-banner'],
    },
    {
      slug: 'terms',
      title: 'Terms and Conditions',
      blocks: {
        'terms-title': 'Terms and Conditions',
        'terms-main-content':
          '<h2>1. Tickets</h2><p>Each ticket is valid for the people, date and duration shown on it. The QR code is checked once by an agent.</p><h2>2. Prices</h2><p>Prices are in euro and include VAT. Children from 0 to 5 travel free and need no ticket.</p><h2>3. Contact</h2><p>{email} · {phone} · {address}</p>',
      },
      images: ['terms-banner'],
    },
    {
      slug: 'return-policy',
      title: 'Return Policy',
      blocks: {
        'return-policy-title': 'Return Policy',
        'return-policy-main-content':
          '<p>Unused tickets can be returned up to 24 hours before the chosen date. Write to {email} with your order details.</p>',
      },
      images: ['return-policy-banner'],
    },
    {
      slug: 'refund',
      title: 'Refund Policy',
      blocks: {
        'refund-title': 'Refund Policy',
        'refund-main-content':
          '<p>Refunds are made to the card used for payment within 5 to 10 working days. Claimed tickets cannot be refunded. Questions: {email} or {phone}.</p>',
      },
      images: ['refund-banner'],
    },
    {
      slug: 'agent-points',
      title: 'Agent Points',
      blocks: {
        'agent-points-title': 'Agent Points',
        'agent-points-subtitle': 'Find our ticket agents near the main stops',
        'agent-points-map':
          '<iframe title="Agent points map" src="https://www.google.com/maps/embed?pb=!1m14!1m12!1m3!1d11880!2d12.49!3d41.89!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!5e0!3m2!1sen!2sit" width="100%" height="400" loading="lazy"></iframe>',
        'agent-points-body':
          '<ul><li><strong>Termini Station</strong>, Via Marsala 29, 8:30–19:00</li><li><strong>Colosseum</strong>, Via di San Gregorio, 9:00–18:00</li><li><strong>St Peter’s</strong>, Via della Conciliazione 5, 9:00–18:00</li></ul>',
      },
      images: ['agent-points-banner'],
    },
    {
      slug: 'view-more',
      title: 'View More',
      blocks: {
        'view-more-title': 'Explore More Tours',
        'view-more-subtitle': 'Tickets from the same operator and similar options from others',
      },
      images: ['view-more-banner'],
    },
    ...DEMO_FOLDERS.map((f) => ({
      slug: `company-${f.companySlug}`,
      title: f.name,
      blocks: {
        [`${f.companySlug}-title`]: `Explore Rome with ${f.name}`,
        [`${f.companySlug}-subtitle`]: f.subtitle,
      },
      images: [`${f.companySlug}-banner`],
    })),
  ];
