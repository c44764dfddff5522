#!/usr/bin/env node
/**
 * The module layers of docs/architecture.md (Layering), checked on the files' real import targets:
 *
 * Server (apps/server/src):
 *   - base: lib/, db/, mail/, storage/, payments/, i18n/, config.ts. Imports no module.
 *   - modules/orders: an order's life (states, holds, places, refunds, payment, ticket issuance).
 *     Imports itself and the base.
 *   - every other modules/<feature>: imports itself, modules/orders and the base.
 *   - the composition (app.ts, main.ts, cli.ts, web/ the page server, security/, cluster/, test/):
 *     may import anything; nothing below imports it.
 * Web (apps/web/src): a features/<feature> imports no other feature.
 *
 * Biome checks file cycles and per-folder rules (decision 009); it matches import specifiers, not the
 * files they resolve to, so it cannot tell `../orders/x` from `../checkout/x` for every folder depth.
 * This resolves each relative import and judges the target's module. Test files are left out (a test
 * may set up data through any module). Exits 1 on a breach or a module cycle; `--list` prints every
 * module-to-module import.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SERVER = path.join(root, 'apps/server/src');
const WEB = path.join(root, 'apps/web/src');

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
const isTest = (f) => /\.test\.tsx?$/.test(f) || /\.cluster\.ts$/.test(f);
const sources = (dir) => walk(dir).filter((f) => /\.(ts|tsx)$/.test(f) && !isTest(f));

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
function importsOf(file) {
  const src = readFileSync(file, 'utf8');
  const found = [];
  for (const m of src.matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2]).replace(/\.js$/, '');
    const base = path.resolve(path.dirname(file), spec);
    const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((e) => base + e)
      .find((p) => existsSync(p) && statSync(p).isFile());
    if (target) found.push({ spec, target });
  }
  return found;
}

/** The server's unit a file belongs to: 'base', 'composition', or 'modules/<name>'. */
function serverUnit(file) {
  const rel = path.relative(SERVER, file).split(path.sep);
  if (rel[0] === 'modules') return `modules/${rel[1]}`;
  if (['lib', 'db', 'mail', 'storage', 'payments', 'i18n'].includes(rel[0]) || rel[0] === 'config.ts')
    return 'base';
  return 'composition';
}

function serverAllows(from, to) {
  if (from === to || to === 'base') return true;
  if (from === 'composition') return true;
  if (to === 'composition') return false;
  if (from === 'base') return false;
  // A feature module may use the order core; the order core uses no feature.
  return to === 'modules/orders' && from !== 'modules/orders';
}

const webUnit = (file) => {
  const rel = path.relative(WEB, file).split(path.sep);
  return rel[0] === 'features' ? `features/${rel[1]}` : rel[0];
};

const breaches = [];
const edges = new Map();
function judge(files, unitOf, allows, label) {
  for (const file of files) {
    const from = unitOf(file);
    for (const { spec, target } of importsOf(file)) {
      const to = unitOf(target);
      if (from === to) continue;
      const key = `${label}${from} -> ${to}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
      if (!allows(from, to)) breaches.push(`${path.relative(root, file)}: '${spec}' (${from} -> ${to})`);
    }
  }
}

judge(sources(SERVER), serverUnit, serverAllows, 'server ');
judge(
  sources(WEB),
  webUnit,
  (from, to) => !(from.startsWith('features/') && to.startsWith('features/')),
  'web ',
);

/** Cycles among server modules (strongly connected components of the module graph). */
function moduleCycles() {
  const graph = new Map();
  for (const key of edges.keys()) {
    const m = /^server (modules\/\S+) -> (modules\/\S+)$/.exec(key);
    if (!m) continue;
    if (!graph.has(m[1])) graph.set(m[1], new Set());
    graph.get(m[1]).add(m[2]);
  }
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const cycles = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) cycles.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return cycles;
}

if (process.argv.includes('--list')) {
  for (const [key, n] of [...edges].sort()) console.log(`${key} (${n})`);
}
const cycles = moduleCycles();
for (const c of cycles) console.error(`module cycle: ${c.join(', ')}`);
for (const b of breaches) console.error(`layer breach: ${b}`);
const modules = new Set([...edges.keys()].flatMap((k) => k.match(/modules\/[\w-]+/g) ?? []));
console.log(
  `layers: ${breaches.length} breaches, ${cycles.length} module cycles (${cycles.flat().length} of ${modules.size} server modules in one)`,
);
process.exit(breaches.length || cycles.length ? 1 : 0);
