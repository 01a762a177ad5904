import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import { samplePdf } from './sample-files.js';

/**
 * A Paperless-ngx export as `document_exporter` writes it (`src/documents/management/commands/
 * document_exporter.py`): `manifest.json`, a list of Django-serialized records (correspondents, document
 * types, tags, storage paths, documents with `__exported_file_name__` and `__exported_archive_name__`,
 * notes), beside each document's original and archived (OCR'd PDF) file and its thumbnail.
 */

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

export const INVOICE_PDF = samplePdf(['Invoice 2023-0042 from ACME Power: 84.20 EUR due 2023-06-01']);
/** A file the desk cannot read text from: Paperless' own text (from its OCR) stays the item's text. */
export const LEASE_ODT = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37 + 11) % 256));
export const RECEIPT_PDF = samplePdf(['Receipt: hardware store, screws and a hammer']);

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  /** Stored as is rather than deflated. */
  store?: boolean;
}

/** Entries zipped into a buffer with archiver (deflate, level 9). */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    archive.on('error', reject);
  });
  archive.pipe(out);
  for (const e of entries) archive.append(e.bytes, { name: e.name, store: e.store === true });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The manifest records of a small Paperless-ngx instance: three documents, one with a note. */
export function paperlessManifest(): Record<string, unknown>[] {
  return [
    {
      model: 'documents.correspondent',
      pk: 1,
      fields: {
        owner: 2,
        name: 'ACME Power',
        match: 'acme',
        matching_algorithm: 1,
        is_insensitive: true,
      },
    },
    {
      model: 'documents.correspondent',
      pk: 2,
      fields: {
        owner: 2,
        name: 'Hausverwaltung Schmidt',
        match: '',
        matching_algorithm: 6,
        is_insensitive: true,
      },
    },
    {
      model: 'documents.documenttype',
      pk: 1,
      fields: { owner: 2, name: 'Invoice', match: '', matching_algorithm: 6, is_insensitive: true },
    },
    {
      model: 'documents.documenttype',
      pk: 2,
      fields: { owner: 2, name: 'Contract', match: '', matching_algorithm: 6, is_insensitive: true },
    },
    {
      model: 'documents.tag',
      pk: 1,
      fields: {
        owner: 2,
        name: 'Inbox',
        match: '',
        matching_algorithm: 6,
        is_insensitive: true,
        color: '#a6cee3',
        is_inbox_tag: true,
      },
    },
    {
      model: 'documents.tag',
      pk: 2,
      fields: { owner: 2, name: 'paid', color: '#b2df8a', is_inbox_tag: false, matching_algorithm: 0 },
    },
    {
      model: 'documents.tag',
      pk: 3,
      fields: { owner: 2, name: 'Home', color: '#fb9a99', is_inbox_tag: false, matching_algorithm: 0 },
    },
    {
      model: 'documents.storagepath',
      pk: 1,
      fields: {
        owner: 2,
        name: 'By year',
        path: '{{ created_year }}/{{ correspondent }}/{{ title }}',
        match: '',
        matching_algorithm: 0,
        is_insensitive: true,
      },
    },
    {
      model: 'documents.document',
      pk: 11,
      fields: {
        owner: 2,
        correspondent: 1,
        storage_path: 1,
        title: 'Electricity invoice May 2023',
        content: 'Invoice 2023-0042 from ACME Power: 84.20 EUR due 2023-06-01',
        document_type: 1,
        mime_type: 'application/pdf',
        checksum: md5(INVOICE_PDF),
        archive_checksum: md5(INVOICE_PDF),
        page_count: 1,
        created: '2023-05-17',
        modified: '2023-05-18T09:12:44.120Z',
        storage_type: 'unencrypted',
        added: '2023-05-18T09:12:40.001Z',
        filename: '2023/ACME Power/Electricity invoice May 2023.pdf',
        archive_filename: '2023/ACME Power/Electricity invoice May 2023.pdf',
        original_filename: 'scan_0042.pdf',
        archive_serial_number: 42,
        tags: [2, 3],
      },
      __exported_file_name__: '2023/ACME Power/Electricity invoice May 2023.pdf',
      __exported_archive_name__: 'archive/2023/ACME Power/Electricity invoice May 2023.pdf',
      __exported_thumbnail_name__: 'thumbnails/2023/ACME Power/Electricity invoice May 2023.webp',
    },
    {
      model: 'documents.document',
      pk: 12,
      fields: {
        owner: 2,
        correspondent: 2,
        storage_path: null,
        title: 'Lease agreement',
        content: 'Mietvertrag zwischen Hausverwaltung Schmidt und dem Mieter, Beginn 1. April 2021',
        document_type: 2,
        mime_type: 'application/vnd.oasis.opendocument.text',
        checksum: md5(LEASE_ODT),
        created: '2021-03-02T00:00:00+01:00',
        modified: '2021-03-05T10:00:00Z',
        storage_type: 'unencrypted',
        added: '2021-03-05T10:00:00Z',
        original_filename: 'Mietvertrag.odt',
        archive_serial_number: null,
        tags: [3],
      },
      __exported_file_name__: '0000012.odt',
      __exported_archive_name__: 'archive/0000012.pdf',
    },
    {
      model: 'documents.document',
      pk: 13,
      fields: {
        owner: 2,
        correspondent: null,
        storage_path: null,
        title: 'Hardware store receipt',
        content: 'Receipt: hardware store, screws and a hammer',
        document_type: null,
        mime_type: 'application/pdf',
        checksum: md5(RECEIPT_PDF),
        created: '2024-01-09',
        modified: '2024-01-09T16:40:00Z',
        storage_type: 'unencrypted',
        added: '2024-01-09T16:40:00Z',
        original_filename: 'IMG_20240109.pdf',
        archive_serial_number: null,
        tags: [1],
      },
      __exported_file_name__: '0000013.pdf',
      __exported_archive_name__: null,
    },
    {
      model: 'documents.note',
      pk: 1,
      fields: {
        note: 'Paid by bank transfer on 2023-05-30',
        created: '2023-05-30T08:00:00Z',
        document: 11,
        user: 2,
      },
    },
    { model: 'auth.user', pk: 2, fields: { username: 'ada', email: 'ada@example.org', is_staff: true } },
    { model: 'paperless_mail.mailaccount', pk: 1, fields: { name: 'Home', imap_server: 'imap.example.org' } },
  ];
}

