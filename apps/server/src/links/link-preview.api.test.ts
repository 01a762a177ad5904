import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeskObject, SearchResult } from '@easio/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../test/databases.js';
import { samplePdf } from '../test/sample-files.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

const article = (title: string, words: string) => `<!doctype html><html><head>
  <title>${title} | Tide Times</title>
  <meta property="og:title" content="${title}">
  <meta name="description" content="Tables for the harbour, every day of the year.">
  <meta property="og:site_name" content="Tide Times">
  <meta property="og:image" content="/cover.png">
  <link rel="icon" href="/icon.png" sizes="64x64">
</head><body><nav>Home · About</nav><article><h1>${title}</h1>
  ${[1, 2, 3, 4].map((n) => `<p>Paragraph ${n}: ${words} rise and fall twice a day along the harbour wall.</p>`).join('')}
</article></body></html>`;

/** A small website on loopback: pages, their icon and picture, a PDF, a page that fails once, a 404. */
async function startSite() {
  const icon = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0a7' } })
    .png()
    .toBuffer();
  const cover = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#246' } })
    .png()
    .toBuffer();
  const pdf = samplePdf(['Harbour fees for moorings and slipways']);
  const requests: string[] = [];
  let flakyAnswered = false;
  const server: Server = createServer((req, res) => {
    requests.push(`${req.url} ${req.headers['user-agent']}`);
    const send = (type: string, body: string | Buffer, status = 200) =>
      res.writeHead(status, { 'content-type': type }).end(body);
    switch (req.url) {
      case '/tides':
        return send('text/html; charset=utf-8', article('Spring tides', 'Spring tides'));
      case '/neap':
        return send('text/html; charset=utf-8', article('Neap tides', 'Neap tides'));
      case '/icon.png':
        return send('image/png', icon);
      case '/cover.png':
        return send('image/png', cover);
      case '/fees.pdf':
        return send('application/pdf', pdf);
      case '/flaky':
        if (!flakyAnswered) {
          flakyAnswered = true;
          return send('text/plain', 'busy', 503);
        }
        return send('text/html', article('Back again', 'Currents'));
      default:
        return send('text/html', '<h1>Not here</h1>', 404);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DB_KINDS)('link previews on %s', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite();
    // The site is on loopback, as a self-hosted server's LAN would be.
    t = await buildTestApp(kind, { previewLinks: true, env: { ALLOW_PRIVATE_ADDRESSES: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const create = async (me: User, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/desk/items', headers: me.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DeskObject>();
  };
  const get = async (me: User, id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/desk/objects/${id}`, headers: me.auth })
    ).json<DeskObject>();
  const search = async (me: User, q: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/search/items', headers: me.auth, payload: { q } })).json<
      SearchResult[]
    >();

  it('names a link by its page, with its description, icon, picture and text, and search finds it by the text', async () => {
    const me = await signedInUser(t.app);
    const made = await create(me, { data_type: 'url_object', url: `${site.base}/tides` });
    expect(made).toMatchObject({ name: `${site.base}/tides`, job_state: 'pending' });
    await t.queue?.drain();

    const link = await get(me, made.id);
    expect(link).toMatchObject({ name: 'Spring tides', job_state: 'done', job_error: null });
    expect(link.metadata).toMatchObject({
      description: 'Tables for the harbour, every day of the year.',
      site_name: 'Tide Times',
      page_title: 'Spring tides',
      favicon: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect(link.content).toContain('Paragraph 4: Spring tides rise and fall');
    const thumbnail = await t.app.inject({ method: 'GET', url: link.thumbnail_url ?? '/missing' });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(480);
    expect(site.requests).toContain('/tides Mozilla/5.0 (compatible; Easio link preview)');

    expect((await search(me, 'harbour wall')).map((r) => r.id)).toEqual([made.id]);
  });

  it("keeps the user's name and note, and a description the extension saw on the page", async () => {
    const me = await signedInUser(t.app);
    const named = await create(me, {
      data_type: 'url_object',
      url: `${site.base}/tides`,
      name: 'Tides for Sunday',
    });
    const note = await create(me, {
      data_type: 'url_note_object',
      url: `${site.base}/neap`,
      content: 'Check before the sailing trip',
    });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers: me.auth,
      payload: { name: 'Browser', scopes: ['save'] },
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/extension/items',
      headers: { authorization: `Bearer ${token.json().token}` },
      payload: {
        kind: 'page',
        client_id: randomUUID(),
        url: `${site.base}/neap`,
        title: 'Neap tides (as shown)',
        description: 'What the page showed the user',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await t.queue?.drain();

    expect(await get(me, named.id)).toMatchObject({ name: 'Tides for Sunday', job_state: 'done' });
    const noted = await get(me, note.id);
    expect(noted).toMatchObject({ content: 'Check before the sailing trip', job_state: 'done' });
    expect(noted.metadata).toMatchObject({ site_name: 'Tide Times', favicon: expect.any(String) });
    const fromExtension = await get(me, saved.json().id);
    expect(fromExtension.name).toBe('Neap tides (as shown)');
    expect(fromExtension.metadata.description).toBe('What the page showed the user');
    expect(fromExtension.content).toContain('Neap tides rise and fall');
  });

  it('reads the new page when the address changes, forgetting what the old one said', async () => {
    const me = await signedInUser(t.app);
    const made = await create(me, { data_type: 'url_object', url: `${site.base}/tides` });
    await t.queue?.drain();
    expect((await get(me, made.id)).name).toBe('Spring tides');

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/desk/objects/${made.id}`,
      headers: me.auth,
      payload: { url: `${site.base}/fees.pdf` },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: `${site.base}/fees.pdf`,
      job_state: 'pending',
      content: null,
    });
    expect(patched.json().metadata.description).toBeUndefined();
    await t.queue?.drain();

    const pdf = await get(me, made.id);
    // A link to a PDF is read as the document: its text, and its first page as the picture.
    expect(pdf).toMatchObject({ name: 'fees.pdf', job_state: 'done', thumbnail_url: expect.any(String) });
    expect(pdf.content).toContain('Harbour fees for moorings');
    expect(pdf.metadata.description).toBeUndefined();
    expect(pdf.metadata.page_title).toBe('fees.pdf');
  });

  it('says why a page gave no preview: at once for a 404, after trying again for a busy server', async () => {
    const me = await signedInUser(t.app);
    const missing = await create(me, { data_type: 'url_object', url: `${site.base}/gone` });
    const flaky = await create(me, { data_type: 'url_object', url: `${site.base}/flaky` });
    await t.queue?.drain();
    expect(await get(me, missing.id)).toMatchObject({
      name: `${site.base}/gone`,
      job_state: 'failed',
      job_error: 'The page was not found (404)',
    });
    expect(site.requests.filter((r) => r.startsWith('/gone ')).length).toBe(1);
    expect(await get(me, flaky.id)).toMatchObject({ name: 'Back again', job_state: 'done' });
  });
});

describe.each(DB_KINDS)('link previews with the default address policy on %s', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite();
    t = await buildTestApp(kind, { previewLinks: true });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('never reads a private, loopback or link-local address, and keeps the link as given', async () => {
    const me = await signedInUser(t.app);
    const ids: string[] = [];
    for (const url of [
      `${site.base}/tides`,
      'http://10.0.0.1/admin',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/desk/items',
        headers: me.auth,
        payload: { data_type: 'url_object', url },
      });
      ids.push(res.json().id);
    }
    await t.queue?.drain();
    for (const [i, host] of ['127.0.0.1', '10.0.0.1', '169.254.169.254'].entries()) {
      const link = (
        await t.app.inject({ method: 'GET', url: `/api/desk/objects/${ids[i]}`, headers: me.auth })
      ).json<DeskObject>();
      expect(link).toMatchObject({ job_state: 'failed', job_error: `${host} is not on the public internet` });
      expect(link.name).toMatch(/^http:\/\//);
      expect(link.metadata.favicon).toBeUndefined();
    }
    expect(site.requests).toEqual([]);
  });
});

describe.each(DB_KINDS)('links with previews off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  it('keeps a link as given, with nothing waiting', async () => {
    const me = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/desk/items',
      headers: me.auth,
      payload: { data_type: 'url_object', url: 'https://example.org/page' },
    });
    expect(res.json()).toMatchObject({ name: 'https://example.org/page', job_state: null });
    expect(t.previewedLinkIds).toEqual([]);
  });
});
