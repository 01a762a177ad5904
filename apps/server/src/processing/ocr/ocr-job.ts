import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { objects } from '../../db/schema.js';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.js';
import { applyDocumentDate } from '../document-date-store.js';
import { baseMimeType, PDF } from '../mime.js';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from '../process-file.js';
import { readBlob } from '../read-blob.js';
import { sameBytes } from '../same-bytes.js';
import type { OcrEngine } from './engine.js';
import { OcrRefusal } from './image.js';
import { type Reading, type ReadLimits, readFileText } from './read-file.js';

const MAX_OCR_ERROR_CHARS = 1000;

export type OcrProcessor = (objectId: string) => Promise<void>;

async function findTarget(db: Db, objectId: string) {
  const [row] = await db
    .select({
      id: objects.id,
      ownerId: objects.ownerId,
      blobKey: objects.blobKey,
      mimeType: objects.mimeType,
      caption: sql<string | null>`${objects.metadata} ->> 'caption'`,
    })
    .from(objects)
    .where(eq(objects.id, objectId))
    .limit(1);
  return row;
}

type Target = NonNullable<Awaited<ReturnType<typeof findTarget>>>;

async function readBytes(blobs: BlobStore, target: Target): Promise<Buffer> {
  if (!target.blobKey) throw new OcrRefusal('The contents of the file are missing from storage');
  const pdf = baseMimeType(target.mimeType ?? '') === PDF;
  try {
    return await readBlob(blobs, target.blobKey, pdf ? MAX_DOCUMENT_BYTES : MAX_IMAGE_BYTES);
  } catch (error) {
    if (error instanceof BlobNotFoundError)
      throw new OcrRefusal('The contents of the file are missing from storage');
    if (error instanceof Error && error.message.startsWith('The file is larger'))
      throw new OcrRefusal('The file is too large to read');
    throw error;
  }
}

/**
 * Where the text OCR read is stored, the one place: the item's `content` (which feeds search,
 * snippets and recommendations) with its confidence, or 'none' leaving `content` as it was. An
 * image's caption (EXIF) stays ahead of the text read.
 */
async function storeReading(db: Db, target: Target, reading: Reading): Promise<boolean> {
  const common = { ocrPages: reading.pages, ocrError: reading.note, updatedAt: sql`now()` };
  const values =
    reading.found === 'text'
      ? {
          ...common,
          ocrState: 'done',
          ocrConfidence: reading.confidence,
          content: target.caption ? `${target.caption}\n\n${reading.text}` : reading.text,
        }
      : { ...common, ocrState: 'none', ocrConfidence: null };
  const updated = await db.update(objects).set(values).where(sameBytes(target)).returning({ id: objects.id });
  return updated.length > 0;
}

async function markFailed(db: Db, target: Target, reason: string): Promise<void> {
  await db
    .update(objects)
    .set({ ocrState: 'failed', ocrError: reason.slice(0, MAX_OCR_ERROR_CHARS), updatedAt: sql`now()` })
    .where(sameBytes(target));
}

/**
 * Reads the text of a scan, photo or image-only PDF page with OCR (the `ocr-file` job): the object and
 * its duplicates go 'reading', then 'done' with the text, 'none', or 'failed' with a reason (at once
 * for a file that cannot be read; after the last retry for anything else: see markOcrFailed).
 * `onTextRead` is told whose desk got new text (recommendations are refreshed with it).
 */
export function createOcrProcessor(deps: {
  db: Db;
  blobs: BlobStore;
  engine: OcrEngine;
  limits: ReadLimits;
  /** The OCR languages: their month names date what was read. */
  languages: readonly string[];
  onTextRead: (ownerId: string) => void;
}): OcrProcessor {
  const { db, blobs, engine, limits, languages, onTextRead } = deps;
  return async (objectId) => {
    const target = await findTarget(db, objectId);
    if (!target) return; // deleted since it was queued
    await db.update(objects).set({ ocrState: 'reading', ocrError: null }).where(sameBytes(target));
    let reading: Reading;
    try {
      const bytes = await readBytes(blobs, target);
      reading = await readFileText(engine, bytes, target.mimeType ?? '', limits);
    } catch (error) {
      if (!(error instanceof OcrRefusal)) throw error;
      await markFailed(db, target, error.message);
      return;
    }
    const stored = await storeReading(db, target, reading);
    if (stored && reading.found === 'text') {
      // A scanned letter or invoice is dated by what it says, like a document with a text layer.
      await applyDocumentDate(db, target, reading.text, [...languages]);
      onTextRead(target.ownerId);
    }
  };
}

/** Records that OCR gave up on the object (and its duplicates): the queue's onFinalFailure. */
export async function markOcrFailed(db: Db, objectId: string, error: Error): Promise<void> {
  const target = await findTarget(db, objectId);
  if (target) await markFailed(db, target, `The text could not be read: ${error.message}`);
}
