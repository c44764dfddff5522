/**
 * Shared helpers for the browser tests: the demo accounts of this run, and an axe check that fails on
 * serious or critical violations.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Frame, type Page, type TestInfo, test } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { Secret, TOTP } from 'otpauth';

export type Role = 'customer' | 'editor' | 'superuser';

export function demoAccounts(): {
  customer: { email: string; password: string };
  editor: { email: string; password: string };
  superuser: { email: string; password: string; totp_secret: string; recovery_codes: string[] };
  agents: { name: string; code: string }[];
  operators: { email: string; password: string; operator: string; role: string; totp_secret?: string }[];
} {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-accounts.json'), 'utf8'));
}

/** axe-core as @axe-core/playwright has it (its own dependency): the same version it injects. */
const axeRequire = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
/**
 * axe-core's script, minified (650 KB; AxeBuilder injects the 1.4 MB unminified build of the same
 * version, which takes the browser longer to parse).
 */
const AXE_SOURCE = readFileSync(axeRequire.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_VERSION: string = axeRequire('axe-core/package.json').version;

/**
 * Puts axe into `frame` unless its document has it already. axe's script is 650 KB: evaluating it
 * was half of a one-pass scan's time (measured 0.5-0.7 s against 0.4-1.5 s for the scan itself, and
 * AxeBuilder evaluates it twice in the page's main frame per scan). The script stays in the document
 * it was put in, so a second scan of the same page (atBothWidths: the other width) runs at once; a new
 * page load brings a fresh document and a fresh injection.
 */
async function ensureAxe(frame: Frame, main: boolean) {
  const present = () =>
    frame.evaluate(
      (version) => (window as { axe?: { version?: string } }).axe?.version === version,
      AXE_VERSION,
    );
  const inject = async () => {
    if (await present()) return;
    await frame.evaluate(AXE_SOURCE);
    // As AxeBuilder's legacy mode configures it: results only from frames of the page's own origin.
    await frame.evaluate(
      `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`,
    );
  };
  if (main) return inject();
  // A frame that does not answer (others', still loading) is skipped, as AxeBuilder skips it.
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1_000));
  await Promise.race([inject().catch(() => {}), timeout]);
}

/** A scan to run: AxeBuilder's, or OnePassScan. */
interface AxeScan {
  include(selector: string): AxeScan;
  analyze(): Promise<AxeResults>;
}

/**
 * One axe pass (axe's legacy mode: one run in the page, frames of the page's own origin answering
 * it) with axe put into each frame once per document (ensureAxe): the same run AxeBuilder's legacy
 * mode makes, without evaluating axe's script again for every scan.
 */
class OnePassScan implements AxeScan {
  private readonly includes: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly options: RunOptions,
  ) {}

  /** Scans only what `selector` matches (AxeBuilder's include). */
  include(selector: string): this {
    this.includes.push(selector);
    return this;
  }

  async analyze(): Promise<AxeResults> {
    const main = this.page.mainFrame();
    for (const frame of this.page.frames()) await ensureAxe(frame, frame === main);
    // The context AxeBuilder passes (an empty include is the whole document).
    const context = { include: this.includes, exclude: [] as string[] };
    const answer = await this.page.evaluate(
      ({ context, options }) => {
        const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } })
          .axe;
        return axe.run(context, options).then(
          (results) => ({ error: null, results }),
          (err: Error) => ({ error: err.message, results: null }),
        );
      },
      { context, options: this.options },
    );
    if (answer.error || !answer.results) throw new Error(answer.error ?? 'axe gave no results');
    return answer.results;
  }
}

/**
 * An axe scan that gathers violations only: the passes, incomplete and inapplicable results no check
 * reads are not collected (axe's `resultTypes`; a tenth of a scan's CPU, decision 055).
 *
 * In one pass (axe's legacy mode, OnePassScan) unless the page has a cross-origin frame of ours to
 * scan: the default mode scans each frame apart and then opens a blank tab and loads axe's script again
 * to put the results together, two to three times a scan's CPU (measured 1.2-2.1 s against 0.55-0.8 s
 * a page, same results; decision 075). One pass does not look inside cross-origin frames, which on our
 * pages are others' (a map); the booking widget's host page, whose frame is the shop, asks for them.
 */
