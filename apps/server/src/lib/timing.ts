/** Answers that must not tell by their timing what happened (whether an address has an account). */
import { setTimeout as sleep } from 'node:timers/promises';

/** Runs `work` and settles no sooner than `ms` after the start, whether it succeeded or threw. */
export async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
