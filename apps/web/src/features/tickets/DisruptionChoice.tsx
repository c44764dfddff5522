/**
 * A closed time on the ticket link page (decisions 058, 059): why, in the ticket's language, and the
 * remedies the shop offers: money back, another time of the same ticket, or keeping the ticket as an
 * open-dated pass. One choice, once; the answer's message then takes the buttons' place and the
 * ticket is read again (a moved or kept ticket has a new QR code). A combo's part says first what each
 * choice does to the combo (decision 071): a refund takes every part, a move or keep this one alone.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DisruptionRemedy, TicketDisruption } from '@rome/contract';
import { useEffect, useId, useState } from 'react';
import { errorMessage, serverWords } from '../../api/client';
import { chooseAfterDisruption, fetchTicketDisruption } from './api';

const CHOSEN = {
  refund: msg`You chose a refund.`,
  move: msg`You moved your ticket to another time.`,
  keep: msg`You kept your ticket as an open-dated pass.`,
} as const;

export function DisruptionChoice({ token, onChanged }: { token: string; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const ids = { heading: useId(), slot: useId() };
  const [disruption, setDisruption] = useState<TicketDisruption | null>(null);
  const [slotId, setSlotId] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    // Offline the closure is not shown: the saved ticket and its QR are what matter at the door.
    fetchTicketDisruption(token, ctrl.signal)
      .then((a) => setDisruption(a.disruption))
      .catch(() => {});
    return () => ctrl.abort();
  }, [token]);

  if (!disruption) return null;
  const choose = async (choice: DisruptionRemedy) => {
    setBusy(true);
    try {
      const answer = await chooseAfterDisruption(token, {
        choice,
        ...(choice === 'move' ? { slot_id: slotId || disruption.slots[0]?.id } : {}),
      });
      setResult({ ok: true, message: serverWords(answer.message) });
      setDisruption(answer.disruption);
      onChanged();
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, t`Something went wrong! Please try again.`) });
    } finally {
      setBusy(false);
    }
  };
  const offers = (r: DisruptionRemedy) =>
    disruption.remedies.includes(r) && (r !== 'move' || disruption.slots.length > 0);
  const button =
    'w-full rounded-lg px-4 py-3 text-left font-semibold ring-1 disabled:opacity-60 sm:w-auto sm:text-center';

  return (
    <section
      aria-labelledby={ids.heading}
      className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
      data-testid="disruption"
    >
      <h2 id={ids.heading} className="text-lg font-bold text-red-900">
        <Trans>This visit is cancelled</Trans>
      </h2>
      <p className="mt-1 text-stone-900">{disruption.message}</p>
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={`mt-3 font-semibold ${result.ok ? 'text-green-900' : 'text-red-800'}`}
        >
          {result.message}
        </p>
      )}
      {!result && disruption.choice && (
        <p role="status" className="mt-3 font-semibold text-stone-900">
          {i18n._(CHOSEN[disruption.choice])}
        </p>
      )}
      {!disruption.choice && disruption.remedies.length > 0 && (
        <div className="mt-3 space-y-3">
          {disruption.combo && <ComboNote combo={disruption.combo} offers={offers} />}
          <p className="text-sm font-medium text-stone-800">
            <Trans>Choose what suits you (you can choose once):</Trans>
          </p>
          {offers('move') && (
            <div className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
              <label htmlFor={ids.slot} className="block text-sm font-medium text-stone-700">
                <Trans>Another time (Rome time)</Trans>
              </label>
              <select
                id={ids.slot}
                value={slotId || disruption.slots[0]?.id}
                onChange={(e) => setSlotId(e.target.value)}
                className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
              >
                {disruption.slots.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.when}
                  </option>
                ))}
              </select>
              <button
                type="button"
                disabled={busy}
                onClick={() => choose('move')}
                className={`${button} mt-2 bg-brand text-white ring-brand hover:bg-brand-dark`}
              >
                <Trans>Move my ticket to this time</Trans>
              </button>
            </div>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {(['keep', 'refund'] as const).filter(offers).map((r) => (
              <button
                key={r}
                type="button"
                disabled={busy}
                onClick={() => choose(r)}
                className={`${button} ${r === 'refund' ? 'bg-white text-red-800 ring-red-300 hover:bg-red-100' : 'bg-white text-stone-900 ring-stone-300 hover:bg-stone-100'}`}
              >
                {r === 'keep'
                  ? t`Keep it as an open-dated pass`
                  : disruption.combo
                    ? t`Refund the whole combo`
                    : t`Refund my ticket in full`}
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * What a combo part's choice does to its combo, said before the buttons: the refund cannot be undone
 * and takes the other operators' parts too, even one already used.
 */
function ComboNote({ combo, offers }: { combo: string; offers: (r: DisruptionRemedy) => boolean }) {
  const alone = offers('move') || offers('keep');
  return (
    <div
      className="rounded-lg bg-white p-3 text-sm text-stone-900 ring-1 ring-amber-300"
      data-testid="combo-note"
    >
      <p className="font-semibold">
        <Trans>This ticket is part of the combo {combo}.</Trans>
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {offers('refund') && (
          <li>
            <Trans>A refund refunds the whole combo: every part of it, even one you have already used.</Trans>
          </li>
        )}
        {alone && (
          <li>
            {offers('move') && offers('keep') ? (
              <Trans>
                Moving this ticket to another time, or keeping it as an open-dated pass, changes this ticket
                alone: you keep the combo's other parts as they are.
              </Trans>
            ) : offers('move') ? (
              <Trans>
                Moving this ticket to another time changes this ticket alone: you keep the combo's other parts
                as they are.
              </Trans>
            ) : (
              <Trans>
                Keeping this ticket as an open-dated pass changes this ticket alone: you keep the combo's
                other parts as they are.
              </Trans>
            )}
          </li>
        )}
      </ul>
    </div>
  );
}
