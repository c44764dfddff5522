import { i18n } from '@lingui/core';
import { formatEuro, TICKET_PANEL_WORDS } from '@rome/contract';
import { pageLocale } from '../../i18n/locale';

/**
 * One ticket category's counter; its words (label, ages, the buttons' names) come in the page's language.
 * The count's name reads '{label}: {count}'. The minus button stays focusable at 0 (aria-disabled) so keyboard
 * users do not lose their place; the count itself never goes below 0. Its upper bound is the chosen
 * time's places (`atMost`, the panel says why), and none for the spec's packages.
 */
export function Counter({
  id,
  label,
  ages,
  decreaseLabel,
  increaseLabel,
  priceCents,
  value,
  atMost = false,
  onStep,
  note,
  priceLine,
}: {
  id: string;
  label: string;
  /** '19-99 years'; absent for a price category (decision 070), whose rule is its name. */
  ages?: string;
  /** A line under the price: a price category's proof, 'Bring: Disability card' (decision 070). */
  note?: string;
  /** The price's words when not per person (a family ticket's one price). */
  priceLine?: string;
  /** 'Decrease adults' */
  decreaseLabel: string;
  /** 'Increase adults' */
  increaseLabel: string;
  priceCents: number;
  value: number;
  /** No more places at the chosen time: the plus button is greyed, as the minus one at 0. */
  atMost?: boolean;
  onStep: (step: 1 | -1) => void;
}) {
  const price = formatEuro(priceCents, pageLocale);
  const buttonClass =
    'flex size-10 items-center justify-center rounded-full text-xl font-bold leading-none ring-1 ring-stone-300 transition';
  return (
    <fieldset
      className="flex min-w-0 items-center justify-between gap-3 py-3"
      aria-labelledby={`${id}-label`}
    >
      <div>
        <p id={`${id}-label`} className="font-semibold text-stone-900">
          {label} {ages && <span className="font-normal text-stone-600">({ages})</span>}
        </p>
        <p className="text-sm text-stone-700">
          {priceLine ?? i18n._(TICKET_PANEL_WORDS.perPerson, { price })}
        </p>
        {note && (
          <p data-testid={`${id}-proof`} className="text-sm font-semibold text-stone-800">
            {note}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label={decreaseLabel}
          aria-disabled={value === 0}
          onClick={() => onStep(-1)}
          className={`${buttonClass} ${value === 0 ? 'cursor-not-allowed bg-stone-100 text-stone-500' : 'bg-white text-brand hover:bg-red-50'}`}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          data-testid={`${id}-count`}
          aria-label={`${label}: ${value}`}
          className="w-8 text-center text-lg font-semibold tabular-nums text-stone-900"
        >
          {value}
        </output>
        <button
          type="button"
          id={`${id}-increase`}
          aria-label={increaseLabel}
          aria-disabled={atMost || undefined}
          onClick={() => onStep(1)}
          className={`${buttonClass} ${atMost ? 'cursor-not-allowed bg-stone-100 text-stone-500' : 'bg-brand text-white hover:bg-brand-dark'}`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </fieldset>
  );
}
