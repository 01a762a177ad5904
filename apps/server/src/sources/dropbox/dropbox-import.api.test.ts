import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects, sourceConnections, users } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { FAKE_DROPBOX_APP, type FakeDropbox, startFakeDropbox } from '../../test/fake-dropbox/server.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'http://easio.test';
type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('Dropbox import on %s', (kind) => {
  let dropbox: FakeDropbox;
  let t: TestApp;

  beforeAll(async () => {
    dropbox = await startFakeDropbox(`${PUBLIC_URL}/api/dropbox/callback`, { pageSize: 100 });
    t = await buildTestApp(kind, {
      sources: true,
      env: {
        PUBLIC_URL,
        DROPBOX_APP_KEY: FAKE_DROPBOX_APP.key,
        DROPBOX_APP_SECRET: FAKE_DROPBOX_APP.secret,
        DROPBOX_OAUTH_URL: dropbox.url,
        DROPBOX_API_URL: dropbox.url,
        DROPBOX_CONTENT_URL: dropbox.url,
        MAX_UPLOAD_MB: '1',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await dropbox?.close();
  });

  /** The app asks for the consent address, the browser goes to Dropbox and back to Easio's callback. */
  async function connect(user: User) {
    const consent = await t.app.inject({
      method: 'GET',
      url: '/api/dropbox/get_auth_url/my-source',
      headers: user.auth,
    });
    expect(consent.statusCode).toBe(200);
    const atDropbox = await fetch(consent.json<string>(), { redirect: 'manual' });
    const back = new URL(String(atDropbox.headers.get('location')));
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.statusCode).toBe(302);
    await t.queue?.drain();
    return { back, location: new URL(String(done.headers.location), PUBLIC_URL) };
  }

  const items = (user: User) =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, user.info.id as string), eq(objects.source, 'dropbox')));
  const connection = async (user: User) =>
    (await t.app.inject({ method: 'GET', url: '/api/sources', headers: user.auth }))
      .json<{ connections: Record<string, unknown>[] }>()
      .connections.find((c) => c.service === 'dropbox');
  const syncNow = async (user: User) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sources/dropbox/sync', headers: user.auth });
    expect(res.statusCode).toBe(202);
    await t.queue?.drain();
  };

  it('connects, imports every page with folder paths, then follows moves, edits and deletions by cursor', async () => {
    const me = await signedInUser(t.app);
    for (let i = 0; i < 250; i++)
      dropbox.put(`/Archive/2025/doc-${String(i).padStart(3, '0')}.txt`, `document ${i}`);
    dropbox.put('/Taxes/return.txt', 'tax return');
    const { location } = await connect(me);
    expect(location.pathname).toBe('/my-source');
    expect(location.searchParams.get('dropbox')).toBe('connected');
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, me.info.id as string));
    expect(user?.dropboxActive).toBe(true);
    expect(await connection(me)).toMatchObject({
      state: 'idle',
      account_email: 'ada@dropbox.example',
      items: 251,
    });
    const first = await items(me);
    const tax = first.find((i) => i.name === 'return.txt');
    expect(tax?.metadata.folder_path).toBe('Taxes');
    expect(tax?.size).toBe('tax return'.length);

    // The user files the return; at Dropbox it moves and changes, a folder goes, a file arrives.
    dropbox.move('/Taxes/return.txt', '/Taxes/2025/return.txt');
    dropbox.put('/Taxes/2025/return.txt', 'tax return, amended');
    dropbox.remove('/Archive');
    dropbox.put('/Inbox/new.txt', 'new');
    await syncNow(me);
    const after = await items(me);
    expect(after.map((i) => i.name).sort()).toEqual(['new.txt', 'return.txt']);
    const moved = after.find((i) => i.name === 'return.txt');
    expect(moved?.id).toBe(tax?.id);
    expect(moved?.metadata.folder_path).toBe('Taxes/2025');
    expect(moved?.size).toBe('tax return, amended'.length);
    expect(await connection(me)).toMatchObject({ progress: expect.objectContaining({ removed: 250 }) });

    // Dropbox resets the cursor: everything is listed again, and nothing doubles.
    dropbox.resetCursors();
    await syncNow(me);
    expect((await items(me)).map((i) => i.name).sort()).toEqual(['new.txt', 'return.txt']);
  });

  it('waits out a 429, refreshes an expired token and lists a file it may not download', async () => {
    const me = await signedInUser(t.app);
    await connect(me);
    dropbox.put('/Ok/fine.txt', 'fine');
    dropbox.put('/Locked/secret.txt', 'no');
    dropbox.put('/Big/huge.bin', Buffer.alloc(2 * 1024 * 1024, 1));
    dropbox.failDownload('/Locked/secret.txt');
    dropbox.expireTokens();
    dropbox.rateLimit('files/list_folder/continue', 2);
    await syncNow(me);
    const names = (await items(me)).map((i) => i.name);
    expect(names).toContain('fine.txt');
    const failures = (
      await t.app.inject({ method: 'GET', url: '/api/sources/dropbox/failures', headers: me.auth })
    ).json<{ failures: { name: string; reason: string }[] }>().failures;
    expect(failures.map((f) => [f.name, f.reason]).sort()).toEqual([
      ['huge.bin', 'Larger than the 1 MB this server accepts'],
      ['secret.txt', 'Dropbox answered 409: path restricted_content'],
    ]);
  });

  it('refuses a bare navigation, a denied consent and a replayed state, and revokes on disconnect', async () => {
    const me = await signedInUser(t.app);
    const bare = await t.app.inject({ method: 'GET', url: '/api/dropbox/get_auth_url/signup' });
    expect(bare.headers.location).toBe('/signup?error=Connect+Dropbox+from+the+app+while+signed+in');

    dropbox.deny = true;
    const denied = await connect(me);
    expect(denied.location.searchParams.get('error')).toBe(
      'Dropbox access was not granted, so nothing was connected',
    );
    expect(await connection(me)).toBeUndefined();
    dropbox.deny = false;

    const { back } = await connect(me);
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(new URL(String(replay.headers.location), PUBLIC_URL).searchParams.get('error')).toMatch(
      /expired or was already used/,
    );

    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/sources/dropbox/disconnect',
      headers: me.auth,
      payload: {},
    });
    expect(gone.statusCode).toBe(200);
    expect(dropbox.revoked.length).toBeGreaterThan(0);
    const rows = await t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    expect(rows).toEqual([]);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, me.info.id as string));
    expect(user?.dropboxActive).toBe(false);
  });
});
