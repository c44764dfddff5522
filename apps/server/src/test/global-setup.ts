/**
 * Builds one migrated, seeded template database per run (initdb and seeding are slow); every test
 * file then gets its own cheap clone of it (see ./harness.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openPostgres } from '../db/client';
import { openMigratedPglite } from '../db/open';
import { seedBase, seedCatalog } from '../db/seed/index';
import { localStorage } from '../storage/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteTemplate: string;
    pgTemplateUrl: string;
    mediaDir: string;
  }
}

/**
 * The PGlite template and its pictures, built once per run: the embedded database's two projects
 * (api-pglite and its isolated files) each run this setup, in the same main process but each with its
 * own copy of this module, so the promise is kept on globalThis, by run (a restarted watch mode
 * builds anew). Built from nothing it is about 13 s of CPU (PGlite's initdb, the migrations, the
 * catalogue's pictures); from the migrated snapshot and the pictures kept on this machine (db/open.ts,
 * lib/local-cache.ts) about 3 s.
 */
const PGLITE_TEMPLATE = Symbol.for('rome-tickets.test.pglite-template');
type PgliteTemplate = { file: string; mediaDir: string };

async function buildPgliteTemplate(): Promise<PgliteTemplate> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-test-'));
  const mediaDir = path.join(dir, 'media');
  const database = await openMigratedPglite(undefined);
  await seedBase(database.db);
  await seedCatalog(database.db, localStorage(mediaDir));
  const client = (database.db as any).$client;
  const dump: Blob = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { file, mediaDir };
}

export default async function setup(project: TestProject) {
  // The project's own env (vitest.config.ts) names the database; process.env is the main process's.
  const kind = (project.config.env?.DB_KIND ?? process.env.DB_KIND ?? 'pglite') as 'pglite' | 'postgres';
  project.provide('dbKind', kind);

  if (kind === 'pglite') {
    const shared = globalThis as { [PGLITE_TEMPLATE]?: WeakMap<object, Promise<PgliteTemplate>> };
    shared[PGLITE_TEMPLATE] ??= new WeakMap();
    const runs = shared[PGLITE_TEMPLATE];
    if (!runs.has(project.vitest)) runs.set(project.vitest, buildPgliteTemplate());
    const { file, mediaDir } = await runs.get(project.vitest)!;
    project.provide('mediaDir', mediaDir);
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplateUrl', '');
    return;
  }

  const mediaDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'rome-test-')), 'media');
  const storage = localStorage(mediaDir);
  project.provide('mediaDir', mediaDir);

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('DB_KIND=postgres needs TEST_DATABASE_URL');
  const templateName = `rome_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
  await admin.query(`CREATE DATABASE ${templateName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${templateName}`;
  const database = await openPostgres(url.toString(), 2);
  await migrate(database);
  await seedBase(database.db);
  await seedCatalog(database.db, storage);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplateUrl', url.toString());

  return async () => {
    // Clones made by test files are dropped by them; the template goes last.
    const { rows } = await admin.query(
      `SELECT datname FROM pg_database WHERE datname LIKE 'rome_t_%_${process.pid}'`,
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.end();
  };
}
