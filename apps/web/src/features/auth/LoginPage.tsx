/**
 * Sign in (spec §2, §4 Login, §8): username (the e-mail) and password; for an account with an
 * authenticator app, a second step asks for its code or a recovery code (decision 051).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { pagePath } from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { signInWithCode } from '../../api/second-factor';
import { AuthCard, FormError, linkClass, SubmitButton, TextField } from '../../components/form';
import { PasswordField } from '../../components/PasswordField';
import { useTablePageTitle } from '../../components/usePageTitle';
import { startSession } from '../../lib/session';
import { readSignInState } from '../../lib/signInState';

/** Where the guard, an expired session or a guest's Checkout wanted to go; only paths inside this site. */
function rememberedPage(from: string | undefined): string {
  if (from && !/^\/login\/?$/.test(from)) return from;
  return '/';
}

export default function LoginPage() {
  useTablePageTitle();
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const carried = readSignInState(location.state);
  // Just registered: the new account's e-mail is filled in (the password is never carried).
  const [username, setUsername] = useState(carried.registered ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The password step's proof while the second step asks for the code (decision 051).
  const [pending, setPending] = useState<{ proof: string; email: string } | null>(null);
  const [code, setCode] = useState('');

  async function signedIn(pair: { access: string; refresh: string }, email: string, setUp: boolean) {
    await startSession(pair, email);
    // Nothing of an earlier account (after an expired session) may show for this one.
    queryClient.removeQueries({ queryKey: ['account'] });
    // A superuser without an authenticator sets one up before anything else (decision 051).
    if (setUp) {
      navigate(`${pagePath('/profile')}#second-factor`, { replace: true });
      return;
    }
    // The ticket choice goes back with the visitor, so the ticket page shows it again.
    navigate(rememberedPage(carried.from), {
      replace: true,
      state: carried.selection ? { selection: carried.selection } : undefined,
    });
  }

  async function onCode(e: FormEvent) {
    e.preventDefault();
    if (busy || !pending) return;
    setError(null);
    setBusy(true);
    try {
      await signedIn(await signInWithCode(pending.proof, code.trim()), pending.email, false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // The proof is over (5 minutes): back to the password.
        setPending(null);
        setPassword('');
      }
      setCode('');
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
      setBusy(false);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    const email = username.trim();
    try {
      const answer = await login(email, password);
      if ('pending' in answer) {
        setPending({ proof: answer.pending, email });
        setPassword('');
        setBusy(false);
        return;
      }
      await signedIn(answer, email, answer.second_factor_setup === true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setError(t`Invalid username or password!`);
        setPassword('');
      } else if (err instanceof ApiError && err.status === 429) {
        // Rate limited: the server's message says how long to wait, which helps more than 'try again'.
        setError(errorMessage(err, t`Something went wrong! Please try again.`));
      } else {
        setError(t`Something went wrong! Please try again.`);
      }
      setBusy(false);
    }
  }

  if (pending)
    return (
      <AuthCard title={t`Sign In`} subtitle={t`Enter the code from your authenticator app.`}>
        <FormError message={error} />
        <form onSubmit={onCode} className="space-y-5">
          <div>
            <TextField
              id="login-code"
              label={t`Authentication code`}
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby="login-code-hint"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
            <p id="login-code-hint" className="mt-2 text-sm text-stone-600">
              <Trans>The 6-digit code your app shows now, or one of your recovery codes.</Trans>
            </p>
          </div>
          <SubmitButton busy={busy} busyLabel={t`Signing in...`} label={t`Verify`} />
        </form>
        <p className="mt-6 text-center text-sm">
          <button
            type="button"
            className={linkClass}
            onClick={() => {
              setPending(null);
              setCode('');
              setError(null);
            }}
          >
            <Trans>Sign in with another account</Trans>
          </button>
        </p>
      </AuthCard>
    );

  return (
    <AuthCard title={t`Sign In`} subtitle={t`Welcome back! Sign in to manage your tickets.`}>
      {carried.registered ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-green-50 px-4 py-3 text-green-900 ring-1 ring-green-200"
        >
          {carried.reason === 'checkout' ? (
            <Trans>Your account has been created. Sign in with your password to continue to checkout.</Trans>
          ) : (
            <Trans>Your account has been created. Sign in with your password.</Trans>
          )}
        </p>
      ) : carried.reason === 'checkout' ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-stone-900 ring-1 ring-amber-200"
        >
          <Trans>
            Please sign in or create an account to check out. Your ticket choice is kept: you go back to it
            after signing in.
          </Trans>
        </p>
      ) : null}
      <FormError message={error} />
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField
          id="login-username"
          label={t`Username`}
          type="text"
          inputMode="email"
          autoComplete="username"
          placeholder={t`Your email address`}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
        <div>
          <PasswordField id="login-password" label={t`Password`} value={password} onChange={setPassword} />
          <div className="mt-2 text-right text-sm">
            <Link to={pagePath('/forgot-password')} className={linkClass}>
              <Trans>Forgot password?</Trans>
            </Link>
          </div>
        </div>
        <SubmitButton busy={busy} busyLabel={t`Signing in...`} label={t`Sign In`} />
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {/* What brought the visitor here goes along, so registering leads back to it as well. */}
        <Trans>
          New here?{' '}
          <Link to={pagePath('/registation')} state={location.state} className={linkClass}>
            Create Account
          </Link>
        </Trans>
      </p>
      <p className="mt-3 text-center text-sm text-stone-700">
        <Trans>
          Bought a ticket and lost the e-mail?{' '}
          <Link to={pagePath('/find-tickets')} className={linkClass}>
            Find my tickets
          </Link>
        </Trans>
      </p>
    </AuthCard>
  );
}
