import type { Readable } from 'node:stream';
import type { DUPLICATE_POLICIES } from '@easio/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { ObjectRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { intakeItem } from '../intake/item.js';
import { intakeMetadata } from '../intake/metadata.js';
import type { BlobStore, StoredBlob } from '../storage/blob-store.js';
import { lockBlobKeys } from './blob-cleanup.js';
import {
  type Conversion,
  convertUpload,
  findUploadOriginal,
  storeLinkedItems,
} from './conversions/upload-conversion.js';
import { itemNameFromFileName } from './file-names.js';
import { createDeskRepository } from './repository.js';

/** One file arriving for a desk: its bytes, the name it came with, and facts to keep beside it. */
export interface IncomingFile {
  file: Readable;
  filename: string;
  /** Merged into a new item's metadata (a scanner folder's `folder_path`). */
  metadata?: Record<string, unknown>;
}

export interface StoreUploadsDeps {
  db: Db;
  blobs: BlobStore;
  maxUploadBytes: number;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
  /** New files to process in the background (text, thumbnail, EXIF), once their objects are committed. */
  onFilesStored: (objectIds: string[]) => Promise<void>;
  /** New items arrived on the user's desk (recommendations are generated for them, debounced). */
  onItemsAdded: (ownerId: string) => void;
  log: FastifyBaseLogger;
}

export interface StoredUploads {
  made: ObjectRow[];
  /** Files refused as duplicates (`refuse`), each with the object that has its bytes. */
  duplicates: { name: string; existing: ObjectRow }[];
}

/**
 * A file could not be read into the blob store (too large, cut off, unreadable): nothing was stored.
 * `cause` is what the reading threw.
 */
export class UploadReadError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * A conversion held to the intake rules, as everything stored from outside is: the e-mail's HTML
 * sanitised and its texts and metadata bounded, each linked item's name cut to the desk's cap. A linked
 * item the rules refuse is left out (its bytes released); when they refuse the upload's own item, the
 * upload stays a plain file (null).
 */
async function heldToIntakeRules(
  deps: StoreUploadsDeps,
  conversion: Conversion,
  name: string,
): Promise<Conversion | null> {
  const own = intakeItem({ ...conversion.own, name, metadata: conversion.own.metadata ?? {} });
  const linked = conversion.linked.map((draft) => ({ draft, checked: intakeItem(draft) }));
  const refused = linked.filter(({ checked }) => !own.ok || !checked.ok).map(({ draft }) => draft);
  const released = refused.flatMap((draft) => (draft.blob ? [draft.blob.key] : []));
  if (released.length) await deps.releaseBlobs({ blobKeys: released, thumbnailKeys: [] });
  if (!own.ok) return null;
  const kept = linked.flatMap(({ checked }) => (checked.ok ? [checked.item] : []));
  return {
    ...conversion,
    own: { ...conversion.own, content: own.item.content ?? null, metadata: own.item.metadata },
    linked: kept,
    blobKeys: conversion.blobKeys.filter((key) => !released.includes(key)),
  };
}

/**
 * Stores files on a user's desk under `parent`, the one path every upload takes (the upload route, the
 * scanner folder): bytes into the blob store, a duplicate refused or linked by `onDuplicate`, mail and
 * calendar files converted, every row in one transaction, then processing queued and recommendations
 * told. Throws UploadReadError when a file could not be read (nothing stored), HttpError 409 when a blob
 * vanished meanwhile.
 */
