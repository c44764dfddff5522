#!/usr/bin/env node
// `node scripts/build-server.mjs`: the shop's server as plain JavaScript, one file per process it runs
// (apps/server/dist/main.mjs, mail-sender.mjs), so a start loads compiled code instead of compiling
// TypeScript through tsx's loader (decision 078). Part of `npm run build`; the browser tests, the web
// budgets, the cluster tests and the benchmarks build it before they start a shop, so what they run is
// always the source as it stands (esbuild takes well under a second).
//
// The bundle holds the shop's own code and the workspace's packages (@rome/*); every other package
// stays an import, resolved from node_modules at run time as before. A source file that finds a file
// beside itself (`import.meta.dirname`, `import.meta.url`: the migrations, the common-password list,
// the catalogues) is given its own folder, so it finds the same file from the bundle.
import { renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');
const ENTRIES = {
  main: 'apps/server/src/main.ts',
  'mail-sender': 'apps/server/src/mail-sender.ts',
};

/** The folder and file of a source file, as expressions that hold from the bundle's own folder. */
const sourcePlace = {
  name: 'source-place',
  setup(b) {
    // Packages stay imports (native resolution, their own files beside them); the workspace's are source.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rome/') ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const rel = (p) => path.relative(SERVER_DIST, p).split(path.sep).join('/');
      const dir = JSON.stringify(`/${rel(path.dirname(args.path))}`);
      const file = JSON.stringify(rel(args.path));
      return {
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        contents: text
          .replaceAll('import.meta.dirname', `(import.meta.dirname + ${dir})`)
          .replaceAll('import.meta.url', `new URL(${file}, import.meta.url).href`),
      };
    });
  },
};

/**
 * Builds every entry and puts each file in place with a rename, so that two builds at once (two
 * browser-test shards) never leave a half-written file for a process that starts from it.
 */
export async function buildServer() {
  await mkdir(SERVER_DIST, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Names kept, nothing minified: a stack trace in the log still names the shop's functions.
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [sourcePlace],
  });
  for (const out of result.outputFiles) {
    const aside = `${out.path}.${process.pid}.tmp`;
    writeFileSync(aside, out.contents);
    renameSync(aside, out.path);
  }
  return Object.fromEntries(
    Object.keys(ENTRIES).map((name) => [name, path.join(SERVER_DIST, `${name}.mjs`)]),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const built = await buildServer();
  console.log(
    `build-server: ${Object.values(built)
      .map((f) => path.relative(ROOT, f))
      .join(', ')}`,
  );
}
