#!/usr/bin/env node
/**
 * Web budgets (`npm run check:web`, also run by .ci/run). Builds the web app when it is missing or older
 * than its sources, starts the real server on a free loopback port with a fresh data folder, then:
 *  (a) JavaScript budget: opens / in Chromium as a visitor, waits for network idle and sums the gzip size
 *      of every .js response actually requested (from the transfer size when the server compressed it,
 *      else gzip of the body). Fails above 115.0 KB (120.6 KB with the five languages' runtime and the
 *      first-screen catalogue, decision 024; 111.3 KB, 111.8-111.9 KB in the other languages, with
 *      TanStack Query out of the first load (decision 026), under the 115 KB aim; docs/performance.md),
 *      or when a lazy chunk (editor, media library, analytics, charts, code editor, TanStack Query)
 *      was requested.
 *  (b) Lighthouse (mobile emulation, default simulated throttling) on five pages, each run several
 *      times (--runs N, default 3) in a fresh browser; the budgets are judged on Lighthouse's own median
 *      run (computeMedianRun: the run nearest the median FCP and TTI), because one run's score swings
 *      with what else the machine is doing. Prints Performance, Accessibility, Best Practices, SEO,
 *      LCP/CLS/TBT and every run's Performance; writes the median run's HTML report to
 *      reports/lighthouse/. Fails when Performance < 95 or any other category < 100.
 *      Lighthouse's default 4x CPU slowdown is calibrated for a host whose CPU benchmark
 *      (benchmarkIndex) is 1500-2000 ("high-end desktop", Lighthouse's throttling docs); on a slower
 *      host the same 4x emulates a slower phone than Lighthouse means, because the simulation
 *      multiplies the host's own CPU time. So when a page misses 95 on a host below 1500, it is
 *      measured again with the multiplier scaled to the host (benchmarkIndex / 375, the phone a 1500
 *      host emulates at 4x; never below 2, so a loaded host cannot loosen the budget further) and
 *      Performance is judged on those runs. A run during which the host sped up (its own index says
 *      it emulated a faster phone) is measured again. Both medians are printed, both reports kept. On
 *      a host of 1500 or more a miss fails at once.
 *      With --once (CI), a page is measured once, and only a page whose run is below a budget is
 *      measured up to N times and judged on the median: a page well inside its budgets needs no
 *      median to say so, and nine pages times three runs were six minutes of CI. With
 *      --perf-advisory the Performance budget is the floor: above it one run is printed as it is.
 * Options: --skip-lighthouse, --skip-js, --build (always build), --runs N, --once, --every-language (Lighthouse
 * on each of the five storefront pages in each language, 25 pages, not the nine), --perf-advisory (Performance
 * below 95 printed, not enforced) with --perf-floor N (still fail below N). Env CHROME_PATH (default
 * /usr/bin/chromium).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const advisories = [];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * 111.9 KB at most (German, French, Spanish home) on 2026-11-26 plus a margin; 113.3 KB on 2026-11-27
 * with the page key and the head-code rule of decision 032 (about 0.5 KB), so 114; 114.1 KB on
 * 2026-11-28 with every word and picture of the home page editable in place (decision 038, about
 * 0.5 KB), so 114.5; 114.9 KB on 2026-11-28 with the text search and the category links in every
 * page's navigation (decision 039, about 0.7 KB, after the payment marks became a picture and the
 * footer's and offers pages' words left the first load), so 115.0: the 115 KB the shop holds itself to
 * (docs/performance.md), with no margin left; the next first-load word must pay for itself.
 */
const JS_BUDGET_KB = 115.0;
const JS_BUDGET = JS_BUDGET_KB * 1024;
/** The shop's five languages as path prefixes (English has none; the contract's LOCALES). */
const LANGUAGE_PREFIXES = ['', '/it', '/es', '/fr', '/de'];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;
/** --once: one run per page, the median of RUNS only below a budget (see the header). */
const FIRST_RUNS = args.has('--once') ? 1 : RUNS;
const floorArg = process.argv.indexOf('--perf-floor');
/** With --perf-advisory: the median Performance below which the run still fails (a regression). */
const PERF_FLOOR = floorArg > 0 ? Number(process.argv[floorArg + 1]) || 0 : 0;
/** Lighthouse's default mobile CPU slowdown, and the slowest host benchmark it is calibrated for. */
const DEFAULT_CPU_MULTIPLIER = 4;
const CALIBRATED_HOST_INDEX = 1500;
/** The phone the default emulates on such a host, as a benchmark index (1500 / 4). */
const EMULATED_PHONE_INDEX = CALIBRATED_HOST_INDEX / DEFAULT_CPU_MULTIPLIER;
/** The smallest multiplier a slow host gets: below it a loaded machine would loosen the budget. */
const MIN_CPU_MULTIPLIER = 2;
const multiplierFor = (hostIndex) =>
  Math.min(
    DEFAULT_CPU_MULTIPLIER,
    Math.max(MIN_CPU_MULTIPLIER, +(hostIndex / EMULATED_PHONE_INDEX).toFixed(2)),
  );
