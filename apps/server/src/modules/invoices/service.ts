/**
 * Invoices for buyers and superusers (decisions 061, 062). Buyers reach an order's documents through
 * what proves the order is theirs (their account, or the ticket link's token: the routes find the
 * order, this module never trusts an id from the request alone). The superusers' calls take an
 * `InvoicingActor` and check it against the operator, so an operator's own account can later be let
 * in for its own folder only by adding its kind of actor here.
 */
import {
  centsToDecimal,
  ERROR_CODES,
  INVOICE_MESSAGES,
  type InvoiceAdmin,
  type InvoiceBuyer,
  type InvoiceDoc,
  type InvoiceFormat,
  invoiceNumberText,
  type OperatorInvoicing,
  type OperatorSeller,
  type OrderInvoice,
  rateText,
  type VatTreatmentBody,
} from '@rome/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folders, invoices, orders, packages } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { type InvoiceRow, issueInvoice, orderDocuments } from '../orders/invoice-record';
import { fatturaFileName, fatturaXml } from './fatturapa';
import { invoicePdf, invoicePdfName } from './invoice-pdf';

/** Who manages invoicing: a superuser, any operator (an operator's own account, later: its folder only). */
export type InvoicingActor = { kind: 'superuser' } | { kind: 'operator'; folderId: number };

const mayManage = (actor: InvoicingActor, folderId: number) =>
  actor.kind === 'superuser' || actor.folderId === folderId;

const noInvoice = () => new HttpError(404, { error: INVOICE_MESSAGES.notFound, code: ERROR_CODES.notFound });

/** An order's documents for its buyer; `base` is the path the buyer reached them by. */
export async function orderInvoiceView(db: Db, orderId: string, base: string): Promise<OrderInvoice> {
  const { invoice, creditNote } = await orderDocuments(db, orderId);
  const doc = (row: InvoiceRow | null, name: InvoiceDoc) =>
    row && {
      number: invoiceNumberText(row.year, row.number),
      date: row.issueDate,
      total: centsToDecimal(row.totalCents),
      pdf: `${base}/${name}/pdf/`,
      xml: `${base}/${name}/xml/`,
    };
  return { invoice: doc(invoice, 'invoice'), credit_note: doc(creditNote, 'credit-note') };
}

/** The buyer asks: the order's invoice, issued now or earlier (the same one). */
export async function requestInvoice(
  db: Db,
  orderId: string,
  buyer: InvoiceBuyer,
  base: string,
): Promise<OrderInvoice> {
  await issueInvoice(db, orderId, buyer);
  return orderInvoiceView(db, orderId, base);
}

export type InvoiceFile = { body: Buffer | string; type: string; name: string };

/** A document as its file: the PDF in the order's language, or the FatturaPA XML. */
async function fileOf(db: Db, row: InvoiceRow, format: InvoiceFormat): Promise<InvoiceFile> {
  const [refersTo] = row.refersToId
    ? await db.select().from(invoices).where(eq(invoices.id, row.refersToId))
    : [];
  if (format === 'xml')
    return { body: fatturaXml(row, refersTo ?? null), type: 'application/xml', name: fatturaFileName(row) };
  const [order] = await db
    .select({ uniqueId: orders.uniqueId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  return {
    body: await invoicePdf(row, refersTo ?? null, order.uniqueId),
    type: 'application/pdf',
    name: invoicePdfName(row),
  };
}

/** One of an order's documents as a file, for its buyer. */
export async function orderDocumentFile(
  db: Db,
  orderId: string,
  doc: InvoiceDoc,
  format: InvoiceFormat,
): Promise<InvoiceFile> {
  const { invoice, creditNote } = await orderDocuments(db, orderId);
  const row = doc === 'invoice' ? invoice : creditNote;
  if (!row) throw noInvoice();
  return fileOf(db, row, format);
}

/** A buyer's own order by its id: their account's only (someone else's is the same as none). */
export async function ownOrderId(db: Db, userId: string, uniqueId: string): Promise<string> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.uniqueId, uniqueId), eq(orders.userId, userId)));
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row.id;
}

async function folderBySlug(db: Db, actor: InvoicingActor, slug: string) {
  const [folder] = await db.select().from(folders).where(eq(folders.companySlug, slug));
  if (!folder || !mayManage(actor, folder.id)) throw notFound('No such operator.');
  return folder;
}

