/**
 * Operators' statements (decision 068): per operator (a folder) and period of Rome days, every sale,
 * refund and partial refund of its products, read from the orders and the partial refunds themselves,
 * with the shop's commission at the operator's rate (`folders.commission_bps`, data a superuser sets).
 *
 * One function, `operatorStatement`, answers every reader: the superusers' dashboard and its CSV and
 * spreadsheet now, an operator's own console later with its folder fixed by its sign-in. The caller
 * decides who may ask for which folder; this module only reads.
 *
 * Amounts (integer cents until the edge):
 * - gross: what the buyer's order is worth after a promo code's discount, however it was paid: the
 *   provider's payment plus the gift card's part (a gift card is money the shop took when it was sold,
 *   not a discount). A sale counts on the instant it was paid. A combo (decision 071) is a line per
 *   part, each its operator's share of that (`combo_share_cents`); the combo's own order is no line.
 * - refunded: a full refund gives back what the partial refunds before it left; a partial refund what
 *   it gave back; each on the instant it happened.
 * - commission: the rate of (gross - refunded) of the line, rounded half away from zero, so a fully
 *   refunded sale leaves no commission; net = gross - refunded - commission, the operator's.
 */
import {
  addDays,
  centsToDecimal,
  commissionCents,
  orderReference,
  romeInstant,
  romeParts,
  STATEMENT_MESSAGES,
  type Statement,
  type StatementChannel,
  type StatementKind,
  type StatementLine,
  type StatementOperator,
  type StatementTotals,
} from '@rome/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folders } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type StatementParams = {
  /** One operator; null: every operator (superusers only: the caller checks). */
  folderId: number | null;
  /** Rome days, both included. */
  from: string;
  to: string;
};

type Row = {
  kind: StatementKind;
  at: Date;
  uniqueId: string;
  folderId: number;
  channel: StatementChannel;
  channelName: string | null;
  product: string;
  packageTag: string;
  quantity: number;
  gross: number;
  refunded: number;
  combo: string | null;
};

const operatorColumns = {
  id: folders.id,
  slug: folders.companySlug,
  name: folders.name,
  commission_bps: folders.commissionBps,
};

/** Every operator with its commission, in the shop's order. */
export async function statementOperators(db: Db): Promise<StatementOperator[]> {
  return db.select(operatorColumns).from(folders).orderBy(asc(folders.sortOrder), asc(folders.id));
}

/** Sets an operator's commission (basis points, checked by the contract and the column's constraint). */
export async function setCommission(db: Db, companySlug: string, bps: number): Promise<StatementOperator> {
  const [row] = await db
    .update(folders)
    .set({ commissionBps: bps })
    .where(eq(folders.companySlug, companySlug))
    .returning(operatorColumns);
  if (!row) throw notFound(STATEMENT_MESSAGES.noOperator);
  return row;
}

/** The period's first instant and the instant after its last: Rome midnights. */
function bounds(from: string, to: string): { since: Date; until: Date } {
  const since = romeInstant(from, '00:00');
  const until = romeInstant(addDays(to, 1), '00:00');
  // The contract checked both days; Rome's midnight always exists (its clocks change at 02:00 and 03:00).
  if (!since || !until) throw new Error('a Rome day without a midnight');
  return { since, until };
}

/**
 * The lines of the period, oldest first. Sales are paid orders (paid, or refunded later) with their
 * payment recorded; refunds are those of them refunded in the period; partial refunds are their rows.
 */
