/**
 * Issuing invoices and credit notes (decision 061), in the order core because a refund issues the
 * credit note in its own transaction (refunds.ts). A document takes the next number of its operator and
 * Rome year from `invoice_counters` in the transaction that writes it: the counter row stays locked
 * until that transaction ends, so parallel requests queue for it, and a rolled-back request gives its
 * number back with everything else: no gap, no duplicate. Invoices and credit notes share the series.
 */
import {
  COMBO_MESSAGES,
  ERROR_CODES,
  type GrossLine,
  INVOICE_MESSAGES,
  type InvoiceBuyer,
  type Locale,
  type OperatorSeller,
  priceCategory,
  romeParts,
  splitVat,
  type VatNature,
  type VatTreatment,
} from '@rome/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { folders, invoiceCounters, invoices, orders, packages } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { conflict, HttpError } from '../../lib/errors';
import { type OrderRow, orderLocale } from './state';
import { orderPackageTitle } from './words';

export type InvoiceRow = typeof invoices.$inferSelect;

/** A package's VAT columns as the contract's treatment. */
export function vatOf(pkg: {
  vatRateBp: number;
  vatNature: string | null;
  vatLaw: string | null;
}): VatTreatment {
  return pkg.vatNature && pkg.vatLaw
    ? { rateBp: 0, nature: pkg.vatNature as VatNature, law: pkg.vatLaw }
    : { rateBp: pkg.vatRateBp, nature: null, law: null };
}

/**
 * What the buyer paid for, line by line, VAT included: adults, youths, the price categories at the
 * prices they were bought at (decision 070), and a promo code's discount.
 */
export function grossLines(
  order: Pick<
    OrderRow,
    | 'adultCount'
    | 'youthCount'
    | 'adultPriceCents'
    | 'youthPriceCents'
    | 'discountCents'
    | 'language'
    | 'extraTickets'
  >,
  title: string,
): GrossLine[] {
  const i18n = serverI18n(orderLocale(order));
  const lines: GrossLine[] = [];
  if (order.adultCount > 0)
    lines.push({
      description: `${title}: ${i18n._('Adults')}`,
      quantity: order.adultCount,
      unitGrossCents: order.adultPriceCents,
    });
  if (order.youthCount > 0)
    lines.push({
      description: `${title}: ${i18n._('Youths')}`,
      quantity: order.youthCount,
      unitGrossCents: order.youthPriceCents,
    });
  for (const l of order.extraTickets ?? [])
    lines.push({
      description: `${title}: ${i18n._(priceCategory(l.key).label)}`,
      quantity: l.count,
      unitGrossCents: l.price_cents,
    });
  if (order.discountCents > 0)
    lines.push({ description: i18n._('Promo code'), quantity: 1, unitGrossCents: -order.discountCents });
  return lines;
}

/** The next number of an operator's Rome year; the counter row stays locked until `tx` ends. */
async function nextNumber(tx: Db, folderId: number, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ folderId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.folderId, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  return row.n;
}

/**
 * Refuses (409, the after-payment form's 'not available') an invoice of an operator whose seller data
 * is not set: asked at checkout (decision 069), it would be promised and never issued.
 */
export async function sellerIssuesInvoices(db: Db, folderId: number): Promise<void> {
  const [folder] = await db.select({ seller: folders.seller }).from(folders).where(eq(folders.id, folderId));
  if (!folder?.seller) throw conflict(INVOICE_MESSAGES.noSeller, ERROR_CODES.notAvailable);
}

/** An order's documents: its invoice and its credit note, each or both absent. */
export async function orderDocuments(db: Db, orderId: string) {
  const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return {
    invoice: rows.find((r) => r.kind === 'invoice') ?? null,
    creditNote: rows.find((r) => r.kind === 'credit_note') ?? null,
  };
}

/**
 * The invoice of a paid order, made out to `buyer`: issued once, in one transaction under the order's
 * lock (a second request, or one racing this, answers the same invoice).
 */
export async function issueInvoice(
  db: Db,
  orderId: string,
  buyer: InvoiceBuyer,
  now = new Date(),
): Promise<InvoiceRow> {
  return db.transaction(async (raw) => {
    const tx = txDb(raw);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new HttpError(404, { error: INVOICE_MESSAGES.notFound, code: ERROR_CODES.notFound });
    const [existing] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    if (existing) return existing;
    if (order.status === 'refunded') throw conflict(INVOICE_MESSAGES.refunded, ERROR_CODES.orderState);
    if (order.status !== 'paid') throw conflict(INVOICE_MESSAGES.notPaid, ERROR_CODES.orderState);
    // A combo's order or part: each part is another seller's; not issued here yet (decision 071).
    if (order.isCombo || order.comboOrderId) throw conflict(COMBO_MESSAGES.noInvoice, ERROR_CODES.orderState);
    const [pkg] = await tx
      .select({
        title: orderPackageTitle,
        folderId: packages.folderId,
        vatRateBp: packages.vatRateBp,
        vatNature: packages.vatNature,
        vatLaw: packages.vatLaw,
        seller: folders.seller,
      })
      .from(orders)
      .innerJoin(packages, eq(packages.id, orders.packageId))
      .innerJoin(folders, eq(folders.id, packages.folderId))
      .where(eq(orders.id, order.id));
    if (!pkg?.seller) throw conflict(INVOICE_MESSAGES.noSeller, ERROR_CODES.notAvailable);
    const vat = vatOf(pkg);
    const { lines, summary } = splitVat(grossLines(order, pkg.title), vat);
    const date = romeParts(now).date;
    const year = Number(date.slice(0, 4));
    const [row] = await tx
      .insert(invoices)
      .values({
        orderId: order.id,
        kind: 'invoice',
        folderId: pkg.folderId,
        year,
        number: await nextNumber(tx, pkg.folderId, year),
        issueDate: date,
        language: order.language,
        seller: pkg.seller as OperatorSeller,
        buyer,
        vat,
        lines,
        taxableCents: summary.taxableCents,
        taxCents: summary.taxCents,
        totalCents: summary.grossCents,
      })
      .returning();
    return row;
  });
}

/**
 * A refund of an invoiced order (called in the refund's own transaction, refunds.ts): the credit note
 * (TD04) for the whole invoice, numbered in the same series, referring to it. Nothing for an order
 * without an invoice, and nothing twice.
 */
export async function issueCreditNote(tx: Db, orderId: string, now: Date): Promise<InvoiceRow | null> {
  const { invoice, creditNote } = await orderDocuments(tx, orderId);
  if (!invoice || creditNote) return creditNote;
  const date = romeParts(now).date;
  const year = Number(date.slice(0, 4));
  const { id: _id, createdAt: _c, ...copy } = invoice;
  const [row] = await tx
    .insert(invoices)
    .values({
      ...copy,
      kind: 'credit_note',
      year,
      number: await nextNumber(tx, invoice.folderId, year),
      issueDate: date,
      refersToId: invoice.id,
    })
    .returning();
  return row;
}

/** A document's language for its PDF. */
export const invoiceLocale = (row: Pick<InvoiceRow, 'language'>): Locale => orderLocale(row);
