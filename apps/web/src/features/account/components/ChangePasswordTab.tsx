/** Change Password tab (spec §2, §5, §8). The server answers a new token pair, which is stored. */
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGES } from '@rome/contract';
import { type FormEvent, useState } from 'react';
import { useChangePassword } from '../../../api/account';
import { ApiError, errorMessage } from '../../../api/client';
import { FormError, Spinner } from '../../../components/form';
import { PasswordField } from '../../../components/PasswordField';
import { contractText } from '../../../lib/contractText';
import toast from '../../../lib/toast';
import { primaryButton } from './styles';

export function ChangePasswordTab() {
  const { t } = useLingui();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (change.isPending) return;
    if (next !== confirm) {
      setError(contractText(MESSAGES.changePasswords));
      return;
    }
    setError(null);
    try {
      await change.mutateAsync({ current_password: current, new_password: next });
      toast.success(t`Password changed successfully`);
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (err) {
      toast.error(
        err instanceof ApiError
          ? errorMessage(err, t`Failed to change password`)
          : t`An error occurred. Please try again.`,
      );
    }
  }

  return (
    <form onSubmit={onSubmit} className="max-w-xl">
      <h2 className="text-xl font-bold text-stone-900">
        <Trans>Change Password</Trans>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <Trans>Enter your current password, then choose a new one.</Trans>
      </p>
      <div className="mt-6 space-y-5">
        <FormError message={error} />
        <PasswordField
          id="current-password"
          label={t`Current Password`}
          value={current}
          onChange={setCurrent}
        />
        <PasswordField
          id="new-password"
          label={t`New Password`}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        <PasswordField
          id="confirm-new-password"
          label={t`Confirm New Password`}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
      </div>
      <button type="submit" disabled={change.isPending} className={`${primaryButton} mt-7`}>
        {change.isPending ? (
          <>
            <Spinner /> <Trans>Changing Password...</Trans>
          </>
        ) : (
          t`Change Password`
        )}
      </button>
    </form>
  );
}
