import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects, sourceConnections } from '../../db/schema.js';
import { startCuttingProxy } from '../../test/cutting-proxy.js';
import { DB_KINDS } from '../../test/databases.js';
import { startDovecot, type TestMailServer } from '../../test/dovecot.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';
import { messageWithBigAttachment, nestedMessage, plainMessage } from './test-messages.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('IMAP import on %s', (kind) => {
  let mail: TestMailServer;
  let t: TestApp;
  let n = 0;
  /** A mailbox of its own for each test. */
  const mailbox = () => `user${++n}`;

  beforeAll(async () => {
    mail = await startDovecot(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`user${i + 1}`, 'app-pass'])),
    );
    t = await buildTestApp(kind, {
      sources: true,
      env: { ALLOW_PRIVATE_ADDRESSES: 'true', IMAP_ALLOW_PLAINTEXT: 'true', MAX_UPLOAD_MB: '1' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  const account = (user: string, extra: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: mail.port,
    security: 'starttls',
    user,
    password: 'app-pass',
    ...extra,
  });
  async function connect(me: User, body: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mail/imap/connect',
      headers: me.auth,
      payload: body,
    });
    await t.queue?.drain();
    return res;
  }
  const syncNow = async (me: User) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sources/imap/sync', headers: me.auth });
    expect(res.statusCode).toBe(202);
    await t.queue?.drain();
  };
  const connection = async (me: User) =>
    (await t.app.inject({ method: 'GET', url: '/api/sources', headers: me.auth }))
      .json<{ connections: Record<string, unknown>[] }>()
      .connections.find((c) => c.service === 'imap');
  const items = (me: User) =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'mail')));

  it('refuses a wrong password and a port where nothing answers, saving nothing', async () => {
    const me = await signedInUser(t.app);
    const user = mailbox();
    const wrong = await connect(me, { ...account(user), password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toMatch(/refused this user name and password/);
    const closed = await connect(me, account(user, { port: 1 }));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().detail).toBe('Nothing answers at 127.0.0.1:1: check the server and the port.');
    const bad = await connect(me, account(user, { port: 'x', security: 'ssl' }));
    expect(bad.statusCode).toBe(422);
    expect(await connection(me)).toBeUndefined();
  });

  it('imports e-mails with their attachments, sealed credentials, read-only by default', async () => {
    const me = await signedInUser(t.app);
    const user = mailbox();
    await mail.append(user, 'INBOX', nestedMessage('invoice-1@example.org'));
    await mail.append(user, 'INBOX', plainMessage({ id: 'hello-1@example.org', subject: 'Hello there' }));
    const res = await connect(me, account(user));
    expect(res.statusCode).toBe(200);
    expect(res.json().folders.map((f: { path: string }) => f.path)).toContain('INBOX');
    expect(await connection(me)).toMatchObject({
      state: 'idle',
      account_email: `${user}@127.0.0.1`,
      progress: { imported: 3, failed: 0 },
      settings: { folders: ['INBOX'], after_import: 'nothing' },
    });
    const stored = await items(me);
    const email = stored.find((o) => o.name === 'Rechnung für November (Café)');
    expect(email).toMatchObject({ dataType: 'email_object', externalId: 'mail:invoice-1@example.org' });
    expect(email?.content).toContain('Ihre Rechnung für November liegt bei.');
    expect(String(email?.metadata.html)).not.toContain('script');
    const pdf = stored.find((o) => o.dataType === 'file_object');
    expect(pdf).toMatchObject({ name: 'Rechnung für November.pdf', mimeType: 'application/pdf' });
    expect(pdf?.metadata.email_id).toBe(email?.id);
    // The password is sealed: it appears nowhere in the row as stored.
    const [row] = await t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    expect(JSON.stringify(row)).not.toContain('app-pass');
    // Read-only: the messages are still unread on the server.
    const c = await mail.client(user);
    await c.mailboxOpen('INBOX');
    const flags = await c.fetchAll('1:*', { flags: true });
    await c.logout();
    expect(flags.every((m) => !m.flags?.has('\\Seen'))).toBe(true);
  });

  it('goes on from the last UID, and a message deleted on the server leaves the desk', async () => {
    const me = await signedInUser(t.app);
    const user = mailbox();
    await mail.append(user, 'INBOX', plainMessage({ id: 'a@x', subject: 'First' }));
    const second = await mail.append(user, 'INBOX', plainMessage({ id: 'b@x', subject: 'Second' }));
    await connect(me, account(user));
    expect((await items(me)).map((o) => o.name).sort()).toEqual(['First', 'Second']);
    await mail.append(user, 'INBOX', plainMessage({ id: 'c@x', subject: 'Third' }));
    await syncNow(me);
    expect(await connection(me)).toMatchObject({ progress: { imported: 1, skipped: 0 } });
    const c = await mail.client(user);
    await c.mailboxOpen('INBOX');
    await c.messageDelete(String(second), { uid: true });
    await c.logout();
    await syncNow(me);
    expect(await connection(me)).toMatchObject({ progress: { imported: 0, removed: 1 } });
    expect((await items(me)).map((o) => o.name).sort()).toEqual(['First', 'Third']);
  });

  it('follows the rules: folders, sender and subject, attachments only; marks read when asked', async () => {
    const me = await signedInUser(t.app);
    const user = mailbox();
    await mail.append(
      user,
      'INBOX',
      plainMessage({ id: 'r1@x', subject: 'Your invoice', from: 'shop@store.example' }),
    );
    await mail.append(
      user,
      'INBOX',
      plainMessage({ id: 'r2@x', subject: 'Newsletter', from: 'news@store.example' }),
    );
    await mail.append(user, 'Receipts', nestedMessage('r3@x'));
    await mail.append(
      user,
      'Receipts',
      plainMessage({ id: 'r4@x', subject: 'Invoice 2', from: 'other@else.example' }),
    );
    const res = await connect(me, {
      ...account(user),
      rules: { folders: ['INBOX', 'Receipts'], from_contains: 'store.example', after_import: 'mark_read' },
    });
    expect(res.statusCode).toBe(200);
    expect((await items(me)).map((o) => o.name).sort()).toEqual(['Newsletter', 'Your invoice']);
    const c = await mail.client(user);
    await c.mailboxOpen('INBOX');
    expect((await c.fetchAll('1:*', { flags: true })).every((m) => m.flags?.has('\\Seen'))).toBe(true);
    await c.mailboxOpen('Receipts');
    expect((await c.fetchAll('1:*', { flags: true })).some((m) => m.flags?.has('\\Seen'))).toBe(false);
    await c.logout();

    // New rules: only the files of messages whose subject says "rechnung", in Receipts.
    const rules = await t.app.inject({
      method: 'PUT',
      url: '/api/sources/imap/settings',
      headers: me.auth,
      payload: { folders: ['Receipts'], subject_contains: 'Rechnung', attachments_only: true },
    });
    expect(rules.statusCode).toBe(200);
    await t.database.db
      .update(sourceConnections)
      .set({ cursor: null })
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    await syncNow(me);
    const names = (await items(me)).map((o) => `${o.dataType}:${o.name}`).sort();
    expect(names).toEqual([
      'email_object:Newsletter',
      'email_object:Your invoice',
      'file_object:Rechnung für November.pdf',
    ]);
    const move = await t.app.inject({
      method: 'PUT',
      url: '/api/sources/imap/settings',
      headers: me.auth,
      payload: { folders: ['Receipts'], after_import: 'move' },
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().detail).toBe('Choose the folder to move imported messages to');
  });

  it('lists an attachment over the limit as failed and keeps the rest of the message', async () => {
    const me = await signedInUser(t.app);
    const user = mailbox();
    await mail.append(user, 'INBOX', messageWithBigAttachment('big@x', 1.5 * 1024 * 1024));
    await connect(me, account(user));
    const names = (await items(me)).map((o) => o.name).sort();
    expect(names).toEqual(['Holiday pictures', 'notes.txt']);
    const failures = (
      await t.app.inject({ method: 'GET', url: '/api/sources/imap/failures', headers: me.auth })
    ).json().failures;
    expect(failures).toMatchObject([
      { name: 'video.bin', reason: 'Larger than the 1 MB this server accepts', external_id: 'mail:big@x#2' },
    ]);
    // Retrying finds it again by its Message-ID, and it is still too large.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/sources/imap/failures/retry',
      headers: me.auth,
      payload: {},
    });
    expect(retry.json()).toEqual({ imported: 0, failed: 1 });
  });

  it('resumes after the server drops the line midway, storing nothing twice', async () => {
    const me = await signedInUser(t.app);
    const user = mailbox();
    const filler = 'lorem ipsum '.repeat(300);
    for (let i = 0; i < 60; i++) {
      await mail.append(
        user,
        'INBOX',
        plainMessage({ id: `m${i}@x`, subject: `Message ${i}`, body: filler }),
      );
    }
    const proxy = await startCuttingProxy(mail.port);
    try {
      proxy.cutAfter = 150_000;
      const res = await connect(me, { ...account(user), port: proxy.port });
      expect(res.statusCode).toBe(200);
      const cut = await connection(me);
      expect(cut).toMatchObject({ state: 'failed' });
      expect(String(cut?.last_error)).toMatch(/closed the connection.*goes on from where this one stopped/);
      const partial = (await items(me)).length;
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(60);
      proxy.cutAfter = null;
      await syncNow(me);
      const all = await items(me);
      expect(await connection(me)).toMatchObject({ state: 'idle', last_error: null });
      expect(all).toHaveLength(60);
      expect(new Set(all.map((o) => o.externalId)).size).toBe(60);
    } finally {
      await proxy.close();
    }
  });

  it('stores a message once whatever folder or upload brings it, and keeps it from other users', async () => {
    const me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const user = mailbox();
    await mail.append(user, 'INBOX', plainMessage({ id: 'same@x', subject: 'Same one' }));
    await mail.append(user, 'Archive', plainMessage({ id: 'same@x', subject: 'Same one' }));
    await connect(me, { ...account(user), rules: { folders: ['INBOX', 'Archive'] } });
    expect((await items(me)).map((o) => o.name)).toEqual(['Same one']);
    expect(await connection(other)).toBeUndefined();
    const sync = await t.app.inject({ method: 'POST', url: '/api/sources/imap/sync', headers: other.auth });
    expect(sync.statusCode).toBe(404);
  });
});
