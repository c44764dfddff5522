#!/usr/bin/env node
// Where the test suite's time goes, from the reports `npm test` leaves (reports/tests/): the browser
// spec files and tests by their summed durations (every attempt counted), the Vitest files by theirs.
//
//   node scripts/test-times.mjs [--top N] [report.json ...]
//   node scripts/test-times.mjs --write-durations   # the browser reports' seconds per spec file into
//                                                   # e2e/durations.json, which scripts/e2e.mjs deals by
//
// Without files it reads reports/tests/e2e-<n>.json (or e2e.json) and reports/tests/vitest.json. The
// durations are the tests' own (summed over the shards), so they say what a change saved even when the
// machine's wall time is the neighbours'.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const argv = process.argv.slice(2);
const topAt = argv.indexOf('--top');
const top = topAt >= 0 ? Number(argv[topAt + 1]) : 25;
const write = argv.includes('--write-durations');
const given = argv.filter((a, i) => a.endsWith('.json') && argv[i - 1] !== '--top');
const reports =
  given.length > 0
    ? given
    : existsSync('reports/tests')
      ? readdirSync('reports/tests')
          .filter((f) => /^e2e(-\d+)?\.json$/.test(f) || f === 'vitest.json')
          .map((f) => `reports/tests/${f}`)
      : [];

const perSpec = {};
const perTest = [];
const perVitestFile = [];
let e2eSeconds = 0;
let vitestSeconds = 0;

const walk = (suite, file, titles) => {
  const here = suite.file ?? file;
  const names = suite.title && suite.title !== here ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) {
      const seconds = (t.results ?? []).reduce((s, r) => s + r.duration / 1000, 0);
      const base = path.basename(here);
      perSpec[base] = (perSpec[base] ?? 0) + seconds;
      e2eSeconds += seconds;
      perTest.push({ seconds, name: `${base} › ${[...names, spec.title].join(' › ')}` });
    }
  for (const inner of suite.suites ?? []) walk(inner, here, names);
};

for (const file of reports) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (Array.isArray(report.testResults)) {
    // Vitest's JSON: per file its start and end (the file's wall time in its worker).
    for (const r of report.testResults) {
      const seconds = (r.endTime - r.startTime) / 1000;
      vitestSeconds += seconds;
      perVitestFile.push({ seconds, name: path.relative(process.cwd(), r.name) });
    }
  } else for (const suite of report.suites ?? []) walk(suite, undefined, []);
}

const show = (title, rows) => {
  if (rows.length === 0) return;
  console.log(`\n${title}`);
  for (const r of rows.sort((a, b) => b.seconds - a.seconds).slice(0, top))
    console.log(`${r.seconds.toFixed(1).padStart(8)} s  ${r.name}`);
};
show(
  `Browser spec files (${Object.keys(perSpec).length}, ${e2eSeconds.toFixed(0)} s summed):`,
  Object.entries(perSpec).map(([name, seconds]) => ({ name, seconds })),
);
show(`Browser tests (${perTest.length}):`, perTest);
show(`Vitest files (${perVitestFile.length}, ${vitestSeconds.toFixed(0)} s summed):`, perVitestFile);

if (write) {
  if (Object.keys(perSpec).length === 0) {
    console.error('No browser report to take the durations from: run the whole suite first (npm test).');
    process.exit(1);
  }
  const rounded = Object.entries(perSpec)
    .map(([f, s]) => [f, Math.max(1, Math.round(s))])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const missing = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts') && !perSpec[f]);
  if (missing.length > 0) console.warn(`\nNot in the reports (dealt as 30 s each): ${missing.join(', ')}`);
  writeFileSync('e2e/durations.json', `${JSON.stringify(Object.fromEntries(rounded), null, 2)}\n`);
  console.log(`\ne2e/durations.json: ${rounded.length} spec files, ${e2eSeconds.toFixed(0)} s in all.`);
}