// `queries`: TanStack Query, which the home page's first screen reads without (apps/web/src/api/queries.ts).
export const LAZY_CHUNK = /EditorTools|editor|media|analytics|recharts|codemirror|queries/i;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const failures = [];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, name)));
  return max;
}

function buildIfNeeded() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contract/src'];
  const stale =
    !existsSync(index) ||
    Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > statSync(index).mtimeMs;
  if (!stale && !args.has('--build')) return;
  console.log('Building the web app ...');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-check-web-'));
  const { main } = await buildServer();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  if (Date.now() >= deadline) throw new Error('server did not answer /healthz within 120 s');
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/** A company page and a ticket page of the seeded shop, from the sitemap. */
async function pickPages(base) {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1].replace(/&amp;/g, '&')).pathname,
  );
  const company = locs.find((p) => p.startsWith('/bus/'));
  const ticket = locs.find((p) => p.startsWith('/manageBookings/'));
  if (!company || !ticket) throw new Error('sitemap has no company or ticket page');
  const storefront = [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search?ticketType=24%20hours' },
    { name: 'company', path: company },
    { name: 'ticket', path: ticket },
    { name: 'aboutus', path: '/aboutus' },
  ];
  // --every-language: each storefront page in each of the five languages (25 pages, some 20 minutes at
  // three runs each; the aim is 95 on every page in every language). CI measures the sample below.
  if (args.has('--every-language'))
    return LANGUAGE_PREFIXES.flatMap((prefix) =>
      storefront.map((p) => ({
        name: prefix ? `${p.name}-${prefix.slice(1)}` : p.name,
        path: p.path === '/' ? `${prefix}/` : `${prefix}${p.path}`,
      })),
    );
  return [
    ...storefront,
    // The other languages (decision 024), each with a page: the Italian home, a Spanish search, a French
    // company page and a German ticket page.
    { name: 'home-it', path: '/it/' },
    { name: 'search-es', path: '/es/search?ticketType=24%20hours' },
    { name: 'company-fr', path: `/fr${company}` },
    { name: 'ticket-de', path: `/de${ticket}` },
  ];
}

async function checkJsBudget(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // The home page in every language (decision 024): each downloads its own first-screen words.
    for (const prefix of LANGUAGE_PREFIXES) await homeJs(browser, base, `${prefix}/`);
  } finally {
    await browser.close();
  }
}

async function homeJs(browser, base, home) {
  {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) scripts.push(res);
    });
    await page.goto(`${base}${home}`, { waitUntil: 'networkidle' });
    let total = 0;
    const rows = [];
    for (const res of scripts) {
      const body = await res.body();
      // The budget is in gzip bytes: gzip of the body, whatever encoding the server chose to send.
      const gz = gzipSync(body, { level: 9 }).length;
      const encoding = (await res.headerValue('content-encoding')) ?? '';
      const transfer = encoding ? (await res.request().sizes()).responseBodySize : body.length;
      total += gz;
      rows.push({
        file: new URL(res.url()).pathname,
        gzipKB: +(gz / 1024).toFixed(1),
        sentKB: +(transfer / 1024).toFixed(1),
        encoding: encoding || '-',
      });
    }
    if (home === '/') console.table(rows);
    console.log(
      `JavaScript before the home page (${home}) is interactive: ${(total / 1024).toFixed(1)} KB gzip (budget ${JS_BUDGET_KB} KB)`,
    );
    if (total > JS_BUDGET)
      failures.push(`home JS (${home}) ${(total / 1024).toFixed(1)} KB gzip > ${JS_BUDGET_KB} KB`);
    const lazy = rows.filter((r) => LAZY_CHUNK.test(path.basename(r.file)));
    if (lazy.length)
      failures.push(`lazy chunks in a visitor's download: ${lazy.map((r) => r.file).join(', ')}`);
    await page.close();
  }
}

