/**
 * The operators' console (/operator, decision 066): an operator's people see and change their own
 * operator's things as far as their role allows (contract OPERATOR_RIGHTS): products and prices, times,
 * closures for strikes and weather (the dashboard's disruption console, narrowed to the operator),
 * bookings, redemptions, agents and the statement. A superuser sees every operator. The invitation's e-mailed link
 * opens this page with `?invitation=`: taken here, signed in with the invited address. A manager
 * without an authenticator is led to set one up first (decision 051). The server checks every call;
 * the tabs only leave out what the role cannot open.
 */
import {
  OPERATOR_RIGHTS,
  OPERATOR_ROLE_WORDS,
  type OperatorMembership,
  type OperatorRole,
  pagePath,
} from '@rome/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { call, errorMessage } from '../../api/client';
import { secondFactorState } from '../../api/second-factor';
import { StaffFrame } from '../../components/StaffFrame';
import { StepUpDialog } from '../../components/StepUpDialog';
import { useTablePageTitle } from '../../components/usePageTitle';
import { useHasAccessToken } from '../../lib/session';
import { AgentsPanel } from './panels/AgentsPanel';
import { BookingsPanel, RedemptionsPanel } from './panels/OrdersPanels';
import { ProductsPanel } from './panels/ProductsPanel';
import { StatementPanel } from './panels/StatementPanel';
import { TimesPanel } from './panels/TimesPanel';

/** The closures' console, shared with the superusers' dashboard: a manager's tab, loaded when opened. */
const DisruptionConsole = lazy(() => import('../../components/DisruptionConsole'));

const MINE = ['operator', 'mine'] as const;

type Tab = { key: string; label: string; roles: readonly OperatorRole[] };
const TABS: readonly Tab[] = [
  { key: 'products', label: 'Products', roles: OPERATOR_RIGHTS.readProducts },
  { key: 'times', label: 'Times', roles: OPERATOR_RIGHTS.readProducts },
  { key: 'bookings', label: 'Bookings', roles: OPERATOR_RIGHTS.readBookings },
  { key: 'redemptions', label: 'Redemptions', roles: OPERATOR_RIGHTS.readRedemptions },
  { key: 'closures', label: 'Closures', roles: OPERATOR_RIGHTS.closeForDisruption },
  { key: 'agents', label: 'Agents', roles: OPERATOR_RIGHTS.manageAgents },
  { key: 'statement', label: 'Statement', roles: OPERATOR_RIGHTS.readStatements },
];

export default function OperatorConsolePage() {
  useTablePageTitle();
  const location = useLocation();
  const hasToken = useHasAccessToken();
  if (!hasToken)
    return <Navigate to={pagePath('/login')} replace state={{ from: location.pathname + location.search }} />;
  return (
    <StaffFrame>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Operator Console</h1>
      <Console />
    </StaffFrame>
  );
}

