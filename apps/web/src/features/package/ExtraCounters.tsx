import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import {
  decimalToCents,
  formatEuro,
  type Package,
  PRICE_CATEGORY_MESSAGES,
  type PriceCategoryKey,
  priceCategory,
} from '@rome/contract';
import { pageLocale } from '../../i18n/locale';
import { Counter } from './Counter';

/** The counts of a package's price categories the visitor chose (decision 070); absent: 0. */
export type ExtraCounts = Partial<Record<PriceCategoryKey, number>>;

/**
 * The counters of the price categories a package sells beside the spec's adult and youth ones
 * (decision 070), beneath them, each with the proof the door checks ('Bring: Disability card').
 * The rules are the server's too: a carer only with a disabled visitor, at most one each, so the
 * carer's plus stays greyed until there is a disabled visitor without one.
 */
export function ExtraCounters({
  prices,
  counts,
  full,
  onChange,
}: {
  prices: NonNullable<Package['price_categories']>;
  counts: ExtraCounts;
  /** No places left at the chosen time. */
  full: boolean;
  onChange: (next: ExtraCounts) => void;
}) {
  const { t } = useLingui();
  const countOf = (key: PriceCategoryKey) => counts[key] ?? 0;
  const step = (key: PriceCategoryKey) => (s: 1 | -1) => {
    const next = Math.max(0, countOf(key) + s);
    if (s === 1 && (full || (key === 'carer' && next > countOf('disabled')))) return;
    const changed: ExtraCounts = { ...counts, [key]: next };
    // Fewer disabled visitors than carers: a carer goes with them.
    if (key === 'disabled' && countOf('carer') > next) changed.carer = next;
    onChange(changed);
  };
  return (
    <div className="divide-y divide-stone-200" data-testid="extra-counters">
      {prices.map(({ key, price: amount }) => {
        const category = priceCategory(key);
        const label = i18n._(category.label);
        const cents = decimalToCents(amount) ?? 0;
        const price = formatEuro(cents, pageLocale);
        const atMost = full || (key === 'carer' && countOf('carer') >= countOf('disabled'));
        return (
          <Counter
            key={key}
            id={`extra-${key}`}
            label={label}
            priceCents={cents}
            value={countOf(key)}
            atMost={atMost}
            onStep={step(key)}
            decreaseLabel={t`Decrease ${label}`}
            increaseLabel={t`Increase ${label}`}
            priceLine={category.places > 1 ? t`${price} per ticket` : undefined}
            note={
              category.proof
                ? i18n._(PRICE_CATEGORY_MESSAGES.bring, { proof: i18n._(category.proof) })
                : undefined
            }
          />
        );
      })}
    </div>
  );
}
