/**
 * Statements prepared once per database, for the hottest calls (the agents' door claims, issue #19):
 * drizzle builds the SQL text and its field mapping once instead of on every call, and on PostgreSQL
 * the statement is named, so each pooled connection parses and plans it once. Parameters are
 * `sql.placeholder(...)`, given to `execute`. A transaction is another `Db`: prepare for the app's
 * database only (a statement prepared for a transaction would be built again for the next one).
 */
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