function Console() {
  const [params, setParams] = useSearchParams();
  const invitation = params.get('invitation');
  const accept = useMutation({
    mutationFn: (token: string) => call('POST /api/operator/invitations/accept/', { body: { token } }),
  });
  // The link is taken once, as the page opens; the token then leaves the address bar.
  const taken = useRef(false);
  useEffect(() => {
    if (!invitation || taken.current) return;
    taken.current = true;
    accept.mutate(invitation);
    setParams(
      (p) => {
        p.delete('invitation');
        return p;
      },
      { replace: true },
    );
  }, [invitation, accept, setParams]);

  // With an invitation in the address, the list is read once it is taken (or refused): a list read
  // meanwhile would say 'No operator yet' to the person who just joined.
  const [opening] = useState(() => invitation !== null);
  const mine = useQuery({
    queryKey: MINE,
    queryFn: ({ signal }) => call('GET /api/operator/', {}, { signal }),
    enabled: !opening || accept.isSuccess || accept.isError,
  });
  const factor = useQuery({
    queryKey: ['operator', 'second-factor'],
    queryFn: () => secondFactorState(),
    retry: false,
  });

  const notice = accept.isSuccess ? (
    <p
      role="status"
      className="mt-4 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-300"
    >
      {accept.data.message} {accept.data.operator.name}, {accept.data.operator.role}.
    </p>
  ) : accept.isError ? (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-300">
      {errorMessage(accept.error, 'The invitation could not be taken.')}
    </p>
  ) : null;

  if (mine.isPending || factor.isPending || accept.isPending)
    return (
      <p role="status" className="mt-6 text-stone-600">
        Checking access...
      </p>
    );
  if (mine.isError)
    return (
      <p role="alert" className="mt-6 text-red-800">
        {errorMessage(mine.error, 'Your operators could not be loaded.')}
      </p>
    );
  const operators = mine.data.operators;
  if (operators.length === 0)
    return (
      <>
        {notice}
        <div className="mt-6 max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <h2 className="text-xl font-bold text-stone-900">No operator yet</h2>
          <p className="mt-2 text-stone-700">
            This console is for the people of the shop's operators. Ask the shop to invite you, then open the
            link in the e-mail while signed in with the address it was sent to.
          </p>
        </div>
      </>
    );
  if (factor.data?.required && !factor.data.enabled)
    return (
      <>
        {notice}
        <div className="mt-6 max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <h2 className="text-xl font-bold text-stone-900">Set up two-step sign-in first</h2>
          <p className="mt-2 text-stone-700">
            Managers sign in with a password and a code from an authenticator app. Set up yours on your
            account page; the console opens once it is on.
          </p>
          <Link
            to={`${pagePath('/profile')}#second-factor`}
            className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
          >
            Set up two-step sign-in
          </Link>
        </div>
      </>
    );
  return (
    <>
      {notice}
      <Operator operators={operators} superuser={mine.data.superuser} />
    </>
  );
}

function Operator({ operators, superuser }: { operators: OperatorMembership[]; superuser: boolean }) {
  const [folder, setFolder] = useState(operators[0].folder_id);
  const current = operators.find((o) => o.folder_id === folder) ?? operators[0];
  const tabs = TABS.filter((t) => t.roles.includes(current.role));
  const [tab, setTab] = useState(tabs[0].key);
  const shown = tabs.find((t) => t.key === tab) ?? tabs[0];
  const ids = { operator: useId(), tabs: useId() };
  const manager = current.role === 'manager';
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        {operators.length > 1 ? (
          <div className="flex flex-col">
            <label htmlFor={ids.operator} className="text-sm font-medium text-stone-700">
              Operator
            </label>
            <select
              id={ids.operator}
              value={current.folder_id}
              onChange={(e) => setFolder(Number(e.target.value))}
              className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2"
            >
              {operators.map((o) => (
                <option key={o.folder_id} value={o.folder_id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="text-xl font-bold text-stone-900">{current.name}</p>
        )}
        <p className="text-sm text-stone-600">
          {superuser ? 'Superuser: every operator, as its manager.' : OPERATOR_ROLE_WORDS[current.role]}
        </p>
      </div>
      <div role="tablist" aria-labelledby={ids.tabs} className="mt-5 flex flex-wrap gap-2">
        <span id={ids.tabs} className="sr-only">
          Console sections
        </span>
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={t.key === shown.key}
            aria-controls={`panel-${t.key}`}
            onClick={() => setTab(t.key)}
            className={`rounded-full px-4 py-2 text-sm font-semibold ring-1 ${
              t.key === shown.key
                ? 'bg-stone-900 text-white ring-stone-900'
                : 'bg-white text-stone-800 ring-stone-300'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section
        role="tabpanel"
        id={`panel-${shown.key}`}
        aria-labelledby={`tab-${shown.key}`}
        className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        {shown.key === 'products' && <ProductsPanel key={folder} folder={folder} manager={manager} />}
        {shown.key === 'times' && <TimesPanel key={folder} folder={folder} manager={manager} />}
        {shown.key === 'bookings' && <BookingsPanel key={folder} folder={folder} />}
        {shown.key === 'redemptions' && <RedemptionsPanel key={folder} folder={folder} />}
        {shown.key === 'closures' && (
          <Suspense fallback={<p role="status">Loading closures...</p>}>
            <DisruptionConsole key={folder} folder={folder} />
          </Suspense>
        )}
        {shown.key === 'agents' && <AgentsPanel key={folder} folder={folder} />}
        {shown.key === 'statement' && (
          <StatementPanel key={folder} folder={folder} slug={current.company_slug} />
        )}
      </section>
      <StepUpDialog />
    </div>
  );
}
