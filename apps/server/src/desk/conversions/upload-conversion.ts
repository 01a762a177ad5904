import { Readable } from 'node:stream';
import { baseMime, extensionOf, MIME_CALENDAR, MIME_OUTLOOK } from '@easio/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type ObjectRow, objects } from '../../db/schema.js';
import { attachmentMetadata, emailMetadata } from '../../sources/mail/mail-message.js';
import type { BlobStore, StoredBlob } from '../../storage/blob-store.js';
import type { NewObject } from '../repository.js';
import { readUploadedCalendar } from './uploaded-calendar.js';
import { readUploadedEmail } from './uploaded-email.js';

export type ConversionFormat = 'rfc822' | 'outlook' | 'calendar';

/**
 * Uploads that become more than a file: an e-mail (`.eml`, or `.msg` read by its name once the bytes
 * are an OLE compound file) and an iCalendar file (recognised by its content).
 */
export function conversionFormatOf(mimeType: string, fileName: string): ConversionFormat | null {
  const mime = baseMime(mimeType);
  const extension = extensionOf(fileName);
  if (mime === 'message/rfc822' || (mime === 'text/plain' && extension === 'eml')) return 'rfc822';
  if ((mime === 'application/x-cfb' || mime === MIME_OUTLOOK) && extension === 'msg') return 'outlook';
  if (mime === MIME_CALENDAR) return 'calendar';
  return null;
}

/** An item made of the upload, stored beside it and linked to it. */
interface LinkedDraft {
  dataType: 'file_object' | 'event_object';
  /** The desk source its kind comes from, so it shows where imported ones do (the Mail and Calendar pages). */
  source: 'mail' | 'calendar';
  name: string;
  content: string | null;
  metadata: Record<string, unknown>;
  sourceCreatedAt: Date | null;
  blob?: StoredBlob;
}

export interface Conversion {
  /** What the uploaded file's own object becomes (it keeps its name and its bytes). */
  own: Pick<
    NewObject,
    'dataType' | 'source' | 'mimeType' | 'content' | 'metadata' | 'sourceCreatedAt' | 'jobState'
  >;
  /** The metadata field of each linked item that names the upload's object. */
  linkField: 'email_id' | 'calendar_file_id';
  linked: LinkedDraft[];
  /** Blobs stored for the linked items: locked with the upload's, released when it fails. */
  blobKeys: string[];
}

