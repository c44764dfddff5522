/**
 * Statements prepared once per database, for the hottest calls (the agents' door claims):
 * drizzle builds the SQL text and its field mapping once instead of on every call, and on PostgreSQL
 * the statement is named, so each pooled connection parses and plans it once. Parameters are
 * `sql.placeholder(...)`, given to `execute`. A transaction is another `Db`: prepare for the app's
 * database only (a statement prepared for a transaction would be built again for the next one).
 */
import { type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client';

export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}

/**
 * A statement written with `sql` (several writes in one, a counter's upsert) whose text is built once
 * per process and which PostgreSQL knows by `name` (decision 029: drizzle's builder cost more CPU than the
 * statement's own work on the purchase path). Unlike `preparedPerDb` it runs on any `Db`, a
 * transaction's too: the text is the same, each pooled connection parses it once. Values are
 * `sql.placeholder(...)` (or `placeholders`), given to `execute`; it answers the statement's rows.
 */
export function preparedSql<Row = Record<string, unknown>>(name: string, build: (db: Db) => SQLWrapper) {
  let built: Query | undefined;
  return {
    async execute(db: Db, values: Record<string, unknown>): Promise<Row[]> {
      // The same calls drizzle's `db.execute` makes, with the text kept and a name given.
      const internal = db as unknown as DrizzleInternals;
      built ??= internal.dialect.sqlToQuery(build(db).getSQL());
      const result = await internal.session.prepareQuery(built, undefined, name, false).execute(values);
      return (result as { rows?: Row[] }).rows ?? (result as Row[]);
    },
  };
}
type DrizzleInternals = {
  dialect: { sqlToQuery(sql: SQL): Query };
  session: {
    prepareQuery(
      q: Query,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(v: unknown): unknown };
  };
};

/**
 * `{ key: sql.placeholder(prefix + key) }` for each key: an insert's values or an update's set in a
 * `preparedSql` statement, filled by `filled(prefix, row)`. Typed as the row so drizzle's builders
 * take it; drizzle still maps each value through its column (a date, a JSON document) when filled.
 * A JSON or timestamp column filled with null would be mapped too (JSON `null`, an error): give such
 * columns values, or leave them out of the statement.
 */
export function placeholders<Row extends Record<string, unknown>>(
  prefix: string,
  keys: readonly (keyof Row & string)[],
): Row {
  return Object.fromEntries(keys.map((k) => [k, sql.placeholder(prefix + k)])) as unknown as Row;
}

/** The values for `placeholders(prefix, ...)`: every key of `row`, prefixed. */
export function filled(prefix: string, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(row)) out[prefix + k] = row[k];
  return out;
}
