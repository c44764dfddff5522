/** Create account (spec §2, §4 Registration, §5, §8). */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHONE_MIN_DIGITS, pagePath, validateRegistration } from '@rome/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { register } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { AuthCard, FormError, linkClass, SubmitButton, TextField } from '../../components/form';
import { PasswordField } from '../../components/PasswordField';
import { useTablePageTitle } from '../../components/usePageTitle';
import { contractText } from '../../lib/contractText';
import { readSignInState } from '../../lib/signInState';
import { track } from '../../lib/track';

const tryAgain = msg`An error occurred. Please try again.`;

/** Spec §8: the server's error as is; a non-OK answer its detail or the status; otherwise generic. */
function registrationError(err: unknown): string {
  return err instanceof ApiError
    ? errorMessage(err, i18n._(msg`HTTP error! status: ${err.status}`))
    : i18n._(tryAgain);
}

export default function RegisterPage() {
  useTablePageTitle();
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState({ full_name: '', email: '', phone_number: '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const field =
    (name: keyof typeof form) =>
    (e: ChangeEvent<HTMLInputElement>): void =>
      setForm((f) => ({ ...f, [name]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = validateRegistration({
      email: form.email,
      phone_number: form.phone_number,
      password,
      confirm_password: confirm,
    });
    setError(contractText(problem));
    if (problem) return;
    setBusy(true);
    try {
      const res = await register({
        full_name: form.full_name.trim(),
        email: form.email.trim(),
        phone_number: form.phone_number.trim(),
        password,
      });
      if (res.registered) {
        track('register', { email: form.email.trim() });
        // Spec §4: to /login. It says the account was created and has the e-mail filled in; a guest
        // who came from Checkout keeps their way back to the ticket.
        navigate(pagePath('/login'), {
          state: { ...readSignInState(location.state), registered: form.email.trim() },
        });
        return;
      }
      setError(t(tryAgain));
    } catch (err) {
      setError(registrationError(err));
    }
    setBusy(false);
  }

  return (
    <AuthCard
      title={t`Create Account`}
      subtitle={t`Book faster and keep all your Rome tickets in one place.`}
    >
      <FormError message={error} />
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          id="register-name"
          label={t`Full Name`}
          autoComplete="name"
          value={form.full_name}
          onChange={field('full_name')}
          required
        />
        <TextField
          id="register-email"
          label={t`Email Address`}
          type="text"
          inputMode="email"
          autoComplete="email"
          value={form.email}
          onChange={field('email')}
          required
        />
        <TextField
          id="register-phone"
          label={t`Phone Number`}
          type="tel"
          autoComplete="tel"
          placeholder={t`At least ${PHONE_MIN_DIGITS} digits`}
          value={form.phone_number}
          onChange={field('phone_number')}
          required
        />
        <PasswordField
          id="register-password"
          label={t`Password`}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          id="register-confirm"
          label={t`Confirm Password`}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        <SubmitButton busy={busy} busyLabel={t`Processing...`} label={t`Create Account`} className="mt-2" />
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        <Trans>
          Already have an account?{' '}
          <Link to={pagePath('/login')} state={location.state} className={linkClass}>
            Sign in
          </Link>
        </Trans>
      </p>
    </AuthCard>
  );
}
