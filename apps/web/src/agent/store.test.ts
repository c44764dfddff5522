/**
 * The device's queue (IndexedDB through idb, here on fake-indexeddb) and its upload: a claim made
 * offline waits with its UUID and marks its ticket as claimed here; an upload in batches records the
 * answers; a failed upload leaves the claims waiting, and sending them again sends the same ids.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { SyncAnswer } from './agent-api';
import { makeStore } from './store';
import { SYNC_BATCH, syncQueue } from './sync';

let n = 0;
const freshStore = () => makeStore(`test-${++n}`);

const answer = (id: string, over: Partial<SyncAnswer> = {}): SyncAnswer => ({
  id,
  result: 'valid',
  message: 'Valid: ticket claimed.',
  ticket: null,
  claimed_at: null,
  claimed_by: null,
  repeated: false,
  conflict: false,
  kept: true,
  ...over,
});

describe('the offline queue', () => {
  it('keeps a claim with a UUID, waiting, and the ticket as claimed on this device', async () => {
    const store = freshStore();
    const claim = await store.queueClaim('scan-text', 'u-1', new Date('2026-12-01T08:00:00Z'));
    expect(claim.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.pendingCount()).toBe(1);
    expect(await store.claimedHere('u-1')).toBe('2026-12-01T08:00:00.000Z');
    expect(await store.claimedHere('u-2')).toBeNull();
  });

  it('uploads oldest first in batches and records the answers (conflicts counted)', async () => {
    const store = freshStore();
    const total = SYNC_BATCH + 5;
    for (let i = 0; i < total; i++)
      await store.queueClaim(`scan-${i}`, `u-${i}`, new Date(Date.UTC(2026, 11, 1, 8, 0, total - i)));
    const batches: number[] = [];
    const summary = await syncQueue(store, async (claims) => {
      batches.push(claims.length);
      return claims.map((c, i) => answer(c.id, i === 0 ? { conflict: true, kept: false } : {}));
    });
    expect(batches).toEqual([SYNC_BATCH, 5]);
    expect(summary).toEqual({ sent: total, kept: total - 2, conflicts: 2, refused: 0 });
    expect(await store.pendingCount()).toBe(0);
    // Still known here after the upload: a second scan on this device says so offline.
    expect(await store.claimedHere('u-3')).not.toBeNull();
  });

  it('a failed upload leaves the claims waiting; the retry sends the same ids', async () => {
    const store = freshStore();
    await store.queueClaim('a', 'u-a');
    await store.queueClaim('b', 'u-b');
    const sent: string[][] = [];
    await expect(
      syncQueue(store, async (claims) => {
        sent.push(claims.map((c) => c.id));
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(await store.pendingCount()).toBe(2);
    await syncQueue(store, async (claims) => {
      sent.push(claims.map((c) => c.id));
      return claims.map((c) => answer(c.id, { repeated: true }));
    });
    expect(sent[1]).toEqual(sent[0]);
    expect(await store.pendingCount()).toBe(0);
  });

  it('signing out forgets the keys and the claimed tickets but not the claims still waiting', async () => {
    const store = freshStore();
    await store.setKeys([{ kid: 'k1', jwk: { kty: 'OKP', crv: 'Ed25519', x: 'x' } }]);
    await store.queueClaim('a', 'u-a');
    await store.clearForSignOut();
    expect(await store.getKeys()).toEqual([]);
    expect(await store.claimedHere('u-a')).toBeNull();
    expect(await store.pendingCount()).toBe(1);
  });

  it("keeps the two days' refunded lists with when they were fetched, and reads an older one-day list", async () => {
    const store = freshStore();
    expect(await store.getRefunded()).toBeNull();
    const lists = {
      days: { '2026-12-01': ['u-1'], '2026-12-02': [] },
      fetchedAt: '2026-12-01T22:00:00.000Z',
    };
    await store.setRefunded(lists);
    expect(await store.getRefunded()).toEqual(lists);
    // What the app kept before the two-day list (a device updated while offline).
    const legacy = { date: '2026-12-01', uniqueIds: ['u-9'], fetchedAt: '2026-12-01T08:00:00.000Z' };
    await store.setRefunded(legacy as never);
    expect(await store.getRefunded()).toEqual({
      days: { '2026-12-01': ['u-9'] },
      fetchedAt: '2026-12-01T08:00:00.000Z',
    });
  });
});

describe('the conflicts an upload finds', () => {
  const second = (id: string): SyncAnswer =>
    answer(id, {
      result: 'already_claimed',
      conflict: true,
      kept: false,
      claimed_at: '2026-12-01T07:59:00.000Z',
      claimed_by: 'Agent Alpha',
      ticket: {
        unique_id: 'u-1',
        package: 'Colosseum Tour',
        package_tag: 'COL-1',
        date: null,
        time: null,
        adults: 1,
        youths: 0,
        infants: 0,
      },
    });

  it('keeps a notice per claim found claimed elsewhere, until seen, across a reopening', async () => {
    const name = `test-${++n}`;
    const store = makeStore(name);
    const a = await store.queueClaim('a', 'u-1', new Date('2026-12-01T08:00:00Z'));
    const b = await store.queueClaim('b', 'u-2', new Date('2026-12-01T08:01:00Z'));
    await store.queueClaim('c', 'u-3', new Date('2026-12-01T08:02:00Z'));
    const summary = await syncQueue(store, async (claims) =>
      claims.map((c) => (c.id === a.id ? second(c.id) : answer(c.id))),
    );
    expect(summary.conflicts).toBe(1);
    // The same claim answered again (a retried upload): still one notice.
    await store.markSynced([second(a.id)]);

    const again = makeStore(name);
    const found = await again.conflicts();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: a.id,
      unique_id: 'u-1',
      package: 'Colosseum Tour',
      claimed_here_at: '2026-12-01T08:00:00.000Z',
      first_by: 'Agent Alpha',
      kept: false,
    });
    // Signing out is not seeing it.
    await again.clearForSignOut();
    expect(await again.conflicts()).toHaveLength(1);

    // Seen: gone, and a later notice the agent had not seen yet stays.
    const later = await again.queueClaim('d', 'u-1', new Date('2026-12-01T08:03:00Z'));
    await syncQueue(again, async (claims) => claims.map((c) => second(c.id)));
    await again.markConflictsSeen([a.id]);
    expect((await again.conflicts()).map((c) => c.id)).toEqual([later.id]);
    // An answer recorded once more (this claim's, or a claim kept alone then) brings no notice back.
    await again.markConflictsSeen([later.id]);
    await again.markSynced([second(later.id), second(b.id)]);
    expect(await again.conflicts()).toEqual([]);
  });

  it("opens a device's older database with its waiting claims, and keeps notices there", async () => {
    const name = `test-${++n}`;
    const old = await openDB(name, 1, {
      upgrade(d) {
        d.createObjectStore('claims', { keyPath: 'id' }).createIndex('synced', 'synced');
        d.createObjectStore('seen', { keyPath: 'unique_id' });
        d.createObjectStore('cache');
      },
    });
    await old.put('claims', {
      id: '0b7c6f5e-3a1d-4c2b-9e8f-7a6b5c4d3e2f',
      scan: 'a',
      claimed_at: '2026-12-01T08:00:00.000Z',
      unique_id: 'u-1',
      synced: 0,
    });
    old.close();
    const store = makeStore(name);
    expect(await store.pendingCount()).toBe(1);
    await syncQueue(store, async (claims) => claims.map((c) => second(c.id)));
    expect(await store.conflicts()).toHaveLength(1);
  });
});