/** An operator's documents of a Rome year, by number; without `slug`, every managed operator's. */
export async function listInvoices(
  db: Db,
  actor: InvoicingActor,
  slug: string | undefined,
  year: number,
): Promise<InvoiceAdmin[]> {
  const folder = slug === undefined ? null : await folderBySlug(db, actor, slug);
  const rows = await db
    .select({ invoice: invoices, uniqueId: orders.uniqueId, slug: folders.companySlug, name: folders.name })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(folders, eq(folders.id, invoices.folderId))
    .where(and(folder ? eq(invoices.folderId, folder.id) : undefined, eq(invoices.year, year)))
    .orderBy(asc(folders.sortOrder), asc(folders.id), asc(invoices.number));
  return rows
    .filter(({ invoice: r }) => mayManage(actor, r.folderId))
    .map(({ invoice: r, uniqueId, slug: operator, name }) => ({
      id: r.id,
      kind: r.kind,
      operator,
      operator_name: name,
      number: invoiceNumberText(r.year, r.number),
      date: r.issueDate,
      order: uniqueId,
      buyer: r.buyer.kind === 'company' ? r.buyer.company_name : `${r.buyer.first_name} ${r.buyer.last_name}`,
      taxable: centsToDecimal(r.taxableCents),
      tax: centsToDecimal(r.taxCents),
      total: centsToDecimal(r.totalCents),
      pdf: `/api/admin/invoices/${r.id}/pdf/`,
      xml: `/api/admin/invoices/${r.id}/xml/`,
    }));
}

/** Any document by its id, for whoever manages its operator. */
export async function adminDocumentFile(
  db: Db,
  actor: InvoicingActor,
  id: string,
  format: InvoiceFormat,
): Promise<InvoiceFile> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row || !mayManage(actor, row.folderId)) throw noInvoice();
  return fileOf(db, row, format);
}

async function operatorView(db: Db, folder: typeof folders.$inferSelect): Promise<OperatorInvoicing> {
  const rows = await db
    .select({
      tag: packages.packageTag,
      title: packages.title,
      rateBp: packages.vatRateBp,
      nature: packages.vatNature,
      law: packages.vatLaw,
    })
    .from(packages)
    .where(eq(packages.folderId, folder.id))
    .orderBy(asc(packages.sortOrder), asc(packages.id));
  return {
    company_slug: folder.companySlug,
    name: folder.name,
    seller: folder.seller ?? null,
    packages: rows.map((p) => ({
      package_tag: p.tag,
      title: p.title,
      rate: rateText(p.rateBp),
      nature: p.nature,
      law: p.law,
    })),
  };
}

/** Every operator the actor manages, with its seller data and its packages' treatments. */
export async function invoicingOverview(db: Db, actor: InvoicingActor): Promise<OperatorInvoicing[]> {
  const all = await db.select().from(folders).orderBy(asc(folders.sortOrder), asc(folders.id));
  const mine = all.filter((f) => mayManage(actor, f.id));
  return Promise.all(mine.map((f) => operatorView(db, f)));
}

/** Sets an operator's seller data; documents already issued keep theirs (they hold a copy). */
export async function setSeller(
  db: Db,
  actor: InvoicingActor,
  slug: string,
  seller: OperatorSeller,
): Promise<OperatorInvoicing> {
  const folder = await folderBySlug(db, actor, slug);
  const [updated] = await db.update(folders).set({ seller }).where(eq(folders.id, folder.id)).returning();
  return operatorView(db, updated);
}

/** Sets a package's VAT treatment (a rate, or 0 with its Natura code and law). */
export async function setPackageVat(
  db: Db,
  actor: InvoicingActor,
  packageTag: string,
  body: VatTreatmentBody,
): Promise<OperatorInvoicing> {
  const [pkg] = await db.select().from(packages).where(eq(packages.packageTag, packageTag));
  if (!pkg || !mayManage(actor, pkg.folderId)) throw notFound('No such package.');
  const rateBp = Math.round(Number(body.rate) * 100);
  await db
    .update(packages)
    .set(
      rateBp === 0
        ? { vatRateBp: 0, vatNature: body.nature, vatLaw: body.law }
        : { vatRateBp: rateBp, vatNature: null, vatLaw: null },
    )
    .where(eq(packages.id, pkg.id));
  const [folder] = await db.select().from(folders).where(eq(folders.id, pkg.folderId));
  return operatorView(db, folder);
}
