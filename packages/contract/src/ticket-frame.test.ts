import { describe, expect, it } from 'vitest';
import {
  frameChoiceFromQuery,
  frameCount,
  TICKET_FRAME_MAX_COUNT,
  TICKET_PANEL_WORDS,
  type TicketFrameInput,
  ticketFrameHtml,
} from './ticket-frame';

const input = (over: Partial<TicketFrameInput> = {}): TicketFrameInput => ({
  pictures: ['/media/a.webp', '/media/b.webp'],
  company: 'Big Bus',
  title: 'Night tour',
  type: 'Panoramic night tour',
  priceText: '€22.00',
  adultPriceText: '€22.00',
  youthPriceText: '€15.00',
  dates: [
    { value: '2026-12-01', label: 'Tue, 1 Dec 2026' },
    { value: '2026-12-02', label: 'Wed, 2 Dec 2026' },
  ],
  childrenFree: true,
  chosen: { date: '', adults: 0, youths: 0 },
  word: (key, values) =>
    Object.entries(values ?? {}).reduce(
      (w, [k, v]) => w.replace(`{${k}}`, v),
      TICKET_PANEL_WORDS[key] as string,
    ),
  ...over,
});

describe('the ticket page frame', () => {
  it('escapes the package words and wraps the price in the price element', () => {
    const html = ticketFrameHtml(input({ title: '<img src=x onerror=alert(1)>', company: 'A & "B"' }));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('A &amp; &quot;B&quot;');
    expect(html).toMatch(/From <span [^>]*data-testid="ticket-price"[^>]*>€22\.00<\/span> per person/);
  });

  it('a form to the page itself with the chosen day and counts selected', () => {
    const html = ticketFrameHtml(input({ chosen: { date: '2026-12-02', adults: 3, youths: 0 } }));
    expect(html).toContain('<form id="ticket-frame" method="get"');
    expect(html).not.toMatch(/<form[^>]* action=/);
    expect(html).toContain('<option value="2026-12-02" selected>Wed, 2 Dec 2026</option>');
    expect(html).toContain('<option value="2026-12-01">Tue, 1 Dec 2026</option>');
    expect(html).toMatch(/name="adults"[^>]*>.*<option value="3" selected>3<\/option>/);
    expect(html).toContain(`<option value="${TICKET_FRAME_MAX_COUNT}">`);
    expect(html).toContain('Children 0-5 years travel free');
  });

  it('an open-dated ticket has no date choice; a museum no children rule; one picture no thumbnail row', () => {
    const html = ticketFrameHtml(input({ dates: [], childrenFree: false, pictures: ['/media/a.webp'] }));
    expect(html).not.toContain('name="date"');
    expect(html).not.toContain('Children 0-5');
    expect(html).not.toContain('grid-cols-4');
  });

  it('reads a choice from the query: days on sale only, counts within the form', () => {
    // A page's query, as URLSearchParams reads it (the contract is built without the DOM's types).
    const q = (s: string) => {
      const pairs = new Map(s.split('&').map((kv) => kv.split('=') as [string, string]));
      return { get: (name: string) => pairs.get(name) ?? null };
    };
    const dates = ['2026-12-01'];
    expect(frameChoiceFromQuery(q('date=2026-12-01&adults=2&youths=1'), dates)).toEqual({
      date: '2026-12-01',
      adults: 2,
      youths: 1,
    });
    expect(frameChoiceFromQuery(q('date=2027-01-01&adults=-1&youths=x'), dates)).toEqual({
      date: '',
      adults: 0,
      youths: 0,
    });
    expect(frameCount('99')).toBe(TICKET_FRAME_MAX_COUNT);
    expect(frameCount('1e3')).toBe(0);
    expect(frameCount(null)).toBe(0);
  });
});
