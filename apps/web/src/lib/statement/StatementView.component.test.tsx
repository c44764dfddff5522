/**
 * The statement's table (decision 068) rendered in jsdom: it reads the statement from the address its
 * URL builder names (so an operator's console can point it at its own route), shows the lines and the
 * totals as the server wrote them, and leaves the operator column out of one operator's statement.
 * The network is the browser's fetch, answered here; the component and the API client are the app's.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { Statement, StatementLine } from '@rome/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT_BOUND } from '../wait-bound';
import { type StatementFormat, StatementView } from './StatementView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const totals = {
  sales: 1,
  refunds: 0,
  partial_refunds: 1,
  quantity: 2,
  gross: '40.00',
  refunded: '3.00',
  commission: '5.55',
  net: '31.45',
};
const line = (over: Partial<StatementLine>): StatementLine => ({
  kind: 'sale',
  at: '2026-12-05T22:30:00.000Z',
  date: '2026-12-05 23:30',
  order: 'ABCD-EFGH',
  operator_id: 3,
  operator: 'Green Line',
  channel: 'reseller',
  channel_name: 'Acme Tours',
  product: 'Green Line Rome 24h',
  package_tag: 'GL-24',
  combo: null,
  quantity: 2,
  gross: '40.00',
  refunded: '0.00',
  commission: '6.00',
  net: '34.00',
  ...over,
});
const STATEMENT: Statement = {
  folder_id: 3,
  from: '2026-12-01',
  to: '2026-12-05',
  time_zone: 'Europe/Rome',
  operators: [{ id: 3, slug: 'green-line', name: 'Green Line', commission_bps: 1500, totals }],
  lines: [
    line({}),
    line({
      kind: 'partial_refund',
      quantity: 0,
      gross: '0.00',
      refunded: '3.00',
      commission: '-0.45',
      net: '-2.55',
    }),
  ],
  totals,
};

let root: Root | null = null;
let host: HTMLElement;
const asked: string[] = [];

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  host = document.createElement('div');
  document.body.append(host);
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(STATEMENT), { headers: { 'content-type': 'application/json' } });
  });
});

afterEach(async () => {
  if (root) await act(async () => root?.unmount());
  root = null;
  host.remove();
  vi.unstubAllGlobals();
});

async function render(showOperator: boolean) {
  const urlFor = (format: StatementFormat) => `/api/operator/statement/${format}?from=2026-12-01`;
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <StatementView urlFor={urlFor} fileName="statement" showOperator={showOperator} />
        </QueryClientProvider>
      </I18nProvider>,
    ),
  );
  // The answer arrives after the first render: its update inside act, as React asks.
  await act(() =>
    vi.waitFor(
      () => expect(host.querySelector('[data-testid="statement-lines"]')).not.toBeNull(),
      WAIT_BOUND,
    ),
  );
}

const headers = () => [...host.querySelectorAll('th')].map((th) => th.textContent);
const rows = () =>
  [...host.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe('StatementView', () => {
  it("reads the statement from its builder's address and shows its lines and totals", async () => {
    await render(false);
    expect(asked).toEqual(['/api/operator/statement/json?from=2026-12-01']);
    expect(headers()).not.toContain('Operator');
    expect(rows()).toEqual([
      [
        '2026-12-05 23:30',
        'Sale',
        'ABCD-EFGH',
        'Reseller: Acme Tours',
        'Green Line Rome 24h',
        '',
        '2',
        '€40.00',
        '€0.00',
        '€6.00',
        '€34.00',
      ],
      [
        '2026-12-05 23:30',
        'Partial refund',
        'ABCD-EFGH',
        'Reseller: Acme Tours',
        'Green Line Rome 24h',
        '',
        '0',
        '€0.00',
        '€3.00',
        '-€0.45',
        '-€2.55',
      ],
    ]);
    const tiles = host.querySelector('[data-testid="statement-totals"]')?.textContent;
    expect(tiles).toContain('€40.00');
    expect(tiles).toContain('€31.45');
    expect(tiles).toContain('1 sale');
    expect(tiles).toContain('1 refund');
  });

  it("names each line's operator in a statement of several", async () => {
    await render(true);
    expect(headers()).toContain('Operator');
    expect(rows()[0]).toContain('Green Line');
  });
});
