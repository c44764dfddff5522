/**
 * Readiness (`GET /readyz`): whether this instance can do its work now, not only whether it runs
 * (`/healthz`). Each check is bounded in time; the answer names the failed parts only, and the reason
 * goes to the log (it may hold a path).
 *
 * - database: `select 1`;
 * - media: a small file written to and deleted from media storage (local folder or bucket), since
 *   uploads and ticket QR codes are written there;
 * - outbox: the mail outbox table is readable and, without SMTP_URL, the outbox folder takes a file.
 *   Mail waiting for a relay that is down does not make an instance unready: it is retried.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { newFileKey, type Storage } from '../storage/storage';
import { READY_PROBE } from './ready-probe';

export type ReadinessDeps = { db: Db; storage: Storage; mailer: Mailer; log: FastifyBaseLogger };
export type Readiness = {
  status: 'ready' | 'unavailable';
  checks: Record<'database' | 'media' | 'outbox', 'ok' | 'failed'>;
};

const CHECK_TIMEOUT_MS = 3000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function readiness(deps: ReadinessDeps, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const checks: Record<keyof Readiness['checks'], () => Promise<unknown>> = {
    database: () => deps.db.execute('select 1' as any),
    media: async () => {
      const key = newFileKey('txt');
      await deps.storage.put(key, READY_PROBE, 'text/plain');
      await deps.storage.delete(key);
    },
    outbox: async () => {
      await deps.db.execute('select 1 from mail_outbox limit 1' as any);
      await deps.mailer.checkReady();
    },
  };
  const names = Object.keys(checks) as (keyof Readiness['checks'])[];
  const results = await Promise.allSettled(names.map((n) => within(checks[n](), timeoutMs)));
  const out = {} as Readiness['checks'];
  results.forEach((r, i) => {
    out[names[i]] = r.status === 'fulfilled' ? 'ok' : 'failed';
    if (r.status === 'rejected') {
      const err = r.reason as { code?: string; message?: string } | undefined;
      deps.log.warn({ check: names[i], reason: String(err?.code ?? err?.message ?? err) }, 'not ready');
    }
  });
  return { status: Object.values(out).every((v) => v === 'ok') ? 'ready' : 'unavailable', checks: out };
}
