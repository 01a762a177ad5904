import type { GenerationStatus, Recommendation } from '@easio/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, putObject, signedInUser, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

const goa = (what: string) =>
  `Trip to Goa in December: ${what}. Beach hotel in Palolem, flight to Goa airport, scooter rental and the ferry.`;

describe.each(DB_KINDS)('undoing an accept on %s', (kind) => {
  let t: TestApp;
  let me: User;
  let other: User;
  let root: string;
  const trip: string[] = [];

  const call = async (path: string, user: User, payload?: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/recommendations/${path}`,
      headers: user.auth,
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const list = async () => (await call('list_recommendations', me)).body as Recommendation[];
  const generate = async () => {
    await call('generate_recommendations', me);
    await t.queue?.drain();
    return (await call('generation_status', me)).body as GenerationStatus;
  };
  const item = async (id: string) => {
    const [row] = await queryRows<{ parent_id: string; tags: string[] }>(
      t.database.db,
      sql`SELECT parent_id, tags FROM objects WHERE id = ${id}`,
    );
    return row;
  };
  const folderNames = async () =>
    (
      await queryRows<{ name: string }>(
        t.database.db,
        sql`SELECT name FROM objects WHERE owner_id = ${me.info.id as string}
              AND data_type IN ('drawer_object', 'binder_object') ORDER BY name`,
      )
    ).map((r) => r.name);
  const eventsOf = async (recId: number) =>
    queryRows<{ object_id: string }>(
      t.database.db,
      sql`SELECT object_id FROM filing_events WHERE recommendation_id = ${recId}`,
    );

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      recommend: true,
      env: { LOG_LEVEL: 'error', RECOMMEND_AFTER_SECONDS: '0' },
    });
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
    root = me.info.root_folder as string;
    await putObject(t, me, { dataType: 'drawer_object', name: 'Travel' });
    for (const [what, tags] of [
      ['hotel booking', ['booked']],
      ['flight tickets', []],
      ['scooter rental', ['to pay']],
    ] as const) {
      trip.push(
        await putObject(t, me, {
          dataType: 'note_object',
          name: `Goa ${what}`,
          content: goa(what),
          tags: [...tags],
        }),
      );
    }
  });
  afterAll(() => t.close());

  it('puts the items back with their tags, removes the binder it made and opens the recommendation again', async () => {
    expect((await generate()).state).toBe('done');
    const [rec] = await list();
    if (!rec) throw new Error('no recommendation');
    expect([...rec.object_ids].sort()).toEqual([...trip].sort());

    const kept = trip.slice(0, 2);
    const accepted = await call('accept_recommendation', me, {
      id: rec.id,
      drawer_name: 'Travel',
      binder_name: 'Goa 2026',
      tags: ['holiday'],
      object_ids: kept,
    });
    expect(accepted.status).toBe(200);
    const { binder_id } = accepted.body as { binder_id: string };
    expect(await item(trip[0] as string)).toEqual({ parent_id: binder_id, tags: ['booked', 'holiday'] });
    expect(await eventsOf(rec.id)).toHaveLength(3);

    // Another user cannot undo it, and bad ids are refused without a change.
    expect(await call('undo_accept', other, { id: rec.id })).toEqual({
      status: 404,
      body: { detail: 'Recommendation not found' },
    });
    for (const bad of [{ id: 'x' }, { id: 0 }, {}, { id: rec.id, more: 1 }])
      expect((await call('undo_accept', me, bad)).status).toBe(422);
    expect((await item(trip[0] as string))?.parent_id).toBe(binder_id);

    expect(await call('undo_accept', me, { id: rec.id })).toEqual({
      status: 200,
      body: { id: rec.id, moved: 2 },
    });
    expect(await item(trip[0] as string)).toEqual({ parent_id: root, tags: ['booked'] });
    expect(await item(trip[1] as string)).toEqual({ parent_id: root, tags: [] });
    expect(await item(trip[2] as string)).toEqual({ parent_id: root, tags: ['to pay'] });
    // The binder it made is gone; the drawer that was there before stays.
    expect(await folderNames()).toEqual(['Travel']);
    // What the accept taught the engine is forgotten, and the proposal is back as it was.
    expect(await eventsOf(rec.id)).toEqual([]);
    const reopened = (await list()).find((r) => r.id === rec.id);
    expect(reopened?.object_ids.sort()).toEqual([...trip].sort());

    expect(await call('undo_accept', me, { id: rec.id })).toEqual({
      status: 409,
      body: { detail: 'This recommendation is not accepted' },
    });
  });

  it('leaves what the user moved or added since where it is, and keeps a folder that is no longer empty', async () => {
    const [rec] = await list();
    if (!rec) throw new Error('no recommendation');
    const accepted = await call('accept_recommendation', me, {
      id: rec.id,
      drawer_name: 'Holidays',
      binder_name: 'Goa',
      object_ids: trip,
    });
    const { binder_id, drawer_id } = accepted.body as { binder_id: string; drawer_id: string };
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/desk/move',
      headers: me.auth,
      payload: { ids: [trip[2]], target_id: drawer_id },
    });
    expect(moved.statusCode).toBe(200);
    const added = await putObject(t, me, {
      dataType: 'note_object',
      name: 'Goa packing list',
      parentId: binder_id,
    });

    expect((await call('undo_accept', me, { id: rec.id })).body).toEqual({ id: rec.id, moved: 2 });
    expect((await item(trip[0] as string))?.parent_id).toBe(root);
    expect((await item(trip[2] as string))?.parent_id).toBe(drawer_id);
    expect((await item(added))?.parent_id).toBe(binder_id);
    expect(await folderNames()).toEqual(['Goa', 'Holidays', 'Travel']);
  });
});
