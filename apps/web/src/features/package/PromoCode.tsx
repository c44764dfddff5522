/**
 * A promo code at checkout (decision 050): the visitor types it, the server checks it against the
 * chosen ticket and counts and answers the discount and the new total, which the panel shows. The
 * checkout sends the code and the server prices it again: what is shown here is never trusted. A
 * change of the counts asks again (a minimum basket may no longer be met).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { decimalToCents, formatEuro, type PromoQuote } from '@rome/contract';
import { useEffect, useRef, useState } from 'react';
import { call, errorMessage } from '../../api/client';
import { pageLocale } from '../../i18n/locale';
import { AppliedCode, CodeEntry } from './CodeEntry';
import type { ExtraCounts } from './ExtraCounters';

export type AppliedPromo = { code: string; discountCents: number; totalCents: number };

/** The categories with a count: what the check sends beside adults and youths. */
const chosenOf = (extras: ExtraCounts) => Object.entries(extras).filter(([, n]) => (n ?? 0) > 0);

export function PromoCode({
  packageTag,
  adults,
  youths,
  extras,
  applied,
  onApplied,
}: {
  packageTag: string;
  adults: number;
  youths: number;
  /** The price categories' counts (decision 070): the code is priced on the whole basket. */
  extras: ExtraCounts;
  applied: AppliedPromo | null;
  onApplied: (promo: AppliedPromo | null) => void;
}) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  const check = async (code: string) => {
    const chosen = chosenOf(extras);
    if (!code.trim() || adults + youths + chosen.length === 0) return;
    const ask = ++asked.current;
    setBusy(true);
    try {
      const quote: PromoQuote = await call('POST /api/promo-codes/check/', {
        body: {
          promo_code: code,
          package_identifier: packageTag,
          adult_count: adults,
          youth_count: youths,
          ...(chosen.length ? { extra_counts: Object.fromEntries(chosen) } : {}),
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
  const extraKey = JSON.stringify(extras);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the counts start a new check
  useEffect(() => {
    if (applied) void check(applied.code);
  }, [adults, youths, extraKey]);

  if (applied)
    return (
      <AppliedCode
        testId="promo-applied"
        onRemove={() => {
          asked.current++;
          onApplied(null);
          setError(null);
        }}
      >
        <Trans>
          Code <strong className="font-mono">{applied.code}</strong> applied
        </Trans>
      </AppliedCode>
    );

  return (
    <CodeEntry
      ask={<Trans>Have a promo code?</Trans>}
      label={<Trans>Promo code</Trans>}
      busy={busy}
      error={error}
      canApply={adults + youths + chosenOf(extras).length > 0}
      hint={<Trans>Choose your tickets first, then apply the code.</Trans>}
      onApply={(code) => void check(code)}
    />
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
