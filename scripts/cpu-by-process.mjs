#!/usr/bin/env node
// `node scripts/cpu-by-process.mjs -- <command> [args]`: runs the command and prints the CPU time its
// whole process tree spent, by part (Chromium's renderer, browser and GPU processes, the shop's server,
// the test runner). Every process under the command is sampled from /proc every 300 ms, so a process
// that lives less than that is missed. Used to find where a browser test's time goes (decision 055,
// third part): `node scripts/cpu-by-process.mjs -- node scripts/e2e.mjs e2e/catalog.spec.ts`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const args = process.argv.slice(process.argv.indexOf('--') + 1);
const child = spawn(args[0], args.slice(1), { stdio: 'inherit' });
const seen = new Map();
const tick = () => {
  const procs = new Map();
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const s = readFileSync(`/proc/${p}/stat`, 'utf8');
      const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
      procs.set(+p, { ppid: +rest[1], t: +rest[11] + +rest[12] });
    } catch {}
  }
  const inTree = (pid) => {
    for (let i = 0; i < 50 && pid > 1; i++) {
      if (pid === child.pid) return true;
      pid = procs.get(pid)?.ppid ?? 0;
    }
    return false;
  };
  for (const [pid, v] of procs) {
    if (!inTree(pid)) continue;
    let cmd = seen.get(pid)?.cmd;
    if (!cmd)
      try {
        cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        cmd = '?';
      }
    seen.set(pid, { t: Math.max(v.t, seen.get(pid)?.t ?? 0), cmd });
  }
};
const iv = setInterval(tick, 300);
const t0 = Date.now();
child.on('exit', (code) => {
  clearInterval(iv);
  const sum = {};
  for (const { t, cmd } of seen.values()) {
    let k = 'other';
    if (/chromium/.test(cmd))
      k = /type=renderer/.test(cmd)
        ? 'chromium-renderer'
        : /type=gpu/.test(cmd)
          ? 'chromium-gpu'
          : /type=/.test(cmd)
            ? 'chromium-util'
            : 'chromium-browser';
    else if (/main\.(ts|mjs)|mail-sender/.test(cmd)) k = 'server';
    else if (/playwright|vitest/.test(cmd)) k = 'runner';
    sum[k] = (sum[k] ?? 0) + t / 100;
  }
  const total = Object.values(sum).reduce((a, b) => a + b, 0);
  console.error(
    `CPU by part (s): ${Object.entries(sum)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ')}; total ${total.toFixed(1)}; wall ${((Date.now() - t0) / 1000).toFixed(1)}`,
  );
  process.exit(code ?? 1);
});
