/**
 * The staff's password prompt (decision 032): a reseller key, an agent account, a device's revocation
 * or a closure wants the password again, at most ten minutes old. While the dashboard or an operator's
 * console is open it answers the step-up prompt (lib/step-up.ts); the call that asked goes on once
 * confirmed.
 */
import { AUTH_MESSAGES } from '@rome/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { call, errorMessage } from '../api/client';
import { answerStepUps } from '../lib/step-up';
import { buttonPrimary, buttonSecondary, Dialog } from './Dialog';
import { PasswordField } from './PasswordField';

type Answer = { proof: string; seconds: number } | null;

export function StepUpDialog() {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const settle = useRef<((answer: Answer) => void) | null>(null);
  const fieldId = useId();

  useEffect(
    () =>
      answerStepUps(
        () =>
          new Promise<Answer>((resolve) => {
            settle.current?.(null);
            settle.current = resolve;
            setPassword('');
            setError('');
            setAsking(true);
          }),
      ),
    [],
  );

  const finish = (answer: Answer) => {
    settle.current?.(answer);
    settle.current = null;
    setAsking(false);
    setPassword('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const answer = await call('POST /api/session/step-up/', { body: { password } });
      finish({ proof: answer.step_up, seconds: answer.expires_in });
    } catch (err) {
      setError(errorMessage(err, 'Could not check the password.'));
    } finally {
      setBusy(false);
    }
  };

  if (!asking) return null;
  return (
    <Dialog
      title="Confirm your password"
      onClose={() => finish(null)}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(28rem,calc(100vw-1rem))] max-w-none rounded-xl"
    >
      <form onSubmit={submit} className="space-y-4 p-5">
        <p className="text-sm text-stone-700">
          {AUTH_MESSAGES.stepUpRequired} Keys, agents, their codes, accounts, devices and closures act for the
          shop or move money, so they need your password again.
        </p>
        <PasswordField id={fieldId} label="Password" value={password} onChange={setPassword} />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => finish(null)} className={buttonSecondary}>
            Cancel
          </button>
          <button type="submit" disabled={busy || !password} className={buttonPrimary}>
            Confirm
          </button>
        </div>
      </form>
    </Dialog>
  );
}
