/**
 * Two-step sign-in (decision 051): turn an authenticator app on (a QR code and the key as text, a first
 * code to confirm, then the ten recovery codes, shown once), or off with the password and a code where
 * the account's role allows it. Superusers must have it: their account page opens here after sign-in.
 * Loaded on its own (lazy) when the account page shows: nothing of it travels with the other pages.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  confirmSecondFactor,
  secondFactorState,
  startSecondFactor,
  turnOffSecondFactor,
} from '../../../api/second-factor';
import { FormError, Spinner, TextField } from '../../../components/form';
import { PasswordField } from '../../../components/PasswordField';
import toast from '../../../lib/toast';
import { primaryButton, secondaryButton } from './styles';

const STATE_KEY = ['account', 'second-factor'] as const;

type Setup = { secret: string; qr_svg: string };

/** The key in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export default function SecondFactorSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: STATE_KEY,
    queryFn: () => secondFactorState(),
    retry: false,
  });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);

  // Sent here after sign-in (#second-factor): the section comes into view.
  useEffect(() => {
    if (state.data && window.location.hash === '#second-factor') section.current?.scrollIntoView();
  }, [state.data]);

  const reset = () => {
    setCode('');
    setPassword('');
    setError(null);
    setBusy(false);
  };

  async function begin() {
    if (busy) return;
    reset();
    setBusy(true);
    try {
      const started = await startSecondFactor();
      setSetup({ secret: started.secret, qr_svg: started.qr_svg });
    } catch (err) {
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
    }
    setBusy(false);
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const { recovery_codes } = await confirmSecondFactor(code.trim());
      setSetup(null);
      setCodes(recovery_codes);
      reset();
      await queryClient.invalidateQueries({ queryKey: STATE_KEY });
    } catch (err) {
      setCode('');
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
      setBusy(false);
    }
  }

  async function turnOff(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await turnOffSecondFactor(password, code.trim());
      setTurningOff(false);
      reset();
      toast.success(t`Two-step sign-in is off.`);
      await queryClient.invalidateQueries({ queryKey: STATE_KEY });
    } catch (err) {
      setCode('');
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
      setBusy(false);
    }
  }

  const s = state.data;
  return (
    <section
      id="second-factor"
      ref={section}
      aria-labelledby="second-factor-title"
      className="mt-6 scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8"
    >
      <h2 id="second-factor-title" className="text-xl font-bold text-stone-900">
        <Trans>Two-step sign-in</Trans>
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-600">
        <Trans>
          Sign in with your password and a code from an authenticator app on your phone, so that your password
          alone is not enough.
        </Trans>
      </p>
      {!s ? (
        state.isPending ? (
          <div className="mt-4">
            <Spinner className="h-6 w-6 text-brand" />
          </div>
        ) : (
          <FormError message={t`Something went wrong! Please try again.`} />
        )
      ) : codes ? (
        <div className="mt-6 max-w-xl">
          <h3 className="font-semibold text-stone-900">
            <Trans>Your recovery codes</Trans>
          </h3>
          <p className="mt-1 text-sm text-stone-700">
            <Trans>
              Two-step sign-in is on. Keep these codes somewhere safe: if you lose your phone, each one signs
              you in once. They are shown only now.
            </Trans>
          </p>
          <ul
            aria-label={t`Recovery codes`}
            className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-stone-50 p-4 font-mono text-base text-stone-900 ring-1 ring-stone-200"
          >
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <button type="button" className={`${primaryButton} mt-4`} onClick={() => setCodes(null)}>
            <Trans>I have saved them</Trans>
          </button>
        </div>
      ) : setup ? (
        <form onSubmit={confirm} className="mt-6 max-w-xl space-y-5">
          <p className="text-stone-800">
            <Trans>Scan this QR code with your authenticator app, or type the key into it.</Trans>
          </p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
            alt={t`QR code to scan with your authenticator app`}
            width={192}
            height={192}
            className="h-48 w-48 rounded-lg ring-1 ring-stone-200"
          />
          <p className="text-sm text-stone-700">
            <Trans>Key:</Trans>{' '}
            <code data-testid="second-factor-key" className="font-mono text-base break-all text-stone-900">
              {grouped(setup.secret)}
            </code>
          </p>
          <FormError message={error} />
          <TextField
            id="second-factor-first-code"
            label={t`Code from the app`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? <Spinner /> : null}
              <Trans>Confirm</Trans>
            </button>
            <button
              type="button"
              disabled={busy}
              className={secondaryButton}
              onClick={() => {
                setSetup(null);
                reset();
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : s.enabled ? (
        <div className="mt-6 max-w-xl">
          <p className="font-semibold text-green-800">
            <Trans>On: signing in asks for a code from your authenticator app.</Trans>
          </p>
          <p className="mt-1 text-sm text-stone-700">
            <Trans>Recovery codes left: {s.recovery_codes_left}</Trans>
          </p>
          {s.required ? (
            <p className="mt-1 text-sm text-stone-700">
              <Trans>Your role needs two-step sign-in: it cannot be turned off.</Trans>
            </p>
          ) : turningOff ? (
            <form onSubmit={turnOff} className="mt-4 space-y-5">
              <FormError message={error} />
              <PasswordField
                id="second-factor-off-password"
                label={t`Enter your password to confirm`}
                value={password}
                onChange={setPassword}
              />
              <TextField
                id="second-factor-off-code"
                label={t`Authentication code`}
                type="text"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                required
              />
              <div className="flex flex-wrap gap-3">
                <button type="submit" disabled={busy} className={primaryButton}>
                  {busy ? <Spinner /> : null}
                  <Trans>Turn off two-step sign-in</Trans>
                </button>
                <button
                  type="button"
                  disabled={busy}
                  className={secondaryButton}
                  onClick={() => {
                    setTurningOff(false);
                    reset();
                  }}
                >
                  <Trans>Cancel</Trans>
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setTurningOff(true)}>
              <Trans>Turn off</Trans>
            </button>
          )}
        </div>
      ) : (
        <div className="mt-6 max-w-xl">
          {s.required ? (
            <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-stone-900 ring-1 ring-amber-200">
              <Trans>
                Your account needs two-step sign-in. Set up your authenticator app now: until then, the staff
                pages stay closed.
              </Trans>
            </p>
          ) : null}
          <FormError message={error} />
          <button type="button" disabled={busy} className={`${primaryButton} mt-4`} onClick={begin}>
            {busy ? <Spinner /> : null}
            <Trans>Turn on two-step sign-in</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