export function axeScan(page: Page, opts: { crossOriginFrames?: boolean } = {}): AxeScan {
  const options: RunOptions = { resultTypes: ['violations'] };
  if (opts.crossOriginFrames) return new AxeBuilder({ page }).options(options);
  return new OnePassScan(page, options);
}

export async function expectNoSeriousA11yViolations(page: Page, opts: { crossOriginFrames?: boolean } = {}) {
  const results = await axeScan(page, opts).analyze();
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

/** The two widths every page is looked at: a phone and a laptop. */
export const WIDTHS = [390, 1280] as const;

/**
 * Looks at the page as it stands at each of WIDTHS: resizes the window (the layout is responsive;
 * nothing is loaded again), runs `look` at each width, and leaves the page at the width it had. A
 * journey walks its server-side path once and looks at each page it passes at both widths, instead of
 * walking the whole path again per width (decision 075: a page load was most of a test's CPU).
 */
export async function atBothWidths(page: Page, look: (width: (typeof WIDTHS)[number]) => Promise<void>) {
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await look(width);
    }
  } finally {
    await page.setViewportSize(before);
  }
}

const STEP_MS = 30_000;

/** The running test's info, or null outside a test (a global setup). */
function currentTest(): TestInfo | null {
  try {
    return test.info();
  } catch {
    return null;
  }
}

/**
 * The demo superuser's next authenticator code (decision 051), from the secret the demo seed wrote
 * beside its password. The shop takes a code only for a 30-second step later than the last one it took
 * (a replayed code is refused), and one step of drift either way: the step last used is kept in the
 * run's data folder (its shard's server is the only one that reads it), and when the steps of now and
 * the next one are spent, this waits for a fresh one (at most 30 s; a run signs the superuser in a
 * dozen times or so, most of them far apart).
 */
export async function demoSuperuserCode(): Promise<string> {
  return demoCode(demoAccounts().superuser.email);
}

/** The demo accounts whose authenticator secret the seed wrote: the superuser and the operator's manager. */
function demoSecret(email: string): string | null {
  const { superuser, operators } = demoAccounts();
  if (email === superuser.email) return superuser.totp_secret;
  return operators?.find((o) => o.email === email)?.totp_secret ?? null;
}

/** The next authenticator code of a demo account with a known secret, each account's steps kept apart. */
async function demoCode(email: string): Promise<string> {
  const secret = demoSecret(email);
  if (!secret) throw new Error(`no known authenticator secret for ${email}`);
  const own = email === demoAccounts().superuser.email ? '' : `-${email.replace(/[^a-z0-9]/gi, '_')}`;
  const file = path.join(process.env.E2E_DATA_DIR!, `e2e-last-totp-step${own}`);
  const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, last + 1);
  // A step one ahead of the shop's clock is taken; two ahead is not yet.
  if (step > now + 1) {
    const wait = (step - 1) * STEP_MS - Date.now() + 250;
    // The wait is the authenticator's clock, not the test's own work: the test gets it on top of its
    // time (a journey that signs the superuser in right after another would otherwise time out).
    const info = currentTest();
    if (info && info.timeout > 0) info.setTimeout(info.timeout + wait);
    // In the report, so a run's time spent waiting for the authenticator can be added up.
    info?.annotations.push({ type: 'authenticator wait', description: `${Math.round(wait)} ms` });
    await new Promise((r) => setTimeout(r, wait));
  }
  writeFileSync(file, String(step));
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS });
}

/**
 * The spec's sign-in call, and for an account with a factor its second step (the demo superuser and
 * the demo operator's manager have one whose secret a test knows). Answers the token pair.
 */
