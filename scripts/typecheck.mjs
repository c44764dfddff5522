#!/usr/bin/env node
/**
 * `npm run typecheck`: every TypeScript project listed in the root tsconfig.json's `references`
 * (contract, server, web, web tests, vite config, e2e and scripts), each with its own libraries: DOM
 * for the web, Node for the server and tools, neither for the contract. `tsc -p tsconfig.json` alone
 * checks nothing (the root config lists no files); `tsc -b` would need composite projects that emit.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/.bin/tsc', import.meta.url));
const { references } = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8'));
let failed = 0;
for (const { path } of references) {
  const started = Date.now();
  const r = spawnSync(tsc, ['-p', path, '--noEmit'], { stdio: 'inherit' });
  console.log(
    `${r.status === 0 ? 'ok  ' : 'FAIL'} ${path} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
