/**
 * What the benchmarks share (issue #22): the server's CPU time read from /proc (so the figures are
 * the shop's, not the load generator's: the shop runs as a child process), percentiles, and a bounded
 * concurrent load runner.
 */
import { readFileSync } from 'node:fs';

/** utime + stime of a process and all its threads, in milliseconds (Linux /proc; 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The p-th quantile (0..1) of ascending `sorted`. */
export const pct = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : Number.NaN;

/**
 * Runs `count` calls, `concurrency` at a time; `one` answers whether its call went as expected.
 * Answers each call's duration (ms, ascending), the failures and the elapsed seconds.
 */
export async function runLoad(count: number, concurrency: number, one: (i: number) => Promise<boolean>) {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        if (!(await one(i))) failures++;
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), failures, seconds: (performance.now() - started) / 1000 };
}

/**
 * Accounts made straight in the benchmark's database, each with an access token from the shop's own
 * token service (as many sign-ins from one address would meet the sign-in limits, as they should;
 * bench:signin measures sign-ins). `editor` makes editors.
 */
export async function accountsWithTokens(
  db: { url: string; query: (sql: string, params?: unknown[]) => Promise<any[]> },
  count: number,
  opts: { editor?: boolean; name?: string } = {},
): Promise<string[]> {
  const { addUser, JWT_SECRET } = await import('../apps/server/src/cluster/harness');
  const { openPostgres } = await import('../apps/server/src/db/client');
  const { users } = await import('../apps/server/src/db/schema');
  const { createTokenService } = await import('../apps/server/src/modules/auth/tokens');
  const { eq } = await import('drizzle-orm');
  const database = await openPostgres(db.url, 2);
  try {
    const tokens = createTokenService(database.db, JWT_SECRET);
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const { id } = await addUser(db.query, opts);
      const [row] = await database.db.select().from(users).where(eq(users.id, id));
      out.push((await tokens.issuePair(row)).access);
    }
    return out;
  } finally {
    await database.close();
  }
}
