/**
 * `npm run metrics:contract`: how much of the contract the running code really uses (the contract's own
 * measures). Prints:
 * - zod schemas the contract exports, and how many are used at runtime: reachable from an API entry
 *   (the server registers every route from one, so Fastify parses requests and serialises answers with
 *   them) or imported by name by server code;
 * - API calls in the contract table;
 * - where a page path is spelled out in the apps' code (one table: only packages/contract/src/pages.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as contract from '@rome/contract';
import { z } from 'zod';

const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

/** Every schema object reachable from a root through zod's own definitions (shape, items, options, ...). */
function reachable(roots: unknown[]): Set<unknown> {
  const seen = new Set<unknown>();
  const visit = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 40) return;
    if (isSchema(v)) {
      if (seen.has(v)) return;
      seen.add(v);
      visit((v as any)._zod?.def, depth + 1);
      return;
    }
    if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
    else for (const x of Object.values(v)) visit(x, depth + 1);
  };
  for (const r of roots) visit(r, 0);
  return seen;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const exported = Object.entries(contract).filter(([, v]) => isSchema(v)) as [string, z.ZodType][];
const viaApi = reachable(Object.values(contract.API));
// `.meta({examples})` wraps a schema in a new instance, so an entry may hold a copy: the API tables'
// source naming a schema counts as well.
const serverSource = [
  ...sourceFiles('apps/server/src'),
  ...sourceFiles('packages/contract/src').filter((f) => f.endsWith('.api.ts')),
]
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const used = exported.filter(([name, s]) => viaApi.has(s) || new RegExp(`\\b${name}\\b`).test(serverSource));
const unused = exported.filter((e) => !used.includes(e)).map(([n]) => n);

console.log(`zod schemas exported by the contract: ${exported.length}`);
console.log(
  `  used at runtime: ${used.length} (reachable from an API entry, or named in an API table or server code)`,
);
if (unused.length) console.log(`  not used: ${unused.join(', ')}`);
console.log(`API calls in the contract table: ${Object.keys(contract.API).length}`);

const appFiles = [...sourceFiles('apps'), ...sourceFiles('packages')];
const aboutus = appFiles.filter((f) => readFileSync(f, 'utf8').includes("'/aboutus'"));
console.log(`source files (tests left out) that spell out the page path '/aboutus': ${aboutus.length}`);
for (const f of aboutus) console.log(`  ${f}`);
