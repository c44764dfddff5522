/**
 * The account page (spec §2 Account page): guarded by a stored access token, header with the three
 * figures, and the tabs Profile Information, Change Password, Purchase Statistics; below them,
 * Two-step sign-in (decision 051) and Your Data (download everything held about the account, delete
 * it; GDPR).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { pagePath } from '@rome/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useProfile } from '../../api/account';
import { Spinner } from '../../components/form';
import { useTablePageTitle } from '../../components/usePageTitle';
import { pageLocale } from '../../i18n/locale';
import { useHasAccessToken } from '../../lib/session';
import { ChangePasswordTab } from './components/ChangePasswordTab';
import { DataRightsSection } from './components/DataRightsSection';
import { OperatorConsoleLink } from './components/OperatorConsoleLink';
import { ProfileInfoTab } from './components/ProfileInfoTab';
import { StatisticsTab } from './components/StatisticsTab';
import { TabList, TabPanel } from './components/Tabs';
import { euro, formatDay } from './format';

/** Two-step sign-in (decision 051): its own chunk, loaded when the account page shows. */
const SecondFactorSection = lazy(() => import('./components/SecondFactorSection'));

type TabKey = 'profile' | 'password' | 'statistics';
const TABS: { key: TabKey; label: MessageDescriptor }[] = [
  { key: 'profile', label: msg`Profile Information` },
  { key: 'password', label: msg`Change Password` },
  { key: 'statistics', label: msg`Purchase Statistics` },
];

export default function ProfilePage() {
  const location = useLocation();
  const signedIn = useHasAccessToken();
  if (!signedIn)
    return (
      <Navigate
        to={pagePath('/login')}
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  return <AccountPage />;
}

function AccountPage() {
  useTablePageTitle();
  const { t } = useLingui();
  const [tab, setTab] = useState<TabKey>('profile');
  const { data: profile, error, isPending } = useProfile();

  useEffect(() => {
    if (error) console.error('Failed to load profile', error);
  }, [error]);

  if (isPending)
    return (
      <main className="flex min-h-[60vh] items-center justify-center">
        <div role="status" className="flex items-center gap-3 text-stone-700">
          <Spinner className="h-8 w-8 text-brand" />
          <span>
            <Trans>Loading your profile...</Trans>
          </span>
        </div>
      </main>
    );

  const name = profile?.username || t`Welcome`;
  return (
    <main className="bg-stone-100 pb-16">
      <div className="bg-linear-to-br from-brand to-brand-dark pt-10 pb-24 text-white sm:pt-12">
        <div className="mx-auto flex max-w-5xl items-center gap-4 px-4 sm:px-6">
          <span
            aria-hidden="true"
            className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-accent text-2xl font-bold text-brand-dark sm:h-16 sm:w-16"
          >
            {name[0].toUpperCase()}
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold sm:text-3xl">{name}</h1>
            <p className="mt-1 text-sm text-white/90 sm:text-base">
              <Trans>Manage your account settings and view your travel history</Trans>
            </p>
          </div>
        </div>
      </div>

      <div className="mx-auto -mt-16 max-w-5xl px-4 sm:px-6">
        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          <Figure label={t`Total Bookings`} value={String(profile?.total_bookings ?? 0)} />
          <Figure label={t`Member Since`} value={formatDay(profile?.member_since, pageLocale)} />
          <Figure label={t`Total Spent`} value={euro(profile?.total_spent, pageLocale)} />
        </dl>

        <div className="mt-6 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <TabList
            tabs={TABS.map(({ key, label }) => ({ key, label: t(label) }))}
            active={tab}
            onSelect={setTab}
            label={t`Account sections`}
            idPrefix="account"
          />
          <TabPanel idPrefix="account" tabKey={tab}>
            {tab === 'profile' ? <ProfileInfoTab profile={profile} /> : null}
            {tab === 'password' ? <ChangePasswordTab /> : null}
            {tab === 'statistics' ? <StatisticsTab /> : null}
          </TabPanel>
        </div>
        <OperatorConsoleLink />
        <Suspense fallback={null}>
          <SecondFactorSection />
        </Suspense>
        <DataRightsSection />
      </div>
    </main>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white px-3 py-3 shadow-sm ring-1 ring-stone-200 sm:px-5 sm:py-4">
      <dt className="text-xs font-medium text-stone-600 sm:text-sm">{label}</dt>
      <dd className="mt-1 text-base font-bold text-stone-900 tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}
