import type { FilePreview } from '@easio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import { createFileProcessor, STOPPED_THE_SERVER } from '../processing/process-file.js';
import { closeProcessingSandbox, configureSandbox, processingSandbox } from '../sandbox/default-sandbox.js';
import { denseWord, manyPartMail, odtPictureBomb, pdfBomb, sheetBomb, wordBomb } from '../test/bomb-files.js';
import { DB_KINDS } from '../test/databases.js';
import { sampleDocx } from '../test/sample-files.js';
import { buildTestApp, getObject, signedInUser, type TestApp, uploadFile } from '../test/test-app.js';

// The bombs an attacker sent, scaled down with the workers' memory (192 MB here, 256 by default): the
// bounds are the same.
const TOO_LARGE = 'The file is too large once unpacked to be read here';

describe.each(DB_KINDS)('files that would take the server down, on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    await closeProcessingSandbox();
    configureSandbox({ workers: 1, memoryMb: 192 });
    t = await buildTestApp(kind, { processFiles: true });
    me = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await closeProcessingSandbox();
    configureSandbox({});
  });

  const upload = (name: string, bytes: Buffer) => uploadFile(t, me.auth, name, bytes);
  const get = (id: string) => getObject(t, me.auth, id);
  const preview = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/desk/objects/${id}/preview`, headers: me.auth })
    ).json<FilePreview>();

  it('a Word file that unpacks like a bomb fails alone, at once, and the next file is read', async () => {
    const bomb = await upload('invoice.docx', wordBomb(8));
    const letter = await upload('letter.docx', sampleDocx(['Dear Ann, the lease is renewed.']));
    await t.queue?.drain();
    expect(await get(bomb.id)).toMatchObject({ job_state: 'failed', job_error: TOO_LARGE });
    expect(await get(letter.id)).toMatchObject({
      job_state: 'done',
      content: expect.stringContaining('lease'),
    });
    expect(await preview(bomb.id)).toEqual({
      kind: 'unavailable',
      reason: 'too_large',
      message: 'This file is too large once unpacked to show here. Download it to open it in another app.',
    });
  });

  it('one that packs like a real document but needs more memory than a worker has ends its worker, not the server', async () => {
    const failedBefore = processingSandbox().stats().failed;
    const heavy = await upload('minutes.docx', denseWord(15000, 40));
    await t.queue?.drain();
    expect(await get(heavy.id)).toMatchObject({ job_state: 'failed', job_error: TOO_LARGE });
    // Tried once: a failure of the file itself is never retried.
    const [row] = await t.database.db
      .select({ attempts: objects.jobAttempts })
      .from(objects)
      .where(eq(objects.id, heavy.id));
    expect(row?.attempts).toBe(0);
    expect(processingSandbox().stats().failed).toBe(failedBefore + 1);
    const after = await upload('after.docx', sampleDocx(['Still reading files.']));
    await t.queue?.drain();
    expect(await get(after.id)).toMatchObject({ job_state: 'done' });
  });

  it('a PDF whose page inflates past a worker’s memory (into buffers no heap limit counts) fails alone', async () => {
    const pdf = await upload('statement.pdf', pdfBomb(400));
    await t.queue?.drain();
    expect(await get(pdf.id)).toMatchObject({ job_state: 'failed', job_error: TOO_LARGE });
  });

  it('previews of an OpenDocument text with two hundred packed pictures and a bomb of a sheet say they are too large', async () => {
    const odt = await upload('album.odt', odtPictureBomb(200, 1));
    const xlsx = await upload('ledger.xlsx', sheetBomb(20));
    for (const id of [odt.id, xlsx.id]) {
      expect(await preview(id)).toMatchObject({ kind: 'unavailable', reason: 'too_large' });
    }
  });

  it('a file whose reading twice stopped the server is not read a third time', async () => {
    const file = await upload('scan.docx', sampleDocx(['Read me']));
    await t.queue?.drain();
    // As two processes left it: started, never finished.
    await t.database.db.update(objects).set({ jobAttempts: 2 }).where(eq(objects.id, file.id));
    await createFileProcessor({ db: t.database.db, blobs: t.blobs })(file.id);
    expect(await get(file.id)).toMatchObject({ job_state: 'failed', job_error: STOPPED_THE_SERVER });
  });
});

describe('an uploaded e-mail the mail parser never finishes', () => {
  let t: TestApp;
  beforeAll(async () => {
    await closeProcessingSandbox();
    configureSandbox({ workers: 1, memoryMb: 192, timeoutMs: 2_000 });
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
    await closeProcessingSandbox();
    configureSandbox({});
  });

  it('is given up in its worker and kept as a plain file; the next e-mail is read', async () => {
    const me = await signedInUser(t.app);
    const stuck = await uploadFile(t, me.auth, 'many.eml', manyPartMail(1000));
    expect(stuck).toMatchObject({ name: 'many.eml', data_type: 'file_object' });
    const fine = await uploadFile(t, me.auth, 'fine.eml', manyPartMail(3));
    expect(fine).toMatchObject({ data_type: 'email_object', name: 'fine.eml', content: '' });
  });
});
