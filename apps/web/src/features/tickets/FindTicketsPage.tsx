/**
 * 'Find my tickets' (decision 019): a buyer who lost the ticket e-mail gets the links of the paid tickets
 * bought with an address sent to that address. The answer is the same whether or not it has tickets.
 * It takes two steps: the address first gets an e-mail whose link opens this page with `#confirm=...`;
 * asking from there sends the new links (and ends the old ones). A stranger who knows the address can
 * only make that first e-mail go out.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { AUTH_MESSAGES, isEmail, pagePath } from '@rome/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, serverWords } from '../../api/client';
import { AuthCard, FormError, linkClass, SubmitButton, TextField } from '../../components/form';
import { usePageTitle } from '../../components/usePageTitle';
import { contractText } from '../../lib/contractText';
import { confirmFindTickets, findTickets } from './api';

/** The token of the e-mail's link, kept in the fragment so it never reaches a server log or a Referer. */
const confirmToken = (): string | null =>
  typeof window === 'undefined' ? null : (/[#&]confirm=([^&]+)/.exec(window.location.hash)?.[1] ?? null);

export default function FindTicketsPage() {
  const { t } = useLingui();
  usePageTitle(t`Find My Tickets`);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [token] = useState(confirmToken);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  async function onConfirm(endOld: boolean) {
    if (busy || !token) return;
    setError(null);
    setBusy(true);
    try {
      setConfirmed(serverWords((await confirmFindTickets(token, endOld)).message));
      // Used: out of the address bar and the history.
      window.history.replaceState(window.history.state, '', window.location.pathname);
    } catch (err) {
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
    }
    setBusy(false);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!isEmail(address)) {
      setError(contractText(AUTH_MESSAGES.emailInvalid));
      return;
    }
    setError(null);
    setSent(null);
    setBusy(true);
    try {
      setSent(serverWords((await findTickets(address)).message));
    } catch (err) {
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
    }
    setBusy(false);
  }

  return (
    <AuthCard
      title={t`Find My Tickets`}
      subtitle={t`Lost your ticket e-mail? Enter the e-mail address you bought with, and we send the links to your tickets to it again.`}
    >
      <FormError message={error} />
      {token && (
        <div className="mb-6 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="find-confirm">
          {confirmed ? (
            <p role="status" className="text-green-900">
              {confirmed}
            </p>
          ) : (
            <>
              <p className="text-stone-800">
                <Trans>
                  Ask for your ticket links now: each ticket gets a new link by e-mail. Links you sent or
                  forwarded before keep working, unless you end them.
                </Trans>
              </p>
              <button
                type="button"
                onClick={() => void onConfirm(false)}
                disabled={busy}
                className="mt-3 w-full rounded-lg bg-brand px-4 py-3 font-semibold text-white disabled:opacity-60"
              >
                <Trans>Get my ticket links</Trans>
              </button>
              <button
                type="button"
                onClick={() => void onConfirm(true)}
                disabled={busy}
                className="mt-2 w-full rounded-lg px-4 py-3 font-semibold text-brand ring-1 ring-stone-300 hover:bg-white disabled:opacity-60"
              >
                <Trans>End the old links and send new ones</Trans>
              </button>
            </>
          )}
        </div>
      )}
      {sent && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-green-50 px-4 py-3 text-green-900 ring-1 ring-green-200"
          data-testid="find-sent"
        >
          {sent}
        </p>
      )}
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <TextField
          id="find-email"
          label={t`Email Address`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <SubmitButton busy={busy} busyLabel={t`Sending...`} label={t`Send My Ticket Links`} />
      </form>
      <p className="mt-5 text-sm text-stone-700">
        <Trans>
          Each ticket gets a new link; the links sent before keep working unless you end them. Only the
          address itself receives them.
        </Trans>
      </p>
      <p className="mt-4 text-center text-sm">
        <Trans>
          Have an account?{' '}
          <Link to={pagePath('/login')} className={linkClass}>
            Sign in
          </Link>{' '}
          to see your purchase history.
        </Trans>
      </p>
    </AuthCard>
  );
}
