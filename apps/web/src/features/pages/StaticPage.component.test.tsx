/**
 * The content pages' loading and failure states (spec §8 Static content errors, §2 Agent points): the
 * map's 'Loading map...' until its block arrives; a content load that fails, answers something that is
 * not JSON, or gets no answer at all shows the spec's message, and the page keeps its fallback title.
 * Only the answers matter here, so the browser's fetch is answered in jsdom instead of pages in Chromium
 * with their requests intercepted (decision 055). The pages and the API client are the app's.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { WAIT_BOUND } from '../../lib/wait-bound';
import AgentPointsPage from './AgentPointsPage';
import RefundPage from './RefundPage';
import ReturnPolicyPage from './ReturnPolicyPage';
import TermsPage from './TermsPage';

const host = componentHost();

/** The map block's answer, held until a test lets it through. */
let releaseMap: () => void = () => {};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const content = (page: string, blocks: Record<string, string>) => ({
  page: { page_tag: page, meta_title: '', meta_description: '', meta_keywords: '', schema_json: null },
  content_blocks: Object.entries(blocks).map(([unique_tag, block_content], id) => ({
    id,
    unique_tag,
    block_content,
    is_active: true,
  })),
  page_images: [],
});

beforeEach(() => {
  const mapHeld = new Promise<void>((r) => {
    releaseMap = r;
  });
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input);
    if (url.startsWith('/api/static-content/agent-points/')) {
      await mapHeld;
      return json(
        200,
        content('agent-points', { 'agent-points-map': '<p>Termini Station</p>', 'agent-points-body': '' }),
      );
    }
    if (url.startsWith('/api/static-content/terms/')) return new Response('oops', { status: 500 });
    // Content that is not JSON, and no answer at all.
    if (url.startsWith('/api/static-content/refund/'))
      return new Response('<!doctype html><p>not json</p>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    if (url.startsWith('/api/static-content/return-policy/')) throw new TypeError('Failed to fetch');
    // The website settings and anything else: not part of these pages' states.
    return json(404, { error: 'Not found.' });
  });
});

const text = () => host.el.textContent ?? '';
const inPage = (page: string) => host.el.querySelector(`[data-page="${page}"]`)!;

describe('content pages loading their content', () => {
  it('say "Loading map..." until the map block arrives', async () => {
    await host.render(
      <MemoryRouter>
        <AgentPointsPage />
      </MemoryRouter>,
    );
    await act(() => vi.waitFor(() => expect(text()).toContain('Loading map...'), WAIT_BOUND));
    expect(text()).not.toContain('Termini Station');
    await act(async () => releaseMap());
    await act(() => vi.waitFor(() => expect(text()).toContain('Termini Station'), WAIT_BOUND));
    expect(text()).not.toContain('Loading map...');
  });

  it('show the spec messages and the fallback title when the load fails, is not JSON or is not answered', async () => {
    await host.render(
      <MemoryRouter>
        <div data-page="terms">
          <TermsPage />
        </div>
        <div data-page="refund">
          <RefundPage />
        </div>
        <div data-page="return-policy">
          <ReturnPolicyPage />
        </div>
      </MemoryRouter>,
    );
    // Each load is asked once more (a second after it failed) before its error shows.
    await act(() =>
      vi.waitFor(() => expect(host.el.querySelectorAll('[role="alert"]')).toHaveLength(3), WAIT_BOUND),
    );
    const expected = [
      ['terms', 'Terms and Conditions', 'HTTP Error: 500'],
      ['refund', 'Refund Policy', 'Received content is not JSON'],
      ['return-policy', 'Return Policy', 'Failed to fetch content'],
    ];
    for (const [page, title, message] of expected) {
      expect(inPage(page).querySelector('h1')?.textContent, page).toBe(title);
      expect(inPage(page).querySelector('[role="alert"]')?.textContent, page).toBe(message);
    }
  });
});
