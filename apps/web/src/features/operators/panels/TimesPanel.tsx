/**
 * An operator's times of one product on one Rome day, with places taken; a manager changes a time's
 * capacity (never below what is sold or held: the server refuses) or closes and reopens it.
 */
import { type EditorSlot, romeToday } from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { ScrollTable } from '../../../components/ScrollTable';
import { productsKey } from './ProductsPanel';

const timesKey = (folder: number, tag: string, day: string) =>
  ['operator', folder, 'times', tag, day] as const;

export function TimesPanel({ folder, manager }: { folder: number; manager: boolean }) {
  const products = useQuery({
    queryKey: productsKey(folder),
    queryFn: ({ signal }) => call('GET /api/operator/:folder/packages/', { params: { folder } }, { signal }),
  });
  // Products sold in times (an open-dated pass has none).
  const timed = (products.data?.products ?? []).filter(
    (p) => p.availability_type !== null && p.availability_type !== 'PASS',
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const tag = chosen ?? timed[0]?.package_tag ?? null;
  const [day, setDay] = useState(romeToday());
  const ids = { product: useId(), day: useId() };
  const times = useQuery({
    queryKey: timesKey(folder, tag ?? '', day),
    queryFn: ({ signal }) =>
      call(
        'GET /api/operator/:folder/slots/',
        { params: { folder }, query: { package: tag!, from: day, to: day } },
        { signal },
      ),
    enabled: tag !== null,
  });

  if (products.isPending) return <p className="text-sm text-stone-600">Loading products...</p>;
  if (products.isError)
    return (
      <p className="text-sm text-red-700">
        {errorMessage(products.error, 'The products could not be loaded.')}
      </p>
    );
  return (
    <>
      <h2 className="text-xl font-bold text-stone-900">Times</h2>
      {timed.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No product of this operator is sold in times.</p>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="flex min-w-48 flex-col">
              <label htmlFor={ids.product} className="text-sm font-medium text-stone-700">
                Product
              </label>
              <select
                id={ids.product}
                value={tag ?? ''}
                onChange={(e) => setChosen(e.target.value)}
                className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2"
              >
                {timed.map((p) => (
                  <option key={p.package_tag} value={p.package_tag}>
                    {p.title}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col">
              <label htmlFor={ids.day} className="text-sm font-medium text-stone-700">
                Day (Rome)
              </label>
              <input
                id={ids.day}
                type="date"
                value={day}
                onChange={(e) => e.target.value && setDay(e.target.value)}
                className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
              />
            </div>
          </div>
          {times.isPending ? (
            <p className="mt-4 text-sm text-stone-600">Loading times...</p>
          ) : times.isError ? (
            <p className="mt-4 text-sm text-red-700">
              {errorMessage(times.error, 'The times could not be loaded.')}
            </p>
          ) : times.data.slots.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">No times on this day.</p>
          ) : (
            <div className="mt-4">
              <ScrollTable label="Times of the day">
                <table className="w-full text-left text-sm">
                  <thead className="text-stone-600">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Time
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Taken
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Capacity
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        State
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-200">
                    {times.data.slots.map((s) => (
                      <TimeRow
                        key={s.id}
                        folder={folder}
                        slot={s}
                        manager={manager}
                        listKey={timesKey(folder, tag!, day)}
                      />
                    ))}
                  </tbody>
                </table>
              </ScrollTable>
            </div>
          )}
        </>
      )}
    </>
  );
}

function TimeRow({
  folder,
  slot,
  manager,
  listKey,
}: {
  folder: number;
  slot: EditorSlot;
  manager: boolean;
  listKey: readonly unknown[];
}) {
  const client = useQueryClient();
  const [capacity, setCapacity] = useState(String(slot.capacity));
  const change = useMutation({
    mutationFn: (body: { capacity?: number; closed?: boolean }) =>
      call('PATCH /api/operator/:folder/slots/:id/', { params: { folder, id: slot.id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
  const past = slot.status === 'PAST';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ capacity: Number(capacity) });
  };
  return (
    <tr data-testid="operator-time">
      <th scope="row" className="px-3 py-2 font-semibold text-stone-900">
        {slot.time}
      </th>
      <td className="px-3 py-2">{slot.taken}</td>
      <td className="px-3 py-2">
        {manager && !past ? (
          <form onSubmit={submit} className="flex items-center gap-2">
            <input
              aria-label={`Capacity at ${slot.time}`}
              type="number"
              min={0}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
              className="w-20 rounded-lg border border-stone-300 px-2 py-1.5"
            />
            <button
              type="submit"
              disabled={change.isPending}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300"
            >
              Save <span className="sr-only">capacity at {slot.time}</span>
            </button>
          </form>
        ) : (
          slot.capacity
        )}
      </td>
      <td className="px-3 py-2">
        <span className="mr-2">
          {slot.closed ? 'Closed' : past ? 'Past' : slot.remaining > 0 ? 'Open' : 'Sold out'}
        </span>
        {manager && !past && (
          <button
            type="button"
            disabled={change.isPending}
            onClick={() => change.mutate({ closed: !slot.closed })}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300"
          >
            {slot.closed ? 'Reopen' : 'Close'} <span className="sr-only">{slot.time}</span>
          </button>
        )}
        {change.isError && (
          <span role="alert" className="block text-sm text-red-700">
            {errorMessage(change.error, 'Not saved.')}
          </span>
        )}
      </td>
    </tr>
  );
}
