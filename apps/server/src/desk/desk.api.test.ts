import { createHash } from 'node:crypto';
import type { DeskObject, FolderView, Page } from '@easio/shared';
import { count, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { multipartBody, TINY_PNG, type UploadFile } from '../test/multipart.js';
import { buildTestApp, json, signedInUser, type TestApp } from '../test/test-app.js';

type Auth = { authorization: string };

describe.each(DB_KINDS)('the desk on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let root: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { MAX_UPLOAD_MB: '60' } });
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
    root = me.info.root_folder as string;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    auth: Auth = me.auth,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/desk${url}`,
      headers: auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : null) as T, res };
  };
  const ok = async <T = DeskObject>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    auth?: Auth,
  ) => {
    const r = await call<T>(method, url, payload, auth);
    if (r.status !== 200) throw new Error(`${method} ${url} → ${r.status} ${r.res.body}`);
    return r.body;
  };
  const drawer = (name: string, auth?: Auth) =>
    ok('POST', '/folders', { data_type: 'drawer_object', name }, auth);
  const binder = (name: string, parent_id: string) =>
    ok('POST', '/folders', { data_type: 'binder_object', name, parent_id });
  const note = (content: string, parent_id?: string, auth?: Auth) =>
    ok('POST', '/items', { data_type: 'note_object', content, parent_id }, auth);
  const upload = async (files: UploadFile[], query = '', auth: Auth = me.auth) => {
    const body = multipartBody(files);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/desk/uploads${query}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    return {
      status: res.statusCode,
      body: res.json() as {
        items: DeskObject[];
        duplicates: { name: string; existing: DeskObject }[];
        detail?: string;
      },
    };
  };
  const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const objectCount = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(objects)
        .where(eq(objects.ownerId, me.info.id as string))
    )[0]?.n ?? 0;
  const blobKeys = async () => {
    const keys: string[] = [];
    for await (const b of t.blobs.list()) keys.push(b.key);
    return keys;
  };

  describe('folders', () => {
    it('makes drawers in the root and binders in drawers, and shows a folder with its path', async () => {
      const d = await drawer('Finance');
      const b = await binder('Taxes 2024', d.id);
      expect(d).toMatchObject({
        data_type: 'drawer_object',
        parent_id: root,
        source: 'easio',
        child_count: 0,
      });
      const view = await ok<FolderView>('GET', `/folders/${b.id}`);
      expect(view.path.map((c) => [c.data_type, c.name])).toEqual([
        ['root_object', 'My Desk'],
        ['drawer_object', 'Finance'],
        ['binder_object', 'Taxes 2024'],
      ]);
      expect((await ok<FolderView>('GET', `/folders/${d.id}`)).folder.child_count).toBe(1);
    });

    it('refuses shapes the desk does not have', async () => {
      const d = await drawer('Home');
      const b = await binder('Lease', d.id);
      expect((await call('POST', '/folders', { data_type: 'binder_object', name: 'x' })).status).toBe(422);
      const nested = await call('POST', '/folders', {
        data_type: 'drawer_object',
        name: 'x',
        parent_id: b.id,
      });
      expect(nested.status).toBe(422);
      expect(nested.body.detail).toMatch(/Drawers stay on your desk/);
      expect((await call('POST', '/folders', { data_type: 'drawer_object', name: '  ' })).status).toBe(422);
    });

    it('renames, and sets a binder state only on binders', async () => {
      const d = await drawer('Old name');
      const b = await binder('B', d.id);
      expect((await ok('PATCH', `/objects/${d.id}`, { name: 'New name' })).name).toBe('New name');
      expect((await ok('PATCH', `/objects/${b.id}`, { binder_state: 'archive' })).binder_state).toBe(
        'archive',
      );
      expect((await call('PATCH', `/objects/${d.id}`, { binder_state: 'wip' })).status).toBe(422);
      expect((await call('PATCH', `/objects/${d.id}`, {})).status).toBe(422);
    });
  });

  describe('items made in Easio', () => {
    it('creates a note, a link, a url note and a location with sensible names', async () => {
      const n = await note('Call the bank\nabout the loan');
      expect(n).toMatchObject({
        data_type: 'note_object',
        name: 'Call the bank',
        content: 'Call the bank\nabout the loan',
        parent_id: root,
      });
      const link = await ok('POST', '/items', { data_type: 'url_object', url: 'https://example.com/a?b=1' });
      expect(link).toMatchObject({ name: 'https://example.com/a?b=1', url: 'https://example.com/a?b=1' });
      const urlNote = await ok('POST', '/items', {
        data_type: 'url_note_object',
        url: 'https://example.com',
        content: 'read later',
      });
      expect(urlNote).toMatchObject({ name: 'read later', content: 'read later' });
      const place = await ok('POST', '/items', {
        data_type: 'location_object',
        latitude: 28.61,
        longitude: 77.2,
        label: 'Office',
        address: 'New Delhi',
      });
      expect(place).toMatchObject({
        name: 'Office',
        metadata: { latitude: 28.61, longitude: 77.2, label: 'Office', address: 'New Delhi' },
      });
    });

    it('stores HTML verbatim and refuses what cannot be stored, with a 4xx', async () => {
      expect((await note('<img src=x onerror=alert(1)>')).content).toBe('<img src=x onerror=alert(1)>');
      const nul = await call('POST', '/items', { data_type: 'note_object', content: 'a\u0000b' });
      expect(nul.status).toBe(400);
      expect(
        (await call('POST', '/items', { data_type: 'url_object', url: 'javascript:alert(1)' })).status,
      ).toBe(422);
      expect(
        (
          await call('POST', '/items', {
            data_type: 'location_object',
            latitude: 91,
            longitude: 0,
            label: 'x',
          })
        ).status,
      ).toBe(422);
      expect((await call('POST', '/items', { data_type: 'drawer_object', name: 'x' })).status).toBe(422);
    });
  });

  describe('listing', () => {
    it('pages a folder by every sort key in both directions without losing or repeating an item', async () => {
      const d = await drawer('Paging');
      const b = await binder('Many', d.id);
      // One insert: many rows share a timestamp, so the id tie-break matters.
      await t.database.db.insert(objects).values(
        Array.from({ length: 23 }, (_, i) => ({
          ownerId: me.info.id as string,
          parentId: b.id,
          dataType: i % 3 === 0 ? 'url_object' : 'note_object',
          name: `Item ${String(i % 7).padStart(2, '0')}`,
          size: i % 5 === 0 ? null : i * 10,
        })),
      );
      for (const sort of ['date', 'name', 'size', 'kind']) {
        for (const order of ['asc', 'desc']) {
          const seen: string[] = [];
          let cursor: string | null = null;
          do {
            const q: string = `/folders/${b.id}/children?sort=${sort}&order=${order}&limit=5${cursor ? `&cursor=${cursor}` : ''}`;
            const page: Page = await ok<Page>('GET', q);
            seen.push(...page.items.map((i) => i.id));
            cursor = page.next_cursor;
          } while (cursor);
          expect(new Set(seen).size, `${sort} ${order}`).toBe(23);
          expect(seen.length, `${sort} ${order}`).toBe(23);
        }
      }
      const byName = await ok<Page>('GET', `/folders/${b.id}/children?sort=name&order=asc&limit=100`);
      const names = byName.items.map((i) => i.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('is newest first by default and filters by kind and source', async () => {
      const d = await drawer('Filters');
      const b = await binder('Mixed', d.id);
      await note('first', b.id);
      await new Promise((r) => setTimeout(r, 5));
      await ok('POST', '/items', { data_type: 'url_object', url: 'https://example.com/x', parent_id: b.id });
      const all = await ok<Page>('GET', `/folders/${b.id}/children`);
      expect(all.items.map((i) => i.data_type)).toEqual(['url_object', 'note_object']);
      const notes = await ok<Page>('GET', `/folders/${b.id}/children?kind=note_object`);
      expect(notes.items.map((i) => i.content)).toEqual(['first']);
      const gdrive = await ok<Page>('GET', `/folders/${b.id}/children?source=gdrive`);
      expect(gdrive.items).toEqual([]);
      expect((await call('GET', `/folders/${b.id}/children?sort=colour`)).status).toBe(422);
      expect((await call('GET', `/folders/${b.id}/children?cursor=garbage`)).status).toBe(400);
    });

    it('lists items from the whole desk, without folders, for the per-source pages and the gallery', async () => {
      const page = await ok<Page>('GET', '/items?limit=500');
      expect(page.items.length).toBeGreaterThan(0);
      expect(
        page.items.every((i) => !['root_object', 'drawer_object', 'binder_object'].includes(i.data_type)),
      ).toBe(true);
    });

    it('lists what is dated within a window (the calendar) and what carries a place (the gallery map)', async () => {
      const d = await drawer('Dated');
      const at = (iso: string) => new Date(iso);
      await t.database.db.insert(objects).values([
        {
          ownerId: me.info.id as string,
          parentId: d.id,
          dataType: 'event_object',
          name: 'Before',
          sourceCreatedAt: at('2031-02-28T23:59:59Z'),
        },
        {
          ownerId: me.info.id as string,
          parentId: d.id,
          dataType: 'event_object',
          name: 'First',
          sourceCreatedAt: at('2031-03-01T00:00:00Z'),
        },
        {
          ownerId: me.info.id as string,
          parentId: d.id,
          dataType: 'event_object',
          name: 'Last',
          sourceCreatedAt: at('2031-03-31T23:00:00Z'),
        },
        {
          ownerId: me.info.id as string,
          parentId: d.id,
          dataType: 'event_object',
          name: 'After',
          sourceCreatedAt: at('2031-04-01T00:00:00Z'),
        },
        {
          ownerId: me.info.id as string,
          parentId: d.id,
          dataType: 'file_object',
          name: 'Placed.jpg',
          mimeType: 'image/jpeg',
          metadata: { latitude: 48.85, longitude: 2.35 },
        },
        {
          ownerId: me.info.id as string,
          parentId: d.id,
          dataType: 'file_object',
          name: 'Odd.jpg',
          mimeType: 'image/jpeg',
          metadata: { latitude: 'north', longitude: 2 },
        },
      ]);
      const march = await ok<Page>(
        'GET',
        `/items?kind=event_object&from=${encodeURIComponent('2031-03-01T00:00:00Z')}&to=${encodeURIComponent('2031-04-01T00:00:00+00:00')}&sort=date&order=asc`,
      );
      expect(march.items.map((i) => i.name)).toEqual(['First', 'Last']);
      const placed = await ok<Page>('GET', '/items?mime=image/&placed=true');
      expect(placed.items.map((i) => i.name)).toEqual(['Placed.jpg']);
      expect((await ok<Page>('GET', '/items?placed=true', undefined, other.auth)).items).toEqual([]);

      const backwards = await call('GET', '/items?from=2031-04-01T00:00:00Z&to=2031-03-01T00:00:00Z');
      expect(backwards.status).toBe(422);
      expect(backwards.body.detail).toMatch(/from must be before to/);
      expect((await call('GET', '/items?from=March')).status).toBe(422);
      expect((await call('GET', '/items?placed=maybe')).status).toBe(422);
    });
  });

  describe('moving and deleting', () => {
    it('moves many into a binder and back to the root', async () => {
      const d = await drawer('Move');
      const b = await binder('Target', d.id);
      const a = await note('a');
      const c = await note('c');
      expect(await ok('POST', '/move', { ids: [a.id, c.id], target_id: b.id })).toEqual({ count: 2 });
      expect((await ok<Page>('GET', `/folders/${b.id}/children`)).items.map((i) => i.id).sort()).toEqual(
        [a.id, c.id].sort(),
      );
      expect(await ok('POST', '/move', { ids: [a.id], target_id: root })).toEqual({ count: 1 });
      expect(await ok('POST', '/move', { ids: [c.id], target_id: d.id })).toEqual({ count: 1 });
    });

    it('moves all or nothing: one impossible move or one unknown id and nothing moves', async () => {
      const d = await drawer('Atomic');
      const b = await binder('Inside', d.id);
      const a = await note('stays put');
      const refused = await call('POST', '/move', { ids: [a.id, d.id], target_id: b.id });
      expect(refused.status).toBe(422);
      const unknown = await call('POST', '/move', {
        ids: [a.id, '00000000-0000-4000-8000-000000000000'],
        target_id: b.id,
      });
      expect(unknown.status).toBe(404);
      expect((await ok('GET', `/objects/${a.id}`)).parent_id).toBe(root);
      expect((await call('POST', '/move', { ids: [b.id], target_id: b.id })).status).toBe(422);
      expect((await call('POST', '/move', { ids: [d.id], target_id: b.id })).body.detail).toMatch(
        /Drawers stay on your desk/,
      );
    });

    it('deletes a drawer with everything in it into the Trash, all or nothing, but never the desk itself', async () => {
      const d = await drawer('Doomed');
      const b = await binder('Inner', d.id);
      const n = await note('inside', b.id);
      const keep = await note('keep');
      const before = await objectCount();
      expect(
        (await call('POST', '/delete', { ids: [d.id, '00000000-0000-4000-8000-000000000000'] })).status,
      ).toBe(404);
      expect((await ok('GET', `/objects/${d.id}`)).trashed_at).toBeNull();
      expect((await call('POST', '/delete', { ids: [root] })).status).toBe(422);
      expect(await ok('POST', '/delete', { ids: [d.id] })).toEqual({ count: 1 });
      // Nothing is gone yet: it all waits in the Trash, off the desk.
      expect(await objectCount()).toBe(before);
      expect((await ok('GET', `/objects/${n.id}`)).trashed_at).not.toBeNull();
      expect((await ok<Page>('GET', `/folders/${root}/children`)).items.map((i) => i.id)).not.toContain(d.id);
      expect((await call('GET', `/folders/${b.id}/children`)).status).toBe(404);
      expect((await ok('GET', `/objects/${keep.id}`)).trashed_at).toBeNull();
    });
  });

  describe("another user's desk", () => {
    it('is invisible: their ids are 404 on every call, reads and writes', async () => {
      const theirs = await drawer('Private', other.auth);
      const theirNote = await note('secret', undefined, other.auth);
      const mine = await note('mine');
      const otherRoot = other.info.root_folder as string;
      const attempts = [
        call('GET', `/folders/${theirs.id}`),
        call('GET', `/folders/${otherRoot}/children`),
        call('GET', `/objects/${theirNote.id}`),
        call('PATCH', `/objects/${theirNote.id}`, { name: 'pwned' }),
        call('POST', '/move', { ids: [theirNote.id], target_id: root }),
        call('POST', '/move', { ids: [mine.id], target_id: otherRoot }),
        call('POST', '/delete', { ids: [theirNote.id] }),
        call('POST', '/trash/restore', { ids: [theirNote.id] }),
        call('POST', '/trash/delete', { ids: [theirNote.id] }),
        call('POST', '/folders', { data_type: 'binder_object', name: 'x', parent_id: theirs.id }),
        call('POST', '/items', { data_type: 'note_object', content: 'x', parent_id: theirs.id }),
        call('POST', '/zip', { ids: [theirNote.id] }),
        call('POST', '/duplicates/link', { object_id: theirNote.id }),
      ];
      for (const r of await Promise.all(attempts)) expect(r.status, r.res.body).toBe(404);
      const up = await upload([{ name: 'a.txt', bytes: Buffer.from('x') }], `?parent_id=${theirs.id}`);
      expect(up.status).toBe(404);
      expect((await ok('GET', `/objects/${theirNote.id}`, undefined, other.auth)).name).toBe('secret');
      const ownItems = await ok<Page>('GET', '/items?limit=500');
      expect(ownItems.items.some((i) => i.id === theirNote.id)).toBe(false);
    });

    it('needs a signed-in user', async () => {
      expect((await call('GET', `/folders/${root}`, undefined, { authorization: '' })).status).toBe(401);
    });
  });

  describe('uploads and downloads', () => {
    it('stores many files at once, sniffs the type from the bytes, and gives back identical bytes', async () => {
      const text = Buffer.from('Invoice 2024-001\nTotal: 1,200 EUR\n');
      const res = await upload([
        { name: 'picture.txt', bytes: TINY_PNG, type: 'text/plain' },
        { name: 'invoice.txt', bytes: text },
        { name: 'empty.bin', bytes: Buffer.alloc(0) },
      ]);
      expect(res.status).toBe(200);
      const [png, txt, empty] = res.body.items;
      expect(png).toMatchObject({
        data_type: 'file_object',
        name: 'picture.txt',
        mime_type: 'image/png',
        size: TINY_PNG.length,
        job_state: 'pending',
      });
      expect(png?.sha256).toBe(createHash('sha256').update(TINY_PNG).digest('hex'));
      expect(txt?.mime_type).toMatch(/^text\/plain/);
      expect(empty?.size).toBe(0);
      expect(t.storedFileIds).toEqual(expect.arrayContaining(res.body.items.map((i) => i.id)));
      for (const [item, bytes] of [
        [png, TINY_PNG],
        [txt, text],
        [empty, Buffer.alloc(0)],
      ] as const) {
        const got = await fetchUrl(item?.download_url ?? '');
        expect(got.statusCode).toBe(200);
        expect(got.rawPayload.equals(bytes)).toBe(true);
        expect(got.headers['content-disposition']).toMatch(/^attachment/);
      }
    });

    it('sends files as stored, with their length, even to a client that takes gzip, while answers are compressed', async () => {
      const bytes = Buffer.alloc(200 * 1024, 7);
      const text = Buffer.from('A line of a plain text file.\n'.repeat(2000));
      const res = await upload([
        { name: 'blob.bin', bytes },
        { name: 'notes.txt', bytes: text },
      ]);
      const zipped = { 'accept-encoding': 'br, gzip' };
      for (const [item, stored] of [
        [res.body.items[0], bytes],
        [res.body.items[1], text],
      ] as const) {
        const got = await fetchUrl(item?.download_url ?? '', zipped);
        expect(got.headers['content-encoding']).toBeUndefined();
        expect(got.headers['content-length']).toBe(String(stored.length));
        expect(got.rawPayload.equals(stored)).toBe(true);
      }
      const listing = await fetchUrl(`/api/desk/folders/${me.info.root_folder}/children?limit=200`, {
        ...me.auth,
        ...zipped,
      });
      expect(listing.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    });

    it('round-trips a 50 MB file byte for byte', async () => {
      const big = Buffer.alloc(50 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE((i * 2654435761) >>> 0, i);
      const res = await upload([{ name: 'big.bin', bytes: big }]);
      expect(res.status).toBe(200);
      const item = res.body.items[0];
      const got = await fetchUrl(item?.download_url ?? '');
      expect(got.rawPayload.length).toBe(big.length);
      expect(createHash('sha256').update(got.rawPayload).digest('hex')).toBe(
        createHash('sha256').update(big).digest('hex'),
      );
      await ok('POST', '/delete', { ids: [item?.id] });
    });

    it('answers range requests', async () => {
      const bytes = Buffer.from('0123456789abcdefghij');
      const item = (await upload([{ name: 'range.txt', bytes }])).body.items[0];
      const url = item?.content_url ?? '';
      const head = await fetchUrl(url, { range: 'bytes=0-3' });
      expect(head.statusCode).toBe(206);
      expect(head.body).toBe('0123');
      expect(head.headers['content-range']).toBe('bytes 0-3/20');
      expect((await fetchUrl(url, { range: 'bytes=-4' })).body).toBe('ghij');
      expect((await fetchUrl(url, { range: 'bytes=10-' })).body).toBe('abcdefghij');
      const outside = await fetchUrl(url, { range: 'bytes=50-60' });
      expect(outside.statusCode).toBe(416);
      expect((await fetchUrl(url)).headers['accept-ranges']).toBe('bytes');
    });

    it('reports a duplicate instead of storing it twice, or keeps it as a link when asked', async () => {
      const bytes = Buffer.from(`duplicate me ${kind}`);
      const first = (await upload([{ name: 'one.txt', bytes }])).body.items[0];
      const again = await upload([{ name: 'two.txt', bytes }]);
      expect(again.body.items).toEqual([]);
      expect(again.body.duplicates).toEqual([
        { name: 'two.txt', existing: expect.objectContaining({ id: first?.id }) },
      ]);
      const linked = await upload([{ name: 'three.txt', bytes }], '?on_duplicate=link');
      expect(linked.body.items[0]).toMatchObject({
        name: 'three.txt',
        duplicate_of: first?.id,
        sha256: first?.sha256,
      });
      const kept = await ok('POST', '/duplicates/link', { object_id: first?.id, name: 'two.txt' });
      expect(kept).toMatchObject({ duplicate_of: first?.id, name: 'two.txt' });
      // The bytes live once; deleting the original leaves the links working.
      await ok('POST', '/delete', { ids: [first?.id] });
      const got = await fetchUrl(kept.download_url ?? '');
      expect(got.rawPayload.equals(bytes)).toBe(true);
    });

    it('refuses a file over the limit with 413 and stores nothing', async () => {
      const small = await buildTestApp(kind, { env: { MAX_UPLOAD_MB: '0.01' } });
      try {
        const user = await signedInUser(small.app);
        const body = multipartBody([
          { name: 'fits.txt', bytes: Buffer.from('small') },
          { name: 'too-big.bin', bytes: Buffer.alloc(20 * 1024, 1) },
        ]);
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/desk/uploads',
          headers: { ...user.auth, ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(413);
        expect(json(res).detail).toMatch(/larger than 0\.01 MB/);
        const rows = await small.database.db
          .select({ n: count() })
          .from(objects)
          .where(eq(objects.dataType, 'file_object'));
        expect(rows[0]?.n).toBe(0);
        const keys: string[] = [];
        for await (const b of small.blobs.list()) keys.push(b.key);
        expect(keys).toEqual([]);
      } finally {
        await small.close();
      }
    });

    it('keeps hostile file names as text and sends a safe Content-Disposition', async () => {
      const names = [
        '../../etc/passwd',
        'a\u0000b\u0007c.txt',
        `${'x'.repeat(1000)}.txt`,
        'invoice\u202Etxt.exe',
      ];
      const res = await upload(
        names.map((name, i) => ({ name, bytes: Buffer.from(`hostile ${i} ${kind}`) })),
      );
      expect(res.status).toBe(200);
      expect(res.body.items.map((i) => i.name)).toEqual([
        '../../etc/passwd',
        'abc.txt',
        'x'.repeat(1000),
        'invoice\u202Etxt.exe',
      ]);
      for (const item of res.body.items) {
        const got = await fetchUrl(item.download_url ?? '');
        const header = String(got.headers['content-disposition']);
        expect([...header].filter((c) => (c.codePointAt(0) ?? 0) < 32 || c === '\u202e')).toEqual([]);
        expect(header).not.toContain('../');
      }
    });

    it('never shows uploaded HTML as a page of ours', async () => {
      const item = (
        await upload([{ name: 'page.html', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') }])
      ).body.items[0];
      expect(item?.mime_type).toBe('text/html');
      const got = await fetchUrl(item?.content_url ?? '');
      expect(got.headers['content-type']).toBe('application/octet-stream');
      expect(got.headers['content-disposition']).toMatch(/^attachment/);
      expect(got.headers['content-security-policy']).toContain('sandbox');
    });

    it('refuses tampered and expired addresses', async () => {
      const item = (await upload([{ name: 'signed.txt', bytes: Buffer.from(`signed ${kind}`) }])).body
        .items[0];
      const url = new URL(item?.content_url ?? '', 'http://x');
      url.searchParams.set('sig', 'AAAA');
      expect((await fetchUrl(url.pathname + url.search)).statusCode).toBe(404);
      const other = new URL(item?.content_url ?? '', 'http://x');
      other.searchParams.set('exp', '1000');
      expect((await fetchUrl(other.pathname + other.search)).statusCode).toBe(404);
    });

    it("keeps a deleted file's bytes while it is in the Trash, and none once it is deleted for good", async () => {
      const bytes = Buffer.from(`delete me completely ${kind} ${Date.now()}`);
      const item = (await upload([{ name: 'gone.txt', bytes }])).body.items[0];
      const key = `${me.info.id}/${item?.sha256}`;
      expect(await blobKeys()).toContain(key);
      await ok('POST', '/delete', { ids: [item?.id] });
      expect(await blobKeys()).toContain(key);
      await ok('POST', '/trash/delete', { ids: [item?.id] });
      expect(await blobKeys()).not.toContain(key);
    });

    it('downloads several files and a folder as one ZIP', async () => {
      const d = await drawer('Zipped');
      const b = await binder('Inner', d.id);
      const [a, c] = (
        await upload(
          [
            { name: 'a.txt', bytes: Buffer.from(`A ${kind}`) },
            { name: 'c.txt', bytes: Buffer.from(`C ${kind}`) },
          ],
          `?parent_id=${b.id}`,
        )
      ).body.items;
      const loose = (await upload([{ name: 'loose.txt', bytes: Buffer.from(`L ${kind}`) }])).body.items[0];
      const ticket = await ok<{ url: string }>('POST', '/zip', { ids: [d.id, loose?.id] });
      const got = await fetchUrl(ticket.url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/zip');
      const entries = unzipSync(new Uint8Array(got.rawPayload));
      expect(Object.keys(entries).sort()).toEqual(['Zipped/Inner/a.txt', 'Zipped/Inner/c.txt', 'loose.txt']);
      expect(Buffer.from(entries['Zipped/Inner/a.txt'] ?? []).toString()).toBe(`A ${kind}`);
      expect(a && c).toBeTruthy();
      expect((await fetchUrl('/api/desk/zip/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });
});
