import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../test/databases.js';
import { samplePdf, samplePhoto } from '../test/sample-files.js';
import { buildTestApp, getObject, signedInUser, type TestApp, uploadFile } from '../test/test-app.js';

describe.each(DB_KINDS)('uploads processed in the background on %s', (kind) => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp(kind, { processFiles: true });
    auth = (await signedInUser(t.app)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (name: string, bytes: Buffer) => uploadFile(t, auth, name, bytes);
  const get = (id: string) => getObject(t, auth, id);

  it('extracts text, makes thumbnails and reads where and when a photo was taken', async () => {
    const pdf = await upload('report.pdf', samplePdf(['Quarterly report for the lighthouse keepers']));
    const photo = await upload('beach.jpg', await samplePhoto());
    await t.queue?.drain();

    const pdfDone = await get(pdf.id);
    expect(pdfDone.job_state).toBe('done');
    expect(pdfDone.content).toContain('lighthouse keepers');
    expect(pdfDone.thumbnail_url).not.toBeNull();
    const thumb = await t.app.inject({ method: 'GET', url: pdfDone.thumbnail_url ?? '' });
    expect(thumb.headers['content-type']).toBe('image/webp');

    const photoDone = await get(photo.id);
    expect(photoDone.job_state).toBe('done');
    expect(photoDone.metadata).toMatchObject({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      taken_at: expect.any(String),
    });
    expect(photoDone.item_date).toBe(new Date(String(photoDone.metadata.taken_at)).toISOString());
  });

  it('marks a corrupt PDF failed with its reason, and keeps it downloadable', async () => {
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('this is not really a pdf at all '.repeat(20)),
    ]);
    const broken = await upload('broken.pdf', bytes);
    await expect
      .poll(async () => (await get(broken.id)).job_state, { timeout: 25_000, interval: 250 })
      .toBe('failed');
    const failed = await get(broken.id);
    expect(failed.job_error).toMatch(/PDF/);
    const download = await t.app.inject({ method: 'GET', url: failed.download_url ?? '' });
    expect(download.rawPayload.equals(bytes)).toBe(true);
  }, 40_000);
});
