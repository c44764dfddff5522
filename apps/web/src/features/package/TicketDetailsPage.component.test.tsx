/**
 * The ticket page whose package does not load (spec §8): after the one retry it shows the spec's message
 * and Try Again. Only the answer matters here, so the browser's fetch is answered in jsdom instead of
 * a page in Chromium with its request intercepted (decision 055). The page and the API client are the
 * app's.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { WAIT_BOUND } from '../../lib/wait-bound';
import TicketDetailsPage from './TicketDetailsPage';

const host = componentHost();
/** The package reads the page made. */
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    if (String(url).includes('/api/package/')) asked.push(String(url));
    return new Response(JSON.stringify({ detail: 'boom' }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  });
});

const buttonNamed = (name: string) =>
  [...host.el.querySelectorAll('button')].find((b) => b.textContent === name);

describe('a ticket page whose package fails to load', () => {
  it('shows the spec message and Try Again', async () => {
    await host.render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/manageBookings/E9/BB-24']}>
          <Routes>
            <Route path="/manageBookings/:status/:id" element={<TicketDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The query asks once more (a second after the first failure) before it gives up.
    await act(() =>
      vi.waitFor(() => expect(host.el.querySelector('[role="alert"]')).not.toBeNull(), WAIT_BOUND),
    );
    expect(host.el.querySelector('[role="alert"] p')?.textContent).toBe(
      'Failed to load data. Please try again later.',
    );
    expect(buttonNamed('Try Again')).toBeDefined();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((u) => u.startsWith('/api/package/E9/BB-24/'))).toBe(true);
  });
});
