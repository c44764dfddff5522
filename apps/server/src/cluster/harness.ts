/**
 * The cluster tests' tools: a fresh PostgreSQL database, real shop processes (`node
 * apps/server/dist/main.mjs`, as `npm start` runs it) on loopback ports, and nginx in front as the load
 * balancer. Every wait is bounded; everything started here is stopped by its own handle.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const JWT_SECRET = 'cluster-test-secret-0123456789-abcdefghijklmnop';
export const WEBHOOK_SECRET = 'whsec_cluster_test_secret';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'The cluster tests need PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:cluster',
    );
  return url;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let serverBuilt = false;
/**
 * A shop process's entry, as `npm start` runs it: the server built to plain JavaScript (decision 078),
 * built once per test process from the source as it stands, so no test runs an older build.
 */
export function serverEntry(name: 'main' | 'mail-sender' = 'main'): string {
  if (!serverBuilt) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' });
    serverBuilt = true;
  }
  return path.join(REPO_ROOT, 'apps/server/dist', `${name}.mjs`);
}

/** Polls `check` until it returns a truthy value or `ms` pass (then throws, naming `what`). */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  ms = 20_000,
) {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await check();
      if (v) return v as T;
    } catch (err) {
      last = err;
    }
    await sleep(100);
  }
  throw new Error(
    `Timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A database of its own (`rome_cluster_<pid>_<random>`), dropped by `drop()`. */
export async function createClusterDatabase() {
  const base = new URL(testDatabaseUrl());
  const name = `rome_cluster_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  return {
    name,
    url: url.toString(),
    /** A small pool for the test's own checks. */
    pool,
    query: async <R extends pg.QueryResultRow = any>(sql: string, params: unknown[] = []) =>
      (await pool.query<R>(sql, params)).rows,
    async drop() {
      await pool.end().catch(() => {});
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

export type Instance = {
  id: string;
  port: number;
  url: string;
  dataDir: string;
  proc: ChildProcess;
  /** Everything the process printed (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `ms`; resolves when the process has ended. */
  stop(ms?: number): Promise<number | string>;
};

/** Starts one shop process and waits (bounded) until its /healthz answers 200. */
export async function startInstance(opts: {
  id: string;
  databaseUrl: string;
  env?: Record<string, string>;
  dataDir?: string;
  port?: number;
  readyMs?: number;
  /** Node's own options for the shop's process (e.g. a benchmark's --cpu-prof, not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}): Promise<Instance> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `rome-cluster-${opts.id}-`));
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET,
    INSTANCE_ID: opts.id,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    GEOIP_DB_PATH: 'off',
    WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
    ...opts.env,
  };
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), serverEntry('main')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c) => {
    out += c;
  });
  proc.stderr!.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<number | string>((resolve) =>
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    id: opts.id,
    port,
    url,
    dataDir,
    proc,
    output: () => out,
    exited,
    kill(signal = 'SIGTERM') {
      if (!ended) proc.kill(signal);
    },
    async stop(ms = 10_000) {
      if (ended) return exited;
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), ms);
      const code = await exited;
      clearTimeout(t);
      return code;
    },
  };
  try {
    await waitFor(
      `instance ${opts.id} on port ${port}`,
      async () => {
        if (ended) throw new Error(`instance ${opts.id} exited early:\n${out}`);
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
        return res.status === 200;
      },
      // A first start migrates and seeds (pictures included): minutes on a busy 2-core machine.
      opts.readyMs ?? 180_000,
    );
  } catch (err) {
    instance.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n--- output of ${opts.id} ---\n${out}`);
  }
  return instance;
}

/** nginx from Debian: installs it when missing and we are root, else says how. */
export function ensureNginx(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  if (process.getuid?.() === 0) {
    execFileSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'],
      {
        stdio: 'inherit',
        timeout: 300_000,
      },
    );
    if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  }
  throw new Error('nginx is not installed: run `sudo apt-get install -y nginx` and try again.');
}

/** The nginx site the operations guide ships (docs/operations.md). */
export const SHIPPED_NGINX_SITE = fileURLToPath(
  new URL('../../../../deploy/nginx/rome-shop.conf', import.meta.url),
);

/** One change to the shipped site: it must find what it changes, or the site changed shape under us. */
function change(site: string, what: string, from: RegExp, to: string): string {
  if (!from.test(site)) throw new Error(`${SHIPPED_NGINX_SITE}: no ${what} to change for the test`);
  return site.replace(from, to);
}

/**
 * The shipped site (deploy/nginx/rome-shop.conf) on loopback: its upstream lists these ports with the
 * same parameters, it listens on `port` without TLS, and the port-80 redirect goes. Every proxy setting
 * is the file's own, so the tests judge the config operators install.
 */
export function nginxConfig(opts: {
  port: number;
  upstreams: number[];
  prefix: string;
  /** 'remote' (an edge proxy: the client's address, whatever it sent) or 'append' (behind another trusted proxy). */
  forwardedFor?: 'remote' | 'append';
}): string {
  let site = readFileSync(SHIPPED_NGINX_SITE, 'utf8');
  const params = /^\s*server 127\.0\.0\.1:\d+ ([^;]*);/m.exec(site)?.[1];
  if (params === undefined) throw new Error(`${SHIPPED_NGINX_SITE}: no upstream server line`);
  site = change(
    site,
    'upstream servers',
    /(^\s*server 127\.0\.0\.1:\d+ [^;]*;\n)+/m,
    opts.upstreams.map((p) => `    server 127.0.0.1:${p} ${params};\n`).join(''),
  );
  site = change(site, 'TLS listener', /listen 443 ssl[^;]*;/, `listen 127.0.0.1:${opts.port};`);
  site = change(site, 'certificate lines', /^\s*ssl_certificate(_key)?\s[^;]*;\n/gm, '');
  site = change(site, 'port-80 redirect', /server \{\s*listen 80;[^}]*\}\n?/, '');
  if (opts.forwardedFor === 'append')
    site = change(
      site,
      'X-Forwarded-For',
      /X-Forwarded-For \$remote_addr;/,
      'X-Forwarded-For $proxy_add_x_forwarded_for;',
    );
  return `worker_processes 1;
daemon off;
pid ${opts.prefix}/nginx.pid;
error_log ${opts.prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${opts.prefix}/body;
  proxy_temp_path ${opts.prefix}/proxy;
  fastcgi_temp_path ${opts.prefix}/fastcgi;
  uwsgi_temp_path ${opts.prefix}/uwsgi;
  scgi_temp_path ${opts.prefix}/scgi;
${site}
}
`;
}

export type Nginx = { port: number; url: string; stop(): Promise<void>; log: () => string };

export async function startNginx(
  upstreams: number[],
  forwardedFor: 'remote' | 'append' = 'remote',
): Promise<Nginx> {
  const bin = ensureNginx();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'rome-nginx-'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ port, upstreams, prefix, forwardedFor }));
  const proc = spawn(bin, ['-c', conf, '-p', prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (c) => {
    out += c;
  });
  proc.stderr!.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `nginx on ${port}`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`nginx exited: ${out}`);
      return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).status === 200;
    },
    15_000,
  );
  return {
    port,
    url,
    log: () => out,
    async stop() {
      if (proc.exitCode !== null) return;
      proc.kill('SIGQUIT');
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** Multipart body of a checkout form, as the web app sends it. */
export async function formBody(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** A user straight in the database (as `npm run admin -- user:create` would make one). */
export async function addUser(
  query: (sql: string, params?: unknown[]) => Promise<any[]>,
  opts: { editor?: boolean; name?: string; passwordHash?: string } = {},
) {
  const { hashSecret } = await import('../lib/passwords');
  const email = `cluster-${randomBytes(5).toString('hex')}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const [row] = await query(
    `INSERT INTO users (email, full_name, phone_number, password_hash, is_editor)
     VALUES ($1, $2, '3912345678', $3, $4) RETURNING id`,
    // A benchmark's many accounts never sign in with a password: one hash made once will do.
    [
      email,
      opts.name ?? 'Cluster Buyer',
      opts.passwordHash ?? (await hashSecret(password)),
      opts.editor ?? false,
    ],
  );
  return { id: row.id as string, email, password };
}

/**
 * An SMTP server in this process on a loopback port; `received` collects whole messages, or, with
 * `onMessage` (a benchmark's many), each message is handed to it and not kept.
 */
export async function startSmtpSink(port = 0, onMessage?: (raw: string) => void) {
  const { SMTPServer } = await import('smtp-server');
  const received: { to: string[]; subject: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (onMessage) {
          onMessage(raw);
          return done();
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
