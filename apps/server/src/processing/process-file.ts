import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import { asError } from '../jobs/job-errors.js';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.js';
import { applyDocumentDate, takesDocumentDate } from './document-date-store.js';
import { type PhotoFacts, readPhotoFacts } from './exif.js';
import { extractsText } from './extract-text.js';
import { baseMimeType, PDF, PHOTO_TYPES } from './mime.js';
import { needsOcr } from './ocr/text.js';
import { readBlob } from './read-blob.js';
import { sameBytes } from './same-bytes.js';
import { extractPdf, extractText } from './sandboxed.js';
import { makesThumbnail, makeThumbnail } from './thumbnail.js';

const MiB = 1024 * 1024;
/** Documents (text, PDF thumbnails) are read up to this size; larger ones are left as they are. */
export const MAX_DOCUMENT_BYTES = 50 * MiB;
/** Images get a thumbnail and their EXIF read up to this size (sharp streams their pixels). */
export const MAX_IMAGE_BYTES = 100 * MiB;
const MAX_JOB_ERROR_CHARS = 1000;
/** Starts that never finished (the process died each time) after which a file is not read again. */
export const MAX_UNFINISHED_ATTEMPTS = 2;
export const STOPPED_THE_SERVER =
  'Reading this file stopped the server twice, so it is not tried again. Download it to open it in another app.';

export type FileProcessor = (objectId: string) => Promise<void>;

async function findTarget(db: Db, objectId: string) {
  const [row] = await db
    .select({
      id: objects.id,
      ownerId: objects.ownerId,
      dataType: objects.dataType,
      blobKey: objects.blobKey,
      mimeType: objects.mimeType,
      size: objects.size,
    })
    .from(objects)
    .where(eq(objects.id, objectId))
    .limit(1);
  return row;
}

interface Results {
  text: string | null;
  /** A PDF's pages' own text, in order. */
  pdfPages: string[] | null;
  thumbnail: Buffer | null;
  facts: PhotoFacts | null;
  /** The reason the job fails, when the processor that matters for this type of file failed. */
  failure?: Error;
}

const NOTHING: Results = { text: null, pdfPages: null, thumbnail: null, facts: null };

const settledValue = <T>(result: PromiseSettledResult<T | null>): T | null =>
  result.status === 'fulfilled' ? result.value : null;

async function runProcessors(
  blobs: BlobStore,
  key: string,
  mimeType: string,
  size: number,
): Promise<Results> {
  const photo = PHOTO_TYPES.has(baseMimeType(mimeType)) && size <= MAX_IMAGE_BYTES;
  const document = size <= MAX_DOCUMENT_BYTES;
  const wantText = document && extractsText(mimeType);
  const wantThumbnail = photo || (document && makesThumbnail(mimeType));
  if (!wantText && !wantThumbnail) return NOTHING;

  const bytes = await readBlob(blobs, key, photo ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES).catch((error) => {
    throw error instanceof BlobNotFoundError
      ? new Error('The contents of the file are missing from storage')
      : error;
  });
  const readText = async () => {
    if (baseMimeType(mimeType) === PDF) return extractPdf(bytes);
    return { text: await extractText(bytes, mimeType), pages: null };
  };
  const [text, thumbnail, facts] = await Promise.allSettled([
    wantText ? readText() : null,
    wantThumbnail ? makeThumbnail(bytes, mimeType) : null,
    photo ? readPhotoFacts(bytes) : null,
  ]);
  // A document fails on its text, an image on its picture; the rest is kept when found, never fatal.
  const fatal =
    text.status === 'rejected' ? text : photo && thumbnail.status === 'rejected' ? thumbnail : null;
  return {
    text: settledValue(text)?.text ?? null,
    pdfPages: settledValue(text)?.pages ?? null,
    thumbnail: settledValue(thumbnail),
    facts: settledValue(facts),
    failure: fatal ? asError(fatal.reason) : undefined,
  };
}

/**
 * Processes a stored file in the background: its text into `content`, a WebP thumbnail, and a
 * photo's EXIF facts into `metadata` (`taken_at`, `latitude`, `longitude`, `camera`; `taken_at` also
 * becomes `source_created_at` when the object has none; a document's first written date does the
 * same, see applyDocumentDate). Duplicates linked to the object get the same. A file whose bytes were
 * read but cannot be made sense of (a damaged picture, a PDF with a password) is marked failed at once
 * with the reason: the same bytes would fail the same way again. Throws when the bytes cannot be read
 * (storage, database), so the queue retries and finally records the reason with markFileJobFailed.
 */
