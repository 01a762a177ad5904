import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { restoreResultSchema } from '@easio/shared';
import multipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/authenticate.js';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError } from '../http/http-error.js';
import type { SourcesService } from '../sources/service.js';
import type { ImportedItem } from '../sources/source.js';
import { tempFilePath } from '../storage/temp-files.js';
import { openRestoreArchive } from './restore-archive.js';
import { planRestore } from './restore-plan.js';

/** Items stored per batch, so that the counts move as a large export is restored. */
const BATCH = 500;

export interface RestoreDeps {
  db: Db;
  sources: SourcesService;
  /** The largest export taken (`MAX_ARCHIVE_MB`, as for a Paperless-ngx export). */
  maxBytes: number;
}

/**
 * `POST /api/account/restore`: an Easio export (the ZIP Download my data makes) put back into the
 * signed-in account, on the "Easio export" connection so its counts and failed items show as every
 * import's. The upload goes to a temporary file and is read from there entry by entry; the ZIP and its
 * `easio.json` are checked whole before anything is stored, so a malformed export leaves nothing.
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
          'Restore an Easio export (the ZIP of Download my data) into this account: drawers, binders, every item, tags, dates and files; restoring it again adds nothing',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: restoreResultSchema, ...errorResponses(401, 413, 415, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the export as multipart/form-data');
      const part = await request.file();
      if (!part) throw new HttpError(422, 'The upload holds no file');
      const file = await tempFilePath('restore', '.zip');
      try {
        try {
          await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(
              413,
              `The export is larger than this server takes (${Math.round(maxBytes / 1024 ** 2)} MB)`,
            );
          }
          throw error;
        }
        if (part.file.truncated) {
          throw new HttpError(
            413,
            `The export is larger than this server takes (${Math.round(maxBytes / 1024 ** 2)} MB)`,
          );
        }
        const archive = await openRestoreArchive(file, { maxTotalBytes: maxBytes });
        try {
          const plan = planRestore(archive.manifest, archive.files, archive.open);
          const { importItems } = await deps.sources.intake(user.id, 'easio_export');
          const counts = { imported: 0, skipped: 0, failed: 0 };
          const store = async (items: ImportedItem[], failed?: typeof plan.failed) => {
            const c = await importItems(items, failed);
            counts.imported += c.imported;
            counts.skipped += c.skipped;
            counts.failed += c.failed;
          };
          for (const level of plan.folderLevels) await store(level);
          for (const list of [plan.items, plan.attachments]) {
            for (let i = 0; i < list.length; i += BATCH) await store(list.slice(i, i + BATCH));
          }
          await store([], plan.failed);
          await setBinderStates(deps.db, user.id, plan.binderStates);
          return { ...plan.counts, ...counts };
        } finally {
          archive.close();
        }
      } finally {
        await rm(file, { force: true });
      }
    },
  );
}

/** The binders' states as exported (work in progress, archive, vault), in one statement per state. */
async function setBinderStates(db: Db, ownerId: string, states: Map<string, string>) {
  const byState = new Map<string, string[]>();
  for (const [id, state] of states) byState.set(state, [...(byState.get(state) ?? []), id]);
  for (const [state, ids] of byState) {
    await db
      .update(objects)
      .set({ binderState: state })
      .where(
        and(
          eq(objects.ownerId, ownerId),
          eq(objects.source, 'easio'),
          eq(objects.dataType, 'binder_object'),
          inArray(objects.externalId, ids),
        ),
      );
  }
}
