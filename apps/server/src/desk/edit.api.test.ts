import type { DeskObject } from '@easio/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';

type Auth = { authorization: string };

describe.each(DB_KINDS)('editing items in place on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    auth: Auth = me.auth,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() as DeskObject & { detail?: string } };
  };
  const create = async (payload: Record<string, unknown>, auth: Auth = me.auth) => {
    const r = await call('POST', '/desk/items', payload, auth);
    expect(r.status).toBe(200);
    return r.body;
  };
  const edit = (id: string, changes: Record<string, unknown>, auth?: Auth) =>
    call('PATCH', `/desk/objects/${id}`, changes, auth);
  const read = async (id: string) => (await call('GET', `/desk/objects/${id}`)).body;
  const searchNames = async (q: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search/items',
      headers: me.auth,
      payload: { q },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as DeskObject[]).map((o) => o.name);
  };

  describe('versions', () => {
    it('starts at 1 and counts each change of the text, name, address, tags or place', async () => {
      const note = await create({ data_type: 'note_object', name: 'Plan', content: 'one' });
      expect(note.version).toBe(1);
      const edited = await edit(note.id, { content: 'two', version: 1 });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ content: 'two', version: 2 });
      expect((await edit(note.id, { tags: ['a'] })).body.version).toBe(3);
      expect((await edit(note.id, { name: 'Plan B' })).body.version).toBe(4);
      // Writing what is already there changes nothing, so no new version.
      expect((await edit(note.id, { name: 'Plan B' })).body.version).toBe(4);
    });

    it('refuses an edit of an older version with 409 and changes nothing', async () => {
      const note = await create({ data_type: 'note_object', name: 'Shared', content: 'mine' });
      expect((await edit(note.id, { content: 'from the laptop', version: 1 })).status).toBe(200);
      const stale = await edit(note.id, { content: 'from the phone', version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/changed elsewhere .* since version 1.*version 2/);
      expect(await read(note.id)).toMatchObject({ content: 'from the laptop', version: 2 });
      // Kept on purpose: sent again with the version it now is, it replaces the other change.
      const kept = await edit(note.id, { content: 'from the phone', version: 2 });
      expect(kept.body).toMatchObject({ content: 'from the phone', version: 3 });
    });

    it('counts changes made outside the API too, but not moves or background work', async () => {
      const note = await create({ data_type: 'note_object', name: 'Outside', content: 'a' });
      await t.database.db
        .update(objects)
        .set({ content: 'written by a sync' })
        .where(eq(objects.id, note.id));
      expect((await read(note.id)).version).toBe(2);
      expect((await edit(note.id, { content: 'b', version: 1 })).status).toBe(409);
      await t.database.db
        .update(objects)
        .set({ jobState: 'done', metadata: sql`${objects.metadata} || '{"description":"x"}'::jsonb` })
        .where(eq(objects.id, note.id));
      const drawer = await call('POST', '/desk/folders', { data_type: 'drawer_object', name: 'Box' });
      expect((await call('POST', '/desk/move', { ids: [note.id], target_id: drawer.body.id })).status).toBe(
        200,
      );
      expect((await read(note.id)).version).toBe(2);
    });

    it('answers 404 for another user’s item and for an unknown id, with or without a version', async () => {
      const theirs = await create({ data_type: 'note_object', content: 'private' }, other.auth);
      for (const changes of [{ content: 'pwned', version: 1 }, { tags: ['x'] }, { content: 'pwned' }]) {
        const r = await edit(theirs.id, changes);
        expect(r.status).toBe(404);
        expect(r.body.detail).toBe('Not found');
      }
      expect((await edit('00000000-0000-4000-8000-000000000000', { content: 'x', version: 1 })).status).toBe(
        404,
      );
      const still = await call('GET', `/desk/objects/${theirs.id}`, undefined, other.auth);
      expect(still.body).toMatchObject({ content: 'private', version: 1, tags: [] });
    });

    it('refuses bad input with 422 and a detail, changing nothing', async () => {
      const note = await create({ data_type: 'note_object', name: 'Strict', content: 'as it was' });
      const link = await create({ data_type: 'url_object', url: 'https://example.com/a' });
      const bad: [string, Record<string, unknown>, RegExp][] = [
        [note.id, { content: 'x', version: 1.5 }, /whole number/],
        [note.id, { content: 'x', version: 0 }, /Version starts at 1/],
        [note.id, { content: 'x', version: '1' }, /version/i],
        [note.id, { version: 1 }, /Nothing to change/],
        [note.id, { content: 'x'.repeat(200_001) }, /Note is too long/],
        [note.id, { tags: ['x'.repeat(65)] }, /at most 64 characters/],
        [note.id, { tags: ['  '] }, /cannot be empty/],
        [note.id, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, /At most 50 tags/],
        [note.id, { tags: 'urgent' }, /tags/i],
        [note.id, { url: 'https://example.com' }, /Only links have an address/],
        [note.id, { place: { latitude: 1, longitude: 2, label: 'x' } }, /Only locations/],
        [link.id, { url: 'javascript:alert(1)' }, /http:\/\/ or https:\/\//],
        [link.id, { content: 'text' }, /Only notes/],
        [note.id, { name: '   ' }, /Name is required/],
        [note.id, { colour: 'red' }, /colour|Unrecognized/i],
      ];
      for (const [id, changes, detail] of bad) {
        const r = await edit(id, changes);
        expect(r.status, JSON.stringify(changes).slice(0, 80)).toBe(422);
        expect(r.body.detail).toMatch(detail);
      }
      expect(await read(note.id)).toMatchObject({
        name: 'Strict',
        content: 'as it was',
        tags: [],
        version: 1,
      });
      expect((await call('PATCH', '/desk/objects/not-an-id', { content: 'x' })).status).toBe(422);
    });
  });

  describe('note text', () => {
    it('is found by search under its new words, and the old ones no longer find it', async () => {
      const note = await create({ data_type: 'note_object', name: 'Recipe', content: 'flour and water' });
      await edit(note.id, { content: '# Pancakes\n\nbuttermilk and **zucchini**', version: 1 });
      expect(await searchNames('zucchini')).toEqual(['Recipe']);
      expect(await searchNames('buttermilk')).toEqual(['Recipe']);
      expect(await searchNames('flour')).toEqual([]);
    });

    it('asks the recommendations to look again at an edited item', async () => {
      const note = await create({ data_type: 'note_object', content: 'asked' });
      const before = t.generationsAsked.length;
      await edit(note.id, { content: 'asked again', version: 1 });
      expect(t.generationsAsked.length).toBe(before + 1);
      expect(t.generationsAsked.at(-1)).toBe(me.info.id);
    });

    it('renames a note that was never named after its new first line; a named note keeps its name', async () => {
      const untitled = await create({ data_type: 'note_object', content: 'Groceries\nmilk' });
      expect(untitled.name).toBe('Groceries');
      const edited = await edit(untitled.id, { content: '\n  Shopping list  \nmilk, eggs', version: 1 });
      expect(edited.body.name).toBe('Shopping list');
      const named = await create({ data_type: 'note_object', name: 'Weekly', content: 'Groceries' });
      expect((await edit(named.id, { content: 'Hardware', version: 1 })).body.name).toBe('Weekly');
      const both = await edit(untitled.id, { content: 'Other text', name: 'Chosen', version: 2 });
      expect(both.body.name).toBe('Chosen');
      expect((await edit(untitled.id, { content: 'Again', version: 3 })).body.name).toBe('Chosen');
    });
  });

  describe('tags', () => {
    it('are set, trimmed, kept once, shown and found; an empty list removes them', async () => {
      const link = await create({ data_type: 'url_object', url: 'https://example.com/tagged' });
      const tagged = await edit(link.id, { tags: [' travel ', 'Paris 2026', 'travel'] });
      expect(tagged.status).toBe(200);
      expect(tagged.body.tags).toEqual(['travel', 'Paris 2026']);
      expect((await read(link.id)).tags).toEqual(['travel', 'Paris 2026']);
      expect(await searchNames('travel')).toContain('https://example.com/tagged');
      expect((await edit(link.id, { tags: [] })).body.tags).toEqual([]);
      expect(await searchNames('travel')).not.toContain('https://example.com/tagged');
    });
  });

  describe('a link’s address', () => {
    it('changes, and the old page’s name, description and text go with it', async () => {
      const link = await create({ data_type: 'url_object', url: 'https://example.com/old' });
      await t.database.db
        .update(objects)
        .set({
          name: 'Old page title',
          content: 'old page words',
          metadata: { page_title: 'Old page title', description: 'About the old page' },
        })
        .where(eq(objects.id, link.id));
      const moved = await edit(link.id, { url: 'https://example.org/new' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        url: 'https://example.org/new',
        name: 'https://example.org/new',
        content: null,
      });
      expect(moved.body.metadata).not.toHaveProperty('description');
    });
  });

  describe('a location’s place', () => {
    it('moves the point, and a name that was its label follows the new label', async () => {
      const place = await create({
        data_type: 'location_object',
        label: 'Office',
        latitude: 1,
        longitude: 2,
        address: 'Old street 1',
      });
      const moved = await edit(place.id, {
        place: { latitude: 48.85341, longitude: 2.3488, label: 'Paris office' },
        version: 1,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ name: 'Paris office', content: null, version: 2 });
      expect(moved.body.metadata).toEqual({ latitude: 48.85341, longitude: 2.3488, label: 'Paris office' });
      const named = await edit(place.id, { name: 'Work' });
      expect(named.body.name).toBe('Work');
      const again = await edit(place.id, {
        place: { latitude: -33.9, longitude: 151.2, label: 'Sydney office', address: '1 Harbour St' },
      });
      expect(again.body).toMatchObject({ name: 'Work', content: '1 Harbour St' });
      expect(again.body.metadata).toMatchObject({ label: 'Sydney office', address: '1 Harbour St' });
      const bad = await edit(place.id, { place: { latitude: 91, longitude: 0, label: 'North' } });
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toMatch(/Latitude is between -90 and 90/);
      const listed = await call('GET', '/desk/items?placed=true');
      expect(JSON.stringify(listed.body)).toContain('Sydney office');
    });
  });
});
