import type { DeskObject } from '@easio/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects, users } from '../db/schema.js';
import { DB_KINDS } from '../test/databases.js';
import { nestedMessage } from '../test/mail-messages.js';
import { multipartBody } from '../test/multipart.js';
import { sampleDocx, samplePdf, samplePhoto } from '../test/sample-files.js';
import { buildTestApp, putObject, signedInUser, type TestApp } from '../test/test-app.js';
import { applyDocumentDate } from './document-date-store.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('the date written in a document on %s', (kind) => {
  let t: TestApp;
  let user: User;
  let american: User;
  beforeAll(async () => {
    t = await buildTestApp(kind, { processFiles: true });
    user = await signedInUser(t.app, { region: 'DE' });
    american = await signedInUser(t.app, { region: 'US' });
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (who: User, name: string, bytes: Buffer, type?: string, query = '') => {
    const body = multipartBody([{ name, bytes, type }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/desk/uploads${query}`,
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: DeskObject[] }).items[0] as DeskObject;
  };
  const get = async (who: User, id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/desk/objects/${id}`, headers: who.auth })
    ).json() as DeskObject;

  it('becomes the date of an uploaded PDF, Word file or text, read in the region’s order', async () => {
    const pdf = await upload(user, 'invoice.pdf', samplePdf(['ACME Ltd  Invoice date: 14 March 2023']));
    const docx = await upload(user, 'letter.docx', sampleDocx(['Berlin, den 2. Mai 2022', 'Sehr geehrte']));
    const text = Buffer.from('Receipt 4711\nDate: 03/04/2023\nTotal 12.50');
    const dayFirst = await upload(user, 'receipt.txt', text, 'text/plain');
    const monthFirst = await upload(american, 'receipt.txt', text, 'text/plain');
    expect(pdf.date_source).toBe('arrived');
    await t.queue?.drain();

    expect(await get(user, pdf.id)).toMatchObject({
      item_date: '2023-03-14T12:00:00.000Z',
      date_source: 'document',
      job_state: 'done',
    });
    expect(await get(user, docx.id)).toMatchObject({
      item_date: '2022-05-02T12:00:00.000Z',
      date_source: 'document',
    });
    expect((await get(user, dayFirst.id)).item_date).toBe('2023-04-03T12:00:00.000Z');
    expect((await get(american, monthFirst.id)).item_date).toBe('2023-03-04T12:00:00.000Z');
  });

  it('gives a duplicate uploaded later the same date', async () => {
    const bytes = samplePdf(['Statement of 9 June 2021']);
    const first = await upload(user, 'statement.pdf', bytes);
    await t.queue?.drain();
    const again = await upload(user, 'statement-copy.pdf', bytes, undefined, '?on_duplicate=link');
    expect(again.duplicate_of).toBe(first.id);
    expect(again).toMatchObject({ item_date: '2021-06-09T12:00:00.000Z', date_source: 'document' });
  });

  it('leaves a document without a date, and a future date, as it arrived', async () => {
    const none = await upload(user, 'notes.pdf', samplePdf(['Call 030 1234567 about order 4711']));
    const future = await upload(user, 'offer.pdf', samplePdf(['Offer valid until 31.12.2099']));
    await t.queue?.drain();
    for (const id of [none.id, future.id]) {
      const done = await get(user, id);
      expect(done.date_source).toBe('arrived');
      expect(done.item_date).toBe(done.created_at);
    }
  });

  it('never replaces the date of the mail a document came with, nor a photo’s EXIF date', async () => {
    const mail = await upload(
      user,
      'Rechnung.eml',
      Buffer.from(
        nestedMessage('document-date@example.org', Buffer.from(samplePdf(['Invoice date: 14 March 2023']))),
      ),
    );
    const photo = await upload(user, 'beach.jpg', await samplePhoto());
    await t.queue?.drain();

    const [attachment] = await t.database.db
      .select({ id: objects.id })
      .from(objects)
      .where(sql`${objects.metadata}->>'email_id' = ${mail.id}`);
    const pdf = await get(user, attachment?.id ?? '');
    expect(pdf.content).toContain('14 March 2023');
    expect(pdf).toMatchObject({ item_date: '2026-11-03T08:30:00.000Z', date_source: 'source' });
    expect(await get(user, photo.id)).toMatchObject({
      item_date: '2023-07-14T07:30:05.000Z',
      date_source: 'photo',
    });
  });

  it('is applied once, corrected by a later reading, and never over a source’s date', async () => {
    const owner = { ownerId: user.info.id as string };
    const plain = await putObject(t, user, { dataType: 'file_object', name: 'scan.pdf' });
    const dated = new Date('2020-01-01T00:00:00.000Z');
    const sourced = await putObject(t, user, {
      dataType: 'file_object',
      name: 'synced.pdf',
      sourceCreatedAt: dated,
    });
    const copy = await putObject(t, user, { dataType: 'file_object', name: 'copy.pdf', duplicateOf: plain });
    const born = '1980-06-05';
    await t.database.db.update(users).set({ dob: born }).where(eq(users.id, owner.ownerId));

    const row = async (id: string) => {
      const [found] = await t.database.db
        .select({ at: objects.sourceCreatedAt, from: objects.dateSource, updated: objects.updatedAt })
        .from(objects)
        .where(eq(objects.id, id));
      return found;
    };
    // The owner's birthday is not the document's date.
    expect(
      await applyDocumentDate(t.database.db, { id: plain, ...owner }, 'Born 05.06.1980. Signed 10.02.2024'),
    ).toBe('2024-02-10');
    for (const id of [plain, copy]) {
      expect(await row(id)).toMatchObject({ at: new Date('2024-02-10T12:00:00.000Z'), from: 'document' });
    }
    const before = await row(plain);
    await applyDocumentDate(t.database.db, { id: plain, ...owner }, 'Signed 10.02.2024');
    expect((await row(plain))?.updated).toEqual(before?.updated);

    await applyDocumentDate(t.database.db, { id: plain, ...owner }, 'Signed 11.02.2024');
    expect((await row(plain))?.at).toEqual(new Date('2024-02-11T12:00:00.000Z'));

    await applyDocumentDate(t.database.db, { id: sourced, ...owner }, 'Signed 10.02.2024');
    expect(await row(sourced)).toMatchObject({ at: dated, from: null });

    // Another user's object is not touched.
    const other = await putObject(t, american, { dataType: 'file_object', name: 'theirs.pdf' });
    await applyDocumentDate(t.database.db, { id: other, ...owner }, 'Signed 10.02.2024');
    expect(await row(other)).toMatchObject({ at: null, from: null });
  });
});