async function statementRows(db: Db, folderId: number | null, since: Date, until: Date): Promise<Row[]> {
  const folder = folderId === null ? sql`TRUE` : sql`p.folder_id = ${folderId}`;
  const s = since.toISOString();
  const u = until.toISOString();
  const result = (await db.execute(sql`
    WITH partials AS (
      SELECT order_id, sum(cents)::int AS cents FROM order_partial_refunds GROUP BY order_id),
    paid AS (
      SELECT o.*, CASE WHEN o.combo_order_id IS NULL THEN coalesce(o.amount_paid_cents, 0) + o.gift_card_cents
                       ELSE o.combo_share_cents END AS gross
      FROM orders o
      WHERE o.status IN ('paid', 'refunded') AND o.paid_at IS NOT NULL AND NOT o.is_combo
        AND (o.amount_paid_cents IS NOT NULL OR o.combo_share_cents IS NOT NULL)),
    lines AS (
      SELECT 'sale' AS kind, o.paid_at AS at, o.id, o.gross, 0 AS refunded, 0 AS sort
      FROM paid o
      WHERE o.paid_at >= ${s}::timestamptz AND o.paid_at < ${u}::timestamptz
      UNION ALL
      SELECT 'refund', o.refunded_at, o.id, 0, o.gross - coalesce(pr.cents, 0), 2
      FROM paid o LEFT JOIN partials pr ON pr.order_id = o.id
      WHERE o.status = 'refunded' AND o.refunded_at >= ${s}::timestamptz AND o.refunded_at < ${u}::timestamptz
      UNION ALL
      SELECT 'partial_refund', r.refunded_at, o.id, 0, r.cents, 1
      FROM order_partial_refunds r JOIN paid o ON o.id = r.order_id
      WHERE r.refunded_at >= ${s}::timestamptz AND r.refunded_at < ${u}::timestamptz)
    SELECT l.kind, l.at, l.gross, l.refunded, o.unique_id, p.folder_id, p.title, p.package_tag,
           o.adult_count + o.youth_count + o.infant_count AS quantity,
           CASE WHEN o.reseller_id IS NOT NULL THEN 'reseller'
                WHEN coalesce(co.partner_id, o.partner_id) IS NOT NULL THEN 'widget' ELSE 'web' END AS channel,
           coalesce(r.name, pa.name) AS channel_name, cp.title AS combo
    FROM lines l
    JOIN paid o ON o.id = l.id
    JOIN packages p ON p.id = o.package_id
    LEFT JOIN resellers r ON r.id = o.reseller_id
    LEFT JOIN orders co ON co.id = o.combo_order_id
    LEFT JOIN packages cp ON cp.id = co.package_id
    LEFT JOIN partners pa ON pa.id = coalesce(co.partner_id, o.partner_id)
    WHERE ${folder}
    ORDER BY l.at, o.unique_id, l.sort`)) as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const list = Array.isArray(result) ? result : (result.rows ?? []);
  return list.map((r) => {
    const kind = r.kind as StatementKind;
    const people = Number(r.quantity);
    return {
      kind,
      at: new Date(r.at as string | Date),
      uniqueId: String(r.unique_id),
      folderId: Number(r.folder_id),
      channel: r.channel as StatementChannel,
      channelName: r.channel_name === null ? null : String(r.channel_name),
      product: String(r.title),
      packageTag: String(r.package_tag),
      // A full refund takes the people back; a partial one leaves the ticket as it was.
      quantity: kind === 'sale' ? people : kind === 'refund' ? -people : 0,
      gross: Number(r.gross),
      refunded: Number(r.refunded),
      combo: r.combo === null || r.combo === undefined ? null : String(r.combo),
    };
  });
}

type Sums = {
  sales: number;
  refunds: number;
  partialRefunds: number;
  quantity: number;
  gross: number;
  refunded: number;
  commission: number;
};
const emptySums = (): Sums => ({
  sales: 0,
  refunds: 0,
  partialRefunds: 0,
  quantity: 0,
  gross: 0,
  refunded: 0,
  commission: 0,
});

function addLine(s: Sums, row: Row, commission: number) {
  if (row.kind === 'sale') s.sales++;
  else if (row.kind === 'refund') s.refunds++;
  else s.partialRefunds++;
  s.quantity += row.quantity;
  s.gross += row.gross;
  s.refunded += row.refunded;
  s.commission += commission;
}

const totalsOf = (s: Sums): StatementTotals => ({
  sales: s.sales,
  refunds: s.refunds,
  partial_refunds: s.partialRefunds,
  quantity: s.quantity,
  gross: centsToDecimal(s.gross),
  refunded: centsToDecimal(s.refunded),
  commission: centsToDecimal(s.commission),
  net: centsToDecimal(s.gross - s.refunded - s.commission),
});

/**
 * The statement of one operator (or of every operator, `folderId` null) for Rome days `from`..`to`:
 * its lines, totals per operator and in all. 404 for an operator that does not exist.
 */
export async function operatorStatement(db: Db, params: StatementParams): Promise<Statement> {
  const all = await statementOperators(db);
  const covered = params.folderId === null ? all : all.filter((o) => o.id === params.folderId);
  if (covered.length === 0 && params.folderId !== null) throw notFound(STATEMENT_MESSAGES.noOperator);
  const { since, until } = bounds(params.from, params.to);
  const rows = await statementRows(db, params.folderId, since, until);
  const byId = new Map(covered.map((o) => [o.id, { operator: o, sums: emptySums() }]));
  const totals = emptySums();
  const lines: StatementLine[] = rows.map((row) => {
    const entry = byId.get(row.folderId);
    // Every package is in a folder (a foreign key), so the operator is always among `all`.
    const operator = entry?.operator ?? { id: row.folderId, slug: '', name: '', commission_bps: 0 };
    const commission = commissionCents(row.gross - row.refunded, operator.commission_bps);
    if (entry) addLine(entry.sums, row, commission);
    addLine(totals, row, commission);
    const { date, time } = romeParts(row.at);
    return {
      kind: row.kind,
      at: row.at.toISOString(),
      date: `${date} ${time}`,
      order: orderReference(row.uniqueId),
      operator_id: operator.id,
      operator: operator.name,
      channel: row.channel,
      channel_name: row.channelName,
      product: row.product,
      package_tag: row.packageTag,
      // A combo's part (decision 071): its operator's share, and the combo it was sold in.
      combo: row.combo,
      quantity: row.quantity,
      gross: centsToDecimal(row.gross),
      refunded: centsToDecimal(row.refunded),
      commission: centsToDecimal(commission),
      net: centsToDecimal(row.gross - row.refunded - commission),
    };
  });
  return {
    folder_id: params.folderId,
    from: params.from,
    to: params.to,
    time_zone: 'Europe/Rome',
    operators: [...byId.values()].map(({ operator, sums }) => ({ ...operator, totals: totalsOf(sums) })),
    lines,
    totals: totalsOf(totals),
  };
}
