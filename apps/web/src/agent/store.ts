/**
 * What the agents' app keeps on the device (decision 023), in IndexedDB through `idb`:
 *  - `claims`: every claim made offline, with the UUID the server counts it once by, until an upload
 *    answered it (then kept with its answer, so the device still knows it claimed the ticket);
 *  - `seen`: the tickets this device claimed (online or offline), so a second scan here says so with
 *    no network;
 *  - `cache`: the public keys, the refunded lists (Rome's today and tomorrow, with when they were
 *    downloaded) and the packages' names downloaded while online;
 *  - `conflicts`: the claims an upload found claimed elsewhere too, until the agent says they were seen.
 * The device token itself is in localStorage (session.ts).
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { SyncAnswer } from './agent-api';
import { type ConflictNotice, conflictOf } from './conflicts';
import type { PublicKey, RefundedLists } from './verify';

export type QueuedClaim = {
  id: string;
  scan: string;
  claimed_at: string;
  unique_id: string;
  /** 0 waiting for an upload, 1 answered by the server (IndexedDB cannot index booleans). */
  synced: 0 | 1;
  /** The server's answer once synced. */
  result?: string;
  conflict?: boolean;
};

export type RefundedCache = RefundedLists;
/** What an app before the two-day list kept: one day's list. */
type OneDayCache = { date: string; uniqueIds: string[]; fetchedAt: string };

interface AgentDb extends DBSchema {
  claims: { key: string; value: QueuedClaim; indexes: { synced: number } };
  seen: { key: string; value: { unique_id: string; claimed_at: string } };
  cache: { key: string; value: unknown };
  conflicts: { key: string; value: ConflictNotice };
}

export type AgentStore = ReturnType<typeof makeStore>;

export function makeStore(name = 'rome-agent') {
  let db: Promise<IDBPDatabase<AgentDb>> | null = null;
  const open = () => {
    db ??= openDB<AgentDb>(name, 2, {
      // Step by step from the version the device has: its waiting claims survive every upgrade.
      upgrade(d, oldVersion) {
        if (oldVersion < 1) {
          d.createObjectStore('claims', { keyPath: 'id' }).createIndex('synced', 'synced');
          d.createObjectStore('seen', { keyPath: 'unique_id' });
          d.createObjectStore('cache');
        }
        if (oldVersion < 2) d.createObjectStore('conflicts', { keyPath: 'id' });
      },
    });
    return db;
  };
  return {
    /** Keeps an offline claim (a new UUID) and marks its ticket as claimed on this device. */
    async queueClaim(scan: string, uniqueId: string, at = new Date()): Promise<QueuedClaim> {
      const claim: QueuedClaim = {
        id: crypto.randomUUID(),
        scan,
        claimed_at: at.toISOString(),
        unique_id: uniqueId,
        synced: 0,
      };
      const tx = (await open()).transaction(['claims', 'seen'], 'readwrite');
      await Promise.all([
        tx.objectStore('claims').put(claim),
        tx.objectStore('seen').put({ unique_id: uniqueId, claimed_at: claim.claimed_at }),
        tx.done,
      ]);
      return claim;
    },
    async markSeen(uniqueId: string, at: string): Promise<void> {
      await (await open()).put('seen', { unique_id: uniqueId, claimed_at: at });
    },
    async claimedHere(uniqueId: string): Promise<string | null> {
      return (await (await open()).get('seen', uniqueId))?.claimed_at ?? null;
    },
    async pending(): Promise<QueuedClaim[]> {
      const all = await (await open()).getAllFromIndex('claims', 'synced', 0);
      return all.sort((a, b) => a.claimed_at.localeCompare(b.claimed_at));
    },
    async pendingCount(): Promise<number> {
      return (await open()).countFromIndex('claims', 'synced', 0);
    },
    /**
     * Records the server's answers of an upload: those claims wait no more. A claim claimed elsewhere
     * too gets its notice in the same transaction, so no answer is recorded without it.
     */
    async markSynced(answers: SyncAnswer[]): Promise<void> {
      const tx = (await open()).transaction(['claims', 'conflicts'], 'readwrite');
      const claims = tx.objectStore('claims');
      for (const a of answers) {
        const claim = await claims.get(a.id);
        // Only the first answer of a claim counts: a notice seen already does not come back.
        if (!claim || claim.synced === 1) continue;
        await claims.put({ ...claim, synced: 1, result: a.result, conflict: a.conflict });
        const notice = conflictOf(a, claim);
        if (notice) await tx.objectStore('conflicts').put(notice);
      }
      await tx.done;
    },
    /** The conflicts not yet seen, oldest claim first. */
    async conflicts(): Promise<ConflictNotice[]> {
      const all = await (await open()).getAll('conflicts');
      return all.sort((a, b) => a.claimed_here_at.localeCompare(b.claimed_here_at));
    },
    /** The agent saw these notices (by claim id): later ones, not yet shown, stay. */
    async markConflictsSeen(ids: readonly string[]): Promise<void> {
      const tx = (await open()).transaction('conflicts', 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },
    async getKeys(): Promise<PublicKey[]> {
      return ((await (await open()).get('cache', 'keys')) as PublicKey[] | undefined) ?? [];
    },
    async setKeys(keys: PublicKey[]): Promise<void> {
      await (await open()).put('cache', keys, 'keys');
    },
    async getPackageNames(): Promise<Record<string, string>> {
      return ((await (await open()).get('cache', 'packages')) as Record<string, string> | undefined) ?? {};
    },
    async setPackageNames(names: Record<string, string>): Promise<void> {
      await (await open()).put('cache', names, 'packages');
    },
    /** The operator's package tags of an operator's agent (null: the shop's agent, every ticket). */
    async getPackageTags(): Promise<string[] | null> {
      return ((await (await open()).get('cache', 'packageTags')) as string[] | null | undefined) ?? null;
    },
    async setPackageTags(tags: string[] | null): Promise<void> {
      await (await open()).put('cache', tags, 'packageTags');
    },
    async getRefunded(): Promise<RefundedCache | null> {
      const kept = (await (await open()).get('cache', 'refunded')) as RefundedCache | OneDayCache | undefined;
      if (!kept) return null;
      return 'days' in kept ? kept : { days: { [kept.date]: kept.uniqueIds }, fetchedAt: kept.fetchedAt };
    },
    async setRefunded(list: RefundedCache): Promise<void> {
      await (await open()).put('cache', list, 'refunded');
    },
    /**
     * Signing out forgets everything but the claims still waiting (they are uploaded at the next
     * sign-in) and the conflicts not yet seen (they are about people let in at this door).
     */
    async clearForSignOut(): Promise<void> {
      const d = await open();
      const tx = d.transaction(['seen', 'cache'], 'readwrite');
      await Promise.all([tx.objectStore('seen').clear(), tx.objectStore('cache').clear(), tx.done]);
    },
  };
}
