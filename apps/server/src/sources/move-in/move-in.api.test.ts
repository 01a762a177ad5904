import { NOTE_MAX } from '@easio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { importDone, moveInSummary } from '../../test/imports.js';
import {
  CHROME_BOOKMARKS,
  deepBookmarks,
  deepLinkwarden,
  karakeepExport,
  linkwardenExport,
} from '../../test/move-in-samples.js';
import { multipartBody } from '../../test/multipart.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';
import { MAX_EXPORT_BYTES } from './move-in-routes.js';

describe.each(DB_KINDS)('moving in from another app on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { previewLinks: true, imports: true });
    me = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  const upload = (app: string, name: string, text: string | Buffer, who = me) => {
    const body = multipartBody([{ name, bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/imports/${app}`,
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const desk = async (ownerId = me.info.id as string) => {
    const rows = await t.database.db.select().from(objects).where(eq(objects.ownerId, ownerId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const where = (name: string) => {
      const row = rows.find((r) => r.name === name);
      return row ? (byId.get(row.parentId ?? '')?.name ?? null) : undefined;
    };
    return { rows, where, named: (name: string) => rows.find((r) => r.name === name) };
  };
  const failures = async (service: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sources/${service}/failures`,
      headers: me.auth,
    });
    return (res.json() as { failures: { name: string; reason: string }[] }).failures;
  };

  it('moves a Chrome bookmarks file in: folders as drawers and binders, links with dates, notes and tags', async () => {
    const res = await upload('bookmarks', 'bookmarks_27_11_2026.html', CHROME_BOOKMARKS);
    expect(res.statusCode).toBe(202);
    const run = await importDone(t, me.auth, res);
    expect(run).toMatchObject({ state: 'done', file_name: 'bookmarks_27_11_2026.html', error: null });
    expect(moveInSummary(run)).toEqual({
      app: 'bookmarks',
      folders: 5,
      links: 5,
      imported: 9,
      skipped: 0,
      failed: 1,
    });
    const { where, named, rows } = await desk();
    const root = rows.find((r) => r.dataType === 'root_object')?.name ?? null;
    expect(named('Recipes')?.dataType).toBe('drawer_object');
    expect(where('Recipes')).toBe(root);
    expect(named('Bookmarks bar')?.dataType).toBe('drawer_object');
    expect(named('Other bookmarks')).toBeUndefined();
    expect(where('Work')).toBe(root);
    expect(named('Italian › Pasta')?.dataType).toBe('binder_object');
    expect(where('Italian › Pasta')).toBe('Recipes');
    expect(where('Cacio e pepe')).toBe('Italian › Pasta');
    expect(where('Hacker News')).toBe('Bookmarks bar');
    expect(where('GitHub')).toBe('Work');
    expect(named('Classic lasagne & salad')).toMatchObject({
      dataType: 'url_note_object',
      url: 'https://www.bbcgoodfood.com/recipes/classic-lasagne',
      content: "Grandma's favourite, double the sauce",
      tags: ['pasta', 'dinner'],
      sourceCreatedAt: new Date('2023-02-01T00:00:00Z'),
      source: 'easio',
    });
    expect(t.previewedLinkIds).toContain(named('Cacio e pepe')?.id);
    expect(await failures('bookmarks')).toEqual([
      expect.objectContaining({ name: 'Say hi', reason: expect.stringContaining('Not a web address') }),
    ]);
    const sources = await t.app.inject({ method: 'GET', url: '/api/sources', headers: me.auth });
    expect(JSON.stringify(sources.json())).toContain('"service":"bookmarks"');
  });

  it('adds nothing when the same file is moved in again, and leaves a link where its user filed it', async () => {
    const before = await desk();
    const lasagne = before.named('Classic lasagne & salad');
    const work = before.named('Work');
    await t.database.db
      .update(objects)
      .set({ parentId: work?.id })
      .where(eq(objects.id, lasagne?.id as string));
    const res = await upload('bookmarks', 'bookmarks.html', CHROME_BOOKMARKS);
    expect((await importDone(t, me.auth, res)).counts).toMatchObject({ imported: 0, skipped: 9, failed: 1 });
    const after = await desk();
    expect(after.rows).toHaveLength(before.rows.length);
    expect(after.where('Classic lasagne & salad')).toBe('Work');
    expect(await failures('bookmarks')).toHaveLength(1);
  });

  it('refuses what is not an export, folders nested 10,000 deep and a file over the cap, storing nothing', async () => {
    const other = await signedInUser(t.app);
    const cases: [string, string | Buffer, number, RegExp][] = [
      ['bookmarks', '<html><body><p>Just a page</p></body></html>', 422, /not a bookmarks file/],
      ['bookmarks', deepBookmarks(10_000), 422, /nested deeper than 100 levels/],
      ['linkwarden', '{"collections": [{"id": 1, "name": "Half', 422, /not valid JSON/],
      ['linkwarden', JSON.stringify(karakeepExport()), 422, /not a Linkwarden export/],
      ['linkwarden', deepLinkwarden(10_000), 422, /nested deeper than 100 levels/],
      ['karakeep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 422, /nests too deeply/],
      ['karakeep', JSON.stringify({ bookmarks: 'none' }), 422, /not a Karakeep export/],
      ['bookmarks', Buffer.alloc(MAX_EXPORT_BYTES + 10, 'a'), 413, /larger than an export can be/],
    ];
    for (const [app, text, status, detail] of cases) {
      const res = await upload(app, 'export', text, other);
      expect(res.statusCode, `${app}: ${String(detail)}`).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    const { rows } = await desk(other.info.id as string);
    expect(rows.map((r) => r.dataType)).toEqual(['root_object']);
    const sources = await t.app.inject({ method: 'GET', url: '/api/sources', headers: other.auth });
    expect(JSON.stringify(sources.json())).not.toContain('bookmarks');
  });

  it('moves a Linkwarden export in: collections as drawers and binders, into a drawer of the same name already there, once', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/desk/folders',
      headers: me.auth,
      payload: { data_type: 'drawer_object', name: 'research' },
    });
    expect(made.statusCode).toBe(200);
    const file = JSON.stringify(linkwardenExport(), null, 2);
    const res = await upload('linkwarden', 'linkwarden_export.json', file);
    expect(res.statusCode).toBe(202);
    expect(moveInSummary(await importDone(t, me.auth, res))).toMatchObject({
      folders: 4,
      links: 6,
      imported: 7,
      failed: 2,
    });
    const { where, named } = await desk();
    expect(where('Vision')).toBe('research');
    expect(where('Vision › Detection')).toBe('research');
    expect(where('Attention is all you need')).toBe('research');
    expect(named('Research')).toBeUndefined();
    expect(where('YOLO')).toBe('Vision › Detection');
    expect(where('Linkwarden docs')).toBe('Unorganized');
    expect(named('Attention is all you need')).toMatchObject({
      content: 'The transformer paper',
      tags: ['ml', 'papers'],
      sourceCreatedAt: new Date('2019-05-04T12:00:00.000Z'),
    });
    expect((await failures('linkwarden')).map((f) => f.name).sort()).toEqual(['Broken', 'Scan.pdf']);
    const again = await upload('linkwarden', 'linkwarden_export.json', file);
    expect((await importDone(t, me.auth, again)).counts).toMatchObject({ imported: 0, skipped: 7 });
  });

  it('moves a Karakeep export in: lists, notes and tags, listing the bookmark it cannot take', async () => {
    const res = await upload('karakeep', 'karakeep-export.json', JSON.stringify(karakeepExport()));
    expect(res.statusCode).toBe(202);
    expect(moveInSummary(await importDone(t, me.auth, res))).toMatchObject({
      folders: 3,
      links: 4,
      imported: 6,
      failed: 1,
    });
    const { where, rows } = await desk();
    expect(where('Rust async book')).toBe('Rust');
    expect(where('Rust')).toBe('Reading');
    const note = rows.find(
      (r) => r.dataType === 'note_object' && r.content === 'Buy oat milk and coffee beans',
    );
    expect(note?.tags).toEqual(['archived']);
    expect((await failures('karakeep')).map((f) => f.name)).toEqual(['Scanned receipt']);
  });

  it('holds what it moves in to the rules every way in applies: web addresses only, bounded texts', async () => {
    const other = await signedInUser(t.app);
    const link = (createdAt: number, title: string, url: string, note: string | null = null) => ({
      createdAt,
      title,
      tags: [],
      lists: [],
      content: { type: 'link', url },
      note,
      archived: false,
    });
    const longAddress = `https://example.com/${'a'.repeat(3000)}`;
    const file = JSON.stringify({
      bookmarks: [
        link(1, 'Click me', 'javascript:alert(document.cookie)'),
        link(2, 'Open me', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='),
        link(3, 'Far too long', `https://example.com/${'b'.repeat(2 * 1024 * 1024)}`),
        link(4, 'Long but fine', longAddress),
        link(5, 'Wordy', 'https://example.com/wordy', 'w'.repeat(2 * 1024 * 1024)),
      ],
      lists: [],
    });
    const res = await upload('karakeep', 'karakeep.json', file, other);
    const run = await importDone(t, other.auth, res);
    expect(run).toMatchObject({ state: 'done', error: null });
    expect(moveInSummary(run)).toMatchObject({ links: 5, imported: 2, failed: 3 });
    const { named, rows } = await desk(other.info.id as string);
    expect(named('Long but fine')?.url).toBe(longAddress);
    expect(named('Wordy')?.content).toHaveLength(NOTE_MAX);
    expect(JSON.stringify(rows)).not.toMatch(/javascript:|data:text/);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/sources/karakeep/failures',
      headers: other.auth,
    });
    const failures = (listed.json() as { failures: { name: string; reason: string }[] }).failures;
    expect(failures.map((f) => [f.name, f.reason]).sort()).toEqual([
      ['Click me', 'Not a web address (javascript: links cannot be opened from the desk)'],
      ['Far too long', 'The address is too long'],
      ['Open me', 'Not a web address (data: links cannot be opened from the desk)'],
    ]);
  });

  it('undoes a move-in on disconnect, keeping a folder the user filed other things into', async () => {
    const before = await desk();
    await t.database.db
      .update(objects)
      .set({ parentId: before.named('Work')?.id })
      .where(eq(objects.id, before.named('YOLO')?.id as string));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sources/bookmarks/disconnect',
      headers: me.auth,
      payload: { delete_items: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted_items: 8 });
    const { named, where } = await desk();
    for (const gone of ['Recipes', 'Italian › Pasta', 'Bookmarks bar', 'GitHub', 'Classic lasagne & salad']) {
      expect(named(gone), gone).toBeUndefined();
    }
    expect(where('YOLO')).toBe('Work');
    expect(named('Vision')).toBeDefined();
  });
});
