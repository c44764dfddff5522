/**
 * The claim page's agents managed by superusers (`/api/admin/agents/`, agents-admin.ts): the list
 * (never a code), a new agent, a new code (the claim works with it and no longer with the old one),
 * disabling (off the claim page's list) and enabling, the refusals (bad input stores nothing; customers
 * and editors 403; no fresh password 403 step_up_required), the edit log without the code, and the
 * CLI's agent:* commands on the same rules with their own words.
 */
import { STEP_UP_HEADER } from '@rome/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli';
import { agents, editLog } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let superuser: TestUser;
let editor: TestUser;
let customer: TestUser;
const api = apiCaller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  superuser = await createUser(t.app, t.db, { isSuperuser: true, name: 'Sara Super' });
  editor = await createUser(t.app, t.db, { isEditor: true, name: 'Ettore Editor' });
  customer = await createUser(t.app, t.db, { name: 'Carla Claim' });
});
afterAll(() => t.close());

type Agent = {
  id: string;
  name: string;
  active: boolean;
  created_at: string;
  account_email: string | null;
  folder_id: number | null;
};

const listed = async (): Promise<Agent[]> => {
  const res = await api('GET', '/api/admin/agents/', superuser);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().agents;
};
const make = async (name: string, code: string): Promise<Agent> => {
  const res = await api('POST', '/api/admin/agents/', superuser, { name, code });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().agent;
};
const agentCount = async () => (await t.db.select({ n: count() }).from(agents))[0].n;
const logCount = async () => (await t.db.select({ n: count() }).from(editLog))[0].n;
const claimList = async (code: string): Promise<string[]> => {
  const res = await api('GET', `/api/authenticate/${code}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().agent_list;
};
/** The spec's claim call (its path form), each from its own address so no limit mixes in. */
let address = 10;
const claim = (code: string, agentName: string, securityCode: string) =>
  api(
    'GET',
    `/api/claim/${code}/${encodeURIComponent(agentName)}/${securityCode}/`,
    undefined,
    undefined,
    `198.51.100.${address++}`,
  );

describe('the list', () => {
  it('has every agent by name with active, created_at and its account, never a code or hash', async () => {
    const made = await make('Agent Lista', '3141');
    // An agents'-app account for it: the list names its e-mail.
    const account = await api('POST', '/api/admin/agent-accounts/', superuser, {
      agent_name: 'Agent Lista',
      email: 'lista@agents.example',
      password: 'pw-lista-123',
    });
    expect(account.statusCode, account.body).toBe(201);
    const res = await api('GET', '/api/admin/agents/', superuser);
    const all: Agent[] = res.json().agents;
    expect(all.find((a) => a.id === made.id)).toEqual({
      id: made.id,
      name: 'Agent Lista',
      active: true,
      created_at: expect.any(String),
      account_email: 'lista@agents.example',
      folder_id: null,
    });
    // The seeded demo agents are there too, without an account here.
    expect(all.length).toBe(await agentCount());
    for (const a of all)
      expect(Object.keys(a).sort()).toEqual([
        'account_email',
        'active',
        'created_at',
        'folder_id',
        'id',
        'name',
      ]);
    expect(res.body).not.toMatch(/code|hash|argon2/i);
  });
});

describe('a new agent', () => {
  it('is made active with its code (name trimmed), listed, and logged without the code', async () => {
    const logsBefore = await logCount();
    const res = await api('POST', '/api/admin/agents/', superuser, { name: '  Agent Nuovo  ', code: '0042' });
    expect(res.statusCode, res.body).toBe(201);
    const agent: Agent = res.json().agent;
    expect(agent).toMatchObject({ name: 'Agent Nuovo', active: true, account_email: null });
    expect(Object.keys(agent).sort()).toEqual([
      'account_email',
      'active',
      'created_at',
      'folder_id',
      'id',
      'name',
    ]);
    expect((await listed()).map((a) => a.name)).toContain('Agent Nuovo');
    const [row] = await t.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row.codeHash).toMatch(/^\$argon2/);
    const logs = await t.db.select().from(editLog).where(eq(editLog.entityKey, agent.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      userId: superuser.id,
      entity: 'agent',
      before: null,
      after: { name: 'Agent Nuovo', active: true },
    });
    expect(await logCount()).toBe(logsBefore + 1);
    expect(JSON.stringify(logs.map((l) => [l.before, l.after]))).not.toMatch(/0042|argon2/);
  });

  it('is refused when the name exists (409), and nothing is stored', async () => {
    await make('Agent Doppio', '1111');
    const [agentsBefore, logsBefore] = [await agentCount(), await logCount()];
    const res = await api('POST', '/api/admin/agents/', superuser, { name: ' Agent Doppio', code: '2222' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'An agent with this name already exists.', code: 'conflict' });
    expect([await agentCount(), await logCount()]).toEqual([agentsBefore, logsBefore]);
  });

  it('refuses bad input with a plain message (400) and stores nothing', async () => {
    const [agentsBefore, logsBefore] = [await agentCount(), await logCount()];
    const cases: [unknown, string][] = [
      [{ name: 'Agent Corto', code: '123' }, 'The security code is exactly 4 digits.'],
      [{ name: 'Agent Lungo', code: '12345' }, 'The security code is exactly 4 digits.'],
      [{ name: 'Agent Lettere', code: '12a4' }, 'The security code is exactly 4 digits.'],
      [{ name: 'Agent Spazi', code: ' 1234' }, 'The security code is exactly 4 digits.'],
      [{ name: 'Agent Numero', code: 1234 }, 'The security code is exactly 4 digits.'],
      [{ name: 'Agent Senza' }, 'The security code is exactly 4 digits.'],
      [{ name: '   ', code: '1234' }, 'Please enter the agent name.'],
      [{ code: '1234' }, 'Please enter the agent name.'],
      [{ name: 'x'.repeat(101), code: '1234' }, 'The agent name is at most 100 characters.'],
      [[], 'Please enter the agent name and a security code.'],
    ];
    for (const [payload, error] of cases) {
      const res = await api('POST', '/api/admin/agents/', superuser, payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ error, code: 'invalid_request' });
    }
    expect((await api('POST', '/api/admin/agents/', superuser)).statusCode).toBe(400);
    // 100 characters is fine.
    await make('y'.repeat(100), '9999');
    expect([await agentCount(), await logCount()]).toEqual([agentsBefore + 1, logsBefore + 1]);
  });
});

describe('a new security code', () => {
  it('works on the claim page at once and the old code no longer does; logged without the code', async () => {
    const agent = await make('Agent Codice', '1357');
    const set = await api('PUT', `/api/admin/agents/${agent.id}/code/`, superuser, { code: '8642' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ agent: { ...agent } });

    const { code } = await buyTicket(t.app, t.db, customer);
    expect(await claimList(code)).toContain('Agent Codice');
    const old = await claim(code, 'Agent Codice', '1357');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ success: false, error: 'Invalid agent name or security code.' });
    const fresh = await claim(code, 'Agent Codice', '8642');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({ success: true, msg: 'Ticket claimed successfully.' });
    // The POST form the web app uses takes it too (another ticket).
    const second = await buyTicket(t.app, t.db, customer);
    const post = await api('POST', '/api/claim/', undefined, {
      code: second.code,
      agent_name: 'Agent Codice',
      security_code: '8642',
    });
    expect(post.statusCode, post.body).toBe(200);

    const logs = await t.db.select().from(editLog).where(eq(editLog.entityKey, agent.id)).orderBy(editLog.id);
    expect(logs.map((l) => l.entity)).toEqual(['agent', 'agent_code']);
    expect(logs[1]).toMatchObject({
      userId: superuser.id,
      after: { name: 'Agent Codice', code: 'replaced' },
    });
    expect(JSON.stringify(logs.map((l) => [l.before, l.after]))).not.toMatch(/1357|8642|argon2/);
  });

  it('refuses a bad code (400), an unknown agent (404), a bad id (400), and changes nothing', async () => {
    const agent = await make('Agent Fermo', '2468');
    const [before] = await t.db.select().from(agents).where(eq(agents.id, agent.id));
    const logsBefore = await logCount();
    for (const payload of [{ code: '246' }, { code: '24680' }, { code: 'abcd' }, { code: 2468 }, {}]) {
      const res = await api('PUT', `/api/admin/agents/${agent.id}/code/`, superuser, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('The security code is exactly 4 digits.');
    }
    const unknown = await api(
      'PUT',
      '/api/admin/agents/00000000-0000-4000-8000-000000000000/code/',
      superuser,
      {
        code: '1234',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'No such agent.', code: 'not_found' });
    const badId = await api('PUT', '/api/admin/agents/not-an-id/code/', superuser, { code: '1234' });
    expect(badId.statusCode).toBe(400);
    const [after] = await t.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(after.codeHash).toBe(before.codeHash);
    expect(await logCount()).toBe(logsBefore);
  });
});

describe('disabling and enabling', () => {
  it('takes the agent off the claim page (list and claim) and back; logged', async () => {
    const agent = await make('Agent Pausa', '7531');
    const { code } = await buyTicket(t.app, t.db, customer);
    expect(await claimList(code)).toContain('Agent Pausa');

    const off = await api('PATCH', `/api/admin/agents/${agent.id}/`, superuser, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().agent).toMatchObject({ id: agent.id, name: 'Agent Pausa', active: false });
    expect(await claimList(code)).not.toContain('Agent Pausa');
    expect((await api('GET', '/api/agents/')).json().agent_list).not.toContain('Agent Pausa');
    expect((await claim(code, 'Agent Pausa', '7531')).statusCode).toBe(400);
    // Still listed for superusers, as disabled.
    expect((await listed()).find((a) => a.id === agent.id)?.active).toBe(false);
    // Disabling again changes nothing and writes nothing.
    const logsBefore = await logCount();
    expect(
      (await api('PATCH', `/api/admin/agents/${agent.id}/`, superuser, { active: false })).statusCode,
    ).toBe(200);
    expect(await logCount()).toBe(logsBefore);

    const on = await api('PATCH', `/api/admin/agents/${agent.id}/`, superuser, { active: true });
    expect(on.json().agent.active).toBe(true);
    expect(await claimList(code)).toContain('Agent Pausa');
    expect((await claim(code, 'Agent Pausa', '7531')).statusCode).toBe(200);

    const logs = await t.db.select().from(editLog).where(eq(editLog.entityKey, agent.id)).orderBy(editLog.id);
    expect(logs.map((l) => [l.entity, l.before, l.after])).toEqual([
      ['agent', null, { name: 'Agent Pausa', active: true }],
      ['agent', { name: 'Agent Pausa', active: true }, { name: 'Agent Pausa', active: false }],
      ['agent', { name: 'Agent Pausa', active: false }, { name: 'Agent Pausa', active: true }],
    ]);
  });

  it('refuses a bad body (400), an unknown agent (404) and a bad id (400)', async () => {
    const agent = await make('Agent Sempre', '1212');
    for (const payload of [{ active: 'no' }, { active: 0 }, {}]) {
      const res = await api('PATCH', `/api/admin/agents/${agent.id}/`, superuser, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('Say whether the agent is active: true or false.');
    }
    const unknown = await api('PATCH', '/api/admin/agents/00000000-0000-4000-8000-000000000000/', superuser, {
      active: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await api('PATCH', '/api/admin/agents/x/', superuser, { active: false })).statusCode).toBe(400);
    expect((await listed()).find((a) => a.id === agent.id)?.active).toBe(true);
  });
});

describe('who may', () => {
  it('refuses anonymous (401), customers and editors (403), and a superuser without the fresh password', async () => {
    const agent = await make('Agent Guardia', '4321');
    const calls: [Parameters<typeof api>[0], string, object | undefined][] = [
      ['GET', '/api/admin/agents/', undefined],
      ['POST', '/api/admin/agents/', { name: 'Agent Intruso', code: '0000' }],
      ['PUT', `/api/admin/agents/${agent.id}/code/`, { code: '0000' }],
      ['PATCH', `/api/admin/agents/${agent.id}/`, { active: false }],
    ];
    const [before] = await t.db.select().from(agents).where(eq(agents.id, agent.id));
    const logsBefore = await logCount();
    for (const [method, url, payload] of calls) {
      expect((await api(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [customer, editor]) {
        const res = await api(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    // The writes want the password again (decision 032): the token alone is refused, nothing changes.
    const bare = { authorization: `Bearer ${superuser.token}` };
    for (const [method, url, payload] of calls.slice(1)) {
      const res = await t.app.inject({ method, url, headers: bare, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'step_up_required' });
      const forged = await t.app.inject({
        method,
        url,
        headers: { ...bare, [STEP_UP_HEADER]: `${Math.floor(Date.now() / 1000) + 600}.forged` },
        payload,
      });
      expect(forged.json()).toMatchObject({ code: 'step_up_required' });
    }
    // The list is a read: the token alone opens it.
    expect((await t.app.inject({ url: '/api/admin/agents/', headers: bare })).statusCode).toBe(200);
    const [after] = await t.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(after).toEqual(before);
    expect(await t.db.select().from(agents).where(eq(agents.name, 'Agent Intruso'))).toEqual([]);
    expect(await logCount()).toBe(logsBefore);
  });
});

describe('the CLI', () => {
  it('makes, recodes, disables, enables and lists agents through the same rules, in its own words', async () => {
    const cli = (command: string, v: Record<string, string>) => run(t.database, command, v);
    expect(await cli('agent:create', { name: ' Agent Shell ', code: '5555' })).toBe(
      'Created agent "Agent Shell".',
    );
    await expect(cli('agent:create', { name: 'Agent Shell', code: '5555' })).rejects.toThrow(
      'An agent named "Agent Shell" already exists.',
    );
    await expect(cli('agent:create', { name: 'Agent Shell 2', code: '555' })).rejects.toThrow(
      '--code must be exactly 4 digits.',
    );
    await expect(cli('agent:create', { name: 'z'.repeat(101), code: '5555' })).rejects.toThrow(
      '--name must be 1 to 100 characters.',
    );
    await expect(cli('agent:code', { name: 'Agent Nobody', code: '5555' })).rejects.toThrow(
      'No agent named "Agent Nobody".',
    );
    expect(await cli('agent:code', { name: 'Agent Shell', code: '6666' })).toBe(
      'New security code set for "Agent Shell".',
    );
    const { code } = await buyTicket(t.app, t.db, customer);
    expect((await claim(code, 'Agent Shell', '5555')).statusCode).toBe(400);

    expect(await cli('agent:disable', { name: 'Agent Shell' })).toBe('Agent "Agent Shell" is disabled.');
    expect(await cli('agent:list', {})).toContain('disabled  Agent Shell');
    expect(await claimList(code)).not.toContain('Agent Shell');
    await expect(cli('agent:enable', { name: 'Agent Nobody' })).rejects.toThrow(
      'No agent named "Agent Nobody".',
    );
    expect(await cli('agent:enable', { name: 'Agent Shell' })).toBe('Agent "Agent Shell" is active.');
    expect(await cli('agent:list', {})).toContain('active    Agent Shell');
    expect((await claim(code, 'Agent Shell', '6666')).statusCode).toBe(200);
    // The dashboard lists what the shell made; the shell has no account to name in the edit log.
    const shell = (await listed()).find((a) => a.name === 'Agent Shell')!;
    expect(shell.active).toBe(true);
    expect(await t.db.select().from(editLog).where(eq(editLog.entityKey, shell.id))).toEqual([]);
  });
});