export async function signInPair(
  request: APIRequestContext,
  email: string,
  password: string,
  at: (p: string) => string = (p) => p,
): Promise<{ access: string; refresh: string }> {
  const res = await request.post(at('/api/api/token/'), { data: { username: email, password } });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  const answer = await res.json();
  if (!answer.pending) return answer;
  expect(demoSecret(email), `a second factor whose secret the test knows (${email})`).toBeTruthy();
  const second = await request.post(at('/api/session/second-factor/'), {
    data: { pending: answer.pending, code: await demoCode(email) },
  });
  expect(second.ok(), `second step of ${email}: ${await second.text()}`).toBe(true);
  return second.json();
}

/**
 * The demo superuser's web sign-in, carried from one test to the next: its refresh token as the last
 * page of the superuser left it in its cookie, and the test that page belonged to. Each new sign-in of
 * the superuser costs an authenticator step, one per 30 seconds (demoSuperuserCode), and tests that
 * sign it in one after another waited for most of them. A later test hands this token over instead, as
 * the app does after a sign-in (the spec's session call, the token in the body), so its page gets the
 * next token of that sign-in and the finished test's page, closed, holds nothing. When that fails (the
 * test signed out, ended the sign-ins or changed the password, or a rotation was not seen), the page
 * signs in afresh. Within one test a second page signs in afresh: two open pages never share a sign-in.
 */
let carriedSuperuser: { refresh: string; testId: string } | null = null;

async function takeCarriedSuperuser(page: Page): Promise<string | null> {
  const testId = currentTest()?.testId;
  const carried = carriedSuperuser;
  if (!carried || !testId || carried.testId === testId) return null;
  carriedSuperuser = null;
  const res = await page.request.post('/api/session/refresh/', { data: { refresh: carried.refresh } });
  return res.ok() ? ((await res.json()).access as string) : null;
}

/** Notes the page's refresh cookie after each session call of its context (rotation, sign-out). */
function carrySuperuser(page: Page) {
  const testId = currentTest()?.testId;
  if (!testId) return;
  const context = page.context();
  const note = async () => {
    try {
      const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
      carriedSuperuser = cookie ? { refresh: cookie.value, testId } : null;
    } catch {
      // The context closed: what was noted last stands.
    }
  };
  context.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/api/session/')) void note();
  });
  void note();
}

/** The web session's refresh cookie (apps/server/src/modules/auth/web-session.ts). */
const SESSION_COOKIE = 'rbt_refresh';

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
  const superuser = email === demoAccounts().superuser.email && !opts.origin;
  let access = superuser ? await takeCarriedSuperuser(page) : null;
  if (!access) {
    const { refresh } = await signInPair(page.request, email, password, at);
    const session = await page.request.post(at('/api/session/refresh/'), { data: { refresh } });
    expect(session.ok(), `session of ${email}`).toBe(true);
    access = (await session.json()).access as string;
  }
  if (superuser) carrySuperuser(page);
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
  return { access, email };
}

/**
 * Access tokens of the demo accounts for the API calls tests make themselves, kept for 10 of their 15
 * minutes: the superuser's sign-in costs an authenticator step, which a run has one of per 30 seconds.
 * The sign-in these come from is this worker's own: no page holds its refresh token or ends it.
 */
const apiTokens = new Map<Role, { access: string; until: number }>();

/** An access token of a demo account for the API calls a test makes itself (no browser involved). */
export async function apiTokenFor(request: APIRequestContext, who: Role): Promise<string> {
  const kept = apiTokens.get(who);
  if (kept && kept.until > Date.now()) return kept.access;
  const acc = demoAccounts()[who];
  const { access } = await signInPair(request, acc.email, acc.password);
  apiTokens.set(who, { access, until: Date.now() + 10 * 60_000 });
  return access;
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
  await followInApp(page, path);
}

/**
 * Moves the running app to `path` as a link inside the shop does (no page load): after navigateInApp,
 * a test that looks at several pages' loading or failure states goes on from one to the next.
 */
export async function followInApp(page: Page, path: string) {
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
