/**
 * 'Cancel ticket', then a confirmation in place (focus moves to it, and back to the button when the
 * ticket is kept). The purchase history and the ticket link page (decision 019) both use it; each says
 * how to cancel and shows the answer's message itself.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatEuroDecimal, formatRomeDateTime } from '@rome/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, serverWords } from '../../api/client';
import { pageLocale } from '../../i18n/locale';

export type CancelResult = { ok: boolean; message: string };

export function CancelTicket({
  packageName,
  totalPrice,
  cancelUntil,
  combo,
  cancel,
  onDone,
}: {
  packageName: string;
  totalPrice: string;
  cancelUntil: string | null;
  /** The combo this ticket is a part of: cancelling it cancels and refunds the whole combo (decision 071). */
  combo?: string | null;
  cancel: () => Promise<{ msg: string }>;
  onDone: (result: CancelResult) => void;
}) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (asked.current) openerRef.current?.focus();
    asked.current = asking;
  }, [asking]);

  const confirm = async () => {
    setBusy(true);
    try {
      onDone({ ok: true, message: serverWords((await cancel()).msg) });
    } catch (err) {
      onDone({ ok: false, message: errorMessage(err, t`Something went wrong! Please try again.`) });
      setBusy(false);
      setAsking(false);
    }
  };

  if (!asking)
    return (
      <div className="mt-2">
        <button
          ref={openerRef}
          type="button"
          onClick={() => setAsking(true)}
          className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50"
          aria-label={t`Cancel ticket for ${packageName}`}
        >
          <Trans>Cancel ticket</Trans>
        </button>
        {cancelUntil && (
          <p className="mt-1 text-xs text-stone-600">
            <Trans>Free cancellation until {formatRomeDateTime(cancelUntil, pageLocale)}</Trans>
          </p>
        )}
      </div>
    );
  return (
    <fieldset className="mt-2 rounded-lg bg-red-50 p-2 ring-1 ring-red-200" data-testid="cancel-confirm">
      <legend className="float-left w-full text-sm text-stone-900">
        {combo ? (
          <Trans>Cancel the whole combo {combo}? Every part of it is cancelled and refunded.</Trans>
        ) : (
          <Trans>Cancel this ticket and refund {formatEuroDecimal(totalPrice, pageLocale)}?</Trans>
        )}
      </legend>
      <div className="clear-both flex flex-wrap gap-2 pt-2">
        <button
          ref={confirmRef}
          type="button"
          disabled={busy}
          onClick={confirm}
          className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {busy ? t`Cancelling...` : t`Yes, cancel ticket`}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => setAsking(false)}
          className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          <Trans>Keep ticket</Trans>
        </button>
      </div>
    </fieldset>
  );
}
