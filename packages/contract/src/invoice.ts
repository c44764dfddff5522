/**
 * Invoices and VAT per line (decisions 061, 062): each package carries its VAT treatment (a rate, or an
 * exemption with its Natura code and law), prices stay VAT-inclusive, and the taxable base and tax are
 * worked out from the gross in exact integer cents by one rule, here, for the server and its tests.
 * Also the shapes of an Italian VAT number (Partita IVA, with its check digit) and tax code (codice fiscale).
 */

/** Messages of the invoice calls, English; the web and the server translate them (Lingui). */
export const INVOICE_MESSAGES = {
  kind: /*i18n*/ 'Choose whether the invoice is for a person or a company.',
  name: /*i18n*/ 'Please enter the name the invoice is made out to.',
  companyName: /*i18n*/ 'Please enter the company name.',
  firstName: /*i18n*/ 'Please enter your first name.',
  lastName: /*i18n*/ 'Please enter your last name.',
  country: /*i18n*/ 'Please choose a country.',
  street: /*i18n*/ 'Please enter the street and number.',
  postcode: /*i18n*/ 'Please enter a postcode of 5 digits.',
  foreignPostcode: /*i18n*/ 'Please enter a valid postcode.',
  city: /*i18n*/ 'Please enter the city.',
  province: /*i18n*/ 'Please enter the province as its two letters (for example RM).',
  vatNumber: /*i18n*/ 'This VAT number (Partita IVA) is not valid: it has 11 digits and a check digit.',
  foreignVatNumber: /*i18n*/ 'This VAT number is not valid: use letters and digits only, at most 28.',
  taxCode: /*i18n*/ 'This tax code (codice fiscale) is not valid: it has 16 letters and digits.',
  companyNeedsVat: /*i18n*/ 'An Italian company needs its VAT number (Partita IVA).',
  personNeedsTaxCode: /*i18n*/ 'Please enter your Italian tax code (codice fiscale).',
  sdiCode: /*i18n*/ 'The recipient code (codice destinatario) has 7 letters and digits.',
  pec: /*i18n*/ 'Please enter a valid certified e-mail address (PEC).',
  notPaid: /*i18n*/ 'An invoice can be asked for only once the ticket is paid.',
  refunded: /*i18n*/ 'This order was refunded: no invoice can be issued for it any more.',
  noSeller: /*i18n*/ 'This operator does not issue invoices through the shop yet. Please contact us.',
  notFound: /*i18n*/ 'No invoice for this order yet.',
  unreadable: /*i18n*/ 'The invoice details could not be read. Please check them and try again.',
} as const;

/** The Natura codes of FatturaPA 1.2.x for a line without VAT (the schema's NaturaType). */
export const VAT_NATURES = [
  'N1',
  'N2.1',
  'N2.2',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
] as const;
export type VatNature = (typeof VAT_NATURES)[number];

/** The fiscal regimes of FatturaPA (RegimeFiscaleType). */
export const FISCAL_REGIMES = [
  'RF01',
  'RF02',
  'RF04',
  'RF05',
  'RF06',
  'RF07',
  'RF08',
  'RF09',
  'RF10',
  'RF11',
  'RF12',
  'RF13',
  'RF14',
  'RF15',
  'RF16',
  'RF17',
  'RF18',
  'RF19',
  'RF20',
] as const;
export type FiscalRegime = (typeof FISCAL_REGIMES)[number];

/**
 * A package's VAT treatment: taxed at `rateBp` basis points (1000 = 10.00 %), or exempt (`rateBp` 0)
 * with the Natura code and the law the exemption rests on, which the invoice must cite.
 */
export type VatTreatment =
  | { rateBp: number; nature: null; law: null }
  | { rateBp: 0; nature: VatNature; law: string };

/** The demo's and a new package's defaults: passenger transport 10 %, museum admission exempt (art. 10). */
export const VAT_TRANSPORT: VatTreatment = { rateBp: 1000, nature: null, law: null };
export const VAT_MUSEUM_EXEMPT: VatTreatment = {
  rateBp: 0,
  nature: 'N4',
  law: 'Esente art. 10, comma 1, n. 22, DPR 633/72',
};

/** One line as the buyer paid it: a quantity at a VAT-inclusive unit price (a discount is negative). */
export type GrossLine = { description: string; quantity: number; unitGrossCents: number };

