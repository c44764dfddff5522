/** Sign in (spec §2, §4 Login, §8): username (the e-mail) and password. */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import {
  AuthCard,
  FormError,
  linkClass,
  primaryButtonClass,
  Spinner,
  TextField,
} from '../../components/form';
import { PasswordField } from '../../components/PasswordField';
import { usePageTitle } from '../../components/usePageTitle';
import { startSession } from '../../lib/session';

/** Where the guard or an expired session wanted to go; only paths inside this site. */
function rememberedPage(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login')
    return from;
  return '/';
}

export default function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    const email = username.trim();
    try {
      const pair = await login(email, password);
      startSession(pair, email);
      // Nothing of an earlier account (after an expired session) may show for this one.
      queryClient.removeQueries({ queryKey: ['account'] });
      navigate(rememberedPage(location.state), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setError('Invalid username or password!');
        setPassword('');
      } else if (err instanceof ApiError && err.status === 429) {
        // Rate limited: the server's message says how long to wait, which helps more than 'try again'.
        setError(errorMessage(err, 'Something went wrong! Please try again.'));
      } else {
        setError('Something went wrong! Please try again.');
      }
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to manage your tickets.">
      <FormError message={error} />
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField
          id="login-username"
          label="Username"
          type="text"
          inputMode="email"
          autoComplete="username"
          placeholder="Your email address"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
        <div>
          <PasswordField id="login-password" label="Password" value={password} onChange={setPassword} />
          <div className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className={linkClass}>
              Forgot password?
            </Link>
          </div>
        </div>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? (
            <>
              <Spinner /> Signing in...
            </>
          ) : (
            'Sign In'
          )}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        New here?{' '}
        <Link to="/registation" className={linkClass}>
          Create Account
        </Link>
      </p>
    </AuthCard>
  );
}
