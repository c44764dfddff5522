/**
 * Secrets never reach the logs: the claim path's security code, tokens in query strings, the
 * Authorization header and passwords. The app logs through the shop's own pino options
 * (loggerOptions, as main.ts does) into a memory stream, at the most talkative level.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../app';
import { openCheckout } from '../test/buy';
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
      '/api/claim/[redacted]/Agent%20Alpha/[redacted]/',
    );
    expect(redactUrl('/api/claim/CODE/Agent/4711')).toBe('/api/claim/[redacted]/Agent/[redacted]');
    expect(redactUrl('/api/claim/CODE/Agent/4711/?x=1')).toBe('/api/claim/[redacted]/Agent/[redacted]/?x=1');
    expect(redactUrl('/api/claim/CODE')).toBe('/api/claim/[redacted]');
    expect(redactUrl('/api/claim/')).toBe('/api/claim/');
    expect(redactUrl('/api/authenticate/CODE/')).toBe('/api/authenticate/[redacted]/');
    expect(redactUrl('/verify/CODE/')).toBe('/verify/[redacted]/');
    expect(redactUrl('/x?token=abc&y=1&refresh=def&ACCESS=ghi&code=123456')).toBe(
      '/x?token=[redacted]&y=1&refresh=[redacted]&ACCESS=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/verify/CODE/?t=PAYLOAD.SIG')).toBe('/verify/[redacted]/?t=[redacted]');
    // A booking widget's one-time payment link (decision 060).
    expect(redactUrl('/api/widget/handoff/LINK-CODE/')).toBe('/api/widget/handoff/[redacted]/');
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

describe('claim codes and personal data (issue #21)', () => {
  it('the request log holds no claim code: the claim page, its info call and both claim paths', async () => {
    const code = s.fx.claimCode;
    const start = lines.length;
    await s.app.inject({ url: `/verify/${code}/` });
    await s.app.inject({ url: `/api/authenticate/${code}/` });
    await s.app.inject({ url: `/api/claim/${code}/Agent%20Alpha/0000/` });
    await s.app.inject({ url: `/api/claim/${code}/` });
    const log = lines.slice(start).join('');
    expect(log).toContain('/verify/[redacted]/');
    expect(log).toContain('/api/authenticate/[redacted]/');
    expect(log.includes(code), 'claim code in the log').toBe(false);
  });

  it("the agents' app: no device token, agent password, scanned ticket or claim code in the log (issue #19)", async () => {
    const code = s.fx.claimCode;
    const signed = 'WzEsImsxIiwieCIsIlgiLG51bGwsbnVsbCwxLDAsMF0.c2lnbmF0dXJlLW5vdC1yZWFs';
    const start = lines.length;
    await s.app.inject({
      method: 'POST',
      url: '/api/agent/devices/',
      payload: { email: 'alpha@agents.example', password: 'pw-alpha-1', label: 'Log test' },
    });
    const device = { authorization: `Bearer ${s.fx.deviceToken}` };
    for (const scan of [`https://shop.example/verify/${code}/#t=${signed}`, code, signed])
      await s.app.inject({ method: 'POST', url: '/api/agent/claims/', headers: device, payload: { scan } });
    await s.app.inject({
      method: 'POST',
      url: '/api/agent/claims/sync/',
      headers: device,
      payload: { claims: [{ id: crypto.randomUUID(), scan: code, claimed_at: new Date().toISOString() }] },
    });
    // A token sent where it does not belong, and in a query string.
    await s.app.inject({ url: `/api/agent/keys/?token=${s.fx.deviceToken}`, headers: device });
    await s.app.inject({ url: '/api/profile/', headers: device });
    const log = lines.slice(start).join('');
    expect(log).toContain('/api/agent/claims/');
    for (const [what, value] of [
      ['device token', s.fx.deviceToken],
      ['agent password', 'pw-alpha-1'],
      ['claim code', code],
      ['signed ticket', signed.split('.')[0]],
    ] as const)
      expect(log.includes(value), `${what} in the log`).toBe(false);
  });

  it('a fulfilment that fails to store its e-mail logs neither the buyer, nor the ticket link, nor the QR', async () => {
    const buyer = s.users.customerB;
    const sessionId = await openCheckout(s.app, buyer, { adult_count: '1', youth_count: '0' });
    // The forced failure: the outbox refuses every row, after the ticket e-mail has been written.
    await s.db.execute(
      sql.raw(`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'outbox refuses mail'; END $$`),
    );
    await s.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()',
      ),
    );
    const start = lines.length;
    try {
      const paid = await s.app.inject({
        method: 'POST',
        url: `/api/test-checkout/${sessionId}/pay/`,
        headers: buyer.auth,
      });
      expect(paid.statusCode).toBe(500);
    } finally {
      await s.db.execute(sql.raw('DROP TRIGGER refuse_mail ON mail_outbox'));
      await s.db.execute(sql.raw('DROP FUNCTION refuse_mail()'));
    }
    const log = lines.slice(start).join('');
    expect(log).toContain('request failed'); // the failure was logged...
    expect(log).toContain('Could not store the e-mail in the outbox'); // ...saying what failed
    for (const [what, pattern] of [
      ['buyer address', buyer.email],
      ['claim link', '/verify/'],
      ['QR code (PNG, base64)', 'iVBORw0KGgo'],
      ['ticket e-mail text', 'ticket_qr_code.png'],
    ] as const)
      expect(log.includes(pattern), `${what} in the log`).toBe(false);
  });

  it('the error serializer cuts query values, quoted keys, addresses and claim links from any error', async () => {
    const { serializeError } = await import('../app');
    const err = new Error(
      'Failed query: insert into "mail_outbox" ("to", "text") values ($1, $2)\nparams: anna@example.com,Open https://shop/verify/abc123/',
      {
        cause: Object.assign(new Error('duplicate key'), {
          detail: 'Key (email)=(anna@example.com) already exists.',
        }),
      },
    );
    Object.assign(err, { params: ['anna@example.com', 'secret'] });
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('anna@example.com');
    expect(out).not.toContain('abc123');
    expect(out).not.toContain('secret');
    expect(out).toContain('params: [redacted]');
  });
});
