/**
 * Your data (GDPR's rights of access and erasure): download everything the shop holds about the
 * account as JSON, and delete the account after a confirm step that asks for the password. Deletion
 * erases the personal data and keeps the orders anonymised for accounting; every sign-in ends.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchMyData, useDeleteAccount } from '../../../api/account';
import { ApiError, errorMessage } from '../../../api/client';
import { FormError, Spinner } from '../../../components/form';
import type { PageNoticeKey } from '../../../components/PageNotice';
import { PasswordField } from '../../../components/PasswordField';
import { saveFile } from '../../../lib/download';
import toast from '../../../lib/toast';
import { primaryButton, secondaryButton } from './styles';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70';

export const MY_DATA_FILE = 'rome-bus-tickets-my-data.json';

export function DataRightsSection() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      const data = await fetchMyData();
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), MY_DATA_FILE);
    } catch (err) {
      toast.error(errorMessage(err, t`Failed to download your data`));
    }
    setDownloading(false);
  }

  async function onDelete(e: FormEvent) {
    e.preventDefault();
    if (remove.isPending) return;
    setError(null);
    try {
      await remove.mutateAsync(password);
      // The home page says what happened, until the visitor closes it (components/PageNotice.tsx).
      navigate('/', { replace: true, state: { notice: 'accountDeleted' satisfies PageNoticeKey } });
    } catch (err) {
      setError(
        err instanceof ApiError
          ? errorMessage(err, t`Failed to delete your account`)
          : t`An error occurred. Please try again.`,
      );
    }
  }

  function cancel() {
    setConfirming(false);
    setPassword('');
    setError(null);
  }

  return (
    <section
      aria-labelledby="data-rights-title"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8"
    >
      <h2 id="data-rights-title" className="text-xl font-bold text-stone-900">
        <Trans>Your Data</Trans>
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-600">
        <Trans>
          Download everything we hold about you as a JSON file, or delete your account. Deleting erases your
          name, email address, phone number and sign-ins; your orders are kept without your name for our
          accounts.
        </Trans>
      </p>
      {confirming ? (
        <form onSubmit={onDelete} className="mt-6 max-w-xl space-y-5">
          <p className="font-semibold text-red-800">
            <Trans>This cannot be undone. Your tickets will no longer appear anywhere in your account.</Trans>
          </p>
          <FormError message={error} />
          <PasswordField
            id="delete-account-password"
            label={t`Enter your password to confirm`}
            value={password}
            onChange={setPassword}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={remove.isPending} className={dangerButton}>
              {remove.isPending ? <Spinner /> : null}
              <Trans>Delete my account permanently</Trans>
            </button>
            <button type="button" onClick={cancel} disabled={remove.isPending} className={secondaryButton}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" onClick={download} disabled={downloading} className={primaryButton}>
            {downloading ? <Spinner /> : null}
            <Trans>Download my data</Trans>
          </button>
          <button type="button" onClick={() => setConfirming(true)} className={secondaryButton}>
            <Trans>Delete my account</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
