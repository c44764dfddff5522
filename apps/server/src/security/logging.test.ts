/**
 * Secrets never reach the logs: the claim path's security code, tokens in query strings, the
 * Authorization header and passwords. The app logs through the shop's own pino options
 * (loggerOptions, as main.ts does) into a memory stream, at the most talkative level.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../app';
import { createSecurityApp, type SecurityApp } from './fixtures';

let s: SecurityApp;
const lines: string[] = [];
beforeAll(async () => {
  const logger = pino(loggerOptions('trace'), { write: (line: string) => void lines.push(line) });
  s = await createSecurityApp({}, { logger });
});
afterAll(() => s?.close());

describe('redactUrl', () => {
  it('cuts the claim path secret and token-like query values', () => {
    expect(redactUrl('/api/claim/CODE/Agent%20Alpha/4711/')).toBe(
      '/api/claim/CODE/Agent%20Alpha/[redacted]/',
    );
    expect(redactUrl('/api/claim/CODE/Agent/4711')).toBe('/api/claim/CODE/Agent/[redacted]');
    expect(redactUrl('/api/claim/CODE/Agent/4711/?x=1')).toBe('/api/claim/CODE/Agent/[redacted]/?x=1');
    expect(redactUrl('/x?token=abc&y=1&refresh=def&ACCESS=ghi&code=123456')).toBe(
      '/x?token=[redacted]&y=1&refresh=[redacted]&ACCESS=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/packages/')).toBe('/api/packages/');
  });
});

describe('the request log', () => {
  it('never holds the security code, the access token or a password', async () => {
    const secret = `sc-${Math.random().toString(36).slice(2)}-secret`;
    const longSecret = `long${'s'.repeat(320)}`;
    const token = s.users.customerA.token;
    const { password, email } = s.users.customerB;
    const start = lines.length;

    const claim = await s.app.inject({
      url: `/api/claim/${s.fx.claimCode}/${encodeURIComponent(s.fx.agentName)}/${secret}/`,
      headers: s.users.customerA.auth,
    });
    expect(claim.statusCode).toBeLessThan(500);
    // Too long for the router: answered 414 (or 404) before any route, and still not logged.
    await s.app.inject({ url: `/api/claim/${s.fx.claimCode}/Agent/${longSecret}/` });
    await s.app.inject({
      url: `/api/profile/?token=${token}&access=${token}`,
      headers: { authorization: `Bearer ${token}` },
    });
    await s.app.inject({ method: 'POST', url: '/api/api/token/', payload: { username: email, password } });
    await s.app.inject({
      method: 'POST',
      url: '/api/api/token/',
      payload: { username: email, password: `${password}-wrong` },
    });
    await s.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code: s.fx.claimCode, agent_name: s.fx.agentName, security_code: secret },
    });
    // An error answer goes through the error handler's own log line.
    await s.app.inject({ url: `/api/test-checkout/a%00b/?token=${token}`, headers: s.users.customerA.auth });

    const log = lines.slice(start).join('');
    expect(log).toContain('/api/claim/'); // the requests were logged...
    expect(log).toContain('[redacted]'); // ...with the secret cut out
    for (const [what, value] of [
      ['security code', secret],
      ['long security code', longSecret],
      ['access token', token],
      ['password', password],
    ] as const)
      expect(log.includes(value), `${what} in the log`).toBe(false);
  });
});
