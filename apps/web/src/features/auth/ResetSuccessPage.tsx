/** Reset confirmation (spec §2 Password reset). Only reachable after a completed reset. */
import { Trans, useLingui } from '@lingui/react/macro';
import { pagePath } from '@rome/contract';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AuthCard, primaryButtonClass } from '../../components/form';
import { Icon } from '../../components/Icon';
import { useTablePageTitle } from '../../components/usePageTitle';
import { resetFlow } from '../../lib/session';

export default function ResetSuccessPage() {
  useTablePageTitle();
  const { t } = useLingui();
  const [completed] = useState(resetFlow.completed);
  if (!completed) return <Navigate to={pagePath('/forgot-password')} replace />;
  return (
    <AuthCard title={t`Password Reset Successful!`}>
      <div className="text-center">
        <span className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <Icon className="h-8 w-8" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 13l4 4L19 7" />
          </Icon>
        </span>
        <p className="text-stone-700">
          <Trans>Your password has been successfully reset. You can now log in with your new password.</Trans>
        </p>
        <Link to={pagePath('/login')} className={`${primaryButtonClass} mt-6`}>
          <Trans>Back to Login</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
