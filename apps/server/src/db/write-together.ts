/**
 * Several writes as one statement (a round trip to the database costs both processes more
 * CPU than a small insert): every write but the last runs as a data-modifying WITH, the last as the
 * statement itself. PostgreSQL runs each exactly once and all of them or none; their answers are not
 * read. For writes whose outcome nothing checks (inserts, an update of a row already locked).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client';

/** The statement `writeTogether` runs: every write but the last as a data-modifying WITH. */
export function togetherSql(...writes: SQLWrapper[]): SQL {
  const last = writes[writes.length - 1].getSQL();
  if (writes.length === 1) return last;
  const before = writes.slice(0, -1).map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w.getSQL()})`);
  return sql`WITH ${sql.join(before, sql`, `)} ${last}`;
}

export async function writeTogether(db: Db, ...writes: SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  await db.execute(togetherSql(...writes));
}

/** PostgreSQL's division_by_zero: what `ifMovedSql`'s guard raises when its move changed no row. */
const NOT_MOVED = '22012';

/**
 * `move` (an UPDATE ... RETURNING, conditional on the state it was read in) and the writes that belong
 * to it as one statement that does all of them or none (a payment without its BEGIN and
 * COMMIT round trips, decision 028). Its result divides by the number of rows moved: when the move
 * changes no row (another request moved it first), PostgreSQL raises division_by_zero and rolls the
 * whole statement back. Run it through `whenMoved`. Outside a transaction, or under the row's lock:
 * in a transaction the error would end it. Built once by a caller that prepares it (`preparedSql`).
 */
export function ifMovedSql(move: SQLWrapper, ...writes: SQLWrapper[]): SQL {
  const ctes = [move, ...writes].map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w.getSQL()})`);
  return sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1 / count(*) AS moved FROM w0`;
}

/** Runs an `ifMovedSql` statement: true when it wrote, false when its guard found the move changed nothing
 * (the caller then takes its careful path). */
export async function whenMoved(run: Promise<unknown>): Promise<boolean> {
  try {
    await run;
    return true;
  } catch (err: any) {
    if ((err?.cause?.code ?? err?.code) === NOT_MOVED) return false;
    throw err;
  }
}
