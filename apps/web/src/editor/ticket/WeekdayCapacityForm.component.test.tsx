/**
 * The weekday capacity form counts the month's times on the editor's side before it asks. While the
 * month just chosen is loading, the times on hand are the previous month's: counted then, the form
 * told the editor that the new month had no such times.
 */
import type { EditorSlot } from '@rome/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { WeekdayCapacityForm } from './MonthGrid';

const host = componentHost();

/** Thursdays' afternoon times of a month (every 30 minutes, 14:00-16:00), far in the future. */
function thursdays(dates: string[]): EditorSlot[] {
  return dates.flatMap((date) =>
    ['14:00', '14:30', '15:00', '15:30', '16:00'].map((time, i) => ({
      id: `${date}-${i}`,
      starts_at: `${date}T${time}:00.000Z`,
      date,
      time,
      remaining: 40,
      status: 'AVAILABLE' as const,
      capacity: 40,
      taken: 0,
      closed: false,
    })),
  );
}
const DECEMBER = thursdays(['2099-12-03', '2099-12-10']);
const JANUARY = thursdays(['2100-01-07', '2100-01-14', '2100-01-21', '2100-01-28']);

async function showForm(slots: EditorSlot[], loading: boolean) {
  await host.render(
    <QueryClientProvider client={new QueryClient()}>
      <WeekdayCapacityForm month="2100-01" slots={slots} loading={loading} packageTag="RM-COL" />
    </QueryClientProvider>,
  );
}

function fill(label: string, value: string) {
  const field = [...host.el.querySelectorAll('label')]
    .find((l) => l.textContent?.startsWith(label))!
    .querySelector<HTMLInputElement | HTMLSelectElement>('input, select')!;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Asks for 30 places at 14:00-16:00 on a day of the week (4: Thursday); answers the button. */
async function askForAfternoons(weekday = '4') {
  await act(async () => {
    fill('Day of the week', weekday);
    fill('First time', '14:00');
    fill('Last time', '16:00');
    fill('New capacity', '30');
  });
  const button = [...host.el.querySelectorAll('button')].find((b) => b.textContent === 'Change capacity')!;
  await act(async () => button.click());
  return button;
}

describe('the weekday capacity form', () => {
  it("waits for the month's times: no answer from the month shown before", async () => {
    await showForm(DECEMBER, true);
    const button = await askForAfternoons();
    expect(button.disabled).toBe(true);
    expect(host.el.querySelector('form')!.getAttribute('aria-busy')).toBe('true');
    expect(host.el.querySelector('[data-testid="weekday-loading"]')!.textContent).toBe(
      'Loading the times of January 2100...',
    );
    expect(host.el.querySelector('[data-testid="weekday-note"]')?.textContent ?? '').toBe('');
    expect(host.el.textContent).not.toContain('No times still to come');
  });

  it('asks about the times of the month once they are there', async () => {
    await showForm(DECEMBER, true);
    await showForm(JANUARY, false);
    await askForAfternoons();
    expect(host.el.querySelector('[data-testid="weekday-loading"]')).toBeNull();
    expect(host.el.textContent).toContain('Yes, change 20 times');
  });

  it('says so when the month has no such times', async () => {
    await showForm(JANUARY, false);
    await askForAfternoons('1');
    expect(host.el.querySelector('[data-testid="weekday-note"]')!.textContent).toBe(
      'No times still to come on Mondays in January 2100 between 14:00 and 16:00.',
    );
  });
});
