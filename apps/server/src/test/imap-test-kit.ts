import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { objects } from '../db/schema.js';
import type { DbKind } from './databases.js';
import { startDovecot, type TestMailServer } from './dovecot.js';
import { type CommandProxy, startCommandProxy } from './imap-command-proxy.js';
import { buildTestApp, signedInUser, type TestApp } from './test-app.js';

export type User = Awaited<ReturnType<typeof signedInUser>>;

/**
 * What the IMAP API tests share: a real Dovecot with `mailboxes` users (`user1`… with the password
 * `app-pass`), the whole server on a fresh database (attachments over 1 MB refused), and calls to its API.
 */
export function imapTestKit(kind: DbKind, mailboxes: number) {
  let mail: TestMailServer | undefined;
  let app: TestApp | undefined;
  let n = 0;
  beforeAll(async () => {
    mail = await startDovecot(
      Object.fromEntries(Array.from({ length: mailboxes }, (_, i) => [`user${i + 1}`, 'app-pass'])),
    );
    app = await buildTestApp(kind, {
      sources: true,
      env: { ALLOW_PRIVATE_ADDRESSES: 'true', IMAP_ALLOW_PLAINTEXT: 'true', MAX_UPLOAD_MB: '1' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });
  const t = () => {
    if (!app) throw new Error('The test app is not running');
    return app;
  };
  const api = async (me: User, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    payload === undefined
      ? t().app.inject({ method, url, headers: me.auth })
      : t().app.inject({ method, url, headers: me.auth, payload });

  return {
    get mail(): TestMailServer {
      if (!mail) throw new Error('Dovecot is not running');
      return mail;
    },
    get t() {
      return t();
    },
    /** A mailbox of its own for each test. */
    mailbox: () => `user${++n}`,
    signedInUser: () => signedInUser(t().app),
    account: (user: string, extra: Record<string, unknown> = {}) => ({
      host: '127.0.0.1',
      port: mail?.port,
      security: 'starttls',
      user,
      password: 'app-pass',
      ...extra,
    }),
    api,
    /** Connects (the first sync runs to its end before this answers). */
    async connect(me: User, body: Record<string, unknown>) {
      const res = await api(me, 'POST', '/api/mail/imap/connect', body);
      await t().queue?.drain();
      return res;
    },
    async syncNow(me: User) {
      const res = await api(me, 'POST', '/api/sources/imap/sync');
      expect(res.statusCode).toBe(202);
      await t().queue?.drain();
    },
    /** Saves the rules; the sync they start runs to its end before this answers. */
    async saveRules(me: User, rules: Record<string, unknown>) {
      const res = await api(me, 'PUT', '/api/sources/imap/settings', rules);
      await t().queue?.drain();
      return res;
    },
    connection: async (me: User) =>
      (await api(me, 'GET', '/api/sources'))
        .json<{ connections: Record<string, unknown>[] }>()
        .connections.find((c) => c.service === 'imap'),
    failures: async (me: User) =>
      (await api(me, 'GET', '/api/sources/imap/failures')).json<{
        failures: { id: number; external_id: string; name: string; reason: string }[];
      }>().failures,
    retry: async (me: User) => (await api(me, 'POST', '/api/sources/imap/failures/retry', {})).json(),
    items: (me: User) =>
      t()
        .database.db.select()
        .from(objects)
        .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'mail'))),
    names: async (me: User) =>
      (
        await t()
          .database.db.select({ name: objects.name })
          .from(objects)
          .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'mail')))
      )
        .map((o) => o.name)
        .sort(),
  };
}

/** Runs `test` with a proxy in front of the test Dovecot, closed after. */
export async function withProxy(port: number, test: (proxy: CommandProxy) => Promise<void>) {
  const proxy = await startCommandProxy(port);
  try {
    await test(proxy);
  } finally {
    await proxy.close();
  }
}
