/**
 * The agents' section of the superusers' dashboard (decisions 021 and 023): the claim page's agents
 * (a new agent with its security code, a new code, disabling and enabling), the accounts of the agents'
 * app (the list and a form that makes one), their signed-in devices with revoking (after a confirmation),
 * and the tickets claimed twice. The same calls as `npm run admin -- agent:create|agent:code|
 * agent:disable|agent:enable|agent:account|agent:devices|agent:device-revoke|agent:conflicts` (contract
 * agent-app.api.ts); answer types come from the contract. The writes want the password again
 * (decision 032): the dashboard's StepUpDialog (components/) asks for it when a call is refused for want of it.
 * Every time is Rome time.
 */
import {
  AGENT_ADMIN_MESSAGES,
  AGENT_CODE_LENGTH,
  AGENT_NAME_MAX,
  type ApiAnswer,
  isAgentCode,
  orderReference,
} from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClock, useClockCell } from '../filters';
import { RevokeConfirm, ScrollTable, stackBody, stackHead, stackRow, stackTable, Td, thClass } from './ui';

const AGENTS = ['analytics', 'agents'] as const;
const AGENT_NAMES = ['analytics', 'agent-names'] as const;
const ACCOUNTS = ['analytics', 'agent-accounts'] as const;
const DEVICES = ['analytics', 'agent-devices'] as const;
const CONFLICTS = ['analytics', 'claim-conflicts'] as const;

const cardClass = 'mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200';
const inputClass = 'mt-1 rounded-lg border border-stone-300 px-3 py-2';

/**
 * A list from the API as a table that stacks on phones: its loading text, its error (the server's
 * message), its empty text, else the table with `columns` as headers and `rows(data)` as its body.
 */