export async function storeUploads(
  deps: StoreUploadsDeps,
  ownerId: string,
  parent: ObjectRow,
  files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
  onDuplicate: (typeof DUPLICATE_POLICIES)[number],
): Promise<StoredUploads> {
  const { db, blobs, maxUploadBytes } = deps;
  const stored: { blob: StoredBlob; name: string; metadata?: Record<string, unknown> }[] = [];
  try {
    for await (const part of files) {
      const blob = await blobs.put(part.file, {
        ownerId,
        maxBytes: maxUploadBytes,
        nameHint: part.filename,
      });
      const checked = part.metadata && intakeMetadata(part.metadata);
      const metadata = checked?.ok ? checked.metadata : undefined;
      stored.push({ blob, name: itemNameFromFileName(part.filename), metadata });
    }
  } catch (error) {
    await deps.releaseBlobs({ blobKeys: stored.map((s) => s.blob.key), thumbnailKeys: [] });
    throw new UploadReadError(error);
  }
  if (stored.length === 0) return { made: [], duplicates: [] };

  // Messages and calendars become e-mails and events (a duplicate stays what its original is).
  const conversions = new Map<StoredBlob, Conversion>();
  const conversionDeps = { blobs, maxBytes: maxUploadBytes, releaseBlobs: deps.releaseBlobs, log: deps.log };
  for (const { blob, name } of stored) {
    if (await findUploadOriginal(db, ownerId, blob.sha256)) continue;
    const converted = await convertUpload(conversionDeps, ownerId, blob, name);
    const conversion = converted && (await heldToIntakeRules(deps, converted, name));
    if (conversion) conversions.set(blob, conversion);
  }
  const madeBlobs = [...conversions.values()].flatMap((c) => c.blobKeys);

  const result = await db
    .transaction(async (tx) => {
      // A delete of a file with the same bytes may have released the blob since it was stored:
      // under the blob locks, make sure every blob is still there before objects point at it.
      const keys = [...stored.map((s) => s.blob.key), ...madeBlobs];
      await lockBlobKeys(tx, keys);
      for (const key of keys) {
        if ((await blobs.size(key)) === null) {
          throw new HttpError(
            409,
            'A file was removed while it uploaded; nothing was stored: upload it again',
          );
        }
      }
      const repo = createDeskRepository(tx);
      const made: ObjectRow[] = [];
      const fresh: string[] = [];
      const duplicates: { name: string; existing: ObjectRow }[] = [];
      for (const { blob, name, metadata } of stored) {
        const existing = await findUploadOriginal(tx, ownerId, blob.sha256);
        if (existing && onDuplicate === 'refuse') {
          duplicates.push({ name, existing });
          continue;
        }
        const conversion = existing ? undefined : conversions.get(blob);
        const [row] = await repo.insert([
          {
            ownerId,
            parentId: parent.id,
            dataType: existing?.dataType ?? 'file_object',
            name,
            mimeType: blob.mimeType,
            size: blob.size,
            sha256: blob.sha256,
            blobKey: blob.key,
            duplicateOf: existing?.id ?? null,
            content: existing?.content ?? null,
            metadata: existing?.metadata ?? {},
            jobState: existing ? existing.jobState : 'pending',
            jobError: existing?.jobError ?? null,
            ocrState: existing?.ocrState ?? null,
            ocrError: existing?.ocrError ?? null,
            ocrConfidence: existing?.ocrConfidence ?? null,
            ocrPages: existing?.ocrPages ?? null,
            thumbnailKey: existing?.thumbnailKey ?? null,
            // A date processing read from the bytes (EXIF, the document's text) is theirs too.
            ...(existing?.dateSource && {
              sourceCreatedAt: existing.sourceCreatedAt,
              dateSource: existing.dateSource,
            }),
            ...(existing?.dataType === 'email_object' && {
              source: existing.source,
              mimeType: existing.mimeType,
              sourceCreatedAt: existing.sourceCreatedAt,
            }),
            ...conversion?.own,
            ...(metadata && {
              metadata: { ...(conversion?.own.metadata ?? existing?.metadata), ...metadata },
            }),
          },
        ]);
        if (!row) throw new Error('insert returned no row');
        made.push(row);
        if (!existing && row.jobState === 'pending') fresh.push(row.id);
        if (conversion) fresh.push(...(await storeLinkedItems(tx, conversion, row)));
      }
      return { made, fresh, duplicates };
    })
    .catch(async (error: unknown) => {
      await deps.releaseBlobs({ blobKeys: madeBlobs, thumbnailKeys: [] });
      throw error;
    });
  if (result.fresh.length) await deps.onFilesStored(result.fresh);
  if (result.made.length) deps.onItemsAdded(ownerId);
  return { made: result.made, duplicates: result.duplicates };
}
