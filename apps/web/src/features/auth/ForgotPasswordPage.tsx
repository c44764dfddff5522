/** Request a reset code (spec §2 Password reset, §5, §8). */
import { Trans, useLingui } from '@lingui/react/macro';
import { isEmail, MESSAGES, pagePath, RESET_CODE_LENGTH } from '@rome/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { requestPasswordReset } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { AuthCard, FormError, linkClass, SubmitButton, TextField } from '../../components/form';
import { useTablePageTitle } from '../../components/usePageTitle';
import { contractText } from '../../lib/contractText';
import { resetFlow } from '../../lib/session';

export default function ForgotPasswordPage() {
  useTablePageTitle();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [email, setEmail] = useState(resetFlow.email);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!isEmail(address)) {
      setError(contractText(MESSAGES.forgotEmail));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(address);
      resetFlow.markRequested(address);
      navigate(pagePath('/reset-password'));
      return;
    } catch (err) {
      setError(
        err instanceof ApiError
          ? errorMessage(err, t`Failed to send reset code. Please try again.`)
          : t`An error occurred. Please try again later.`,
      );
    }
    setBusy(false);
  }

  return (
    <AuthCard
      title={t`Forgot Password`}
      subtitle={t`Enter your email address and we will send you a ${RESET_CODE_LENGTH}-digit code to reset your password.`}
    >
      <FormError message={error} />
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField
          id="forgot-email"
          label={t`Email Address`}
          type="text"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <SubmitButton busy={busy} busyLabel={t`Sending...`} label={t`Send Reset Code`} />
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={pagePath('/login')} className={linkClass}>
          <Trans>Back to Login</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