function ListTable<D>({
  query,
  count,
  texts,
  label,
  columns,
  rows,
}: {
  query: { isPending: boolean; error: unknown; data?: D };
  count: (data: D) => number;
  texts: { loading: string; failed: string; empty: string };
  label: string;
  columns: ReactNode[];
  rows: (data: D) => ReactNode;
}) {
  if (query.isPending) return <p className="mt-4 text-sm text-stone-600">{texts.loading}</p>;
  if (query.error || query.data === undefined)
    return <p className="mt-4 text-sm text-red-700">{errorMessage(query.error, texts.failed)}</p>;
  if (count(query.data) === 0) return <p className="mt-4 text-sm text-stone-600">{texts.empty}</p>;
  return (
    <div className="mt-4">
      <ScrollTable label={label}>
        <table className={stackTable}>
          <thead className={stackHead}>
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col" className={thClass}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={stackBody}>{rows(query.data)}</tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

export function AgentsSection() {
  return (
    <>
      <ClaimPageAgents />
      <AgentAccounts />
      <AgentDevices />
      <ClaimConflicts />
    </>
  );
}

type ClaimAgent = ApiAnswer<'GET /api/admin/agents/'>['agents'][number];
type Notice = { tone: 'ok' | 'error'; text: string } | null;

/**
 * The spec's agents as the claim page (/verify) offers them: each with its state, its agents'-app
 * account, a new security code and Disable/Enable; and a form that adds an agent with its code. A code
 * is never shown (it is stored hashed); the superuser tells the agent.
 */
function ClaimPageAgents() {
  const { short: zone } = useClock();
  const atClock = useClockCell();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: AGENTS,
    queryFn: ({ signal }) => call('GET /api/admin/agents/', {}, { signal }),
  });
  const [notice, setNotice] = useState<Notice>(null);
  const [formError, setFormError] = useState('');
  const [coding, setCoding] = useState<string | null>(null);
  const changed = () => {
    client.invalidateQueries({ queryKey: AGENTS });
    // The accounts' form offers the active agents' names.
    client.invalidateQueries({ queryKey: AGENT_NAMES });
  };
  const create = useMutation({
    mutationFn: (body: { name: string; code: string }) => call('POST /api/admin/agents/', { body }),
    onSuccess: (answer) => {
      setNotice({ tone: 'ok', text: `Agent ${answer.agent.name} added: offered on the claim page now.` });
      changed();
    },
    onError: (err) => setFormError(errorMessage(err, 'The agent could not be added.')),
  });
  const setCode = useMutation({
    mutationFn: (input: { id: string; code: string }) =>
      call('PUT /api/admin/agents/:id/code/', { params: { id: input.id }, body: { code: input.code } }),
    onSuccess: (answer) => {
      setCoding(null);
      setNotice({
        tone: 'ok',
        text: `New security code set for ${answer.agent.name}: the old one no longer works.`,
      });
      changed();
    },
  });
  const setActive = useMutation({
    mutationFn: (input: { id: string; active: boolean }) =>
      call('PATCH /api/admin/agents/:id/', { params: { id: input.id }, body: { active: input.active } }),
    onSuccess: (answer) => {
      setNotice({
        tone: 'ok',
        text: answer.agent.active
          ? `${answer.agent.name} is active: offered on the claim page again.`
          : `${answer.agent.name} is disabled: no longer offered on the claim page, and its devices are refused.`,
      });
      changed();
    },
    onError: (err) =>
      setNotice({ tone: 'error', text: errorMessage(err, 'The agent could not be changed.') }),
  });
  const ids = { heading: useId(), name: useId(), code: useId(), codeHint: useId() };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const name = String(form.get('name') ?? '');
    const code = String(form.get('code') ?? '');
    setNotice(null);
    setFormError('');
    if (!isAgentCode(code)) {
      setFormError(AGENT_ADMIN_MESSAGES.code);
      return;
    }
    create.mutate({ name, code }, { onSuccess: () => formEl.reset() });
  };

  return (
    <section aria-labelledby={ids.heading} className={cardClass}>
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Agents on the claim page
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        The names an agent picks on a ticket's claim page, each with a {AGENT_CODE_LENGTH}-digit security
        code. A code is stored so that nobody can read it back: tell the agent yourself. A disabled agent is
        not offered, cannot claim, and its agents'-app devices are refused until it is enabled again.
      </p>

      <h3 className="mt-4 text-base font-semibold text-stone-900">New agent</h3>
      <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-3">
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={ids.name} className="text-sm font-medium text-stone-700">
            Agent name
          </label>
          <input
            id={ids.name}
            name="name"
            required
            maxLength={AGENT_NAME_MAX}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <div className="flex w-40 flex-col">
          <label htmlFor={ids.code} className="text-sm font-medium text-stone-700">
            Security code
          </label>
          <input
            id={ids.code}
            name="code"
            type="password"
            inputMode="numeric"
            required
            maxLength={AGENT_CODE_LENGTH}
            autoComplete="new-password"
            aria-describedby={ids.codeHint}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Add agent
        </button>
      </form>
      <p id={ids.codeHint} className="mt-2 text-xs text-stone-600">
        Exactly {AGENT_CODE_LENGTH} digits, typed by the agent on the claim page.
      </p>
      {formError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      {notice && (
        <p
          role={notice.tone === 'ok' ? 'status' : 'alert'}
          className={
            notice.tone === 'ok'
              ? 'mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-300'
              : 'mt-3 text-sm text-red-700'
          }
        >
          {notice.text}
        </p>
      )}

      <ListTable
        query={list}
        count={(data) => data.agents.length}
        texts={{
          loading: 'Loading agents...',
          failed: 'The agents could not be loaded.',
          empty: 'No agents yet: add the first one above.',
        }}
        label="Agents on the claim page list"
        columns={[
          'Agent',
          'Status',
          "Agents' app account",
          `Added (${zone})`,
          <span key="actions" className="sr-only">
            Actions
          </span>,
        ]}
        rows={(data) =>
          data.agents.map((a) => (
            <tr key={a.id} data-testid="claim-agent" className={stackRow}>
              <Td label="Agent" className="font-semibold break-words sm:max-w-64">
                {a.name}
              </Td>
              <Td label="Status" className="whitespace-nowrap">
                {a.active ? (
                  <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    Active
                  </span>
                ) : (
                  <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
                    Disabled
                  </span>
                )}
              </Td>
              <Td label="Agents' app account" className="max-sm:break-all sm:whitespace-nowrap">
                {a.account_email ?? <span className="text-stone-600">None</span>}
              </Td>
              <Td label={`Added (${zone})`} className="whitespace-nowrap">
                {atClock(a.created_at)}
              </Td>
              <Td label="">
                {coding === a.id ? (
                  <NewCodeForm
                    agent={a}
                    pending={setCode.isPending}
                    error={setCode.error ? errorMessage(setCode.error, 'The code could not be set.') : ''}
                    onSave={(code) => setCode.mutate({ id: a.id, code })}
                    onCancel={() => {
                      setCode.reset();
                      setCoding(null);
                    }}
                  />
                ) : (
                  <span className="flex flex-wrap gap-2 sm:flex-nowrap">
                    <button
                      type="button"
                      onClick={() => {
                        setNotice(null);
                        setCode.reset();
                        setCoding(a.id);
                      }}
                      className="whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300"
                    >
                      Set code<span className="sr-only"> for {a.name}</span>
                    </button>
                    <button
                      type="button"
                      disabled={setActive.isPending}
                      onClick={() => {
                        setNotice(null);
                        setActive.mutate({ id: a.id, active: !a.active });
                      }}
                      className={`whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 disabled:opacity-60 ${
                        a.active ? 'text-red-700 ring-red-300' : 'text-green-800 ring-green-300'
                      }`}
                    >
                      {a.active ? 'Disable' : 'Enable'}
                      <span className="sr-only"> {a.name}</span>
                    </button>
                  </span>
                )}
              </Td>
            </tr>
          ))
        }
      />
    </section>
  );
}

