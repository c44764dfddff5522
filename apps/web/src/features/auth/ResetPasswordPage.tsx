/** Enter the e-mailed code and a new password (spec §2 Password reset, §5, §8). */
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_MIN_LENGTH, pagePath, RESET_CODE_LENGTH, validateReset } from '@rome/contract';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { verifyResetCode } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { AuthCard, FormError, linkClass, SubmitButton } from '../../components/form';
import { PasswordField } from '../../components/PasswordField';
import { useTablePageTitle } from '../../components/usePageTitle';
import { contractText } from '../../lib/contractText';
import { resetFlow } from '../../lib/session';
import { track } from '../../lib/track';
import { CodeInput } from './components/CodeInput';

export default function ResetPasswordPage() {
  useTablePageTitle();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [requested] = useState(resetFlow.requested);
  const [email] = useState(resetFlow.email);
  const [digits, setDigits] = useState<string[]>(() => Array(RESET_CODE_LENGTH).fill(''));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!requested) return <Navigate to={pagePath('/forgot-password')} replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const code = digits.join('');
    const problem = validateReset({ code, password, confirm_password: confirm });
    setError(contractText(problem));
    if (problem) return;
    setBusy(true);
    try {
      await verifyResetCode({ email, code, new_password: password });
      resetFlow.markCompleted();
      track('password_reset', { email });
      navigate(pagePath('/reset-success'), { replace: true });
      return;
    } catch (err) {
      setError(
        err instanceof ApiError
          ? errorMessage(err, t`Failed to reset password. Please try again.`)
          : t`An error occurred. Please try again later.`,
      );
    }
    setBusy(false);
  }

  return (
    <AuthCard
      title={t`Reset Password`}
      subtitle={
        email ? (
          <Trans>
            Enter the {RESET_CODE_LENGTH}-digit code we sent to{' '}
            <strong className="font-semibold break-all">{email}</strong> and choose a new password.
          </Trans>
        ) : (
          t`Enter the ${RESET_CODE_LENGTH}-digit code from your email and choose a new password.`
        )
      }
    >
      <FormError message={error} />
      <form onSubmit={onSubmit} className="space-y-5">
        <CodeInput digits={digits} onChange={setDigits} disabled={busy} />
        <PasswordField
          id="reset-password"
          label={t`New Password`}
          autoComplete="new-password"
          placeholder={t`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          id="reset-confirm"
          label={t`Confirm Password`}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        <SubmitButton busy={busy} busyLabel={t`Resetting...`} label={t`Reset Password`} />
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        <Trans>
          Remembered it?{' '}
          <Link to={pagePath('/login')} className={linkClass}>
            Back to Login
          </Link>
        </Trans>
      </p>
    </AuthCard>
  );
}
