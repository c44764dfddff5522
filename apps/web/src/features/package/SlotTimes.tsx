import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { INVENTORY_MESSAGES } from '@rome/contract';
import type { ShownSlot } from './slots';

/** The contract's slotLabel in the page's language: '3 left', 'Sold out', 'Closed', 'Not available'. */
function slotText(slot: ShownSlot): string {
  switch (slot.status) {
    case 'SOLD_OUT':
      return i18n._(INVENTORY_MESSAGES.soldOut);
    case 'CLOSED':
      return i18n._(msg`Closed`);
    case 'PAST':
      return i18n._(msg`Not available`);
    case 'LIMITED':
      return plural(slot.remaining, { one: '# left', other: '# left' });
    default:
      return '';
  }
}

/**
 * The chosen day's times as buttons (inventory): Rome time, and what is left ('3 left', 'Sold out',
 * 'Closed'). Past, closed and sold-out times are greyed and cannot be chosen.
 */
export function SlotTimes({
  id,
  slots,
  chosenId,
  onChoose,
  describedBy,
  invalid,
  dayEntry = false,
}: {
  id: string;
  slots: readonly ShownSlot[];
  chosenId: string | null;
  onChoose: (slotId: string) => void;
  describedBy?: string;
  invalid?: boolean;
  /** OPENING_HOURS: one entry per day, shown as the day's opening ('from 09:00'). */
  dayEntry?: boolean;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="mt-4" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="text-sm font-semibold text-stone-900">
        {dayEntry ? t`Day entry` : t`Select a time`}{' '}
        <span className="font-normal text-stone-600">
          <Trans>(Rome time)</Trans>
        </span>
      </legend>
      {slots.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">
          <Trans>No times on this day.</Trans>
        </p>
      ) : (
        <ul id={id} className="mt-2 grid grid-cols-3 gap-2" data-testid="slot-times">
          {slots.map((slot) => {
            const chosen = slot.id === chosenId;
            const start = slot.romeTime;
            const time = dayEntry ? t`from ${start}` : start;
            return (
              <li key={slot.id}>
                {/* Named by its own words ('09:00 3 left'), so the name always holds what is seen. */}
                <button
                  type="button"
                  disabled={!slot.bookable}
                  aria-pressed={slot.bookable ? chosen : undefined}
                  data-slot-id={slot.id}
                  data-status={slot.status}
                  onClick={() => onChoose(slot.id)}
                  className={`flex w-full flex-col items-center rounded-lg px-2 py-2 text-center transition ${
                    !slot.bookable
                      ? 'cursor-not-allowed bg-stone-100 text-stone-500 ring-1 ring-stone-200'
                      : chosen
                        ? 'bg-brand text-white ring-2 ring-brand'
                        : 'bg-white text-stone-900 ring-1 ring-stone-400 hover:ring-2 hover:ring-brand'
                  }`}
                >
                  <span
                    className={`text-base font-semibold tabular-nums ${slot.bookable ? '' : 'line-through'}`}
                  >
                    {time}
                  </span>
                  <span
                    className={`min-h-4 text-xs leading-4 ${
                      slot.bookable && !chosen && slot.status === 'LIMITED'
                        ? 'font-semibold text-red-700'
                        : ''
                    }`}
                  >
                    {slotText(slot)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
