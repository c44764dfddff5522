import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import { useTablePageTitle } from '../../components/usePageTitle';
import { track } from '../../lib/track';

/** Spec §9: redirects 3 seconds after payment pages. */
export const CANCEL_REDIRECT_MS = 3000;

/** Spec §2 Payment pages, Cancelled: the message, then home after 3 seconds. */
export default function CancelPage() {
  useTablePageTitle();
  const navigate = useNavigate();
  useEffect(() => track('payment_cancelled'), []);
  useEffect(() => {
    const t = setTimeout(() => navigate('/', { replace: true }), CANCEL_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate]);

  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-red-100 text-brand">
        <Icon className="h-10 w-10" strokeWidth={2.5} strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M9 9l6 6M15 9l-6 6" />
        </Icon>
      </span>
      <h1 className="mt-6 text-3xl font-extrabold text-stone-900">
        <Trans>Payment cancelled</Trans>
      </h1>
      <p className="mt-3 text-lg text-stone-700">
        <Trans>Your payment was cancelled. No charges were made to your account.</Trans>
      </p>
      <p className="mt-6 text-sm text-stone-600">
        <Trans>You will be taken to the home page in 3 seconds.</Trans>
      </p>
      <Link to="/" replace className="mt-2 font-semibold text-brand underline underline-offset-4">
        <Trans>Go to the home page now</Trans>
      </Link>
    </main>
  );
}
