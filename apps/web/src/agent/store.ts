/**
 * What the agents' app keeps on the device (decision 023), in IndexedDB through `idb`:
 *  - `claims`: every claim made offline, with the UUID the server counts it once by, until an upload
 *    answered it (then kept with its answer, so the device still knows it claimed the ticket);
 *  - `seen`: the tickets this device claimed (online or offline), so a second scan here says so with
 *    no network;
 *  - `cache`: the public keys, the refunded lists (Rome's today and tomorrow, with when they were
 *    downloaded) and the packages' names downloaded while online.
 * The device token itself is in localStorage (session.ts).
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
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
}

export type AgentStore = ReturnType<typeof makeStore>;

export function makeStore(name = 'rome-agent') {
  let db: Promise<IDBPDatabase<AgentDb>> | null = null;
  const open = () => {
    db ??= openDB<AgentDb>(name, 1, {
      upgrade(d) {
        d.createObjectStore('claims', { keyPath: 'id' }).createIndex('synced', 'synced');
        d.createObjectStore('seen', { keyPath: 'unique_id' });
        d.createObjectStore('cache');
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
    /** Records the server's answers of an upload: those claims wait no more. */
    async markSynced(answers: { id: string; result: string; conflict: boolean }[]): Promise<void> {
      const tx = (await open()).transaction('claims', 'readwrite');
      for (const a of answers) {
        const claim = await tx.store.get(a.id);
        if (claim) await tx.store.put({ ...claim, synced: 1, result: a.result, conflict: a.conflict });
      }
      await tx.done;
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
    async getRefunded(): Promise<RefundedCache | null> {
      const kept = (await (await open()).get('cache', 'refunded')) as RefundedCache | OneDayCache | undefined;
      if (!kept) return null;
      return 'days' in kept ? kept : { days: { [kept.date]: kept.uniqueIds }, fetchedAt: kept.fetchedAt };
    },
    async setRefunded(list: RefundedCache): Promise<void> {
      await (await open()).put('cache', list, 'refunded');
    },
    /** Signing out forgets everything but the claims still waiting (they are uploaded at the next sign-in). */
    async clearForSignOut(): Promise<void> {
      const d = await open();
      const tx = d.transaction(['seen', 'cache'], 'readwrite');
      await Promise.all([tx.objectStore('seen').clear(), tx.objectStore('cache').clear(), tx.done]);
    },
  };
}
