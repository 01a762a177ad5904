import type { FilePreview } from '@easio/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { notFound } from '../../http/http-error.js';
import { readBlob } from '../../processing/read-blob.js';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.js';
import { createDeskRepository } from '../repository.js';
import { PREVIEW_MESSAGES, renderPreview } from './render-preview.js';

export interface PreviewDeps {
  db: Db;
  blobs: BlobStore;
  log: FastifyBaseLogger;
}

/** Previews of the signed-in user's files; anyone else's id is not found. */
export function createPreviewService({ db, blobs, log }: PreviewDeps) {
  const repo = createDeskRepository(db);
  return {
    async preview(user: UserRow, id: string): Promise<FilePreview> {
      const row = await repo.findOwned(user.id, id);
      if (!row) throw notFound();
      const { blobKey } = row;
      if (!blobKey)
        return { kind: 'unavailable', reason: 'unsupported', message: PREVIEW_MESSAGES.unsupported };
      const size = row.size ?? (await blobs.size(blobKey));
      if (size === null) return { kind: 'unavailable', reason: 'missing', message: PREVIEW_MESSAGES.missing };
      try {
        return await renderPreview(
          {
            name: row.name,
            mimeType: row.mimeType,
            size,
            read: (maxBytes) =>
              size === 0
                ? Promise.resolve(Buffer.alloc(0))
                : maxBytes >= size
                  ? readBlob(blobs, blobKey, maxBytes)
                  : readRange(blobs, blobKey, maxBytes),
          },
          (error) => log.info({ err: error, objectId: row.id }, 'a file could not be previewed'),
        );
      } catch (error) {
        if (error instanceof BlobNotFoundError) {
          return { kind: 'unavailable', reason: 'missing', message: PREVIEW_MESSAGES.missing };
        }
        throw error;
      }
    },
  };
}

async function readRange(blobs: BlobStore, key: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(key, { start: 0, end: bytes - 1 })) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

export type PreviewService = ReturnType<typeof createPreviewService>;