export function createFileProcessor({
  db,
  blobs,
  readWithOcr = null,
}: {
  db: Db;
  blobs: BlobStore;
  /** Queues OCR of the object; null (the default) when OCR is off. */
  readWithOcr?: ((objectId: string) => Promise<void>) | null;
}): FileProcessor {
  return async (objectId) => {
    const object = await findTarget(db, objectId);
    if (!object) return; // deleted since it was queued
    const rows = sameBytes(object);
    // Counted before the work starts (on the object, in the statement marking it and its duplicates
    // running): only a process that died while reading leaves the count up.
    const marked = await db
      .update(objects)
      .set({
        jobState: 'running',
        jobError: null,
        jobAttempts: sql`CASE WHEN ${objects.id} = ${object.id} THEN ${objects.jobAttempts} + 1 ELSE ${objects.jobAttempts} END`,
      })
      .where(rows)
      .returning({ id: objects.id, attempts: objects.jobAttempts });
    const started = marked.find((row) => row.id === object.id);
    if ((started?.attempts ?? 1) > MAX_UNFINISHED_ATTEMPTS) {
      await db
        .update(objects)
        .set({ jobState: 'failed', jobError: STOPPED_THE_SERVER, jobAttempts: 0, updatedAt: sql`now()` })
        .where(rows);
      return;
    }

    let results = NOTHING;
    let size = 0;
    try {
      if (object.blobKey) {
        size = object.size ?? (await blobs.size(object.blobKey)) ?? 0;
        results = await runProcessors(blobs, object.blobKey, object.mimeType ?? '', size);
      }
    } catch (error) {
      // Ended, if with an error the queue retries: not an attempt the server died in.
      await db.update(objects).set({ jobAttempts: 0 }).where(eq(objects.id, object.id));
      throw error;
    }

    const thumbnailKey = results.thumbnail ? `${object.ownerId}/thumbs/${object.id}.webp` : null;
    if (thumbnailKey && results.thumbnail) await blobs.putAt(thumbnailKey, results.thumbnail, 'image/webp');
    const { facts, failure } = results;
    const text = results.text ?? facts?.caption ?? null;
    // A scan or a picture that may hold text is read next, by its own job (only once the file itself was read).
    const ocr =
      readWithOcr !== null &&
      !failure &&
      object.blobKey !== null &&
      size <= MAX_IMAGE_BYTES &&
      needsOcr(object.mimeType ?? '', results.pdfPages);
    const updated = await db
      .update(objects)
      .set({
        updatedAt: sql`now()`,
        ...(text !== null && { content: text }),
        ...(thumbnailKey && { thumbnailKey }),
        ...(facts && { metadata: sql`${objects.metadata} || ${JSON.stringify(facts)}::jsonb` }),
        ...(facts?.taken_at && {
          sourceCreatedAt: sql`coalesce(${objects.sourceCreatedAt}, ${facts.taken_at}::timestamptz)`,
          dateSource: sql`CASE WHEN ${objects.sourceCreatedAt} IS NULL THEN 'photo' ELSE ${objects.dateSource} END`,
        }),
        ...(failure
          ? { jobState: 'failed', jobError: failure.message.slice(0, MAX_JOB_ERROR_CHARS) }
          : { jobState: 'done', jobError: null }),
        jobAttempts: 0,
        ...(ocr && { ocrState: 'pending', ocrError: null, ocrConfidence: null, ocrPages: null }),
      })
      .where(rows)
      .returning({ id: objects.id });
    // Deleted while it was processed: nothing points at the thumbnail.
    if (updated.length === 0 && thumbnailKey) await blobs.delete(thumbnailKey);
    if (updated.length > 0 && results.text && takesDocumentDate(object.dataType, object.mimeType)) {
      await applyDocumentDate(db, object, results.text);
    }
    if (updated.length > 0 && ocr) await readWithOcr(object.id);
  };
}

/** Records that processing gave up on the object (and its duplicates): the queue's onFinalFailure. */
export async function markFileJobFailed(db: Db, objectId: string, error: Error): Promise<void> {
  const object = await findTarget(db, objectId);
  if (!object) return;
  await db
    .update(objects)
    .set({ jobState: 'failed', jobError: error.message.slice(0, MAX_JOB_ERROR_CHARS), updatedAt: sql`now()` })
    .where(sameBytes(object));
}
