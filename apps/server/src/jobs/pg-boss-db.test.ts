import type { PGliteInterface } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/databases.js';
import { pgliteExecutor } from './pg-boss-db.js';

describe('pg-boss on the PGlite session', () => {
  let database: Database;
  let client: PGliteInterface;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    client = (database.db as unknown as { $client: PGliteInterface }).$client;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs parameterised, multi-statement and transaction-block texts', async () => {
    const db = pgliteExecutor(client);
    expect((await db.executeSql('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
    expect((await db.executeSql('CREATE TEMP TABLE t (n int); SELECT 7 AS n', [])).rows).toEqual([{ n: 7 }]);
    await db.executeSql(
      '\n  BEGIN;\n  INSERT INTO t VALUES (1);\n  INSERT INTO t VALUES (2);\n  COMMIT;\n  ',
      [],
    );
    expect((await db.executeSql('SELECT count(*)::int AS n FROM t', [])).rows).toEqual([{ n: 2 }]);
  });

  it('rolls a failed transaction block back and leaves the shared session usable', async () => {
    const db = pgliteExecutor(client);
    await expect(db.executeSql('BEGIN; INSERT INTO t VALUES (3); SELECT 1/0; COMMIT;', [])).rejects.toThrow(
      'division by zero',
    );
    expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }]);
  });
});
