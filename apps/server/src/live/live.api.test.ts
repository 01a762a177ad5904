import {
  GRAPHQL_PATH,
  LIVE_TOO_MANY_CONNECTIONS,
  type LiveRecommendation,
  type LiveSourceConnection,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  RECOMMENDATIONS_SUBSCRIPTION,
  SAVE_WHATSAPP_MUTATION,
  SOURCES_SUBSCRIPTION,
  USER_SUBSCRIPTION,
  type UserInfo,
} from '@easio/shared';
import { eq } from 'drizzle-orm';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTokenIssuer } from '../auth/tokens.js';
import { type Database, openPostgres } from '../db/client.js';
import { recommendations, sourceConnections } from '../db/schema.js';
import { DB_KINDS, openTestDatabase } from '../test/databases.js';
import { buildTestApp, signedInUser, TEST_JWT_SECRET, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;
interface Stream<T> {
  values: T[];
  errors: unknown[];
  /** The first value (arrived or to come, within a second) that passes the test. */
  until(test: (value: T) => boolean): Promise<T>;
}

/** Listens on a free port and answers the GraphQL WebSocket address. */
async function listening(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}${GRAPHQL_PATH}`;
}

interface OpenClient {
  client: Client;
  /** When the server acknowledged the connection. */
  connected: Promise<void>;
  /** How it closed: the code and the reason. */
  closing: Promise<{ code: number; reason: string }>;
  closed: Promise<number>;
}

function client(url: string, token: string | null): OpenClient {
  let closedWith: (event: { code: number; reason: string }) => void = () => {};
  const closing = new Promise<{ code: number; reason: string }>((resolve) => {
    closedWith = resolve;
  });
  let connectedNow = () => {};
  const connected = new Promise<void>((resolve) => {
    connectedNow = resolve;
  });
  const c = createClient({
    url,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    // The close is what these tests look at (`on.closed`), not a console line.
    onNonLazyError: () => {},
    connectionParams: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    on: {
      connected: () => connectedNow(),
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        closedWith({ code, reason });
      },
    },
  });
  return { client: c, connected, closing, closed: closing.then((event) => event.code) };
}

/** A GraphQL request over HTTP as `user` (or no one), with its status, body and headers. */
async function graphqlOver(t: TestApp, user: User | null, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: GRAPHQL_PATH,
    headers: user ? user.auth : {},
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

/** Subscribes and collects what arrives (changes close together may come as one value). */
function collect<T>(
  c: { client: Client },
  query: string,
  variables: Record<string, unknown>,
  field: string,
): Stream<T> {
  const values: T[] = [];
  const errors: unknown[] = [];
  const waiters = new Set<{ test: (value: T) => boolean; resolve: (value: T) => void }>();
  c.client.subscribe(
    { query, variables },
    {
      next: (result) => {
        if (result.errors) errors.push(...result.errors);
        const value = (result.data as Record<string, T> | null | undefined)?.[field];
        if (value === undefined) return;
        values.push(value);
        for (const w of waiters) {
          if (w.test(value)) {
            waiters.delete(w);
            w.resolve(value);
          }
        }
      },
      error: (err) => errors.push(err),
      complete: () => {},
    },
  );
  return {
    values,
    errors,
    until: (test) => {
      const found = values.find(test);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<T>((resolve, reject) => {
        const waiter = { test, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter))
            reject(new Error(`no such value within a second; got ${JSON.stringify(values)}`));
        }, 1000);
      });
    },
  };
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DB_KINDS)('live data over GraphQL on %s', (kind) => {
  let t: TestApp;
  let me: User;
  let other: User;
  let url: string;
  const clients: Client[] = [];
  const open = (token: string | null) => {
    const c = client(url, token);
    clients.push(c.client);
    return c;
  };

  const graphql = (user: User | null, payload: unknown) => graphqlOver(t, user, payload);
  const propose = (owner: User, tags: string[]) =>
    t.database.db.insert(recommendations).values({
      ownerId: owner.info.id as string,
      objectIds: [],
      drawerNameOptions: ['Finance'],
      binderNameOptions: ['Invoices'],
      tags,
      score: 0.5,
      modelVersion: 'test',
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
    url = await listening(t);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t.close();
  });

  it('answers queries over HTTP for the token’s user only', async () => {
    const own = await graphql(me, {
      query: USER_SUBSCRIPTION.replace('subscription', 'query'),
      variables: { id: me.info.id },
    });
    expect(own.status).toBe(200);
    expect((own.body.data as { users: UserInfo[] }).users).toEqual([me.info]);
    const theirs = await graphql(me, {
      query: USER_SUBSCRIPTION.replace('subscription', 'query'),
      variables: { id: other.info.id },
    });
    expect((theirs.body.data as { users: UserInfo[] }).users).toEqual([]);
    expect((await graphql(null, { query: '{ users { id } }' })).status).toBe(401);
  });

  it('saves the WhatsApp number of the token’s user, never of another, and refuses a bad number', async () => {
    const saved = await graphql(me, {
      query: SAVE_WHATSAPP_MUTATION,
      variables: { id: me.info.id, phone_number: '9876543210', region: 'IN' },
    });
    expect((saved.body.data as { update_users_by_pk: UserInfo }).update_users_by_pk).toMatchObject({
      phone_number: '9876543210',
      whatsapp_active: true,
      region: 'IN',
    });
    const theirs = await graphql(me, {
      query: SAVE_WHATSAPP_MUTATION,
      variables: { id: other.info.id, phone_number: '1234567890', region: 'IN' },
    });
    expect((theirs.body.data as { update_users_by_pk: null }).update_users_by_pk).toBeNull();
    const them = await graphql(other, { query: `{ users { phone_number whatsapp_active } }` });
    expect((them.body.data as { users: unknown[] }).users).toEqual([
      { phone_number: null, whatsapp_active: false },
    ]);
    const bad = await graphql(me, {
      query: SAVE_WHATSAPP_MUTATION,
      variables: { id: me.info.id, phone_number: '12ab', region: 'IN' },
    });
    expect((bad.body.errors as { message: string }[])[0]?.message).toBe('Invalid number');
    const mine = await graphql(me, { query: `{ users { phone_number } }` });
    expect((mine.body.data as { users: unknown[] }).users).toEqual([{ phone_number: '9876543210' }]);
  });

  it('refuses malformed queries, unknown fields and subscriptions over HTTP with a detail', async () => {
    const malformed = await graphql(me, { query: '{ users { id ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/Syntax Error/);
    const unknown = await graphql(me, { query: '{ users { password_hash } }' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/password_hash/);
    const badFilter = await graphql(me, { query: '{ users(where: {email: {_eq: "x"}}) { id } }' });
    expect(badFilter.status).toBe(400);
    const overHttp = await graphql(me, { query: USER_SUBSCRIPTION, variables: { id: me.info.id } });
    expect(overHttp.status).toBe(400);
    expect(overHttp.body.detail).toMatch(/WebSocket/);
    expect((await graphql(me, { nope: 1 })).status).toBe(400);
  });

  it('refuses a flood of aliases (each a database read) at once, over HTTP and the socket', async () => {
    // About 2,500 aliases fit the 64 KB a request may be.
    const flood = `{ ${Array.from({ length: 2500 }, (_, i) => `a${i}: users { id }`).join(' ')} }`;
    const overHttp = await graphql(me, { query: flood });
    expect(overHttp.status).toBe(400);
    expect(overHttp.body.detail).toMatch(/aliases|tokens/i);
    const introspection = await graphql(me, { query: '{ __schema { types { name } } }' });
    expect(introspection.status).toBe(400);
    expect(introspection.body.detail).toMatch(/introspection/i);

    const { client: socket } = open(me.accessToken);
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: users { id }`).join(' ');
    const refused = await new Promise<unknown>((resolve) => {
      socket.subscribe(
        { query: `subscription { ${aliases} }` },
        { next: () => {}, error: resolve, complete: () => resolve(null) },
      );
    });
    expect(JSON.stringify(refused)).toMatch(/aliases/i);
  });

  it('delivers the user and their open recommendations live, and each change within a second', async () => {
    const c = open(me.accessToken);
    const user = collect<UserInfo[]>(c, USER_SUBSCRIPTION, { id: me.info.id }, 'users');
    const recs = collect<LiveRecommendation[]>(
      c,
      RECOMMENDATIONS_SUBSCRIPTION,
      { id: me.info.id },
      'recommendations_view',
    );
    await user.until((v) => v[0]?.username === me.info.username);
    await recs.until((v) => v.length === 0);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/me/edit_profile',
      headers: me.auth,
      payload: { first_name: 'Asha' },
    });
    await user.until((v) => v[0]?.first_name === 'Asha');

    await propose(me, ['first']);
    await propose(me, ['second']);
    // Newest first, open ones only.
    const both = await recs.until((v) => v.length === 2);
    expect(both.map((r) => r.tags)).toEqual([['second'], ['first']]);
    expect(both[0]).toMatchObject({ user_id: me.info.id, object_count: 0, ignored: false });
    await t.database.db.update(recommendations).set({ ignored: true });
    await recs.until((v) => v.length === 0);
  });

  it('delivers the progress of the user’s source syncs as it changes, and none of another user’s', async () => {
    const c = open(me.accessToken);
    const mine = collect<LiveSourceConnection[]>(
      c,
      SOURCES_SUBSCRIPTION,
      { id: me.info.id },
      'source_connections',
    );
    const theirs = collect<LiveSourceConnection[]>(
      c,
      SOURCES_SUBSCRIPTION,
      { id: other.info.id },
      'source_connections',
    );
    await mine.until((v) => v.length === 0);
    const [row] = await t.database.db
      .insert(sourceConnections)
      .values({ ownerId: me.info.id as string, service: 'gdrive', tokens: 'sealed', state: 'syncing' })
      .returning();
    await mine.until((v) => v[0]?.state === 'syncing');
    await t.database.db
      .update(sourceConnections)
      .set({ seen: 200, imported: 198, failed: 2 })
      .where(eq(sourceConnections.id, row?.id as string));
    const progress = await mine.until((v) => v[0]?.seen === 200);
    expect(progress[0]).toMatchObject({ service: 'gdrive', imported: 198, failed: 2, last_sync_at: null });
    await t.database.db
      .insert(sourceConnections)
      .values({ ownerId: other.info.id as string, service: 'gdrive', tokens: 'sealed' });
    await later(300);
    expect(theirs.values.every((v) => v.length === 0)).toBe(true);
  });

  it('shows nothing of another user, whatever the filter says, and nothing of their changes', async () => {
    const c = open(me.accessToken);
    const theirs = collect<UserInfo[]>(c, USER_SUBSCRIPTION, { id: other.info.id }, 'users');
    const theirRecs = collect<LiveRecommendation[]>(
      c,
      RECOMMENDATIONS_SUBSCRIPTION,
      { id: other.info.id },
      'recommendations_view',
    );
    await theirs.until((v) => v.length === 0);
    await theirRecs.until((v) => v.length === 0);
    await propose(other, ['theirs']);
    await later(300);
    expect(theirRecs.values).toEqual([[]]);
  });

  it('refuses a connection without a valid token', async () => {
    expect(await open(null).closed).toBe(4403);
    expect(await open('not-a-token').closed).toBe(4403);
  });

  it('closes the connection when its token expires', async () => {
    // Three seconds to live: long enough to connect and subscribe on a busy machine, short to wait for.
    const shortLived = await createTokenIssuer(TEST_JWT_SECRET, 3 / 3600).sign({
      id: me.info.id as string,
      email: me.info.email as string,
      rootFolder: me.info.root_folder as string,
    });
    const c = open(shortLived);
    const user = collect<UserInfo[]>(c, USER_SUBSCRIPTION, { id: me.info.id }, 'users');
    await user.until((v) => v.length === 1);
    expect(await c.closed).toBe(4401);
  });

  it(`caps a connection at ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions, the others unaffected`, async () => {
    const c = open(me.accessToken);
    const streams = Array.from({ length: MAX_SUBSCRIPTIONS_PER_CONNECTION + 1 }, () =>
      collect<UserInfo[]>(c, USER_SUBSCRIPTION, { id: me.info.id }, 'users'),
    );
    // Until every stream has its first answer or its refusal (a fixed wait failed on a loaded machine).
    await expect
      .poll(() => streams.filter((s) => s.errors.length > 0 || s.values.length > 0).length, {
        timeout: 10_000,
      })
      .toBe(streams.length);
    const refused = streams.filter((s) => s.errors.length > 0);
    expect(refused).toHaveLength(1);
    expect(
      String((refused[0]?.errors[0] as { message?: string }[])?.[0]?.message ?? refused[0]?.errors[0]),
    ).toMatch(/At most/);
    expect(streams.filter((s) => s.values.length > 0)).toHaveLength(MAX_SUBSCRIPTIONS_PER_CONNECTION);
  });
});

