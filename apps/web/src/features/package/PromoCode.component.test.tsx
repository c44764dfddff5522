/**
 * A promo code is checked on the whole basket (decisions 050, 070): the price categories' counts travel
 * with the check beside adults and youths, a basket of categories alone may apply a code, and a change of
 * a category's count asks again. The network is the browser's fetch, answered here; the component and
 * the API client are the app's.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { WAIT_BOUND } from '../../lib/wait-bound';
import type { ExtraCounts } from './ExtraCounters';
import { type AppliedPromo, PromoCode } from './PromoCode';

const host = componentHost();
/** The bodies of the promo checks the component sent. */
const checks: Record<string, unknown>[] = [];
let applied: AppliedPromo | null = null;

beforeEach(() => {
  checks.length = 0;
  applied = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (!String(url).includes('/api/promo-codes/check/')) return json(401, { error: 'Not signed in.' });
    checks.push(JSON.parse(String(init?.body)));
    return json(200, { promo_code: 'SPRING-ABCD', subtotal: '15.00', discount: '1.50', total: '13.50' });
  });
});

async function render(extras: ExtraCounts) {
  await host.render(
    <PromoCode
      packageTag="BB-24"
      adults={0}
      youths={0}
      extras={extras}
      applied={applied}
      onApplied={(p) => {
        applied = p;
      }}
    />,
  );
}

const buttonNamed = (name: string) =>
  [...host.el.querySelectorAll('button')].find((b) => b.textContent === name);

describe('a promo code on a basket of price categories', () => {
  it('is checked with the categories counted, and applies with no adult or youth', async () => {
    await render({ disabled: 1, carer: 1, family: 0 });
    await act(async () => buttonNamed('Have a promo code?')?.click());
    const input = host.el.querySelector('input')!;
    await act(async () => {
      // React's own value setter, so its onChange sees the typed text.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'spring-abcd');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(buttonNamed('Apply')?.disabled).toBe(false);
    await act(async () => buttonNamed('Apply')?.click());
    await act(() => vi.waitFor(() => expect(applied).not.toBeNull(), WAIT_BOUND));
    expect(checks).toEqual([
      expect.objectContaining({
        promo_code: 'spring-abcd',
        adult_count: 0,
        youth_count: 0,
        extra_counts: { disabled: 1, carer: 1 },
      }),
    ]);
    expect(applied).toEqual({ code: 'SPRING-ABCD', discountCents: 150, totalCents: 1350 });

    // Another count of a category: the applied code is asked about again, with the new basket.
    await render({ disabled: 2, carer: 1 });
    await act(() => vi.waitFor(() => expect(checks).toHaveLength(2), WAIT_BOUND));
    expect(checks[1]).toMatchObject({ promo_code: 'SPRING-ABCD', extra_counts: { disabled: 2, carer: 1 } });
  });

  it('cannot be applied to an empty basket', async () => {
    await render({ disabled: 0 });
    await act(async () => buttonNamed('Have a promo code?')?.click());
    const input = host.el.querySelector('input')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'spring-abcd');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(buttonNamed('Apply')?.disabled).toBe(true);
  });
});
