/**
 * The e-invoice against the official FatturaPA 1.2.2 schema (decision 062), validated with xmllint
 * (WebAssembly) and the schema shipped in src/test/fatturapa-xsd: an invoice taxed at 10 %, an exempt
 * one (N4) to a foreign private buyer, a credit note; and the validator refuses broken documents, so
 * its "valid" means something. Also the VAT split of decision 061 in exact cents.
 */
import {
  type InvoiceBuyer,
  type OperatorSeller,
  splitVat,
  VAT_MUSEUM_EXEMPT,
  VAT_TRANSPORT,
  type VatTreatment,
} from '@rome/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLERS } from '../../db/seed/data';
import { checkFatturaPa } from '../../test/fatturapa-schema';
import type { InvoiceRow } from '../orders/invoice-record';
import { fatturaFileName, fatturaXml, latin, unitPrice } from './fatturapa';

/** The demo's Big Bus operator (decision 061's seed data). */
const seller: OperatorSeller = DEMO_SELLERS['big-bus'];
const company: InvoiceBuyer = {
  kind: 'company',
  company_name: 'Viaggi <Rossi> & Figli S.r.l.',
  first_name: '',
  last_name: '',
  country: 'IT',
  street: 'Via del Corso 12',
  postcode: '00186',
  city: 'Roma',
  province: 'RM',
  vat_number: '01234567897',
  tax_code: '',
  sdi_code: 'ABC1234',
  pec: '',
};
const tourist: InvoiceBuyer = {
  kind: 'person',
  company_name: '',
  first_name: 'Zoë',
  last_name: 'Dvořák 王',
  country: 'GB',
  street: '10 Downing Street',
  postcode: 'SW1A 2AA',
  city: 'London',
  province: '',
  vat_number: '',
  tax_code: '',
  sdi_code: '',
  pec: '',
};

function row(vat: VatTreatment, buyer: InvoiceBuyer, extra: Partial<InvoiceRow> = {}): InvoiceRow {
  const { lines, summary } = splitVat(
    [
      { description: 'Big Bus 24h: Adults', quantity: 3, unitGrossCents: 3500 },
      { description: 'Big Bus 24h: Youths', quantity: 1, unitGrossCents: 1900 },
      { description: 'Promo code', quantity: 1, unitGrossCents: -1250 },
    ],
    vat,
  );
  return {
    id: '00000000-0000-4000-8000-000000000001',
    orderId: '00000000-0000-4000-8000-000000000002',
    kind: 'invoice',
    folderId: 1,
    year: 2026,
    number: 7,
    issueDate: '2026-12-06',
    refersToId: null,
    language: 'en',
    seller,
    buyer,
    vat,
    lines,
    taxableCents: summary.taxableCents,
    taxCents: summary.taxCents,
    totalCents: summary.grossCents,
    createdAt: new Date(),
    ...extra,
  };
}

describe('the VAT split (decision 061)', () => {
  it('takes base and tax out of VAT-inclusive prices in exact cents, per treatment', () => {
    const taxed = splitVat([{ description: 'x', quantity: 3, unitGrossCents: 3500 }], VAT_TRANSPORT);
    // 105.00 at 10 %: 95.45 + 9.55 (105 / 1.1 = 95.4545...).
    expect(taxed.summary).toEqual({ taxableCents: 9545, taxCents: 955, grossCents: 10500 });
    expect(taxed.lines[0].netCents).toBe(9545);
    const exempt = splitVat([{ description: 'x', quantity: 3, unitGrossCents: 3500 }], VAT_MUSEUM_EXEMPT);
    expect(exempt.summary).toEqual({ taxableCents: 10500, taxCents: 0, grossCents: 10500 });
    const standard = splitVat([{ description: 'x', quantity: 1, unitGrossCents: 1000 }], { rateBp: 2200 });
    expect(standard.summary).toEqual({ taxableCents: 820, taxCents: 180, grossCents: 1000 });
  });

  it('always adds up: lines to the base, base and tax to what was paid, tax within a cent of the rate', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 20 }),
            unit: fc.integer({ min: -5000, max: 20000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom(400, 500, 1000, 2200),
        (lines, rateBp) => {
          const { lines: out, summary } = splitVat(
            lines.map((l) => ({ description: 'x', quantity: l.quantity, unitGrossCents: l.unit })),
            { rateBp },
          );
          const gross = lines.reduce((a, l) => a + l.quantity * l.unit, 0);
          expect(summary.grossCents).toBe(gross);
          expect(summary.taxableCents + summary.taxCents).toBe(gross);
          expect(out.reduce((a, l) => a + l.netCents, 0)).toBe(summary.taxableCents);
          expect(Math.abs(summary.taxCents - (summary.taxableCents * rateBp) / 10000)).toBeLessThanOrEqual(1);
          for (const l of out) expect(Number.isInteger(l.netCents)).toBe(true);
        },
      ),
    );
  });
});

