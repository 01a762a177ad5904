import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { takeTurns } from './turn-taking-pglite.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The drizzle instance, and the driver under it for the few things that need it (the job queue). */
export type Database = { db: Db; close(): Promise<void> } & (
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; client: pg.Pool }
);

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
const MIGRATION_LOCK = 7_240_611; // any constant: serialises migrations of replicas starting together

/** Real PostgreSQL at `url`, migrated under an advisory lock so replicas may start at once. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return { db: db as unknown as Db, kind: 'postgres', client: pool, close: () => endPool(pool) };
}

/** Ends a pool and waits until every connection has really closed (`end()` resolves before that). */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Wraps an open PGlite (on disk, in memory, or loaded from a dump) and migrates it. */
export async function usePglite(client: PGlite): Promise<Database> {
  takeTurns(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: 'pglite', client, close: () => client.close() };
}

/**
 * PGlite's own start parameters, with a smaller buffer pool: PostgreSQL's default 128 MB of shared
 * buffers would be most of an idle server's memory, and the operating system caches the files anyway.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'work_mem=8MB', '-c', 'maintenance_work_mem=32MB'],
];

/** The extensions the migrations create (search: trigrams, and owner + words in one GIN index). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

const SERVER_PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const CREATE_CLUSTER = `require('@electric-sql/pglite').PGlite
  .create(process.argv[1], { startParams: JSON.parse(process.argv[2]) })
  .then((db) => db.close())`;
const execFileAsync = promisify(execFile);

/** The embedded database in `dir`, created on first use. */
export async function openPgliteDir(dir: string): Promise<PGlite> {
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  await mkdir(dir, { recursive: true });
  if (fresh) {
    // Creating a cluster runs initdb, which leaves ~500 MB of WebAssembly memory that never shrinks:
    // do it in a short-lived process so the server does not carry that for its whole life.
    await execFileAsync(process.execPath, ['-e', CREATE_CLUSTER, dir, JSON.stringify(PGLITE_START_PARAMS)], {
      cwd: SERVER_PACKAGE_DIR,
    });
  }
  return PGlite.create(dir, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
}

/** PostgreSQL when `databaseUrl` is set, else the embedded PGlite under `dataDir`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return usePglite(await openPgliteDir(path.join(options.dataDir, 'pglite')));
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which drizzle's shared type leaves unknown. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
