import type { Page, SearchResult } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';

type NewObject = typeof objects.$inferInsert;
type Row = { id: string; name: string; folder: boolean; date: number; size: number; kind: string };

/** A drawer's binders by name, naturally: numbers by value, case and accents ignored (ties twice). */
const FOLDERS_BY_NAME = ['Ärchive', 'Binder 1', 'binder 2', 'binder 2', 'Binder 10', 'photo 3'];
const ITEMS_BY_NAME = [
  'Écran 3',
  'ecran 20',
  'Ecran 100',
  'IMG_0001.jpg',
  'img_2.jpg',
  'IMG_0010.jpg',
  'photo',
  'Photo 1',
  'photo 2',
  'photo 2',
  'photo 10',
  'Photo 11',
  'Zoë',
  'zoe 1',
];
const KINDS = ['note_object', 'url_object', 'file_object'] as const;
const kindOf = (i: number): string => KINDS[(i * 7) % 3] ?? 'note_object';
const DAY = 86_400_000;

describe.each(DB_KINDS)('desk listings on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let drawerId: string;
  const rows: Row[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LOG_LEVEL: 'error' } });
    me = await signedInUser(t.app);
    const ownerId = me.info.id as string;
    const [drawer] = await t.database.db
      .insert(objects)
      .values({ ownerId, parentId: me.info.root_folder as string, dataType: 'drawer_object', name: 'Photos' })
      .returning();
    if (!drawer) throw new Error('no drawer');
    drawerId = drawer.id;
    // Inserted in an order unlike any sort's; dates and sizes repeat, so ties go by id.
    const values: Omit<NewObject, 'ownerId'>[] = [
      ...FOLDERS_BY_NAME.map((name, i) => ({
        dataType: 'binder_object',
        name,
        sourceCreatedAt: new Date(Date.UTC(2024, 0, 1) + ((i * 5) % 3) * DAY),
      })),
      ...ITEMS_BY_NAME.map((name, i) => ({
        dataType: kindOf(i),
        source: i % 2 === 0 ? 'gdrive' : 'easio',
        name,
        size: i % 4 === 0 ? null : ((i * 3) % 5) * 100,
        sourceCreatedAt: new Date(Date.UTC(2024, 0, 1) + ((i * 5) % 4) * DAY),
      })),
    ].reverse();
    const inserted = await t.database.db
      .insert(objects)
      .values(values.map((v) => ({ ...v, ownerId, parentId: drawerId })))
      .returning();
    for (const r of inserted) {
      rows.push({
        id: r.id,
        name: r.name,
        folder: r.dataType === 'binder_object',
        date: r.itemDate.getTime(),
        size: r.size ?? -1,
        kind: r.dataType,
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/desk${url}`, headers: me.auth });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return res.json() as Page;
  };
  /** Every page of a listing, `limit` at a time: the names and ids in the order listed. */
  const pageThrough = async (url: string, limit: number) => {
    const listed: { id: string; name: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`${url}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      listed.push(...page.items.map((i) => ({ id: i.id, name: i.name })));
      cursor = page.next_cursor;
    } while (cursor);
    return listed;
  };

  const nameRank = (name: string) => {
    const rank = [...FOLDERS_BY_NAME, ...ITEMS_BY_NAME].indexOf(name);
    return rank < FOLDERS_BY_NAME.length ? rank : rank - FOLDERS_BY_NAME.length;
  };
  const sortValues: Record<string, (r: Row) => (string | number)[]> = {
    date: (r) => [r.date],
    name: (r) => [nameRank(r.name)],
    size: (r) => [r.size],
    kind: (r) => [r.kind, nameRank(r.name)],
  };
  /** The order a listing must have: folders first, then by the sort's values, then by id. */
  const expected = (sort: string, order: 'asc' | 'desc') => {
    const values = sortValues[sort];
    if (!values) throw new Error(sort);
    const sign = order === 'asc' ? 1 : -1;
    const compare = (a: Row, b: Row) => {
      if (a.folder !== b.folder) return a.folder ? -1 : 1;
      const [va, vb] = [
        [...values(a), a.id],
        [...values(b), b.id],
      ];
      for (let i = 0; i < va.length; i += 1) {
        const x = va[i] as string | number;
        const y = vb[i] as string | number;
        if (x !== y) return (x < y ? -1 : 1) * sign;
      }
      return 0;
    };
    return [...rows].sort(compare).map((r) => r.id);
  };

  it('lists folders first, then items, names in natural order, in both directions', async () => {
    const asc = await pageThrough(`/folders/${drawerId}/children?sort=name&order=asc`, 4);
    expect(asc.map((i) => i.name)).toEqual([...FOLDERS_BY_NAME, ...ITEMS_BY_NAME]);
    const desc = await pageThrough(`/folders/${drawerId}/children?sort=name&order=desc`, 4);
    expect(desc.map((i) => i.name)).toEqual([
      ...[...FOLDERS_BY_NAME].reverse(),
      ...[...ITEMS_BY_NAME].reverse(),
    ]);
  });

  it('pages every sort in both directions in exactly its order, ties by id, none skipped or repeated', async () => {
    for (const sort of ['date', 'name', 'size', 'kind']) {
      for (const order of ['asc', 'desc'] as const) {
        for (const limit of [1, 3, 7]) {
          const listed = await pageThrough(
            `/folders/${drawerId}/children?sort=${sort}&order=${order}`,
            limit,
          );
          expect(
            listed.map((i) => i.id),
            `${sort} ${order} by ${limit}`,
          ).toEqual(expected(sort, order));
        }
      }
    }
  });

  it('lists only the folders or only the items of a kind, still in order', async () => {
    const binders = await pageThrough(
      `/folders/${drawerId}/children?sort=name&order=desc&kind=binder_object`,
      2,
    );
    expect(binders.map((i) => i.name)).toEqual([...FOLDERS_BY_NAME].reverse());
    const notes = await pageThrough(`/folders/${drawerId}/children?sort=name&order=asc&kind=note_object`, 2);
    expect(notes.map((i) => i.name)).toEqual(ITEMS_BY_NAME.filter((_, i) => kindOf(i) === 'note_object'));
  });

  it('sorts a source’s page of items by name naturally', async () => {
    const fromDrive = ITEMS_BY_NAME.filter((_, i) => i % 2 === 0);
    const asc = await pageThrough('/items?source=gdrive&sort=name&order=asc', 2);
    expect(asc.map((i) => i.name)).toEqual(fromDrive);
    const desc = await pageThrough('/items?source=gdrive&sort=name&order=desc', 3);
    expect(desc.map((i) => i.name)).toEqual([...fromDrive].reverse());
  });

  it('refuses a cursor from before folders were listed first', async () => {
    const old = Buffer.from(JSON.stringify({ v: ['photo 2'], id: rows[0]?.id })).toString('base64url');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/desk/folders/${drawerId}/children?sort=name&cursor=${old}`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The page cursor is not valid: start again from the first page' });
  });

  it('sorts search results by the same natural key (a folder among the items by its name)', async () => {
    const search = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/search/items', headers: me.auth, payload });
      if (res.statusCode !== 200) throw new Error(`search → ${res.statusCode} ${res.body}`);
      return (res.json() as SearchResult[]).map((r) => r.name);
    };
    // Search ranks results, it does not list a folder: a binder goes among the items by its name.
    const byName = [
      'Ärchive',
      'Binder 1',
      'binder 2',
      'binder 2',
      'Binder 10',
      ...ITEMS_BY_NAME.slice(0, 10),
      'photo 3',
      ...ITEMS_BY_NAME.slice(10),
    ];
    expect(await search({ parent_id: drawerId, sort: 'name', order: 'asc', limit: 50 })).toEqual(byName);
    expect(await search({ parent_id: drawerId, sort: 'name', order: 'desc', limit: 50 })).toEqual(
      [...byName].reverse(),
    );
    expect(await search({ q: 'photo', sort: 'name', order: 'asc' })).toEqual([
      'photo',
      'Photo 1',
      'photo 2',
      'photo 2',
      'photo 3',
      'photo 10',
      'Photo 11',
      'Photos',
    ]);
  });
});
