/**
 * Undo an e-mail change, the owner's way back if someone else changed the address: opened from the
 * link e-mailed to the previous address. The token
 * is in the fragment (`#token=...`), which browsers never send to a server or in a Referer; the change
 * is undone only when the button is pressed, so a mail scanner opening the link changes nothing.
 */
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { pagePath } from '@rome/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { undoEmailChange } from '../../api/auth';
import { ApiError, errorMessage, tokenStore } from '../../api/client';
import { AuthCard, FormError, linkClass, primaryButtonClass, SubmitButton } from '../../components/form';
import { usePageTitle } from '../../components/usePageTitle';

const tokenFromHash = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

export default function UndoEmailChangePage() {
  const { t } = useLingui();
  usePageTitle(t`Undo Email Change`);
  const [token] = useState(tokenFromHash);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await undoEmailChange(token);
      // This browser's session ended with every other one.
      tokenStore.clear();
      window.history.replaceState(null, '', window.location.pathname);
      setDone(i18n._(res.message));
    } catch (err) {
      setError(
        err instanceof ApiError
          ? errorMessage(err, t`This link did not work.`)
          : t`An error occurred. Please try again.`,
      );
    }
    setBusy(false);
  }

  if (done)
    return (
      <AuthCard title={t`Email Address Restored`}>
        <p className="text-stone-700" role="status">
          {done}
        </p>
        <div className="mt-6 flex flex-wrap gap-4">
          <Link to={pagePath('/forgot-password')} className={primaryButtonClass}>
            <Trans>Reset my password</Trans>
          </Link>
          <Link to={pagePath('/login')} className={linkClass}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard
      title={t`Undo Email Change`}
      subtitle={t`The email address of your account was changed. If this was not you, put your previous address back: every device signed in to the account will be signed out.`}
    >
      <FormError
        message={token ? error : t`This link is incomplete. Open it again from the email we sent you.`}
      />
      <form onSubmit={onSubmit}>
        <SubmitButton
          busy={busy}
          busyLabel={t`Restoring...`}
          label={t`Restore my previous email address`}
          disabled={!token}
        />
      </form>
    </AuthCard>
  );
}
