/**
 * What the benchmarks share: the server's CPU time read from /proc (so the figures are
 * the shop's, not the load generator's: the shop runs as a child process), percentiles, and a bounded
 * concurrent load runner.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * utime + stime of one thread (`tid`) of process `pid`, in ms; the main thread's tid is the pid. The
 * JavaScript of a request runs there; libuv's pool (argon2, file reads) and V8's helpers run elsewhere.
 */
export function threadCpuMs(pid: number | undefined, tid: number | undefined = pid): number {
  if (!pid || !tid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * utime + stime of each of `pids` (ms), by pid: a database's own backends (bench-checkout's
 * `databaseCpu`), where a process that has ended counts 0.
 */
export function pidsCpuMs(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuMs(pid)]));
}

/**
 * utime + stime of every process named `comm` on this machine (the PostgreSQL server's backends when
 * the database is local), in ms: where the database's share of a request goes. A backend that exits
 * during a run takes its time with it, so measure over a run whose connections stay open. 0 when no
 * such process is visible (a remote database).
 */
export function processesCpuMs(comm: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const open = stat.indexOf('(');
      const close = stat.lastIndexOf(')');
      if (stat.slice(open + 1, close) !== comm) continue;
      const fields = stat.slice(close + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
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
  db: { url?: string; query: (sql: string, params?: unknown[]) => Promise<any[]> },
  count: number,
  opts: { editor?: boolean; name?: string } = {},
  /** The database already open (an embedded one, which takes one process at a time); else db.url's. */
  open?: import('../apps/server/src/db/client').Database,
): Promise<string[]> {
  const { addUser, JWT_SECRET } = await import('../apps/server/src/cluster/harness');
  const { openPostgres } = await import('../apps/server/src/db/client');
  const { users } = await import('../apps/server/src/db/schema');
  const { createTokenService } = await import('../apps/server/src/modules/auth/tokens');
  const { eq } = await import('drizzle-orm');
  const database = open ?? (await openPostgres(db.url!, 2));
  try {
    const tokens = createTokenService(database.db, JWT_SECRET);
    const { hashSecret } = await import('../apps/server/src/lib/passwords');
    // Signed in by token, never by password: one hash for all (argon2 costs ~50 ms each).
    const passwordHash = await hashSecret(randomBytes(12).toString('base64url'));
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const { id } = await addUser(db.query, { ...opts, passwordHash });
      const [row] = await database.db.select().from(users).where(eq(users.id, id));
      out.push((await tokens.issuePair(row)).access);
    }
    return out;
  } finally {
    if (!open) await database.close();
  }
}

/**
 * Node options for the shop's process (only it, not this load generator): BENCH_CPU_PROF=<dir> has it
 * write a V8 CPU profile there when it stops; BENCH_NODE_OPTIONS adds any others (space-separated).
 * Given as arguments: node refuses --cpu-prof in NODE_OPTIONS.
 */
export function shopNodeArgs(): string[] {
  return [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
  ];
}

export type BareServer = { url: string; pid: number | undefined; stop(): Promise<void> };

/**
 * The baseline of the read benchmarks: a bare Fastify app in a child process of its own (like the
 * shop, so both are measured the same way) answering `body` as JSON on GET of any path. Nothing but
 * Fastify's routing and serialisation: what any request costs before the shop does its work.
 */
export async function startBareServer(body: string): Promise<BareServer> {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { REPO_ROOT, freePort, waitFor } = await import('../apps/server/src/cluster/harness');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-bench-bare-'));
  const file = path.join(dir, 'body.json');
  writeFileSync(file, body);
  const port = await freePort();
  const proc = spawn(
    process.execPath,
    [...shopNodeArgs(), '--import', 'tsx', 'scripts/bench-bare-server.ts'],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), BODY_FILE: file },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor('the bare Fastify server', async () => (await fetch(`${url}/healthz`)).ok, 30_000);
  return {
    url,
    pid: proc.pid,
    async stop() {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * autocannon against `url` for `seconds` with `connections`, with the CPU time the process `pid`
 * spent meanwhile. Answers requests/s, p50/p99 (ms), errors (failures, timeouts and non-2xx), the
 * requests answered and the server's CPU ms per request.
 */
export async function cannon(url: string, pid: number | undefined, seconds: number, connections: number) {
  const autocannon = (await import('autocannon')).default;
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  const cpu = cpuMs(pid) - cpu0;
  const requests = r.requests.total;
  return {
    rps: requests / (r.duration || seconds),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests,
    cpuPerRequest: requests ? cpu / requests : Number.NaN,
  };
}

/** An editor's call to the shop (the benchmarks that make slots): status and parsed body. */
export type EditorCall = (
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: any }>;

/**
 * Makes `tag` a timed package (START_TIME, no booking cut-off) with a slot at each of `times` on the
 * Rome day `date`, `capacity` places each, through the editor's calls; answers the slots' ids.
 */
export async function timedSlots(
  call: EditorCall,
  tag: string,
  { date, times, capacity }: { date: string; times: string[]; capacity: number },
): Promise<string[]> {
  const settings = await call('PUT', `/api/editor/packages/${tag}/availability/`, {
    availability_type: 'START_TIME',
    cutoff_minutes: 0,
    cancel_cutoff_hours: 24,
    infants_take_place: false,
    pass_hours: null,
    validity_days: null,
    daily_cap: null,
  });
  if (settings.status !== 200) throw new Error(`availability settings: ${settings.status}`);
  const added = await call('POST', `/api/editor/packages/${tag}/slots/`, {
    from: date,
    to: date,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    times,
    capacity,
  });
  if (added.body?.created !== times.length) throw new Error(`slots: ${JSON.stringify(added.body)}`);
  const list = await call('GET', `/api/packages/${tag}/availability/?from=${date}&to=${date}`);
  return list.body.slots.map((slot: { id: string }) => slot.id);
}

/**
 * A benchmark's aims (docs/performance.md): each is printed met or not; with `--enforce` on the command
 * line (CI's short runs, at thresholds of their own) a missed one makes the run exit 1 too. Each
 * threshold is a BENCH_AIM_* variable, so `.ci/run` sets the short runs' own where it calls them.
 */
export function benchAims() {
  const enforce = process.argv.includes('--enforce');
  const missed: string[] = [];
  return {
    aim(met: boolean, text: string) {
      console.log(`  aim              ${text}: ${met ? 'met' : 'NOT met'}`);
      if (!met) missed.push(text);
    },
    /** Prints what was missed; true when the run must exit 1 for it. */
    report(): boolean {
      if (missed.length)
        console.log(
          enforce
            ? `FAIL (--enforce): ${missed.length} aim(s) missed`
            : `  ${missed.length} aim(s) missed (reported; --enforce makes each one exit 1)`,
        );
      return enforce && missed.length > 0;
    },
  };
}