describe.each(DB_KINDS)('live data limits per user on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const clients: Client[] = [];
  const open = (token: string) => {
    const c = client(url, token);
    clients.push(c.client);
    return c;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { LIVE_CONNECTIONS_PER_USER: '2', GRAPHQL_OPERATIONS_PER_MINUTE: '2' },
    });
    url = await listening(t);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t.close();
  });

  it('refuses a connection over a user’s cap with 1013 and why; another user’s, and one once theirs closed, connect', async () => {
    const ann = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const first = open(ann.accessToken);
    await first.connected;
    await open(ann.accessToken).connected;
    expect(await open(ann.accessToken).closing).toEqual({
      code: LIVE_TOO_MANY_CONNECTIONS,
      reason: 'Too many live connections for this account (at most 2)',
    });
    await open(bob.accessToken).connected;

    await first.client.dispose();
    expect(await first.closed).toBe(1000);
    // Once the server has seen it close, a new connection takes its place.
    await expect
      .poll(
        () => {
          const next = open(ann.accessToken);
          return Promise.race([next.connected.then(() => 'connected'), next.closed]);
        },
        { timeout: 5000, interval: 100 },
      )
      .toBe('connected');
  });

  it('answers 429 {detail} with Retry-After over HTTP, and an error over the socket, past a user’s rate; another user is unaffected', async () => {
    const ann = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const query = { query: '{ users { id } }' };
    expect((await graphqlOver(t, ann, query)).status).toBe(200);
    expect((await graphqlOver(t, ann, query)).status).toBe(200);
    const refused = await graphqlOver(t, ann, query);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many GraphQL requests: try again in \d+ seconds?$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await graphqlOver(t, bob, query)).status).toBe(200);

    // Over the socket, subscriptions are operations too, from the same allowance.
    const cy = await signedInUser(t.app);
    const c = open(cy.accessToken);
    const streams = [1, 2, 3].map(() =>
      collect<UserInfo[]>(c, USER_SUBSCRIPTION, { id: cy.info.id }, 'users'),
    );
    await expect
      .poll(() => streams.filter((s) => s.errors.length > 0 || s.values.length > 0).length, {
        timeout: 10_000,
      })
      .toBe(3);
    const errors = streams.flatMap((s) => s.errors);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toMatch(/Too many GraphQL requests: try again in \d+ seconds?/);
    expect(streams.filter((s) => s.values.length > 0)).toHaveLength(2);
    expect((await graphqlOver(t, cy, query)).status).toBe(429);
    expect((await graphqlOver(t, bob, query)).status).toBe(200);
  });
});

