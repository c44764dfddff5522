/**
 * The waiting list of a sold-out time (decision 063), on the ticket page under the day's times: an
 * e-mail address (the account's when signed in) and how many places; the page's language goes with
 * it for the e-mails. Loaded only when the chosen day has a sold-out time (a lazy chunk).
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { profileQuery } from '../../api/account';
import { call, errorMessage, tokenStore } from '../../api/client';
import { pageLocale } from '../../i18n/locale';
import type { ShownSlot } from './slots';

export default function WaitingList({
  soldOut,
  places: wanted,
  maxPlaces,
}: {
  /** The chosen day's sold-out times. */
  soldOut: readonly ShownSlot[];
  /** The places the visitor has counted so far. */
  places: number;
  /** How many places one entry may ask for (contract WAITLIST_MAX_PLACES, read by the panel). */
  maxPlaces: number;
}) {
  const { t } = useLingui();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [slotId, setSlotId] = useState(soldOut[0]?.id ?? '');
  // Signed in: the account's address to start from (it can be changed).
  const profile = useQuery({ ...profileQuery, enabled: tokenStore.signedIn() });
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? profile.data?.email ?? '';
  const [places, setPlaces] = useState(Math.min(Math.max(1, wanted), maxPlaces));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = soldOut.find((s) => s.id === slotId) ?? soldOut[0];
  if (!chosen) return null;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call('POST /api/waitlist/', {
        body: { slot_id: chosen.id, email: email.trim(), places, language: pageLocale },
      });
      setDone(i18n._(answer.message));
    } catch (err) {
      setError(errorMessage(err, t(msg`Something went wrong! Please try again.`)));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <p
        role="status"
        data-testid="waitlist-joined"
        className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900"
      >
        {done}
      </p>
    );

  if (!open)
    return (
      <div className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800 ring-1 ring-stone-200">
        <Trans>Sold out at the time you wanted? We can tell you when places come back.</Trans>{' '}
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="font-semibold text-brand underline underline-offset-4"
        >
          <Trans>Join the waiting list</Trans>
        </button>
      </div>
    );

  const time = chosen.romeTime;
  return (
    <form
      aria-labelledby={`${uid}-title`}
      data-testid="waitlist-form"
      className="mt-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${uid}-title`} className="font-bold text-stone-900">
        <Trans>Join the waiting list</Trans>
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        <Trans>
          When places come back, the first in line gets them held for a while, with a link to pay. You can
          leave the list from any of our e-mails.
        </Trans>
      </p>
      {soldOut.length > 1 ? (
        <>
          <label htmlFor={`${uid}-slot`} className="mt-3 block text-sm font-semibold text-stone-900">
            <Trans>Time (Rome time)</Trans>
          </label>
          <select
            id={`${uid}-slot`}
            value={chosen.id}
            onChange={(e) => setSlotId(e.target.value)}
            className="mt-1 w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900"
          >
            {soldOut.map((s) => (
              <option key={s.id} value={s.id}>
                {s.romeTime}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p className="mt-3 text-sm font-semibold text-stone-900">
          <Trans>Time: {time} (Rome time)</Trans>
        </p>
      )}
      <label htmlFor={`${uid}-email`} className="mt-3 block text-sm font-semibold text-stone-900">
        <Trans>E-mail address</Trans>
      </label>
      <input
        id={`${uid}-email`}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="mt-1 w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900"
      />
      <label htmlFor={`${uid}-places`} className="mt-3 block text-sm font-semibold text-stone-900">
        <Trans>How many places?</Trans>
      </label>
      <input
        id={`${uid}-places`}
        type="number"
        inputMode="numeric"
        min={1}
        max={maxPlaces}
        required
        value={places}
        onChange={(e) => setPlaces(Number(e.target.value))}
        className="mt-1 w-28 rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900"
      />
      <p role="alert" className="mt-2 min-h-5 text-sm font-semibold text-red-700">
        {error}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="mt-1 w-full rounded-xl bg-brand px-4 py-3 font-bold text-white transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
      >
        <Trans>Put me on the list</Trans>
      </button>
    </form>
  );
}