describe('the FatturaPA XML against the official schema (decision 062)', () => {
  it('a taxed invoice to an Italian company is valid, its texts escaped', async () => {
    const xml = fatturaXml(row(VAT_TRANSPORT, company), null);
    const verdict = await checkFatturaPa(xml);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
    expect(xml).toContain('<Denominazione>Viaggi &lt;Rossi&gt; &amp; Figli S.r.l.</Denominazione>');
    expect(xml).toContain('<TipoDocumento>TD01</TipoDocumento>');
    expect(xml).toContain('<CodiceDestinatario>ABC1234</CodiceDestinatario>');
    expect(xml).toContain('<AliquotaIVA>10.00</AliquotaIVA>');
    expect(xml).toContain('<ImportoTotaleDocumento>111.50</ImportoTotaleDocumento>');
    expect(xml).toMatch(/<EsigibilitaIVA>I<\/EsigibilitaIVA>/);
  });

  it('an exempt invoice (N4, its law) to a foreign private buyer is valid', async () => {
    const xml = fatturaXml(row(VAT_MUSEUM_EXEMPT, tourist), null);
    expect((await checkFatturaPa(xml)).errors).toEqual([]);
    expect(xml).toContain('<CodiceDestinatario>XXXXXXX</CodiceDestinatario>');
    expect(xml).toContain('<IdPaese>GB</IdPaese><IdCodice>99999999999</IdCodice>');
    expect(xml).toContain('<CAP>00000</CAP><Comune>SW1A 2AA London</Comune>');
    expect(xml).toContain('<Natura>N4</Natura>');
    expect(xml).toContain(
      '<RiferimentoNormativo>Esente art. 10, comma 1, n. 22, DPR 633/72</RiferimentoNormativo>',
    );
    expect(xml).toContain('<Cognome>Dvorák ?</Cognome>');
  });

  it('a credit note (TD04) names its invoice and is valid', async () => {
    const invoice = row(VAT_TRANSPORT, company);
    const note = row(VAT_TRANSPORT, company, { kind: 'credit_note', number: 8, refersToId: invoice.id });
    const xml = fatturaXml(note, invoice);
    expect((await checkFatturaPa(xml)).errors).toEqual([]);
    expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml).toContain('<DatiFattureCollegate><IdDocumento>2026/7</IdDocumento><Data>2026-12-06</Data>');
  });

  it('the validator refuses what the schema forbids (so a pass means something)', async () => {
    const good = fatturaXml(row(VAT_TRANSPORT, company), null);
    const broken = [
      good.replace('<Divisa>EUR</Divisa>', ''),
      good.replace('<CAP>00186</CAP>', '<CAP>186</CAP>'),
      good.replace('<TipoDocumento>TD01</TipoDocumento>', '<TipoDocumento>TD99</TipoDocumento>'),
      good.replace('versione="FPR12"', 'versione="XYZ12"'),
      good.replace('<Data>2026-12-06</Data>', '<Data>06/12/2026</Data>'),
    ];
    for (const xml of broken) {
      expect(xml).not.toBe(good);
      const verdict = await checkFatturaPa(xml);
      expect(verdict.valid, xml.slice(0, 80)).toBe(false);
      expect(verdict.errors.length).toBeGreaterThan(0);
    }
  });

  it('writes prices, Latin text and the SdI file name as the schema wants', () => {
    expect(unitPrice(9545, 3)).toBe('31.81666667');
    expect(unitPrice(1000, 1)).toBe('10.00');
    expect(unitPrice(-1136, 1)).toBe('-11.36');
    expect(unitPrice(5, 2)).toBe('0.025');
    expect(latin('  Zoë\u0007 王 ', 80)).toBe('Zoë ?');
    expect(latin('', 80)).toBe('-');
    expect(fatturaFileName({ year: 2026, number: 7, seller })).toMatch(/^IT12345678903_[0-9A-Z]{5}\.xml$/);
  });
});
