import {
  deskObjectSchema,
  linkDuplicateSchema,
  type UploadResult,
  uploadQuerySchema,
  uploadResultSchema,
} from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/authenticate.js';
import type { Db } from '../db/client.js';
import type { ObjectRow } from '../db/schema.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError, notFound } from '../http/http-error.js';
import { type BlobStore, BlobTooLargeError, type StoredBlob } from '../storage/blob-store.js';
import { lockBlobKeys } from './blob-cleanup.js';
import {
  type Conversion,
  convertUpload,
  findUploadOriginal,
  storeLinkedItems,
} from './conversions/upload-conversion.js';
import { itemNameFromFileName } from './file-names.js';
import { toDeskObject } from './object-view.js';
import { createDeskRepository } from './repository.js';
import type { DeskService } from './service.js';
import type { UrlSigner } from './signed-urls.js';

export const MAX_FILES_PER_UPLOAD = 100;

export interface UploadDeps {
  db: Db;
  desk: DeskService;
  blobs: BlobStore;
  signer: UrlSigner;
  maxUploadBytes: number;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
  /** New files to process in the background (text, thumbnail, EXIF), once their objects are committed. */
  onFilesStored: (objectIds: string[]) => Promise<void>;
  /** New items arrived on the user's desk (recommendations are generated for them, debounced). */
  onItemsAdded: (ownerId: string) => void;
}

const errors = errorResponses(400, 401, 404, 413, 422);

/** `POST /api/desk/uploads` and keeping a refused duplicate as a link. */
export async function uploadRoutes(app: FastifyInstance, deps: UploadDeps) {
  const { db, desk, blobs, signer, maxUploadBytes } = deps;
  const megabytes = Number((maxUploadBytes / (1024 * 1024)).toPrecision(3));
  await app.register(multipart, {
    // One byte over the limit reaches the blob store, which refuses it; the parser must not cut it silently.
    limits: {
      fileSize: maxUploadBytes + 1,
      files: MAX_FILES_PER_UPLOAD,
      fields: 10,
      fieldSize: 1024,
      parts: MAX_FILES_PER_UPLOAD + 10,
    },
    throwFileSizeLimit: true,
    // Keep the name the client sent, folders and all: it is stored as text, never used as a path.
    preservePath: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/uploads',
    {
      schema: {
        tags: ['desk'],
        summary: `Upload one or many files (multipart, up to ${MAX_FILES_PER_UPLOAD} per request, each at most the configured size). A file whose bytes you already have is refused as a duplicate, or kept as a link with on_duplicate=link.`,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 200: uploadResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data');
      const parent = await desk.parentFor(user, request.query.parent_id, 'file_object');

      const stored: { blob: StoredBlob; name: string }[] = [];
      try {
        for await (const part of request.files()) {
          const blob = await blobs.put(part.file, {
            ownerId: user.id,
            maxBytes: maxUploadBytes,
            nameHint: part.filename,
          });
          stored.push({ blob, name: itemNameFromFileName(part.filename) });
        }
      } catch (error) {
        await deps.releaseBlobs({ blobKeys: stored.map((s) => s.blob.key), thumbnailKeys: [] });
        throw uploadFailure(error, megabytes);
      }
      if (stored.length === 0) throw new HttpError(422, 'The upload holds no file');

      // Messages and calendars become e-mails and events (a duplicate stays what its original is).
      const conversions = new Map<StoredBlob, Conversion>();
      const conversionDeps = {
        blobs,
        maxBytes: maxUploadBytes,
        releaseBlobs: deps.releaseBlobs,
        log: request.log,
      };
      for (const { blob, name } of stored) {
        if (await findUploadOriginal(db, user.id, blob.sha256)) continue;
        const conversion = await convertUpload(conversionDeps, user.id, blob, name);
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
          for (const { blob, name } of stored) {
            const existing = await findUploadOriginal(tx, user.id, blob.sha256);
            if (existing && request.query.on_duplicate === 'refuse') {
              duplicates.push({ name, existing });
              continue;
            }
            const conversion = existing ? undefined : conversions.get(blob);
            const [row] = await repo.insert([
              {
                ownerId: user.id,
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
      if (result.made.length) deps.onItemsAdded(user.id);
      return {
        items: result.made.map((row) => toDeskObject(row, signer)),
        duplicates: result.duplicates.map((d) => ({
          name: d.name,
          existing: toDeskObject(d.existing, signer),
        })),
      } satisfies UploadResult;
    },
  );

  r.post(
    '/duplicates/link',
    {
      schema: {
        tags: ['desk'],
        summary: 'Keep a refused duplicate after all, as a link to the file that has its bytes',
        security: [{ bearer: [] }],
        body: linkDuplicateSchema,
        response: { 200: deskObjectSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const parent = await desk.parentFor(user, request.body.parent_id, 'file_object');
      const row = await db.transaction(async (tx) => {
        const repo = createDeskRepository(tx);
        const found = await repo.findOwned(user.id, request.body.object_id);
        const holdsBytes = found?.dataType === 'file_object' || found?.dataType === 'email_object';
        if (!found || !holdsBytes || !found.blobKey) throw notFound();
        // Under the blob's lock, so a delete of the original cannot release the bytes meanwhile.
        await lockBlobKeys(tx, [found.blobKey]);
        const original = await repo.findOwned(user.id, found.id);
        if (!original?.blobKey) throw notFound();
        const [made] = await repo.insert([
          {
            ownerId: user.id,
            parentId: parent.id,
            dataType: original.dataType,
            name: request.body.name ?? original.name,
            mimeType: original.mimeType,
            size: original.size,
            sha256: original.sha256,
            blobKey: original.blobKey,
            duplicateOf: original.id,
            content: original.content,
            metadata: original.metadata,
            jobState: original.jobState,
            jobError: original.jobError,
            ocrState: original.ocrState,
            ocrError: original.ocrError,
            ocrConfidence: original.ocrConfidence,
            ocrPages: original.ocrPages,
            thumbnailKey: original.thumbnailKey,
            ...(original.dateSource && {
              sourceCreatedAt: original.sourceCreatedAt,
              dateSource: original.dateSource,
            }),
            ...(original.dataType === 'email_object' && {
              source: original.source,
              sourceCreatedAt: original.sourceCreatedAt,
            }),
          },
        ]);
        return made;
      });
      if (!row) throw new Error('insert returned no row');
      return toDeskObject(row, signer);
    },
  );
}

function uploadFailure(error: unknown, megabytes: number): Error {
  if (error instanceof HttpError) return error;
  if (error instanceof BlobTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, `A file is larger than ${megabytes} MB; nothing was stored`);
  }
  if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
    return new HttpError(413, `At most ${MAX_FILES_PER_UPLOAD} files per upload; nothing was stored`);
  }
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('FST_') || code === 'ECONNRESET' || (error as Error).message?.includes('aborted')) {
    return new HttpError(400, 'The upload was cut off before it finished; nothing was stored');
  }
  return error instanceof Error ? error : new Error(String(error));
}
