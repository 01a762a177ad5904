import type { PGliteInterface } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

type Rows = { rows: Record<string, unknown>[] };

/** What pg-boss needs of a pg.Pool (or Client). */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<Rows>;
}

/**
 * pg-boss wraps its schema changes and maintenance as one text, `BEGIN; …; COMMIT;`. PGlite is one
 * session shared with the app: if such a block failed halfway the session would stay in an aborted
 * transaction and break every later query of the app. So its body runs in PGlite's own transaction,
 * which rolls back on error and keeps other queries out meanwhile.
 */
const TRANSACTION_BLOCK = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

function lastResult(results: Rows[]): Rows {
  return results.at(-1) ?? { rows: [] };
}

/** pg-boss on the embedded database, through the same single PGlite session as the app. */
export function pgliteExecutor(client: PGliteInterface): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // Without parameters pg-boss may send several statements: only the simple protocol takes them.
      const block = TRANSACTION_BLOCK.exec(text);
      if (block?.[1]) {
        const body = block[1];
        return lastResult(await client.transaction((tx) => tx.exec(body)));
      }
      return lastResult(await client.exec(text));
    },
  };
}

/** pg-boss on PostgreSQL, sharing the app's pool. */
export function poolExecutor(pool: Queryable): PgBoss.Db {
  return {
    executeSql: (text, values) => pool.query(text, values),
  };
}

export function executorFor(database: Database): PgBoss.Db {
  return database.kind === 'pglite' ? pgliteExecutor(database.client) : poolExecutor(database.client);
}
