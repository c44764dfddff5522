/**
 * zod schemas of invoice.ts (decisions 061, 062): a buyer's invoice request (who it is made out to,
 * checked for shape with plain messages), an operator's seller data and a package's VAT treatment
 * (set by a superuser), and the invoices as buyers and superusers see them. Types only for the web.
 */
import { z } from 'zod';
import {
  FISCAL_REGIMES,
  INVOICE_COUNTRIES,
  isCodiceFiscale,
  isPartitaIva,
  INVOICE_MESSAGES as M,
  VAT_NATURES,
  vatCodeOf,
} from './invoice';

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
const optionalText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message }).optional().default('');
/** Upper case, without the spaces, dots and dashes people type in codes. */
const code = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max + 20, { error: message })
    .transform((s) => s.replace(/[\s.\-/]/g, '').toUpperCase())
    .optional()
    .default('');

/** What a buyer asks an invoice with. Italian buyers' codes are checked; a foreign buyer's only for shape. */
export const invoiceRequestSchema = z
  .object({
    kind: z.enum(['person', 'company'], { error: M.kind }),
    company_name: optionalText(80, M.companyName),
    first_name: optionalText(60, M.firstName),
    last_name: optionalText(60, M.lastName),
    country: z.enum(INVOICE_COUNTRIES, { error: M.country }),
    street: text(60, M.street),
    postcode: z.string({ error: M.foreignPostcode }).trim().max(12, { error: M.foreignPostcode }),
    city: text(60, M.city),
    province: code(2, M.province),
    vat_number: code(28, M.vatNumber),
    tax_code: code(16, M.taxCode),
    sdi_code: code(7, M.sdiCode),
    pec: z
      .string({ error: M.pec })
      .trim()
      .max(254, { error: M.pec })
      .pipe(z.union([z.literal(''), z.email({ error: M.pec })]))
      .optional()
      .default(''),
  })
  .check((ctx) => {
    const v = ctx.value;
    const fail = (message: string, path: string) =>
      ctx.issues.push({ code: 'custom', message, input: v, path: [path] });
    const italian = v.country === 'IT';
    if (v.kind === 'company' && !v.company_name) fail(M.companyName, 'company_name');
    if (v.kind === 'person' && !v.first_name) fail(M.firstName, 'first_name');
    if (v.kind === 'person' && !v.last_name) fail(M.lastName, 'last_name');
    if (italian ? !/^\d{5}$/.test(v.postcode) : !/^[A-Za-z0-9 -]{0,12}$/.test(v.postcode))
      fail(italian ? M.postcode : M.foreignPostcode, 'postcode');
    if (italian && !/^[A-Z]{2}$/.test(v.province)) fail(M.province, 'province');
    const vat = vatCodeOf(v.country, v.vat_number);
    if (vat) {
      if (italian ? !isPartitaIva(vat) : !/^[A-Z0-9]{1,28}$/.test(vat))
        fail(italian ? M.vatNumber : M.foreignVatNumber, 'vat_number');
    } else if (italian && v.kind === 'company') fail(M.companyNeedsVat, 'vat_number');
    if (v.tax_code) {
      if (!isCodiceFiscale(v.tax_code)) fail(M.taxCode, 'tax_code');
    } else if (italian && v.kind === 'person' && !v.vat_number) fail(M.personNeedsTaxCode, 'tax_code');
    if (v.sdi_code && !/^[A-Z0-9]{7}$/.test(v.sdi_code)) fail(M.sdiCode, 'sdi_code');
  })
  .meta({
    id: 'InvoiceRequest',
    examples: [
      {
        kind: 'company',
        company_name: 'Viaggi Rossi Srl',
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
      },
    ],
  });
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;
export type InvoiceBuyer = z.output<typeof invoiceRequestSchema>;

/** Billing details as the shop keeps them (an `InvoiceBuyer`), for answers: the customer's data download. */
export const billingDetailsSchema = z
  .object({
    kind: z.enum(['person', 'company']),
    company_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    country: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    province: z.string(),
    vat_number: z.string(),
    tax_code: z.string(),
    sdi_code: z.string(),
    pec: z.string(),
  })
  .meta({ id: 'BillingDetails' });

/**
 * The same request asked at checkout (decision 069), as one field of the checkout's form: the JSON text
 * of an InvoiceRequest (a multipart form has flat fields), or the object itself in a JSON body. Empty or
 * absent: no invoice asked for. Anything else is judged by `invoiceRequestSchema`, with its messages.
 */
