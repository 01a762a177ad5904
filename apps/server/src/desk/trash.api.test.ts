import type { DeskObject, Page, SearchResult, TrashPage } from '@easio/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { purgeExpiredTrash } from './trash-service.js';

type User = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;

describe.each(DB_KINDS)('the Trash on %s', (kind) => {
  let t: TestApp;
  let me: User;
  let other: User;
  let root: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { TRASH_DAYS: '7' } });
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
    root = me.info.root_folder as string;
  });
  afterAll(() => t.close());

  const call = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, user = me) => {
    const res = await t.app.inject({
      method,
      url: `/api/desk${url}`,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() as T };
  };
  const ok = async <T = DeskObject>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    user = me,
  ) => {
    const r = await call<T>(method, url, payload, user);
    if (r.status !== 200) throw new Error(`${method} ${url} → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const folder = (data_type: 'drawer_object' | 'binder_object', name: string, parent_id?: string) =>
    ok('POST', '/folders', { data_type, name, parent_id });
  const note = (content: string, parent_id?: string, user = me) =>
    ok('POST', '/items', { data_type: 'note_object', content, parent_id }, user);
  const trash = () => ok<TrashPage>('GET', '/trash');
  const childIds = async (id: string) =>
    (await ok<Page>('GET', `/folders/${id}/children`)).items.map((i) => i.id);
  const search = async (q: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/api/search/items', headers: me.auth, payload: { q } })
    ).json() as SearchResult[];

  it('takes what is deleted off the desk and out of search, lists it with where it was, and restores it there', async () => {
    const drawer = await folder('drawer_object', 'Old papers');
    const binder = await folder('binder_object', 'Leases', drawer.id);
    const lease = await note('Lease of the flat on Quayside, signed by the landlord', binder.id);
    const loose = await note('Quayside parking permit');
    expect((await search('Quayside')).map((r) => r.id).sort()).toEqual([lease.id, loose.id].sort());

    expect(await ok('POST', '/delete', { ids: [binder.id, loose.id] })).toEqual({ count: 2 });
    expect(await childIds(drawer.id)).toEqual([]);
    expect(await childIds(root)).not.toContain(loose.id);
    expect(await search('Quayside')).toEqual([]);
    // What is inside a deleted binder went with it, and cannot be changed until restored.
    expect((await ok('GET', `/objects/${lease.id}`)).trashed_at).not.toBeNull();
    expect((await call('PATCH', `/objects/${lease.id}`, { name: 'renamed' })).status).toBe(409);
    expect((await call('POST', '/move', { ids: [lease.id], target_id: root })).status).toBe(409);
    expect(
      (await call('POST', '/items', { data_type: 'note_object', content: 'x', parent_id: binder.id })).status,
    ).toBe(404);
    expect((await call('POST', '/delete', { ids: [loose.id] })).status).toBe(409);

    const page = await trash();
    expect(page.total).toBe(2);
    // Only what was deleted itself is listed (not the lease inside the binder), newest first.
    expect(page.entries.map((e) => e.object.id).sort()).toEqual([binder.id, loose.id].sort());
    const binderEntry = page.entries.find((e) => e.object.id === binder.id);
    expect(binderEntry).toMatchObject({
      trashed_from: { id: drawer.id, name: 'Old papers', data_type: 'drawer_object' },
    });
    expect(binderEntry?.object.child_count).toBe(1);
    expect(page.entries.find((e) => e.object.id === loose.id)?.trashed_from).toBeNull();
    const purgeAt = new Date(binderEntry?.purge_at ?? 0).getTime();
    expect(purgeAt - new Date(binderEntry?.object.trashed_at ?? 0).getTime()).toBe(7 * DAY);

    const restored = await ok<{ count: number; restored: { id: string; parent_id: string }[] }>(
      'POST',
      '/trash/restore',
      { ids: [binder.id, loose.id] },
    );
    expect(restored.count).toBe(2);
    expect(restored.restored).toEqual(
      expect.arrayContaining([
        { id: binder.id, parent_id: drawer.id },
        { id: loose.id, parent_id: root },
      ]),
    );
    expect(await childIds(drawer.id)).toEqual([binder.id]);
    expect(await childIds(binder.id)).toEqual([lease.id]);
    expect((await ok('GET', `/objects/${lease.id}`)).trashed_at).toBeNull();
    expect((await search('Quayside')).map((r) => r.id).sort()).toEqual([lease.id, loose.id].sort());
    expect((await trash()).total).toBe(0);
  });

  it('restores onto the desk what was in a folder that is gone or itself in the Trash', async () => {
    const drawer = await folder('drawer_object', 'Gone soon');
    const inside = await note('a receipt', (await folder('binder_object', 'Receipts', drawer.id)).id);
    const binderId = (await ok('GET', `/objects/${inside.id}`)).parent_id as string;
    await ok('POST', '/delete', { ids: [inside.id] });
    await ok('POST', '/delete', { ids: [drawer.id] });
    // Its binder is in the Trash (inside the drawer): the note comes back onto the desk.
    const first = await ok<{ restored: { id: string; parent_id: string }[] }>('POST', '/trash/restore', {
      ids: [inside.id],
    });
    expect(first.restored).toEqual([{ id: inside.id, parent_id: root }]);
    await ok('POST', '/delete', { ids: [inside.id] });
    await ok('POST', '/trash/delete', { ids: [drawer.id] });
    expect((await call('GET', `/objects/${binderId}`)).status).toBe(404);
    const second = await ok<{ restored: { id: string; parent_id: string }[] }>('POST', '/trash/restore', {
      ids: [inside.id],
    });
    expect(second.restored).toEqual([{ id: inside.id, parent_id: root }]);
  });

  it('deletes for good only what is in the Trash, all or nothing, and empties it', async () => {
    const a = await note('first to go');
    const b = await note('second to go');
    const kept = await note('stays on the desk');
    await ok('POST', '/delete', { ids: [a.id, b.id] });
    expect((await call('POST', '/trash/delete', { ids: [a.id, kept.id] })).status).toBe(404);
    expect((await ok('GET', `/objects/${a.id}`)).trashed_at).not.toBeNull();
    expect(await ok('POST', '/trash/delete', { ids: [a.id] })).toEqual({ count: 1 });
    expect((await call('GET', `/objects/${a.id}`)).status).toBe(404);
    const c = await note('third to go');
    await ok('POST', '/delete', { ids: [c.id] });
    expect((await ok<{ count: number }>('POST', '/trash/empty')).count).toBeGreaterThanOrEqual(2);
    expect((await trash()).total).toBe(0);
    for (const id of [b.id, c.id]) expect((await call('GET', `/objects/${id}`)).status).toBe(404);
    expect((await call('GET', `/objects/${kept.id}`)).status).toBe(200);
    expect((await call('POST', '/trash/restore', { ids: [kept.id] })).status).toBe(404);
    expect((await call('POST', '/trash/restore', { ids: [] })).status).toBe(422);
  });

  it("shows no one else's Trash and touches none of it", async () => {
    const theirs = await note('their secret', undefined, other);
    await ok('POST', '/delete', { ids: [theirs.id] }, other);
    expect((await trash()).entries.map((e) => e.object.id)).not.toContain(theirs.id);
    for (const path of ['/trash/restore', '/trash/delete']) {
      expect((await call('POST', path, { ids: [theirs.id] })).status).toBe(404);
    }
    await ok('POST', '/trash/empty');
    expect((await ok<TrashPage>('GET', '/trash', undefined, other)).entries.map((e) => e.object.id)).toEqual([
      theirs.id,
    ]);
  });

  it('deletes for good what has been in the Trash over TRASH_DAYS, and nothing newer', async () => {
    const old = await note('deleted long ago');
    const recent = await note('deleted just now');
    await ok('POST', '/delete', { ids: [old.id, recent.id] });
    await queryRows(
      t.database.db,
      sql`UPDATE objects SET trashed_at = now() - interval '8 days' WHERE id = ${old.id} RETURNING 1`,
    );
    const purged = await purgeExpiredTrash(t.database.db, 7, async () => {});
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/objects/${old.id}`)).status).toBe(404);
    expect((await ok('GET', `/objects/${recent.id}`)).trashed_at).not.toBeNull();
  });
});