/** The files `paperlessManifest()` names, as the exporter writes them beside it. */
export function paperlessFiles(): ZipEntry[] {
  return [
    { name: '2023/ACME Power/Electricity invoice May 2023.pdf', bytes: INVOICE_PDF },
    { name: 'archive/2023/ACME Power/Electricity invoice May 2023.pdf', bytes: INVOICE_PDF },
    { name: '0000012.odt', bytes: LEASE_ODT },
    { name: '0000013.pdf', bytes: RECEIPT_PDF },
    { name: 'metadata.json', bytes: Buffer.from('{"version": "2.13.5"}') },
  ];
}

/**
 * A zipped export folder (`document_exporter /export --zip`, or the folder zipped under its own name);
 * a manifest given as bytes is written as is.
 */
export function paperlessZip(
  manifest: unknown = paperlessManifest(),
  { folder = '', files = paperlessFiles() }: { folder?: string; files?: ZipEntry[] } = {},
): Promise<Buffer> {
  return zipOf([
    {
      name: `${folder}manifest.json`,
      bytes: Buffer.isBuffer(manifest) ? manifest : Buffer.from(JSON.stringify(manifest, null, 2)),
    },
    ...files.map((f) => ({ ...f, name: `${folder}${f.name}` })),
  ]);
}

/**
 * A ZIP with an entry named to leave the folder (`../../etc/evil.txt`): archiver cleans such names, so
 * the entry is written under a name of the same length and renamed in the bytes.
 */
export async function escapingZip(): Promise<Buffer> {
  const zip = await paperlessZip(paperlessManifest(), {
    files: [...paperlessFiles(), { name: 'xx/xx/etc/evil.txt', bytes: Buffer.from('owned') }],
  });
  const from = Buffer.from('xx/xx/etc/evil.txt');
  const to = Buffer.from('../../etc/evil.txt');
  for (let at = zip.indexOf(from); at !== -1; at = zip.indexOf(from, at + 1)) to.copy(zip, at);
  return zip;
}

/** A ZIP bomb: one entry of 40 MB of zeros, deflated to a few dozen kilobytes. */
export function bombZip(): Promise<Buffer> {
  return paperlessZip(paperlessManifest(), {
    files: [...paperlessFiles(), { name: 'archive/huge.pdf', bytes: Buffer.alloc(40 * 1024 * 1024) }],
  });
}
