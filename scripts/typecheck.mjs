#!/usr/bin/env node
/**
 * `npm run typecheck`: every TypeScript project listed in the root tsconfig.json's `references`
 * (contract, server, web, web tests, vite config, e2e and scripts), each with its own libraries: DOM
 * for the web, Node for the server and tools, neither for the contract. `tsc -p tsconfig.json` alone
 * checks nothing (the root config lists no files); `tsc -b` would need composite projects that emit.
 *
 * tsc checks on one thread, so the projects run as many at once as the machine has cores (on CI's two,
 * 55 s one after another); each project's errors are printed together when it ends.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/.bin/tsc', import.meta.url));
const { references } = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8'));

/** One project's check: resolves with its exit status once its output is printed. */
const check = (path) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(tsc, ['-p', path, '--noEmit', '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      console.log(
        `${code === 0 ? 'ok  ' : 'FAIL'} ${path} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      resolve(code ?? 1);
    });
  });

// In the order of tsconfig.json's references, which lists the longest checks first: each free slot
// takes the next.
const queue = references.map((r) => r.path);
let failed = 0;
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    while (queue.length > 0) if ((await check(queue.shift())) !== 0) failed++;
  }),
);
process.exit(failed ? 1 : 0);
