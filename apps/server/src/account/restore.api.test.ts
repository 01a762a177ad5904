import { createHash, randomBytes } from 'node:crypto';
import { type ExportTicket, NAME_MAX } from '@easio/shared';
import { eq } from 'drizzle-orm';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { importDone, restoreSummary } from '../test/imports.js';
import { multipartBody } from '../test/multipart.js';
import { buildTestApp, putObject, signedInUser, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

interface ExportedRow {
  id: string;
  data_type: string;
  name: string;
  url: string | null;
  content: string | null;
  tags: string[];
  item_date: string;
  binder_state: string | null;
  folder_path: string | null;
  metadata: Record<string, unknown>;
  file: string | null;
}

const PHOTO = randomBytes(70_000);

/** A name cut as the desk API caps names (`NAME_MAX` characters, trimmed). */
const cutName = (name: string) => name.slice(0, NAME_MAX).trim();

describe.each(DB_KINDS)('restoring an Easio export on %s', (kind) => {
  let t: TestApp;
  let me: User;

  const upload = async (user: User, name: string, bytes: Buffer, query = '') => {
    const body = multipartBody([{ name, bytes, type: 'application/octet-stream' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/desk/uploads${query}`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { id: string }[] }).items[0]?.id as string;
  };
  const exportOf = async (user: User) => {
    const asked = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: user.auth });
    const zip = await t.app.inject({ method: 'GET', url: (asked.json() as ExportTicket).url });
    expect(zip.statusCode).toBe(200);
    return Buffer.from(zip.rawPayload);
  };
  const restore = (user: User, zip: Buffer, name = 'easio-export.zip') => {
    const body = multipartBody([{ name, bytes: zip, type: 'application/zip' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/account/restore',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };
  /** The desk as a user sees it: every item by its place, with its texts, tags, date and bytes. */
  const desk = (zip: Buffer) => {
    const entries = unzipSync(new Uint8Array(zip));
    const data = JSON.parse(Buffer.from(entries['easio.json'] ?? []).toString()) as {
      format: string;
      version: number;
      objects: ExportedRow[];
    };
    const names = new Map(data.objects.map((o) => [o.id, o.name]));
    // The desk itself is the account's, made at sign-up: not restored.
    const rows = data.objects
      .filter((o) => o.data_type !== 'root_object')
      .map((o) => {
        const { version: _v, email_id: emailId, attachment_of: _a, ...metadata } = o.metadata;
        return {
          place: `${o.folder_path ?? ''}/${o.name}`,
          type: o.data_type,
          url: o.url,
          content: o.content,
          tags: [...o.tags].sort(),
          date: o.item_date,
          binderState: o.binder_state,
          metadata,
          email: typeof emailId === 'string' ? names.get(emailId) : null,
          bytes: o.file
            ? createHash('sha256')
                .update(entries[o.file] ?? new Uint8Array())
                .digest('hex')
            : null,
        };
      });
    return {
      format: data.format,
      version: data.version,
      rows: rows.sort((a, b) => a.place.localeCompare(b.place)),
    };
  };
  const objectCount = async (user: User) =>
    (
      await t.database.db
        .select({ id: objects.id })
        .from(objects)
        .where(eq(objects.ownerId, user.info.id as string))
    ).length;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LOG_LEVEL: 'error' }, imports: true });
    me = await signedInUser(t.app);
    const date = (iso: string) => new Date(iso);
    const drawer = await putObject(t, me, { dataType: 'drawer_object', name: 'Home', tags: ['house'] });
    const binder = await putObject(t, me, {
      dataType: 'binder_object',
      name: 'Garden',
      parentId: drawer,
      binderState: 'archive',
    });
    await putObject(t, me, {
      dataType: 'note_object',
      name: 'Seeds',
      content: 'Tomatoes, basil',
      parentId: binder,
      tags: ['spring', 'plants'],
      sourceCreatedAt: date('2021-03-04T05:06:07.000Z'),
    });
    await putObject(t, me, {
      dataType: 'url_note_object',
      name: 'Pruning guide',
      url: 'https://example.com/pruning',
      content: 'Read before March',
      metadata: { preview: { title: 'How to prune', site: 'example.com' } },
      tags: ['howto'],
      sourceCreatedAt: date('2020-01-02T03:04:05.000Z'),
    });
    await putObject(t, me, {
      dataType: 'location_object',
      name: 'Allotment',
      url: 'https://www.openstreetmap.org/?mlat=52.5&mlon=13.4',
      metadata: { latitude: 52.5, longitude: 13.4 },
    });
    const email = await putObject(t, me, {
      dataType: 'email_object',
      name: 'Your seed order',
      content: 'Thanks for your order',
      metadata: { from: 'shop@example.com' },
      sourceCreatedAt: date('2022-05-06T07:08:09.000Z'),
    });
    const photo = await upload(me, 'garden.jpg', PHOTO, `?parent_id=${binder}`);
    await t.database.db
      .update(objects)
      .set({ tags: ['summer'], sourceCreatedAt: date('2019-07-08T09:10:11.000Z') })
      .where(eq(objects.id, photo));
    const invoice = await upload(me, 'invoice.pdf', Buffer.from('%PDF-1.4 seed invoice'));
    await t.database.db
      .update(objects)
      .set({ metadata: { attachment_of: 'msg-1', email_id: email } })
      .where(eq(objects.id, invoice));
  });
  afterAll(() => t.close());

  it('gives the same desk back in a new account, and restoring again adds nothing', async () => {
    const first = await exportOf(me);
    const before = desk(first);
    expect(before).toMatchObject({ format: 'easio-export', version: 1 });
    expect(before.rows).toHaveLength(8);

    const again = await signedInUser(t.app);
    const res = await restore(again, first);
    expect(res.statusCode).toBe(202);
    const run = await importDone(t, again.auth, res);
    expect(run).toMatchObject({ service: 'easio_export', state: 'done', file_name: 'easio-export.zip' });
    expect(restoreSummary(run)).toEqual({ items: 8, files: 2, imported: 8, skipped: 0, failed: 0 });

    const after = desk(await exportOf(again));
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.find((r) => r.place === 'My Desk/Home/Garden/garden.jpg')?.bytes).toBe(
      createHash('sha256').update(PHOTO).digest('hex'),
    );

    const count = await objectCount(again);
    const twice = await importDone(t, again.auth, await restore(again, first));
    expect(restoreSummary(twice)).toEqual({ items: 8, files: 2, imported: 0, skipped: 8, failed: 0 });
    expect(await objectCount(again)).toBe(count);
  });

  it('restores an export made before the format was versioned (no format, no file fields)', async () => {
    const entries = unzipSync(new Uint8Array(await exportOf(me)));
    const data = JSON.parse(Buffer.from(entries['easio.json'] ?? []).toString()) as Record<
      string,
      unknown
    > & {
      objects: Record<string, unknown>[];
    };
    const { format: _f, version: _v, ...old } = data;
    old.objects = data.objects.map(({ file: _file, ...o }) => o);
    const zip = Buffer.from(zipSync({ ...entries, 'easio.json': Buffer.from(JSON.stringify(old)) }));
    const user = await signedInUser(t.app);
    const res = await importDone(t, user.auth, await restore(user, zip));
    expect(restoreSummary(res)).toEqual({ items: 8, files: 2, imported: 8, skipped: 0, failed: 0 });
    expect(desk(await exportOf(user)).rows).toEqual(desk(await exportOf(me)).rows);
  });

  it('refuses a malformed export with a clear reason and stores nothing of it', async () => {
    const good = await exportOf(me);
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    const cases: [string, Buffer, RegExp][] = [
      ['a truncated ZIP', good.subarray(0, Math.floor(good.length / 2)), /not a ZIP that can be read/],
      ['not JSON', Buffer.from(zipSync({ 'easio.json': Buffer.from('{"objects": [') })), /not valid JSON/],
      [
        'JSON of another shape',
        Buffer.from(
          zipSync({ 'easio.json': json({ objects: [{ id: 'x', data_type: 'spaceship', name: 'A' }] }) }),
        ),
        /objects\.0\.data_type/,
      ],
      [
        'a later format version',
        Buffer.from(zipSync({ 'easio.json': json({ format: 'easio-export', version: 99, objects: [] }) })),
        /version 99/,
      ],
      ['no easio.json', Buffer.from(zipSync({ 'notes.txt': Buffer.from('hello') })), /no easio.json/],
      [
        'a path leaving the archive',
        Buffer.from(zipSync({ 'easio.json': json({ objects: [] }), '../../etc/evil': Buffer.from('x') })),
        /outside itself/,
      ],
      [
        'a ZIP bomb',
        Buffer.from(
          zipSync(
            { 'easio.json': json({ objects: [] }), 'files/zeros.bin': new Uint8Array(20 * 1024 * 1024) },
            { level: 9 },
          ),
        ),
        /ZIP bomb/,
      ],
    ];
    const user = await signedInUser(t.app);
    const empty = await objectCount(user);
    for (const [what, zip, reason] of cases) {
      const res = await restore(user, zip);
      expect(res.statusCode, what).toBe(422);
      expect((res.json() as { detail: string }).detail, what).toMatch(reason);
      expect((res.json() as { detail: string }).detail, what).toMatch(/nothing was restored/);
    }
    expect(await objectCount(user)).toBe(empty);
  });

  it('holds a restored export to the rules every way in applies, and restores the rest', async () => {
    const object = (id: string, data_type: string, name: string, more: Record<string, unknown> = {}) => ({
      id,
      parent_id: 'root',
      data_type,
      name,
      tags: [],
      metadata: {},
      item_date: '2024-01-02T03:04:05.000Z',
      folder_path: 'My Desk',
      ...more,
    });
    // Words, not one long one: PostgreSQL indexes every word of a name for search.
    const longName = Array.from({ length: 300_000 }, (_, i) => `w${i}`).join(' ');
    expect(longName.length).toBeGreaterThan(2 * 1024 * 1024);
    // Details nested 100,000 deep, written as text (JSON.stringify cannot go that deep).
    const deep = `${'{"deep":'.repeat(100_000)}{}${'}'.repeat(100_000)}`;
    const manifest = {
      format: 'easio-export',
      version: 1,
      objects: [
        { id: 'root', parent_id: null, data_type: 'root_object', name: 'My Desk', tags: [], metadata: {} },
        object('mail', 'email_object', 'Newsletter', {
          content: 'Hello',
          metadata: {
            from: 'news@example.com',
            html: '<p>Hello</p><img src="https://tracker.example/pixel.gif?u=42"><script>fetch("https://tracker.example")</script>',
          },
        }),
        object('js', 'url_object', 'Click me', { url: 'javascript:alert(document.cookie)' }),
        object('data', 'url_object', 'Open me', {
          url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        }),
        object('long', 'note_object', longName, { content: 'Kept, with a shorter name' }),
        object('deep', 'note_object', 'Deep details', { content: 'x', metadata: { deep: 'DEEP' } }),
        object('nul', 'note_object', 'Nul\u0000name', { content: 'a\u0000b', tags: ['t\u0000'] }),
        object('fine', 'url_object', 'Example', { url: 'https://example.com/' }),
      ],
    };
    const json = JSON.stringify(manifest).replace('"DEEP"', deep);
    const zip = Buffer.from(zipSync({ 'easio.json': Buffer.from(json) }));
    const user = await signedInUser(t.app);
    const res = await restore(user, zip);
    expect(res.statusCode).toBe(202);
    const run = await importDone(t, user.auth, res);
    expect(run).toMatchObject({ state: 'done', error: null });
    expect(restoreSummary(run)).toEqual({ items: 7, files: 0, imported: 4, skipped: 0, failed: 3 });

    const rows = await t.database.db
      .select()
      .from(objects)
      .where(eq(objects.ownerId, user.info.id as string));
    const mail = rows.find((r) => r.dataType === 'email_object');
    expect(mail?.metadata.html).toBe('<p>Hello</p>');
    expect(JSON.stringify(rows)).not.toMatch(/javascript:|data:text|tracker\.example/);
    const long = rows.find((r) => r.externalId === 'long');
    expect(long?.name).toBe(cutName(longName));
    expect(long?.content).toBe('Kept, with a shorter name');
    expect(rows.find((r) => r.externalId === 'nul')).toMatchObject({
      name: 'Nulname',
      content: 'ab',
      tags: ['t'],
    });
    expect(rows.find((r) => r.externalId === 'fine')?.url).toBe('https://example.com/');

    const failures = await t.app.inject({
      method: 'GET',
      url: '/api/sources/easio_export/failures',
      headers: user.auth,
    });
    expect(failures.statusCode).toBe(200);
    const listed = (failures.json() as { failures: { name: string; reason: string }[] }).failures;
    expect(listed.map((f) => [f.name, f.reason]).sort()).toEqual([
      ['Click me', 'Not a web address (javascript: links cannot be opened from the desk)'],
      ['Deep details', 'Its details nest too deeply to be kept'],
      ['Open me', 'Not a web address (data: links cannot be opened from the desk)'],
    ]);
  });

  it('asks for a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/restore' });
    expect(res.statusCode).toBe(401);
  });
});
