/**
 * A test app with its route list, the six roles and real things to point path parameters at:
 * customer A's paid ticket (bought through the test checkout), a media item, a partner logo, an agent.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDeps } from '../app';
import type { Config } from '../config';
import { agents, mailOutbox, orders } from '../db/schema';
import { hashSecret } from '../lib/passwords';
import { createAgentAccount, signInDevice } from '../modules/agents/devices';
import { hashClaimCode } from '../modules/orders/ticket-issue';
import { createTestApp } from '../test/harness';
import { createUser, type TestUser } from '../test/users';
import { type Fixtures, type Role, routeCollector } from './route-table';

export type SecurityApp = Awaited<ReturnType<typeof createSecurityApp>>;

export async function createSecurityApp(overrides: Partial<Config> = {}, deps: Partial<AppDeps> = {}) {
  const collector = routeCollector();
  const t = await createTestApp(overrides, { ...deps, onRoute: collector.onRoute });
  const [customerA, customerB, editor, superuser] = await Promise.all([
    createUser(t.app, t.db, { name: 'Anna A' }),
    createUser(t.app, t.db, { name: 'Bruno B' }),
    createUser(t.app, t.db, { isEditor: true, name: 'Edda Editor' }),
    createUser(t.app, t.db, { isSuperuser: true, name: 'Sergio Super' }),
  ]);
  const users: Record<Exclude<Role, 'anonymous' | 'agent' | 'device'>, TestUser> = {
    customerA,
    customerB,
    editor,
    superuser,
  };
  const agent = { name: 'Agent Alpha', code: '4711' };
  let deviceToken = '';
  const headersOf = (role: Role): Record<string, string> =>
    role === 'anonymous'
      ? {}
      : role === 'agent'
        ? { authorization: `Basic ${Buffer.from(`${agent.name}:${agent.code}`).toString('base64')}` }
        : role === 'device'
          ? { authorization: `Bearer ${deviceToken}` }
          : users[role].auth;

  // Customer A buys a ticket through the test checkout.
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: customerA.auth,
    payload: { adult_count: '1', youth_count: '0', package_identifier: 'BB-24' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = created.json().id as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/test-checkout/${sessionId}/pay/`,
    headers: customerA.auth,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const uniqueId = /\/success\/([\w-]+)\//.exec(paid.json().redirect)![1];
  const [order] = await t.db.select().from(orders).where(eq(orders.uniqueId, uniqueId));
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, customerA.email));
  const claimCode = mails
    .map((m) => /\/verify\/([\w-]+)\//.exec(m.text)?.[1])
    .find((c) => c && hashClaimCode(c) === order.claimCodeHash);
  expect(claimCode).toBeTruthy();

  await t.db.insert(agents).values({ name: agent.name, codeHash: await hashSecret(agent.code) });
  // The same agent's account in the agents' app, signed in on one device (decision 021).
  await createAgentAccount(t.db, {
    agentName: agent.name,
    email: 'alpha@agents.example',
    password: 'pw-alpha-1',
  });
  const device = await signInDevice(t.db, {
    email: 'alpha@agents.example',
    password: 'pw-alpha-1',
    label: 'Gate',
  });
  deviceToken = device!.token;

  const media = (await t.app.inject({ url: '/api/media-library/' })).json().data as {
    id: number;
    file: string;
  }[];
  expect(media.length).toBeGreaterThan(0);
  const logos = (await t.app.inject({ url: '/api/partner-logos/all/', headers: editor.auth })).json() as {
    id: number;
  }[];
  const logoList = Array.isArray(logos) ? logos : ((logos as any).data as { id: number }[]);
  expect(logoList.length).toBeGreaterThan(0);

  const fx: Fixtures = {
    mediaId: String(media[0].id),
    mediaKey: media[0].file.split('/').pop()!,
    logoId: String(logoList[0].id),
    packageTag: 'BB-24',
    pageTag: 'about-us',
    contentTag: 'about-us-title',
    imageTag: 'about-us-banner',
    sessionId,
    uniqueId,
    claimCode: claimCode!,
    agentName: agent.name,
    agentCode: agent.code,
    deviceToken,
    metric: 'total-visits',
  };
  return { ...t, routes: collector.routes, users, headersOf, fx };
}
