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

/**
 * Runs `pass` every `everyMs` in the background, one at a time: a tick while a pass is under way is
 * skipped, so a slow pass never piles others up behind it. `stop()` waits for the pass under way.
 * `pass` handles its own errors.
 */
export function repeatEvery(everyMs: number, pass: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pass().finally(() => {
      running = null;
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
