/**
 * 'Find my tickets' (decision 019): a buyer who lost the ticket e-mail gets the links of the paid tickets
 * bought with an address sent to that address. The answer is the same whether or not it has tickets.
 */
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUTH_MESSAGES, isEmail, pagePath } from '@rome/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { AuthCard, FormError, linkClass, SubmitButton, TextField } from '../../components/form';
import { usePageTitle } from '../../components/usePageTitle';
import { contractText } from '../../lib/contractText';
import { findTickets } from './api';

export default function FindTicketsPage() {
  const { t } = useLingui();
  usePageTitle(t`Find My Tickets`);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

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
      setSent(i18n._((await findTickets(address)).message));
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
          Each ticket gets a new link, and the links sent before stop working. Only the address itself
          receives them.
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
