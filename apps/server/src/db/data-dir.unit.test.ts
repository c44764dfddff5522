/**
 * The data folder is the shop user's only, and one process at a time opens the embedded database
 * (db/data-dir.ts). Real files and a real second process: the lock is held by a child process here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeUpDataDir, DataDirInUse, lockEmbeddedDatabase } from './data-dir';

const mode = (p: string) => statSync(p).mode & 0o777;

describe('the data folder', () => {
  it('closes up what an older version left world-readable and world-writable', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-data-'));
    mkdirSync(path.join(dir, 'pglite', 'global'), { recursive: true });
    writeFileSync(path.join(dir, 'pglite', 'global', 'pg_control'), 'x');
    writeFileSync(path.join(dir, 'jwt-secret'), 'x');
    chmodSync(path.join(dir, 'pglite', 'global', 'pg_control'), 0o666);
    chmodSync(path.join(dir, 'jwt-secret'), 0o644);
    chmodSync(path.join(dir, 'pglite'), 0o777);
    closeUpDataDir(dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'pglite'))).toBe(0o700);
    expect(mode(path.join(dir, 'pglite', 'global'))).toBe(0o700);
    expect(mode(path.join(dir, 'pglite', 'global', 'pg_control'))).toBe(0o600);
    expect(mode(path.join(dir, 'jwt-secret'))).toBe(0o600);
  });

  it('the shop and its admin command create nothing others can read (umask 077)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-data-'));
    const script = `import { privateFiles } from ${JSON.stringify(path.resolve(__dirname, 'data-dir.ts'))};
      import { mkdirSync, writeFileSync } from 'node:fs';
      privateFiles();
      mkdirSync(${JSON.stringify(path.join(dir, 'made'))});
      writeFileSync(${JSON.stringify(path.join(dir, 'made', 'file'))}, 'x');`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(mode(path.join(dir, 'made'))).toBe(0o700);
    expect(mode(path.join(dir, 'made', 'file'))).toBe(0o600);
  });

  it('lets one process at a time open the embedded database, and takes over a dead one’s lock', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-data-'));
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { lockEmbeddedDatabase } from ${JSON.stringify(path.resolve(__dirname, 'data-dir.ts'))};
         lockEmbeddedDatabase(${JSON.stringify(dir)}, 'the shop (npm start)');
         console.log('locked');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on('data', (d) => String(d).includes('locked') && resolve());
        holder.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
      });
      let refused: unknown;
      try {
        lockEmbeddedDatabase(dir, 'npm run admin -- reseller:create');
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(DataDirInUse);
      expect((refused as Error).message).toBe(
        `The embedded database in ${dir} is in use by the shop (npm start) (process ${holder.pid}). Stop it first, or run the shop on PostgreSQL (DATABASE_URL) to use both at once.`,
      );
      // kill -9: the lock file stays behind, and the next process takes it over.
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
      const release = lockEmbeddedDatabase(dir, 'the shop (npm start)');
      expect(mode(path.join(dir, 'pglite.lock'))).toBe(0o600);
      release();
      expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
