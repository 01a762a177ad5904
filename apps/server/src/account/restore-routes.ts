import { importRunSchema } from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/authenticate.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError } from '../http/http-error.js';
import type { ImportServiceApi } from '../sources/imports/import-service.js';
import { spoolUpload, UploadTooLargeError } from '../sources/imports/spool-upload.js';

export interface RestoreDeps {
  imports: ImportServiceApi;
  /** The largest export taken (`MAX_ARCHIVE_MB`, as for a Paperless-ngx export). */
  maxBytes: number;
}

/**
 * `POST /api/account/restore`: an Easio export (the ZIP Download my data makes) put back into the
 * signed-in account, on the "Easio export" connection so its counts and failed items show as every
 * import's. The request receives the upload and checks the ZIP and its `easio.json` whole (a malformed
 * export is refused and leaves nothing); the restoring itself is an import in the background
 * (`restore-import.ts`), followed at `/api/imports/runs/{id}`.
 */
export async function restoreRoutes(app: FastifyInstance, deps: RestoreDeps) {
  const { maxBytes } = deps;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/restore',
    {
      schema: {
        tags: ['account'],
        summary:
          'Restore an Easio export (the ZIP of Download my data) into this account: drawers, binders, every item, tags, dates and files; checked whole, then restored in the background (the answer is the import, queued); restoring it again adds nothing',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 202: importRunSchema, ...errorResponses(401, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the export as multipart/form-data');
      const part = await request.file();
      if (!part) throw new HttpError(422, 'The upload holds no file');
      try {
        const { file, size } = await spoolUpload(part.file, 'restore', maxBytes);
        const run = await deps.imports.begin({
          ownerId: user.id,
          service: 'easio_export',
          file,
          fileName: part.filename,
          size,
        });
        return reply.code(202).send(run);
      } catch (error) {
        if (error instanceof UploadTooLargeError) {
          throw new HttpError(
            413,
            `The export is larger than this server takes (${Math.round(maxBytes / 1024 ** 2)} MB)`,
          );
        }
        throw error;
      }
    },
  );
}
