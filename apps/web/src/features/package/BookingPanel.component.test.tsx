/**
 * The booking panel's counters and total (spec §2 Ticket details), rendered in jsdom: counts start at 0,
 * never go below 0 and have no upper bound for an open-dated pass; the total is adults plus youths at
 * the package's prices; Checkout is disabled while the total is 0. A browser needs nothing more to show
 * these rules, so they are checked here and not in Chromium (docs/decisions/055).
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ALT_SLOTS, IMAGE_SLOTS, type Package, packageSchema } from '@rome/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingPanel } from './BookingPanel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An open-dated 24-hour pass as the catalogue sends it (checked by the contract's schema): adults €29.00, youths €19.00. */
const PASS: Package = packageSchema.parse({
  id: 1,
  package_tag: 'BB-24',
  title: 'Big Bus Rome Classic 24h',
  type: 'Hop-on hop-off',
  duration: '24 hours',
  ticket_type: 'bus_tour',
  status: 'active',
  folder: 1,
  company: 'Big Bus',
  adult_price: '29.00',
  youth_price: '19.00',
  off_price: '35.00',
  ...Object.fromEntries(IMAGE_SLOTS.map((slot) => [slot, null])),
  ...Object.fromEntries(ALT_SLOTS.map((slot) => [`${slot}_alt`, ''])),
  dates: [],
  description: '',
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
  schema_json: null,
  is_featured: false,
  availability_type: null,
  pass_hours: 24,
  categories: [],
});

let root: Root | null = null;
let host: HTMLElement;

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(async () => {
  if (root) await act(async () => root?.unmount());
  root = null;
  host.remove();
});

async function renderPanel(pkg: Package) {
  const client = new QueryClient();
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <BookingPanel pkg={pkg} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>,
    ),
  );
}

const button = (name: string) => {
  const found = [...host.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button named ${name}`);
  return found;
};
const click = (name: string) => act(async () => button(name).click());
const text = (testId: string) => host.querySelector(`[data-testid="${testId}"]`)?.textContent;

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
