import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import {
  brokenCharsetMessage,
  messageWithBigAttachment,
  nestedMessage,
  plainMessage,
} from '../../test/mail-messages.js';
import { multipartBody, TINY_PNG } from '../../test/multipart.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

const mboxOf = (...messages: (string | Buffer)[]) =>
  Buffer.concat(
    messages.flatMap((m, i) => [
      Buffer.from(`From sender@example.org Mon Nov  2 1${i % 10}:00:00 2026\n`),
      Buffer.from(
        m
          .toString()
          .replace(/\r\n/g, '\n')
          .replace(/^From /gm, '>From '),
      ),
      Buffer.from('\n'),
    ]),
  );

describe.each(DB_KINDS)('.eml and .mbox upload on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { MAX_UPLOAD_MB: '1' } });
  });
  afterAll(() => t.close());

  const upload = (me: User, files: { name: string; data: Buffer; type?: string }[]) => {
    const { payload, headers } = multipartBody(
      files.map((f) => ({ name: f.name, bytes: f.data, type: f.type })),
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/mail/files',
      headers: { ...me.auth, ...headers },
      payload,
    });
  };
  const items = (me: User) =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'mail')));

  it('imports an .eml with its attachment, and again changes nothing', async () => {
    const me = await signedInUser(t.app);
    const eml = {
      name: 'invoice.eml',
      data: Buffer.from(nestedMessage('eml-1@example.org')),
      type: 'message/rfc822',
    };
    const first = await upload(me, [eml]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ messages: 1, imported: 2, skipped: 0, failed: 0 });
    const again = await upload(me, [eml]);
    expect(again.json()).toEqual({ messages: 1, imported: 0, skipped: 1, failed: 0 });
    const stored = await items(me);
    expect(stored.map((o) => o.name).sort()).toEqual([
      'Rechnung für November (Café)',
      'Rechnung für November.pdf',
    ]);
  });

  it('streams an mbox: oddities read, an oversize message kept but for the part over the limit', async () => {
    const me = await signedInUser(t.app);
    const mbox = mboxOf(
      plainMessage({
        id: 'm1@x',
        subject: 'First',
        body: 'From the start, a line that looks like a separator.',
      }),
      brokenCharsetMessage('m2@x'),
      messageWithBigAttachment('m3@x', 2 * 1024 * 1024),
      nestedMessage('m4@x'),
      'Not: really\n\nno e-mail headers here\n',
    );
    const res = await upload(me, [{ name: 'archive.mbox', data: mbox }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ messages: 5, imported: 6, skipped: 0, failed: 2 });
    const stored = await items(me);
    expect(stored.map((o) => o.name).sort()).toEqual([
      'Broken charset',
      'First',
      'Holiday pictures',
      'Rechnung für November (Café)',
      'Rechnung für November.pdf',
      'notes.txt',
    ]);
    expect(stored.find((o) => o.name === 'First')?.content).toContain('From the start, a line');
    expect(stored.find((o) => o.name === 'Holiday pictures')?.content).toContain('Two files.');
    const failures = (
      await t.app.inject({ method: 'GET', url: '/api/sources/mail_files/failures', headers: me.auth })
    ).json().failures;
    expect(failures).toHaveLength(2);
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'video.bin',
          external_id: 'mail:m3@x#2',
          reason: 'Larger than the 1 MB this server accepts',
        }),
        expect.objectContaining({
          name: 'archive.mbox, message 5',
          reason: 'Not readable as an e-mail: It has no e-mail headers',
        }),
      ]),
    );
  });

  it('keeps an oversize .eml but for its part over the limit', async () => {
    const me = await signedInUser(t.app);
    const eml = Buffer.from(messageWithBigAttachment('big-eml@x', 1.5 * 1024 * 1024));
    const res = await upload(me, [{ name: 'big.eml', data: eml }]);
    expect(res.json()).toEqual({ messages: 1, imported: 2, skipped: 0, failed: 1 });
    const stored = await items(me);
    expect(stored.map((o) => o.name).sort()).toEqual(['Holiday pictures', 'notes.txt']);
    const notes = stored.find((o) => o.name === 'notes.txt');
    expect(notes).toMatchObject({ size: 'small notes'.length, mimeType: 'text/plain' });
    expect(notes?.metadata.email_id).toBe(stored.find((o) => o.name === 'Holiday pictures')?.id);
  });

  it('lists a file that is not mail among others as failed and answers the counts', async () => {
    const me = await signedInUser(t.app);
    const res = await upload(me, [
      { name: 'one.eml', data: Buffer.from(plainMessage({ id: 'multi-1@x', subject: 'One' })) },
      { name: 'photo.eml', data: TINY_PNG },
      { name: 'two.eml', data: Buffer.from(plainMessage({ id: 'multi-2@x', subject: 'Two' })) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ messages: 2, imported: 2, skipped: 0, failed: 1 });
    expect((await items(me)).map((o) => o.name).sort()).toEqual(['One', 'Two']);
    const failures = (
      await t.app.inject({ method: 'GET', url: '/api/sources/mail_files/failures', headers: me.auth })
    ).json().failures;
    expect(failures).toMatchObject([
      { name: 'photo.eml', reason: 'photo.eml is not an e-mail message (.eml) or an mbox archive' },
    ]);
  });

  it('refuses what is not mail, and an upload without a file, storing nothing', async () => {
    const me = await signedInUser(t.app);
    const picture = await upload(me, [{ name: 'photo.eml', data: TINY_PNG }]);
    expect(picture.statusCode).toBe(422);
    expect(picture.json().detail).toBe('photo.eml is not an e-mail message (.eml) or an mbox archive');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/mail/files',
      headers: { ...me.auth, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(415);
    expect(await items(me)).toEqual([]);
  });
});
