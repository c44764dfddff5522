/**
 * 'Change date or time' on the ticket link page (decision 067), loaded only when the holder opens it
 * (its own chunk: the ticket page and the first load do not carry it). The product's open times with
 * room for the ticket, by Rome date, in Rome time; then a confirm step that says what changes (a new QR
 * code, what a cheaper time gives back); then the outcome, and the ticket is read again.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  formatEuroDecimal,
  formatRomeDate,
  formatRomeDateTime,
  type RescheduleOptions,
  type RescheduleTime,
} from '@rome/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, serverWords } from '../../api/client';
import { pageLocale } from '../../i18n/locale';
import { fetchRescheduleOptions, rescheduleByLink } from './api';

type Props = { token: string; onClose: () => void; onMoved: () => void };

const button = 'rounded-lg px-4 py-2.5 font-semibold disabled:opacity-60';
const primary = `${button} bg-brand text-white hover:bg-brand-dark`;
const secondary = `${button} bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100`;

export default function ReschedulePanel({ token, onClose, onMoved }: Props) {
  const { t } = useLingui();
  const ids = { heading: useId(), date: useId(), times: useId() };
  const [options, setOptions] = useState<RescheduleOptions | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  /** The date asked for ('' : the first with room, which the answer names). */
  const [asked, setAsked] = useState('');
  const [chosen, setChosen] = useState<RescheduleTime | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The dates with room, and the chosen date's times: asked again when the date changes.
  useEffect(() => {
    const ctrl = new AbortController();
    fetchRescheduleOptions(token, asked, ctrl.signal)
      .then(setOptions)
      .catch((err) => {
        if (!ctrl.signal.aborted) setFailed(errorMessage(err, t`Something went wrong! Please try again.`));
      });
    return () => ctrl.abort();
  }, [token, asked, t]);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const dates = options?.dates ?? [];
  // While another date's times are on their way, none are shown (never the last date's under this one).
  const date = asked || options?.date || '';
  const times = options && options.date === date ? options.times : [];

  const confirm = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const answer = await rescheduleByLink(token, chosen.id);
      setResult({ ok: true, message: serverWords(answer.message) });
      onMoved();
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, t`Something went wrong! Please try again.`) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section
      aria-labelledby={ids.heading}
      className="rounded-xl bg-stone-50 p-4 text-left ring-1 ring-stone-200"
      data-testid="reschedule"
    >
      <h2 id={ids.heading} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-stone-900">
        <Trans>Change date or time</Trans>
      </h2>
      {!options && !failed && (
        <p role="status" className="mt-2 text-stone-700">
          <Trans>Looking for other times...</Trans>
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {failed}
        </p>
      )}
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={`mt-3 font-semibold ${result.ok ? 'text-green-900' : 'text-red-800'}`}
          data-testid="reschedule-result"
        >
          {result.message}
        </p>
      )}
      {options && !result?.ok && !options.allowed && (
        <p className="mt-2 text-stone-900" data-testid="reschedule-refused">
          {serverWords(options.reason ?? '')}
        </p>
      )}
      {options?.allowed && !result?.ok && options.dates.length === 0 && (
        <p className="mt-2 text-stone-900">
          <Trans>There is no other time with room for your ticket at the moment.</Trans>
        </p>
      )}
      {options?.allowed && !result?.ok && options.dates.length > 0 && !confirming && (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-stone-700">
            <Plural
              value={options.moves_left}
              one="You can change the time # more time."
              other="You can change the time # more times."
            />{' '}
            {options.until && t`Changes are possible until ${formatRomeDateTime(options.until, pageLocale)}.`}
          </p>
          <div>
            <label htmlFor={ids.date} className="block text-sm font-medium text-stone-800">
              <Trans>Date</Trans>
            </label>
            <select
              id={ids.date}
              value={date}
              onChange={(e) => {
                setAsked(e.target.value);
                setChosen(null);
              }}
              className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
            >
              {dates.map((d) => (
                <option key={d} value={d}>
                  {formatRomeDate(d, pageLocale)}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">
              <Trans>Time (Rome time)</Trans>
            </legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {times.map((x) => (
                <label
                  key={x.id}
                  className={`cursor-pointer rounded-lg px-3 py-2 ring-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${chosen?.id === x.id ? 'bg-brand text-white ring-brand' : 'bg-white text-stone-900 ring-stone-300'}`}
                >
                  <input
                    type="radio"
                    name={ids.times}
                    value={x.id}
                    checked={chosen?.id === x.id}
                    onChange={() => setChosen(x)}
                    className="sr-only"
                  />
                  <span className="font-semibold">{x.time}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <button type="button" disabled={!chosen} onClick={() => setConfirming(true)} className={primary}>
              <Trans>Continue</Trans>
            </button>
            <button type="button" onClick={onClose} className={secondary}>
              <Trans>Close</Trans>
            </button>
          </div>
        </div>
      )}
      {confirming && chosen && (
        <div className="mt-2 space-y-3" data-testid="reschedule-confirm">
          <p className="font-semibold text-stone-900">
            {t`Move your ticket to ${formatRomeDateTime(chosen.starts_at, pageLocale)} (Rome time)?`}
          </p>
          {chosen.refund && (
            <p className="text-stone-900">
              {t`The new time costs less: ${formatEuroDecimal(chosen.refund, pageLocale)} will be refunded to you.`}
            </p>
          )}
          <p className="text-sm text-stone-700">
            <Trans>Your current QR code will stop working. You get a new one here and by e-mail.</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <button ref={confirmRef} type="button" disabled={busy} onClick={confirm} className={primary}>
              {busy ? t`Changing...` : t`Confirm the change`}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)} className={secondary}>
              <Trans>Back</Trans>
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