async function runLighthouse(base, pages) {
  const { default: lighthouse, generateReport } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const constants = await import('lighthouse/core/config/constants.js');
  const chromeLauncher = await import('chrome-launcher');
  const outDir = path.join(root, 'reports/lighthouse');
  // Only this run's reports (a calibrated report of an earlier run would mislead).
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const results = [];
  /** One Lighthouse run in a fresh browser (no cache or service worker carried from the previous run). */
  /** Without a multiplier: Lighthouse's defaults (mobile, simulated Slow 4G, 4x CPU), untouched. */
  async function audit(url, cpuSlowdownMultiplier) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    const throttling = cpuSlowdownMultiplier
      ? { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier } }
      : {};
    try {
      return await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...throttling });
    } finally {
      await chrome.kill();
    }
  }
  /** One measured run: repeated (at most twice) when Lighthouse itself failed to record the trace. */
  async function measuredRun(url, label, cpuSlowdownMultiplier) {
    let r = await audit(url, cpuSlowdownMultiplier);
    // Lighthouse sometimes fails to record the trace on a busy machine (NO_NAVSTART, "Please run
    // Lighthouse again"): such a run measured nothing, so it is repeated.
    for (let retry = 0; retry < 2 && r?.lhr.runtimeError; retry++) {
      console.warn(`${label}: Lighthouse run failed (${r.lhr.runtimeError.code}); running it again`);
      r = await audit(url, cpuSlowdownMultiplier);
    }
    if (!r || r.lhr.runtimeError) throw new Error(`Lighthouse measured nothing for ${url}`);
    return r.lhr;
  }
  const perfOf = (l) => Math.round((l.categories.performance.score ?? 0) * 100);
  // The Performance a run is judged against: 95, or with --perf-advisory the floor only. A page above
  // the floor is not measured again, nor calibrated, when Performance is only reported: on a host of
  // benchmarkIndex 1400 (2026-12-06) every page scored 84-92 once and its three runs plus calibrated
  // ones took 95-110 s a page, 15 minutes of CI to print an advisory figure.
  const PERF_LINE = args.has('--perf-advisory') ? PERF_FLOOR : 95;
  const BUDGETS = { performance: PERF_LINE, accessibility: 100, 'best-practices': 100, seo: 100 };
  const withinBudgets = (l) =>
    Object.entries(BUDGETS).every(([k, min]) => Math.round((l.categories[k]?.score ?? 0) * 100) >= min);
  const scoresOf = (l) =>
    Object.keys(BUDGETS)
      .map((k) => `${k} ${Math.round((l.categories[k]?.score ?? 0) * 100)}`)
      .join(', ');
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const p of pages) {
    const url = base + p.path;
    const started = Date.now();
    const lhrs = [];
    for (let i = 0; i < FIRST_RUNS; i++) lhrs.push(await measuredRun(url, p.path));
    if (lhrs.length < RUNS && !withinBudgets(lhrs[0])) {
      console.log(`${p.path}: one run below a budget (${scoresOf(lhrs[0])}); measuring ${RUNS} times`);
      while (lhrs.length < RUNS) lhrs.push(await measuredRun(url, p.path));
    }
    const lhr = computeMedianRun(lhrs);
    writeFileSync(path.join(outDir, `${p.name}.html`), generateReport(lhr, 'html'));
    // A miss on a host slower than Lighthouse's default throttling is calibrated for: measured again
    // as Lighthouse's docs prescribe for such a host, so the emulated phone is the one Lighthouse means.
    const hostIndex = Math.round(median(lhrs.map((l) => l.environment.benchmarkIndex)));
    let calibrated;
    if (perfOf(lhr) < PERF_LINE && hostIndex < CALIBRATED_HOST_INDEX) {
      let multiplier = multiplierFor(hostIndex);
      console.log(
        `${p.path}: Performance ${perfOf(lhr)} on a host with benchmarkIndex ${hostIndex}, below the ${CALIBRATED_HOST_INDEX} that Lighthouse's default 4x CPU slowdown is calibrated for; measuring again with cpuSlowdownMultiplier ${multiplier} (${hostIndex} / ${EMULATED_PHONE_INDEX})`,
      );
      const runs = [];
      // With --once, the calibrated runs stop at one when it meets the budget.
      const wanted = () => (FIRST_RUNS === 1 && runs.length === 1 && perfOf(runs[0]) >= PERF_LINE ? 1 : RUNS);
      for (let attempt = 0; runs.length < wanted() && attempt < RUNS + 3; attempt++) {
        const run = await measuredRun(url, p.path, multiplier);
        const index = run.environment.benchmarkIndex;
        // The host was faster during this run than the multiplier assumed (the load eased), so it
        // emulated a faster phone than Lighthouse's: measured again at the multiplier for its speed.
        if (index / multiplier > EMULATED_PHONE_INDEX * 1.25) {
          multiplier = multiplierFor(index);
          console.log(`${p.path}: host benchmarkIndex now ${Math.round(index)}; again with x${multiplier}`);
          continue;
        }
        runs.push(run);
      }
      if (runs.length === wanted()) {
        calibrated = { lhr: computeMedianRun(runs), runs };
        writeFileSync(path.join(outDir, `${p.name}-calibrated.html`), generateReport(calibrated.lhr, 'html'));
      }
    }
    // The run Performance is judged on: its figures are the ones printed and named in a failure.
    const judged = calibrated?.lhr ?? lhr;
    const { categories: c, audits: a } = judged;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    const row = {
      page: p.path,
      // Judged: the calibrated runs' median where the host was too slow for the default, else the default.
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      LCP: a['largest-contentful-paint'].displayValue,
      CLS: a['cumulative-layout-shift'].displayValue,
      TBT: a['total-blocking-time'].displayValue,
      // Lighthouse's CPU benchmark of this machine (median of the runs): below 1500 the default 4x
      // emulates a slower phone than Lighthouse means; far below 1000 means a busy machine.
      cpu: hostIndex,
      // Every run's Performance, so the spread is on record beside the median.
      runs: lhrs.map(perfOf).join('/'),
      // With a calibrated measurement: the multiplier, the default median and the calibrated runs.
      ...(calibrated && {
        calibrated: `${calibrated.runs
          .map((l) => `${perfOf(l)} (x${l.configSettings.throttling.cpuSlowdownMultiplier})`)
          .join('/')}; default median ${perfOf(lhr)}`,
      }),
      sec: Math.round((Date.now() - started) / 1000),
    };
    results.push(row);
    console.log(JSON.stringify(row));
    const budget = {
      perf: BUDGETS.performance,
      a11y: BUDGETS.accessibility,
      bp: BUDGETS['best-practices'],
      seo: BUDGETS.seo,
    };
    for (const [k, min] of Object.entries(budget)) {
      if (row[k] < min) {
        const cat = { perf: 'performance', a11y: 'accessibility', bp: 'best-practices', seo: 'seo' }[k];
        const failing = c[cat].auditRefs
          .filter((ref) => ref.weight > 0 && a[ref.id].score !== null && a[ref.id].score < 1)
          .map((ref) => ref.id);
        const line = `${p.path}: ${k} ${row[k]} < ${min} (${failing.join(', ')})`;
        // --perf-advisory: a Performance below 95 is reported, not enforced (it swings with machine
        // load; see the note in docs/architecture.md), unless it is below --perf-floor: a drop that
        // far is the code, not the machine. Every other budget still fails the run.
        if (k === 'perf' && args.has('--perf-advisory') && row[k] >= PERF_FLOOR) advisories.push(line);
        else failures.push(line);
      }
    }
  }
  console.table(results);
  console.log(`HTML reports in ${path.relative(root, outDir)}/`);
}

buildIfNeeded();
const server = await startServer();
let crashed = false;
try {
  const pages = await pickPages(server.base);
  if (!args.has('--skip-js')) await checkJsBudget(server.base);
  if (!args.has('--skip-lighthouse')) await runLighthouse(server.base, pages);
} catch (err) {
  crashed = true;
  console.error(err);
} finally {
  server.stop();
}
if (advisories.length) console.warn(`\nPerformance below budget (advisory):\n- ${advisories.join('\n- ')}`);
if (failures.length) {
  console.error(`\nWeb budgets missed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
if (crashed) process.exit(1);
console.log('\nAll web budgets met.');
