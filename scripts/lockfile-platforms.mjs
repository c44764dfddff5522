#!/usr/bin/env node
/**
 * Works around an npm 11 bug (npm/cli#8320, #4828): `npm install` on this machine records only the
 * platform packages the registry it reaches serves (this workplace's npm registry carries the Linux
 * builds of sharp, esbuild, biome, ... only), and `npm ci` then refuses the lockfile ("Missing: ...
 * from lock file"). This adds the missing optional platform entries: version from the parent's
 * optionalDependencies, os/cpu/libc from the registry when it has the package, else from the
 * package's name (the convention every one of these projects follows). `npm ci` skips entries whose
 * os/cpu do not fit, without fetching them. Run after changing dependencies: `npm run lock:platforms`.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;

/** Where node would find `name` from the package at `from` (walks up the node_modules chain). */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[candidate]) return candidate;
    if (!dir) return null;
    const idx = dir.lastIndexOf('/node_modules/');
    dir = idx === -1 ? '' : dir.slice(0, idx);
  }
}

const wanted = new Map();
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const top = `node_modules/${name}`;
    const at =
      pkgs[top] || [...wanted.values()].some((w) => w.at === top && w.spec !== spec)
        ? `${path}/node_modules/${name}`
        : top;
    wanted.set(at, { at, name, spec, dev: Boolean(entry.dev), devOptional: Boolean(entry.devOptional) });
  }
}

const todo = [...wanted.values()];
console.log(`${todo.length} optional platform packages missing from ${file}`);
let done = 0;
const OSES = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
  'openharmony',
  'wasi',
];
const CPUS = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  gnueabihf: 'arm',
  eabi: 'arm',
  ppc64: 'ppc64',
  ppc64le: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  mips64el: 'mips64el',
  wasm32: 'wasm32',
  universal: null,
};

/** os/cpu/libc from a platform package name such as cli-linux-x64-musl or sharp-win32-ia32. */
function fromName(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OSES.includes(p));
  const cpuPart = parts.find((p) => p in CPUS);
  if (parts.includes('wasm32')) return { cpu: ['wasm32'] };
  if (!os || !cpuPart) return null;
  const out = { os: [os === 'wasi' ? 'linux' : os] };
  if (CPUS[cpuPart]) out.cpu = [CPUS[cpuPart]];
  else if (os === 'darwin') out.cpu = ['x64', 'arm64'];
  if (os === 'linux') out.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  return out;
}

async function fill(w) {
  const guess = fromName(w.name);
  if (guess) {
    pkgs[w.at] = {
      version: w.spec,
      ...(w.dev ? { dev: true } : {}),
      ...(w.devOptional ? { devOptional: true } : {}),
      ...guess,
      optional: true,
    };
    done++;
    return;
  }
  const { stdout } = await run(
    'npm',
    ['view', `${w.name}@${w.spec}`, '--json', 'version', 'dist', 'cpu', 'os', 'libc', 'engines', 'license'],
    {
      maxBuffer: 8 * 1024 * 1024,
    },
  );
  let info = JSON.parse(stdout);
  if (Array.isArray(info)) info = info.at(-1);
  const entry = { version: info.version, resolved: info.dist.tarball, integrity: info.dist.integrity };
  if (info.cpu) entry.cpu = info.cpu;
  if (w.dev) entry.dev = true;
  if (w.devOptional) entry.devOptional = true;
  if (info.engines) entry.engines = info.engines;
  if (info.libc) entry.libc = info.libc;
  if (info.license) entry.license = info.license;
  entry.optional = true;
  if (info.os) entry.os = info.os;
  pkgs[w.at] = entry;
  done++;
}
const queue = [...todo];
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (queue.length) await fill(queue.shift());
  }),
);
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${done} entries`);
