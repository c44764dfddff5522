/**
 * Test harness: a fresh clone of the seeded template database per test file, and the real app built
 * on it (requests go through `app.inject`, the whole stack but the socket).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { ANSWER_FLOORS_MS, type Config, loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { localStorage, type Storage } from '../storage/storage';

/** The template's tarball, read once per worker: its files share the worker's modules. */
let templateTar: Buffer | undefined;

/**
 * The template as PGlite reads it: PGlite only asks a tarball for `arrayBuffer()` (and its type), and
 * Node's own Blob answers that by copying 44 MB through a stream, 0.3-0.4 s of CPU per clone. A copy
 * of the bytes read once costs a few milliseconds.
 */
function templateBlob(): Blob {
  templateTar ??= readFileSync(inject('pgliteTemplate'));
  const bytes = templateTar;
  const tarball = {
    type: 'application/x-tar',
    size: bytes.length,
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
  };
  return tarball as unknown as Blob;
}

/**
 * A test's copy of the database lives for one file and holds a few MB: PostgreSQL's default buffer
 * pool (128 MB), cleared at every start, was a third of a clone's CPU. What a test asserts does not
 * depend on it.
 */
const PGLITE_TEST_SETTINGS = { shared_buffers: '16MB' };

export async function cloneTemplateDatabase(): Promise<Database> {
  if (inject('dbKind') === 'pglite') return openPglite(undefined, templateBlob(), PGLITE_TEST_SETTINGS);
  const templateUrl = new URL(inject('pgTemplateUrl'));
  const template = templateUrl.pathname.slice(1);
  const pid = template.split('_').pop();
  const name = `rome_t_${randomBytes(6).toString('hex')}_${pid}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  // Five connections, as before; a wait for one of up to 60 s (db/client.ts, openPostgres).
  const database = await openPostgres(url.toString(), 5, 60_000);
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const a = new pg.Client({ connectionString: adminUrl.toString() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      jwtSecret: randomBytes(32).toString('hex'),
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'rome-test-app-')),
      webDistDir: '/nonexistent',
      // The timing floors (ANSWER_FLOORS_MS) are waited out only where they are checked
      // (reset.test.ts, ticket-links.test.ts): hundreds of calls across the suite, and the fuzzer's,
      // each spent 300-400 ms asleep.
      answerFloorsMs: { passwordReset: 0, findTickets: 0 },
      ...overrides,
    },
  );
}

/**
 * Each test app writes files into its own folder (so tests can count what they stored) and reads the
 * seeded template's pictures from the shared folder underneath.
 */
function layeredStorage(own: Storage, shared: Storage): Storage {
  return {
    put: (key, body, type) => own.put(key, body, type),
    async get(key) {
      return (await own.get(key)) ?? shared.get(key);
    },
    delete: (key) => own.delete(key),
  };
}

/**
 * A test app on its own copy of the database, or on `deps.database` (another test app's, which stays
 * open until its owner closes it): a second app that differs in its config only needs no copy of its
 * own, about a second of CPU each. Close such an app before the one that owns the database, and stop
 * the mailer of one of them, or both send from the one outbox.
 */
export async function createTestApp(overrides: Partial<Config> = {}, deps: Partial<AppDeps> = {}) {
  const shared = deps.database;
  const database = shared ?? (await cloneTemplateDatabase());
  const config = testConfig(overrides);
  const storage = layeredStorage(
    localStorage(path.join(config.dataDir, 'media')),
    localStorage(inject('mediaDir')),
  );
  const app = await buildApp({ config, storage, ...deps, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

/**
 * How long each call takes (ms, from the test's side) while the app has the shop's own timing floors
 * (ANSWER_FLOORS_MS), which test apps otherwise leave out (testConfig). The floors are read at each
 * request, so the app's config is changed for the calls and put back after.
 */
export async function timedWithShopFloors(
  config: Config,
  calls: (() => Promise<{ statusCode: number }>)[],
): Promise<{ status: number; ms: number }[]> {
  const before = { ...config.answerFloorsMs };
  Object.assign(config.answerFloorsMs, ANSWER_FLOORS_MS);
  try {
    const timings: { status: number; ms: number }[] = [];
    for (const call of calls) {
      const started = performance.now();
      const res = await call();
      timings.push({ status: res.statusCode, ms: performance.now() - started });
    }
    return timings;
  } finally {
    Object.assign(config.answerFloorsMs, before);
  }
}