/** A row's new security code: a numeric password field with Save and Cancel; focus goes to the field. */
function NewCodeForm({
  agent,
  pending,
  error,
  onSave,
  onCancel,
}: {
  agent: ClaimAgent;
  pending: boolean;
  error: string;
  onSave: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  useEffect(() => {
    field.current?.focus();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isAgentCode(code)) {
      setProblem(AGENT_ADMIN_MESSAGES.code);
      return;
    }
    setProblem('');
    onSave(code);
  };
  const shown = problem || error;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-700">
        New code for {agent.name}
      </label>
      <span className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        <input
          ref={field}
          id={fieldId}
          type="password"
          inputMode="numeric"
          required
          maxLength={AGENT_CODE_LENGTH}
          autoComplete="new-password"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onCancel();
          }}
          className="w-24 rounded-lg border border-stone-300 px-3 py-1.5"
        />
        {/* Save and Cancel stay together when a narrow cell wraps the row. */}
        <span className="flex gap-2">
          <button
            type="submit"
            disabled={pending}
            className="whitespace-nowrap rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
          >
            Save code
          </button>
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-700 ring-1 ring-stone-300"
          >
            Cancel
          </button>
        </span>
      </span>
      {shown && (
        <span role="alert" className="text-sm text-red-700">
          {shown}
        </span>
      )}
    </form>
  );
}

