/**
 * The Italian e-invoice of an invoice or credit note (decision 062): FatturaPA 1.2.x, format FPR12 (to
 * private parties), written from the document's row. No XML builder is in the project, so this is a
 * small writer whose every text goes through `esc` (XML escaping) and `latin` (the schema's Latin
 * types take Basic Latin and Latin-1 only). Checked against the official schema in fatturapa.test.ts.
 */
import { centsToDecimal, invoiceNumberText, rateText, vatCodeOf } from '@rome/contract';
import type { InvoiceRow } from '../orders/invoice-record';

const NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

const esc = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * Text the schema's Latin types accept, at most `max` characters: letters outside Latin-1 lose their
 * accents where that leaves a Latin letter ('Dvořák' is written 'Dvorák'), anything else becomes
 * '?', control characters a space. Never empty (the schema's minimum is one character).
 */
export function latin(s: string, max: number): string {
  const out = [...s.normalize('NFC')]
    .map((ch) => {
      const c = ch.codePointAt(0)!;
      if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return ' ';
      if (c <= 0xff) return ch;
      const bare = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7e\u00a0-\u00ff]+$/.test(bare) ? bare : '?';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return (out || '-').slice(0, max);
}

const el = (name: string, value: string) => `<${name}>${esc(value)}</${name}>`;
const group = (name: string, ...children: (string | false | null | undefined)[]) =>
  `<${name}>${children.filter(Boolean).join('')}</${name}>`;

/** Cents over a quantity with up to 8 decimals, exactly rounded half away from zero ('12.72727273'). */
export function unitPrice(cents: number, quantity: number): string {
  const scaled = BigInt(cents) * 1_000_000n;
  const q = BigInt(quantity);
  let units = scaled / q;
  const rest = scaled % q;
  if (2n * (rest < 0n ? -rest : rest) >= q) units += scaled < 0n ? -1n : 1n;
  const neg = units < 0n;
  const abs = (neg ? -units : units).toString().padStart(9, '0');
  const decimals = abs.slice(-8).replace(/0{1,6}$/, '');
  return `${neg ? '-' : ''}${abs.slice(0, -8)}.${decimals.padEnd(2, '0')}`;
}

/** The transmission's serial for its sender: the year and the number, unique per operator. */
export const progressivoInvio = (row: Pick<InvoiceRow, 'year' | 'number'>): string =>
  `${row.year}${String(row.number).padStart(5, '0')}`.slice(0, 10);

/** The SdI file name: IT + the seller's VAT number + '_' + five letters and digits of the document. */
export function fatturaFileName(row: Pick<InvoiceRow, 'year' | 'number' | 'seller'>): string {
  const serial = ((row.year % 100) * 500_000 + row.number).toString(36).toUpperCase().padStart(5, '0');
  return `IT${row.seller.vat_number}_${serial}.xml`;
}

/** The buyer's block: Italian codes where there are, a foreign buyer's country and identifier else. */
function buyerXml(b: InvoiceRow['buyer']): string {
  const italian = b.country === 'IT';
  const idFiscale = b.vat_number
    ? group('IdFiscaleIVA', el('IdPaese', b.country), el('IdCodice', vatCodeOf(b.country, b.vat_number)))
    : italian
      ? null
      : // A foreign private buyer has no VAT number: the country and the conventional 'all nines'.
        group('IdFiscaleIVA', el('IdPaese', b.country), el('IdCodice', '99999999999'));
  const anagrafica =
    b.kind === 'company'
      ? el('Denominazione', latin(b.company_name, 80))
      : el('Nome', latin(b.first_name, 60)) + el('Cognome', latin(b.last_name, 60));
  const cap = italian || /^\d{5}$/.test(b.postcode) ? b.postcode : '00000';
  // A foreign postcode that is not five digits keeps its place in the town's line.
  const comune = cap === b.postcode || !b.postcode ? b.city : `${b.postcode} ${b.city}`;
  return group(
    'CessionarioCommittente',
    group(
      'DatiAnagrafici',
      idFiscale,
      italian && b.tax_code && el('CodiceFiscale', b.tax_code),
      group('Anagrafica', anagrafica),
    ),
    group(
      'Sede',
      el('Indirizzo', latin(b.street, 60)),
      el('CAP', cap),
      el('Comune', latin(comune, 60)),
      italian && el('Provincia', b.province),
      el('Nazione', b.country),
    ),
  );
}

/**
 * The FatturaPA XML of `row`. `invoiceOf` is a credit note's invoice (TD04 refers to it in
 * DatiFattureCollegate); null for an invoice (TD01).
 */
export function fatturaXml(row: InvoiceRow, invoiceOf: InvoiceRow | null): string {
  const s = row.seller;
  const b = row.buyer;
  const foreign = b.country !== 'IT';
  const codiceDestinatario = foreign ? 'XXXXXXX' : b.sdi_code || '0000000';
  const rate = rateText(row.vat.rateBp);
  const nature = row.vat.nature;
  const header = group(
    'FatturaElettronicaHeader',
    group(
      'DatiTrasmissione',
      group('IdTrasmittente', el('IdPaese', 'IT'), el('IdCodice', s.vat_number)),
      el('ProgressivoInvio', progressivoInvio(row)),
      el('FormatoTrasmissione', 'FPR12'),
      el('CodiceDestinatario', codiceDestinatario),
      !foreign && codiceDestinatario === '0000000' && b.pec && el('PECDestinatario', b.pec),
    ),
    group(
      'CedentePrestatore',
      group(
        'DatiAnagrafici',
        group('IdFiscaleIVA', el('IdPaese', 'IT'), el('IdCodice', s.vat_number)),
        s.tax_code && el('CodiceFiscale', s.tax_code),
        group('Anagrafica', el('Denominazione', latin(s.legal_name, 80))),
        el('RegimeFiscale', s.fiscal_regime),
      ),
      group(
        'Sede',
        el('Indirizzo', latin(s.street, 60)),
        el('CAP', s.postcode),
        el('Comune', latin(s.city, 60)),
        el('Provincia', s.province),
        el('Nazione', 'IT'),
      ),
    ),
    buyerXml(b),
  );
  const lines = row.lines.map((l, i) =>
    group(
      'DettaglioLinee',
      el('NumeroLinea', String(i + 1)),
      el('Descrizione', latin(l.description, 1000)),
      el('Quantita', `${l.quantity}.00`),
      el('PrezzoUnitario', unitPrice(l.netCents, l.quantity)),
      el('PrezzoTotale', centsToDecimal(l.netCents)),
      el('AliquotaIVA', rate),
      nature && el('Natura', nature),
    ),
  );
  const summary = group(
    'DatiRiepilogo',
    el('AliquotaIVA', rate),
    nature && el('Natura', nature),
    el('ImponibileImporto', centsToDecimal(row.taxableCents)),
    el('Imposta', centsToDecimal(row.taxCents)),
    // VAT due at once (immediata); an exempt line states its law instead.
    nature ? el('RiferimentoNormativo', latin(row.vat.law ?? '', 100)) : el('EsigibilitaIVA', 'I'),
  );
  const body = group(
    'FatturaElettronicaBody',
    group(
      'DatiGenerali',
      group(
        'DatiGeneraliDocumento',
        el('TipoDocumento', row.kind === 'credit_note' ? 'TD04' : 'TD01'),
        el('Divisa', 'EUR'),
        el('Data', row.issueDate),
        el('Numero', invoiceNumberText(row.year, row.number)),
        el('ImportoTotaleDocumento', centsToDecimal(row.totalCents)),
      ),
      invoiceOf &&
        group(
          'DatiFattureCollegate',
          el('IdDocumento', invoiceNumberText(invoiceOf.year, invoiceOf.number)),
          el('Data', invoiceOf.issueDate),
        ),
    ),
    group('DatiBeniServizi', ...lines, summary),
    // Paid in full by card at checkout (MP08); a credit note's money goes back the same way.
    row.kind === 'invoice' &&
      group(
        'DatiPagamento',
        el('CondizioniPagamento', 'TP02'),
        group(
          'DettaglioPagamento',
          el('ModalitaPagamento', 'MP08'),
          el('ImportoPagamento', centsToDecimal(row.totalCents)),
        ),
      ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12" xmlns:p="${NS}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${header}${body}</p:FatturaElettronica>\n`;
}
