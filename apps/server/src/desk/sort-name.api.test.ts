import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../db/client.js';
import { DB_KINDS, type DbKind } from '../test/databases.js';

const NATURAL_SORT = '0018_natural_sort';

/** Runs SQL on a fresh, empty database of either kind. */
interface Scratch {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function scratchDatabase(kind: DbKind): Promise<Scratch> {
  if (kind === 'pglite') {
    const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    return {
      query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
      close: () => db.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `easio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    async close() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The migrations in order, each as its statements. */
async function migrations(): Promise<{ tag: string; statements: string[] }[]> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return Promise.all(
    journal.entries.map(async ({ tag }) => ({
      tag,
      statements: (await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8'))
        .split('--> statement-breakpoint')
        .filter((s) => s.trim()),
    })),
  );
}

describe.each(DB_KINDS)('the natural sort key on %s', (kind) => {
  let db: Scratch;
  let later: { tag: string; statements: string[] }[];
  const run = async (list: { statements: string[] }[]) => {
    for (const m of list) for (const statement of m.statements) await db.query(statement);
  };

  beforeAll(async () => {
    db = await scratchDatabase(kind);
    const all = await migrations();
    const at = all.findIndex((m) => m.tag === NATURAL_SORT);
    // The desk as it was before natural sorting, holding rows the migration must give keys to.
    await run(all.slice(0, at));
    later = all.slice(at);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is given to the rows already there when the migration runs, and to every row after', async () => {
    const [user] = await db.query<{ id: string }>(
      `INSERT INTO users (username, email, password_hash) VALUES ('sorter', 'sorter@example.com', 'x') RETURNING id`,
    );
    const owner = user?.id;
    const [root] = await db.query<{ id: string }>(
      `INSERT INTO objects (owner_id, data_type, name) VALUES ($1, 'root_object', 'My Desk') RETURNING id`,
      [owner],
    );
    const existing = ['photo 10', 'Binder 2', 'Photo 2', 'photo 1'];
    for (const [i, name] of existing.entries()) {
      await db.query(`INSERT INTO objects (owner_id, parent_id, data_type, name) VALUES ($1, $2, $3, $4)`, [
        owner,
        root?.id,
        i === 1 ? 'drawer_object' : 'note_object',
        name,
      ]);
    }
    await run(later);
    await db.query(
      `INSERT INTO objects (owner_id, parent_id, data_type, name) VALUES ($1, $2, 'note_object', 'Photo 3')`,
      [owner, root?.id],
    );
    const listed = await db.query<{ name: string; sort_name: string; is_folder: boolean }>(
      `SELECT name, sort_name, is_folder FROM objects WHERE owner_id = $1 AND parent_id = $2
       ORDER BY is_folder DESC, sort_name, id`,
      [owner, root?.id],
    );
    expect(listed.map((r) => r.name)).toEqual(['Binder 2', 'photo 1', 'Photo 2', 'Photo 3', 'photo 10']);
    expect(listed.map((r) => r.is_folder)).toEqual([true, false, false, false, false]);
    expect(listed[4]?.sort_name).toBe('photo 00000000000000000010');
  });

  it('makes the same key on every database: numbers padded, case, accents and ligatures folded', async () => {
    const cases: [string, string][] = [
      ['Photo 11', 'photo 00000000000000000011'],
      ['IMG_0010.JPG', 'img_00000000000000000010.jpg'],
      ['résumé 2024-05-01', 'resume 00000000000000002024-00000000000000000005-00000000000000000001'],
      ['Straße', 'strasse'],
      ['Æsop’s Øre', 'aesop’s ore'],
      ['ﬁle２', 'file00000000000000000002'],
      ['Ёлка', 'елка'],
      ['Ω', 'ω'],
      // Digits beyond the 20 a number is padded to stay as they are.
      ['x 123456789012345678901', 'x 123456789012345678901'],
      ['', ''],
    ];
    const keys = await db.query<{ key: string }>(
      'SELECT easio_sort_name(n) AS key FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i',
      [cases.map(([name]) => name)],
    );
    expect(keys.map((k) => k.key)).toEqual(cases.map(([, key]) => key));
    const [long] = await db.query<{ length: number }>(
      `SELECT length(easio_sort_name(repeat('a1 ', 300))) AS length`,
    );
    expect(long?.length).toBe(255);
  });
});
