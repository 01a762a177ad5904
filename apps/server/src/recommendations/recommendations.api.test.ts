import { FILES_MOVED_MESSAGE, type GenerationStatus, type Recommendation } from '@easio/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.js';
import { objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, putObject, signedInUser, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

const invoice = (n: number) =>
  `ACME Corporation invoice number ${n}. Amount due for cloud hosting services, payment within thirty days. ` +
  'Bank transfer to ACME Corporation, invoice reference and VAT number included.';
const goa = (what: string) =>
  `Trip to Goa in December: ${what}. Beach hotel in Palolem, flight to Goa airport, scooter rental and the ferry.`;

describe.each(DB_KINDS)('recommendations on %s', (kind) => {
  let t: TestApp;
  let me: User;
  let other: User;
  let root: string;
  let invoicesBinder: string;
  let financeDrawer: string;
  const unfiled: Record<string, string> = {};

  const put = (owner: User, values: Parameters<typeof putObject>[2]) => putObject(t, owner, values);

  const call = async (method: 'GET' | 'POST', path: string, user: User | null, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/recommendations/${path}`,
      headers: user ? user.auth : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const list = async (user: User = me) =>
    (await call('GET', 'list_recommendations', user)).body as Recommendation[];
  const generateAndWait = async (user: User = me) => {
    const asked = await call('GET', 'generate_recommendations', user);
    expect(asked.status).toBe(200);
    await t.queue?.drain();
    return (await call('GET', 'generation_status', user)).body as GenerationStatus;
  };
  const parentOf = async (id: string) => {
    const [row] = await queryRows<{ parent_id: string; tags: string[] }>(
      t.database.db,
      sql`SELECT parent_id, tags FROM objects WHERE id = ${id}`,
    );
    return row;
  };
  const groupHolding = (recs: Recommendation[], id: string) => {
    const rec = recs.find((r) => r.object_ids.includes(id));
    if (!rec) throw new Error(`no recommendation holds ${id}`);
    return rec;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      recommend: true,
      env: { LOG_LEVEL: 'error', RECOMMEND_AFTER_SECONDS: '0' },
    });
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
    root = me.info.root_folder as string;

    financeDrawer = await put(me, { dataType: 'drawer_object', name: 'Finance' });
    invoicesBinder = await put(me, {
      dataType: 'binder_object',
      name: 'ACME invoices',
      parentId: financeDrawer,
    });
    const health = await put(me, { dataType: 'drawer_object', name: 'Health' });
    const doctor = await put(me, { dataType: 'binder_object', name: 'Doctor', parentId: health });
    for (let n = 1; n <= 4; n += 1) {
      await put(me, {
        dataType: 'note_object',
        name: `ACME invoice ${n}`,
        content: invoice(n),
        parentId: invoicesBinder,
      });
      await put(me, {
        dataType: 'note_object',
        name: `Prescription ${n}`,
        content: `Doctor appointment and prescription ${n}: blood pressure tablets, pharmacy refill, clinic visit.`,
        parentId: doctor,
      });
    }
    for (let n = 5; n <= 7; n += 1) {
      unfiled[`invoice${n}`] = await put(me, {
        dataType: 'note_object',
        name: `ACME invoice ${n}`,
        content: invoice(n),
      });
    }
    for (const what of ['hotel booking', 'flight tickets', 'scooter rental']) {
      unfiled[what] = await put(me, { dataType: 'note_object', name: `Goa ${what}`, content: goa(what) });
    }
    await put(other, { dataType: 'note_object', name: 'Their ACME invoice', content: invoice(9) });
  });
  afterAll(() => t.close());

  it('answers idle and an empty list before any generation, and refuses callers without a session', async () => {
    expect(await call('GET', 'generation_status', me)).toMatchObject({
      status: 200,
      body: { state: 'idle' },
    });
    expect(await list()).toEqual([]);
    for (const path of ['generate_recommendations', 'generation_status', 'list_recommendations']) {
      expect((await call('GET', path, null)).status).toBe(401);
    }
    expect((await call('POST', 'delete_recommendation', null, { id: 1 })).status).toBe(401);
  });

  it('generates once however often asked, placing the invoices in their binder and grouping the trip', async () => {
    const asks = await Promise.all([1, 2, 3].map(() => call('GET', 'generate_recommendations', me)));
    for (const ask of asks)
      expect(['queued', 'running', 'done']).toContain((ask.body as GenerationStatus).state);
    await t.queue?.drain();
    const status = (await call('GET', 'generation_status', me)).body as GenerationStatus;
    expect(status).toMatchObject({ state: 'done', error: null });

    const recs = await list();
    expect(recs.map((r) => r.id)).toEqual([...recs.map((r) => r.id)].sort((a, b) => b - a));
    const proposed = recs.flatMap((r) => r.object_ids);
    expect(new Set(proposed).size).toBe(proposed.length);
    const invoices = groupHolding(recs, unfiled.invoice5 as string);
    expect(invoices).toMatchObject({ binder_id: invoicesBinder, ignored: false, object_count: 3 });
    expect(invoices.binder_name_options[0]).toBe('ACME invoices');
    expect(invoices.drawer_name_options[0]).toBe('Finance');
    expect(invoices.items.map((i) => i.name).sort()).toEqual([
      'ACME invoice 5',
      'ACME invoice 6',
      'ACME invoice 7',
    ]);
    expect(invoices.items[0]).toMatchObject({
      data_type: 'note_object',
      source: 'easio',
      thumbnail_url: null,
    });

    const trip = groupHolding(recs, unfiled['hotel booking'] as string);
    expect(trip.binder_id).toBeNull();
    expect(trip.object_ids.sort()).toEqual(
      [unfiled['hotel booking'], unfiled['flight tickets'], unfiled['scooter rental']].sort(),
    );
    expect(trip.binder_name_options.length).toBeGreaterThan(0);
    expect(trip.binder_name_options.join(' ')).toMatch(/goa/i);
    expect(trip.score).toBeGreaterThan(0);
    expect(trip.score).toBeLessThanOrEqual(1);
  });

  it('does not propose an item again while it sits in an open recommendation', async () => {
    const before = await list();
    const status = await generateAndWait();
    expect(status).toMatchObject({ state: 'done', created: 0, unfiled: 0 });
    expect(await list()).toEqual(before);
  });

  it("shows another user none of it, and answers 404 for this user's recommendation ids", async () => {
    expect(await list(other)).toEqual([]);
    const rec = (await list())[0] as Recommendation;
    const accept = await call('POST', 'accept_recommendation', other, {
      id: rec.id,
      drawer_name: 'Mine',
      binder_name: 'Mine',
      object_ids: rec.object_ids,
    });
    expect(accept).toEqual({ status: 404, body: { detail: 'Recommendation not found' } });
    expect((await call('POST', 'delete_recommendation', other, { id: rec.id })).status).toBe(404);
    expect((await call('POST', 'delete_recommendation', me, { id: 999_999 })).status).toBe(404);
    expect((await list()).map((r) => r.id)).toContain(rec.id);
    for (const id of rec.object_ids) expect((await parentOf(id))?.parent_id).toBe(root);
  });

  it('refuses bad accepts with a detail and moves nothing', async () => {
    const trip = groupHolding(await list(), unfiled['hotel booking'] as string);
    const [theirs] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM objects WHERE owner_id = ${other.info.id as string} AND data_type = 'note_object'`,
    );
    const good = { id: trip.id, drawer_name: 'Travel', binder_name: 'Goa', object_ids: trip.object_ids };
    const bad: [unknown, number][] = [
      [{ ...good, object_ids: [...trip.object_ids, unfiled.invoice5] }, 422],
      [{ ...good, object_ids: [theirs?.id] }, 422],
      [{ ...good, object_ids: [] }, 422],
      [{ ...good, object_ids: ['not-a-uuid'] }, 422],
      [{ ...good, drawer_name: '   ' }, 422],
      [{ ...good, binder_name: '' }, 422],
      [{ ...good, binder_name: 'x'.repeat(1000) }, 422],
      [{ ...good, drawer_name: 'x'.repeat(1000) }, 422],
      [{ ...good, tags: ['y'.repeat(1000)] }, 422],
      [{ ...good, id: 'one' }, 422],
      [{ ...good, owner_id: other.info.id }, 422],
    ];
    for (const [payload, status] of bad) {
      const res = await call('POST', 'accept_recommendation', me, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 120)).toBe(status);
      expect(typeof (res.body as { detail?: unknown }).detail).toBe('string');
    }
    for (const id of trip.object_ids) expect((await parentOf(id))?.parent_id).toBe(root);
    const folders = await queryRows<{ name: string }>(
      t.database.db,
      sql`SELECT name FROM objects WHERE owner_id = ${me.info.id as string} AND data_type IN ('drawer_object', 'binder_object')`,
    );
    expect(folders.map((f) => f.name).sort()).toEqual(['ACME invoices', 'Doctor', 'Finance', 'Health']);
    expect((await list()).map((r) => r.id)).toContain(trip.id);
  });

  it('accepts the items kept under new names with tags, leaving the item taken out unfiled', async () => {
    const trip = groupHolding(await list(), unfiled['hotel booking'] as string);
    const kept = [unfiled['hotel booking'] as string, unfiled['flight tickets'] as string];
    const res = await call('POST', 'accept_recommendation', me, {
      id: trip.id,
      drawer_name: '  Travel ',
      binder_name: 'Trip to Goa',
      tags: ['goa', 'Goa', 'holiday'],
      object_ids: kept,
    });
    expect(res.status).toBe(200);
    const body = res.body as { message: string; drawer_id: string; binder_id: string; moved: number };
    expect(body).toMatchObject({ message: FILES_MOVED_MESSAGE, moved: 2 });

    const [binder] = await queryRows<{ name: string; parent_id: string }>(
      t.database.db,
      sql`SELECT name, parent_id FROM objects WHERE id = ${body.binder_id}`,
    );
    const [drawer] = await queryRows<{ name: string; parent_id: string }>(
      t.database.db,
      sql`SELECT name, parent_id FROM objects WHERE id = ${body.drawer_id}`,
    );
    expect(binder).toEqual({ name: 'Trip to Goa', parent_id: body.drawer_id });
    expect(drawer).toEqual({ name: 'Travel', parent_id: root });
    for (const id of kept)
      expect(await parentOf(id)).toEqual({ parent_id: body.binder_id, tags: ['goa', 'holiday'] });
    expect(await parentOf(unfiled['scooter rental'] as string)).toEqual({ parent_id: root, tags: [] });

    const events = await queryRows<{ object_id: string; kind: string; recommendation_id: string }>(
      t.database.db,
      sql`SELECT object_id, kind, recommendation_id::text FROM filing_events WHERE binder_id = ${body.binder_id}`,
    );
    // The kept items accepted there; the one taken out refused for it, so it is not put back.
    expect(
      events
        .filter((e) => e.kind === 'accepted')
        .map((e) => e.object_id)
        .sort(),
    ).toEqual([...kept].sort());
    expect(events.filter((e) => e.kind === 'dismissed').map((e) => e.object_id)).toEqual([
      unfiled['scooter rental'],
    ]);
    expect(events.every((e) => e.recommendation_id === String(trip.id))).toBe(true);
    expect((await list()).map((r) => r.id)).not.toContain(trip.id);

    const again = await call('POST', 'accept_recommendation', me, {
      id: trip.id,
      drawer_name: 'Travel',
      binder_name: 'Trip to Goa',
      object_ids: [unfiled['scooter rental']],
    });
    expect(again).toEqual({ status: 409, body: { detail: 'This recommendation was already accepted' } });
    expect(await parentOf(unfiled['scooter rental'] as string)).toEqual({ parent_id: root, tags: [] });
    expect((await call('POST', 'delete_recommendation', me, { id: trip.id })).status).toBe(409);

    // The next generation, however like the trip the item is, never proposes it for that binder.
    await generateAndWait();
    expect(
      (await list()).some(
        (r) => r.binder_id === body.binder_id && r.object_ids.includes(unfiled['scooter rental'] as string),
      ),
    ).toBe(false);
  });

  it('files into the existing drawer and binder when their names are chosen, whatever the case', async () => {
    const invoices = groupHolding(await list(), unfiled.invoice5 as string);
    const res = await call('POST', 'accept_recommendation', me, {
      id: invoices.id,
      drawer_name: 'finance',
      binder_name: 'acme INVOICES',
      object_ids: [unfiled.invoice5, unfiled.invoice6],
    });
    expect(res.body).toMatchObject({ drawer_id: financeDrawer, binder_id: invoicesBinder, moved: 2 });
    expect((await parentOf(unfiled.invoice7 as string))?.parent_id).toBe(root);
  });

  it('does not put an item taken out of a group back into it, and refuses an accept once it was filed by hand', async () => {
    // Invoice 7 was unticked when the invoices were accepted: never proposed for that binder again.
    await generateAndWait();
    expect(
      (await list()).some(
        (r) => r.binder_id === invoicesBinder && r.object_ids.includes(unfiled.invoice7 as string),
      ),
    ).toBe(false);

    const late = await put(me, { dataType: 'note_object', name: 'ACME invoice 10', content: invoice(10) });
    await generateAndWait();
    const rec = groupHolding(await list(), late);
    expect(rec).toMatchObject({ binder_id: invoicesBinder, object_count: 1 });
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/desk/move',
      headers: me.auth,
      payload: { ids: [late, unfiled.invoice7], target_id: invoicesBinder },
    });
    expect(moved.statusCode).toBe(200);
    const res = await call('POST', 'accept_recommendation', me, {
      id: rec.id,
      drawer_name: 'Travel',
      binder_name: 'Elsewhere',
      object_ids: [late],
    });
    expect(res.status).toBe(409);
    expect((res.body as { detail: string }).detail).toMatch(/deleted or filed since/);
    expect((await parentOf(late))?.parent_id).toBe(invoicesBinder);
    const [byHand] = await queryRows<{ kind: string }>(
      t.database.db,
      sql`SELECT kind FROM filing_events WHERE object_id = ${late}`,
    );
    expect(byHand?.kind).toBe('moved');
    // A recommendation whose items all left the unfiled pool is no longer listed.
    expect((await list()).map((r) => r.id)).not.toContain(rec.id);
  });

  it('deletes a recommendation, counts it against the pairing and does not propose it again', async () => {
    const a = await put(me, { dataType: 'note_object', name: 'ACME invoice 8', content: invoice(8) });
    expect((await generateAndWait()).created).toBe(1);
    const rec = groupHolding(await list(), a);
    expect(rec.binder_id).toBe(invoicesBinder);

    expect(await call('POST', 'delete_recommendation', me, { id: rec.id })).toEqual({
      status: 200,
      body: { id: rec.id, ignored: true },
    });
    expect((await list()).map((r) => r.id)).not.toContain(rec.id);
    expect((await parentOf(a))?.parent_id).toBe(root);
    const [event] = await queryRows<{ kind: string; binder_id: string }>(
      t.database.db,
      sql`SELECT kind, binder_id FROM filing_events WHERE object_id = ${a}`,
    );
    expect(event).toEqual({ kind: 'dismissed', binder_id: invoicesBinder });

    await generateAndWait();
    expect((await list()).some((r) => r.object_ids.includes(a) && r.binder_id === invoicesBinder)).toBe(
      false,
    );
    expect(await call('POST', 'delete_recommendation', me, { id: rec.id })).toEqual({
      status: 409,
      body: { detail: 'This recommendation was already deleted' },
    });
    const accept = await call('POST', 'accept_recommendation', me, {
      id: rec.id,
      drawer_name: 'Finance',
      binder_name: 'ACME invoices',
      object_ids: [a],
    });
    expect(accept).toEqual({ status: 409, body: { detail: 'This recommendation was deleted' } });
    expect((await call('POST', 'delete_recommendation', me, { id: 0 })).status).toBe(422);
    expect((await call('POST', 'delete_recommendation', me, {})).status).toBe(422);
  });

  it('never proposes together again items dismissed together, even with a new one beside them', async () => {
    const recipe = (dish: string) =>
      `Recipe for ${dish}: lentils, cumin, turmeric and coriander. Simmer the lentils, serve with rice.`;
    const dishes = ['dal', 'lentil soup', 'curry', 'khichdi'];
    const ids = [];
    for (const dish of dishes)
      ids.push(await put(me, { dataType: 'note_object', name: `${dish} recipe`, content: recipe(dish) }));
    await generateAndWait();
    const group = groupHolding(await list(), ids[0] as string);
    expect(group.binder_id).toBeNull();
    expect([...group.object_ids].sort()).toEqual([...ids].sort());
    expect((await call('POST', 'delete_recommendation', me, { id: group.id })).status).toBe(200);

    // One more recipe arrives: the new group may hold it, never two of the dismissed four.
    const fifth = await put(me, { dataType: 'note_object', name: 'rajma recipe', content: recipe('rajma') });
    await generateAndWait();
    const dismissed = new Set(ids);
    for (const r of await list()) {
      expect(
        r.object_ids.filter((id) => dismissed.has(id)).length,
        JSON.stringify(r.object_ids),
      ).toBeLessThanOrEqual(1);
    }
    expect((await list()).some((r) => r.object_ids.includes(fifth))).toBe(true);
  });

  it('asks for a generation when new items arrive on the desk, and it runs by itself', async () => {
    const asked = t.generationsAsked.length;
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/desk/items',
      headers: other.auth,
      payload: { data_type: 'note_object', name: 'ACME invoice 10', content: invoice(10) },
    });
    expect(note.statusCode).toBe(200);
    expect(t.generationsAsked.slice(asked)).toEqual([other.info.id]);
    // The upload answers before the generation is queued (queuing never delays or fails it).
    await vi.waitFor(async () => {
      await t.queue?.drain();
      const status = (await call('GET', 'generation_status', other)).body as GenerationStatus;
      expect(status).toMatchObject({ state: 'done', unfiled: 2 });
    });
    const theirs = await list(other);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.object_count).toBe(2);
    expect(theirs[0]?.binder_id).toBeNull();
  });

  it('leaves files still being read for a run right after they are read', async () => {
    const reader = await signedInUser(t.app);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        await put(reader, {
          dataType: 'file_object',
          name: `scan-${n}.pdf`,
          mimeType: 'application/pdf',
          jobState: 'pending',
        }),
      );
    }
    await call('GET', 'generate_recommendations', reader);
    // The run finds only files being read, proposes nothing, and stays asked for.
    await vi.waitFor(async () => {
      const status = (await call('GET', 'generation_status', reader)).body as GenerationStatus;
      expect(status).toMatchObject({ state: 'queued', created: 0, unfiled: 0 });
      expect(status.finished_at).not.toBeNull();
    });
    expect(await list(reader)).toEqual([]);

    await t.database.db
      .update(objects)
      .set({ jobState: 'done', content: invoice(11) })
      .where(sql`${objects.id} = ANY(${`{${ids.join(',')}}`}::uuid[])`);
    await t.queue?.drain();
    expect((await call('GET', 'generation_status', reader)).body).toMatchObject({
      state: 'done',
      unfiled: 3,
    });
    const [rec] = await list(reader);
    expect(rec?.object_ids.sort()).toEqual([...ids].sort());
  });
});