export interface ConversionDeps {
  blobs: BlobStore;
  maxBytes: number;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * What an uploaded file becomes: an e-mail item (the same kind and metadata as imported mail) with its
 * attachments stored as files linked to it by `email_id`, or a calendar file kept as a file with its
 * events stored beside it, linked by `calendar_file_id`. Null when it is none of these or cannot be
 * read as one: then it stays a plain file, and nothing was stored for it.
 */
export async function convertUpload(
  deps: ConversionDeps,
  ownerId: string,
  blob: StoredBlob,
  fileName: string,
): Promise<Conversion | null> {
  const format = conversionFormatOf(blob.mimeType, fileName);
  if (!format) return null;
  const stored: string[] = [];
  try {
    if (format === 'calendar') return await calendarConversion(deps, blob, fileName);
    const read = await readUploadedEmail(deps.blobs, blob, format, deps.maxBytes);
    if (!read) return null;
    try {
      const { mail } = read;
      const linked: LinkedDraft[] = [];
      for (const attachment of mail.attachments) {
        const body = Buffer.isBuffer(attachment.content)
          ? Readable.from([attachment.content])
          : await attachment.content();
        const saved = await deps.blobs.put(body, {
          ownerId,
          maxBytes: deps.maxBytes,
          nameHint: attachment.filename,
        });
        stored.push(saved.key);
        linked.push({
          dataType: 'file_object',
          source: 'mail',
          name: attachment.filename,
          content: null,
          metadata: attachmentMetadata(mail),
          sourceCreatedAt: mail.date,
          blob: saved,
        });
      }
      return {
        own: {
          dataType: 'email_object',
          source: 'mail',
          mimeType: format === 'outlook' ? MIME_OUTLOOK : 'message/rfc822',
          content: mail.text,
          metadata: emailMetadata(mail),
          sourceCreatedAt: mail.date,
          jobState: null,
        },
        linkField: 'email_id',
        linked,
        blobKeys: stored,
      };
    } finally {
      await read.done();
    }
  } catch (error) {
    deps.log.warn({ err: error, fileName }, 'an uploaded file could not be read as what it looks like');
    await deps.releaseBlobs({ blobKeys: stored, thumbnailKeys: [] });
    return null;
  }
}

async function calendarConversion(
  deps: ConversionDeps,
  blob: StoredBlob,
  fileName: string,
): Promise<Conversion | null> {
  const calendar = await readUploadedCalendar(deps.blobs, blob, fileName);
  if (!calendar) return null;
  return {
    own: {
      dataType: 'file_object',
      source: 'easio',
      mimeType: blob.mimeType,
      content: null,
      metadata: {
        calendar: calendar.name,
        calendar_events: calendar.events.length,
        calendar_capped: calendar.capped,
        calendar_skipped: calendar.skipped,
      },
      sourceCreatedAt: null,
      jobState: 'pending',
    },
    linkField: 'calendar_file_id',
    linked: calendar.events.map((event) => ({
      dataType: 'event_object',
      source: 'calendar',
      name: event.name,
      content: event.content,
      metadata: event.metadata,
      sourceCreatedAt: event.startsAt,
    })),
    blobKeys: [],
  };
}

/**
 * The object already holding these bytes, as uploads look for one (a duplicate is refused or kept as a
 * link to it): a file, or an e-mail made of an uploaded message file.
 */
export async function findUploadOriginal(
  db: Db,
  ownerId: string,
  sha256: string,
  kinds: ('file_object' | 'email_object')[] = ['file_object', 'email_object'],
): Promise<ObjectRow | undefined> {
  const [row] = await db
    .select()
    .from(objects)
    .where(
      and(
        eq(objects.ownerId, ownerId),
        eq(objects.sha256, sha256),
        inArray(objects.dataType, kinds),
        isNotNull(objects.blobKey),
        isNull(objects.trashedAt),
      ),
    )
    .orderBy(sql`${objects.duplicateOf} IS NOT NULL`, objects.createdAt)
    .limit(1);
  return row;
}

/** Rows inserted at once: well under PostgreSQL's 65,535 parameters a statement. */
const INSERT_BATCH = 500;

/**
 * Stores the items made of an upload beside its object (in the same folder, in the upload's
 * transaction): attachments whose bytes the user already has are kept as links to them, as imports
 * keep them. Answers the new files to process.
 */
export async function storeLinkedItems(
  tx: Db,
  conversion: Conversion,
  upload: Pick<ObjectRow, 'id' | 'ownerId' | 'parentId'>,
): Promise<string[]> {
  const values: NewObject[] = [];
  for (const draft of conversion.linked) {
    const base: NewObject = {
      ownerId: upload.ownerId,
      parentId: upload.parentId,
      dataType: draft.dataType,
      source: draft.source,
      name: draft.name,
      content: draft.content,
      metadata: { ...draft.metadata, [conversion.linkField]: upload.id },
      sourceCreatedAt: draft.sourceCreatedAt,
    };
    const { blob } = draft;
    if (!blob) {
      values.push(base);
      continue;
    }
    const original = await findUploadOriginal(tx, upload.ownerId, blob.sha256, ['file_object']);
    values.push({
      ...base,
      mimeType: blob.mimeType,
      size: blob.size,
      sha256: blob.sha256,
      blobKey: blob.key,
      duplicateOf: original?.id ?? null,
      content: original?.content ?? null,
      jobState: original ? original.jobState : 'pending',
      jobError: original?.jobError ?? null,
      thumbnailKey: original?.thumbnailKey ?? null,
    });
  }
  const process: string[] = [];
  for (let at = 0; at < values.length; at += INSERT_BATCH) {
    const rows = await tx
      .insert(objects)
      .values(values.slice(at, at + INSERT_BATCH))
      .returning({ id: objects.id, jobState: objects.jobState, duplicateOf: objects.duplicateOf });
    for (const row of rows) if (row.jobState === 'pending' && !row.duplicateOf) process.push(row.id);
  }
  return process;
}
