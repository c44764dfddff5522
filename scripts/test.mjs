#!/usr/bin/env node
// `npm test`: unit and API tests (Vitest; on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is
// set) and the browser suite in Chromium, side by side. Ends with one summary line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tagLines } from './lines.mjs';

mkdirSync('reports/tests', { recursive: true });
const isReport = (f) => f === 'vitest.json' || /^e2e(-\d+)?\.json$/.test(f);
for (const f of readdirSync('reports/tests').filter(isReport)) rmSync(`reports/tests/${f}`, { force: true });

/**
 * Runs a command to its end and resolves with its status. `log` takes its output instead of the
 * terminal; `prefix` puts a tag before each of its lines on the terminal.
 */
const run = (cmd, args, { env = process.env, log, prefix } = {}) =>
  new Promise((resolve) => {
    const out = log ? createWriteStream(log) : null;
    const child = spawn(cmd, args, { stdio: log || prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    if (out) {
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    } else if (prefix) {
      tagLines(child.stdout, process.stdout, prefix);
      tagLines(child.stderr, process.stderr, prefix);
    }
    child.on('close', (code) => (out ? out.end(() => resolve(code ?? 1)) : resolve(code ?? 1)));
  });

// Vitest and the browser suite run at the same time (decision 079), the browser tests as soon as what
// they test is built (the web app and the server, built beside Vitest; CI's build step has built them
// already: E2E_BUILT=1). Neither reads what the other writes. SERIAL_TESTS=1 runs them one after the
// other, as before.
const e2e = process.env.SKIP_E2E !== '1';
const together = e2e && process.env.SERIAL_TESTS !== '1';
const building =
  e2e && process.env.E2E_BUILT !== '1'
    ? run('npm', ['run', '--silent', 'build'], { log: 'reports/tests/build.log' })
    : Promise.resolve(0);
/** The browser suite, once its build is done; resolves with its status. */
async function browserTests() {
  const buildStatus = await building;
  if (buildStatus !== 0) {
    console.error(
      `\nThe build for the browser tests failed:\n${readFileSync('reports/tests/build.log', 'utf8')}`,
    );
    return buildStatus;
  }
  return run('node', ['scripts/e2e.mjs'], { env: { ...process.env, E2E_BUILT: '1' } });
}
const browser = together ? browserTests() : null;
const vitestStatus = await run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/tests/vitest.json'],
  // Beside the browser shards' lines ([1/2], [2/2]) Vitest's are tagged too; a tagged Vitest writes
  // plain lines, not its live summary, which the shards' lines would tear.
  together ? { prefix: '[vitest]' } : {},
);
const e2eStatus = e2e ? await (browser ?? browserTests()) : 0;

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('reports/tests/vitest.json')) {
  const v = JSON.parse(readFileSync('reports/tests/vitest.json', 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} else if (vitestStatus !== 0) failed += 1;
// One report per browser-test shard (scripts/e2e.mjs), or one e2e.json when run unsharded.
const e2eReports = readdirSync('reports/tests').filter((f) => isReport(f) && f !== 'vitest.json');
for (const file of e2eReports) {
  const s = JSON.parse(readFileSync(`reports/tests/${file}`, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  // A test that failed once and passed on its retry is counted as passed, and named here.
  if (s.flaky) console.log(`\n${s.flaky} browser test(s) passed only on retry (flaky): see the list above.`);
  skipped += s.skipped;
}
if (e2eReports.length === 0 && e2eStatus !== 0) failed += 1;

if (vitestStatus !== 0 || e2eStatus !== 0) failed = Math.max(failed, 1);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
