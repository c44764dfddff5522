#!/usr/bin/env node
/**
 * `node scripts/cpuprofile-top.mjs <file.cpuprofile> [N] [--from=<s>] [--to=<s>]`: where a V8 CPU profile's time
 * went. Prints the top N frames by self time, the top N by inclusive time, and the
 * inclusive time per part of the code (our modules by folder, each npm package, Node's internals).
 * --from/--to keep the samples between those seconds from the profile's start (the measured run, not
 * the shop's start and seeding). Idle samples are left out: the shares are of CPU time.
 * A frame that recurses counts once per sample, so inclusive shares never pass 100%.
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const top = Number(args.find((a) => /^\d+$/.test(a)) ?? 25);
const fromS = Number(args.find((a) => a.startsWith('--from='))?.slice(7) ?? 0);
const toS = Number(args.find((a) => a.startsWith('--to='))?.slice(5) ?? Number.POSITIVE_INFINITY);
if (!file) {
  console.error(
    'usage: node scripts/cpuprofile-top.mjs <file.cpuprofile> [N] [--from=<seconds>] [--to=<seconds>]',
  );
  process.exit(2);
}
const prof = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(/^.*?\/(apps|packages|scripts)\//, '$1/');
const frameName = (cf) =>
  `${cf.functionName || '(anonymous)'} ${cf.url ? `${short(cf.url)}:${cf.lineNumber + 1}` : ''}`.trim();
/** The part of the code a frame belongs to: our folder, an npm package, Node, or V8's own entries. */
const partOf = (cf) => {
  const u = short(cf.url);
  if (!u) return cf.functionName.startsWith('(') ? cf.functionName : '(native)';
  const ours = u.match(/^apps\/server\/src\/(modules\/[^/]+|[^/]+)/);
  if (ours) return `server/${ours[1].replace(/\.ts$/, '')}`;
  if (u.startsWith('packages/')) return u.split('/').slice(0, 2).join('/');
  const pkg = u.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (u.startsWith('node:')) return 'node internals';
  return u;
};

// Sample times: timeDeltas[i] is the gap before sample i; the sample's weight is the gap after it.
const { samples, timeDeltas } = prof;
const at = [];
let t = 0;
for (let i = 0; i < samples.length; i++) {
  t += timeDeltas[i];
  at.push(t);
}
const self = new Map();
const incl = new Map();
const parts = new Map();
let total = 0;
let idle = 0;
for (let i = 0; i < samples.length; i++) {
  if (at[i] / 1e6 < fromS || at[i] / 1e6 > toS) continue;
  const w = (i + 1 < samples.length ? timeDeltas[i + 1] : 0) / 1000; // ms
  const leaf = byId.get(samples[i]).callFrame;
  if (leaf.functionName === '(idle)') {
    idle += w;
    continue;
  }
  total += w;
  const name = frameName(leaf);
  self.set(name, (self.get(name) ?? 0) + w);
  const seenF = new Set();
  const seenP = new Set();
  for (let id = samples[i]; id !== undefined; id = parent.get(id)) {
    const cf = byId.get(id).callFrame;
    if (cf.functionName === '(root)') continue;
    seenF.add(frameName(cf));
    seenP.add(partOf(cf));
  }
  for (const f of seenF) incl.set(f, (incl.get(f) ?? 0) + w);
  for (const p of seenP) parts.set(p, (parts.get(p) ?? 0) + w);
}

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${v.toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
};
const window = fromS || toS < Number.POSITIVE_INFINITY ? ` between ${fromS} s and ${toS} s` : '';
console.log(`${file}: ${(total / 1000).toFixed(2)} s busy, ${(idle / 1000).toFixed(2)} s idle${window}`);
print(`top ${top} frames by self time`, self);
print(`top ${top} frames by inclusive time`, incl);
print(`inclusive time by part of the code (top ${top})`, parts);
