import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { SIGNED_IN_COOKIE } from './page-key';
import { bearer, ip, makeUser, tokensFor } from './testing';
import { SESSION_COOKIE } from './web-session';

/**
 * Issue #21 item 2 (decision 018): the web app's refresh token lives in an HttpOnly cookie that page
 * scripts cannot read; the answer carries the access token only.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
});
afterAll(() => t.close());

const refresh = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session/refresh/',
    payload: payload as any,
    headers,
    remoteAddress: ip(),
  });
const end = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/session/end/', payload: {}, headers, remoteAddress: ip() });
const profile = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) });

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}
/** The session's two cookies and the page key, as a page of the signed-in browser sends them. */
let signedIn = { id: '', key: '' };
const withCookie = (value: string, page = signedIn) => ({
  cookie: `${SESSION_COOKIE}=${value}; ${SIGNED_IN_COOKIE}=${page.id}`,
  'x-page-key': page.key,
});

/** A signed-in web session: the spec's sign-in, then the refresh token handed over to the cookie. */
async function startSession() {
  const user = await makeUser(t.db);
  const pair = await tokensFor(t.app, user.email, user.password);
  const res = await refresh({ refresh: pair.refresh });
  expect(res.statusCode, res.body).toBe(200);
  signedIn = { id: res.cookies.find((c) => c.name === SIGNED_IN_COOKIE)!.value, key: res.json().page_key };
  return { user, pair, res, cookie: sessionCookie(res)!.value, page: signedIn };
}

describe("the web app's session cookie (issue #21 item 2)", () => {
  it('answers only the access token and puts the refresh token in an HttpOnly, SameSite=Strict cookie', async () => {
    const { res, pair } = await startSession();
    expect(Object.keys(res.json())).toEqual(['access', 'page_key']);
    expect((await profile(res.json().access)).statusCode).toBe(200);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/session/' });
    expect(cookie.maxAge).toBe(7 * 24 * 3600);
    // Plain http here: a Secure cookie would not be kept by the browser of a local shop.
    expect(cookie.secure).toBeFalsy();
    // The handed-over token is spent: a copy of it is worth nothing.
    expect(cookie.value).not.toBe(pair.refresh);
    expect((await refresh({ refresh: pair.refresh })).statusCode).toBe(401);
  });

  it('renews from the cookie, rotating it; a spent cookie ends the sign-in', async () => {
    const { cookie } = await startSession();
    const next = await refresh({}, withCookie(cookie));
    expect(next.statusCode, next.body).toBe(200);
    const rotated = sessionCookie(next)!.value;
    expect(rotated).not.toBe(cookie);
    // Someone replays the old cookie: refused, told to forget it, and the whole sign-in ends.
    const replay = await refresh({}, withCookie(cookie));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'token_not_valid' });
    expect(sessionCookie(replay)?.value).toBe('');
    expect((await refresh({}, withCookie(rotated))).statusCode).toBe(401);
    expect((await profile(next.json().access)).statusCode).toBe(401);
  });

  it('renews from the cookie only for a page with the key of this sign-in (decision 032)', async () => {
    const { cookie, page } = await startSession();
    const other = (await startSession()).page;
    const marker = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === SIGNED_IN_COOKIE);
    // The signed-in marker: HttpOnly, sent with every page load, a link from an e-mail included.
    const started = await startSession();
    expect(marker(started.res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    for (const headers of [
      { cookie: `${SESSION_COOKIE}=${cookie}; ${SIGNED_IN_COOKIE}=${page.id}` },
      withCookie(cookie, { id: page.id, key: 'x'.repeat(page.key.length) }),
      withCookie(cookie, { id: page.id, key: other.key }),
      withCookie(cookie, { id: other.id, key: page.key }),
      { cookie: `${SESSION_COOKIE}=${cookie}`, 'x-page-key': page.key },
    ]) {
      const refused = await refresh({}, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'page_key_required' });
      expect(sessionCookie(refused)).toBeUndefined();
    }
    // Nothing was spent: the page with the key renews, and the browser keeps its id (other tabs' keys).
    const ok = await refresh({}, withCookie(cookie, page));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json())).toEqual(['access']);
    expect(marker(ok)?.value).toBe(page.id);
  });

  it('answers 401 without a cookie and 401 for a forged one, with no stack or 500', async () => {
    expect(
      (await refresh({}, { cookie: `${SIGNED_IN_COOKIE}=${signedIn.id}`, 'x-page-key': signedIn.key }))
        .statusCode,
    ).toBe(401);
    const forged = await refresh({}, withCookie('eyJhbGciOiJIUzI1NiJ9.e30.x'));
    expect(forged.body).not.toMatch(/at .*\.ts/);
    // A page without the key gets 403 whatever its cookie holds.
    expect((await refresh({}, { cookie: `${SESSION_COOKIE}=eyJhbGciOiJIUzI1NiJ9.e30.x` })).statusCode).toBe(
      403,
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toMatch(/at .*\.ts/);
  });

  it('refuses a call from another origin and leaves the session as it was', async () => {
    const { cookie } = await startSession();
    const foreign = await refresh({}, { ...withCookie(cookie), origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(sessionCookie(foreign)).toBeUndefined();
    // The cookie was not spent by the refused call.
    // Same host, other scheme: an http page is not the shop's own.
    expect((await refresh({}, { ...withCookie(cookie), origin: 'https://localhost:80' })).statusCode).toBe(
      403,
    );
    expect((await refresh({}, { ...withCookie(cookie), origin: 'http://localhost:80' })).statusCode).toBe(
      200,
    );
  });

  it('marks the cookie Secure when the shop is reached over https (behind a trusted proxy)', async () => {
    // On the file's database: only the config differs.
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] }, { database: t.database });
    try {
      proxied.app.mailer.stop();
      const user = await makeUser(proxied.db);
      const hand = async (remoteAddress: string) => {
        const pair = await tokensFor(proxied.app, user.email, user.password);
        return proxied.app.inject({
          method: 'POST',
          url: '/api/session/refresh/',
          payload: { refresh: pair.refresh },
          headers: { 'x-forwarded-proto': 'https' },
          remoteAddress,
        });
      };
      expect(sessionCookie(await hand('127.0.0.1'))?.secure).toBe(true);
      // The header from an address that is not the proxy is not believed.
      expect(sessionCookie(await hand('203.0.113.9'))?.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
  });

  it('ends the sign-in at once on logout and clears the cookie', async () => {
    const { cookie, res } = await startSession();
    const access = res.json().access as string;
    const out = await end(withCookie(cookie));
    expect(out.statusCode).toBe(200);
    expect(sessionCookie(out)?.value).toBe('');
    expect(out.cookies.find((c) => c.name === SIGNED_IN_COOKIE)?.value).toBe('');
    expect((await profile(access)).statusCode).toBe(401);
    expect((await refresh({}, withCookie(cookie))).statusCode).toBe(401);
    // Logging out without a session is harmless.
    expect((await end()).statusCode).toBe(200);
  });
});
