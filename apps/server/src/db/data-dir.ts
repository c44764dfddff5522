/**
 * The data folder (DATA_DIR): the embedded database, the server secret, media and the demo accounts.
 *
 * - Only the shop's own user may read or write it: the processes run with umask 077 and a start
 *   closes up what an older version left open (folders 0700, files 0600). PGlite wrote 0666 files.
 * - One process at a time on the embedded database: two PGlite instances on one folder corrupt it (an
 *   admin command beside `npm start` wrote keys the running shop never saw, then crashed). A lock file
 *   names the process holding it; a lock left by a process that died (kill -9) is taken over.
 */
import {
  chmodSync,
  closeSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Files the shop makes from now on are its user's only. Call before anything is written. */
export function privateFiles(): void {
  process.umask(0o077);
}

/** Closes up the folder and everything in it (symbolic links are left alone). */
export function closeUpDataDir(dir: string): void {
  const walk = (p: string) => {
    const stat = lstatSync(p, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(p, 0o700);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(p, stat.mode & 0o700);
    }
  };
  walk(dir);
}

export class DataDirInUse extends Error {}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the embedded database's lock in `dir` for this process; answers its release. Throws
 * DataDirInUse, with one sentence for the person at the terminal, while another live process holds it.
 */
export function lockEmbeddedDatabase(dir: string, what: string): () => void {
  const file = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n${what}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').split('\n')[0] === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, holder = 'another process'] = readFileSync(file, 'utf8').split('\n');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        throw new DataDirInUse(
          `The embedded database in ${dir} is in use by ${holder} (process ${pid}). Stop it first, or run the shop on PostgreSQL (DATABASE_URL) to use both at once.`,
        );
      // Left by a process that is gone: take it over.
      unlinkSync(file);
    }
  }
  throw new DataDirInUse(`The embedded database in ${dir} could not be locked.`);
}
