/**
 * Buying a gift card (decision 053): an amount from the fixed list or chosen in whole euros within the
 * limits, the address the card is sent to, then the same payment page as a ticket. Back from the
 * payment, the page says the card is on its way (`?bought=1`).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AUTH_MESSAGES,
  formatEuro,
  GIFT_CARD_AMOUNTS_CENTS,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_VALID_MONTHS,
  giftCardAmountRefusal,
  isEmail,
} from '@rome/contract';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { FormError, SubmitButton, TextField } from '../../components/form';
import { usePageTitle } from '../../components/usePageTitle';
import { pageLocale } from '../../i18n/locale';
import { contractText } from '../../lib/contractText';
import { buyGiftCard } from './api';
import { GiftCardPage } from './GiftCardPage';

const outcome = (): 'bought' | 'cancelled' | null => {
  if (typeof window === 'undefined') return null;
  const q = new URLSearchParams(window.location.search);
  return q.has('bought') ? 'bought' : q.has('cancelled') ? 'cancelled' : null;
};

/** The module of both gift card pages (contract pages.ts): buying, or a card by its link's token. */
export default function GiftCardsRoute() {
  const { token } = useParams();
  return token ? <GiftCardPage /> : <GiftCardsPage />;
}

function GiftCardsPage() {
  const { t } = useLingui();
  usePageTitle(t`Gift Cards`);
  const [cents, setCents] = useState<number>(GIFT_CARD_AMOUNTS_CENTS[1]);
  const [custom, setCustom] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [back] = useState(outcome);

  const chosenCents = custom.trim() ? Math.round(Number(custom.replace(',', '.')) * 100) : cents;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const refused = giftCardAmountRefusal(Number.isFinite(chosenCents) ? chosenCents : null);
    if (refused) return setError(contractText(refused));
    if (!isEmail(email.trim())) return setError(contractText(AUTH_MESSAGES.emailInvalid));
    setError(null);
    setBusy(true);
    try {
      const { url } = await buyGiftCard({
        amount: String(chosenCents / 100),
        email: email.trim(),
        language: pageLocale,
      });
      window.location.assign(url);
    } catch (err) {
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
      setBusy(false);
    }
  }

  const min = formatEuro(GIFT_CARD_MIN_CENTS, pageLocale);
  const max = formatEuro(GIFT_CARD_MAX_CENTS, pageLocale);
  const months = GIFT_CARD_VALID_MONTHS;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">
        <Trans>Gift Cards</Trans>
      </h1>
      <p className="mt-3 text-lg text-stone-700">
        <Trans>
          Give Rome: a gift card for any ticket in the shop, sent by e-mail with its code and a PDF to print.
          It can be spent in several purchases within {months} months; what is left stays on the card.
        </Trans>
      </p>
      {back === 'bought' && (
        <p
          role="status"
          data-testid="gift-card-bought"
          className="mt-6 rounded-lg bg-green-50 px-4 py-3 text-green-900 ring-1 ring-green-200"
        >
          <Trans>Thank you! Your gift card is on its way to your e-mail, with its code and a PDF.</Trans>
        </p>
      )}
      {back === 'cancelled' && (
        <p
          role="status"
          className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200"
        >
          <Trans>The payment was cancelled: no gift card was bought.</Trans>
        </p>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-8 space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
      >
        <fieldset>
          <legend className="text-sm font-semibold text-stone-900">
            <Trans>Amount</Trans>
          </legend>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {GIFT_CARD_AMOUNTS_CENTS.map((a) => (
              <button
                key={a}
                type="button"
                aria-pressed={!custom.trim() && cents === a}
                onClick={() => {
                  setCents(a);
                  setCustom('');
                }}
                className={`rounded-lg px-4 py-3 text-lg font-bold ring-1 ${
                  !custom.trim() && cents === a
                    ? 'bg-brand text-white ring-brand'
                    : 'bg-white text-stone-900 ring-stone-300 hover:bg-stone-50'
                }`}
              >
                {formatEuro(a, pageLocale)}
              </button>
            ))}
          </div>
          <label htmlFor="gift-custom" className="mt-4 block text-sm font-semibold text-stone-900">
            <Trans>
              Or another amount in whole euros, from {min} to {max}
            </Trans>
          </label>
          <input
            id="gift-custom"
            inputMode="numeric"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            className="mt-1 w-40 rounded-lg border border-stone-400 bg-white px-3 py-2 text-stone-900"
          />
        </fieldset>
        <TextField
          id="gift-email"
          label={t`Send the card to (your e-mail address)`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <FormError message={error} />
        <SubmitButton
          busy={busy}
          busyLabel={t`Redirecting to secure payment...`}
          label={t`Buy a gift card of ${Number.isFinite(chosenCents) && chosenCents > 0 ? formatEuro(chosenCents, pageLocale) : '...'}`}
        />
      </form>
    </main>
  );
}
