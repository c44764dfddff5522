/**
 * A test app with its route list, the six roles and real things to point path parameters at:
 * customer A's paid ticket (bought through the test checkout), a media item, a partner logo, an agent.
 */

import { eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDeps } from '../app';
import type { Config } from '../config';
import { agents, folders, packages } from '../db/schema';
import { hashSecret } from '../lib/passwords';
import { agentDevice } from '../test/agent-device';
import { openCheckout, payTestCheckout } from '../test/buy';
import { createTestApp } from '../test/harness';
import { createUser, type TestUser } from '../test/users';
import {
  type Fixtures,
  OPERATOR_PEOPLE,
  type OperatorPerson,
  type Role,
  routeCollector,
} from './route-table';

export type SecurityApp = Awaited<ReturnType<typeof createSecurityApp>>;

export async function createSecurityApp(overrides: Partial<Config> = {}, deps: Partial<AppDeps> = {}) {
  const collector = routeCollector();
  const t = await createTestApp(overrides, { ...deps, onRoute: collector.onRoute });
  // Operator A sells the fixtures' package; operator B is another of the demo's operators.
  const [{ folderA }] = await t.db
    .select({ folderA: packages.folderId })
    .from(packages)
    .where(eq(packages.packageTag, 'BB-24'));
  const [{ folderB }] = await t.db
    .select({ folderB: folders.id })
    .from(folders)
    .where(ne(folders.id, folderA))
    .limit(1);
  const person = (name: OperatorPerson) => {
    const { operator, role } = OPERATOR_PEOPLE[name];
    return createUser(t.app, t.db, {
      name,
      operator: { folderId: operator === 'A' ? folderA : folderB, role },
    });
  };
  const [customerA, customerB, editor, superuser, managerA, salesA, doorA, managerB] = await Promise.all([
    createUser(t.app, t.db, { name: 'Anna A' }),
    createUser(t.app, t.db, { name: 'Bruno B' }),
    createUser(t.app, t.db, { isEditor: true, name: 'Edda Editor' }),
    createUser(t.app, t.db, { isSuperuser: true, name: 'Sergio Super' }),
    person('managerA'),
    person('salesA'),
    person('doorA'),
    person('managerB'),
  ]);
  const users: Record<Exclude<Role, 'anonymous' | 'agent' | 'device'>, TestUser> = {
    customerA,
    customerB,
    editor,
    superuser,
    managerA,
    salesA,
    doorA,
    managerB,
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
  const sessionId = await openCheckout(t.app, customerA, { adult_count: '1', youth_count: '0' });
  const { uniqueId, code: claimCode } = await payTestCheckout(t.app, t.db, customerA, sessionId);

  await t.db.insert(agents).values({ name: agent.name, codeHash: await hashSecret(agent.code) });
  // The same agent's account in the agents' app, signed in on one device (decision 021).
  deviceToken = await agentDevice(t.app, t.db, {
    agentName: agent.name,
    email: 'alpha@agents.example',
    password: 'pw-alpha-1',
  });

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
    claimCode,
    agentName: agent.name,
    agentCode: agent.code,
    deviceToken,
    metric: 'total-visits',
    folderA: String(folderA),
  };
  return { ...t, routes: collector.routes, users, headersOf, fx };
}
