/**
 * Resellers' webhooks on the superusers' dashboard (decision 056): every key's webhooks with what
 * waits and what was given up, deleting one, and the delivery log (each event's tries, last answer or
 * error; never a body or a secret). Resellers register them through the OCTO API (docs/octo.md). Loaded
 * apart from the dashboard's own code, when the page shows it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClockTime } from '../filters';
import { RevokeConfirm } from './ui';

const KEYS = ['analytics', 'webhooks'] as const;
type Status = 'pending' | 'delivered' | 'failed';
const STATUS_STYLE: Record<Status, string> = {
  pending: 'bg-amber-100 text-amber-900',
  delivered: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

export default function ResellerWebhooks() {
  const client = useQueryClient();
  const clockTime = useClockTime();
  const [status, setStatus] = useState<Status | ''>('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const hooks = useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => call('GET /api/admin/webhooks/', {}, { signal }),
  });
  const log = useQuery({
    queryKey: [...KEYS, 'deliveries', status],
    queryFn: ({ signal }) =>
      call(
        'GET /api/admin/webhooks/deliveries/',
        { query: { limit: 50, ...(status ? { status } : {}) } },
        { signal },
      ),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/webhooks/:id/', { params: { id } }),
    onSuccess: () => {
      setConfirming(null);
      client.invalidateQueries({ queryKey: KEYS });
    },
  });
  const ids = { heading: useId(), status: useId() };

  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Reseller webhooks
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Resellers register webhooks through the OCTO API (<code>/octo/webhooks</code>) and are told of their
        bookings and of places left, signed with a secret only they hold. Failed deliveries are tried again
        for 72 hours.
      </p>

      {hooks.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading webhooks...</p>
      ) : hooks.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(hooks.error, 'The webhooks could not be loaded.')}
        </p>
      ) : hooks.data.webhooks.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No webhooks yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200" aria-label="Webhooks">
          {hooks.data.webhooks.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  {w.reseller_name} <span className="font-normal text-stone-600">· {w.event}</span>
                </p>
                <p className="break-all text-sm text-stone-600">{w.url}</p>
                <p className="text-sm text-stone-600">
                  {w.pending} waiting · {w.failed} given up · made {clockTime(w.created_at)}
                </p>
              </div>
              {confirming === w.id ? (
                <RevokeConfirm
                  question="Delete this webhook?"
                  action="Delete"
                  onRevoke={() => remove.mutate(w.id)}
                  onKeep={() => setConfirming(null)}
                  pending={remove.isPending}
                />
              ) : (
                <button
                  type="button"
                  onClick={() => setConfirming(w.id)}
                  className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-300"
                >
                  Delete…
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(remove.error, 'The webhook could not be deleted.')}
        </p>
      )}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-stone-900">Delivery log</h3>
        <label htmlFor={ids.status} className="flex items-center gap-2 text-sm text-stone-700">
          Show
          <select
            id={ids.status}
            value={status}
            onChange={(e) => setStatus(e.target.value as Status | '')}
            className="rounded-lg border border-stone-300 px-2 py-1.5"
          >
            <option value="">all</option>
            <option value="pending">waiting</option>
            <option value="delivered">delivered</option>
            <option value="failed">given up</option>
          </select>
        </label>
      </div>
      {log.isPending ? (
        <p className="mt-3 text-sm text-stone-600">Loading deliveries...</p>
      ) : log.error ? (
        <p className="mt-3 text-sm text-red-700">
          {errorMessage(log.error, 'The deliveries could not be loaded.')}
        </p>
      ) : log.data.deliveries.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No deliveries.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200" aria-label="Webhook deliveries">
          {log.data.deliveries.map((d) => (
            <li key={d.id} className="py-2 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status]}`}>
                  {d.status === 'pending' ? 'waiting' : d.status === 'failed' ? 'given up' : 'delivered'}
                </span>
                <span className="font-medium text-stone-900">
                  {d.event} · {d.action}
                </span>
                <span className="text-stone-600">{d.reseller_name}</span>
              </p>
              <p className="mt-0.5 text-stone-600">
                {clockTime(d.created_at)} · {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
                {d.last_status !== null ? ` · last answer ${d.last_status}` : ''}
                {d.last_error && d.status !== 'delivered' ? ` · ${d.last_error}` : ''}
                {d.next_attempt_at ? ` · next ${clockTime(d.next_attempt_at)}` : ''}
              </p>
              <p className="break-all text-xs text-stone-500">event {d.event_id}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
