/**
 * Gift cards on the superusers' dashboard (decision 053): what was sold, redeemed, held and is still
 * owed, and every card with its balance, uses and history (the code's last group only). The call of
 * contract gift-card.api.ts; the dashboard's clock for times.
 */
import { formatEuroDecimal, formatRomeDate, type GiftCardAdmin, romeParts } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClockTime } from '../filters';
import { Figures } from './ui';

const MOVE: Record<GiftCardAdmin['history'][number]['kind'], string> = {
  bought: 'bought',
  spent: 'spent',
  held: 'held at checkout',
  returned: 'returned by a refund',
};

export function GiftCards() {
  const id = useId();
  const clockTime = useClockTime();
  const list = useQuery({
    queryKey: ['analytics', 'gift-cards'],
    queryFn: ({ signal }) => call('GET /api/admin/gift-cards/', {}, { signal }),
  });
  const totals = list.data?.totals;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-stone-900">
        Gift cards
      </h2>
      {totals && (
        <Figures
          testId="gift-card-totals"
          figures={[
            ['Cards sold', String(totals.cards_sold)],
            ['Sold', formatEuroDecimal(totals.sold)],
            ['Redeemed', formatEuroDecimal(totals.redeemed)],
            ['Held at checkout', formatEuroDecimal(totals.held)],
            ['Still owed', formatEuroDecimal(totals.outstanding)],
          ]}
        />
      )}
      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading gift cards...</p>
      ) : list.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The gift cards could not be loaded.')}
        </p>
      ) : list.data.gift_cards.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No gift cards sold yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200" aria-label="Gift cards">
          {list.data.gift_cards.map((c) => (
            <li key={c.id} data-testid="gift-card-row" className="flex flex-wrap justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  <code className="font-mono">...-{c.code_end}</code>{' '}
                  <span className="text-sm font-normal text-stone-700">{c.buyer_email}</span>
                </p>
                <p className="text-xs text-stone-600">
                  Paid {clockTime(c.paid_at)} · valid until{' '}
                  {c.expires_at ? formatRomeDate(romeParts(new Date(c.expires_at)).date) : ''}
                </p>
                <ul className="mt-1 text-xs text-stone-700">
                  {c.history.slice(0, 4).map((h) => (
                    <li key={`${h.kind}-${h.at}-${h.order}`}>
                      {formatEuroDecimal(h.amount)} {MOVE[h.kind]}
                      {h.order ? ` (order ${h.order})` : ''}, {clockTime(h.at)}
                    </li>
                  ))}
                </ul>
              </div>
              <dl className="grid grid-cols-4 gap-x-5 text-sm sm:text-right">
                {(
                  [
                    ['Amount', formatEuroDecimal(c.amount), undefined],
                    ['Balance', formatEuroDecimal(c.balance), 'gift-card-row-balance'],
                    ['Held', formatEuroDecimal(c.held), undefined],
                    ['Uses', String(c.uses), undefined],
                  ] as const
                ).map(([label, value, testId]) => (
                  <div key={label}>
                    <dt className="text-xs text-stone-600">{label}</dt>
                    <dd data-testid={testId} className="font-semibold tabular-nums">
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
