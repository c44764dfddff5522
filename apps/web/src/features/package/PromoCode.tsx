/**
 * A promo code at checkout (decision 050): the visitor types it, the server checks it against the
 * chosen ticket and counts and answers the discount and the new total, which the panel shows. The
 * checkout sends the code and the server prices it again: what is shown here is never trusted. A
 * change of the counts asks again (a minimum basket may no longer be met).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { decimalToCents, formatEuro, type PromoQuote } from '@rome/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { call, errorMessage } from '../../api/client';
import { pageLocale } from '../../i18n/locale';

export type AppliedPromo = { code: string; discountCents: number; totalCents: number };

export function PromoCode({
  packageTag,
  adults,
  youths,
  applied,
  onApplied,
}: {
  packageTag: string;
  adults: number;
  youths: number;
  applied: AppliedPromo | null;
  onApplied: (promo: AppliedPromo | null) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const inputId = `${uid}-code`;
  const errorId = `${uid}-error`;
  const asked = useRef(0);

  const check = async (code: string) => {
    if (!code.trim() || adults + youths === 0) return;
    const ask = ++asked.current;
    setBusy(true);
    try {
      const quote: PromoQuote = await call('POST /api/promo-codes/check/', {
        body: {
          promo_code: code,
          package_identifier: packageTag,
          adult_count: adults,
          youth_count: youths,
          language: pageLocale,
        },
      });
      if (ask !== asked.current) return;
      setError(null);
      onApplied({
        code: quote.promo_code,
        discountCents: decimalToCents(quote.discount) ?? 0,
        totalCents: decimalToCents(quote.total) ?? 0,
      });
    } catch (err) {
      if (ask !== asked.current) return;
      onApplied(null);
      setError(errorMessage(err, t(msg`This promo code is not valid.`)));
    } finally {
      if (ask === asked.current) setBusy(false);
    }
  };

  // Other counts: the same code is asked about again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the counts start a new check
  useEffect(() => {
    if (applied) void check(applied.code);
  }, [adults, youths]);

  if (!open && !applied)
    return (
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => document.getElementById(inputId)?.focus());
        }}
        className="mt-3 text-sm font-semibold text-brand underline underline-offset-4"
      >
        <Trans>Have a promo code?</Trans>
      </button>
    );

  if (applied)
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200">
        <span data-testid="promo-applied">
          <Trans>
            Code <strong className="font-mono">{applied.code}</strong> applied
          </Trans>
        </span>
        <button
          type="button"
          onClick={() => {
            asked.current++;
            onApplied(null);
            setText('');
            setError(null);
          }}
          className="font-semibold text-green-900 underline underline-offset-4"
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    );

  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        void check(text);
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-semibold text-stone-900">
        <Trans>Promo code</Trans>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-stone-400 bg-white px-3 py-2 font-mono uppercase text-stone-900"
        />
        <button
          type="submit"
          disabled={busy || !text.trim() || adults + youths === 0}
          className="rounded-lg bg-stone-800 px-4 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
        >
          <Trans>Apply</Trans>
        </button>
      </div>
      {adults + youths === 0 && (
        <p className="mt-1 text-xs text-stone-600">
          <Trans>Choose your tickets first, then apply the code.</Trans>
        </p>
      )}
      <p id={errorId} role="alert" className="mt-1 min-h-5 text-sm font-semibold text-red-700">
        {error}
      </p>
    </form>
  );
}

/** The discount line above the total: 'Discount −€7.70'. */
export function DiscountLine({ promo }: { promo: AppliedPromo }) {
  return (
    <p className="mt-4 flex items-baseline justify-between border-t border-stone-200 pt-4 text-sm text-green-800">
      <span>
        <Trans>Discount</Trans>
      </span>
      <span data-testid="order-discount" className="font-semibold">
        −{formatEuro(promo.discountCents, pageLocale)}
      </span>
    </p>
  );
}
