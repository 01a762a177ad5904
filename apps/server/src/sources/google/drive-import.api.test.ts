import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importFailures, objects, sourceConnections, users } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { connectGoogle, importGoogle } from '../../test/fake-google/connect.js';
import { followToReturn } from '../../test/fake-google/follow.js';
import { type FakeGoogle, fakeGoogleEnv, startFakeGoogle } from '../../test/fake-google/server.js';
import { buildTestApp, signedInUser, TEST_TOKEN_KEY, type TestApp } from '../../test/test-app.js';
import { createTokenCipher } from '../token-cipher.js';

const PUBLIC_URL = 'http://easio.test';
type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('Google Drive import on %s', (kind) => {
  let google: FakeGoogle;
  let t: TestApp;
  const env = () => ({ ...fakeGoogleEnv(google, PUBLIC_URL), MAX_UPLOAD_MB: '1' });

  beforeAll(async () => {
    google = await startFakeGoogle([
      `${PUBLIC_URL}/my-source`,
      `${PUBLIC_URL}/signup`,
      `${PUBLIC_URL}/api/auth/google/callback`,
    ]);
    t = await buildTestApp(kind, { sources: true, env: env() });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });
  beforeEach(() => {
    google.drive.reset();
    google.controls.deny = false;
    google.controls.withhold = [];
  });

  const get = (user: User, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });

  const connect = (user: User, app = t) => connectGoogle(app, user, PUBLIC_URL);
  const importNow = (user: User, app = t) => importGoogle(app, user);

  const driveItems = (user: User) =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, user.info.id as string), eq(objects.source, 'gdrive')));

  const connection = async (user: User) => {
    const res = await get(user, '/api/sources');
    return res
      .json<{ connections: Record<string, unknown>[] }>()
      .connections.find((c) => c.service === 'gdrive');
  };

  it('connects through OAuth, imports every file once with its folder path, and keeps the tokens sealed', async () => {
    const me = await signedInUser(t.app);
    const taxes = google.drive.folder('Taxes', google.drive.folder('Work').id);
    google.drive.add({
      name: 'return-2025.txt',
      mimeType: 'text/plain',
      parents: [taxes.id],
      content: Buffer.from('tax return 2025'),
    });
    google.drive.add({
      name: 'Budget',
      mimeType: 'application/vnd.google-apps.spreadsheet',
      content: Buffer.from('rent,1200\nfood,300'),
    });
    google.drive.add({ name: 'Survey', mimeType: 'application/vnd.google-apps.form' });
    google.drive.add({
      name: 'old.txt',
      mimeType: 'text/plain',
      trashed: true,
      content: Buffer.from('gone'),
    });

    const { stored } = await connect(me);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ status: 'Google Drive connected', services: ['gdrive'] });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, me.info.id as string));
    expect(user?.gdriveActive).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    expect(row?.accountEmail).toBe('ada@example.com');
    expect(row?.tokens).not.toMatch(/access_token|refresh_token/);

    await importNow(me);
    const items = await driveItems(me);
    const byName = Object.fromEntries(items.map((i) => [i.name, i]));
    expect(Object.keys(byName).sort()).toEqual(['Budget', 'Survey', 'return-2025.txt']);
    expect(byName['return-2025.txt']?.metadata.folder_path).toBe('Work/Taxes');
    expect(byName['return-2025.txt']?.parentId).toBe(me.info.root_folder);
    expect(byName.Budget?.mimeType).toBe('application/pdf');
    expect(byName.Budget?.content).toContain('rent,1200');
    expect(byName.Survey?.dataType).toBe('url_object');
    expect(await connection(me)).toMatchObject({
      state: 'idle',
      progress: { imported: 3, failed: 0 },
      items: 3,
      failures: 0,
      account_email: 'ada@example.com',
    });

    // A second run changes nothing and fetches no file again.
    const before = google.requests.length;
    await importNow(me);
    expect((await driveItems(me)).length).toBe(3);
    expect(google.requests.slice(before).some((r) => r.includes('alt=media') || r.includes('/export'))).toBe(
      false,
    );
  });

  it('syncs only what changed: new, edited, trashed and deleted files', async () => {
    const me = await signedInUser(t.app);
    const a = google.drive.add({ name: 'a.txt', mimeType: 'text/plain', content: Buffer.from('first') });
    const b = google.drive.add({ name: 'b.txt', mimeType: 'text/plain', content: Buffer.from('bee') });
    const c = google.drive.add({ name: 'c.txt', mimeType: 'text/plain', content: Buffer.from('sea') });
    await connect(me);
    await importNow(me);
    const filed = (await driveItems(me)).find((i) => i.externalId === a.id);

    google.drive.update(a.id, { content: Buffer.from('second version'), name: 'a-renamed.txt' });
    google.drive.update(b.id, { trashed: true });
    google.drive.remove(c.id);
    const d = google.drive.add({ name: 'd.txt', mimeType: 'text/plain', content: Buffer.from('dee') });
    const before = google.requests.length;
    await importNow(me);

    const items = await driveItems(me);
    const ids = items.map((i) => i.externalId);
    expect(ids).toContain(a.id);
    expect(ids).toContain(d.id);
    expect(ids).not.toContain(b.id);
    expect(ids).not.toContain(c.id);
    const updated = items.find((i) => i.externalId === a.id);
    expect(updated?.id).toBe(filed?.id);
    expect(updated?.name).toBe('a-renamed.txt');
    expect(updated?.size).toBe('second version'.length);
    const since = google.requests.slice(before);
    expect(since.some((r) => r.startsWith('GET /drive/v3/files?'))).toBe(false);
    expect(since.filter((r) => r.includes('alt=media')).length).toBe(2);
    expect(await connection(me)).toMatchObject({ progress: { imported: 2, removed: 2 } });
  });

  it('honours 429 Retry-After, refreshes an expired token, and lists a file that fails with its reason', async () => {
    const me = await signedInUser(t.app);
    const ok = google.drive.add({ name: 'ok.txt', mimeType: 'text/plain', content: Buffer.from('fine') });
    const broken = google.drive.add({ name: 'broken.bin', content: Buffer.from('x') });
    const big = google.drive.add({ name: 'huge.bin', content: Buffer.alloc(2 * 1024 * 1024, 1) });
    await connect(me);
    google.expireTokens();
    google.rateLimit('/drive/v3/files', 2);
    google.fail(
      `/drive/v3/files/${broken.id}`,
      403,
      JSON.stringify({
        error: {
          code: 403,
          message: 'This file cannot be downloaded',
          errors: [{ reason: 'cannotDownloadFile' }],
        },
      }),
      1,
    );
    await importNow(me);

    const names = (await driveItems(me)).map((i) => i.name);
    expect(names).toContain('ok.txt');
    const failures = (await get(me, '/api/sources/gdrive/failures')).json<{
      failures: { name: string; reason: string; id: number }[];
    }>().failures;
    expect(failures.map((f) => [f.name, f.reason]).sort()).toEqual([
      ['broken.bin', 'Google answered 403: This file cannot be downloaded'],
      ['huge.bin', 'Larger than the 1 MB this server accepts'],
    ]);
    expect(await connection(me)).toMatchObject({
      state: 'idle',
      progress: { imported: 1, failed: 2 },
      failures: 2,
    });
    expect(google.requests.some((r) => r.includes('/token'))).toBe(true);
    expect(ok.id).toBeTruthy();

    // The download works now: a retry imports it and it leaves the list.
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/sources/gdrive/failures/retry',
      headers: me.auth,
      payload: {},
    });
    expect(retried.json()).toEqual({ imported: 1, failed: 1 });
    expect((await driveItems(me)).map((i) => i.name)).toContain('broken.bin');
    const left = (await get(me, '/api/sources/gdrive/failures')).json<{
      failures: { name: string; attempts: number }[];
    }>().failures;
    expect(left).toEqual([expect.objectContaining({ name: 'huge.bin', attempts: 2 })]);
    expect(big.id).toBeTruthy();
  });

  it('resumes an import cut off midway from the page it stopped at, duplicating nothing', async () => {
    const me = await signedInUser(t.app);
    const mine = Array.from({ length: 450 }, (_, i) =>
      google.drive.add({
        name: `doc-${i}.txt`,
        mimeType: 'text/plain',
        content: Buffer.from(`document ${i}`),
      }),
    );
    await connect(me);
    const from = google.requests.length;
    // After two pages of the listing, Google fails (every retry too): the sync stops there.
    let pages = 0;
    google.onRequest = (path) => {
      if (path.startsWith('/drive/v3/files?') && ++pages === 3)
        google.fail('/drive/v3/files', 503, '<html>Service Unavailable</html>', 6);
    };
    await importNow(me);
    google.onRequest = null;
    expect((await driveItems(me)).length).toBe(400);
    const stopped = await connection(me);
    expect(stopped).toMatchObject({ state: 'failed' });
    expect(String(stopped?.last_error)).toContain('503');

    // The server restarts: a new process on the same database syncs again and finishes the job.
    const again = await buildTestApp(kind, { sources: true, env: env(), database: t.database });
    try {
      await importNow(me, again);
    } finally {
      await again.close();
    }
    const items = await driveItems(me);
    const ids = items.map((i) => i.externalId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(mine.map((f) => f.id).sort());
    // It went on from the third page: the first two were not listed again.
    const listed = google.requests.slice(from).filter((r) => r.startsWith('GET /drive/v3/files?'));
    expect(listed.filter((r) => !r.includes('pageToken')).length).toBe(1);
    expect(await connection(me)).toMatchObject({ state: 'idle' });
  });

  it("refuses a replayed or forged state, a denied consent and another user's state, changing nothing", async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const { stored, back } = await connect(me);
    expect(stored.statusCode).toBe(200);
    const replay = await get(me, `/api/google/store_token?${back.searchParams.toString()}`);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toMatch(/expired or was already used/);
    const forged = await get(me, '/api/google/store_token?state=forged&code=abc');
    expect(forged.statusCode).toBe(400);

    const consent = (await get(other, '/api/google/get_auth_url/my-source')).json<string>();
    const theirs = await followToReturn(consent, `${PUBLIC_URL}/my-source`);
    const stolen = await get(me, `/api/google/store_token?${theirs.searchParams.toString()}`);
    expect(stolen.statusCode).toBe(400);

    google.controls.deny = true;
    const denied = await connect(other);
    expect(denied.back.searchParams.get('error')).toBe('access_denied');
    expect(denied.stored.statusCode).toBe(400);
    expect(denied.stored.json().detail).toBe('Google access was not granted, so nothing was connected');
    expect(await connection(other)).toBeUndefined();
  });

  it('disconnects: revokes, deletes the tokens, and deletes the imported items only when asked', async () => {
    const me = await signedInUser(t.app);
    google.drive.add({ name: 'keep-or-not.txt', mimeType: 'text/plain', content: Buffer.from('k') });
    await connect(me);
    await importNow(me);
    const count = (await driveItems(me)).length;
    expect(count).toBeGreaterThan(0);

    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/sources/gdrive/disconnect',
      headers: me.auth,
      payload: { delete_items: false },
    });
    expect(kept.json()).toEqual({ deleted_items: 0 });
    expect((await driveItems(me)).length).toBe(count);
    expect(await connection(me)).toBeUndefined();
    expect(google.requests.some((r) => r.startsWith('POST /token/revocation'))).toBe(true);

    await connect(me);
    await importNow(me);
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/sources/gdrive/disconnect',
      headers: me.auth,
      payload: { delete_items: true },
    });
    expect(gone.json<{ deleted_items: number }>().deleted_items).toBe(count);
    expect(await driveItems(me)).toEqual([]);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, me.info.id as string));
    expect(user?.gdriveActive).toBe(false);
    expect((await t.database.db.select().from(importFailures)).every((f) => f.connectionId)).toBe(true);

    const none = await t.app.inject({
      method: 'POST',
      url: '/api/sources/gdrive/disconnect',
      headers: me.auth,
      payload: {},
    });
    expect(none.statusCode).toBe(404);
  });
});

