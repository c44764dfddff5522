/**
 * Several writes as one statement (issue #22: a round trip to the database costs both processes more
 * CPU than a small insert): every write but the last runs as a data-modifying WITH, the last as the
 * statement itself. PostgreSQL runs each exactly once and all of them or none; their answers are not
 * read. For writes whose outcome nothing checks (inserts, an update of a row already locked).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client';

export async function writeTogether(db: Db, ...writes: SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  const sqlOf = (w: SQLWrapper): SQL => w.getSQL();
  const last = sqlOf(writes[writes.length - 1]);
  if (writes.length === 1) {
    await db.execute(last);
    return;
  }
  const before = writes.slice(0, -1).map((w, i) => sql`${sql.raw(`w${i}`)} AS (${sqlOf(w)})`);
  await db.execute(sql`WITH ${sql.join(before, sql`, `)} ${last}`);
}
