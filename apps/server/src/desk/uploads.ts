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
import { errorResponses } from '../http/error-responses.js';
import { HttpError, notFound } from '../http/http-error.js';
import { type BlobStore, BlobTooLargeError } from '../storage/blob-store.js';
import { lockBlobKeys } from './blob-cleanup.js';
import { toDeskObject } from './object-view.js';
import { createDeskRepository } from './repository.js';
import type { DeskService } from './service.js';
import type { UrlSigner } from './signed-urls.js';
import { type IncomingFile, storeUploads, UploadReadError } from './store-uploads.js';

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
  const { db, desk, signer, maxUploadBytes } = deps;
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

      async function* parts(): AsyncIterable<IncomingFile> {
        for await (const part of request.files()) yield { file: part.file, filename: part.filename };
      }
      const result = await storeUploads(
        { ...deps, log: request.log },
        user.id,
        parent,
        parts(),
        request.query.on_duplicate,
      ).catch((error: unknown) => {
        throw error instanceof UploadReadError ? uploadFailure(error.cause, megabytes) : error;
      });
      if (result.made.length === 0 && result.duplicates.length === 0) {
        throw new HttpError(422, 'The upload holds no file');
      }
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
