#!/usr/bin/env node
// Runs the browser suite in Debian's Chromium. Installs it with apt when missing and running as root;
// otherwise stops with a message saying exactly what to do.
//
// The whole suite runs as E2E_SHARDS shards at once (default 2; 1 when files or options are given):
// each shard is its own Playwright process with its own server, port and data folder (the specs of one
// shard share one server, as before), so the suite takes about half the time on two cores. The spec
// files are dealt to the shards by how long each took in a measured run (e2e/durations.json, seconds; a
// file not listed counts 30), longest first to the shard with least so far: Playwright's own --shard
// cuts the file list in order, and the long axe walk made one shard twice as long as the other. Each
// shard writes reports/tests/e2e-<n>.json; scripts/test.mjs adds them up. After a whole run,
// `npm run test:times -- --write-durations` writes that run's seconds into e2e/durations.json (refresh
// it when spec files are added or change much: a stale list deals new files as 30 s each).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tagLines } from './lines.mjs';

// The full browser, and its headless shell that most specs run in (playwright.config.ts, decision 075).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const missing = [
  ...(existsSync(chromium) ? [] : ['chromium']),
  ...(process.env.CHROMIUM_PATH || existsSync(headlessShell) ? [] : ['chromium-headless-shell']),
];
if (missing.length > 0) {
  if (process.getuid?.() === 0) {
    console.log(`Installing ${missing.join(' and ')} with apt-get ...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
    if (r.status !== 0 || !existsSync(chromium)) {
      console.error(`Could not install Chromium. Run: apt-get install -y ${missing.join(' ')}`);
      process.exit(1);
    }
  } else if (!existsSync(chromium)) {
    console.error(
      `Chromium is not installed at ${chromium}. Install it with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  } else {
    console.log(
      'chromium-headless-shell is missing: the browser tests run in the full Chromium, about twice the CPU.' +
        ' Install it with: sudo apt-get install -y chromium-headless-shell',
    );
  }
}

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;
// The browser tests run against the built app, so build what is being tested. CI's own build step
// has just built the same sources (.ci/run sets E2E_BUILT=1: some 20 s saved).
if (process.env.E2E_BUILT !== '1' && run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);

const args = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? (args.length > 0 ? 1 : 2)));
mkdirSync('reports/tests', { recursive: true });
for (const f of readdirSync('reports/tests', { withFileTypes: true })) {
  if (/^e2e(-\d+)?\.json$/.test(f.name)) rmSync(`reports/tests/${f.name}`, { force: true });
}
if (shards === 1) process.exit(run('npx', ['playwright', 'test', ...args]));

const basePort = Number(process.env.E2E_PORT ?? 4310);
const durations = JSON.parse(readFileSync('e2e/durations.json', 'utf8'));
const specs = readdirSync('e2e')
  .filter((f) => f.endsWith('.spec.ts'))
  .sort((a, b) => (durations[b] ?? 30) - (durations[a] ?? 30) || a.localeCompare(b));
const dealt = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
for (const file of specs) {
  const lightest = dealt.reduce((min, s) => (s.seconds < min.seconds ? s : min));
  lightest.files.push(`e2e/${file}`);
  lightest.seconds += durations[file] ?? 30;
}
for (const [i, s] of dealt.entries())
  console.log(`shard ${i + 1}/${shards}: ${s.files.length} files, about ${s.seconds} s in CI`);
const shardEnv = (n) => {
  const env = {
    ...process.env,
    E2E_PORT: String(basePort + n - 1),
    E2E_REPORT: `reports/tests/e2e-${n}.json`,
    E2E_OUTPUT_DIR: `test-results/shard-${n}`,
  };
  // Each shard makes its own data folder and wallet material (playwright.config.ts).
  delete env.E2E_DATA_DIR;
  delete env.E2E_WALLET_DIR;
  return env;
};
/** One shard: its lines are prefixed with [n/N] so the two interleaved logs stay readable. */
const shard = (n) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...dealt[n - 1].files, ...args], {
      env: shardEnv(n),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    tagLines(child.stdout, process.stdout, `[${n}/${shards}]`);
    tagLines(child.stderr, process.stderr, `[${n}/${shards}]`);
    child.on('close', (code) => resolve(code ?? 1));
  });
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => shard(i + 1)));

/** Seconds per spec file in this run (every attempt counted), from the shards' reports. */
function measuredDurations() {
  const seconds = {};
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) seconds[here] = (seconds[here] ?? 0) + r.duration / 1000;
    for (const inner of suite.suites ?? []) walk(inner, here);
  };
  for (let n = 1; n <= shards; n++) {
    const file = `reports/tests/e2e-${n}.json`;
    if (existsSync(file))
      for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  }
  return Object.fromEntries(
    Object.entries(seconds)
      .map(([f, s]) => [path.basename(f), Math.round(s)])
      .sort((a, b) => b[1] - a[1]),
  );
}
writeFileSync('reports/tests/e2e-durations.json', `${JSON.stringify(measuredDurations(), null, 2)}\n`);
console.log(
  'Seconds per spec file: reports/tests/e2e-durations.json. To deal the next runs by them: npm run test:times -- --write-durations',
);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
