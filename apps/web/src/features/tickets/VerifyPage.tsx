/**
 * Spec §2 Agent claim page: the ticket's information and a form with the agent's name (from
 * agent_list) and security code. An already claimed ticket shows 'Ticket Already Claimed' with an
 * EXPIRED badge and the server's message.
 */
import { formatEuroDecimal } from '@rome/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { claimInfoQuery, claimTicket } from '../../api/tickets';

export default function VerifyPage() {
  const { code = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(claimInfoQuery(code));
  const [agent, setAgent] = useState('');
  const [securityCode, setSecurityCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!agent) return setError('Please choose your agent name.');
    if (!securityCode) return setError('Please enter your security code.');
    setBusy(true);
    try {
      const r = await claimTicket(code, agent, securityCode);
      setDone(r.msg);
      setSecurityCode('');
      await queryClient.invalidateQueries({ queryKey: ['claim-info', code] });
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong! Please try again.'));
      if (err instanceof ApiError && err.status === 409)
        await queryClient.invalidateQueries({ queryKey: ['claim-info', code] });
    } finally {
      setBusy(false);
    }
  };

  if (query.isPending) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center" role="status">
        Loading ticket...
      </main>
    );
  }
  if (query.isError || !query.data?.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">
          {notFound ? 'Ticket not found' : 'Failed to load data. Please try again later.'}
        </h1>
        <p className="mt-3 text-stone-700">Check that the whole QR code was scanned.</p>
      </main>
    );
  }
  const info = query.data;
  const d = info.data!;
  const rows: [string, string][] = [
    ['Package', d.package],
    ['User', d.user],
    ['Total price', formatEuroDecimal(d.total_price)],
    ['Paid', d.paid ? 'Yes' : 'No'],
    ['Package tag', d.package_tag],
    ['Adults', String(d.adults)],
    ['Youths', String(d.youths)],
    ['Infants', String(d.infants)],
    ['Selected date', d.selected_date ?? 'Open date'],
  ];

  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-stone-200">
        {info.claimed ? (
          <div className="text-center">
            <span className="inline-block rounded-full bg-red-700 px-3 py-1 text-xs font-bold tracking-wider text-white">
              EXPIRED
            </span>
            <h1 className="mt-3 text-2xl font-bold text-stone-900">
              {done ? 'Ticket Claimed' : 'Ticket Already Claimed'}
            </h1>
            <p className="mt-2 text-stone-700" role={done ? 'status' : undefined}>
              {done ?? info.msg}
            </p>
          </div>
        ) : (
          <h1 className="text-2xl font-bold text-stone-900">Ticket Verification</h1>
        )}
        <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-stone-600">{k}</dt>
              <dd className="font-medium text-stone-900">{v}</dd>
            </div>
          ))}
        </dl>
        {!info.claimed && (
          <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
            <div>
              <label htmlFor="agent" className="block text-sm font-medium text-stone-800">
                Agent name
              </label>
              <select
                id="agent"
                value={agent}
                onChange={(e) => setAgent(e.target.value)}
                required
                className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
              >
                <option value="">Choose your name</option>
                {info.agent_list.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="security-code" className="block text-sm font-medium text-stone-800">
                Security code
              </label>
              <input
                id="security-code"
                ref={codeInput}
                type="password"
                autoComplete="off"
                required
                value={securityCode}
                onChange={(e) => {
                  setSecurityCode(e.target.value);
                  // Spec §5: focus leaves the code field once 4 or more characters are typed.
                  if (e.target.value.length >= 4) codeInput.current?.blur();
                }}
                className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
              />
            </div>
            {error && (
              <p role="alert" className="text-red-700">
                {error}
              </p>
            )}
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-lg bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {busy ? 'Claiming...' : 'Claim Ticket'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
