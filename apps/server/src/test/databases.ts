import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPostgres, PGLITE_EXTENSIONS, usePglite } from '../db/client.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL points at a server. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let dump: Promise<Buffer> | undefined;

/**
 * A fresh, migrated, empty database of the given kind; `close()` also drops a PostgreSQL one, whose
 * `url` lets a second server open it too.
 */
export async function openTestDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    dump ??= readFile(inject('pgliteDump'));
    return usePglite(
      await PGlite.create({ loadDataDir: new Blob([await dump]), extensions: PGLITE_EXTENSIONS }),
    );
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('TEST_DATABASE_URL is not set');
  const name = `easio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
