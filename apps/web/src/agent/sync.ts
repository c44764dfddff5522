/**
 * Uploads the claims kept offline (decision 023): oldest first, in batches within the server's limit
 * (the contract's SYNC_BATCH_MAX, 500, not imported: its module would bring zod into the bundle),
 * each answered batch recorded before the next is sent. A batch that fails (no network, a server
 * error) stops the upload and leaves its claims waiting; sending them again is safe, the server
 * counts each UUID once.
 */
import type { SyncAnswer } from './agent-api';
import type { AgentStore } from './store';

export const SYNC_BATCH = 200;

export type SyncSummary = { sent: number; kept: number; conflicts: number; refused: number };

export async function syncQueue(
  store: Pick<AgentStore, 'pending' | 'markSynced'>,
  upload: (claims: { id: string; scan: string; claimed_at: string }[]) => Promise<SyncAnswer[]>,
): Promise<SyncSummary> {
  const summary: SyncSummary = { sent: 0, kept: 0, conflicts: 0, refused: 0 };
  const waiting = await store.pending();
  for (let i = 0; i < waiting.length; i += SYNC_BATCH) {
    const batch = waiting.slice(i, i + SYNC_BATCH);
    const answers = await upload(batch.map(({ id, scan, claimed_at }) => ({ id, scan, claimed_at })));
    await store.markSynced(answers);
    for (const a of answers) {
      summary.sent++;
      if (a.conflict) summary.conflicts++;
      if (a.kept) summary.kept++;
      else if (!a.conflict) summary.refused++;
    }
  }
  return summary;
}
