/**
 * A second instance on the same database (its own DATA_DIR) does not make the demo accounts again:
 * doing so reset the passwords and the agents' codes the first instance had printed.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { seedDemoAccounts } from './index';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'rome-demo-'));
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/api/token/', payload: { username, password } });
const claimInfoAgents = async () => (await t.app.inject({ url: '/api/agents/' })).json().agent_list;

describe('demo accounts on a database two instances share', () => {
  it('are made once; a second instance keeps the first one’s passwords and codes', async () => {
    const firstDir = dataDir();
    const first = await seedDemoAccounts(t.db, firstDir);
    expect(first.created).toBe(true);
    const a = first.accounts!;
    const second = await seedDemoAccounts(t.db, dataDir());
    expect(second).toEqual({ accounts: null, created: false });
    for (const who of [a.customer, a.editor, a.superuser])
      expect((await signIn(who.email, who.password)).statusCode, who.email).toBe(200);
    // The agents keep the codes the first instance printed: a claim check with them still passes.
    expect(await claimInfoAgents()).toEqual(expect.arrayContaining(a.agents.map((g) => g.name)));
    const { verifySecret } = await import('../../lib/passwords');
    const { agents } = await import('../schema');
    const rows = await t.db.select().from(agents);
    for (const g of a.agents) {
      const row = rows.find((r) => r.name === g.name)!;
      expect(await verifySecret(row.codeHash, g.code), g.name).toBe(true);
    }
    // The first operator's manager and door person can use their console at once (a manager's sign-in
    // asks for its authenticator, not made here: the password step says the factor must be set up).
    expect(a.operators?.map((o) => o.role)).toEqual(['manager', 'door']);
    const door = a.operators!.find((o) => o.role === 'door')!;
    const doorSignIn = await signIn(door.email, door.password);
    expect(doorSignIn.statusCode).toBe(200);
    const mine = await t.app.inject({
      url: '/api/operator/',
      headers: { authorization: `Bearer ${doorSignIn.json().access}` },
    });
    expect(mine.json().operators).toEqual([expect.objectContaining({ name: door.operator, role: 'door' })]);
    const manager = a.operators!.find((o) => o.role === 'manager')!;
    expect((await signIn(manager.email, manager.password)).json().second_factor_setup).toBe(true);
    // The first instance, started again, reads its own file.
    expect(await seedDemoAccounts(t.db, firstDir)).toEqual({ accounts: a, created: false });
  });
});