describe.each(DB_KINDS)('Google answering what it should not, on %s', (kind) => {
  let google: FakeGoogle;
  let t: TestApp;
  const logs: string[] = [];

  beforeAll(async () => {
    google = await startFakeGoogle([`${PUBLIC_URL}/my-source`]);
    t = await buildTestApp(kind, {
      sources: true,
      env: fakeGoogleEnv(google, PUBLIC_URL),
      logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('stops a sync with a clear reason when Google answers HTML, and never logs a token', async () => {
    const me = await signedInUser(t.app);
    google.drive.add({ name: 'a.txt', mimeType: 'text/plain', content: Buffer.from('a') });
    const { stored } = await connectGoogle(t, me, PUBLIC_URL);
    expect(stored.statusCode).toBe(200);
    google.fail('/drive/v3/changes/startPageToken', 200, '<html><body>Sign in to continue</body></html>', 1);
    await importGoogle(t, me);
    const [row] = await t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    expect(row).toMatchObject({
      state: 'failed',
      lastError: 'Google answered drive/v3/changes/startPageToken with something that is not JSON',
    });
    // Once Google is itself again, a sync imports everything.
    await importGoogle(t, me);
    const names = (
      await t.database.db
        .select()
        .from(objects)
        .where(eq(objects.ownerId, me.info.id as string))
    ).map((o) => o.name);
    expect(names).toContain('a.txt');

    const tokens = createTokenCipher(TEST_TOKEN_KEY).open(row?.tokens as string) as Record<string, string>;
    expect(tokens.access_token).toBeTruthy();
    const all = logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(tokens.access_token);
    expect(all).not.toContain(tokens.refresh_token);
    expect(all).not.toContain(me.accessToken);
  });

  it('refuses a token endpoint answering garbage, creating no connection', async () => {
    const me = await signedInUser(t.app);
    google.fail('/token', 200, 'this is not json', 1);
    const { stored } = await connectGoogle(t, me, PUBLIC_URL);
    expect(stored.statusCode).toBe(400);
    expect(stored.json<{ detail: string }>().detail).toMatch(/^Google did not accept the sign-in/);
    const rows = await t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    expect(rows).toEqual([]);
  });
});
