/**
 * 'Cancel ticket' asks before it cancels (decision 019); for a combo's part it asks about the whole
 * combo, which is what cancelling a part does (decision 071), and names no part's amount.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { CancelTicket } from './CancelTicket';

const host = componentHost();

async function ask(combo?: string | null) {
  await host.render(
    <CancelTicket
      packageName="Colosseum, Forum & Palatine"
      totalPrice="16.00"
      cancelUntil={null}
      combo={combo}
      cancel={async () => ({ msg: 'Cancelled' })}
      onDone={() => {}}
    />,
  );
  await act(async () => host.el.querySelector('button')!.click());
  return host.el.querySelector('[data-testid="cancel-confirm"] legend')?.textContent ?? '';
}

describe('the cancel question', () => {
  it("of a combo's part names the combo and says every part is cancelled and refunded", async () => {
    const question = await ask('Bus and Borghese 48h');
    expect(question).toBe(
      'Cancel the whole combo Bus and Borghese 48h? Every part of it is cancelled and refunded.',
    );
    expect(question).not.toContain('16.00');
  });

  it('of a ticket of its own names the amount refunded', async () => {
    expect(await ask(null)).toBe('Cancel this ticket and refund €16.00?');
  });
});
