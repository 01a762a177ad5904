import type { DeskObject, SearchResult } from '@easio/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { requeuePendingOcr } from '../processing/ocr/register-ocr-jobs.js';
import { DB_KINDS } from '../test/databases.js';
import { grayJpeg, hugePng, landscapePhoto, scannedPdf, textPicture } from '../test/scanned-files.js';
import { buildTestApp, getObject, signedInUser, type TestApp, uploadFile } from '../test/test-app.js';

type Auth = { authorization: string };

function client(t: TestApp, auth: Auth) {
  const upload = (name: string, bytes: Buffer, query = '') => uploadFile(t, auth, name, bytes, query);
  const get = (id: string) => getObject(t, auth, id);
  const search = async (q: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search/items',
      headers: auth,
      payload: { q },
    });
    return (res.json() as SearchResult[]).map((r) => r.id);
  };
  const readAgain = (id: string, as: Auth = auth) =>
    t.app.inject({ method: 'POST', url: `/api/desk/objects/${id}/ocr`, headers: as });
  return { upload, get, search, readAgain };
}

/** A small picture of a note whose words exist only in its pixels. */
const note = (words: string) =>
  textPicture([`Reminder: feed the ${words} before noon`, 'and water the garden on Sunday'], {
    width: 1400,
    height: 360,
    fontPx: 44,
    margin: 60,
  });

describe.each(DB_KINDS)('OCR of scans and pictures on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { processFiles: true });
    me = await signedInUser(t.app);
    api = client(t, me.auth);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a picture and an image-only PDF, so a word only in their pixels finds them', async () => {
    const png = await api.upload('note.png', note('quokkas'));
    const scan = await grayJpeg(textPicture(['Invoice for the marmalade delivery', 'Total due: 42 pounds']));
    const pdf = await api.upload(
      'scan.pdf',
      await scannedPdf([{ text: 'Cover letter from the harbour office' }, { jpeg: scan }]),
    );
    // A duplicate kept as a link while the original waits, and one made once it was read.
    const copy = await api.upload('note copy.png', note('quokkas'), '?on_duplicate=link');
    await t.queue?.drain();
    const later = await api.upload('note later.png', note('quokkas'), '?on_duplicate=link');
    expect(later.ocr?.state).toBe('done');

    const picture = await api.get(png.id);
    expect(picture.ocr).toMatchObject({ state: 'done', pages: 1, error: null });
    expect(picture.ocr?.confidence).toBeGreaterThan(70);
    expect(picture.content).toContain('feed the quokkas before noon');
    expect((await api.get(copy.id)).content).toBe(picture.content);
    expect((await api.get(copy.id)).ocr?.state).toBe('done');
    expect((await api.get(later.id)).content).toBe(picture.content);

    const document = await api.get(pdf.id);
    expect(document.ocr).toMatchObject({ state: 'done', pages: 1 });
    // The page with its own text first, then the scanned page, in their order.
    expect(document.content).toMatch(/harbour office[\s\S]*marmalade delivery/);

    expect(new Set(await api.search('quokkas'))).toEqual(new Set([png.id, copy.id, later.id]));
    expect(await api.search('marmalade')).toEqual([pdf.id]);
  }, 60_000);

  it('finds no text in a landscape, and leaves the item without any', async () => {
    const photo = await api.upload('hills.jpg', await landscapePhoto(2400, 1800));
    await t.queue?.drain();
    const done = await api.get(photo.id);
    expect(done.job_state).toBe('done');
    expect(done.ocr).toMatchObject({ state: 'none', error: null });
    expect(done.content).toBeNull();
  }, 30_000);

  it('fails a damaged picture and a 20,000 × 20,000 px one with a reason, without reading them', async () => {
    const broken = await api.upload(
      'broken.png',
      Buffer.concat([note('x').subarray(0, 200), Buffer.alloc(500)]),
    );
    const huge = await api.upload('huge.png', hugePng(20_000, 20_000));
    for (const item of [broken, huge]) {
      await expect
        .poll(async () => (await api.get(item.id)).job_state, { timeout: 25_000, interval: 250 })
        .toBe('failed');
    }
    expect((await api.get(broken.id)).job_error).toMatch(/image could not be read/);
    expect((await api.get(huge.id)).job_error).toMatch(/image could not be read: .*pixel limit/);
    expect((await api.get(huge.id)).ocr).toBeNull();
  }, 40_000);

  it('reads again on request (202 pending, then done) and after a restart; 404 for another user, 409 for a text file', async () => {
    const png = await api.upload('again.png', note('wombats'));
    await t.queue?.drain();
    const generations = t.generationsAsked.length;
    const res = await api.readAgain(png.id);
    expect(res.statusCode).toBe(202);
    expect((res.json() as DeskObject).ocr?.state).toBe('pending');
    await t.queue?.drain();
    const read = await api.get(png.id);
    expect(read.ocr?.state).toBe('done');
    // New text on the desk: its recommendations are asked for again.
    expect(t.generationsAsked.slice(generations)).toEqual([me.info.id]);
    // Read twice, the text is there once.
    expect(read.content?.match(/wombats/g)).toHaveLength(1);

    // Left half read by a server that stopped: queued again at start-up, and read.
    await t.database.db.update(objects).set({ ocrState: 'reading' }).where(eq(objects.id, png.id));
    expect(await requeuePendingOcr(t.queue as JobQueue, t.database.db)).toBe(1);
    await t.queue?.drain();
    expect((await api.get(png.id)).ocr?.state).toBe('done');

    const stranger = await signedInUser(t.app);
    expect((await api.readAgain(png.id, stranger.auth)).statusCode).toBe(404);
    const text = await api.upload('plain.txt', Buffer.from('nothing to read here'));
    const refused = await api.readAgain(text.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: expect.stringMatching(/pictures and PDF/) });
  }, 40_000);
});

describe('with OCR=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { processFiles: true, env: { OCR: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves pictures without text, and refuses to read them again', async () => {
    const me = await signedInUser(t.app);
    const api = client(t, me.auth);
    const png = await api.upload('note.png', await sharp(note('platypus')).png().toBuffer());
    await t.queue?.drain();
    const item = await api.get(png.id);
    expect(item.job_state).toBe('done');
    expect(item.ocr).toBeNull();
    expect(item.content).toBeNull();
    const res = await api.readAgain(png.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: expect.stringMatching(/OCR\) is off/) });
  }, 30_000);
});