function AgentAccounts() {
  const { short: zone } = useClock();
  const atClock = useClockCell();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ACCOUNTS,
    queryFn: ({ signal }) => call('GET /api/admin/agent-accounts/', {}, { signal }),
  });
  // The spec's active agents, offered as the names to pick (a new name makes a new agent).
  const agents = useQuery({
    queryKey: AGENT_NAMES,
    queryFn: ({ signal }) => call('GET /api/agents/', {}, { signal }),
  });
  const [made, setMade] = useState<{ agent: string; email: string } | null>(null);
  const create = useMutation({
    mutationFn: (body: { agent_name: string; email: string; password: string }) =>
      call('POST /api/admin/agent-accounts/', { body }),
    onSuccess: (answer) => {
      setMade({ agent: answer.account.agent_name, email: answer.account.email });
      client.invalidateQueries({ queryKey: ACCOUNTS });
      client.invalidateQueries({ queryKey: AGENT_NAMES });
      // A new name made a new agent.
      client.invalidateQueries({ queryKey: AGENTS });
    },
  });
  const ids = {
    heading: useId(),
    agent: useId(),
    agentHint: useId(),
    agents: useId(),
    email: useId(),
    password: useId(),
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setMade(null);
    create.mutate(
      {
        agent_name: String(form.get('agent_name') ?? ''),
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
      },
      { onSuccess: () => formEl.reset() },
    );
  };

  const withAccount = new Set(list.data?.accounts.map((a) => a.agent_name));
  const free = agents.data?.agent_list.filter((name) => !withAccount.has(name)) ?? [];

  return (
    <section aria-labelledby={ids.heading} className={cardClass}>
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Agent accounts
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        An agent signs in to the agents' app at <code>/agent</code> with this e-mail address and password,
        once on each device. Each agent has one account.
      </p>

      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={ids.agent} className="text-sm font-medium text-stone-700">
            Agent name
          </label>
          <input
            id={ids.agent}
            name="agent_name"
            required
            maxLength={100}
            list={ids.agents}
            autoComplete="off"
            aria-describedby={ids.agentHint}
            className={inputClass}
          />
          <datalist id={ids.agents}>
            {free.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={ids.email} className="text-sm font-medium text-stone-700">
            E-mail
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={ids.password} className="text-sm font-medium text-stone-700">
            Password
          </label>
          <input
            id={ids.password}
            name="password"
            type="password"
            required
            maxLength={1000}
            autoComplete="new-password"
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Create account
        </button>
      </form>
      <p id={ids.agentHint} className="mt-2 text-xs text-stone-600">
        {free.length > 0
          ? `Agents without an account: ${free.join(', ')}. `
          : 'Every active agent has an account. '}
        A new name makes a new agent without a usable security code: set its code under 'Agents on the claim
        page' above.
      </p>
      {create.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(create.error, 'The account could not be created.')}
        </p>
      )}
      {made && (
        <p
          role="status"
          className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-300"
        >
          Account made for {made.agent} ({made.email}).
        </p>
      )}

      <ListTable
        query={list}
        count={(data) => data.accounts.length}
        texts={{
          loading: 'Loading accounts...',
          failed: 'The accounts could not be loaded.',
          empty: 'No agent accounts yet.',
        }}
        label="Agent accounts list"
        columns={['Agent', 'E-mail', `Created (${zone})`, 'Active devices']}
        rows={(data) =>
          data.accounts.map((a) => (
            <tr key={a.id} className={stackRow}>
              <Td label="Agent" className="font-semibold">
                {a.agent_name}
              </Td>
              <Td label="E-mail" className="max-sm:break-all sm:whitespace-nowrap">
                {a.email}
              </Td>
              <Td label={`Created (${zone})`} className="whitespace-nowrap">
                {atClock(a.created_at)}
              </Td>
              <Td label="Active devices">{a.devices}</Td>
            </tr>
          ))
        }
      />
    </section>
  );
}

