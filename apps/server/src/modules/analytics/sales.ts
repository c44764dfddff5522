/**
 * The sales report of the dashboard (beside the spec): what was sold and refunded in a period, by
 * channel, operator and product, read from the orders themselves (not from the activity events, which a
 * retention job may thin out and which know no refunds).
 *
 * An order is a sale on the instant it was paid and a refund on the instant it was refunded: a period's
 * net is what it kept, and the figures of two adjacent periods add up to those of both together.
 */
import {
  type AnalyticsPeriodAnswer,
  centsToDecimal,
  orderReference,
  type SalesFigures,
  type SalesLine,
  type SalesReport,
} from '@rome/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { csvField, csvText } from '../../lib/csv';

/** The channel of a web order: the shop's own checkout (signed in or guest). */
export const WEB_CHANNEL = { key: 'web', label: 'Web shop' } as const;

export type SalesEntry = {
  kind: 'sale' | 'refund';
  at: Date;
  uniqueId: string;
  channelKey: string;
  channelLabel: string;
  operatorKey: string;
  operatorLabel: string;
  packageTag: string;
  title: string;
  /** Positive for a sale, negative for a refund. */
  cents: number;
};

type Bounds = { since: Date | null; until: Date | null };

const between = (column: SQL, b: Bounds) =>
  sql.join(
    [
      b.since ? sql`${column} >= ${b.since.toISOString()}::timestamptz` : sql`TRUE`,
      b.until ? sql`${column} < ${b.until.toISOString()}::timestamptz` : sql`TRUE`,
    ],
    sql` AND `,
  );

/**
 * Every sale and refund in the period, oldest first. A sale is a paid order (paid, or refunded later);
 * a refund is a paid order refunded in the period, for what it paid.
 */
export async function salesEntries(db: Db, bounds: Bounds): Promise<SalesEntry[]> {
  const result = (await db.execute(sql`
    WITH lines AS (
      SELECT 'sale' AS kind, o.paid_at AS at, o.amount_paid_cents AS cents, o.id
      FROM orders o
      WHERE o.status IN ('paid', 'refunded') AND o.paid_at IS NOT NULL AND o.amount_paid_cents IS NOT NULL
        AND ${between(sql`o.paid_at`, bounds)}
      UNION ALL
      SELECT 'refund', o.refunded_at, -coalesce(o.amount_paid_cents, o.total_cents), o.id
      FROM orders o
      WHERE o.status = 'refunded' AND o.refunded_at IS NOT NULL
        -- A combo's parts are refunded with its order, which carries the money (decision 071).
        AND o.combo_order_id IS NULL
        AND ${between(sql`o.refunded_at`, bounds)})
    SELECT l.kind, l.at, l.cents, o.unique_id,
           coalesce(o.reseller_id::text, ${WEB_CHANNEL.key}) AS channel_key,
           coalesce(r.name, ${WEB_CHANNEL.label}) AS channel_label,
           coalesce(f.company_slug, '') AS operator_key,
           coalesce(f.name, '') AS operator_label,
           p.package_tag, p.title
    FROM lines l
    JOIN orders o ON o.id = l.id
    JOIN packages p ON p.id = o.package_id
    LEFT JOIN folders f ON f.id = p.folder_id
    LEFT JOIN resellers r ON r.id = o.reseller_id
    ORDER BY l.at, o.unique_id, l.kind`)) as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const list = Array.isArray(result) ? result : (result.rows ?? []);
  return list.map((r) => ({
    kind: r.kind === 'refund' ? 'refund' : 'sale',
    at: new Date(r.at as string | Date),
    uniqueId: String(r.unique_id),
    channelKey: String(r.channel_key),
    channelLabel: String(r.channel_label),
    operatorKey: String(r.operator_key),
    operatorLabel: String(r.operator_label),
    packageTag: String(r.package_tag),
    title: String(r.title),
    cents: Number(r.cents),
  }));
}

type Sums = { orders: number; grossCents: number; refunds: number; refundedCents: number };
const empty = (): Sums => ({ orders: 0, grossCents: 0, refunds: 0, refundedCents: 0 });

function add(s: Sums, e: SalesEntry) {
  if (e.kind === 'sale') {
    s.orders++;
    s.grossCents += e.cents;
  } else {
    s.refunds++;
    s.refundedCents -= e.cents;
  }
}

const figures = (s: Sums): SalesFigures => ({
  orders: s.orders,
  gross: centsToDecimal(s.grossCents),
  refunds: s.refunds,
  refunded: centsToDecimal(s.refundedCents),
  net: centsToDecimal(s.grossCents - s.refundedCents),
});

/** The entries summed per key, the largest net first (then by label). */
function byKey(entries: SalesEntry[], key: (e: SalesEntry) => [string, string]): SalesLine[] {
  const groups = new Map<string, { label: string; sums: Sums }>();
  for (const e of entries) {
    const [k, label] = key(e);
    const g = groups.get(k) ?? { label, sums: empty() };
    groups.set(k, g);
    add(g.sums, e);
  }
  return [...groups.entries()]
    .map(([k, g]) => ({
      net: g.sums.grossCents - g.sums.refundedCents,
      line: { key: k, label: g.label, ...figures(g.sums) },
    }))
    .sort((a, b) => b.net - a.net || a.line.label.localeCompare(b.line.label))
    .map((x) => x.line);
}

export function salesReport(
  entries: SalesEntry[],
  period: AnalyticsPeriodAnswer,
  timeZone: string,
): SalesReport {
  const totals = empty();
  for (const e of entries) add(totals, e);
  return {
    period,
    timeZone,
    totals: figures(totals),
    byChannel: byKey(entries, (e) => [e.channelKey, e.channelLabel]),
    byOperator: byKey(entries, (e) => [e.operatorKey, e.operatorLabel]),
    byProduct: byKey(entries, (e) => [e.packageTag, e.title]),
  };
}

const CSV_HEADER = ['kind', 'time', 'order', 'channel', 'operator', 'product', 'package_tag', 'amount_eur'];

/** The entries as CSV, times written in `timeZone` ('2026-11-27 14:05:09'). */
export function salesCsv(entries: SalesEntry[], timeZone: string): string {
  const time = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const lines = entries.map((e) =>
    [
      e.kind,
      time.format(e.at),
      orderReference(e.uniqueId),
      e.channelLabel,
      e.operatorLabel,
      e.title,
      e.packageTag,
    ]
      .map(csvField)
      .concat(centsToDecimal(e.cents)),
  );
  return csvText(CSV_HEADER, lines);
}
