import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { FAKE_WHATSAPP, type FakeGraph, startFakeGraph } from '../../test/fake-whatsapp/server.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

const sign = (body: string) =>
  `sha256=${createHmac('sha256', FAKE_WHATSAPP.appSecret).update(body).digest('hex')}`;

let n = 0;
const message = (from: string, type: string, fields: Record<string, unknown>) => {
  n += 1;
  return { from, id: `wamid.${n}.${Date.now()}`, timestamp: '1767261600', type, ...fields };
};
const delivery = (messages: unknown[]) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      { id: 'waba', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages } }] },
    ],
  });

describe.each(DB_KINDS)('the WhatsApp webhook on %s', (kind) => {
  let graph: FakeGraph;
  let t: TestApp;
  let me: User;
  const phone = `9198${String(Date.now()).slice(-8)}`;

  beforeAll(async () => {
    graph = await startFakeGraph();
    t = await buildTestApp(kind, {
      previewLinks: true,
      env: {
        WHATSAPP_VERIFY_TOKEN: FAKE_WHATSAPP.verifyToken,
        WHATSAPP_APP_SECRET: FAKE_WHATSAPP.appSecret,
        WHATSAPP_ACCESS_TOKEN: FAKE_WHATSAPP.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: 'easio-number',
        WHATSAPP_API_URL: graph.url,
      },
    });
    me = await signedInUser(t.app);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: me.auth,
      payload: {
        query: `mutation { update_users_by_pk(pk_columns: {id: "${me.info.id}"}, _set: {phone_number: "${phone}", whatsapp_active: true, region: "IN"}) { id } }`,
      },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  const post = (body: string, signature: string | null = sign(body)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
      payload: body,
    });
  const mine = () =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'whatsapp')));

  it("answers Meta's verification only with this server's token", async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${FAKE_WHATSAPP.verifyToken}&hub.challenge=12345`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('12345');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=12345',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('stores every kind of message from a known number once, however often it is delivered, and replies', async () => {
    graph.media.set('media-photo', {
      mimeType: 'image/jpeg',
      content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    });
    graph.media.set('media-doc', { mimeType: 'application/pdf', content: Buffer.from('%PDF-1.4 lease') });
    const body = delivery([
      message(phone, 'text', { text: { body: 'Call the bank about the loan' } }),
      message(phone, 'text', { text: { body: 'http://10.0.0.1/flat' } }),
      message(phone, 'text', { text: { body: 'Look at this flat http://10.0.0.1/flat2' } }),
      message(phone, 'location', {
        location: { latitude: 18.52, longitude: 73.85, name: 'Pune office', address: 'FC Road' },
      }),
      message(phone, 'image', {
        image: { id: 'media-photo', mime_type: 'image/jpeg', caption: 'The receipt' },
      }),
      message(phone, 'document', {
        document: { id: 'media-doc', mime_type: 'application/pdf', filename: 'lease.pdf' },
      }),
      message('15550001111', 'text', { text: { body: 'from a stranger' } }),
      message(phone, 'reaction', { reaction: { emoji: '👍' } }),
    ]);
    const first = await post(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: 8 });
    const again = await post(body);
    expect(again.statusCode).toBe(200);

    const items = await mine();
    const byKind = Object.fromEntries(items.map((i) => [i.name, i]));
    expect(items).toHaveLength(6);
    expect(byKind['Call the bank about the loan']).toMatchObject({ dataType: 'note_object' });
    expect(byKind['http://10.0.0.1/flat']).toMatchObject({
      dataType: 'url_object',
      url: 'http://10.0.0.1/flat',
    });
    expect(byKind['Look at this flat http://10.0.0.1/flat2']).toMatchObject({
      dataType: 'url_note_object',
    });
    // The links sent are previewed (once each, whatever the redeliveries); these point inside a network.
    const links = items.filter((i) => i.url !== null);
    expect(t.previewedLinkIds.sort()).toEqual(links.map((i) => i.id).sort());
    await t.queue?.drain();
    for (const link of await mine()) {
      if (link.url)
        expect(link).toMatchObject({
          jobState: 'failed',
          jobError: '10.0.0.1 is not on the public internet',
        });
    }
    expect(byKind['Pune office']).toMatchObject({
      dataType: 'location_object',
      metadata: expect.objectContaining({ latitude: 18.52 }),
    });
    expect(items.find((i) => i.dataType === 'file_object' && i.content === 'The receipt')?.mimeType).toBe(
      'image/jpeg',
    );
    expect(byKind['lease.pdf']).toMatchObject({ dataType: 'file_object', size: '%PDF-1.4 lease'.length });
    expect(JSON.stringify(items)).not.toContain('from a stranger');
    expect(graph.replies).toEqual([{ to: phone, text: 'Saved to your desk' }]);
  });

  it('lists a media download that fails, asks to be delivered again, and stores it then', async () => {
    graph.media.set('media-flaky', { mimeType: 'audio/ogg', content: Buffer.from('OggS voice') });
    graph.failing.add('media-flaky');
    const body = delivery([
      message(phone, 'audio', { audio: { id: 'media-flaky', mime_type: 'audio/ogg' } }),
    ]);
    const failed = await post(body);
    expect(failed.statusCode).toBe(502);
    const failures = (
      await t.app.inject({ method: 'GET', url: '/api/sources/whatsapp/failures', headers: me.auth })
    ).json<{
      failures: { reason: string }[];
    }>().failures;
    expect(failures).toEqual([
      expect.objectContaining({ reason: "WhatsApp answered 500 for the media's bytes" }),
    ]);

    graph.failing.delete('media-flaky');
    expect((await post(body)).statusCode).toBe(200);
    expect((await mine()).map((i) => i.name)).toContainEqual(
      expect.stringMatching(/^WhatsApp audio 2026-01-01 10\.00\.ogg$/),
    );
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/sources/whatsapp/failures', headers: me.auth })
    ).json<{
      failures: unknown[];
    }>().failures;
    expect(after).toEqual([]);
  });

  it('refuses unsigned, wrongly signed, malformed and oversized deliveries, storing nothing', async () => {
    const before = (await mine()).length;
    const body = delivery([message(phone, 'text', { text: { body: 'sneaky' } })]);
    expect((await post(body, null)).statusCode).toBe(401);
    expect((await post(body, sign(`${body} `))).statusCode).toBe(401);
    expect((await post(body, 'sha256=zz')).statusCode).toBe(401);
    const junk = '{"object": "whatsapp_business_account", "entry": [';
    const malformed = await post(junk);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The delivery is not JSON' });
    expect((await post('{"hello": "world"}')).statusCode).toBe(400);
    const huge = `{"pad": "${'x'.repeat(10 * 1024 * 1024)}"}`;
    expect((await post(huge)).statusCode).toBe(413);
    expect((await mine()).length).toBe(before);
  });

  it('disconnecting WhatsApp turns it off and, when asked, deletes what it brought', async () => {
    const count = (await mine()).length;
    expect(count).toBeGreaterThan(0);
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/sources/whatsapp/disconnect',
      headers: me.auth,
      payload: { delete_items: true },
    });
    expect(gone.json()).toEqual({ deleted_items: count });
    expect(await mine()).toEqual([]);
    const info = await t.app.inject({ method: 'GET', url: '/api/auth/users/me', headers: me.auth });
    expect(info.json()).toMatchObject({ whatsapp_active: false, phone_number: phone });
    // Messages from the number are dropped now.
    expect((await post(delivery([message(phone, 'text', { text: { body: 'after' } })]))).statusCode).toBe(
      200,
    );
    expect(await mine()).toEqual([]);
  });
});
