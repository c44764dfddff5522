/**
 * What an access token is checked against, kept in memory per account (decision 015): the
 * account row (its `tokens_valid_after`, roles, ...) and the sign-in families revoked recently
 * enough that one of their access tokens may still be unexpired. A request with a cached account
 * reads nothing from the database.
 *
 * Every change that can void a token or alter the row (logout, refresh-token reuse, password change
 * or reset, e-mail change, role change, deletion) calls `changed(userId)`: the entry goes here at
 * once and, through the change feed (PostgreSQL LISTEN/NOTIFY), on every other instance before the
 * change's answer leaves (app.ts flushes the feed in onSend). While the feed is not listening (a
 * database restart) nothing is served from memory, and on reconnecting everything is forgotten.
 * Entries also expire after `ttlMs`, a bound for a change made outside the shop (SQL by hand).
 */
import { ACCESS_TOKEN_TTL_SECONDS } from '@rome/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { findUserById, type UserRow } from '../../lib/users';

export type AuthState = { user: UserRow; revokedFamilies: ReadonlySet<string> };

export type SessionCache = ReturnType<typeof createSessionCache>;

export const USER_TOPIC_PREFIX = 'user:';
/** Families revoked longer ago than this have no unexpired access token left (1 minute of clock slack). */
const REVOKED_WINDOW_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;

const rowsOf = (result: any): any[] => result.rows ?? result;

export function createSessionCache(opts: {
  db: Db;
  feed: Pick<ChangeFeed, 'onPrefix' | 'notify' | 'live'>;
  ttlMs?: number;
  maxEntries?: number;
}) {
  const { db, feed } = opts;
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, { state: AuthState; at: number }>();
  /**
   * Bumped by every forget: a lookup that started before a change does not store what it read
   * (it may have read the row just before the change committed).
   */
  let version = 0;
  let loads = 0;

  const forget = (userId: string | null) => {
    version++;
    if (userId === null) entries.clear();
    else entries.delete(userId);
  };
  feed.onPrefix(USER_TOPIC_PREFIX, forget);

  async function load(userId: string): Promise<AuthState | null> {
    loads++;
    const user = await findUserById(db, userId);
    if (!user) return null;
    const families = rowsOf(
      await db.execute(sql`
        SELECT DISTINCT family_id FROM refresh_tokens
        WHERE user_id = ${userId}
          AND revoked_at > now() - make_interval(secs => ${REVOKED_WINDOW_SECONDS})`),
    );
    return { user, revokedFamilies: new Set(families.map((r) => String(r.family_id))) };
  }

  return {
    /** The account's current state, from memory when it can be trusted, else from the database. */
    async get(userId: string): Promise<AuthState | null> {
      const live = feed.live();
      const hit = live ? entries.get(userId) : undefined;
      if (hit && Date.now() - hit.at < ttlMs) return hit.state;
      const started = version;
      const state = await load(userId);
      if (state && live && version === started && feed.live()) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.delete(userId);
        entries.set(userId, { state, at: Date.now() });
      }
      return state;
    },
    /** The account changed (tokens revoked, row updated or erased): forget it here and everywhere. */
    changed(userId: string): void {
      forget(userId);
      feed.notify(`${USER_TOPIC_PREFIX}${userId}`);
    },
    /** Database lookups made so far (the tests count them). */
    get loads() {
      return loads;
    },
  };
}
