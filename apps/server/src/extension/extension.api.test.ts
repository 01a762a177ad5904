import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects, users } from '../db/schema.js';
import { createDeskService } from '../desk/service.js';
import { createUrlSigner } from '../desk/signed-urls.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { createExtensionSaver } from './extension-save.js';

type User = Awaited<ReturnType<typeof signedInUser>>;
const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

describe.each(DB_KINDS)('API tokens and the extension API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function makeToken(me: User, scopes = ['save', 'folders'], name = 'Chromium at home') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers: me.auth,
      payload: { name, scopes },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; token: string }>();
  }
  const asExtension = (token: string) => ({ authorization: `Bearer ${token}`, origin: ORIGIN });
  const save = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/extension/items', headers: asExtension(token), payload });

  it('makes a token shown once, lists it with its last use, and revokes it', async () => {
    const me = await signedInUser(t.app);
    const made = await makeToken(me);
    expect(made.token).toMatch(/^easio_[A-Za-z0-9_-]{43}$/);
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/account/api-tokens', headers: me.auth })).json().tokens;
    expect(await listed()).toEqual([
      expect.objectContaining({ name: 'Chromium at home', scopes: ['save', 'folders'], last_used_at: null }),
    ]);
    expect(JSON.stringify(await listed())).not.toContain(made.token);
    const who = await t.app.inject({
      method: 'GET',
      url: '/api/extension/me',
      headers: asExtension(made.token),
    });
    expect(who.json()).toMatchObject({ username: me.info.username, scopes: ['save', 'folders'] });
    expect(who.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect((await listed())[0].last_used_at).not.toBeNull();

    const other = await signedInUser(t.app);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${made.id}`,
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${made.id}`,
      headers: me.auth,
    });
    expect(revoke.statusCode).toBe(204);
    expect(await listed()).toEqual([]);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/extension/me',
      headers: asExtension(made.token),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('Sign in to the extension with an API token from Settings › Sources');
  });

  it('refuses a session token, a bad name or no scopes, and answers a preflight', async () => {
    const me = await signedInUser(t.app);
    const session = await t.app.inject({ method: 'GET', url: '/api/extension/me', headers: me.auth });
    expect(session.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers: me.auth,
      payload: { name: ' ', scopes: [] },
    });
    expect(bad.statusCode).toBe(422);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/extension/items',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type');
    const site = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/extension/items',
      headers: { origin: 'https://evil.example' },
    });
    expect(site.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('saves a page, a selection, a note and a place as easio items on the extension page, once each', async () => {
    const me = await signedInUser(t.app);
    const { token } = await makeToken(me);
    const page = {
      kind: 'page',
      client_id: randomUUID(),
      url: 'https://example.org/article',
      title: 'An article',
      description: 'What it is about',
      favicon_url: 'https://example.org/favicon.ico',
    };
    const first = await save(token, page);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'An article', created: true });
    const again = await save(token, page);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, created: false });
    expect(
      (
        await save(token, {
          kind: 'selection',
          client_id: randomUUID(),
          url: 'https://example.org/a',
          title: 'A',
          text: 'A quote',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await save(token, { kind: 'note', client_id: randomUUID(), text: 'Buy stamps' })).statusCode,
    ).toBe(201);
    expect(
      (
        await save(token, {
          kind: 'location',
          client_id: randomUUID(),
          latitude: 48.8584,
          longitude: 2.2945,
          accuracy: 12,
        })
      ).statusCode,
    ).toBe(201);

    const rows = await t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'easio')));
    const saved = rows.filter((o) => o.metadata.saved_with === 'extension');
    expect(saved.map((o) => [o.dataType, o.name]).sort()).toEqual([
      ['location_object', 'Place at 48.85840, 2.29450'],
      ['note_object', 'Buy stamps'],
      ['url_note_object', '“A quote” — A'],
      ['url_object', 'An article'],
    ]);
    expect(saved.find((o) => o.dataType === 'url_object')?.metadata).toMatchObject({
      description: 'What it is about',
      favicon_url: 'https://example.org/favicon.ico',
    });
    const listing = await t.app.inject({
      method: 'GET',
      url: '/api/desk/items?saved_with=extension',
      headers: me.auth,
    });
    expect(listing.json().items).toHaveLength(4);
  });

  it('saves into a chosen binder, lists folders by path, and keeps to the token scopes and the owner', async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const folder = async (user: User, payload: Record<string, unknown>) =>
      (await t.app.inject({ method: 'POST', url: '/api/desk/folders', headers: user.auth, payload })).json()
        .id as string;
    const drawer = await folder(me, { data_type: 'drawer_object', name: 'Reading' });
    const binder = await folder(me, { data_type: 'binder_object', name: 'Later', parent_id: drawer });
    const foreign = await folder(other, { data_type: 'drawer_object', name: 'Not yours' });
    const { token } = await makeToken(me);
    const folders = await t.app.inject({
      method: 'GET',
      url: '/api/extension/folders',
      headers: asExtension(token),
    });
    expect(folders.json().folders.map((f: { path: string }) => f.path)).toEqual([
      'Reading',
      'Reading › Later',
    ]);
    const into = await save(token, {
      kind: 'note',
      client_id: randomUUID(),
      text: 'Filed',
      parent_id: binder,
    });
    expect(into.json().parent_id).toBe(binder);
    // Another user's binder is never filed into: the save lands on the sender's own desk, and says so.
    const stranger = await save(token, {
      kind: 'note',
      client_id: randomUUID(),
      text: 'x',
      parent_id: foreign,
    });
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json()).toMatchObject({ parent_id: me.info.root_folder, folder_missing: true });
    const [theirs] = await t.database.db.select().from(objects).where(eq(objects.parentId, foreign));
    expect(theirs).toBeUndefined();
    const bad = await save(token, { kind: 'page', client_id: randomUUID(), url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);

    const saveOnly = await makeToken(me, ['save'], 'Save only');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/extension/folders',
      headers: asExtension(saveOnly.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This token may not list your drawers and binders');
    const foldersOnly = await makeToken(me, ['folders'], 'Folders only');
    expect(
      (await save(foldersOnly.token, { kind: 'note', client_id: randomUUID(), text: 'x' })).statusCode,
    ).toBe(403);
  });

  it('saves to the desk when the chosen binder was deleted meanwhile, and says so again when sent twice', async () => {
    const me = await signedInUser(t.app);
    const { token } = await makeToken(me);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/desk/folders',
      headers: me.auth,
      payload: { data_type: 'drawer_object', name: 'Soon gone' },
    });
    const drawer = made.json().id as string;
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/desk/delete',
      headers: me.auth,
      payload: { ids: [drawer] },
    });
    expect(gone.statusCode).toBeLessThan(300);
    const offline = {
      kind: 'page',
      client_id: randomUUID(),
      url: 'https://example.org/kept',
      title: 'Kept anyway',
      parent_id: drawer,
    };
    const first = await save(token, offline);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Kept anyway',
      parent_id: me.info.root_folder,
      created: true,
      folder_missing: true,
    });
    const again = await save(token, offline);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, created: false, folder_missing: true });
  });

  it('stores two identical saves sent at the same moment once, answering both', async () => {
    const me = await signedInUser(t.app);
    const { token } = await makeToken(me);
    const note = { kind: 'note', client_id: randomUUID(), text: 'Sent twice at once' };
    const answers = await Promise.all([save(token, note), save(token, note)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.dataType, 'note_object')));
    expect(rows.filter((o) => o.metadata.client_id === note.client_id)).toHaveLength(1);
  });

  it('stores a save once when both copies pass the look-up before either is inserted', async () => {
    const me = await signedInUser(t.app);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, me.info.id as string));
    if (!user) throw new Error('no user');
    const desk = createDeskService({
      db: t.database.db,
      signer: createUrlSigner('x'.repeat(32)),
      releaseBlobs: async () => {},
      onItemsAdded: () => {},
      onLinksSaved: null,
    });
    // Each copy waits, after finding no earlier save, until the other has looked too: the race, every time.
    let arrived = 0;
    let bothLooked = () => {};
    const looked = new Promise<void>((resolve) => {
      bothLooked = resolve;
    });
    const racing: typeof desk = {
      ...desk,
      createItem: async (...args) => {
        arrived += 1;
        if (arrived === 2) bothLooked();
        await looked;
        return desk.createItem(...args);
      },
    };
    const saveOnce = createExtensionSaver({ db: t.database.db, desk: racing });
    const note = { kind: 'note' as const, client_id: randomUUID(), text: 'Raced' };
    const [a, b] = await Promise.all([saveOnce(user, note), saveOnce(user, note)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(b.body.created === false || a.body.created === false).toBe(true);
    const rows = await t.database.db.select().from(objects).where(eq(objects.ownerId, user.id));
    expect(rows.filter((o) => o.metadata.client_id === note.client_id)).toHaveLength(1);
  });
});
