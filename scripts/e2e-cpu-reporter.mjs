// A Playwright reporter that gives each browser test the machine's CPU time it took: from /proc/stat
// at the test's start and end, so it counts everything the test made work (Chromium's processes, the
// shop's server, Playwright) and, as well, whatever else runs on the machine. Meaningful on a quiet
// machine with one shard: `E2E_CPU_REPORT=1 E2E_SHARDS=1 npm run test:e2e` (playwright.config.ts adds
// it). Writes reports/tests/e2e-cpu.json and prints the files and tests that took the most, the
// figures that showed where the suite's CPU goes (docs/performance.md).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TICKS_PER_SECOND = 100;

/** CPU seconds the whole machine has spent busy since it started (all cores; idle and iowait left out). */
function busySeconds() {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  // Fields 4 and 5 (idle, iowait) are the machine waiting.
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

export default class CpuReporter {
  rows = [];
  started = new Map();

  onTestBegin(test) {
    this.started.set(test.id, { cpu: busySeconds(), at: Date.now() });
  }

  onTestEnd(test, result) {
    const start = this.started.get(test.id);
    if (!start) return;
    this.rows.push({
      file: path.basename(test.location.file),
      title: test.title,
      status: result.status,
      cpu: Number((busySeconds() - start.cpu).toFixed(2)),
      wall: Number(((Date.now() - start.at) / 1000).toFixed(2)),
    });
  }

  onEnd() {
    const out = process.env.E2E_CPU_REPORT_FILE ?? 'reports/tests/e2e-cpu.json';
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(this.rows, null, 1)}\n`);
    const sum = (rows, key) => rows.reduce((n, r) => n + r[key], 0);
    const files = new Map();
    for (const r of this.rows) files.set(r.file, [...(files.get(r.file) ?? []), r]);
    const line = (cpu, wall, name) => `${cpu.toFixed(1).padStart(7)} ${wall.toFixed(1).padStart(7)}  ${name}`;
    console.log(
      `\nMachine CPU per browser test (s): ${sum(this.rows, 'cpu').toFixed(0)} over ${this.rows.length} tests in ${sum(this.rows, 'wall').toFixed(0)} s; ${out}`,
    );
    console.log(`${'cpu'.padStart(7)} ${'wall'.padStart(7)}  file`);
    for (const [file, rows] of [...files].sort((a, b) => sum(b[1], 'cpu') - sum(a[1], 'cpu')).slice(0, 15))
      console.log(line(sum(rows, 'cpu'), sum(rows, 'wall'), `${file} (${rows.length})`));
    console.log(`${'cpu'.padStart(7)} ${'wall'.padStart(7)}  test`);
    for (const r of [...this.rows].sort((a, b) => b.cpu - a.cpu).slice(0, 15))
      console.log(line(r.cpu, r.wall, `${r.file} › ${r.title.slice(0, 90)}`));
  }
}
