import { importRunSchema, moveInAppSchema } from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { ImportServiceApi } from '../imports/import-service.js';
import { spoolUpload, UploadTooLargeError } from '../imports/spool-upload.js';
import { MoveInError } from './moved-in.js';

/** An export of links is text: 50 MB holds hundreds of thousands of bookmarks with their icons. */
export const MAX_EXPORT_BYTES = 50 * 1024 * 1024;
/** An export zipped with its documents: 20 GB holds tens of thousands of scans (`MAX_ARCHIVE_MB`). */
export const MAX_PAPERLESS_BYTES = 20 * 1024 * 1024 * 1024;

export interface MoveInDeps {
  imports: ImportServiceApi;
  /** The largest export taken (MAX_EXPORT_BYTES unless a test says otherwise). */
  maxBytes?: number;
  /** The largest Paperless-ngx archive taken, and the most it may unpack to (MAX_PAPERLESS_BYTES). */
  maxArchiveBytes?: number;
}

/**
 * `POST /api/imports/{app}`: one uploaded export of another app (browser bookmarks, Linkwarden,
 * Karakeep, a zipped Paperless-ngx export with its documents) moved onto the desk under the user's
 * connection for that app. The request only receives the file and checks it whole: a file that is not
 * the app's export is refused (4xx) and leaves nothing behind. Then it is kept and stored in the
 * background (`import-upload` job), its progress on the connection and at `/api/imports/runs/{id}`.
 */
export async function moveInRoutes(app: FastifyInstance, deps: MoveInDeps) {
  const maxBytes = deps.maxBytes ?? MAX_EXPORT_BYTES;
  const maxArchiveBytes = deps.maxArchiveBytes ?? MAX_PAPERLESS_BYTES;
  const tooLarge = (max: number) =>
    new HttpError(413, `The file is larger than an export can be (${Math.round(max / (1024 * 1024))} MB)`);
  await app.register(multipart, {
    limits: { fileSize: Math.max(maxBytes, maxArchiveBytes) + 1, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/:app',
    {
      schema: {
        tags: ['sources'],
        summary:
          'Move in from another app: a browser bookmarks file (HTML), a Linkwarden or a Karakeep export (JSON), a Paperless-ngx `document_exporter` folder zipped (documents with their files); checked whole, then stored in the background (the answer is the import, queued); folders become drawers and binders, importing it again adds nothing',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: z.object({ app: moveInAppSchema }),
        response: { 202: importRunSchema, ...errorResponses(401, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { app: from } = request.params;
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
      const max = from === 'paperless' ? maxArchiveBytes : maxBytes;
      const part = await request.file({ limits: { fileSize: max + 1 } });
      if (!part) throw new HttpError(422, 'The upload holds no file');
      try {
        const { file, size } = await spoolUpload(part.file, from, max);
        const run = await deps.imports.begin({
          ownerId: user.id,
          service: from,
          file,
          fileName: part.filename,
          size,
        });
        return reply.code(202).send(run);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw tooLarge(max);
        if (error instanceof MoveInError) throw new HttpError(422, error.message);
        throw error;
      }
    },
  );
}