function AgentDevices() {
  const { short: zone } = useClock();
  const atClock = useClockCell();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: DEVICES,
    queryFn: ({ signal }) => call('GET /api/admin/agent-devices/', {}, { signal }),
    refetchInterval: 30_000,
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/agent-devices/:id/', { params: { id } }),
    onSuccess: (answer) => {
      setConfirming(null);
      setRevoked(`${answer.device.label} (${answer.device.agent_name})`);
      client.invalidateQueries({ queryKey: DEVICES });
      client.invalidateQueries({ queryKey: ACCOUNTS });
    },
  });
  const heading = useId();

  return (
    <section aria-labelledby={heading} className={cardClass}>
      <h2 id={heading} className="text-xl font-bold text-stone-900">
        Agents' devices
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Each device an agent signed in, newest first. A revoked device is signed out at its next call; the
        claims it made stay.
      </p>
      {revoke.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(revoke.error, 'The device could not be revoked.')}
        </p>
      )}
      {revoked && (
        <p role="status" className="mt-3 text-sm text-stone-800">
          Revoked: {revoked}.
        </p>
      )}

      <ListTable
        query={list}
        count={(data) => data.devices.length}
        texts={{
          loading: 'Loading devices...',
          failed: 'The devices could not be loaded.',
          empty: 'No device has signed in yet.',
        }}
        label="Agents' devices list"
        columns={[
          'Device',
          'Agent',
          `Signed in (${zone})`,
          `Last seen (${zone})`,
          'Status',
          <span key="actions" className="sr-only">
            Actions
          </span>,
        ]}
        rows={(data) =>
          data.devices.map((d) => (
            <tr key={d.id} data-testid="agent-device" className={stackRow}>
              <Td label="Device">
                <span className="font-semibold">{d.label}</span>
                <br />
                <code className="text-xs text-stone-600">{d.token_prefix}…</code>
              </Td>
              <Td label="Agent">{d.agent_name}</Td>
              <Td label={`Signed in (${zone})`} className="whitespace-nowrap">
                {atClock(d.created_at)}
              </Td>
              <Td label={`Last seen (${zone})`} className="whitespace-nowrap">
                {atClock(d.last_seen_at) ?? 'Never'}
              </Td>
              <Td label="Status" className="whitespace-nowrap">
                {d.revoked_at ? (
                  <>
                    <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
                      Revoked
                    </span>
                    <br />
                    <span className="text-xs text-stone-600">{atClock(d.revoked_at)}</span>
                  </>
                ) : (
                  <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    Active
                  </span>
                )}
              </Td>
              <Td label="" className="whitespace-nowrap">
                {!d.revoked_at &&
                  (confirming === d.id ? (
                    <RevokeConfirm
                      question="Revoke this device now?"
                      onRevoke={() => revoke.mutate(d.id)}
                      onKeep={() => setConfirming(null)}
                      pending={revoke.isPending}
                      className="flex-wrap sm:flex-nowrap"
                    />
                  ) : (
                    <button
                      type="button"
                      onClick={() => {
                        setRevoked(null);
                        setConfirming(d.id);
                      }}
                      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-300"
                    >
                      Revoke…<span className="sr-only"> {d.label}</span>
                    </button>
                  ))}
              </Td>
            </tr>
          ))
        }
      />
    </section>
  );
}

/** One side of a conflict, as the contract answers it. */
type Side = ApiAnswer<'GET /api/admin/claim-conflicts/'>['conflicts'][number]['kept'];

function SideCell({ side, label }: { side: Side; label: string }) {
  const atClock = useClockCell();
  const who = side.agent_name
    ? side.device
      ? `${side.agent_name} · ${side.device}`
      : side.agent_name
    : side.partner
      ? `${side.partner} (partner's scanner)`
      : 'Unknown';
  return (
    <Td label={label}>
      <span className="font-medium">{who}</span>
      <br />
      <span className="whitespace-nowrap text-stone-600">{atClock(side.at) ?? 'Time unknown'}</span>
    </Td>
  );
}

function ClaimConflicts() {
  const { short: zone } = useClock();
  const atClock = useClockCell();
  const list = useQuery({
    queryKey: CONFLICTS,
    queryFn: ({ signal }) => call('GET /api/admin/claim-conflicts/', {}, { signal }),
    refetchInterval: 30_000,
  });
  const heading = useId();
  return (
    <section aria-labelledby={heading} className={cardClass}>
      <h2 id={heading} className="text-xl font-bold text-stone-900">
        Tickets claimed twice
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        A ticket claimed offline on a device that was claimed elsewhere too, newest first. The first claim by
        claim time is kept; the other was refused when the device uploaded it.
      </p>
      <ListTable
        query={list}
        count={(data) => data.conflicts.length}
        texts={{
          loading: 'Loading conflicts...',
          failed: 'The conflicts could not be loaded.',
          empty: 'No ticket has been claimed twice.',
        }}
        label="Tickets claimed twice list"
        columns={['Ticket', `Kept claim (${zone})`, `Refused claim (${zone})`, `Recorded (${zone})`]}
        rows={(data) =>
          data.conflicts.map((c) => (
            <tr key={c.id} data-testid="claim-conflict" className={stackRow}>
              <Td label="Ticket">
                <code className="font-semibold">{orderReference(c.unique_id)}</code>
                <br />
                <span className="text-stone-600">{c.package_tag}</span>
              </Td>
              <SideCell side={c.kept} label={`Kept claim (${zone})`} />
              <SideCell side={c.other} label={`Refused claim (${zone})`} />
              <Td label={`Recorded (${zone})`} className="whitespace-nowrap">
                {atClock(c.created_at)}
              </Td>
            </tr>
          ))
        }
      />
    </section>
  );
}
