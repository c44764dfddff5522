/**
 * A ticket this device claimed offline that was claimed elsewhere too, as an upload's answer tells it
 * (decision 023). Someone may have been let in twice, and the agent at the door is the one who can say
 * what happened: the notice is kept on the device (store.ts) and shown until the agent says it was seen.
 */
import type { SyncAnswer } from './agent-api';
import { romeTimeLabel } from './clock';

export type ConflictNotice = {
  /** The claim's UUID: one notice per claim, however many times its answer is read. */
  id: string;
  /** The order's unique id. */
  unique_id: string;
  package: string | null;
  package_tag: string | null;
  /** When this device claimed it (ISO). */
  claimed_here_at: string;
  /** This device's claim was the first by claim time: it counts, the other one does not. */
  kept: boolean;
  /** The claim that counts when it is the other one: when (ISO) and by whom, as the server said. */
  first_at: string | null;
  first_by: string | null;
};

/** The notice an upload's answer calls for, or null when the claim was not claimed elsewhere too. */
export function conflictOf(
  answer: SyncAnswer,
  claim: { unique_id: string; claimed_at: string },
): ConflictNotice | null {
  // A claim not kept because the ticket was claimed before is the same story, flagged or not.
  const second = answer.result === 'already_claimed' && !answer.kept;
  if (!answer.conflict && !second) return null;
  const t = answer.ticket;
  return {
    id: answer.id,
    unique_id: t?.unique_id ?? claim.unique_id,
    package: t?.package ?? null,
    package_tag: t?.package_tag ?? null,
    claimed_here_at: claim.claimed_at,
    kept: answer.kept,
    // When this claim is kept, the answer's claim is this device's own: the other side is not in it.
    first_at: answer.kept ? null : answer.claimed_at,
    first_by: answer.kept ? null : answer.claimed_by,
  };
}

/** 'Colosseum Tour (COL-1)', or whichever of the two the answer had. */
export function conflictTicket(n: ConflictNotice): string {
  if (n.package && n.package_tag && n.package !== n.package_tag) return `${n.package} (${n.package_tag})`;
  return n.package ?? n.package_tag ?? 'Ticket';
}

/** What happened, in Rome time: who claimed it first and when, and whether this device's claim counts. */
export function conflictStory(n: ConflictNotice, now: Date): string {
  const here = romeTimeLabel(n.claimed_here_at, now);
  if (n.kept)
    return `Claimed here first, at ${here} (Rome): this claim counts. It was claimed elsewhere too.`;
  const when = n.first_at ? ` at ${romeTimeLabel(n.first_at, now)} (Rome)` : '';
  return `Claimed first by ${n.first_by ?? 'someone else'}${when}. Claimed here at ${here}: this claim does not count.`;
}
