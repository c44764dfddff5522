/**
 * Invoices (decisions 061, 062): a buyer asks for the invoice of a paid order from the purchase history
 * or the ticket link, and downloads it as a PDF and as the Italian e-invoice (FatturaPA 1.2 XML); a
 * refund adds a credit note. Superusers set each operator's seller data and each package's VAT
 * treatment, and list and download the documents per operator and year.
 */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';
import { INVOICE_DOCS, INVOICE_FORMATS } from './invoice';
import {
  invoiceAdminSchema,
  invoiceRequestSchema,
  operatorInvoicingSchema,
  operatorSellerSchema,
  orderInvoiceSchema,
  vatTreatmentSchema,
} from './invoice.schema';

const orderParams = z.object({ uniqueId: z.string().min(1).max(300) });
const tokenParams = z.object({ token: z.string().min(1).max(300) });
const docParams = { doc: z.enum(INVOICE_DOCS), format: z.enum(INVOICE_FORMATS) };
const fileSchema = z.string().meta({
  description: 'The document: application/pdf, or the FatturaPA XML (application/xml)',
});
const OWN = 'Only the buyer (404 for anybody else, a superuser included: superusers use the admin list).';
const LINK =
  "No account: the ticket link's token opens it, as the ticket itself (decision 019); an unknown token " +
  'is 404 and counted against the address like ticket links (429 past the limit).';
const ASK =
  'One invoice per order: a second request answers the invoice already issued, unchanged. Only a paid ' +
  "order (409 otherwise) of an operator whose seller data is set (409 'not available'). The number is " +
  'the next of the operator and Rome year, without gaps. Bad codes are 400 with a plain message, and ' +
  'nothing is stored.';

export const invoiceApi = {
  'GET /api/tickets/:uniqueId/invoice/': endpoint({
    summary: "The buyer's invoice and credit note of an order, if any, from the purchase history",
    tag: 'invoices',
    access: 'user',
    description: OWN,
    params: orderParams,
    responses: { 200: orderInvoiceSchema, 401: errors[401], 404: errors[404] },
  }),
  'POST /api/tickets/:uniqueId/invoice/': endpoint({
    summary: 'Ask for the invoice of a paid order, from the purchase history',
    tag: 'invoices',
    access: 'user',
    description: `${OWN} ${ASK}`,
    params: orderParams,
    body: invoiceRequestSchema,
    ownMessages: true,
    responses: {
      200: orderInvoiceSchema,
      400: errors[400],
      401: errors[401],
      404: errors[404],
      409: errors[409],
    },
  }),
  'GET /api/tickets/:uniqueId/invoice/:doc/:format/': endpoint({
    summary: "The buyer's invoice or credit note as a PDF or FatturaPA XML",
    tag: 'invoices',
    access: 'user',
    description: `${OWN} 404 while the document does not exist. The PDF speaks the order's language.`,
    params: orderParams.extend(docParams),
    responses: { 200: fileSchema, 401: errors[401], 404: errors[404] },
  }),
  'GET /api/ticket-links/:token/invoice/': endpoint({
    summary: 'The invoice and credit note of the order a ticket link opens, if any',
    tag: 'invoices',
    access: 'public',
    description: LINK,
    params: tokenParams,
    responses: { 200: orderInvoiceSchema, 404: errors[404], 429: errors[429] },
  }),
  'POST /api/ticket-links/:token/invoice/': endpoint({
    summary: 'Ask for the invoice of the order a ticket link opens',
    tag: 'invoices',
    access: 'public',
    description: `${LINK} ${ASK}`,
    params: tokenParams,
    body: invoiceRequestSchema,
    ownMessages: true,
    responses: {
      200: orderInvoiceSchema,
      400: errors[400],
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
  'GET /api/ticket-links/:token/invoice/:doc/:format/': endpoint({
    summary: 'The invoice or credit note as a PDF or FatturaPA XML, by the ticket link',
    tag: 'invoices',
    access: 'public',
    description: LINK,
    params: tokenParams.extend(docParams),
    responses: { 200: fileSchema, 404: errors[404], 429: errors[429] },
  }),
  'GET /api/admin/invoices/': endpoint({
    summary: "An operator's invoices and credit notes of a Rome year, by number (superusers)",
    tag: 'invoices',
    access: 'superuser',
    description:
      "Without `operator`, every operator's of the year, by operator and number (the dashboard's " +
      'invoices panel, decision 069).',
    query: z.object({
      operator: z.string().min(1).max(100).optional(),
      year: z.coerce.number().int().min(2000).max(2100),
    }),
    responses: {
      200: z.object({ invoices: z.array(invoiceAdminSchema) }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'GET /api/admin/invoices/:id/:format/': endpoint({
    summary: 'An invoice or credit note as a PDF or FatturaPA XML (superusers)',
    tag: 'invoices',
    access: 'superuser',
    params: z.object({ id: z.uuid(), format: z.enum(INVOICE_FORMATS) }),
    responses: { 200: fileSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  'GET /api/admin/invoicing/': endpoint({
    summary: "Every operator's seller data and its packages' VAT treatments (superusers)",
    tag: 'invoices',
    access: 'superuser',
    responses: {
      200: z.object({ operators: z.array(operatorInvoicingSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'PUT /api/admin/operators/:companySlug/seller/': endpoint({
    summary: "Set an operator's seller data for its invoices (superusers)",
    tag: 'invoices',
    access: 'superuser',
    description: 'Invoices already issued keep the seller data they were issued with.',
    params: z.object({ companySlug: z.string().min(1).max(100) }),
    body: operatorSellerSchema,
    responses: {
      200: operatorInvoicingSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'PUT /api/admin/packages/:packageTag/vat/': endpoint({
    summary:
      "Set a package's VAT treatment: a rate, or an exemption with its Natura code and law (superusers)",
    tag: 'invoices',
    access: 'superuser',
    description:
      'Prices stay VAT-inclusive; invoices already issued keep the treatment they were issued with.',
    params: z.object({ packageTag: z.string().min(1).max(100) }),
    body: vatTreatmentSchema,
    responses: {
      200: operatorInvoicingSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
} as const;
