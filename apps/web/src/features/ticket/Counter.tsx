import { formatEuro } from '@rome/contract';

/**
 * One ticket category's counter. The minus button stays focusable at 0 (aria-disabled) so keyboard
 * users do not lose their place; the count itself never goes below 0 and has no upper bound.
 */
export function Counter({
  id,
  label,
  ages,
  priceCents,
  value,
  onStep,
}: {
  id: string;
  label: string;
  ages: string;
  priceCents: number;
  value: number;
  onStep: (step: 1 | -1) => void;
}) {
  const noun = label.toLowerCase();
  const buttonClass =
    'flex size-10 items-center justify-center rounded-full text-xl font-bold leading-none ring-1 ring-stone-300 transition';
  return (
    <fieldset
      className="flex min-w-0 items-center justify-between gap-3 py-3"
      aria-labelledby={`${id}-label`}
    >
      <div>
        <p id={`${id}-label`} className="font-semibold text-stone-900">
          {label} <span className="font-normal text-stone-600">({ages})</span>
        </p>
        <p className="text-sm text-stone-700">{formatEuro(priceCents)} per person</p>
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label={`Decrease ${noun}`}
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
          aria-label={`Increase ${noun}`}
          onClick={() => onStep(1)}
          className={`${buttonClass} bg-brand text-white hover:bg-brand-dark`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </fieldset>
  );
}
