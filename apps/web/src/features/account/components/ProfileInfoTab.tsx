/**
 * Profile tab (spec §2, §4 Profile editing, §8): e-mail and phone editable after 'Edit Profile'. A
 * changed e-mail address asks for the current password, so a session left open cannot move the
 * account elsewhere: the previous address is told, with a link that undoes the change, and the
 * account's other sign-ins end.
 */

import { Trans, useLingui } from '@lingui/react/macro';
import type { Profile } from '@rome/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useUpdateProfile } from '../../../api/account';
import { ApiError, errorMessage } from '../../../api/client';
import { inputClass, labelClass, Spinner } from '../../../components/form';
import { PasswordField } from '../../../components/PasswordField';
import toast from '../../../lib/toast';
import { primaryButton, secondaryButton } from './styles';

export function ProfileInfoTab({ profile }: { profile: Profile | undefined }) {
  const { t } = useLingui();
  const original = { email: profile?.email ?? '', phone_number: profile?.phone_number ?? '' };
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(original);
  const [password, setPassword] = useState('');
  const update = useUpdateProfile();
  const emailChanged = editing && values.email.trim().toLowerCase() !== original.email.toLowerCase();

  // The profile reloads after a save: show what the server now holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the loaded values change
  useEffect(() => {
    if (!editing) setValues(original);
  }, [profile?.email, profile?.phone_number]);

  function cancel() {
    setValues(original);
    setPassword('');
    setEditing(false);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    try {
      await update.mutateAsync({
        email: values.email.trim(),
        phone_number: values.phone_number.trim(),
        ...(emailChanged ? { current_password: password } : {}),
      });
      toast.success(
        emailChanged
          ? t`Profile updated successfully. Your previous address was told, and other devices were signed out.`
          : t`Profile updated successfully`,
      );
      setPassword('');
      setEditing(false);
    } catch (err) {
      toast.error(
        err instanceof ApiError
          ? errorMessage(err, t`Failed to update profile`)
          : t`An error occurred. Please try again.`,
      );
    }
  }

  return (
    <form onSubmit={onSubmit} className="max-w-xl">
      <h2 className="text-xl font-bold text-stone-900">
        <Trans>Profile Information</Trans>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <Trans>Your contact details for bookings and tickets.</Trans>
      </p>
      <div className="mt-6 space-y-5">
        <div>
          <label htmlFor="profile-username" className={labelClass}>
            <Trans>Username</Trans>
          </label>
          <input
            id="profile-username"
            className={`${inputClass} text-stone-700`}
            value={profile?.username ?? ''}
            readOnly
            aria-describedby="profile-username-hint"
          />
          <p id="profile-username-hint" className="mt-1 text-xs text-stone-600">
            <Trans>Your username cannot be changed.</Trans>
          </p>
        </div>
        <div>
          <label htmlFor="profile-email" className={labelClass}>
            <Trans>Email</Trans>
          </label>
          <input
            id="profile-email"
            type="email"
            autoComplete="email"
            className={inputClass}
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            readOnly={!editing}
            required
          />
        </div>
        <div>
          <label htmlFor="profile-phone" className={labelClass}>
            <Trans>Phone Number</Trans>
          </label>
          <input
            id="profile-phone"
            type="tel"
            autoComplete="tel"
            className={inputClass}
            value={values.phone_number}
            onChange={(e) => setValues((v) => ({ ...v, phone_number: e.target.value }))}
            readOnly={!editing}
          />
        </div>
        {emailChanged ? (
          <div>
            <PasswordField
              id="profile-current-password"
              label={t`Current Password`}
              value={password}
              onChange={setPassword}
            />
            <p className="mt-1 text-xs text-stone-600">
              <Trans>
                Needed to change your email address. We will tell your previous address, and sign out your
                other devices.
              </Trans>
            </p>
          </div>
        ) : null}
      </div>
      <div className="mt-7 flex flex-wrap gap-3">
        {editing ? (
          <>
            <button key="save" type="submit" disabled={update.isPending} className={primaryButton}>
              {update.isPending ? <Spinner /> : null}
              <Trans>Save Changes</Trans>
            </button>
            <button
              key="cancel"
              type="button"
              onClick={cancel}
              disabled={update.isPending}
              className={secondaryButton}
            >
              <Trans>Cancel</Trans>
            </button>
          </>
        ) : (
          <button key="edit" type="button" onClick={() => setEditing(true)} className={primaryButton}>
            <Trans>Edit Profile</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