describe('a server stopping with live connections open', () => {
  it('tells each one it is going away (1001) and closes, rather than waiting for them', async () => {
    const t = await buildTestApp('pglite');
    const me = await signedInUser(t.app);
    const c = client(await listening(t), me.accessToken);
    try {
      await c.connected;
      const stillOpen = new Promise<'still waiting'>((resolve) =>
        setTimeout(() => resolve('still waiting'), 10_000).unref(),
      );
      const closed = t.close().then(() => 'closed' as const);
      expect(await Promise.race([closed, stillOpen])).toBe('closed');
      expect(await c.closing).toEqual({ code: 1001, reason: 'Server shutting down' });
    } finally {
      await c.client.dispose();
    }
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('two servers on one PostgreSQL', () => {
  let shared: Database & { url?: string };
  let second: Database;
  let a: TestApp;
  let b: TestApp;
  let me: User;

  beforeAll(async () => {
    shared = await openTestDatabase('postgres');
    second = await openPostgres(shared.url as string);
    a = await buildTestApp('postgres', { database: shared });
    b = await buildTestApp('postgres', { database: second });
    me = await signedInUser(a.app);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await second.close();
    await shared.close();
  });

  it('both deliver a change made through either, within a second', async () => {
    const clientA = client(await listening(a), me.accessToken);
    const clientB = client(await listening(b), me.accessToken);
    try {
      const onA = collect<UserInfo[]>(clientA, USER_SUBSCRIPTION, { id: me.info.id }, 'users');
      const onB = collect<UserInfo[]>(clientB, USER_SUBSCRIPTION, { id: me.info.id }, 'users');
      await onA.until((v) => v.length === 1);
      await onB.until((v) => v.length === 1);
      await b.app.inject({
        method: 'POST',
        url: '/api/auth/users/me/edit_profile',
        headers: me.auth,
        payload: { last_name: 'Rao' },
      });
      await onA.until((v) => v[0]?.last_name === 'Rao');
      await onB.until((v) => v[0]?.last_name === 'Rao');
      await a.app.inject({
        method: 'POST',
        url: GRAPHQL_PATH,
        headers: me.auth,
        payload: {
          query: SAVE_WHATSAPP_MUTATION,
          variables: { id: me.info.id, phone_number: '44123456789', region: 'GB' },
        },
      });
      await onA.until((v) => v[0]?.phone_number === '44123456789');
      await onB.until((v) => v[0]?.phone_number === '44123456789');
    } finally {
      await clientA.client.dispose();
      await clientB.client.dispose();
    }
  });
});
