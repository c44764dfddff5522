import { decimalToCents, formatEuro, MESSAGES, orderTotalCents, type Package } from '@rome/contract';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Counter } from './Counter';
import { restoredSelection, startCheckout } from './checkout';
import { formatTicketDate, stepCount } from './format';

/**
 * Date, ticket counts, total and Checkout (spec §2 Ticket details, §4 Checkout, §5 Ticket page).
 * Counts start at 0; Checkout stays disabled while the total is 0.
 */
export function BookingPanel({ pkg }: { pkg: Package }) {
  const location = useLocation();
  // Back from signing in, the guest's choice is there again (checkout.ts).
  const [restored] = useState(() => restoredSelection(location.state, pkg));
  const [date, setDate] = useState(restored.date);
  const [adults, setAdults] = useState(restored.adults);
  const [youths, setYouths] = useState(restored.youths);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const uid = useId();
  const dateId = `${uid}-date`;
  const errorId = `${uid}-error`;

  const adultCents = decimalToCents(pkg.adult_price) ?? 0;
  const youthCents = decimalToCents(pkg.youth_price) ?? 0;
  const total = orderTotalCents({ adults, youths }, { adultCents, youthCents });
  const hasDates = pkg.dates.length > 0;

  const checkout = async () => {
    if (hasDates && !date) {
      setError(MESSAGES.selectDateFirst);
      document.getElementById(dateId)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await startCheckout({ pkg, date: hasDates ? date : null, adults, youths, infants: 0 }, navigate);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 lg:sticky lg:top-4"
    >
      <h2 id={`${uid}-title`} className="text-lg font-bold text-stone-900">
        Book your tickets
      </h2>

      {hasDates && (
        <div className="mt-4">
          <label htmlFor={dateId} className="block text-sm font-semibold text-stone-900">
            Select a date
          </label>
          <select
            id={dateId}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              if (e.target.value) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900"
          >
            <option value="">Choose a date</option>
            {pkg.dates.map((d) => (
              <option key={d} value={d}>
                {formatTicketDate(d)}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className="mt-2 divide-y divide-stone-200">
        <Counter
          id="adults"
          label="Adults"
          ages="19-99 years"
          priceCents={adultCents}
          value={adults}
          onStep={(s) => setAdults((n) => stepCount(n, s))}
        />
        <Counter
          id="youths"
          label="Youths"
          ages="6-18 years"
          priceCents={youthCents}
          value={youths}
          onStep={(s) => setYouths((n) => stepCount(n, s))}
        />
      </div>
      <p className="mt-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-stone-800">
        Children 0-5 years travel free and need no ticket.
      </p>

      <p
        aria-live="polite"
        aria-atomic="true"
        className="mt-4 flex items-baseline justify-between border-t border-stone-200 pt-4"
      >
        <span className="font-semibold text-stone-900">Total</span>
        <span data-testid="order-total" className="text-2xl font-bold text-brand">
          {formatEuro(total)}
        </span>
      </p>

      <p id={errorId} role="alert" className="mt-2 min-h-5 text-sm font-semibold text-red-700">
        {error}
      </p>

      <button
        type="button"
        onClick={checkout}
        disabled={total === 0 || busy}
        className="mt-2 w-full rounded-xl bg-brand px-4 py-3 text-lg font-bold text-white transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
      >
        Checkout
      </button>
    </section>
  );
}
