import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { multipartBody, TINY_PNG } from '../../test/multipart.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

const CHAT = [
  '31/12/2023, 21:41 - Messages and calls are end-to-end encrypted.',
  '31/12/2023, 21:41 - Ana: Happy new year!',
  'See you tomorrow',
  '01/01/2024, 09:05 - Ravi: IMG-20240101-WA0001.png (file attached)',
  'The receipt',
  '01/01/2024, 09:06 - Ana: https://example.com/flat',
  '02/01/2024, 10:00 - Ana: location: https://maps.google.com/?q=18.5204,73.8567',
  '02/01/2024, 10:05 - Ravi: Thanks',
].join('\n');

/** Sets every size field of a one-entry ZIP to `size` (a zip bomb's declared size). */
function declareSize(zip: Uint8Array, size: number): Buffer {
  const b = Buffer.from(zip);
  for (let i = 0; i < b.length - 4; i++) {
    const sig = b.readUInt32LE(i);
    if (sig === 0x04034b50) b.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50) b.writeUInt32LE(size, i + 24);
  }
  return b;
}

describe.each(DB_KINDS)('WhatsApp chat export import on %s', (kind) => {
  let t: TestApp;
  let me: User;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { MAX_UPLOAD_MB: '5' } });
    me = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  const upload = (name: string, bytes: Buffer) => {
    const body = multipartBody([{ name, bytes }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/chat_exports',
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const importChat = (id: string, keep: string[]) =>
    t.app.inject({
      method: 'POST',
      url: `/api/whatsapp/chat_exports/${id}/import`,
      headers: me.auth,
      payload: { keep },
    });
  const items = () =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'whatsapp')));

  it("describes a .zip export, imports the chosen person's messages with their media, and a second import doubles nothing", async () => {
    const zip = Buffer.from(
      zipSync({
        'WhatsApp Chat with Ana/_chat.txt': Buffer.from(CHAT),
        'WhatsApp Chat with Ana/IMG-20240101-WA0001.png': TINY_PNG,
      }),
    );
    const described = await upload('WhatsApp Chat with Ana.zip', zip);
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({
      messages: 5,
      senders: [
        { name: 'Ana', messages: 3 },
        { name: 'Ravi', messages: 2 },
      ],
      files: 2,
      missing_files: 0,
    });
    const id = described.json<{ id: string }>().id;
    const done = await importChat(id, ['Ravi']);
    expect(done.json()).toEqual({ imported: 2, skipped: 0, failed: 0 });
    const mine = await items();
    const photo = mine.find((i) => i.name === 'IMG-20240101-WA0001.png');
    expect(photo).toMatchObject({ dataType: 'file_object', content: 'The receipt', mimeType: 'image/png' });
    expect(photo?.sourceCreatedAt?.toISOString()).toBe('2024-01-01T09:05:00.000Z');
    expect(mine.find((i) => i.name === 'Thanks')).toMatchObject({ dataType: 'note_object' });

    // The upload is gone once imported; uploading again and keeping Ana too adds only Ana's.
    expect((await importChat(id, ['Ravi'])).statusCode).toBe(404);
    const again = await upload('chat.zip', zip);
    const both = await importChat(again.json<{ id: string }>().id, ['Ana', 'Ravi']);
    expect(both.json()).toEqual({ imported: 3, skipped: 2, failed: 0 });
    const names = (await items()).map((i) => i.name).sort();
    expect(names).toEqual([
      '18.52040, 73.85670',
      'Happy new year!',
      'IMG-20240101-WA0001.png',
      'Thanks',
      'https://example.com/flat',
    ]);
    const flat = (await items()).find((i) => i.name === 'https://example.com/flat');
    expect(flat?.dataType).toBe('url_object');
  });

  it('imports a .txt export (a media message without its file keeps its caption)', async () => {
    const described = await upload('_chat.txt', Buffer.from(CHAT.replaceAll('Ravi', 'Dev')));
    expect(described.json()).toMatchObject({ messages: 5, files: 0, missing_files: 1 });
    const done = await importChat(described.json<{ id: string }>().id, ['Dev']);
    expect(done.json()).toMatchObject({ imported: 2 });
    const receipt = (await items()).find((i) => i.content === 'The receipt' && i.dataType === 'note_object');
    expect(receipt?.metadata).toMatchObject({ whatsapp: { sender: 'Dev' } });
  });

  it('refuses binary junk, a zip bomb by its declared size, a ZIP without a chat and bad choices, storing nothing', async () => {
    const before = (await items()).length;
    const junk = await upload('chat.txt', Buffer.from([0, 1, 2, 0xff, 0xfe, 0, 0x50, 0x4b]));
    expect(junk.statusCode).toBe(422);
    expect(junk.json()).toEqual({
      detail: 'This is not a WhatsApp chat export: no messages were found in it',
    });

    const bomb = declareSize(zipSync({ '_chat.txt': Buffer.from(CHAT) }), 2 ** 31);
    const refused = await upload('bomb.zip', bomb);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ detail: string }>().detail).toMatch(/larger than this server accepts/);

    // An entry holding more than it declares is refused when read, by its actual size.
    const liar = declareSize(zipSync({ '_chat.txt': Buffer.from(CHAT) }, { level: 0 }), 10);
    const lied = await upload('liar.zip', liar);
    expect(lied.statusCode).toBe(422);

    const noChat = await upload('photos.zip', Buffer.from(zipSync({ 'a.png': TINY_PNG })));
    expect(noChat.json()).toEqual({ detail: 'The ZIP holds no WhatsApp chat (_chat.txt)' });

    const broken = await upload(
      'broken.zip',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 7)]),
    );
    expect(broken.statusCode).toBe(422);

    const fine = await upload('_chat.txt', Buffer.from(CHAT));
    const id = fine.json<{ id: string }>().id;
    expect((await importChat(id, [])).statusCode).toBe(422);
    expect((await importChat('not-an-id', ['Ana'])).statusCode).toBe(422);
    const tooBig = await upload('big.txt', Buffer.alloc(6 * 1024 * 1024, 'a'));
    expect(tooBig.statusCode).toBe(413);
    expect((await items()).length).toBe(before);
  });
});
