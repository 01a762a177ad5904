import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bombZip, escapingZip, INVOICE_PDF, md5, paperlessZip, zipOf } from '../../test/paperless-samples.js';
import { manifestReader, planPaperless } from './paperless.js';
import { openPaperlessArchive } from './paperless-archive.js';

const GB = 1024 ** 3;
let n = 0;
async function onDisk(bytes: Buffer): Promise<string> {
  const file = path.join(tmpdir(), `easio-paperless-test-${process.pid}-${n++}.zip`);
  await writeFile(file, bytes);
  return file;
}
const open = async (bytes: Buffer, maxTotalBytes = GB, manifest = manifestReader()) =>
  openPaperlessArchive(await onDisk(bytes), { maxTotalBytes }, manifest.add);

describe('a zipped Paperless-ngx export', () => {
  it('reads the manifest, the split manifests and the files by their path from the manifest’s folder', async () => {
    const zip = await zipOf([
      {
        name: 'export/manifest.json',
        bytes: Buffer.from('[{"model": "documents.tag", "pk": 1, "fields": {"name": "paid"}}]'),
      },
      {
        name: 'export/0000011-manifest.json',
        bytes: Buffer.from(
          '[{"model": "documents.note", "pk": 3, "fields": {"note": "hi", "document": 11}}]',
        ),
      },
      { name: 'export/0000011.pdf', bytes: INVOICE_PDF },
    ]);
    const manifest = manifestReader();
    const archive = await open(zip, GB, manifest);
    try {
      expect(manifest.records().map((r) => r.model)).toEqual(['documents.tag', 'documents.note']);
      expect(archive.has('0000011.pdf')).toBe(true);
      expect(archive.size('0000011.pdf')).toBe(INVOICE_PDF.length);
      expect(await archive.md5('0000011.pdf')).toBe(md5(INVOICE_PDF));
    } finally {
      archive.close();
    }
  });

  it('maps type to drawer, correspondent to binder, and keeps the title with the original’s extension', async () => {
    const manifest = manifestReader();
    const archive = await open(await paperlessZip(), GB, manifest);
    try {
      const plan = await planPaperless(manifest.records(), archive);
      expect(plan.drawers.map((d) => d.name).sort()).toEqual(['Contract', 'Invoice', 'Paperless-ngx']);
      expect(plan.binders.map((b) => [b.name, b.placeIn])).toEqual([
        ['ACME Power', 'paperless:folder:type:1'],
        ['Hausverwaltung Schmidt', 'paperless:folder:type:2'],
      ]);
      expect(plan.entries.map((e) => [e.externalId, e.name, e.placeIn])).toEqual([
        [
          'paperless:document:11',
          'Electricity invoice May 2023.pdf',
          'paperless:folder:type:1/correspondent:1',
        ],
        ['paperless:document:12', 'Lease agreement.odt', 'paperless:folder:type:2/correspondent:2'],
        ['paperless:document:13', 'Hardware store receipt.pdf', 'paperless:folder:type:none'],
      ]);
      expect(plan.failed).toEqual([]);
    } finally {
      archive.close();
    }
  });

  it('lists a document whose file the export lacks as failed', async () => {
    const manifest = manifestReader();
    const archive = await open(await paperlessZip(undefined, { files: [] }), GB, manifest);
    try {
      const plan = await planPaperless(manifest.records(), archive);
      expect(plan.entries).toEqual([]);
      expect(plan.drawers).toEqual([]);
      expect(plan.failed.map((f) => f.reason)).toContain('The export does not hold its file (0000012.odt)');
    } finally {
      archive.close();
    }
  });

  it.each([
    ['an entry leaving the folder', escapingZip, 'points outside the export'],
    ['a ZIP bomb', bombZip, 'inflates like a ZIP bomb'],
    ['no manifest', () => zipOf([{ name: 'a.pdf', bytes: INVOICE_PDF }]), 'it holds no manifest.json'],
    ['a manifest that is an object', () => paperlessZip({ documents: [] }), 'is not a list of records'],
  ])('refuses %s', async (_, make, reason) => {
    await expect(open(await make())).rejects.toThrow(reason);
  });

  it('refuses entries unpacking to more than the limit, before reading them', async () => {
    await expect(open(await paperlessZip(), 1000)).rejects.toThrow('it unpacks to more than');
  });

  it('refuses a record out of shape, naming it', () => {
    const manifest = manifestReader();
    manifest.add({ model: 'documents.tag', pk: 1, fields: { name: 'paid' } });
    expect(() => manifest.add({ model: 'documents.document', pk: 1, fields: { title: 'x' } })).toThrow(
      'record 2, documents.document',
    );
    expect(() => manifestReader().add('tag')).toThrow('record 1 has no model');
  });

  it('refuses a manifest that is not JSON, or cut short', async () => {
    const cut = Buffer.from('[{"model": "documents.tag", "pk": 1, "fields": {"name": "pa');
    await expect(open(await zipOf([{ name: 'manifest.json', bytes: cut }]))).rejects.toThrow(
      'manifest.json is not valid JSON',
    );
  });
});