export const checkoutInvoiceField = z
  .preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      return Symbol('unreadable');
    }
  }, z.object({}, { error: M.unreadable }).loose().pipe(invoiceRequestSchema).optional())
  .meta({
    description:
      "Beside the spec's fields (decision 069): 'I need an invoice', the JSON text of an InvoiceRequest " +
      '(the after-payment form’s fields and rules); the invoice is issued when the payment is fulfilled.',
  });

/** An operator's seller data (a superuser sets it now; the operator itself later). */
export const operatorSellerSchema = z
  .object({
    legal_name: z.string().trim().min(1).max(80),
    vat_number: z.string().trim().refine(isPartitaIva, { error: M.vatNumber }),
    tax_code: z
      .string()
      .trim()
      .refine((s) => s === '' || isCodiceFiscale(s), { error: M.taxCode })
      .optional()
      .default(''),
    street: z.string().trim().min(1).max(60),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, { error: M.postcode }),
    city: z.string().trim().min(1).max(60),
    province: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, { error: M.province }),
    fiscal_regime: z.enum(FISCAL_REGIMES),
  })
  .meta({
    id: 'OperatorSeller',
    examples: [
      {
        legal_name: 'Big Bus Roma Srl',
        vat_number: '01234567897',
        tax_code: '01234567897',
        street: 'Via Marsala 29',
        postcode: '00185',
        city: 'Roma',
        province: 'RM',
        fiscal_regime: 'RF01',
      },
    ],
  });
export type OperatorSeller = z.output<typeof operatorSellerSchema>;

/** A package's VAT treatment as the API writes it: a rate in percent, or 0 with a Natura code and law. */
export const vatTreatmentSchema = z
  .object({
    rate: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, { error: 'The rate is a percentage such as 10 or 22.' }),
    nature: z.enum(VAT_NATURES).nullable().default(null),
    law: z.string().trim().max(100).nullable().default(null),
  })
  .check((ctx) => {
    const v = ctx.value;
    const zero = Number(v.rate) === 0;
    if (zero && (!v.nature || !v.law))
      ctx.issues.push({
        code: 'custom',
        message: 'A rate of 0 needs its Natura code and the law of the exemption.',
        input: v,
      });
    if (!zero && (v.nature || v.law))
      ctx.issues.push({ code: 'custom', message: 'A taxed package has no Natura code.', input: v });
  })
  .meta({ id: 'VatTreatment', examples: [{ rate: '10', nature: null, law: null }] });
export type VatTreatmentBody = z.output<typeof vatTreatmentSchema>;

const decimal = z.string().meta({ examples: ['45.00'] });

/** One document (the invoice or its credit note) as its buyer sees it. */
export const invoiceDocumentSchema = z.object({
  number: z.string().meta({ examples: ['2026/7'] }),
  /** The Rome date of issue, YYYY-MM-DD. */
  date: z.string(),
  total: decimal,
  pdf: z.string(),
  xml: z.string(),
});

/** An order's invoice and, once refunded, its credit note; null while none was asked for. */
export const orderInvoiceSchema = z
  .object({ invoice: invoiceDocumentSchema.nullable(), credit_note: invoiceDocumentSchema.nullable() })
  .meta({ id: 'OrderInvoice' });
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** The superusers' list: one row per document of an operator's year. */
export const invoiceAdminSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['invoice', 'credit_note']),
    /** The operator (the seller), by its slug and name. */
    operator: z.string(),
    operator_name: z.string(),
    number: z.string(),
    date: z.string(),
    order: z.string(),
    buyer: z.string(),
    taxable: decimal,
    tax: decimal,
    total: decimal,
    pdf: z.string(),
    xml: z.string(),
  })
  .meta({ id: 'InvoiceAdmin' });
export type InvoiceAdmin = z.infer<typeof invoiceAdminSchema>;

/** An operator's invoicing setup as the superusers' page shows it, with its packages' treatments. */
export const operatorInvoicingSchema = z
  .object({
    company_slug: z.string(),
    name: z.string(),
    seller: operatorSellerSchema.nullable(),
    packages: z.array(
      z.object({
        package_tag: z.string(),
        title: z.string(),
        rate: z.string(),
        nature: z.string().nullable(),
        law: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'OperatorInvoicing' });
export type OperatorInvoicing = z.infer<typeof operatorInvoicingSchema>;
