/**
 * After a guest's payment (decision 035): keep the ticket in an account. Not signed in: an account
 * made now with the address the guest bought with (name, phone, password), then the sign-in page with
 * that address filled in, on the way to the purchase history. Signed in since (the ticket opened by the
 * browser's guest cookie): one button moves it into that account.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ERROR_CODES, pagePath } from '@rome/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, call, errorMessage } from '../../api/client';
import { FormError, linkClass, SubmitButton, TextField } from '../../components/form';
import { PasswordField } from '../../components/PasswordField';

export function KeepTicket({ uniqueId, signedIn }: { uniqueId: string; signedIn: boolean }) {
  const { t } = useLingui();
  const uid = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState(false);
  const [kept, setKept] = useState(false);

  const keep = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await call(
        'POST /api/guest-orders/:uniqueId/keep/',
        {
          params: { uniqueId },
          body: signedIn ? {} : { full_name: name, phone_number: phone, password },
        },
        { auth: signedIn },
      );
      if (signedIn) setKept(true);
      // The new account signs in once, and lands where the ticket now is.
      else
        await navigate(pagePath('/login', {}, { slash: true }), {
          state: { registered: answer.email, from: pagePath('/yourticket') },
        });
    } catch (err) {
      setTaken(err instanceof ApiError && err.body?.code === ERROR_CODES.emailTaken);
      setError(errorMessage(err, t`Something went wrong! Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  const box = 'mt-8 rounded-xl bg-stone-50 p-4 text-left ring-1 ring-stone-200';
  if (signedIn)
    return (
      <section className={box} aria-labelledby={`${uid}-title`}>
        <h2 id={`${uid}-title`} className="font-semibold text-stone-900">
          <Trans>Keep this ticket in your account</Trans>
        </h2>
        {kept ? (
          <p role="status" className="mt-2 text-stone-800">
            <Trans>Added to your purchase history.</Trans>{' '}
            <Link to={pagePath('/yourticket')} className={linkClass}>
              <Trans>Go to Purchase History</Trans>
            </Link>
          </p>
        ) : (
          <>
            <FormError message={error} />
            <button
              type="button"
              onClick={() => void keep()}
              disabled={busy}
              className="mt-2 rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              <Trans>Add to my account</Trans>
            </button>
          </>
        )}
      </section>
    );

  return (
    <section className={box} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="font-semibold text-stone-900">
        <Trans>Keep your tickets in an account</Trans>
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        <Trans>
          Optional: your tickets, cancellations and purchase history in one place, under the address you gave.
        </Trans>
      </p>
      <form onSubmit={keep} className="mt-3 space-y-3" noValidate>
        <FormError message={error} />
        {taken && (
          <p className="text-sm">
            <Link
              to={pagePath('/login', {}, { slash: true })}
              state={{ from: location.pathname }}
              className={linkClass}
            >
              <Trans>Sign in</Trans>
            </Link>
          </p>
        )}
        <TextField
          id={`${uid}-name`}
          label={t`Full Name`}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id={`${uid}-phone`}
          label={t`Phone Number`}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <PasswordField
          id={`${uid}-password`}
          label={t`Password`}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <SubmitButton busy={busy} busyLabel={t`Creating account...`} label={t`Create Account`} />
      </form>
    </section>
  );
}
