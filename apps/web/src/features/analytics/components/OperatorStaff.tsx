/**
 * Operators' people on the superusers' dashboard (decision 066): invite an address to an operator with a
 * role (an e-mail with a link goes out; the person takes it signed in with that address), see who took
 * theirs and whether a manager has its second factor, and remove a person or an open invitation. Both
 * writes ask for the password first (step-up, decision 032). Its own chunk, loaded with the dashboard.
 */
import {
  OPERATOR_CONSOLE_PATH,
  OPERATOR_ROLE_WORDS,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClockTime } from '../filters';
import { RevokeConfirm, ScrollTable } from './ui';

const STAFF = ['analytics', 'operator-staff'] as const;

export default function OperatorStaff() {
  const client = useQueryClient();
  const clockTime = useClockTime();
  const staff = useQuery({
    queryKey: STAFF,
    queryFn: ({ signal }) => call('GET /api/admin/operator-staff/', {}, { signal }),
  });
  const operators = useQuery({
    queryKey: ['analytics', 'operators'],
    queryFn: ({ signal }) => call('GET /api/operator/', {}, { signal }),
  });
  const [sent, setSent] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (body: { folder_id: number; email: string; role: OperatorRole }) =>
      call('POST /api/admin/operator-staff/', { body }),
    onSuccess: (answer) => {
      setSent(`Invitation sent to ${answer.staff.email} for ${answer.staff.operator}.`);
      client.invalidateQueries({ queryKey: STAFF });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/operator-staff/:id/', { params: { id } }),
    onSuccess: () => {
      setRemoving(null);
      client.invalidateQueries({ queryKey: STAFF });
    },
  });
  const ids = { heading: useId(), email: useId(), operator: useId(), role: useId() };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSent(null);
    const form = new FormData(e.currentTarget);
    invite.mutate({
      folder_id: Number(form.get('operator')),
      email: String(form.get('email') ?? ''),
      role: String(form.get('role')) as OperatorRole,
    });
  };

  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Operators' people
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Invite someone to an operator's console ({OPERATOR_CONSOLE_PATH}): they get an e-mail with a link and
        take it signed in with that address. They see and change only their operator's things. Managers set up
        an authenticator app first.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <div className="flex flex-col">
          <label htmlFor={ids.email} className="text-sm font-medium text-stone-700">
            E-mail address
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            required
            maxLength={254}
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
        <div className="flex flex-col">
          <label htmlFor={ids.operator} className="text-sm font-medium text-stone-700">
            Operator
          </label>
          <select
            id={ids.operator}
            name="operator"
            required
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          >
            {operators.data?.operators.map((o) => (
              <option key={o.folder_id} value={o.folder_id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col">
          <label htmlFor={ids.role} className="text-sm font-medium text-stone-700">
            Role
          </label>
          <select id={ids.role} name="role" className="mt-1 rounded-lg border border-stone-300 px-3 py-2">
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={invite.isPending || !operators.data}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Send invitation
        </button>
      </form>
      <ul className="mt-3 space-y-0.5 text-xs text-stone-600">
        {OPERATOR_ROLES.map((r) => (
          <li key={r}>{OPERATOR_ROLE_WORDS[r]}</li>
        ))}
      </ul>
      {invite.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(invite.error, 'The invitation could not be sent.')}
        </p>
      )}
      {sent && (
        <p role="status" className="mt-2 text-sm font-medium text-green-800">
          {sent}
        </p>
      )}
      {staff.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading people...</p>
      ) : staff.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(staff.error, 'The people could not be loaded.')}
        </p>
      ) : staff.data.staff.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No one is invited to an operator yet.</p>
      ) : (
        <div className="mt-4">
          <ScrollTable label="Operators' people">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Operators' people</caption>
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Person
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Operator
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Role
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {staff.data.staff.map((s) => (
                  <tr key={s.id} data-testid="operator-person">
                    <th scope="row" className="px-3 py-2 font-semibold break-all text-stone-900">
                      {s.email}
                    </th>
                    <td className="px-3 py-2">{s.operator}</td>
                    <td className="px-3 py-2">{s.role}</td>
                    <td className="px-3 py-2">
                      {s.accepted_at
                        ? `Joined ${clockTime(s.accepted_at)}${s.role === 'manager' && !s.second_factor ? ' (no authenticator yet)' : ''}`
                        : `Invited ${clockTime(s.invited_at)}`}
                    </td>
                    <td className="px-3 py-2">
                      {removing === s.id ? (
                        <RevokeConfirm
                          question={`Remove ${s.email} from ${s.operator}?`}
                          action="Remove"
                          pending={remove.isPending}
                          onRevoke={() => remove.mutate(s.id)}
                          onKeep={() => setRemoving(null)}
                        />
                      ) : (
                        <button
                          type="button"
                          onClick={() => setRemoving(s.id)}
                          className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-300"
                        >
                          Remove <span className="sr-only">{s.email}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </div>
      )}
      {remove.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(remove.error, 'The person could not be removed.')}
        </p>
      )}
    </section>
  );
}