/** A line with its share of the taxable base (cents), under the order's treatment. */
export type InvoiceLine = GrossLine & { grossCents: number; netCents: number };

/** What an invoice's lines add up to, per treatment (one per order: an order is one package). */
export type VatSummary = { taxableCents: number; taxCents: number; grossCents: number };

/** Half away from zero, on exact integers: n / d rounded. */
function divRound(n: number, d: number): number {
  const q = Math.trunc(n / d);
  const r = n - q * d;
  if (2 * Math.abs(r) >= d) return q + Math.sign(n);
  return q;
}

/**
 * The rule of decision 061: the gross of a treatment G (cents, VAT included) gives the taxable base
 * B = round(G * 10000 / (10000 + rate)), half away from zero, and the tax T = G - B, so base and tax
 * always add up to what the buyer paid. Each line's base is its own rounded share; the cent or two the
 * lines' roundings leave over goes to the largest lines first, so the lines add up to B exactly.
 */
export function splitVat(
  lines: GrossLine[],
  vat: Pick<VatTreatment, 'rateBp'>,
): {
  lines: InvoiceLine[];
  summary: VatSummary;
} {
  const gross = lines.map((l) => l.unitGrossCents * l.quantity);
  const grossCents = gross.reduce((a, b) => a + b, 0);
  const base = (g: number) => divRound(g * 10000, 10000 + vat.rateBp);
  const taxableCents = base(grossCents);
  const nets = gross.map(base);
  let left = taxableCents - nets.reduce((a, b) => a + b, 0);
  const order = gross.map((g, i) => [Math.abs(g), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left !== 0 && order.length > 0; k = (k + 1) % order.length) {
    const step = Math.sign(left);
    nets[order[k][1]] += step;
    left -= step;
  }
  return {
    lines: lines.map((l, i) => ({ ...l, grossCents: gross[i], netCents: nets[i] })),
    summary: { taxableCents, taxCents: grossCents - taxableCents, grossCents },
  };
}

/** '10.00' from 1000 basis points, as FatturaPA writes a rate. */
export const rateText = (rateBp: number): string =>
  `${Math.trunc(rateBp / 100)}.${String(rateBp % 100).padStart(2, '0')}`;

/** An Italian VAT number: 11 digits whose last is the check digit of the ten before (Luhn's rule). */
export function isPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^0{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = value.charCodeAt(i) - 48;
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10 === value.charCodeAt(10) - 48;
}

/**
 * An Italian tax code by its shape: a person's 16 characters (surname, name, birth year, month letter,
 * day, place, check letter; the digits may be letters after a clash, 'omocodia'), or a company's 11
 * digits (then it is a Partita IVA and its check digit counts).
 */
export function isCodiceFiscale(value: string): boolean {
  if (/^\d{11}$/.test(value)) return isPartitaIva(value);
  return /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(
    value,
  );
}

/**
 * The countries the form offers (ISO 3166-1 alpha-2): the EU, Europe's others and the shop's usual
 * visitors' homes; the web names them with Intl.DisplayNames in the visitor's language.
 */
// biome-ignore format: a list of codes reads better packed
export const INVOICE_COUNTRIES = [
  'IT', 'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'LV', 'LT',
  'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'SM', 'VA', 'CH', 'GB', 'NO', 'IS', 'LI',
  'MC', 'AL', 'RS', 'UA', 'TR', 'IL', 'US', 'CA', 'MX', 'BR', 'AR', 'CL', 'AU', 'NZ', 'JP', 'KR', 'CN',
  'IN', 'SG', 'AE', 'ZA',
] as const;

/**
 * A VAT number without its country's prefix, as FatturaPA's IdCodice wants it: people type
 * 'IT01234567897' or 'FR40303265045' as often as the bare number.
 */
export const vatCodeOf = (country: string, vat: string): string =>
  vat.startsWith(country) && vat.length > country.length ? vat.slice(country.length) : vat;

/** An invoice's number as it is printed: '2026/7' (one series per operator and Rome year, decision 061). */
export const invoiceNumberText = (year: number, number: number): string => `${year}/${number}`;

export const INVOICE_DOCS = ['invoice', 'credit-note'] as const;
export type InvoiceDoc = (typeof INVOICE_DOCS)[number];
export const INVOICE_FORMATS = ['pdf', 'xml'] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];
