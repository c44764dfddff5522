/**
 * The authorization matrix: every route the real app registers, called as anonymous, customer A,
 * customer B, editor, superuser and a ticket agent, against the table in route-table.ts. A new route without an
 * entry fails here, and so does an entry whose route is gone.
 */
import { API, type EndpointDef, type OperatorRole } from '@rome/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFully } from '../modules/auth/testing';
import { stripeTestApp } from '../test/stripe-app';
import { createSecurityApp, type SecurityApp } from './fixtures';
import {
  type Access,
  accessOf,
  BODY_SAMPLES,
  methodOf,
  OPERATOR_PEOPLE,
  ROLES,
  ROUTE_TABLE,
  type Role,
  routeCollector,
  STRIPE_ONLY_ROUTES,
  urlFor,
} from './route-table';

let s: SecurityApp;
beforeAll(async () => {
  s = await createSecurityApp();
});
afterAll(() => s?.close());

/** The class's verdict on one status: null when it is fine, else what was expected. */
function check(
  access: Access,
  role: Role,
  status: number,
  roles: readonly OperatorRole[] = [],
): string | null {
  const letThrough = status !== 401 && status !== 403;
  // An agent's name and code are no account: every guarded call answers them as it answers no one.
  if (role === 'agent' && access !== 'public') return status === 401 ? null : '401';
  // A device token opens the agents' app and nothing else: no account's call (401), and the OCTO API
  // answers it as any token that is not a reseller key (403, below).
  if (role === 'device' && !['public', 'agent', 'reseller'].includes(access))
    return status === 401 ? null : '401';
  switch (access) {
    case 'public':
      return letThrough ? null : 'not 401/403';
    case 'user':
      if (role === 'anonymous') return status === 401 ? null : '401';
      return letThrough ? null : 'not 401/403';
    case 'editor':
      if (role === 'anonymous') return status === 401 ? null : '401';
      if (role === 'editor' || role === 'superuser') return letThrough ? null : 'not 401/403';
      return status === 403 ? null : '403';
    case 'superuser':
      if (role === 'anonymous') return status === 401 ? null : '401';
      if (role === 'superuser') return letThrough ? null : 'not 401/403';
      return status === 403 ? null : '403';
    case 'owner':
      if (role === 'anonymous') return status === 401 ? null : '401';
      if (role === 'customerA') return letThrough ? null : 'not 401/403';
      return status === 404 ? null : '404';
    case 'session':
      // The session cookie opens it; no Bearer token does, not even a superuser's.
      return status === 401 ? null : '401';
    case 'reseller':
      // A reseller key opens these; no account's token does, not even a superuser's.
      if (role === 'anonymous') return status === 401 ? null : '401';
      return status === 403 ? null : '403';
    case 'agent':
      // The agents' app: a device token opens it; no account's token does, not even a superuser's.
      if (role === 'device') return letThrough ? null : 'not 401/403';
      return status === 401 ? null : '401';
    case 'operator': {
      if (role === 'anonymous') return status === 401 ? null : '401';
      if (role === 'superuser') return letThrough ? null : 'not 401/403';
      const person = role in OPERATOR_PEOPLE ? OPERATOR_PEOPLE[role as keyof typeof OPERATOR_PEOPLE] : null;
      // Operator A's people with one of the call's roles; everyone else (operator B's manager too): 403.
      if (person?.operator === 'A' && roles.includes(person.role)) return letThrough ? null : 'not 401/403';
      return status === 403 ? null : '403';
    }
  }
}

