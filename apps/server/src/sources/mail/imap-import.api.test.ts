import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sourceConnections } from '../../db/schema.js';
import { startCuttingProxy } from '../../test/cutting-proxy.js';
import { DB_KINDS } from '../../test/databases.js';
import { imapTestKit, withProxy } from '../../test/imap-test-kit.js';
import {
  messageWithBigAttachment,
  messageWithTwoFiles,
  nestedMessage,
  plainMessage,
} from '../../test/mail-messages.js';

// Each test reads a mailbox two or three times over a loaded machine: time enough for that.
const SLOW = { timeout: 120_000 };

describe.each(DB_KINDS)('IMAP import on %s', (kind) => {
  const kit = imapTestKit(kind, 24);
  const { mailbox, account, connect, syncNow, connection, items, names } = kit;

  it('refuses a wrong password and a port where nothing answers, saving nothing', async () => {
    const me = await kit.signedInUser();
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
    const me = await kit.signedInUser();
    const user = mailbox();
    await kit.mail.append(user, 'INBOX', nestedMessage('invoice-1@example.org'));
    await kit.mail.append(user, 'INBOX', plainMessage({ id: 'hello-1@example.org', subject: 'Hello there' }));
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
    const [row] = await kit.t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    expect(JSON.stringify(row)).not.toContain('app-pass');
    // Read-only: the messages are still unread on the server.
    const c = await kit.mail.client(user);
    await c.mailboxOpen('INBOX');
    const flags = await c.fetchAll('1:*', { flags: true });
    await c.logout();
    expect(flags.every((m) => !m.flags?.has('\\Seen'))).toBe(true);
  });

  it('goes on from the last UID, and a message deleted on the server leaves the desk', async () => {
    const me = await kit.signedInUser();
    const user = mailbox();
    await kit.mail.append(user, 'INBOX', plainMessage({ id: 'a@x', subject: 'First' }));
    const second = await kit.mail.append(user, 'INBOX', plainMessage({ id: 'b@x', subject: 'Second' }));
    await connect(me, account(user));
    expect((await items(me)).map((o) => o.name).sort()).toEqual(['First', 'Second']);
    await kit.mail.append(user, 'INBOX', plainMessage({ id: 'c@x', subject: 'Third' }));
    await syncNow(me);
    expect(await connection(me)).toMatchObject({ progress: { imported: 1, skipped: 0 } });
    const c = await kit.mail.client(user);
    await c.mailboxOpen('INBOX');
    await c.messageDelete(String(second), { uid: true });
    await c.logout();
    await syncNow(me);
    expect(await connection(me)).toMatchObject({ progress: { imported: 0, removed: 1 } });
    expect((await items(me)).map((o) => o.name).sort()).toEqual(['First', 'Third']);
  });

  it('follows the rules: folders, sender and subject, attachments only; marks read when asked', async () => {
    const me = await kit.signedInUser();
    const user = mailbox();
    await kit.mail.append(
      user,
      'INBOX',
      plainMessage({ id: 'r1@x', subject: 'Your invoice', from: 'shop@store.example' }),
    );
    await kit.mail.append(
      user,
      'INBOX',
      plainMessage({ id: 'r2@x', subject: 'Newsletter', from: 'news@store.example' }),
    );
    await kit.mail.append(user, 'Receipts', nestedMessage('r3@x'));
    await kit.mail.append(
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
    const c = await kit.mail.client(user);
    await c.mailboxOpen('INBOX');
    expect((await c.fetchAll('1:*', { flags: true })).every((m) => m.flags?.has('\\Seen'))).toBe(true);
    await c.mailboxOpen('Receipts');
    expect((await c.fetchAll('1:*', { flags: true })).some((m) => m.flags?.has('\\Seen'))).toBe(false);
    await c.logout();

    // New rules: only the files of messages whose subject says "rechnung", in Receipts. Receipts was read
    // already (under the sender rule, which left its Rechnung out): saving reads it again.
    const rules = await kit.saveRules(me, {
      folders: ['Receipts'],
      subject_contains: 'Rechnung',
      attachments_only: true,
    });
    expect(rules.statusCode).toBe(200);
    const names = (await items(me)).map((o) => `${o.dataType}:${o.name}`).sort();
    expect(names).toEqual([
      'email_object:Newsletter',
      'email_object:Your invoice',
      'file_object:Rechnung für November.pdf',
    ]);
    const move = await kit.saveRules(me, { folders: ['Receipts'], after_import: 'move' });
    expect(move.statusCode).toBe(422);
    expect(move.json().detail).toBe('Choose the folder to move imported messages to');
    const nowhere = await kit.saveRules(me, {
      folders: ['Receipts'],
      after_import: 'move',
      move_to: 'Imported',
    });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().detail).toBe('The mailbox has no folder “Imported” to move imported messages to');
    const unknown = await kit.saveRules(me, { folders: ['Receipts', 'Nope'] });
    expect(unknown.json()).toEqual({ detail: 'The mailbox has no folder “Nope”' });
  });

  it('reads what it had left out again when the age rule is widened', async () => {
    const me = await kit.signedInUser();
    const user = mailbox();
    const c = await kit.mail.client(user);
    await c.append('INBOX', plainMessage({ id: 'old@x', subject: 'Years ago' }), [], new Date('2019-05-01'));
    await c.logout();
    // Below the UID the cursor will be at: only reading the folder again finds the old one.
    await kit.mail.append(user, 'INBOX', plainMessage({ id: 'new@x', subject: 'This year' }));
    await connect(me, account(user));
    expect(await kit.names(me)).toEqual(['This year']);
    const widened = await kit.saveRules(me, { folders: ['INBOX'], max_age_days: null });
    expect(widened.statusCode).toBe(200);
    expect(await kit.names(me)).toEqual(['This year', 'Years ago']);
    expect(await connection(me)).toMatchObject({ state: 'idle', progress: { imported: 1, skipped: 1 } });
  });

  it('takes a new password without losing the rules or where it was; a wrong one changes nothing', async () => {
    const me = await kit.signedInUser();
    const user = mailbox();
    await kit.mail.append(user, 'INBOX', plainMessage({ id: 'pw1@x', subject: 'Before' }));
    const rules = { folders: ['INBOX'], subject_contains: 'Before', max_age_days: 30 };
    await connect(me, { ...account(user), rules });
    const wrong = await kit.api(me, 'POST', '/api/mail/imap/password', { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toMatch(/refused this user name and password/);
    const empty = await kit.api(me, 'POST', '/api/mail/imap/password', { password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ detail: 'password: Enter the new password' });
    const [before] = await kit.t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));

    const updated = await kit.api(me, 'POST', '/api/mail/imap/password', { password: 'app-pass' });
    expect(updated.statusCode).toBe(200);
    await kit.t.queue?.drain();
    expect(await connection(me)).toMatchObject({
      state: 'idle',
      settings: rules,
      progress: { imported: 0, seen: 0 },
    });
    // Connecting the same mailbox again without rules keeps them too, and the cursor.
    await connect(me, account(user));
    const [after] = await kit.t.database.db
      .select()
      .from(sourceConnections)
      .where(eq(sourceConnections.ownerId, me.info.id as string));
    expect(after?.settings).toMatchObject(rules);
    expect(after?.cursor).toEqual(before?.cursor);
    expect(await kit.names(me)).toEqual(['Before']);

    const stranger = await kit.signedInUser();
    const none = await kit.api(stranger, 'POST', '/api/mail/imap/password', { password: 'app-pass' });
    expect(none.statusCode).toBe(404);
  });

  it('lists an attachment over the limit as failed and keeps the rest of the message', async () => {
    const me = await kit.signedInUser();
    const user = mailbox();
    await kit.mail.append(user, 'INBOX', messageWithBigAttachment('big@x', 1.5 * 1024 * 1024));
    await connect(me, account(user));
    const names = (await items(me)).map((o) => o.name).sort();
    expect(names).toEqual(['Holiday pictures', 'notes.txt']);
    const failures = await kit.failures(me);
    expect(failures).toMatchObject([
      { name: 'video.bin', reason: 'Larger than the 1 MB this server accepts', external_id: 'mail:big@x#2' },
    ]);
    // Retrying finds it again by its Message-ID, and it is still too large.
    expect(await kit.retry(me)).toEqual({ imported: 0, failed: 1 });
  });

  // Sixty messages read twice over a cut line: slow on a loaded machine, so given time enough.
  it('resumes after the server drops the line midway, storing nothing twice', {
    timeout: 120_000,
  }, async () => {
    const me = await kit.signedInUser();
    const user = mailbox();
    const filler = 'lorem ipsum '.repeat(300);
    for (let i = 0; i < 60; i++) {
      await kit.mail.append(
        user,
        'INBOX',
        plainMessage({ id: `m${i}@x`, subject: `Message ${i}`, body: filler }),
      );
    }
    const proxy = await startCuttingProxy(kit.mail.port);
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
    const me = await kit.signedInUser();
    const other = await kit.signedInUser();
    const user = mailbox();
    await kit.mail.append(user, 'INBOX', plainMessage({ id: 'same@x', subject: 'Same one' }));
    await kit.mail.append(user, 'Archive', plainMessage({ id: 'same@x', subject: 'Same one' }));
    await connect(me, { ...account(user), rules: { folders: ['INBOX', 'Archive'] } });
    expect((await items(me)).map((o) => o.name)).toEqual(['Same one']);
    expect(await connection(other)).toBeUndefined();
    const sync = await kit.api(other, 'POST', '/api/sources/imap/sync');
    expect(sync.statusCode).toBe(404);
    const password = await kit.api(other, 'POST', '/api/mail/imap/password', { password: 'app-pass' });
    expect(password.statusCode).toBe(404);
  });
  describe('when the server falters or the mailbox changes under it', () => {
    /** Deletes the message with this Message-ID from the folder, on the server. */
    async function deleteOnServer(user: string, folder: string, messageId: string) {
      const c = await kit.mail.client(user);
      try {
        await c.mailboxOpen(folder);
        await c.messageDelete({ header: { 'message-id': messageId } });
      } finally {
        await c.logout();
      }
    }

    it('removes nothing when the search of what a folder holds fails or comes back empty', SLOW, async () => {
      await withProxy(kit.mail.port, async (proxy) => {
        const me = await kit.signedInUser();
        const user = mailbox();
        await kit.mail.append(user, 'INBOX', plainMessage({ id: 's1@x', subject: 'Kept one' }));
        await kit.mail.append(user, 'INBOX', plainMessage({ id: 's2@x', subject: 'Kept two' }));
        await connect(me, account(user, { port: proxy.port }));
        expect(await names(me)).toEqual(['Kept one', 'Kept two']);
        const everything = /UID SEARCH ALL$/;

        proxy.rule = { command: everything, action: 'no' };
        await syncNow(me);
        expect(proxy.hits).toBe(1);
        expect(await connection(me)).toMatchObject({ state: 'failed' });
        expect(String((await connection(me))?.last_error)).toMatch(
          /did not answer the search of “INBOX”: nothing left your desk/,
        );
        expect(await names(me)).toEqual(['Kept one', 'Kept two']);

        proxy.rule = { command: everything, action: 'cut' };
        await syncNow(me);
        expect(proxy.hits).toBe(2);
        expect(await connection(me)).toMatchObject({ state: 'failed' });
        expect(await names(me)).toEqual(['Kept one', 'Kept two']);

        // INBOX says it holds two messages: an empty list is not believed.
        proxy.rule = { command: everything, action: 'empty' };
        await syncNow(me);
        expect(proxy.hits).toBe(3);
        expect(await connection(me)).toMatchObject({ state: 'idle', progress: { removed: 0 } });
        expect(await names(me)).toEqual(['Kept one', 'Kept two']);

        // A real deletion still leaves the desk.
        proxy.rule = null;
        await deleteOnServer(user, 'INBOX', 's2@x');
        await syncNow(me);
        expect(await names(me)).toEqual(['Kept one']);
      });
    });

    it('keeps a message found in two folders until it has left both', SLOW, async () => {
      const me = await kit.signedInUser();
      const user = mailbox();
      await kit.mail.append(user, 'INBOX', nestedMessage('labelled@x'));
      await kit.mail.append(user, 'Invoices', nestedMessage('labelled@x'));
      await connect(me, { ...account(user), rules: { folders: ['INBOX', 'Invoices'] } });
      const both = ['Rechnung für November (Café)', 'Rechnung für November.pdf'];
      expect(await names(me)).toEqual(both);

      // The label taken off (Gmail): still in INBOX, so still on the desk, with its attachment.
      await deleteOnServer(user, 'Invoices', 'labelled@x');
      await syncNow(me);
      expect(await connection(me)).toMatchObject({ state: 'idle', progress: { removed: 0 } });
      expect(await names(me)).toEqual(both);

      await deleteOnServer(user, 'INBOX', 'labelled@x');
      await syncNow(me);
      expect(await connection(me)).toMatchObject({ progress: { removed: 2 } });
      expect(await names(me)).toEqual([]);
    });

    it(
      'after UIDVALIDITY changes, keeps what the rules no longer list, and still sees it go',
      SLOW,
      async () => {
        const me = await kit.signedInUser();
        const user = mailbox();
        const old = plainMessage({ id: 'old@x', subject: 'From 2019' });
        const recent = plainMessage({ id: 'recent@x', subject: 'From now' });
        const fill = async () => {
          const c = await kit.mail.client(user);
          try {
            await c.mailboxCreate('Archive');
            await c.append('Archive', old, [], new Date('2019-05-01'));
            await c.append('Archive', recent);
            return (await c.status('Archive', { uidValidity: true })).uidValidity;
          } finally {
            await c.logout();
          }
        };
        const before = await fill();
        await connect(me, { ...account(user), rules: { folders: ['Archive'], max_age_days: null } });
        expect(await names(me)).toEqual(['From 2019', 'From now']);
        // Narrower rules from now on: what is stored stays.
        await kit.saveRules(me, { folders: ['Archive'], max_age_days: 365 });
        expect(await names(me)).toEqual(['From 2019', 'From now']);

        // The folder made again (a server move, a restore): its UIDs mean other messages now.
        const c = await kit.mail.client(user);
        await c.mailboxDelete('Archive');
        await c.logout();
        const after = await fill();
        expect(after).not.toBe(before);
        await syncNow(me);
        expect(await connection(me)).toMatchObject({ state: 'idle', progress: { removed: 0 } });
        expect(await names(me)).toEqual(['From 2019', 'From now']);

        await deleteOnServer(user, 'Archive', 'old@x');
        await syncNow(me);
        expect(await names(me)).toEqual(['From now']);
      },
    );

    it(
      'lists a message the server would not move, keeps it imported, and moves it on Retry',
      SLOW,
      async () => {
        await withProxy(kit.mail.port, async (proxy) => {
          const me = await kit.signedInUser();
          const user = mailbox();
          await kit.mail.append(user, 'INBOX', plainMessage({ id: 'mv@x', subject: 'To file away' }));
          await kit.mail.append(user, 'Done', plainMessage({ id: 'done@x', subject: 'Already there' }));
          proxy.rule = { command: /UID MOVE/, action: 'no' };
          await connect(me, {
            ...account(user, { port: proxy.port }),
            rules: { folders: ['INBOX'], after_import: 'move', move_to: 'Done' },
          });
          expect(proxy.hits).toBe(1);
          expect(await names(me)).toEqual(['To file away']);
          const [failure] = await kit.failures(me);
          expect(failure).toMatchObject({
            name: 'To file away',
            reason: 'Imported, but the mail server did not move it to “Done”',
          });
          expect(failure?.external_id).toMatch(/^imap-after:INBOX:\d+:1$/);

          proxy.rule = null;
          expect(await kit.retry(me)).toEqual({ imported: 0, failed: 0 });
          expect(await kit.failures(me)).toEqual([]);
          const c = await kit.mail.client(user);
          expect((await c.status('INBOX', { messages: true })).messages).toBe(0);
          expect((await c.status('Done', { messages: true })).messages).toBe(2);
          // The folder to move to gone: the next sync says so rather than failing message by message.
          await c.mailboxDelete('Done');
          await c.logout();
          await syncNow(me);
          expect(await connection(me)).toMatchObject({
            state: 'failed',
            last_error: expect.stringMatching(/no folder “Done” to move imported messages to any more/),
          });
        });
      },
    );

    it('lists a message the server would not mark read', SLOW, async () => {
      await withProxy(kit.mail.port, async (proxy) => {
        const me = await kit.signedInUser();
        const user = mailbox();
        await kit.mail.append(user, 'INBOX', plainMessage({ id: 'seen@x', subject: 'Unread still' }));
        proxy.rule = { command: /UID STORE .*\\Seen/, action: 'no' };
        await connect(me, { ...account(user, { port: proxy.port }), rules: { after_import: 'mark_read' } });
        expect(await names(me)).toEqual(['Unread still']);
        expect(await kit.failures(me)).toMatchObject([
          { name: 'Unread still', reason: 'Imported, but the mail server did not mark it as read' },
        ]);
        proxy.rule = null;
        expect(await kit.retry(me)).toEqual({ imported: 0, failed: 0 });
        expect(await kit.failures(me)).toEqual([]);
      });
    });

    it('a message that failed whole leaves the failures once Retry brings all its files', SLOW, async () => {
      await withProxy(kit.mail.port, async (proxy) => {
        const me = await kit.signedInUser();
        const user = mailbox();
        await kit.mail.append(user, 'INBOX', messageWithTwoFiles('scans@x'));
        proxy.rule = { command: /BODY\.PEEK\[\]/, action: 'no' };
        await connect(me, { ...account(user, { port: proxy.port }), rules: { attachments_only: true } });
        expect(await names(me)).toEqual([]);
        const [failure] = await kit.failures(me);
        expect(failure?.external_id).toMatch(/^imap:INBOX:\d+:1$/);

        proxy.rule = null;
        expect(await kit.retry(me)).toEqual({ imported: 2, failed: 0 });
        expect(await kit.failures(me)).toEqual([]);
        expect(await names(me)).toEqual(['page-1.txt', 'page-2.txt']);
        const stored = await kit.items(me);
        expect(stored.every((o) => o.metadata.attachment_of === undefined)).toBe(true);
      });
    });
  });
});
