/**
 * Resetting another person's lost authenticator (decision 051) on the superusers' dashboard: their
 * e-mail, then the password prompt the dashboard asks before such writes (step-up, decision 032). The
 * person signs in with the password alone afterwards and sets up a new app (a superuser must); every
 * sign-in they had ends. The reset is in the edit log, without any secret.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';

export function SecondFactorReset() {
  const ids = { heading: useId(), email: useId() };
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (address: string) =>
      call('POST /api/admin/second-factor/reset/', { body: { email: address } }),
    onSuccess: (_answer, address) => {
      setDone(address);
      setEmail('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    reset.mutate(email.trim());
  };
  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Reset a lost authenticator
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        For someone who lost the phone with their authenticator app and their recovery codes: they sign in
        with their password alone and set up a new app (a superuser must). Every sign-in they have ends. The
        reset is kept in the edit log.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-64 flex-1 flex-col">
          <label htmlFor={ids.email} className="text-sm font-medium text-stone-700">
            Their email address
          </label>
          <input
            id={ids.email}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm"
          />
        </div>
        <button
          type="submit"
          disabled={reset.isPending}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-70"
        >
          Reset authenticator
        </button>
      </form>
      <p role="status" className="mt-3 text-sm">
        {done ? <span className="text-green-800">The authenticator of {done} was reset.</span> : null}
        {reset.error ? (
          <span className="text-red-800">{errorMessage(reset.error, 'The reset failed.')}</span>
        ) : null}
      </p>
    </section>
  );
}
