/**
 * Shared helpers for the browser tests: the demo accounts of this run, and an axe check that fails on
 * serious or critical violations.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type Role = 'customer' | 'editor' | 'superuser';

export function demoAccounts(): {
  customer: { email: string; password: string };
  editor: { email: string; password: string };
  superuser: { email: string; password: string };
  agents: { name: string; code: string }[];
} {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-accounts.json'), 'utf8'));
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * Signs `page` in with an e-mail and password the way the web app does after a login (decision 018):
 * the spec's sign-in call, the refresh token handed to the HttpOnly session cookie (page.request shares
 * the page's cookies), and the e-mail in localStorage before any page script runs. Answers the access
 * token of that hand-over, for API calls a test makes itself.
 */
export async function signInWith(
  page: Page,
  email: string,
  password: string,
  opts: { isEditor?: boolean; origin?: string } = {},
): Promise<{ access: string; email: string }> {
  // The session cookie belongs to the host it was set by: a walk on another origin signs in there.
  const at = (p: string) => `${opts.origin ?? ''}${p}`;
  const res = await page.request.post(at('/api/api/token/'), { data: { username: email, password } });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  const { refresh } = await res.json();
  const session = await page.request.post(at('/api/session/refresh/'), { data: { refresh } });
  expect(session.ok(), `session of ${email}`).toBe(true);
  const { access } = await session.json();
  await page.addInitScript(
    ([e, editor]) => {
      // Once per test: after the test signs out, a reload stays signed out.
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('email', e);
      if (editor) localStorage.setItem('is_editor', 'true');
    },
    [email, opts.isEditor ? 'true' : ''] as const,
  );
  return { access: access as string, email };
}

/** An access token of a demo account for the API calls a test makes itself (no browser involved). */
export async function apiTokenFor(request: APIRequestContext, who: Role): Promise<string> {
  const acc = demoAccounts()[who];
  const res = await request.post('/api/api/token/', {
    data: { username: acc.email, password: acc.password },
  });
  expect(res.ok(), `sign-in of ${acc.email}`).toBe(true);
  return (await res.json()).access as string;
}

/**
 * The demo superuser's headers for the writes that want a fresh password (decision 032): the Bearer
 * token and the proof of POST /api/session/step-up/.
 */
export async function superuserWriteHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const authorization = `Bearer ${await apiTokenFor(request, 'superuser')}`;
  const res = await request.post('/api/session/step-up/', {
    headers: { authorization },
    data: { password: demoAccounts().superuser.password },
  });
  expect(res.ok(), 'step-up of the superuser').toBe(true);
  return { authorization, 'x-step-up': (await res.json()).step_up };
}

/** Answers the dashboard's password prompt that a key, an agent account or a device revocation opens. */
export async function confirmPassword(page: Page, password = demoAccounts().superuser.password) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Runs `body` with the editors' global head code set to `code`, then puts the code that was there back
 * (through the editor's own call), whatever `body` did.
 */
export async function withGlobalHeadCode(
  request: APIRequestContext,
  code: string,
  body: () => Promise<void>,
): Promise<void> {
  const headers = { authorization: `Bearer ${await apiTokenFor(request, 'editor')}` };
  const url = '/api/website-settings/global-head-code/';
  const original = (await (await request.get(url)).json()).global_head_code as string;
  const saved = await request.patch(url, { headers, data: { global_head_code: code } });
  expect(saved.ok(), 'head code saved').toBe(true);
  try {
    await body();
  } finally {
    await request.patch(url, { headers, data: { global_head_code: original } });
  }
}

/** Signs `page` in as one of the demo accounts. */
export async function signInAs(page: Page, who: Role, opts: { isEditor?: boolean; origin?: string } = {}) {
  const acc = demoAccounts()[who];
  return signInWith(page, acc.email, acc.password, opts);
}

/**
 * Opens `path` the way a click on a link inside the shop does: the app is already running (on /offer,
 * which loads no page content), so the page loads its content itself instead of receiving it with the
 * HTML. Loading and failure states of content exist only there.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.goto('/offer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname).toBe(new URL(path, 'http://shop').pathname);
}

/** A company page and a ticket page of the seeded shop, read from the sitemap. */
export async function seededPages(page: Page): Promise<{ company: string; ticket: string }> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1].replace(/&amp;/g, '&')).pathname,
  );
  const company = paths.find((p) => p.startsWith('/bus/'));
  const ticket = paths.find((p) => p.startsWith('/manageBookings/'));
  if (!company || !ticket) throw new Error('the sitemap lists no company or ticket page');
  return { company, ticket };
}

/**
 * Holds the app's entry script back, so a test sees what the page's HTML alone paints; the returned
 * function lets it through.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