describe('the route table', () => {
  it('has exactly one entry per registered route (a new route needs an entry)', () => {
    const registered = [...s.routes].sort();
    const table = Object.keys(ROUTE_TABLE).sort();
    expect(
      registered.filter((r) => !(r in ROUTE_TABLE)),
      'routes without an entry in security/route-table.ts',
    ).toEqual([]);
    expect(
      table.filter((r) => !s.routes.has(r)),
      'entries in security/route-table.ts without a route',
    ).toEqual([]);
  });

  it("takes every API call's access from its contract entry, so the two cannot drift", () => {
    const drift = Object.entries(API)
      .map(([key, def]) => [key, def.access, ROUTE_TABLE[key]?.access] as const)
      // 'owner' is the matrix's narrower check of a contract 'user' call (only A's own things).
      .filter(([, contract, table]) => table !== contract && !(table === 'owner' && contract === 'user'))
      .map(([key, contract, table]) => `${key}: contract ${contract}, table ${table}`);
    expect(drift).toEqual([]);
    expect(Object.values(ROUTE_TABLE).filter((e) => e.access === 'owner').length).toBeGreaterThan(0);
  });

  it('refuses an access level the matrix cannot judge, and owner on a call that is not user', () => {
    const def = (access: EndpointDef['access']) => ({ ...API['GET /api/profile/'], access }) as EndpointDef;
    expect(() => accessOf('GET /api/x/', def('reseller'))).toThrow(/no class/);
    expect(accessOf('GET /api/x/', def('agent'))).toBe('agent');
    expect(() => accessOf('GET /api/x/', def('public'), { owner: true })).toThrow(/owner/);
    expect(accessOf('GET /api/x/', def('editor'))).toBe('editor');
  });

  it('has body samples for routes that exist only', () => {
    expect(Object.keys(BODY_SAMPLES).filter((k) => !(k in ROUTE_TABLE))).toEqual([]);
  });

  it('covers the Stripe-only routes in an app configured for Stripe', async () => {
    const collector = routeCollector();
    const t = await stripeTestApp({
      webhookSecret: 'whsec_matrix',
      publishableKey: 'pk_test',
      deps: { onRoute: collector.onRoute },
    });
    try {
      const expected = new Set([
        ...Object.keys(ROUTE_TABLE).filter((k) => !/\/api\/(test|guest)-checkout\//.test(k)),
        ...Object.keys(STRIPE_ONLY_ROUTES),
      ]);
      expect([...collector.routes].filter((r) => !expected.has(r))).toEqual([]);
      expect([...expected].filter((r) => !collector.routes.has(r))).toEqual([]);
      // The webhook is public but signed: without a good signature nothing happens.
      for (const headers of [{}, { 'stripe-signature': 't=1,v1=bad' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook/',
          headers: { 'content-type': 'application/json', ...headers },
          payload: { type: 'checkout.session.completed', data: { object: {} } },
        });
        expect(res.statusCode).toBe(400);
      }
    } finally {
      await t.close();
    }
  });
});

describe('every route against every role', () => {
  it('answers each role as the table says', async () => {
    const failures: string[] = [];
    const rows: string[] = [];
    // Denials come first in ROLES order, and deletes come last, so a let-through write cannot hide a
    // later check (a deleted logo would make its update answer 404 whoever asks).
    const keys = Object.keys(ROUTE_TABLE).sort(
      (a, b) => Number(a.startsWith('DELETE ')) - Number(b.startsWith('DELETE ')) || a.localeCompare(b),
    );
    for (const key of keys) {
      const entry = ROUTE_TABLE[key];
      const statuses: number[] = [];
      for (const role of ROLES) {
        const method = methodOf(key);
        const res = await s.app.inject({
          method,
          // Only the agent knows its security code; everyone else sends a wrong one.
          url: urlFor(key, s.fx, (param) =>
            role === 'agent' && param === 'securityCode' ? s.fx.agentCode : undefined,
          ),
          headers: s.headersOf(role),
          // The agent's desk is its own address: the wrong codes the others sent do not lock it out.
          ...(role === 'agent' ? { remoteAddress: '198.51.100.7' } : {}),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        statuses.push(res.statusCode);
        const exact = entry.expect?.[role];
        const problem =
          exact !== undefined
            ? res.statusCode === exact
              ? null
              : String(exact)
            : check(entry.access, role, res.statusCode, entry.operatorRoles);
        // The class still holds when an exact status is given (a typo in `expect` must not open a door).
        const classProblem = check(entry.access, role, res.statusCode, entry.operatorRoles);
        if (problem || classProblem)
          failures.push(
            `${key} as ${role}: got ${res.statusCode}, expected ${problem ?? classProblem} (${entry.access}) ${res.body.slice(0, 200)}`,
          );
        if (res.statusCode >= 500) failures.push(`${key} as ${role}: ${res.statusCode}`);
      }
      rows.push(`${key.padEnd(52)} ${entry.access.padEnd(9)} ${statuses.join(' ')}`);
    }
    console.info(
      `authorization matrix: ${Object.keys(ROUTE_TABLE).length} routes x ${ROLES.length} roles\n` +
        `${''.padEnd(52)} ${'class'.padEnd(9)} ${ROLES.join(' ')}\n${rows.join('\n')}`,
    );
    expect(failures).toEqual([]);
    // Every route times every role in one walk (over a thousand requests, more with each new route): on a
    // shared 2-core machine it passed 20 s, the default, while it takes 5-8 s on a quiet one.
  }, 180_000);

  it("keeps customer A's things out of customer B's lists", async () => {
    const b = await s.app.inject({ url: '/api/dashboard/', headers: s.users.customerB.auth });
    expect(b.statusCode).toBe(200);
    expect(b.body).not.toContain(s.fx.uniqueId);
    const a = await s.app.inject({ url: '/api/dashboard/', headers: s.users.customerA.auth });
    expect(a.json().data.length).toBeGreaterThan(0);
    const stats = await s.app.inject({ url: '/api/profile/statistics/', headers: s.users.customerB.auth });
    expect(stats.json().data.total_purchases).toBe(0);
    // The matrix's calls (B's pay and cancel, A's own cancel of a paid session) left A's ticket paid.
    const own = await s.app.inject({
      url: `/api/success/${s.fx.uniqueId}/`,
      headers: s.users.customerA.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('paid');
  });

  it('refuses forged, expired-looking and refresh tokens on a guarded route', async () => {
    // With the code too: a superuser's password alone gives no refresh token (decision 051).
    const pair = (await signInFully(s.app, s.users.superuser.email, s.users.superuser.password)).json();
    expect(pair.refresh).toBeTypeOf('string');
    const forged = `${s.users.customerA.token.split('.').slice(0, 2).join('.')}.AAAA`;
    for (const authorization of [
      `Bearer ${pair.refresh}`,
      `Bearer ${forged}`,
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      'Bearer',
    ]) {
      const res = await s.app.inject({ url: '/api/analytics/', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});
