import { decimalToCents, formatEuro, formatRomeDateTime } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** How many past prices the editor lists: the reduction rule looks 30 days back, a few rows cover it. */
const SHOWN = 6;

/**
 * Beside the prices: what the storefront strikes through (decision 064, EU Omnibus) and the package's
 * last prices with the Rome time each began. The prior price is the database's, never the form's, so
 * it is read again after every save (the query key follows the saved prices).
 */
export function PriceHistory({ packageTag, savedPrice }: { packageTag: string; savedPrice: string }) {
  const query = useQuery({
    queryKey: ['editor', 'prices', packageTag, savedPrice],
    queryFn: () => call('GET /api/editor/packages/:packageTag/prices/', { params: { packageTag } }),
    enabled: packageTag !== '',
  });
  if (!packageTag || !query.data) return null;
  const { prices, prior_price, off_price } = query.data;
  const prior = decimalToCents(prior_price);
  return (
    <div className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700" data-testid="price-history">
      <p>
        {prior !== null && off_price !== null
          ? `Struck through on the storefront: ${formatEuro(prior)}, the lowest adult price of the 30 days before the current one (EU Omnibus rule, whatever the old price typed).`
          : prior !== null
            ? `A reduction from ${formatEuro(prior)} (the lowest of the 30 days before): type an old price to show it with a SAVE badge.`
            : 'No old price is struck through: the adult price was not higher in the 30 days before the current one began.'}
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold">Price history</summary>
        <ul className="mt-1 space-y-0.5">
          {prices.slice(0, SHOWN).map((p) => (
            <li key={p.valid_from + p.adult_price + p.youth_price}>
              {formatRomeDateTime(p.valid_from)}: adult {formatEuro(decimalToCents(p.adult_price) ?? 0)},
              youth {formatEuro(decimalToCents(p.youth_price) ?? 0)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
