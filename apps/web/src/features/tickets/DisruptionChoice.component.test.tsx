/**
 * A closed time of a combo's part on the ticket link page (decisions 059, 071): before the buyer
 * chooses, the panel names the combo and says that a refund refunds all of it while a move keeps the
 * other parts; a ticket of its own shows neither. The network is the browser's fetch, answered here;
 * the component and the API client are the app's.
 */
import type { TicketDisruption } from '@rome/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { WAIT_BOUND } from '../../lib/wait-bound';
import { DisruptionChoice } from './DisruptionChoice';

const TOKEN = 'a'.repeat(43);
const host = componentHost();

const closure = (over: Partial<TicketDisruption>): TicketDisruption => ({
  reason: 'strike',
  message: 'Because of a strike, the visit is cancelled.',
  remedies: ['refund', 'move', 'keep'],
  choice: null,
  slots: [{ id: '3f1c2b9e-0a4d-4c55-9d7e-2b1a9c8e7f60', when: 'Friday 12 June 2026, 15:00', remaining: 4 }],
  combo: null,
  ...over,
});

async function render(disruption: TicketDisruption) {
  vi.stubGlobal('fetch', async (url: string) => {
    expect(String(url)).toContain(`/api/ticket-links/${TOKEN}/disruption/`);
    return new Response(JSON.stringify({ disruption }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  await host.render(<DisruptionChoice token={TOKEN} onChanged={() => {}} />);
  await act(() =>
    vi.waitFor(() => expect(host.el.querySelector('[data-testid="disruption"]')).not.toBeNull(), WAIT_BOUND),
  );
}

const buttons = () => [...host.el.querySelectorAll('button')].map((b) => b.textContent);
const note = () => host.el.querySelector('[data-testid="combo-note"]');

describe("the closure panel of a combo's part", () => {
  it('names the combo and tells, before the choice, that a refund takes all of it and a move this part alone', async () => {
    await render(closure({ combo: 'Bus and Borghese 48h' }));
    const text = note()?.textContent ?? '';
    expect(text).toContain('This ticket is part of the combo Bus and Borghese 48h.');
    expect(text).toContain(
      'A refund refunds the whole combo: every part of it, even one you have already used.',
    );
    expect(text).toContain(
      "Moving this ticket to another time, or keeping it as an open-dated pass, changes this ticket alone: you keep the combo's other parts as they are.",
    );
    // The note comes before the buttons it explains.
    const firstButton = host.el.querySelector('button')!;
    expect(note()!.compareDocumentPosition(firstButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(buttons()).toContain('Refund the whole combo');
    expect(buttons()).not.toContain('Refund my ticket in full');
  });

  it('says only what the offered remedies do: a refund alone has no word on moving', async () => {
    await render(closure({ combo: 'Bus and Borghese 48h', remedies: ['refund'], slots: [] }));
    expect(note()?.textContent).toContain('A refund refunds the whole combo');
    expect(note()?.textContent).not.toContain('this ticket alone');
  });

  it('is not shown once the choice is made', async () => {
    await render(closure({ combo: 'Bus and Borghese 48h', remedies: [], choice: 'move', slots: [] }));
    expect(note()).toBeNull();
    expect(host.el.textContent).toContain('You moved your ticket to another time.');
  });

  it('a ticket of its own has no combo note, and its refund is its own', async () => {
    await render(closure({}));
    expect(note()).toBeNull();
    expect(buttons()).toContain('Refund my ticket in full');
  });
});
