import { ACCOUNT_DELETED_MESSAGE, type ExportTicket } from '@easio/shared';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { filingEvents, recommendations, sourceConnections } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { multipartBody } from '../test/multipart.js';
import { buildTestApp, PASSWORD, putObject, signedInUser, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('the account rights on %s', (kind) => {
  let t: TestApp;
  let me: User;
  let other: User;
  let binder: string;
  let fileId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: User | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.auth : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const upload = async (user: User, name: string, text: string, query = '') => {
    const body = multipartBody([{ name, bytes: Buffer.from(text), type: 'text/plain' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/desk/uploads${query}`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { id: string }[] }).items[0]?.id as string;
  };
  const blobKeys = async () => {
    const keys: string[] = [];
    for await (const b of t.blobs.list()) keys.push(b.key);
    return keys;
  };

  beforeAll(async () => {
    // With the job queue: jobs naming the user and their items are in its tables too.
    t = await buildTestApp(kind, { processFiles: true, recommend: true, env: { LOG_LEVEL: 'error' } });
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
    const drawer = await putObject(t, me, { dataType: 'drawer_object', name: 'Finance' });
    binder = await putObject(t, me, { dataType: 'binder_object', name: 'Invoices', parentId: drawer });
    fileId = await upload(me, 'invoice.txt', 'ACME invoice 42', `?parent_id=${binder}`);
    await upload(me, 'private.txt', 'Only mine', `?parent_id=${binder}`);
    await putObject(t, me, { dataType: 'note_object', name: 'Note', content: 'Call the bank' });
    // The same bytes in another account: theirs must survive this account's erasure.
    await upload(other, 'invoice.txt', 'ACME invoice 42');
    const [rec] = await t.database.db
      .insert(recommendations)
      .values({
        ownerId: me.info.id as string,
        objectIds: [fileId],
        drawerNameOptions: ['Finance'],
        binderNameOptions: ['Invoices'],
        tags: ['acme'],
        score: 0.8,
        modelVersion: 'test',
      })
      .returning();
    await t.database.db.insert(filingEvents).values({
      ownerId: me.info.id as string,
      objectId: fileId,
      binderId: binder,
      kind: 'accepted',
      recommendationId: rec?.id,
    });
    await t.database.db.insert(sourceConnections).values({
      ownerId: me.info.id as string,
      service: 'gdrive',
      accountEmail: 'me@gmail.example',
      tokens: 'sealed-secret-tokens',
    });
  });
  afterAll(() => t.close());

  it('downloads everything as one ZIP: the account, every object with its folder, the history and the files', async () => {
    const asked = await call('POST', '/api/account/export', me);
    expect(asked.statusCode).toBe(200);
    const ticket = asked.json() as ExportTicket;
    // The desk, its drawer and binder, two files and the note.
    expect(ticket).toMatchObject({
      items: 6,
      files: 2,
      bytes: 'ACME invoice 42'.length + 'Only mine'.length,
    });
    const zip = await call('GET', ticket.url, null);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'easio.json',
      'files/My Desk/Finance/Invoices/invoice.txt',
      'files/My Desk/Finance/Invoices/private.txt',
    ]);
    expect(Buffer.from(entries['files/My Desk/Finance/Invoices/invoice.txt'] ?? []).toString()).toBe(
      'ACME invoice 42',
    );
    const data = JSON.parse(Buffer.from(entries['easio.json'] ?? []).toString()) as {
      account: { id: string; email: string };
      objects: { id: string; name: string; folder_path: string | null; content: string | null }[];
      recommendations: { object_ids: string[] }[];
      filing_history: { object_id: string; kind: string }[];
      source_connections: { service: string; account_email: string }[];
    };
    expect(data.account).toMatchObject({ id: me.info.id, email: me.info.email });
    expect(data.objects).toHaveLength(6);
    expect(data.objects.find((o) => o.id === fileId)?.folder_path).toBe('My Desk/Finance/Invoices');
    expect(data.objects.find((o) => o.name === 'Note')).toMatchObject({
      folder_path: 'My Desk',
      content: 'Call the bank',
    });
    expect(data.recommendations).toEqual([expect.objectContaining({ object_ids: [fileId] })]);
    expect(data.filing_history).toEqual([expect.objectContaining({ object_id: fileId, kind: 'accepted' })]);
    expect(data.source_connections).toEqual([
      expect.objectContaining({ service: 'gdrive', account_email: 'me@gmail.example' }),
    ]);
    expect(JSON.stringify(data)).not.toContain('sealed-secret-tokens');
    expect(JSON.stringify(data)).not.toContain(other.info.id as string);
  });

  it('refuses an export address that is unknown, or made for a ZIP of chosen items', async () => {
    expect(
      (await call('GET', '/api/account/export/00000000-0000-4000-8000-000000000000', null)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/account/export/not-a-uuid', null)).statusCode).toBe(422);
    expect((await call('POST', '/api/account/export', null)).statusCode).toBe(401);
  });

  it('keeps the notification preferences, new suggestions on by default, and refuses unknown ones', async () => {
    const read = async () => (await call('GET', '/api/account/notifications', me)).json() as unknown;
    expect(await read()).toEqual({ new_suggestions: true });
    const saved = await call('PUT', '/api/account/notifications', me, { new_suggestions: false });
    expect(saved.statusCode).toBe(200);
    expect(await read()).toEqual({ new_suggestions: false });
    expect((await call('PUT', '/api/account/notifications', me, { new_suggestions: 'yes' })).statusCode).toBe(
      422,
    );
    expect(
      (await call('PUT', '/api/account/notifications', me, { spam: true, new_suggestions: true })).statusCode,
    ).toBe(422);
    expect(await read()).toEqual({ new_suggestions: false });
    expect((await call('GET', '/api/account/notifications', other)).json()).toEqual({
      new_suggestions: true,
    });
    expect((await call('GET', '/api/account/notifications', null)).statusCode).toBe(401);
  });

  it('takes a profile picture, kept small and square, and refuses what is not one', async () => {
    const send = async (bytes: Buffer, name = 'me.png', type = 'image/png') => {
      const body = multipartBody([{ name, bytes, type }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/account/picture',
        headers: { ...me.auth, ...body.headers },
        payload: body.payload,
      });
    };
    const big = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const res = await send(big, 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const picture = (res.json() as { picture: string }).picture;
    expect(picture).toMatch(/^data:image\/webp;base64,/);
    const kept = await sharp(Buffer.from(picture.split(',')[1] ?? '', 'base64')).metadata();
    expect(kept).toMatchObject({ format: 'webp', width: 192, height: 192 });
    expect(picture.length).toBeLessThan(20_000);
    expect((await call('GET', '/api/auth/users/me/', me)).json()).toMatchObject({ picture });

    const junk = await send(Buffer.from('not a picture at all'), 'me.png');
    expect(junk.statusCode).toBe(422);
    expect((junk.json() as { detail: string }).detail).toMatch(/not a picture/);
    const huge = await send(Buffer.alloc(9 * 1024 * 1024, 1), 'huge.png');
    expect(huge.statusCode).toBe(413);
    expect((await call('GET', '/api/auth/users/me/', me)).json()).toMatchObject({ picture });
    expect((await call('POST', '/api/account/picture', null)).statusCode).toBe(401);
  });

  it('refuses to delete without the right password, and changes nothing', async () => {
    const wrong = await call('POST', '/api/account/delete', me, { password: 'not-my-password1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: 'Password is incorrect' });
    expect((await call('POST', '/api/account/delete', me, {})).statusCode).toBe(422);
    expect((await call('GET', '/api/auth/users/me/', me)).statusCode).toBe(200);
  });

  it('deletes the account: nothing of it is left in any table or the blob store, and its token is refused', async () => {
    const theirs = await queryRows<{ blob_key: string }>(
      t.database.db,
      sql`SELECT blob_key FROM objects WHERE owner_id = ${other.info.id as string} AND blob_key IS NOT NULL`,
    );
    // Failed sign-ins are counted under the account too: they go with it.
    for (const username of [me.info.email, me.info.username] as string[]) {
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: new URLSearchParams({ username, password: 'not-my-password1!' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(guess.statusCode).toBe(401);
    }
    const done = await call('POST', '/api/account/delete', me, { password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: ACCOUNT_DELETED_MESSAGE });

    const tables = await queryRows<{ name: string }>(
      t.database.db,
      sql`SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
          WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    );
    const traces = [me.info.id, me.info.email, me.info.username, fileId, binder] as string[];
    for (const { name } of tables) {
      for (const trace of traces) {
        const [found] = await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM ${sql.raw(name)} AS r WHERE r::text ILIKE ${`%${trace}%`}`,
        );
        expect(found?.n, `${trace} in ${name}`).toBe(0);
      }
    }
    // Its files' bytes are gone; the other account's file, with the very same bytes, stays.
    expect((await blobKeys()).sort()).toEqual(theirs.map((r) => r.blob_key).sort());
    expect((await call('GET', '/api/auth/users/me/', other)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/users/me/', me)).statusCode).toBe(401);
    expect((await call('POST', '/api/account/export', me)).statusCode).toBe(401);
  });
});
