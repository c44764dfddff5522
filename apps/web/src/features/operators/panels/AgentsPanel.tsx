/**
 * A manager's agents: make one with its security code (shown nowhere again), disable or enable it. Its
 * agents redeem this operator's tickets only, on the claim page and in the agents' app.
 */
import { AGENT_CODE_LENGTH } from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { ScrollTable } from '../../../components/ScrollTable';

export function AgentsPanel({ folder }: { folder: number }) {
  const client = useQueryClient();
  const key = ['operator', folder, 'agents'];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('GET /api/operator/:folder/agents/', { params: { folder } }, { signal }),
  });
  const [made, setMade] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; code: string }) =>
      call('POST /api/operator/:folder/agents/', { params: { folder }, body }),
    onSuccess: (answer) => {
      setMade(answer.agent.name);
      client.invalidateQueries({ queryKey: key });
    },
  });
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      call('PATCH /api/operator/:folder/agents/:id/', { params: { folder, id }, body: { active } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const ids = { name: useId(), code: useId() };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMade(null);
    const form = new FormData(e.currentTarget);
    create.mutate({ name: String(form.get('name') ?? ''), code: String(form.get('code') ?? '') });
    e.currentTarget.reset();
  };
  return (
    <>
      <h2 className="text-xl font-bold text-stone-900">Agents</h2>
      <p className="mt-1 text-sm text-stone-600">
        Your agents redeem your tickets only, on the claim page with their name and code and in the agents'
        app.
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={ids.name} className="text-sm font-medium text-stone-700">
            Agent name
          </label>
          <input
            id={ids.name}
            name="name"
            required
            maxLength={100}
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
        <div className="flex flex-col">
          <label htmlFor={ids.code} className="text-sm font-medium text-stone-700">
            Security code ({AGENT_CODE_LENGTH} digits)
          </label>
          <input
            id={ids.code}
            name="code"
            required
            inputMode="numeric"
            autoComplete="off"
            pattern={`\\d{${AGENT_CODE_LENGTH}}`}
            maxLength={AGENT_CODE_LENGTH}
            className="mt-1 w-32 rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Make agent
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(create.error, 'The agent could not be made.')}
        </p>
      )}
      {made && (
        <p role="status" className="mt-2 text-sm font-medium text-green-800">
          {made} can redeem your tickets now.
        </p>
      )}
      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading agents...</p>
      ) : list.isError ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The agents could not be loaded.')}
        </p>
      ) : list.data.agents.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No agents yet.</p>
      ) : (
        <div className="mt-4">
          <ScrollTable label="Your agents">
            <table className="w-full text-left text-sm">
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Agent
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    State
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Change</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {list.data.agents.map((a) => (
                  <tr key={a.id} data-testid="operator-agent">
                    <th scope="row" className="px-3 py-2 font-semibold text-stone-900">
                      {a.name}
                    </th>
                    <td className="px-3 py-2">{a.active ? 'Active' : 'Disabled'}</td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        disabled={toggle.isPending}
                        onClick={() => toggle.mutate({ id: a.id, active: !a.active })}
                        className="rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300"
                      >
                        {a.active ? 'Disable' : 'Enable'} <span className="sr-only">{a.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </div>
      )}
    </>
  );
}
