import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { importDone, moveInSummary } from '../../test/imports.js';
import { multipartBody } from '../../test/multipart.js';
import {
  bombZip,
  escapingZip,
  INVOICE_PDF,
  paperlessFiles,
  paperlessManifest,
  paperlessZip,
} from '../../test/paperless-samples.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

describe.each(DB_KINDS)('moving in from Paperless-ngx on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { processFiles: true, imports: true });
    me = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, who = me) => {
    const body = multipartBody([{ name: 'export.zip', bytes, type: 'application/zip' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/imports/paperless',
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const desk = async (ownerId: string) => {
    const rows = await t.database.db.select().from(objects).where(eq(objects.ownerId, ownerId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const named = (name: string) => rows.find((r) => r.name === name);
    const where = (name: string) => byId.get(named(name)?.parentId ?? '')?.name ?? null;
    return { rows, named, where };
  };
  const failures = async (who = me) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sources/paperless/failures',
      headers: who.auth,
    });
    return (res.json() as { failures: { name: string; reason: string }[] }).failures;
  };

  it('stores each document’s file in drawers by type and binders by correspondent, with tags, date and notes', async () => {
    const res = await upload(await paperlessZip());
    expect(res.statusCode).toBe(202);
    // Drawers Invoice, Contract, Paperless-ngx; binders ACME Power and Hausverwaltung Schmidt.
    expect(moveInSummary(await importDone(t, me.auth, res))).toEqual({
      app: 'paperless',
      folders: 5,
      links: 3,
      imported: 8,
      skipped: 0,
      failed: 0,
    });
    await t.queue?.drain();
    const { named, where } = await desk(me.info.id as string);
    expect(named('Invoice')?.dataType).toBe('drawer_object');
    expect(named('ACME Power')?.dataType).toBe('binder_object');
    expect(where('ACME Power')).toBe('Invoice');
    expect(where('Electricity invoice May 2023.pdf')).toBe('ACME Power');
    expect(where('Lease agreement.odt')).toBe('Hausverwaltung Schmidt');
    expect(where('Hausverwaltung Schmidt')).toBe('Contract');
    expect(where('Hardware store receipt.pdf')).toBe('Paperless-ngx');

    const invoice = named('Electricity invoice May 2023.pdf');
    expect(invoice).toMatchObject({
      dataType: 'file_object',
      mimeType: 'application/pdf',
      size: INVOICE_PDF.length,
      tags: ['paid', 'Home'],
      sourceCreatedAt: new Date('2023-05-17T00:00:00Z'),
      jobState: 'done',
      metadata: expect.objectContaining({
        moved_in_from: 'paperless',
        paperless: {
          id: 11,
          correspondent: 'ACME Power',
          document_type: 'Invoice',
          storage_path: 'By year',
          archive_serial_number: 42,
          original_filename: 'scan_0042.pdf',
          notes: [{ note: 'Paid by bank transfer on 2023-05-30', created: '2023-05-30T08:00:00Z' }],
        },
      }),
    });
    // The desk read the PDF itself, and made its thumbnail.
    expect(invoice?.content).toContain('Invoice 2023-0042 from ACME Power');
    expect(invoice?.thumbnailKey).not.toBeNull();
    // The original's bytes, as they were in the export.
    expect(invoice?.sha256).toBe(createHash('sha256').update(INVOICE_PDF).digest('hex'));
    // No text the desk can read in this file: Paperless' own stays.
    expect(named('Lease agreement.odt')?.content).toBe(
      'Mietvertrag zwischen Hausverwaltung Schmidt und dem Mieter, Beginn 1. April 2021',
    );
    expect(named('Lease agreement.odt')?.sourceCreatedAt).toEqual(new Date('2021-03-01T23:00:00Z'));
    expect(named('Hardware store receipt.pdf')?.tags).toEqual(['Inbox']);
  });

  it('adds nothing when the same export is moved in again', async () => {
    const before = (await desk(me.info.id as string)).rows.length;
    const res = await upload(await paperlessZip());
    // Its five folders and three documents.
    expect((await importDone(t, me.auth, res)).counts).toMatchObject({ imported: 0, skipped: 8, failed: 0 });
    expect((await desk(me.info.id as string)).rows.length).toBe(before);
  });

  it('reads the folder zipped under its own name, and lists a file damaged in the export as failed', async () => {
    const other = await signedInUser(t.app);
    const manifest = paperlessManifest();
    const files = paperlessFiles().map((f) =>
      f.name === '0000013.pdf' ? { ...f, bytes: Buffer.from('%PDF-1.7 damaged') } : f,
    );
    const res = await upload(await paperlessZip(manifest, { folder: 'paperless-export/', files }), other);
    expect(res.statusCode).toBe(202);
    expect(moveInSummary(await importDone(t, other.auth, res))).toMatchObject({
      links: 3,
      imported: 6,
      failed: 1,
    });
    expect(await failures(other)).toEqual([
      expect.objectContaining({
        name: 'Hardware store receipt.pdf',
        reason: 'Its file does not match the checksum in the manifest (damaged in the export)',
      }),
    ]);
    const { named } = await desk(other.info.id as string);
    expect(named('Hardware store receipt.pdf')).toBeUndefined();
    // Its drawer was made for it alone: not made empty.
    expect(named('Paperless-ngx')).toBeUndefined();
  });

  it('refuses an archive larger than MAX_ARCHIVE_MB with 413, storing nothing', async () => {
    const small = await buildTestApp(kind, { database: t.database, env: { MAX_ARCHIVE_MB: '0.01' } });
    try {
      const other = await signedInUser(small.app);
      const before = (await desk(other.info.id as string)).rows.length;
      const body = multipartBody([{ name: 'export.zip', bytes: await bombZip(), type: 'application/zip' }]);
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/imports/paperless',
        headers: { ...other.auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(413);
      expect((res.json() as { detail: string }).detail).toContain('larger than an export can be');
      expect((await desk(other.info.id as string)).rows.length).toBe(before);
    } finally {
      await small.close();
    }
  });

  const truncated = async () => {
    const zip = await paperlessZip();
    return zip.subarray(0, Math.floor(zip.length / 2));
  };
  const wrongShape = () => {
    const manifest = paperlessManifest().map((r) =>
      r.model === 'documents.document' && r.pk === 12 ? { ...r, __exported_file_name__: undefined } : r,
    );
    return paperlessZip(manifest);
  };
  it.each([
    ['a truncated ZIP', truncated, 'the ZIP is damaged or incomplete'],
    [
      'a manifest that is not JSON',
      () => paperlessZip(Buffer.from('[{"model": "documents.tag", "pk": 1,')),
      'is not valid JSON',
    ],
    ['a manifest out of shape', wrongShape, 'record 10, documents.document: __exported_file_name__'],
    [
      'a file that is no ZIP',
      async () => Buffer.from('not a zip at all'),
      'the ZIP is damaged or incomplete',
    ],
    ['an entry leaving the folder', escapingZip, '“../../etc/evil.txt” points outside the export'],
    ['a ZIP bomb', bombZip, '“archive/huge.pdf” inflates like a ZIP bomb'],
  ])('refuses %s with a clear reason, storing nothing', async (_, make, reason) => {
    const other = await signedInUser(t.app);
    const before = (await desk(other.info.id as string)).rows.length;
    const res = await upload(await make(), other);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { detail: string }).detail).toContain(reason);
    expect((await desk(other.info.id as string)).rows.length).toBe(before);
  });
});
