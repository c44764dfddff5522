/**
 * The booking panel's counters and total (spec §2 Ticket details), rendered in jsdom: counts start at 0,
 * never go below 0 and have no upper bound for an open-dated pass; the total is adults plus youths at
 * the package's prices; Checkout is disabled while the total is 0. A browser needs nothing more to show
 * these rules, so they are checked here and not in Chromium (docs/decisions/055).
 */
import { EXAMPLE_PACKAGE, type Package, packageSchema } from '@rome/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { BookingPanel } from './BookingPanel';

/** The reference's example package, open-dated (no dates): adults €29.00, youths €19.00. */
const PASS: Package = packageSchema.parse({ ...EXAMPLE_PACKAGE, dates: [] });

const host = componentHost();

async function renderPanel(pkg: Package) {
  const client = new QueryClient();
  await host.render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BookingPanel pkg={pkg} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const button = (name: string) => {
  const found = [...host.el.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button named ${name}`);
  return found;
};
const click = (name: string) => act(async () => button(name).click());
const text = (testId: string) => host.el.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('booking panel counters', () => {
  it('start at 0 with Checkout disabled; the minus buttons change nothing at 0', async () => {
    await renderPanel(PASS);
    expect(text('adults-count')).toBe('0');
    expect(text('youths-count')).toBe('0');
    expect(text('order-total')).toBe('€0.00');
    expect(button('Checkout').disabled).toBe(true);
    // At 0 the minus button says it is disabled but stays focusable (aria-disabled).
    expect(button('Decrease adults').getAttribute('aria-disabled')).toBe('true');
    expect(button('Decrease adults').disabled).toBe(false);
    await click('Decrease adults');
    await click('Decrease youths');
    expect(text('adults-count')).toBe('0');
    expect(text('youths-count')).toBe('0');
    expect(button('Checkout').disabled).toBe(true);
  });

  it('total adults plus youths at their prices, back to 0 disables Checkout, no upper bound', async () => {
    await renderPanel(PASS);
    await click('Increase adults');
    await click('Increase adults');
    await click('Increase youths');
    expect(text('adults-count')).toBe('2');
    expect(text('youths-count')).toBe('1');
    expect(text('order-total')).toBe('€77.00'); // 2 x 29.00 + 1 x 19.00
    expect(button('Checkout').disabled).toBe(false);

    for (let i = 0; i < 3; i++) await click('Decrease adults');
    await click('Decrease youths');
    expect(text('adults-count')).toBe('0');
    expect(text('order-total')).toBe('€0.00');
    expect(button('Checkout').disabled).toBe(true);

    for (let i = 0; i < 12; i++) await click('Increase youths');
    expect(text('youths-count')).toBe('12');
    expect(text('order-total')).toBe('€228.00');
  });
});
